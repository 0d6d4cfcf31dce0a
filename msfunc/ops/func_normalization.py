"""Functional normalisation ops: batch, layer, group and RMS norm, their fused add forms, lrn."""

import jax
import jax.numpy as jnp

from ..common.args import check_int, tensor_arg
from ..common.parameter import Parameter
from ..common.tensor import unwrap

__all__ = [
    "batch_norm",
    "layer_norm",
    "group_norm",
    "rms_norm",
    "add_rms_norm",
    "add_layer_norm",
    "lrn",
]


def _bcast_c(v, ndim):
    return jnp.reshape(v, (1, -1) + (1,) * (ndim - 2))


def batch_norm(
    input_x, running_mean, running_var, weight, bias, training=False, momentum=0.1, eps=1e-05
):
    """Batch normalisation over axis 1 (NC...). In training, running stats held in Parameters
    are updated as ``(1 - momentum) * old + momentum * batch`` (unbiased variance).

    Example:
        >>> x = jnp.array([[1.0, 10.0], [3.0, 30.0]])  # (N=2, C=2)
        >>> mean, var = Parameter(jnp.zeros(2), name='mean'), Parameter(jnp.ones(2), name='var')
        >>> print(batch_norm(x, mean, var, jnp.ones(2), jnp.zeros(2), training=True).round(3))
        [[-1. -1.]
         [ 1.  1.]]
        >>> mean.asnumpy().tolist()  # 0.9 * 0 + 0.1 * batch mean
        [0.2, 2.0]
    """
    x = tensor_arg(input_x, "input_x")
    if x.ndim < 2:
        raise ValueError(f"batch_norm: `input_x` must have at least 2 dims, got {x.ndim}")
    if training:
        axes = tuple(i for i in range(x.ndim) if i != 1)
        mean = jnp.mean(x, axis=axes)
        var = jnp.var(x, axis=axes)
        n = x.size // x.shape[1]
        unbiased = var * n / max(n - 1, 1)
        for box, new in ((running_mean, mean), (running_var, unbiased)):
            if isinstance(box, Parameter):
                old = unwrap(box)
                box.set_data(((1 - momentum) * old + momentum * new).astype(old.dtype))
    else:
        mean, var = tensor_arg(running_mean, "running_mean"), tensor_arg(running_var, "running_var")
    out = (x - _bcast_c(mean, x.ndim)) * jax.lax.rsqrt(_bcast_c(var, x.ndim) + eps)
    # mint.nn.functional.batch_norm leaves out the affine step when weight or bias is None
    if weight is not None:
        out = out * _bcast_c(tensor_arg(weight, "weight"), x.ndim)
    if bias is not None:
        out = out + _bcast_c(tensor_arg(bias, "bias"), x.ndim)
    return out


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05):
    """Normalise over the trailing `normalized_shape` dims.

    Example:
        >>> print(layer_norm(jnp.array([[1.0, 2.0, 3.0]]), (3,)).round(4))
        [[-1.2247  0.      1.2247]]
    """
    x = tensor_arg(input)
    shape = (normalized_shape,) if isinstance(normalized_shape, int) else tuple(normalized_shape)
    if tuple(x.shape[x.ndim - len(shape) :]) != shape:
        raise ValueError(
            f"layer_norm: `normalized_shape` {shape} does not match the trailing "
            f"dims of input shape {x.shape}"
        )
    axes = tuple(range(x.ndim - len(shape), x.ndim))
    mean = jnp.mean(x, axis=axes, keepdims=True)
    var = jnp.var(x, axis=axes, keepdims=True)
    y = (x - mean) * jax.lax.rsqrt(var + eps)
    if weight is not None:
        y = y * tensor_arg(weight, "weight")
    if bias is not None:
        y = y + tensor_arg(bias, "bias")
    return y


def group_norm(input, num_groups, weight=None, bias=None, eps=1e-05):
    """Group normalisation of (N, C, ...) over `num_groups` channel groups.

    Example:
        >>> x = jnp.array([[1.0, 3.0, 10.0, 30.0]])  # (N=1, C=4), two groups of two
        >>> print(group_norm(x, 2).round(4))
        [[-1.  1. -1.  1.]]
    """
    x = tensor_arg(input)
    check_int(num_groups, "num_groups", 1)
    n, c = x.shape[:2]
    if c % num_groups:
        raise ValueError(
            f"group_norm: channels ({c}) must be divisible by `num_groups` ({num_groups})"
        )
    g = x.reshape(n, num_groups, -1)
    mean = jnp.mean(g, axis=-1, keepdims=True)
    var = jnp.var(g, axis=-1, keepdims=True)
    y = ((g - mean) * jax.lax.rsqrt(var + eps)).reshape(x.shape)
    if weight is not None:
        y = y * _bcast_c(tensor_arg(weight, "weight"), x.ndim)
    if bias is not None:
        y = y + _bcast_c(tensor_arg(bias, "bias"), x.ndim)
    return y


def _rms(x, gamma, epsilon):
    axes = tuple(range(x.ndim - gamma.ndim, x.ndim))
    rstd = jax.lax.rsqrt(jnp.mean(jnp.square(x), axis=axes, keepdims=True) + epsilon)
    return x * rstd * gamma, rstd


def rms_norm(x, gamma, epsilon=1e-06):
    """RMS normalisation over gamma's trailing dims; returns ``(y, rstd)``.

    Example:
        >>> y, rstd = rms_norm(jnp.array([[3.0, 4.0]]), jnp.ones(2))
        >>> print(y.round(4), rstd.round(4))
        [[0.8485 1.1314]] [[0.2828]]
    """
    return _rms(tensor_arg(x, "x"), tensor_arg(gamma, "gamma"), epsilon)


def add_rms_norm(x1, x2, gamma, epsilon=1e-06):
    """rms_norm(x1 + x2); returns ``(y, rstd, x1 + x2)``.

    Example:
        >>> x1, x2 = jnp.array([[1.0, 2.0]]), jnp.array([[2.0, 2.0]])
        >>> y, rstd, s = add_rms_norm(x1, x2, jnp.ones(2))
        >>> print(y.round(4), s)
        [[0.8485 1.1314]] [[3. 4.]]
    """
    s = tensor_arg(x1, "x1") + tensor_arg(x2, "x2")
    y, rstd = _rms(s, tensor_arg(gamma, "gamma"), epsilon)
    return y, rstd, s


def add_layer_norm(x1, x2, gamma, beta, epsilon=1e-05, additional_output=False):
    """layer_norm(x1 + x2) over gamma's dims; returns ``(y, mean, rstd, x1 + x2)``.

    Example:
        >>> x1, x2 = jnp.array([[1.0, 2.0]]), jnp.array([[0.0, 2.0]])
        >>> out = add_layer_norm(x1, x2, jnp.ones(2), jnp.zeros(2))  # (y, mean, rstd, x1 + x2)
        >>> print(out[0].round(4), out[1].ravel(), out[3])
        [[-1.  1.]] [2.5] [[1. 4.]]
    """
    s = tensor_arg(x1, "x1") + tensor_arg(x2, "x2")
    g = tensor_arg(gamma, "gamma")
    axes = tuple(range(s.ndim - g.ndim, s.ndim))
    mean = jnp.mean(s, axis=axes, keepdims=True)
    rstd = jax.lax.rsqrt(jnp.var(s, axis=axes, keepdims=True) + epsilon)
    return (s - mean) * rstd * g + tensor_arg(beta, "beta"), mean, rstd, s


def lrn(x, depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, norm_region="ACROSS_CHANNELS"):
    """Local response normalisation across channels of NCHW input:
    ``x / (bias + alpha * sum_{|c'-c| <= r} x_c'^2) ** beta``.

    Example:
        >>> x = jnp.array([[[[1.0]], [[2.0]]]])  # (N=1, C=2, H=1, W=1)
        >>> print(lrn(x, depth_radius=1).ravel().round(4))  # x / sqrt(1 + 1 + 4)
        [0.4082 0.8165]
    """
    if norm_region != "ACROSS_CHANNELS":
        raise ValueError(f"lrn: `norm_region` must be 'ACROSS_CHANNELS', got {norm_region!r}")
    x = tensor_arg(x, "x")
    if x.ndim != 4:
        raise ValueError(f"lrn: `x` must be 4-D (NCHW), got {x.ndim}-D")
    r = check_int(depth_radius, "depth_radius", 0)
    sq = jnp.pad(jnp.square(x), ((0, 0), (r, r), (0, 0), (0, 0)))
    c = x.shape[1]
    window = sum(sq[:, i : i + c] for i in range(2 * r + 1))
    return x / (bias + alpha * window) ** beta
