"""MindSpore's float32 CPU softmax cross-entropy kernels, step for step (losses and gradients).

The classification loss of most MindSpore programs, ``nn.SoftmaxCrossEntropyWithLogits``,
runs one of two CPU kernels, and each rounds in its own order:

- the sparse kernel (``sparse=True, reduction="mean"``): probabilities from the Softmax
  kernel (`cpu_softmax.softmax`), then ``total -= log(p[i, label])`` row after row in float32
  (the C library's ``logf``: the float64 log rounded once) and ``total / N``. A probability
  that underflows to 0 gives an infinite loss, as MindSpore prints. Its gradient is
  ``p * float32(1/N)``, less ``float32(1/N)`` at each label;
- the dense kernel (one-hot or soft labels, any other reduction): per row ``b = x - max``,
  ``e = exp(b)`` (float64 exp rounded once), their float32 sum in class order, ``l = logf(sum)``
  and ``-sum(labels * (b - l))`` in class order; its gradient ``e / sum - labels``.

Checked bit for bit against MindSpore 2.10 (tests/ops/test_cpu_softmax_ce.py).
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from . import cpu_matmul, cpu_softmax, cpu_subnormal
from .cpu_reduce import float32_kernel_numerics

__all__ = ["applies", "dense_loss", "sparse_mean_gradient", "sparse_mean_loss"]

_F32 = jnp.float32


def applies(logits) -> bool:
    """Whether `logits` take MindSpore's CPU kernels: float32 (N, C) in a MindSpore program.

    Example:
        >>> applies(jnp.zeros((2, 3), jnp.float32))  # outside a MindSpore program
        False
    """
    return jnp.ndim(logits) == 2 and float32_kernel_numerics(logits)


def _logf(x):
    # (the C library's logf: the float64 log, rounded once; a subnormal input read exactly)
    return jnp.log(cpu_subnormal.to_float64(x)).astype(_F32)


def _ordered_sum(values, axis):
    """The float32 sum of `values` along `axis`, one element after another (a C loop)."""
    moved = jnp.moveaxis(values, axis, 0)
    total, _ = lax.scan(lambda acc, v: (acc + v, None), jnp.zeros(moved.shape[1:], _F32), moved)
    return total


@cpu_matmul.compiled
def _sparse_forward(logits, labels):
    p = cpu_softmax.softmax(logits, -1)
    picked = jnp.take_along_axis(p, labels[:, None].astype(jnp.int32), axis=1)[:, 0]
    total, _ = lax.scan(lambda acc, v: (acc - v, None), _F32(0), _logf(picked))
    return _divide(total, _F32(logits.shape[0])), p


def _divide(a, b):
    # (a true float32 division: XLA would turn one by a constant or a broadcast value into a
    # product with its reciprocal, a step off in some elements)
    a, b = jnp.broadcast_arrays(a, b)
    return jnp.divide(*lax.optimization_barrier((a, b)))


@jax.custom_vjp
def sparse_mean_loss(logits, labels):
    """The mean sparse softmax cross entropy as MindSpore's CPU kernel computes it.

    Args:
        logits (jax.Array): float32 (N, C) scores.
        labels (jax.Array): integer class indices (N,).

    Returns:
        jax.Array, the float32 mean loss (inf where a probability underflows).

    Example:
        >>> x = jnp.array([[0.0, 1.0], [2.0, 0.0]], jnp.float32)
        >>> round(float(sparse_mean_loss(x, jnp.array([1, 0]))), 5)
        0.22009
    """
    return _sparse_forward(logits, labels)[0]


def _sparse_fwd(logits, labels):
    loss, p = _sparse_forward(logits, labels)
    return loss, (p, labels)


@cpu_matmul.compiled
def _sparse_gradient(p, labels, g):
    n = p.shape[0]
    share = np.float32(1.0 / n)  # (the kernel's float of the double 1/N)
    # (float32 products, subnormal ones kept as MindSpore keeps them)
    grad = cpu_subnormal.multiply(p, jnp.asarray(share))
    grad = grad.at[jnp.arange(n), labels.astype(jnp.int32)].add(-share)
    return cpu_subnormal.multiply(grad, g)


def sparse_mean_gradient(logits, labels):
    """The gradient of `sparse_mean_loss` (the kernel's ``is_grad=True`` output).

    Args:
        logits (jax.Array): float32 (N, C) scores.
        labels (jax.Array): integer class indices (N,).

    Returns:
        jax.Array, float32 (N, C): ``(softmax(logits) - one_hot(labels)) / N``, rounded as
        MindSpore's kernel rounds it.

    Example:
        >>> x = jnp.zeros((2, 2), jnp.float32)
        >>> sparse_mean_gradient(x, jnp.array([0, 1])).tolist()
        [[-0.25, 0.25], [0.25, -0.25]]
    """
    # (the probabilities alone: the loss's row-by-row scan is not needed here)
    return _sparse_gradient(cpu_softmax.softmax(logits, -1), labels, _F32(1))


def _sparse_bwd(res, g):
    p, labels = res
    return _sparse_gradient(p, labels, g), None


sparse_mean_loss.defvjp(_sparse_fwd, _sparse_bwd)


@cpu_matmul.compiled
def _dense_forward(logits, labels):
    shifted = logits - jnp.max(logits, axis=1, keepdims=True)
    e = jnp.exp(shifted.astype(jnp.float64)).astype(_F32)
    total = _ordered_sum(e, 1)
    log_total = _logf(total)
    loss = -_ordered_sum(labels * (shifted - log_total[:, None]), 1)
    return loss, _divide(e, total[:, None]) - labels


@jax.custom_vjp
def dense_loss(logits, labels):
    """Per-row softmax cross entropy and its gradient, as MindSpore's dense CPU kernel.

    Args:
        logits (jax.Array): float32 (N, C) scores.
        labels (jax.Array): float32 (N, C) label distributions (one-hot or soft).

    Returns:
        tuple(jax.Array, jax.Array), the (N,) losses and the (N, C) gradient
        ``softmax(logits) - labels`` (the primitive's second output).

    Example:
        >>> x = jnp.array([[0.0, 1.0]], jnp.float32)
        >>> loss, grad = dense_loss(x, jnp.array([[0.0, 1.0]], jnp.float32))
        >>> round(float(loss[0]), 5), [round(v, 5) for v in grad[0].tolist()]
        (0.31326, [0.26894, -0.26894])
    """
    return _dense_forward(logits, labels)


def _dense_fwd(logits, labels):
    out = _dense_forward(logits, labels)
    return out, out[1]


def _dense_bwd(backprop, cotangents):
    g_loss = cotangents[0]
    # (MindSpore's bprop: the kernel's gradient times the loss's cotangent; labels get none)
    return cpu_subnormal.multiply(backprop, g_loss[:, None].astype(_F32)), None


dense_loss.defvjp(_dense_fwd, _dense_bwd)
