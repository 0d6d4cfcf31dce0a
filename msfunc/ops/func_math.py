"""Elementwise math, comparison and logical functional ops (MindSpore names on jax.numpy)."""

import jax
import jax.numpy as jnp
import jax.scipy.special as jss
import numpy as np
from jax import lax

from ..common import low_precision
from ..common.args import asarray
from ._forward import forward


def _sign(x):
    # MindSpore's sign of NaN is 0 (jnp.sign gives NaN).
    s = jnp.sign(x)
    return (
        jnp.where(jnp.isnan(x), jnp.zeros_like(s), s)
        if jnp.issubdtype(s.dtype, jnp.floating)
        else s
    )


def _inv(x):
    # MindSpore's Inv keeps an integer dtype: 1 / x truncated towards zero (so 0 except at
    # +-1), and 1 / 0 gives what its CPU kernel gives, the float infinity converted to a
    # 32-bit (64-bit for int64) integer and wrapped to the dtype.
    x = jnp.asarray(x)
    dt = x.dtype
    if dt == jnp.bool_ or jnp.issubdtype(dt, jnp.unsignedinteger) or dt == jnp.int8:
        raise TypeError(
            f"inv: `x` must be a float, complex, int16, int32 or int64 tensor, got {dt}"
        )
    if not jnp.issubdtype(dt, jnp.integer):
        return jnp.reciprocal(x)
    zero_result = np.array(np.iinfo(np.int64 if dt == jnp.int64 else np.int32).min).astype(dt)
    return jnp.where(
        x == 0, jnp.asarray(zero_result, dt), jnp.where(jnp.abs(x) == 1, x, jnp.zeros_like(x))
    )


# name -> function for the plain forwards: same semantics as MindSpore, only
# the argument names differ (MindSpore passes these positionally in practice).
_UNARY = {
    "abs": jnp.abs,
    "absolute": jnp.abs,
    "acos": jnp.arccos,
    "arccos": jnp.arccos,
    "acosh": jnp.arccosh,
    "arccosh": jnp.arccosh,
    "asin": jnp.arcsin,
    "arcsin": jnp.arcsin,
    "asinh": jnp.arcsinh,
    "arcsinh": jnp.arcsinh,
    "atan": jnp.arctan,
    "arctan": jnp.arctan,
    "atanh": jnp.arctanh,
    "arctanh": jnp.arctanh,
    "angle": jnp.angle,
    "ceil": jnp.ceil,
    "conj": jnp.conj,
    "cos": jnp.cos,
    "cosh": jnp.cosh,
    "deg2rad": jnp.deg2rad,
    "digamma": jss.digamma,
    "erf": jss.erf,
    "erfc": jss.erfc,
    "erfinv": jss.erfinv,
    "exp": jnp.exp,
    "tensor_exp": jnp.exp,
    "exp2": jnp.exp2,
    "expm1": jnp.expm1,
    "tensor_expm1": jnp.expm1,
    "floor": jnp.floor,
    "i0": jss.i0,
    "bessel_i0": jss.i0,
    "bessel_i0e": jss.i0e,
    "bessel_i1": jss.i1,
    "bessel_i1e": jss.i1e,
    "imag": jnp.imag,
    "real": jnp.real,
    "isfinite": jnp.isfinite,
    "isinf": jnp.isinf,
    "isnan": jnp.isnan,
    "isnan_ext": jnp.isnan,
    "isneginf": jnp.isneginf,
    "isposinf": jnp.isposinf,
    "isreal": jnp.isreal,
    "lgamma": jss.gammaln,
    "log": jnp.log,
    "log10": jnp.log10,
    "log1p": jnp.log1p,
    "log2": jnp.log2,
    "logical_not": jnp.logical_not,
    "neg": jnp.negative,
    "negative": jnp.negative,
    "positive": jnp.positive,
    "rad2deg": jnp.rad2deg,
    "reciprocal": low_precision.reciprocal,
    "inv": _inv,
    "rsqrt": lax.rsqrt,
    "sign": _sign,
    "signbit": jnp.signbit,
    "sin": jnp.sin,
    "sinc": jnp.sinc,
    "sinh": jnp.sinh,
    "sqrt": low_precision.sqrt,
    "square": jnp.square,
    "tan": jnp.tan,
    "tanh": low_precision.tanh,
    "trunc": jnp.trunc,
    "invert": jnp.invert,
}
_BINARY = {
    "add": jnp.add,
    "tensor_add": jnp.add,
    "mul": jnp.multiply,
    "multiply": jnp.multiply,
    "tensor_mul": jnp.multiply,
    "tensor_muls": jnp.multiply,
    "sub": jnp.subtract,
    "tensor_sub": jnp.subtract,
    "atan2": jnp.arctan2,
    "arctan2": jnp.arctan2,
    "bitwise_and": jnp.bitwise_and,
    "bitwise_or": jnp.bitwise_or,
    "bitwise_xor": jnp.bitwise_xor,
    "bitwise_left_shift": jnp.left_shift,
    "bitwise_right_shift": jnp.right_shift,
    "copysign": jnp.copysign,
    "eq": jnp.equal,
    "equal": jnp.equal,
    "ne": jnp.not_equal,
    "not_equal": jnp.not_equal,
    "ge": jnp.greater_equal,
    "greater_equal": jnp.greater_equal,
    "tensor_ge": jnp.greater_equal,
    "gt": jnp.greater,
    "greater": jnp.greater,
    "tensor_gt": jnp.greater,
    "le": jnp.less_equal,
    "less_equal": jnp.less_equal,
    "tensor_le": jnp.less_equal,
    "lt": jnp.less,
    "less": jnp.less,
    "tensor_lt": jnp.less,
    "floor_div": jnp.floor_divide,
    "floor_divide": jnp.floor_divide,
    "floordiv": jnp.floor_divide,
    "tensor_floordiv": jnp.floor_divide,
    "floor_mod": jnp.remainder,
    "floormod": jnp.remainder,
    "tensor_mod": jnp.remainder,
    "remainder": jnp.remainder,
    "fmod": jnp.fmod,
    "truncate_mod": jnp.fmod,
    "fmax": jnp.fmax,
    "fmin": jnp.fmin,
    "maximum": jnp.maximum,
    "minimum": jnp.minimum,
    "gcd": jnp.gcd,
    "lcm": jnp.lcm,
    "heaviside": jnp.heaviside,
    "hypot": jnp.hypot,
    "logaddexp": jnp.logaddexp,
    "logaddexp2": jnp.logaddexp2,
    "logical_and": jnp.logical_and,
    "logical_or": jnp.logical_or,
    "logical_xor": jnp.logical_xor,
    "nextafter": None,
    "pow": jnp.power,
    "pows": jnp.power,
    "tensor_pow": jnp.power,
    "igamma": jss.gammainc,
    "igammac": jss.gammaincc,
    "zeta": jss.zeta,
    "true_divide": low_precision.divide,
    "tensor_div": low_precision.divide,
    "float_power": lambda a, b: _in_double(jnp.float_power, a, b),  # MindSpore: in double
}


def _in_double(fn, a, b):
    """`fn` of `a` and `b` both cast to double precision first (complex128 for complex)."""
    wide = jnp.promote_types(jnp.result_type(a, b), jnp.float64)
    return fn(jnp.asarray(a).astype(wide), jnp.asarray(b).astype(wide))


# jnp.nextafter has no derivative rule. The step is one ulp, so the value moves with `input`
# (slope 1) and not with `other` (slope 0), MindSpore's gradient too.
@jax.custom_jvp
def _nextafter(x, y):
    return jnp.nextafter(x, y)


_nextafter.defjvps(
    lambda t, ans, x, y: jnp.broadcast_to(t, ans.shape).astype(ans.dtype),
    lambda t, ans, x, y: jnp.zeros(ans.shape, ans.dtype),
)
_BINARY["nextafter"] = _nextafter
for _name in (
    "add",
    "tensor_add",
    "mul",
    "multiply",
    "tensor_mul",
    "tensor_muls",
    "sub",
    "tensor_sub",
):
    _BINARY[_name] = low_precision.broadcasting(_BINARY[_name])

# MindSpore's parameter names where they are not (input,) / (input, other).
_NAMES = {
    "arcsin": ("x",),
    "deg2rad": ("x",),
    "bessel_i0": ("x",),
    "bessel_i0e": ("x",),
    "bessel_i1": ("x",),
    "bessel_i1e": ("x",),
    "isnan_ext": ("tensor",),
    "rad2deg": ("x",),
    "inv": ("x",),
    "sqrt": ("x",),
    "invert": ("x",),
    "copysign": ("x", "other"),
    "floor_div": ("x", "y"),
    "floor_mod": ("x", "y"),
    "floormod": ("x", "y"),
    "tensor_mod": ("x", "y"),
    "truncate_mod": ("x", "y"),
    "tensor_div": ("x", "y"),
    "heaviside": ("input", "values"),
    "pow": ("input", "exponent"),
    "pows": ("input", "exponent"),
    "tensor_pow": ("input", "exponent"),
    "float_power": ("input", "exponent"),
    "true_divide": ("dividend", "divisor"),
}
for _name, _fn in _UNARY.items():
    globals()[_name] = forward(
        _name, _fn, _NAMES.get(_name, ("input",)), "x = jnp.array([0.5, 1.0])"
    )
for _name, _fn in _BINARY.items():
    globals()[_name] = forward(
        _name,
        _fn,
        _NAMES.get(_name, ("input", "other")),
        "x, y = jnp.array([1.0, 2.0]), jnp.array([3.0, 4.0])",
    )


def div(input, other, *, rounding_mode=None):
    """Division with MindSpore's `rounding_mode` (None: true division, 'floor', 'trunc').

    Example:
        >>> div(jnp.array([7, -7]), jnp.array([2, 2]), rounding_mode="floor").tolist()
        [3, -4]
    """
    x, y = input, other
    if rounding_mode is None:
        return low_precision.divide(x, y)
    if rounding_mode == "floor":
        return jnp.floor_divide(x, y)
    if rounding_mode == "trunc":
        return truncate_div(x, y)
    raise ValueError(
        f"div: `rounding_mode` must be None, 'floor' or 'trunc', got {rounding_mode!r}"
    )


def divide(input, other, *, rounding_mode=None):
    """Alias of `div`.

    Example:
        >>> divide(jnp.array([1.0]), jnp.array([4.0])).tolist()
        [0.25]
    """
    return div(input, other, rounding_mode=rounding_mode)


def truncate_div(x, y):
    """Division rounded towards zero (integers stay integers).

    Example:
        >>> truncate_div(jnp.array([-7]), jnp.array([2])).tolist()
        [-3]
    """
    x, y = jnp.asarray(x), jnp.asarray(y)
    if jnp.issubdtype(jnp.result_type(x, y), jnp.integer):
        dt = jnp.result_type(x, y)
        return lax.div(*jnp.broadcast_arrays(x.astype(dt), y.astype(dt)))
    return jnp.trunc(x / y)


def subtract(input, other, *, alpha=1):
    """``input - alpha * other``.

    Example:
        >>> subtract(jnp.array([5.0]), jnp.array([1.0]), alpha=2).tolist()
        [3.0]
    """
    x, y = input, other
    return jnp.subtract(x, y if alpha == 1 else alpha * y)


def addcdiv(input, tensor1, tensor2, value=1):
    """``input + value * tensor1 / tensor2``.

    Example:
        >>> addcdiv(jnp.ones(2), jnp.ones(2), 2 * jnp.ones(2), value=2).tolist()
        [2.0, 2.0]
    """
    return input + value * tensor1 / tensor2


def addcmul(input, tensor1, tensor2, value=1):
    """``input + value * tensor1 * tensor2``.

    Example:
        >>> addcmul(jnp.ones(2), jnp.ones(2), 2 * jnp.ones(2), value=2).tolist()
        [5.0, 5.0]
    """
    return input + value * tensor1 * tensor2


def lerp(input, end, weight):
    """``input + weight * (end - input)``.

    Example:
        >>> lerp(jnp.zeros(2), jnp.ones(2), 0.25).tolist()
        [0.25, 0.25]
    """
    x = input
    return x + weight * (end - x)


def xlogy(input, other):
    """``input * log(other)`` (NaN at ``0 * log(0)``, as MindSpore computes it).

    Example:
        >>> xlogy(jnp.array([2.0]), jnp.array([1.0])).tolist()
        [0.0]
    """
    return input * jnp.log(other)


def eps(x):
    """The machine epsilon of `x`'s float dtype, in `x`'s shape.

    Example:
        >>> float(eps(jnp.ones(1, jnp.float32))[0]) == float(jnp.finfo(jnp.float32).eps)
        True
    """
    x = jnp.asarray(x)
    if not jnp.issubdtype(x.dtype, jnp.floating):
        raise TypeError(f"eps: `x` must be a float tensor, got {x.dtype}")
    return jnp.full_like(x, jnp.finfo(x.dtype).eps)


def xdivy(x, y):
    """``x / y``, and 0 where ``x == 0``.

    Example:
        >>> xdivy(jnp.array([0.0, 2.0]), jnp.array([0.0, 4.0])).tolist()
        [0.0, 0.5]
    """
    safe = jnp.where(x == 0, jnp.ones_like(y), y)
    return jnp.where(x == 0, jnp.zeros_like(x / safe), x / safe)


def approximate_equal(x, y, tolerance=1e-05):
    """``|x - y| < tolerance`` elementwise.

    Example:
        >>> approximate_equal(jnp.array([1.0, 2.0]), jnp.array([1.0, 2.1])).tolist()
        [True, False]
    """
    xa = jnp.asarray(x)
    if xa.ndim >= 8:  # MindSpore's documented limit on the rank of `x`
        raise RuntimeError(f"approximate_equal: `x` may have at most 7 dimensions, got {xa.ndim}")
    return jnp.abs(xa - y) < tolerance


def isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    """``|input - other| <= atol + rtol * |other|`` elementwise.

    Example:
        >>> isclose(jnp.array([1.0]), jnp.array([1.0 + 1e-7])).tolist()
        [True]
    """
    return jnp.isclose(input, other, rtol=rtol, atol=atol, equal_nan=equal_nan)


def logit(input, eps=None):
    """``log(p / (1 - p))``, with `p` clipped to ``[eps, 1 - eps]`` when `eps` is given.

    Example:
        >>> float(logit(jnp.array(0.5)))
        0.0
    """
    p = input
    if eps is not None:
        p = jnp.clip(p, eps, 1.0 - eps)
    return jnp.log(p / (1.0 - p))


def nan_to_num(input, nan=None, posinf=None, neginf=None):
    """Replace NaN by `nan` (0 by default) and infinities by `posinf`/`neginf` (dtype limits).

    Example:
        >>> nan_to_num(jnp.array([jnp.nan])).tolist()
        [0.0]
    """
    return jnp.nan_to_num(input, nan=0.0 if nan is None else nan, posinf=posinf, neginf=neginf)


def round(input, *, decimals=0):
    """Round half to even, to `decimals` decimal places.

    Example:
        >>> round(jnp.array([0.5, 1.5, 2.5])).tolist()
        [0.0, 2.0, 2.0]
    """
    return jnp.round(input, decimals)


def sgn(input):
    """``x / |x|`` for complex input (0 at 0), the sign for real input.

    Example:
        >>> sgn(jnp.array([-2.0, 0.0, 3.0])).tolist()
        [-1.0, 0.0, 1.0]
    """
    x = input
    if jnp.iscomplexobj(x):
        mag = jnp.abs(x)
        return jnp.where(mag == 0, 0, x / jnp.where(mag == 0, 1, mag))
    return jnp.sign(x)


def frac(x):
    """The fractional part ``x - trunc(x)``.

    Example:
        >>> frac(jnp.array([1.5, -1.25])).tolist()
        [0.5, -0.25]
    """
    return x - jnp.trunc(x)


def ldexp(x, other):
    """``x * 2 ** other``.

    Example:
        >>> ldexp(jnp.array([1.0]), jnp.array([3])).tolist()
        [8.0]
    """
    return x * jnp.power(2.0, other).astype(jnp.result_type(x, jnp.float32))


def polar(abs, angle):
    """The complex number ``abs * exp(i * angle)``.

    Example:
        >>> polar(jnp.array([2.0]), jnp.array([0.0])).tolist()
        [(2+0j)]
    """
    r, t = abs, angle
    return lax.complex(r * jnp.cos(t), r * jnp.sin(t))


def polygamma(n, input):
    """The `n`-th derivative of the digamma function.

    Example:
        >>> polygamma(jnp.array(0), jnp.array([1.0])).shape
        (1,)
    """
    x = input
    return jss.polygamma(jnp.asarray(n).astype(jnp.int32), x)


def mvlgamma(input, p):
    """Log of the multivariate gamma function of dimension `p`.

    Example:
        >>> mvlgamma(jnp.array([2.5]), 1).shape
        (1,)
    """
    return jss.multigammaln(input, p)


def population_count(input_x):
    """The number of set bits of each integer, as uint8.

    Example:
        >>> population_count(jnp.array([7], jnp.int16)).tolist()
        [3]
    """
    x = input_x
    if not jnp.issubdtype(x.dtype, jnp.integer):
        raise TypeError(f"population_count: `input_x` must be an integer tensor, got {x.dtype}")
    return lax.population_count(x).astype(jnp.uint8)


def clamp(input, min=None, max=None):
    """Clip `input` to ``[min, max]`` (either bound may be None, not both).

    Example:
        >>> clamp(jnp.array([-1.0, 5.0]), 0.0, 2.0).tolist()
        [0.0, 2.0]
    """
    if min is None and max is None:
        raise ValueError("clamp: at least one of `min` and `max` must be given")
    x = input
    if min is not None:
        x = jnp.maximum(x, jnp.asarray(min).astype(x.dtype))
    if max is not None:
        x = jnp.minimum(x, jnp.asarray(max).astype(x.dtype))
    return x


def clip(input, min=None, max=None):
    """Alias of `clamp`.

    Example:
        >>> clip(jnp.array([3.0]), max=1.0).tolist()
        [1.0]
    """
    return clamp(input, min, max)


def clip_by_value(x, clip_value_min=None, clip_value_max=None):
    """`clamp` with MindSpore's older argument names; maps over (nested) lists and tuples of
    tensors, as MindSpore's does (a gradient tuple with an aux part is nested).

    Example:
        >>> clip_by_value(jnp.array([3.0]), 0.0, 1.0).tolist()
        [1.0]
        >>> [[t.tolist() for t in part] for part in
        ...  clip_by_value(((jnp.array([3.0]),), (jnp.array([-3.0]),)), -1.0, 1.0)]
        [[[1.0]], [[-1.0]]]
    """
    if isinstance(x, (list, tuple)):
        return type(x)(clip_by_value(i, clip_value_min, clip_value_max) for i in x)
    return clamp(x, clip_value_min, clip_value_max)


def clamp_(input, min=None, max=None):
    """`clamp`; msfunc.ops.clamp_ writes the result into a Tensor or Parameter `input`.

    Example:
        >>> clamp_(jnp.array([3.0]), max=1.0).tolist()
        [1.0]
    """
    return clamp(input, min, max)


def tanh_(input):
    """`tanh`; msfunc.ops.tanh_ writes the result into a Tensor or Parameter `input`.

    Example:
        >>> tanh_(jnp.array([0.0])).tolist()
        [0.0]
    """
    return low_precision.tanh(input)


def zero_(input):
    """Zeros like `input`; msfunc.ops.zero_ writes them into a Tensor or Parameter `input`.

    Example:
        >>> zero_(jnp.array([3.0])).tolist()
        [0.0]
    """
    return jnp.zeros_like(input)


# --- Bessel functions that jax.scipy lacks: scipy through a callback, exact derivatives.
def _callback_unary(sp_name, derivative):
    """scipy.special's `sp_name` as a JAX function (scipy.special is imported on first use:
    it costs a fifth of msfunc's import time)."""

    def sp_fn(v):
        import scipy.special

        return getattr(scipy.special, sp_name)(v)

    @jax.custom_jvp
    def fn(x):
        x = jnp.asarray(x)
        if not jnp.issubdtype(x.dtype, jnp.floating):
            x = x.astype(jnp.float32)
        out = jax.ShapeDtypeStruct(x.shape, x.dtype)
        return jax.pure_callback(
            lambda v: np.asarray(sp_fn(v), dtype=v.dtype), out, x, vmap_method="expand_dims"
        )

    @fn.defjvp
    def _jvp(primals, tangents):
        (x,), (t,) = primals, tangents
        y = fn(x)
        return y, derivative(x, y) * t

    return fn


_j0 = _callback_unary("j0", lambda x, y: -_j1(x))
_j1 = _callback_unary("j1", lambda x, y: _j0(x) - y / x)
_y0 = _callback_unary("y0", lambda x, y: -_y1(x))
_y1 = _callback_unary("y1", lambda x, y: _y0(x) - y / x)
_k0 = _callback_unary("k0", lambda x, y: -_k1(x))
_k1 = _callback_unary("k1", lambda x, y: -_k0(x) - y / x)
_k0e = _callback_unary("k0e", lambda x, y: y - _k1e(x))
_k1e = _callback_unary("k1e", lambda x, y: y - _k0e(x) - y / x)

for _name, _fn in [
    ("bessel_j0", _j0),
    ("bessel_j1", _j1),
    ("bessel_y0", _y0),
    ("bessel_y1", _y1),
    ("bessel_k0", _k0),
    ("bessel_k1", _k1),
    ("bessel_k0e", _k0e),
    ("bessel_k1e", _k1e),
]:
    globals()[_name] = forward(_name, _fn, ("x",), "x = jnp.array([0.5, 1.0])")


# MindSpore offers these only as primitive classes (P.Rint, P.Complex, P.DivNoNan, P.MulNoNan,
# P.SquaredDifference): named functions here, outside `__all__` (ops has no such function names).
def rint(x):
    """Round to the nearest integer, halves to even (MindSpore's ``P.Rint``).

    Example:
        >>> rint(jnp.array([0.5, 1.5, -2.7])).tolist()
        [0.0, 2.0, -3.0]
    """
    return jnp.rint(asarray(x))


def make_complex(real, imag):
    """``real + 1j * imag`` from two real tensors (MindSpore's ``P.Complex``).

    Example:
        >>> make_complex(jnp.array([1.0]), jnp.array([2.0])).tolist()
        [(1+2j)]
    """
    return lax.complex(asarray(real), asarray(imag))


def div_no_nan(x, y):
    """``x / y``, and 0 where `y` is 0 (MindSpore's ``P.DivNoNan``).

    Example:
        >>> div_no_nan(jnp.array([1.0, 2.0]), jnp.array([0.0, 4.0])).tolist()
        [0.0, 0.5]
    """
    x, y = asarray(x), asarray(y)
    return jnp.where(y == 0, 0, x / jnp.where(y == 0, 1, y))


def mul_no_nan(x, y):
    """``x * y``, and 0 where `y` is 0 even when `x` is inf or nan (MindSpore's ``P.MulNoNan``).

    Example:
        >>> mul_no_nan(jnp.array([jnp.inf, 2.0]), jnp.array([0.0, 3.0])).tolist()
        [0.0, 6.0]
    """
    x, y = asarray(x), asarray(y)
    return jnp.where(y == 0, 0, x * y)


def squared_difference(x, y):
    """``(x - y) ** 2`` (MindSpore's ``P.SquaredDifference``).

    Example:
        >>> squared_difference(jnp.array([1.0, 5.0]), jnp.array([3.0, 2.0])).tolist()
        [4.0, 9.0]
    """
    return jnp.square(asarray(x) - asarray(y))


__all__ = sorted(
    list(_UNARY)
    + list(_BINARY)
    + [
        "div",
        "divide",
        "xlogy",
        "truncate_div",
        "subtract",
        "addcdiv",
        "addcmul",
        "lerp",
        "eps",
        "xdivy",
        "approximate_equal",
        "isclose",
        "logit",
        "nan_to_num",
        "round",
        "sgn",
        "frac",
        "ldexp",
        "polar",
        "polygamma",
        "mvlgamma",
        "population_count",
        "clamp",
        "clip",
        "clip_by_value",
        "clamp_",
        "tanh_",
        "zero_",
        "bessel_j0",
        "bessel_j1",
        "bessel_y0",
        "bessel_y1",
        "bessel_k0",
        "bessel_k1",
        "bessel_k0e",
        "bessel_k1e",
    ]
)
