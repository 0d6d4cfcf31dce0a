"""Adam's moment and step arithmetic in the order MindSpore's CPU kernels round it."""

import jax.numpy as jnp
import numpy as np
from jax import lax

from ..common.cpu_reduce import float32_kernel_numerics

__all__ = [
    "adam_delta",
    "adam_moments",
    "adam_step",
    "amsgrad_update",
    "fused_multiply_add",
    "kernel_input",
    "offload_adam_moments",
]


def fused_multiply_add(a, b, c):
    """``a * b + c`` grouped as a fused multiply-add of MindSpore's Adam kernels groups it.

    Computed in the input dtype, so the product is rounded before the add where the kernel's
    FMA rounds once: at most an ulp apart. Rounding once everywhere needs a float64 pass in
    every Adam step (slow on GPUs, unavailable on TPUs), so only MindSpore programs on the CPU
    take it (`adam_moments`); elsewhere the grouping, `1 - beta` in the input dtype and the
    rounded beta powers keep msfunc's training close to MindSpore's numbers.

    Example:
        >>> import jax.numpy as jnp
        >>> float(fused_multiply_add(jnp.float32(2.0), jnp.float32(3.0), jnp.float32(1.0)))
        7.0
    """
    return a * b + c


def kernel_input(positive):
    """A positive product rounded to its dtype as a kernel's input is (a beta power).

    XLA's CPU backend contracts a product and a following add into one FMA inside a fusion;
    MindSpore hands the rounded product to its kernel. ``max(x, 0)`` is exact for a positive
    value and stands between the two, so ``1 - beta_power`` subtracts the rounded power.

    Example:
        >>> import jax, jax.numpy as jnp
        >>> one_minus = jax.jit(lambda p: 1 - kernel_input(p * 0.999))
        >>> float(one_minus(jnp.float32(0.999))) == float(1 - jnp.float32(0.999) * 0.999)
        True
    """
    return jnp.maximum(positive, 0)


def adam_moments(grad, m, v, beta1, beta2):
    """The Adam kernel's moments: ``m + (g - m)(1 - b1)`` and ``v + (g^2 - v)(1 - b2)``, each a
    fused multiply-add (``g^2 - v`` one too), with ``1 - b`` rounded in the gradient's dtype.

    Example:
        >>> import jax.numpy as jnp
        >>> m, v = adam_moments(jnp.float32(2.0), jnp.float32(0.0), jnp.float32(0.0), 0.9, 0.999)
        >>> round(float(m), 6), round(float(v), 6)
        (0.2, 0.004)
    """
    dtype = jnp.result_type(grad, m, v)
    one_minus_b1 = 1 - jnp.asarray(beta1, dtype)
    one_minus_b2 = 1 - jnp.asarray(beta2, dtype)
    if float32_kernel_numerics(grad, m, v):
        # in a MindSpore program each fused multiply-add rounds once, whether or not XLA
        # contracts (it does inside a compiled step, not op by op): float64, rounded by hand
        g, m, v, c1, c2 = (_lift(x) for x in (grad, m, v, one_minus_b1, one_minus_b2))
        m_new = _round32(_round32(g - m) * c1 + m)
        v_new = _round32(_round32(g * g - v) * c2 + v)
        return m_new.astype(dtype), v_new.astype(dtype)
    m_new = fused_multiply_add(grad - m, one_minus_b1, m)
    v_new = fused_multiply_add(fused_multiply_add(grad, grad, -v), one_minus_b2, v)
    return m_new, v_new


def offload_adam_moments(grad, m, v, beta1, beta2):
    """The host (offload) Adam kernel's moments: ``fma(m, b1, g (1 - b1))`` and
    ``fma(v, b2, g (g (1 - b2)))``.

    Example:
        >>> import jax.numpy as jnp
        >>> m, v = offload_adam_moments(jnp.float32(2.0), jnp.float32(0.0), jnp.float32(0.0),
        ...                             0.9, 0.999)
        >>> round(float(m), 6), round(float(v), 6)
        (0.2, 0.004)
    """
    dtype = jnp.result_type(grad, m, v)
    b1, b2 = jnp.asarray(beta1, dtype), jnp.asarray(beta2, dtype)
    m_new = fused_multiply_add(m, b1, grad * (1 - b1))
    v_new = fused_multiply_add(v, b2, grad * (grad * (1 - b2)))
    return m_new, v_new


def adam_step(lr_t, m, v, grad, beta1, eps, nesterov=False):
    """The amount Adam subtracts: ``(lr_t * n) / (sqrt(v) + eps)`` where ``n`` is ``m``, or
    with Nesterov ``fma(g, 1 - b1, m * b1)``; `lr_t` is the bias-corrected learning rate.

    Example:
        >>> import jax.numpy as jnp
        >>> float(adam_step(jnp.float32(0.5), jnp.float32(0.2), jnp.float32(0.04), None, 0.9, 0.0))
        0.5
    """
    if nesterov:
        dtype = jnp.result_type(grad, m)
        b1 = jnp.asarray(beta1, dtype)
        m = fused_multiply_add(grad, 1 - b1, m * b1)
    return lr_t * m / (jnp.sqrt(v) + eps)


def _simd_tail(shape):
    """The entries Adam's kernel leaves to its scalar loop: past the last whole block of eight
    (its AVX loop), counted over the flattened Parameter."""
    size = int(np.prod(shape, dtype=np.int64))
    return np.arange(size).reshape(shape) >= size - size % 8


def adam_delta(lr_t, m, v, grad, beta1, eps, nesterov=False):
    """What Adam adds to the parameter: ``-adam_step(...)``; in a MindSpore program on float32
    values, float64 with the kernel's scalar loop on the tail entries, so ``var + delta``
    rounded once is the kernel's new value.

    The kernel's AVX loop over blocks of eight rounds each float32 operation (``m`` or with
    Nesterov ``fma(g, 1 - b1, m b1)``, times `lr_t`, over ``sqrt(v) + eps``); its scalar loop
    over the last ``size % 8`` entries rounds ``lr_t * m`` to float32 and then divides by
    ``sqrt(v) + eps`` and subtracts from the parameter in double (Nesterov's numerator is
    ``fma(m, b1, (1 - b1) g)`` there).

    Example:
        >>> import jax.numpy as jnp
        >>> d = adam_delta(jnp.float32(0.5), jnp.full(3, 0.2, jnp.float32),
        ...                jnp.full(3, 0.04, jnp.float32), None, 0.9, 0.0)
        >>> [round(float(x), 4) for x in d]
        [-0.5, -0.5, -0.5]
    """
    if not float32_kernel_numerics(m, v):
        return -adam_step(lr_t, m, v, grad, beta1, eps, nesterov)
    # float64, rounded by hand: XLA contracts products and adds as it chooses
    m64, v64, lr64, eps64 = _lift(m), _lift(v), _lift(lr_t), _lift(eps)
    vec_m, tail_m = m64, m64
    if nesterov:
        b1, g = _lift(beta1), _lift(grad)
        c1 = _round32(1 - b1)
        # the AVX loop's fma(g, 1 - b1, m b1); the scalar loop's fma(m, b1, (1 - b1) g)
        vec_m = _round32(g * c1 + _round32(m64 * b1))
        tail_m = _round32(m64 * b1 + _round32(c1 * g))
    root = _round32(jnp.sqrt(v64))
    vec = _round32(_round32(lr64 * vec_m) / _round32(root + eps64))
    tail = _round32(lr64 * tail_m) / (jnp.sqrt(v64) + eps64)
    return -jnp.where(_simd_tail(jnp.shape(m)), tail, vec)


def amsgrad_update(grad, m, v, vhat, lr_t, beta1, beta2, eps):
    """One AMSGrad step: ``(delta, m, v, vhat)`` with ``m = b1 m + (1 - b1) g``,
    ``v = b2 v + (1 - b2) g^2``, ``vhat = max(vhat, v)`` and
    ``delta = -lr_t m / (sqrt(vhat) + eps)``.

    MindSpore's CPU kernel (ApplyAdamWithAmsgrad) takes ``m + (g - m)(1 - b1)`` and
    ``v + (g^2 - v)(1 - b2)`` and rounds every float32 operation; in a MindSpore program so does
    this. Elsewhere XLA's formula.

    Example:
        >>> import jax.numpy as jnp
        >>> z = jnp.zeros(1)
        >>> d, m, v, vh = amsgrad_update(jnp.ones(1), z, z, z, 0.5, 0.9, 0.999, 0.0)
        >>> round(float(d[0]), 4), round(float(m[0]), 4)
        (-1.5811, 0.1)
    """
    dtype = jnp.result_type(grad, m, v, vhat)
    if not float32_kernel_numerics(grad, m, v, vhat):
        m = beta1 * m + (1 - beta1) * grad
        v = beta2 * v + (1 - beta2) * grad * grad
        vhat = jnp.maximum(vhat, v)
        return -lr_t * m / (jnp.sqrt(vhat) + eps), m, v, vhat
    g, m, v, vhat, lr_t, eps = (_lift(x) for x in (grad, m, v, vhat, lr_t, eps))
    c1, c2 = (_round32(1 - _lift(b)) for b in (beta1, beta2))
    m = _round32(m + _round32(_round32(g - m) * c1))
    v = _round32(v + _round32(_round32(_round32(g * g) - v) * c2))
    vhat = jnp.maximum(vhat, v)
    step = _round32(_round32(lr_t * m) / _round32(_round32(jnp.sqrt(vhat)) + eps))
    return tuple(x.astype(dtype) for x in (-step, m, v, vhat))


def _lift(x):
    """A float32 value (or Python number, rounded to float32 first) as float64."""
    return jnp.asarray(jnp.asarray(x, jnp.float32), np.float64)


def _round32(x):
    """A float64 value rounded to float32 precision (kept in float64)."""
    return lax.reduce_precision(x, exponent_bits=8, mantissa_bits=23)
