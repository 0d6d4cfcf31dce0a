"""Adam's moment and step arithmetic in the order MindSpore's CPU kernels round it."""

import jax.numpy as jnp
import numpy as np
from jax import lax

from ..common.cpu_reduce import float32_kernel_numerics

__all__ = [
    "adam_moments",
    "adam_step",
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
        return _exact_moments(grad, m, v, one_minus_b1, one_minus_b2)
    m_new = fused_multiply_add(grad - m, one_minus_b1, m)
    v_new = fused_multiply_add(fused_multiply_add(grad, grad, -v), one_minus_b2, v)
    return m_new, v_new


def _round32(x):
    return lax.reduce_precision(x, exponent_bits=8, mantissa_bits=23)


def _exact_moments(grad, m, v, one_minus_b1, one_minus_b2):
    # In MindSpore programs on the CPU the fused multiply-adds round once, as the kernel's do
    # (its float32 Adam matched bit for bit over three steps of 4099 entries this way, and only
    # this way): each product of two float32 values is exact in float64, the sum is rounded to
    # float32 by hand, and XLA has no contraction of its own left to choose.
    f64 = np.dtype(np.float64)
    g, m, v = (jnp.asarray(x, f64) for x in (grad, m, v))
    b1, b2 = jnp.asarray(one_minus_b1, f64), jnp.asarray(one_minus_b2, f64)
    m_new = _round32(_round32(g - m) * b1 + m)
    v_new = _round32(_round32(g * g - v) * b2 + v)
    return m_new.astype(np.float32), v_new.astype(np.float32)


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
