"""Fused optimizer-update primitives (``ApplyRMSProp``, ``AdamWeightDecay``, ``FusedAdaFactor``
...): one step written into the Parameters they are given, as MindSpore's CPU kernels write it."""

import jax.numpy as jnp

from ...common.tensor import unwrap
from ..optimizer_arithmetic import (
    adam_weight_decay_update,
    centered_rmsprop_update,
    rmsprop_update,
)
from ._common import sig, write_back

__all__ = ["TABLE", "RAW"]

# The smallest value the AdaFactor kernel divides by or takes the root of.
_TINY = 1e-30


def _scalar(v):
    """A hyper-parameter given as a Python number or a (one-element) Tensor, as an array."""
    return jnp.asarray(unwrap(v)).reshape(())


def _rms_prop(p, var, mean_square, moment, lr, grad, decay, momentum, epsilon):
    lr, decay, momentum, epsilon = (_scalar(v) for v in (lr, decay, momentum, epsilon))
    mom, ms = rmsprop_update(
        unwrap(mean_square), unwrap(moment), grad, lr, decay, momentum, epsilon
    )
    write_back(mean_square, ms)
    write_back(moment, mom)
    return write_back(var, unwrap(var) - mom)


def _centered_rms_prop(
    p, var, mean_gradient, mean_square, moment, grad, lr, decay, momentum, epsilon
):
    lr, decay, momentum, epsilon = (_scalar(v) for v in (lr, decay, momentum, epsilon))
    mom, mg, ms, valid = centered_rmsprop_update(
        unwrap(mean_gradient),
        unwrap(mean_square),
        unwrap(moment),
        grad,
        lr,
        decay,
        momentum,
        epsilon,
    )
    write_back(mean_gradient, mg)
    write_back(mean_square, ms)
    write_back(moment, mom)
    # where the centred estimate is not above 0 the kernel leaves `var` as it was
    return write_back(var, jnp.where(valid, unwrap(var) - mom, unwrap(var)))


def _adagrad_da(p, var, gradient_accumulator, gradient_squared_accumulator, grad, lr, l1, l2, step):
    lr, l1, l2 = (_scalar(v) for v in (lr, l1, l2))
    step = _scalar(step).astype(lr.dtype)
    acc = unwrap(gradient_accumulator) + grad
    sq = unwrap(gradient_squared_accumulator) + grad * grad
    # With l1 > 0 MindSpore 2.10's CPU kernel takes sign(acc) * |acc - l1 * step| (not a
    # shrink of |acc| that stops at 0): its numbers are kept.
    numerator = jnp.where(l1 > 0, jnp.sign(acc) * jnp.abs(acc - l1 * step), acc)
    new_var = -lr * numerator / (l2 * step * lr + jnp.sqrt(sq))
    write_back(gradient_accumulator, acc)
    write_back(gradient_squared_accumulator, sq)
    return write_back(var, new_var)


def _adam_weight_decay(p, var, m, v, lr, beta1, beta2, epsilon, decay, gradient):
    lr, beta1, beta2, epsilon, decay = (_scalar(x) for x in (lr, beta1, beta2, epsilon, decay))
    w = unwrap(var)
    delta, m1, v1 = adam_weight_decay_update(
        w, unwrap(m), unwrap(v), gradient, lr, beta1, beta2, epsilon, decay
    )
    new = (w + delta).astype(w.dtype)
    return write_back(var, new), write_back(m, m1), write_back(v, v1)


def _rms(x):
    return jnp.sqrt(jnp.mean(jnp.square(x)))


def _ada_factor(
    p,
    epsilon,
    clip_threshold,
    beta1,
    beta2t,
    weight_decay,
    lr,
    grad,
    param,
    exp_avg,
    exp_avg_sq_row,
    exp_avg_sq_col,
    exp_avg_sq,
    global_norm=None,
):
    """One AdaFactor step in float32 (the kernel's working type) on `param`; with a global
    norm above 0 the gradient is divided by it first."""
    eps = jnp.asarray(unwrap(epsilon), jnp.float32).reshape(-1)
    clip, beta1, beta2t, weight_decay, lr = (
        _scalar(v).astype(jnp.float32) for v in (clip_threshold, beta1, beta2t, weight_decay, lr)
    )
    w = unwrap(param)
    g = jnp.asarray(grad, jnp.float32)
    if global_norm is not None:
        norm = _scalar(global_norm).astype(jnp.float32)
        g = g / jnp.where(norm < _TINY, 1.0, norm)
    square = g * g + eps[0]
    if w.ndim >= 2:  # factored second moment: one running mean per row and per column
        row = beta2t * unwrap(exp_avg_sq_row) + (1 - beta2t) * square.mean(-1)
        col = beta2t * unwrap(exp_avg_sq_col) + (1 - beta2t) * square.mean(-2)
        col = jnp.maximum(col, _TINY)
        row_factor = jnp.sqrt(row / jnp.maximum(row.mean(-1, keepdims=True), _TINY))
        norm = row_factor[..., :, None] * jnp.sqrt(col)[..., None, :]
        update = g / jnp.maximum(norm, _TINY)
        write_back(exp_avg_sq_row, row)
        write_back(exp_avg_sq_col, col)
    else:
        sq = jnp.maximum(beta2t * unwrap(exp_avg_sq) + (1 - beta2t) * square, _TINY)
        update = g / jnp.sqrt(sq)
        write_back(exp_avg_sq, sq)
    w32 = jnp.asarray(w, jnp.float32)
    if p.enable_scale_parameter:
        lr = lr * jnp.maximum(eps[1], _rms(w32))
    update = update * (lr / jnp.maximum(_rms(update) / clip, 1.0))
    if p.enable_first_moment:
        update = beta1 * jnp.asarray(unwrap(exp_avg), jnp.float32) + (1 - beta1) * update
        write_back(exp_avg, update)
    new = w32 - update
    if p.enable_weight_decay:
        new = new - w32 * weight_decay * lr
    write_back(param, new.astype(w.dtype))
    # MindSpore's kernel gives a placeholder output of `param`'s shape, all zeros
    return (jnp.zeros(w.shape, w.dtype),)


_ADA_FACTOR_FLAGS = sig(
    enable_scale_parameter=False, enable_first_moment=False, enable_weight_decay=False
)

TABLE = [
    ("ApplyRMSProp", sig(use_locking=False), _rms_prop),
    ("ApplyCenteredRMSProp", sig(use_locking=False), _centered_rms_prop),
    ("ApplyAdagradDA", sig(use_locking=False), _adagrad_da),
    ("AdamWeightDecay", sig(use_locking=False), _adam_weight_decay),
    ("FusedAdaFactor", _ADA_FACTOR_FLAGS, _ada_factor),
    ("FusedAdaFactorWithGlobalNorm", _ADA_FACTOR_FLAGS, _ada_factor),
]

# These write into their Parameter arguments, so primitives.py hands them over unwrapped.
RAW = tuple(name for name, _, _ in TABLE)
