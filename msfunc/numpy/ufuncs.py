"""Element-wise functions with MindSpore's ``(x, dtype=None)`` / ``(x1, x2, dtype=None)`` form."""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp

from ..common import cpu_log, kernel_chain, low_precision
from ..common.arg_docs import document_args
from ..common.args import array_like, dtype_arg
from ..common.promotion import float32_scalar

if TYPE_CHECKING:
    from collections.abc import Callable

    from jax import Array
    from jax.typing import ArrayLike, DTypeLike

__all__ = [
    "abs",
    "absolute",
    "add",
    "arccos",
    "arccosh",
    "arcsin",
    "arcsinh",
    "arctan",
    "arctan2",
    "arctanh",
    "bitwise_and",
    "bitwise_not",
    "bitwise_or",
    "bitwise_xor",
    "cbrt",
    "ceil",
    "clip",
    "copysign",
    "cos",
    "cosh",
    "deg2rad",
    "divide",
    "divmod",
    "equal",
    "exp",
    "exp2",
    "expm1",
    "fabs",
    "float_power",
    "floor",
    "floor_divide",
    "fmod",
    "gcd",
    "greater",
    "greater_equal",
    "heaviside",
    "hypot",
    "invert",
    "isfinite",
    "isinf",
    "isnan",
    "lcm",
    "less",
    "less_equal",
    "log",
    "log1p",
    "log2",
    "log10",
    "logaddexp",
    "logaddexp2",
    "logical_and",
    "logical_not",
    "logical_or",
    "logical_xor",
    "matmul",
    "maximum",
    "minimum",
    "mod",
    "multiply",
    "negative",
    "not_equal",
    "positive",
    "power",
    "rad2deg",
    "radians",
    "reciprocal",
    "remainder",
    "rint",
    "sign",
    "signbit",
    "sin",
    "sinh",
    "sqrt",
    "square",
    "subtract",
    "tan",
    "tanh",
    "true_divide",
    "trunc",
]


def _cast(result: Array, dtype: DTypeLike | None, fname: str) -> Array:
    """`result` cast to `dtype` when one is given (the ``dtype=`` argument of every ufunc)."""
    dt = dtype_arg(dtype, fname)
    return result if dt is None else result.astype(dt)


_DTYPE_ARG = "dtype (Union[dtype, str, None]): Dtype the result is cast to. Default: ``None``."
# the Args of the hand-written unary ufuncs whose input MindSpore names `a`
_A_ARGS = ("a (Tensor): Input.", _DTYPE_ARG)


def _doc(summary, args, returns, call, shown):
    """A generated function's docstring: `summary`, its `args` lines, `returns`, and an
    example printing `call`'s result, `shown` (checked against numpy)."""
    arg_lines = "".join(f"        {line}\n" for line in (*args, _DTYPE_ARG))
    return (
        f"{summary}, element-wise.\n\n"
        f"    Args:\n{arg_lines}\n"
        f"    Returns:\n        {returns}\n\n"
        "    Example:\n"
        "        >>> import msfunc.numpy as mnp\n"
        f"        >>> print(mnp.{call})\n"
        f"        {shown}\n"
    )


def _unary(
    name: str,
    jfn: Callable[..., Array],
    summary: str,
    example: str,
    shown: str,
    returns: str = "Tensor, of `x`'s shape.",
) -> Callable[..., Array]:
    """`name`(x, dtype=None): `jfn` on `x`, documented by `summary`, with `example`'s
    input list printing `shown`."""

    def fn(x: ArrayLike, dtype: DTypeLike | None = None) -> Array:
        return _cast(jfn(array_like(x)), dtype, name)

    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = _doc(
        summary,
        ["x (Tensor): Input (a Tensor, numpy array, list or number)."],
        returns,
        f"{name}(mnp.array({example}))",
        shown,
    )
    return fn


def _binary(
    name: str,
    jfn: Callable[..., Array],
    summary: str,
    example: tuple[str, str],
    shown: str,
    returns: str = "Tensor, of the broadcast shape of `x1` and `x2`.",
) -> Callable[..., Array]:
    """`name`(x1, x2, dtype=None): `jfn` on `x1` and `x2` broadcast together, documented by
    `summary`, with `example`'s two input lists printing `shown`."""

    def fn(x1: ArrayLike, x2: ArrayLike, dtype: DTypeLike | None = None) -> Array:
        # (a Python float operand is a float32 scalar, as in mindspore.numpy)
        x1, x2 = array_like(float32_scalar(x1)), array_like(float32_scalar(x2))
        return _cast(jfn(x1, x2), dtype, name)

    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = _doc(
        summary,
        ["x1 (Tensor): First input.", "x2 (Tensor): Second input, broadcast against `x1`."],
        returns,
        f"{name}(mnp.array({example[0]}), mnp.array({example[1]}))",
        shown,
    )
    return fn


_BOOL = "Tensor of bool, of `x`'s shape."
_BOOL2 = "Tensor of bool, of the broadcast shape of `x1` and `x2`."
_INF_NAN = "[1.0, float('inf'), float('nan')]"
_BITS = ("[5, 12]", "[3, 10]")
_TRUTHS = ("[True, True, False]", "[True, False, False]")
_ORDER = ("[1, 2, 3]", "[2, 2, 2]")
_SIGNED = ("[7.0, -7.0]", "[3.0, 3.0]")


def _float_gcd(a, b):
    """Euclid's algorithm on floats (``fmod`` steps), element-wise: ``gcd(4.5, 6.0) == 1.5``."""
    a, b = jnp.broadcast_arrays(jnp.abs(a), jnp.abs(b))

    def step(ab):
        a, b = ab
        nonzero = b != 0
        remainder = jnp.fmod(a, jnp.where(nonzero, b, 1))
        return jnp.where(nonzero, b, a), jnp.where(nonzero, remainder, 0)

    return jax.lax.while_loop(lambda ab: jnp.any(ab[1] != 0), step, (a, b))[0]


def _gcd(a, b):
    # Integers use jnp.gcd; floats (which MindSpore accepts and numpy rejects) use Euclid.
    dt = jnp.result_type(a, b)
    if jnp.issubdtype(dt, jnp.integer) or dt == jnp.bool_:
        return jnp.gcd(a, b)
    return _float_gcd(jnp.asarray(a, dt), jnp.asarray(b, dt))


def _lcm(a, b):
    dt = jnp.result_type(a, b)
    if jnp.issubdtype(dt, jnp.integer) or dt == jnp.bool_:
        return jnp.lcm(a, b)
    a, b = jnp.asarray(a, dt), jnp.asarray(b, dt)
    g = _float_gcd(a, b)
    return jnp.where(g == 0, jnp.zeros_like(g), jnp.abs(a * b) / jnp.where(g == 0, 1, g))


def _kernel(jfn, kernel):
    """`kernel` (the function ``ops`` computes with: MindSpore's CPU kernel in a MindSpore
    program) on floating input, `jfn` on other input: MindSpore's ``mindspore.numpy`` exp, log
    and tanh run the same kernels as ``ops.exp``, ``ops.log`` and ``ops.tanh``."""

    def fn(x):
        return kernel(x) if jnp.issubdtype(x.dtype, jnp.floating) else jfn(x)

    return fn


abs = _unary("abs", jnp.abs, "Absolute value", "[-1.5, 2.0]", "[1.5 2. ]")  # noqa: A001
absolute = _unary("absolute", jnp.absolute, "Absolute value", "[-1, 2]", "[1 2]")
arccosh = _unary(
    "arccosh", jnp.arccosh, "Inverse hyperbolic cosine", "[1.0, 2.0]", "[0.       1.316958]"
)
arcsin = _unary("arcsin", jnp.arcsin, "Inverse sine", "[0.0, 0.5]", "[0.        0.5235988]")
arcsinh = _unary(
    "arcsinh", jnp.arcsinh, "Inverse hyperbolic sine", "[0.0, 2.0]", "[0.        1.4436355]"
)
arctan = _unary(
    "arctan", jnp.arctan, "Inverse tangent", "[0.0, float('inf')]", "[0.        1.5707964]"
)
arctanh = _unary(
    "arctanh", jnp.arctanh, "Inverse hyperbolic tangent", "[0.0, 0.5]", "[0.         0.54930615]"
)
bitwise_not = _unary("bitwise_not", jnp.bitwise_not, "Bitwise NOT of integers", "[1, 2]", "[-2 -3]")
cbrt = _unary("cbrt", jnp.cbrt, "Cube root", "[-8.0, 64.0]", "[-2.  4.]")
ceil = _unary(
    "ceil", jnp.ceil, "Ceiling (smallest integer not below x)", "[-1.5, 1.2]", "[-1.  2.]"
)
cos = _unary("cos", jnp.cos, "Cosine (radians)", "[0.0, 1.0]", "[1.        0.5403023]")
cosh = _unary("cosh", jnp.cosh, "Hyperbolic cosine", "[0.0, 1.5]", "[1.        2.3524096]")
deg2rad = _unary(
    "deg2rad", jnp.deg2rad, "Degrees converted to radians", "[180.0, 90.0]", "[3.1415927 1.5707964]"
)
exp = _unary(
    "exp",
    _kernel(jnp.exp, kernel_chain.exp),
    "Exponential e**x",
    "[0.0, 0.5]",
    "[1.        1.6487212]",
)
exp2 = _unary("exp2", jnp.exp2, "Two to the power x", "[1.0, 3.0]", "[2. 8.]")
expm1 = _unary(
    "expm1", jnp.expm1, "exp(x) - 1, exact for small x", "[0.0, 0.5]", "[0.        0.6487213]"
)
fabs = _unary("fabs", jnp.fabs, "Absolute value as a float", "[-1, 2]", "[1. 2.]")
floor = _unary(
    "floor", jnp.floor, "Floor (largest integer not above x)", "[-1.5, 1.2]", "[-2.  1.]"
)
invert = _unary("invert", jnp.invert, "Bitwise NOT of integers", "[1, 2]", "[-2 -3]")
isfinite = _unary(
    "isfinite", jnp.isfinite, "Test for finite values", _INF_NAN, "[ True False False]", _BOOL
)
isinf = _unary("isinf", jnp.isinf, "Test for infinities", _INF_NAN, "[False  True False]", _BOOL)
isnan = _unary("isnan", jnp.isnan, "Test for NaN", _INF_NAN, "[False False  True]", _BOOL)
log = _unary(
    "log",
    _kernel(jnp.log, cpu_log.mindspore_log),
    "Natural logarithm",
    "[1.0, 10.0]",
    "[0.        2.3025851]",
)
log10 = _unary("log10", jnp.log10, "Base-10 logarithm", "[10.0, 0.1]", "[ 1. -1.]")
log1p = _unary(
    "log1p", jnp.log1p, "log(1 + x), exact for small x", "[0.0, 1.0]", "[0.        0.6931472]"
)
log2 = _unary("log2", jnp.log2, "Base-2 logarithm", "[1.0, 8.0]", "[0. 3.]")
rad2deg = _unary(
    "rad2deg", jnp.rad2deg, "Radians converted to degrees", "[0.0, mnp.pi]", "[  0. 180.]"
)
radians = _unary(
    "radians", jnp.radians, "Degrees converted to radians", "[180.0, 90.0]", "[3.1415927 1.5707964]"
)
reciprocal = _unary("reciprocal", jnp.reciprocal, "1 / x", "[2.0, 4.0]", "[0.5  0.25]")
rint = _unary(
    "rint",
    jnp.rint,
    "Round to the nearest integer (halves to even)",
    "[0.5, 1.5, 2.7]",
    "[0. 2. 3.]",
)
sign = _unary("sign", jnp.sign, "Sign: -1, 0 or 1", "[-2.0, 0.0, 3.0]", "[-1.  0.  1.]")
signbit = _unary(
    "signbit",
    jnp.signbit,
    "Test for a set sign bit",
    "[-2.0, 0.0, 3.0]",
    "[ True False False]",
    _BOOL,
)
sin = _unary("sin", jnp.sin, "Sine (radians)", "[0.0, 0.5]", "[0.         0.47942555]")
sinh = _unary("sinh", jnp.sinh, "Hyperbolic sine", "[0.0, 1.0]", "[0.        1.1752012]")
sqrt = _unary("sqrt", jnp.sqrt, "Non-negative square root", "[4.0, 2.0]", "[2.        1.4142135]")
square = _unary("square", jnp.square, "Square x * x", "[2.0, -3.0]", "[4. 9.]")
tan = _unary("tan", jnp.tan, "Tangent (radians)", "[0.0, 1.0]", "[0.        1.5574077]")
tanh = _unary(
    "tanh",
    _kernel(jnp.tanh, low_precision.tanh),
    "Hyperbolic tangent",
    "[0.0, 1.0]",
    "[0.        0.7615942]",
)
trunc = _unary("trunc", jnp.trunc, "Truncation towards zero", "[-1.7, 1.7]", "[-1.  1.]")


@document_args(
    "input (Tensor): Values in ``[-1, 1]`` (MindSpore names this argument `input`).", _DTYPE_ARG
)
def arccos(input: ArrayLike, dtype: DTypeLike | None = None) -> Array:  # noqa: A002
    """Inverse cosine, element-wise, in radians.

    Args:
        {args}

    Returns:
        Tensor, of `input`'s shape.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.arccos(mnp.array([0.5, 1.0])))
        [1.0471976 0.       ]
    """
    return _cast(jnp.arccos(array_like(input)), dtype, "arccos")


@document_args(*_A_ARGS)
def logical_not(a: ArrayLike, dtype: DTypeLike | None = None) -> Array:
    """Logical NOT, element-wise (non-zero counts as True).

    Args:
        {args}

    Returns:
        Tensor of bool, of `a`'s shape.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.logical_not(mnp.array([True, False])))
        [False  True]
    """
    return _cast(jnp.logical_not(array_like(a)), dtype, "logical_not")


@document_args(*_A_ARGS)
def negative(a: ArrayLike, dtype: DTypeLike | None = None) -> Array:
    """Numerical negative ``-a``, element-wise.

    Args:
        {args}

    Returns:
        Tensor, of `a`'s shape and dtype.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.negative(mnp.array([1.0, -2.0])))
        [-1.  2.]
    """
    return _cast(jnp.negative(array_like(a)), dtype, "negative")


@document_args(*_A_ARGS)
def positive(a: ArrayLike, dtype: DTypeLike | None = None) -> Array:
    """Numerical positive ``+a`` (a copy), element-wise.

    Args:
        {args}

    Returns:
        Tensor, of `a`'s shape and dtype.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.positive(mnp.array([1.0, -2.0])))
        [ 1. -2.]
    """
    return _cast(jnp.positive(array_like(a)), dtype, "positive")


add = _binary("add", jnp.add, "Sum x1 + x2", ("[1.0, 2.0]", "[3.0, 4.0]"), "[4. 6.]")
arctan2 = _binary(
    "arctan2",
    jnp.arctan2,
    "Angle of the point (x2, x1) in radians, quadrant-aware arctan(x1 / x2)",
    ("[0.0, 1.0]", "[1.0, 0.0]"),
    "[0.        1.5707964]",
)
bitwise_and = _binary("bitwise_and", jnp.bitwise_and, "Bitwise AND of integers", _BITS, "[1 8]")
bitwise_or = _binary("bitwise_or", jnp.bitwise_or, "Bitwise OR of integers", _BITS, "[ 7 14]")
bitwise_xor = _binary("bitwise_xor", jnp.bitwise_xor, "Bitwise XOR of integers", _BITS, "[6 6]")
copysign = _binary(
    "copysign",
    jnp.copysign,
    "Magnitude of x1 with the sign of x2",
    ("[1.0, 2.0]", "[-1.0, 1.0]"),
    "[-1.  2.]",
)
divide = _binary(
    "divide", jnp.divide, "True division x1 / x2", ("[1.0, 3.0]", "[2.0, 4.0]"), "[0.5  0.75]"
)
equal = _binary("equal", jnp.equal, "Test x1 == x2", ("[1, 2]", "[1, 3]"), "[ True False]", _BOOL2)
floor_divide = _binary(
    "floor_divide",
    jnp.floor_divide,
    "Floor division x1 // x2 (rounded towards minus infinity)",
    ("[7.0, -7.0]", "[2.0, 2.0]"),
    "[ 3. -4.]",
)
fmod = _binary("fmod", jnp.fmod, "C-style remainder, with the sign of x1", _SIGNED, "[ 1. -1.]")
gcd = _binary(
    "gcd",
    lambda a, b: _gcd(a, b),
    "Greatest common divisor of |x1| and |x2| (floats accepted, as MindSpore)",
    ("[12, 18]", "[8, 24]"),
    "[4 6]",
)
greater = _binary("greater", jnp.greater, "Test x1 > x2", _ORDER, "[False False  True]", _BOOL2)
greater_equal = _binary(
    "greater_equal", jnp.greater_equal, "Test x1 >= x2", _ORDER, "[False  True  True]", _BOOL2
)
heaviside = _binary(
    "heaviside",
    jnp.heaviside,
    "Heaviside step of x1: 0 below zero, 1 above, x2 at zero",
    ("[-1.0, 0.0, 2.0]", "[0.5, 0.5, 0.5]"),
    "[0.  0.5 1. ]",
)
hypot = _binary(
    "hypot", jnp.hypot, "Hypotenuse sqrt(x1**2 + x2**2)", ("[3.0, 6.0]", "[4.0, 8.0]"), "[ 5. 10.]"
)
lcm = _binary(
    "lcm",
    lambda a, b: _lcm(a, b),
    "Least common multiple of |x1| and |x2| (floats accepted, as MindSpore)",
    ("[4, 6]", "[6, 4]"),
    "[12 12]",
)
less = _binary("less", jnp.less, "Test x1 < x2", _ORDER, "[ True False False]", _BOOL2)
less_equal = _binary(
    "less_equal", jnp.less_equal, "Test x1 <= x2", _ORDER, "[ True  True False]", _BOOL2
)
logaddexp = _binary(
    "logaddexp",
    jnp.logaddexp,
    "log(exp(x1) + exp(x2)) without overflow",
    ("[0.0, 1.0]", "[0.0, 1.0]"),
    "[0.6931472 1.6931472]",
)
logaddexp2 = _binary(
    "logaddexp2",
    jnp.logaddexp2,
    "log2(2**x1 + 2**x2) without overflow",
    ("[1.0, 2.0]", "[1.0, 2.0]"),
    "[2. 3.]",
)
logical_and = _binary(
    "logical_and", jnp.logical_and, "Logical AND", _TRUTHS, "[ True False False]", _BOOL2
)
logical_or = _binary(
    "logical_or", jnp.logical_or, "Logical OR", _TRUTHS, "[ True  True False]", _BOOL2
)
logical_xor = _binary(
    "logical_xor", jnp.logical_xor, "Logical XOR", _TRUTHS, "[False  True False]", _BOOL2
)
maximum = _binary(
    "maximum",
    jnp.maximum,
    "Larger of x1 and x2 (NaN wins)",
    ("[1.0, 5.0]", "[3.0, 2.0]"),
    "[3. 5.]",
)
minimum = _binary(
    "minimum",
    jnp.minimum,
    "Smaller of x1 and x2 (NaN wins)",
    ("[1.0, 5.0]", "[3.0, 2.0]"),
    "[1. 2.]",
)
mod = _binary("mod", jnp.mod, "Python-style remainder, with the sign of x2", _SIGNED, "[1. 2.]")
multiply = _binary(
    "multiply", jnp.multiply, "Product x1 * x2", ("[1.0, 2.0]", "[3.0, 4.0]"), "[3. 8.]"
)
not_equal = _binary(
    "not_equal", jnp.not_equal, "Test x1 != x2", ("[1, 2]", "[1, 3]"), "[False  True]", _BOOL2
)
power = _binary("power", jnp.power, "x1 to the power x2", ("[2.0, 3.0]", "[3.0, 2.0]"), "[8. 9.]")
remainder = _binary(
    "remainder", jnp.remainder, "Python-style remainder, with the sign of x2", _SIGNED, "[1. 2.]"
)
subtract = _binary(
    "subtract", jnp.subtract, "Difference x1 - x2", ("[1.0, 2.0]", "[3.0, 4.0]"), "[-2. -2.]"
)
true_divide = _binary(
    "true_divide",
    jnp.true_divide,
    "True division x1 / x2",
    ("[1.0, 3.0]", "[2.0, 4.0]"),
    "[0.5  0.75]",
)


def divmod(x1: ArrayLike, x2: ArrayLike, dtype: DTypeLike | None = None) -> tuple[Array, Array]:  # noqa: A001
    """Floor quotient and Python-style remainder together, element-wise.

    Args:
        x1 (Tensor): Dividend.
        x2 (Tensor): Divisor, broadcast against `x1`.
        dtype (Union[dtype, str, None]): Dtype both results are cast to. Default: ``None``.

    Returns:
        tuple[Tensor, Tensor], ``(x1 // x2, x1 % x2)`` of the broadcast shape.

    Example:
        >>> import msfunc.numpy as mnp
        >>> q, r = mnp.divmod(mnp.array([7.0, -7.0]), mnp.array([2.0, 2.0]))
        >>> print(q, r)
        [ 3. -4.] [1. 1.]
    """
    quotient, rest = jnp.divmod(array_like(x1), array_like(x2))
    return _cast(quotient, dtype, "divmod"), _cast(rest, dtype, "divmod")


def matmul(x1: ArrayLike, x2: ArrayLike, dtype: DTypeLike | None = None) -> Array:
    """Matrix product, batched over leading axes (a 1-D operand acts as a vector).

    Args:
        x1 (Tensor): Left operand, of shape (..., n, k) or (k,).
        x2 (Tensor): Right operand, of shape (..., k, m) or (k,).
        dtype (Union[dtype, str, None]): Dtype the result is cast to. Default: ``None``.

    Returns:
        Tensor, of shape (..., n, m) with the batch axes broadcast.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.matmul(mnp.array([[1.0, 2.0]]), mnp.array([[3.0], [4.0]])))
        [[11.]]
    """
    return _cast(jnp.matmul(array_like(x1), array_like(x2)), dtype, "matmul")


def float_power(x1: ArrayLike, x2: ArrayLike, dtype: DTypeLike | None = None) -> Array:
    """x1 to the power x2 computed in floating point, element-wise.

    Integer inputs are promoted to float32 (float64 when an input is), so negative integer
    powers work. Python numbers are accepted for either argument.

    Args:
        x1 (Tensor): Bases.
        x2 (Tensor): Exponents, broadcast against `x1`.
        dtype (Union[dtype, str, None]): Dtype the result is cast to. Default: ``None``.

    Returns:
        Tensor of floats, of the broadcast shape of `x1` and `x2`.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.float_power(mnp.array([1, 2, 3]), 2))
        [1. 4. 9.]
    """
    x1, x2 = array_like(x1), array_like(x2)
    dt = jnp.result_type(x1, x2, jnp.float32)
    return _cast(jnp.power(jnp.asarray(x1, dt), jnp.asarray(x2, dt)), dtype, "float_power")


def clip(
    x: ArrayLike,
    xmin: ArrayLike | None,
    xmax: ArrayLike | None,
    dtype: DTypeLike | None = None,
) -> Array:
    """Values of `x` limited to ``[xmin, xmax]``, element-wise.

    Args:
        x (Tensor): Input.
        xmin (Union[Tensor, int, float, None]): Lower bound; ``None`` leaves values unbounded
            below. Broadcast against `x`.
        xmax (Union[Tensor, int, float, None]): Upper bound; ``None`` leaves values unbounded
            above. `xmin` and `xmax` cannot both be ``None``.
        dtype (Union[dtype, str, None]): Dtype the result is cast to. Default: ``None``.

    Returns:
        Tensor, of `x`'s shape.

    Raises:
        ValueError: both bounds are ``None``.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.clip(mnp.array([1, 5, 9]), 2, 6))
        [2 5 6]
    """
    if xmin is None and xmax is None:
        raise ValueError("clip: `xmin` and `xmax` cannot both be None")
    xmin, xmax = float32_scalar(xmin), float32_scalar(xmax)  # (float32 scalars, as in MindSpore)
    return _cast(jnp.clip(array_like(x), array_like(xmin), array_like(xmax)), dtype, "clip")
