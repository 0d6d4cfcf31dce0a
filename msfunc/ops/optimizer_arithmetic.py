"""Optimizer update arithmetic rounded as MindSpore's float32 CPU kernels round it."""

import jax.numpy as jnp
import numpy as np
from jax import lax

from ..common.cpu_reduce import float32_kernel_numerics

__all__ = [
    "adagrad_update",
    "adam_weight_decay_update",
    "adamax_update",
    "asgd_eta",
    "asgd_update",
    "centered_rmsprop_update",
    "decayed_gradient",
    "ftrl_update",
    "momentum_update",
    "proximal_adagrad_update",
    "rmsprop_update",
    "sgd_plain_update",
    "sgd_update",
]

_F32, _F64 = np.dtype(np.float32), np.dtype(np.float64)

# MindSpore 2.10's CPU kernels (learnt by comparing their outputs with candidate orders bit for
# bit on random inputs): AdamWeightDecay and ApplyRMSProp are compiled with their products and
# adds contracted into fused multiply-adds, and AdamWeightDecay takes its final step in double;
# ApplyProximalAdagrad's SIMD blocks fuse as well, its scalar tail works partly in double;
# ApplyAdagrad, ApplyAdaMax, ApplyFtrl, ApplyCenteredRMSProp, ApplyMomentum, SGD, ASGD (plain
# float32 operations) and the weight decay added to the gradients round every float32 operation
# (a compiled optimizer step let XLA fuse `p - lr * v` into one multiply-add, off in the last bit
# for a few values a step). XLA decides contraction by itself, so where these numerics apply
# each operation is computed in float64 (the product of two float32 values is exact there) and
# rounded to float32 by hand.


class _Rounding:
    """float32 operations, each rounded as the kernel rounds it (`exact`: computed in float64
    and rounded by hand) or left to XLA."""

    def __init__(self, exact):
        self.exact = exact

    def lift(self, x):
        return jnp.asarray(x, _F64) if self.exact else x

    def round(self, x):
        return lax.reduce_precision(x, exponent_bits=8, mantissa_bits=23) if self.exact else x

    def fma(self, a, b, c):
        # rounded once: in float64 the float32 product is exact
        return self.round(a * b + c)

    def out(self, x):
        return x.astype(_F32) if self.exact else x


def adam_weight_decay_update(w, m, v, grad, lr, beta1, beta2, eps, decay):
    """One AdamWeightDecay step: ``(delta, m, v)`` with ``m += (g - m)(1 - b1)``,
    ``v += (g^2 - v)(1 - b2)`` and ``delta = -lr (m / (sqrt(v) + eps) + decay w)``.

    Where MindSpore's CPU numerics apply, `delta` is float64: ``w + delta`` rounded once is the
    kernel's new value (its step is taken in double).

    Example:
        >>> import jax.numpy as jnp
        >>> d, m, v = adam_weight_decay_update(jnp.ones(1), jnp.zeros(1), jnp.zeros(1),
        ...                                    jnp.ones(1), 0.1, 0.9, 0.999, 1e-6, 0.0)
        >>> round(float(d[0]), 4), round(float(m[0]), 4)
        (-0.3162, 0.1)
    """
    dtype = jnp.result_type(w)
    one_minus_b1 = 1 - jnp.asarray(beta1, dtype)
    one_minus_b2 = 1 - jnp.asarray(beta2, dtype)
    r = _Rounding(float32_kernel_numerics(w, m, v, grad))
    w, m, v, g = (r.lift(x) for x in (w, m, v, grad))
    one_minus_b1, one_minus_b2 = r.lift(one_minus_b1), r.lift(one_minus_b2)
    m1 = r.fma(r.round(g - m), one_minus_b1, m)
    v1 = r.fma(r.fma(g, g, -v), one_minus_b2, v)
    lr, eps = r.lift(jnp.asarray(lr, dtype)), r.lift(jnp.asarray(eps, dtype))
    decayed = r.round(r.lift(jnp.asarray(decay, dtype)) * w)
    # in float64 where exact (the kernel's double step), unrounded
    delta = -lr * (m1 / (jnp.sqrt(v1) + eps) + decayed)
    return delta, r.out(m1), r.out(v1)


def _simd_tail(shape, block=8):
    """The entries a kernel leaves to its scalar loop: past the last whole block of `block`
    (eight for ApplyRMSProp's AVX loop), counted over the flattened Parameter."""
    size = int(np.prod(shape, dtype=np.int64))
    return np.arange(size).reshape(shape) >= size - size % block


def rmsprop_update(mean_square, moment, grad, lr, decay, momentum, eps):
    """One ApplyRMSProp step: ``(moment, mean_square)``; the parameter takes ``-moment``.

    Example:
        >>> import jax.numpy as jnp
        >>> mom, ms = rmsprop_update(jnp.ones(1), jnp.zeros(1), jnp.ones(1), 0.1, 0.9, 0.0, 0.0)
        >>> round(float(mom[0]), 4), float(ms[0])
        (0.1, 1.0)
    """
    dtype = jnp.result_type(grad)
    r = _Rounding(float32_kernel_numerics(mean_square, moment, grad))
    ms0, mom0, g = (r.lift(x) for x in (mean_square, moment, grad))
    one_minus = r.lift(1 - jnp.asarray(decay, dtype))
    lr, decay_m, eps = (r.lift(jnp.asarray(x, dtype)) for x in (lr, momentum, eps))
    ms1 = r.fma(r.fma(g, g, -ms0), one_minus, ms0)
    step = r.round(r.round(g * lr) / r.round(jnp.sqrt(r.round(ms1 + eps))))
    mom1 = r.fma(mom0, decay_m, step)
    if r.exact and jnp.ndim(g):
        # the scalar loop divides by a double square root and adds the moment in double
        tail_step = r.round(g * lr) / jnp.sqrt(r.round(ms1 + eps))
        tail_mom = r.round(r.round(mom0 * decay_m) + tail_step)
        mom1 = jnp.where(_simd_tail(jnp.shape(g)), tail_mom, mom1)
    return r.out(mom1), r.out(ms1)


def centered_rmsprop_update(mean_gradient, mean_square, moment, grad, lr, decay, momentum, eps):
    """One ApplyCenteredRMSProp step: ``(moment, mean_gradient, mean_square, valid)``; where the
    centred estimate ``ms - mg^2 + eps`` is not above 0 (`valid` false) the kernel leaves the
    moment and the parameter as they were.

    Example:
        >>> import jax.numpy as jnp
        >>> mom, mg, ms, ok = centered_rmsprop_update(jnp.zeros(1), jnp.ones(1), jnp.zeros(1),
        ...                                           jnp.ones(1), 0.1, 0.9, 0.0, 0.0)
        >>> round(float(mom[0]), 4), round(float(mg[0]), 4), bool(ok[0])
        (0.1005, 0.1, True)
    """
    dtype = jnp.result_type(grad)
    r = _Rounding(float32_kernel_numerics(mean_gradient, mean_square, moment, grad))
    mg0, ms0, mom0, g = (r.lift(x) for x in (mean_gradient, mean_square, moment, grad))
    one_minus = r.lift(1 - jnp.asarray(decay, dtype))
    lr, decay_m, eps = (r.lift(jnp.asarray(x, dtype)) for x in (lr, momentum, eps))
    ms1 = r.round(ms0 + r.round(r.round(r.round(g * g) - ms0) * one_minus))
    mg1 = r.round(mg0 + r.round(r.round(g - mg0) * one_minus))
    denom = r.round(r.round(ms1 - r.round(mg1 * mg1)) + eps)
    valid = denom > 0
    root = r.round(jnp.sqrt(jnp.where(valid, denom, 1)))
    mom1 = r.round(r.round(mom0 * decay_m) + r.round(r.round(g * lr) / root))
    mom1 = jnp.where(valid, mom1, mom0)
    return r.out(mom1), r.out(mg1), r.out(ms1), valid


def adamax_update(m, v, grad, lr, beta1_power, beta1, beta2, eps):
    """One ApplyAdaMax step: ``(delta, m, v)`` with ``m = b1 m + (1 - b1) g``,
    ``v = max(b2 v, |g|)`` and ``delta = -(lr / (1 - beta1_power)) (m / (v + eps))``;
    `beta1_power` is this step's ``b1^t``.

    MindSpore's CPU kernel rounds every float32 operation, grouped as written here.

    Example:
        >>> import jax.numpy as jnp
        >>> z = jnp.zeros(1)
        >>> d, m, v = adamax_update(z, z, jnp.ones(1), 0.1, 0.9, 0.9, 0.999, 0.0)
        >>> round(float(d[0]), 4), round(float(m[0]), 4), float(v[0])
        (-0.1, 0.1, 1.0)
    """
    dtype = jnp.result_type(grad)
    r = _Rounding(float32_kernel_numerics(m, v, grad))
    m, v, g = r.lift(m), r.lift(v), r.lift(grad)
    b1, b2, lr, eps, b1p = (
        r.lift(jnp.asarray(x, dtype)) for x in (beta1, beta2, lr, eps, beta1_power)
    )
    m1 = r.round(r.round(b1 * m) + r.round(r.round(1 - b1) * g))
    v1 = jnp.maximum(r.round(b2 * v), jnp.abs(g))
    step = r.round(r.round(lr / r.round(1 - b1p)) * r.round(m1 / r.round(v1 + eps)))
    return r.out(-step), r.out(m1), r.out(v1)


def adagrad_update(accum, grad, lr, update_slots=True):
    """One ApplyAdagrad step: ``(delta, accum)`` with ``accum += g^2`` (when `update_slots`) and
    ``delta = -lr * g / sqrt(accum)``.

    MindSpore's CPU kernel rounds each float32 operation, takes ``1 / sqrt(accum + 1e-8)`` and
    multiplies it by ``lr * g``; there the eps is applied too. Elsewhere XLA's formula without it.

    Example:
        >>> import jax.numpy as jnp
        >>> d, a = adagrad_update(jnp.zeros(1), jnp.full(1, 2.0), 0.1)
        >>> round(float(d[0]), 4), float(a[0])
        (-0.1, 4.0)
    """
    dtype = jnp.result_type(grad)
    r = _Rounding(float32_kernel_numerics(accum, grad))
    a, g = r.lift(accum), r.lift(grad)
    lr = r.lift(jnp.asarray(lr, dtype))
    if update_slots:
        a = r.round(a + r.round(g * g))
    if not r.exact:
        return -lr * g / jnp.sqrt(a), a
    root = r.round(jnp.sqrt(r.round(a + r.lift(jnp.asarray(1e-8, dtype)))))
    return r.out(-r.round(r.round(lr * g) * r.round(1 / root))), r.out(a)


def proximal_adagrad_update(var, accum, grad, lr, l1, l2):
    """One ApplyProximalAdagrad step: ``(new_var, accum)`` with ``accum += g^2``,
    ``lr_t = lr / sqrt(accum)``, ``v = var - lr_t g`` and the new value
    ``sign(v) max(|v| - lr_t l1, 0) / (1 + lr_t l2)`` (``v / (1 + lr_t l2)`` when `l1` is 0).

    MindSpore's CPU kernel runs SIMD blocks down to four wide, then a scalar loop over the last
    ``size % 4`` entries; both fuse ``accum + g^2``, ``var - lr_t g`` and ``1 + l2 lr_t``. The
    blocks round each other operation to float32; the scalar loop takes ``lr / sqrt(accum)``
    from a double root and the soft threshold and division in double.

    Example:
        >>> import jax.numpy as jnp
        >>> v, a = proximal_adagrad_update(jnp.ones(1), jnp.zeros(1), jnp.ones(1), 0.1, 0.0, 0.0)
        >>> round(float(v[0]), 4), float(a[0])
        (0.9, 1.0)
    """
    dtype = jnp.result_type(var)
    r = _Rounding(float32_kernel_numerics(var, accum, grad))
    w, a, g = r.lift(var), r.lift(accum), r.lift(grad)
    lr, l1, l2 = (r.lift(jnp.asarray(x, dtype)) for x in (lr, l1, l2))
    a = r.fma(g, g, a)
    if not r.exact:
        lr_t = lr / jnp.sqrt(a)
        prox = w - lr_t * g
        return jnp.sign(prox) / (1 + lr_t * l2) * jnp.maximum(jnp.abs(prox) - lr_t * l1, 0), a
    tail = _simd_tail(jnp.shape(w), 4)
    lr_t = jnp.where(tail, r.round(lr / jnp.sqrt(a)), r.round(lr / r.round(jnp.sqrt(a))))
    prox = r.fma(-g, lr_t, w)
    den = r.fma(l2, lr_t, 1)
    sign = jnp.sign(prox)
    vec = r.round(r.round(sign * jnp.maximum(r.round(jnp.abs(prox) - r.round(lr_t * l1)), 0)) / den)
    scalar = r.round(sign * jnp.maximum(jnp.abs(prox) - lr_t * l1, 0) / den)
    thresholded = jnp.where(tail, scalar, vec)
    return r.out(jnp.where(l1 > 0, thresholded, r.round(prox / den))), r.out(a)


def ftrl_update(var, accum, linear, grad, lr, l1, l2, lr_power):
    """One ApplyFtrl step: ``(new_var, accum, linear)`` with ``accum' = accum + g^2``,
    ``linear += g - (accum'^-p - accum^-p) / lr * var`` (``p`` is `lr_power`) and, where
    ``|linear| > l1``, ``new_var = (s l1 - linear) / (accum'^-p / lr + 2 l2)``, else 0.

    ``s`` is the sign of `linear` as documented; in a MindSpore program, as MindSpore's CPU
    kernel, 1 for every nonzero `linear` (negative ones too), each float32 operation rounded.

    Example:
        >>> import jax.numpy as jnp
        >>> v, a, lin = ftrl_update(jnp.zeros(1), jnp.ones(1), jnp.zeros(1), jnp.ones(1),
        ...                         0.1, 0.0, 0.0, -0.5)
        >>> round(float(v[0]), 4), float(a[0]), float(lin[0])
        (-0.0707, 2.0, 1.0)
    """
    dtype = jnp.result_type(var)
    r = _Rounding(float32_kernel_numerics(var, accum, linear, grad))
    w, a, lin, g = (r.lift(x) for x in (var, accum, linear, grad))
    lr, l1, l2, power = (r.lift(jnp.asarray(x, dtype)) for x in (lr, l1, l2, -lr_power))
    a_new = r.round(a + r.round(g * g))
    pw_old, pw_new = r.round(a**power), r.round(a_new**power)
    lin = r.round(lin + r.round(g - r.round(r.round(r.round(pw_new - pw_old) / lr) * w)))
    quadratic = r.round(r.round(pw_new / lr) + r.round(2 * l2))
    # MindSpore's CPU kernel: +l1 for every nonzero linear term; elsewhere the documented sign
    signed_l1 = jnp.where(lin != 0, l1, -l1) if r.exact else jnp.sign(lin) * l1
    new_var = jnp.where(jnp.abs(lin) > l1, r.round(r.round(signed_l1 - lin) / quadratic), 0)
    return r.out(new_var).astype(dtype), r.out(a_new), r.out(lin)


def asgd_update(param, ax, grad, eta, mu, lambd):
    """One step of MindSpore's ASGD on a Parameter: ``(new_param, ax)`` with
    ``new_param = param (1 - lambd eta) - eta g`` and the average ``ax + (new_param - ax) mu``
    (just ``new_param`` while `mu` is 1).

    MindSpore computes it with separate float32 operations, each rounded; so does this in a
    MindSpore program.

    Example:
        >>> import jax.numpy as jnp
        >>> p, ax = asgd_update(jnp.ones(1), jnp.zeros(1), jnp.ones(1), 0.1, 1.0, 0.0)
        >>> round(float(p[0]), 4), round(float(ax[0]), 4)
        (0.9, 0.9)
    """
    dtype = jnp.result_type(param)
    r = _Rounding(float32_kernel_numerics(param, ax, grad))
    p, a, g = r.lift(param), r.lift(ax), r.lift(grad)
    eta, mu, lambd = (r.lift(jnp.asarray(x, dtype)) for x in (eta, mu, lambd))
    shrink = r.round(1 - r.round(lambd * eta))
    new_p = r.round(r.round(p * shrink) - r.round(eta * g))
    averaged = jnp.where(mu != 1, r.round(a + r.round(r.round(new_p - a) * mu)), new_p)
    return r.out(new_p), r.out(averaged)


def asgd_eta(lr, lambd, alpha, step, exact):
    """ASGD's next step size ``lr / (1 + lambd lr step)^alpha``; `exact`: each float32
    operation rounded and the power correctly rounded, as MindSpore's ops compute it.

    Example:
        >>> import jax.numpy as jnp
        >>> round(float(asgd_eta(jnp.float32(0.1), 1e-4, 0.75, jnp.float32(1.0), False)), 6)
        0.099999
    """
    r = _Rounding(exact)
    dtype = jnp.float32
    lr, lambd, alpha, step = (r.lift(jnp.asarray(x, dtype)) for x in (lr, lambd, alpha, step))
    base = r.round(1 + r.round(r.round(lambd * lr) * step))
    return r.out(r.round(lr / r.round(base**alpha)))


def decayed_gradient(grad, value, decay):
    """``grad + decay * value``, the L2 weight decay MindSpore adds to a gradient, each
    operation rounded in a MindSpore program on the CPU.

    Example:
        >>> import jax.numpy as jnp
        >>> decayed_gradient(jnp.ones(1), jnp.full(1, 2.0), 0.5).tolist()
        [2.0]
    """
    r = _Rounding(float32_kernel_numerics(grad, value))
    g, v = r.lift(grad), r.lift(value)
    return r.out(r.round(g + r.round(r.lift(jnp.asarray(decay, jnp.result_type(grad))) * v)))


def momentum_update(moment, grad, lr, momentum, nesterov=False):
    """One ApplyMomentum step: ``(delta, moment)`` with ``moment = momentum * moment + grad`` and
    ``delta = -lr * moment`` (Nesterov: ``-(lr * grad + lr * momentum * moment)``).

    Where MindSpore's CPU numerics apply, `delta` is float64 holding the rounded float32 step:
    ``p + delta`` rounded once is the kernel's subtraction.

    Example:
        >>> import jax.numpy as jnp
        >>> d, v = momentum_update(jnp.ones(1), jnp.ones(1), 0.5, 0.9)
        >>> round(float(d[0]), 4), round(float(v[0]), 4)
        (-0.95, 1.9)
    """
    dtype = jnp.result_type(grad)
    r = _Rounding(float32_kernel_numerics(moment, grad))
    v, g = r.lift(moment), r.lift(grad)
    lr, m = (r.lift(jnp.asarray(x, dtype)) for x in (lr, momentum))
    v1 = r.round(r.round(v * m) + g)
    if nesterov:
        delta = -r.round(r.round(g * lr) + r.round(r.round(v1 * m) * lr))
    else:
        delta = -r.round(lr * v1)
    return delta, r.out(v1)


def sgd_update(accum, stat, grad, lr, momentum, dampening, nesterov):
    """One step of MindSpore's SGD kernel: ``(delta, accum, stat)``; the first step (`stat`
    above 0) seeds the accumulator with the gradient, later ones take
    ``momentum * accum + (1 - dampening) * grad``; the step is ``-lr * accum`` (Nesterov:
    ``-lr * (grad + momentum * accum)``). `delta` as in `momentum_update`.

    Example:
        >>> import jax.numpy as jnp
        >>> d, a, s = sgd_update(jnp.zeros(1), jnp.ones(1), jnp.ones(1), 0.5, 0.9, 0.0, False)
        >>> float(d[0]), float(a[0]), float(s[0])
        (-0.5, 1.0, 0.0)
    """
    dtype = jnp.result_type(grad)
    r = _Rounding(float32_kernel_numerics(accum, grad))
    a, g = r.lift(accum), r.lift(grad)
    lr, m, keep = (r.lift(jnp.asarray(x, dtype)) for x in (lr, momentum, 1 - dampening))
    a1 = jnp.where(stat > 0, g, r.round(r.round(a * m) + r.round(g * keep)))
    direction = r.round(g + r.round(m * a1)) if nesterov else a1
    return -r.round(lr * direction), r.out(a1), jnp.zeros_like(stat)


def sgd_plain_update(grad, lr):
    """Plain SGD's step ``-lr * grad`` (`delta` as in `momentum_update`).

    Example:
        >>> import jax.numpy as jnp
        >>> float(sgd_plain_update(jnp.ones(1), 0.5)[0])
        -0.5
    """
    r = _Rounding(float32_kernel_numerics(grad))
    return -r.round(r.lift(jnp.asarray(lr, jnp.result_type(grad))) * r.lift(grad))
