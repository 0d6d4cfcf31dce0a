"""Gradient primitives written out: those whose inputs are not a forward op's (saved statistics,
argmax indices) or whose MindSpore kernel differs from the vjp of msfunc's forward op.

Example:
    >>> import jax.numpy as jnp
    >>> from msfunc.compat.grad_ops import KLDivLossGrad
    >>> KLDivLossGrad("sum")(jnp.array(2.0), jnp.zeros(2), jnp.array([1.0, -1.0])).tolist()
    [-2.0, 2.0]
"""

import functools

import jax
import jax.numpy as jnp

from ..ops.primitive_tables._common import sig

__all__ = ["TABLE"]

_KL_REDUCTIONS = ("none", "mean", "batchmean", "sum")


def _kl_div_loss_grad(p, dy, x, target):
    # MindSpore's kernel takes -target as the slope everywhere (also where target <= 0,
    # where the forward's loss is held at zero), scaled by the reduction's count
    x, target = jnp.asarray(x), jnp.asarray(target)
    grad = -target * jnp.asarray(dy, x.dtype)
    if p.reduction == "mean":
        grad = grad / max(x.size, 1)
    elif p.reduction == "batchmean":
        grad = grad / (x.shape[0] if x.ndim else 1)
    return jnp.broadcast_to(grad, x.shape).astype(x.dtype)


def _check_kl_reduction(cls):
    """`cls` with its constructor refusing a reduction outside `_KL_REDUCTIONS`."""
    init = cls.__init__

    @functools.wraps(init)
    def __init__(self, *args, **kwargs):
        init(self, *args, **kwargs)
        # a value that is not a string is refused with the same ValueError as MindSpore's
        if not isinstance(self.reduction, str) or self.reduction not in _KL_REDUCTIONS:
            raise ValueError(
                f"KLDivLossGrad: reduction must be one of {_KL_REDUCTIONS}, got {self.reduction!r}"
            )

    cls.__init__ = __init__
    return cls


def _layer_norm_grad(p, x, dy, variance, mean, gamma):
    """dx, dgamma, dbeta of LayerNorm from the saved mean and variance (epsilon 1e-12)."""
    x, dy = jnp.asarray(x), jnp.asarray(dy)
    norm_axis = p.begin_norm_axis % x.ndim
    params_axis = p.begin_params_axis % x.ndim
    norm_axes = tuple(range(norm_axis, x.ndim))
    stat_shape = x.shape[:norm_axis] + (1,) * (x.ndim - norm_axis)
    mean = jnp.reshape(jnp.asarray(mean, x.dtype), stat_shape)
    inv_std = jax.lax.rsqrt(jnp.reshape(jnp.asarray(variance, x.dtype), stat_shape) + 1e-12)
    gamma = jnp.asarray(gamma, x.dtype)
    g = jnp.reshape(gamma, (1,) * params_axis + x.shape[params_axis:])
    x_hat = (x - mean) * inv_std
    dxhat = dy * g
    dx = inv_std * (
        dxhat
        - jnp.mean(dxhat, norm_axes, keepdims=True)
        - x_hat * jnp.mean(dxhat * x_hat, norm_axes, keepdims=True)
    )
    param_axes = tuple(range(params_axis))
    dgamma = jnp.sum(dy * x_hat, param_axes).reshape(gamma.shape)
    dbeta = jnp.sum(dy, param_axes).reshape(gamma.shape)
    return dx, dgamma, dbeta


TABLE = [
    ("KLDivLossGrad", sig(reduction="mean"), _kl_div_loss_grad),
    ("LayerNormGrad", sig(begin_norm_axis=1, begin_params_axis=1), _layer_norm_grad),
]

# constructor checks, applied by grad_ops when it makes the classes
INIT_CHECKS = {"KLDivLossGrad": _check_kl_reduction}
