"""Elementwise math, comparison and logical functional ops (MindSpore names on jax.numpy),
bit counts and the in-place tanh_ and zero_."""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp
import jax.scipy.special as jss
import numpy as np
from jax import lax

from .._jax_private import JVPTracer, LinearizeTracer
from ..common import cpu_log, kernel_chain, low_precision
from ._forward import forward

if TYPE_CHECKING:
    from jax import Array
    from jax.typing import ArrayLike


def _sign(x):
    # MindSpore's sign of NaN is 0 (jnp.sign gives NaN).
    s = jnp.sign(x)
    return (
        jnp.where(jnp.isnan(x), jnp.zeros_like(s), s)
        if jnp.issubdtype(s.dtype, jnp.floating)
        else s
    )


@jax.custom_jvp
def _real_abs(x):
    return jnp.abs(x)


@_real_abs.defjvp
def _real_abs_jvp(primals, tangents):
    # MindSpore's AbsGrad is dy * sign(x): 0 at x == 0, where JAX's rule gives 1
    (x,), (t,) = primals, tangents
    return jnp.abs(x), t * jnp.sign(x)


# jitted: a custom_jvp called eagerly takes JAX's Python path (about 100 us a call), a
# compiled one its C++ dispatch; under a trace the jit inlines and keeps the custom rule
_real_abs_compiled = jax.jit(_real_abs)


def abs_sign_grad(x):
    """|x|, differentiated as MindSpore does for real floats (slope 0 at 0).

    Example:
        >>> print(jax.grad(lambda v: abs_sign_grad(v).sum())(jnp.array([-2.0, 0.0, 3.0])))
        [-1.  0.  1.]
    """
    x = jnp.asarray(x)
    return _real_abs_compiled(x) if jnp.issubdtype(x.dtype, jnp.floating) else jnp.abs(x)


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
    "abs": abs_sign_grad,
    "absolute": abs_sign_grad,
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
    "exp": kernel_chain.exp,
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
    "log": cpu_log.mindspore_log,
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
    "square": kernel_chain.square,
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
    "hypot": lambda a, b: _hypot(a, b),
    "logaddexp": jnp.logaddexp,
    "logaddexp2": jnp.logaddexp2,
    "logical_and": jnp.logical_and,
    "logical_or": jnp.logical_or,
    "logical_xor": jnp.logical_xor,
    "nextafter": None,
    "pow": kernel_chain.power,
    "pows": kernel_chain.power,
    "tensor_pow": kernel_chain.power,
    "igamma": jss.gammainc,
    "igammac": jss.gammaincc,
    "zeta": jss.zeta,
    "true_divide": low_precision.divide,
    "tensor_div": low_precision.divide,
    "float_power": lambda a, b: _in_double(jnp.float_power, a, b),  # MindSpore: in double
}


def _hypot(a, b):
    """hypot over float32/float64 only, as MindSpore's kernel; float32 computed in double and
    rounded once, so it is correctly rounded (XLA's scaled float32 formula gives
    hypot(5, 12) = 12.999999, MindSpore's kernel 13)."""
    dtype = jnp.result_type(a, b)
    if dtype not in (jnp.float32, jnp.float64):
        raise TypeError(f"hypot: `input` and `other` must be float32 or float64, got {dtype}")
    if dtype == jnp.float32 and jax.config.jax_enable_x64:  # pyright: ignore[reportAttributeAccessIssue]
        return jnp.hypot(jnp.asarray(a, jnp.float64), jnp.asarray(b, jnp.float64)).astype(dtype)
    return jnp.hypot(a, b)


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


def _no_gradient(name, fn):
    """`fn`, refusing to be differentiated: MindSpore defines no gradient for Gcd and Lcm,
    and its grad raises RuntimeError where one is on the differentiated path."""

    def op(x, y):
        if any(isinstance(v, (JVPTracer, LinearizeTracer)) for v in (x, y)):
            raise RuntimeError(f"{name}: it has no gradient; differentiate around it")
        return fn(x, y)

    op.__name__ = name
    return op


_BINARY["gcd"] = _no_gradient("gcd", jnp.gcd)
_BINARY["lcm"] = _no_gradient("lcm", jnp.lcm)


def _tensor_first(name, fn):
    """`fn`, refusing a Python number as its first operand: MindSpore's ``less``, ``equal``
    and ``copysign`` take ``(Tensor, Tensor | number)`` only (TypeError), where ``greater``
    and the others accept a number on either side."""

    def op(x, y):
        if isinstance(x, (bool, int, float)):
            raise TypeError(
                f"{name}: `input` must be a Tensor (a number may only be `other`), got "
                f"{type(x).__name__}"
            )
        return fn(x, y)

    return op


for _name in ("eq", "equal", "lt", "less", "tensor_lt", "copysign"):
    _BINARY[_name] = _tensor_first(_name, _BINARY[_name])
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
    _params = _NAMES.get(_name, ("input", "other"))
    globals()[_name] = forward(
        _name,
        _fn,
        _params,
        "x, y = jnp.array([1.0, 2.0]), jnp.array([3.0, 4.0])",
        types=dict.fromkeys(_params, "ArrayLike | float"),  # operands may be Python numbers
        float_operands=True,
    )


def population_count(input_x: ArrayLike) -> Array:
    """The number of set bits of each integer element (of its two's complement form).

    Args:
        input_x (Tensor): An integer tensor.

    Returns:
        Tensor of uint8, of `input_x`'s shape.

    Raises:
        TypeError: If `input_x` is not an integer tensor.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.population_count(ms.Tensor([0, 7, 255, -1], ms.int16)))
        [ 0  3  8 16]
    """
    x = jnp.asarray(input_x)
    if not jnp.issubdtype(x.dtype, jnp.integer):
        raise TypeError(f"population_count: `input_x` must be an integer tensor, got {x.dtype}")
    return lax.population_count(x).astype(jnp.uint8)


def tanh_(input: ArrayLike) -> Array:
    """Hyperbolic tangent in place: ``ops.tanh_`` writes ``tanh(input)`` into a Tensor or
    Parameter `input` and returns it.

    Args:
        input (Tensor): The tensor to transform and overwrite.

    Returns:
        Tensor, `input` itself holding the results.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([0.0, 1.0])
        >>> y = ops.tanh_(x)
        >>> print(x, y is x)
        [0.        0.7615942] True
    """
    return low_precision.tanh(input)


def zero_(input: ArrayLike) -> Array:
    """Fills a tensor with zeros in place: ``ops.zero_`` writes them into a Tensor or
    Parameter `input` and returns it.

    Args:
        input (Tensor): The tensor to overwrite.

    Returns:
        Tensor, `input` itself, now all zeros of its dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([3, -1])
        >>> y = ops.zero_(x)
        >>> print(x, y is x)
        [0 0] True
    """
    return jnp.zeros_like(input)


__all__ = sorted([*_UNARY, *_BINARY, "population_count", "tanh_", "zero_"])
