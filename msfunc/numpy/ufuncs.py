"""Element-wise functions with MindSpore's ``(x, dtype=None)`` / ``(x1, x2, dtype=None)`` form."""

import jax
import jax.numpy as jnp

from ..common.args import array_like, cast_result

_EXAMPLE_1 = "[0.5, 1.0]"
_EXAMPLE_INT = "[1, 2]"

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


def _doc(name, what, args):
    return (
        f"{what}, element-wise; `dtype` casts the result.\n\n"
        f"    Example:\n        >>> import msfunc.numpy as mnp\n"
        f"        >>> y = mnp.{name}({args})\n"
    )


def _unary(name, jfn, what, example=_EXAMPLE_1):
    def fn(x, dtype=None):
        return cast_result(jfn(array_like(x)), dtype, name)

    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = _doc(name, what, f"mnp.array({example})")
    return fn


def _binary(name, jfn, what, example=_EXAMPLE_1):
    def fn(x1, x2, dtype=None):
        return cast_result(jfn(array_like(x1), array_like(x2)), dtype, name)

    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = _doc(name, what, f"mnp.array({example}), mnp.array({example})")
    return fn


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


abs = _unary("abs", jnp.abs, "Absolute value")  # noqa: A001
absolute = _unary("absolute", jnp.absolute, "Absolute value")
arccosh = _unary("arccosh", jnp.arccosh, "Inverse hyperbolic cosine", "[1.0, 2.0]")
arcsin = _unary("arcsin", jnp.arcsin, "Inverse sine")
arcsinh = _unary("arcsinh", jnp.arcsinh, "Inverse hyperbolic sine")
arctan = _unary("arctan", jnp.arctan, "Inverse tangent")
arctanh = _unary("arctanh", jnp.arctanh, "Inverse hyperbolic tangent")
bitwise_not = _unary("bitwise_not", jnp.bitwise_not, "Bitwise NOT", _EXAMPLE_INT)
cbrt = _unary("cbrt", jnp.cbrt, "Cube root")
ceil = _unary("ceil", jnp.ceil, "Ceiling")
cos = _unary("cos", jnp.cos, "Cosine")
cosh = _unary("cosh", jnp.cosh, "Hyperbolic cosine")
deg2rad = _unary("deg2rad", jnp.deg2rad, "Degrees to radians")
exp = _unary("exp", jnp.exp, "Exponential")
exp2 = _unary("exp2", jnp.exp2, "Two to the power x")
expm1 = _unary("expm1", jnp.expm1, "exp(x) - 1")
fabs = _unary("fabs", jnp.fabs, "Absolute value as a float")
floor = _unary("floor", jnp.floor, "Floor")
invert = _unary("invert", jnp.invert, "Bitwise NOT", _EXAMPLE_INT)
isfinite = _unary("isfinite", jnp.isfinite, "Test for finite values")
isinf = _unary("isinf", jnp.isinf, "Test for infinities")
isnan = _unary("isnan", jnp.isnan, "Test for NaN")
log = _unary("log", jnp.log, "Natural logarithm")
log10 = _unary("log10", jnp.log10, "Base-10 logarithm")
log1p = _unary("log1p", jnp.log1p, "log(1 + x)")
log2 = _unary("log2", jnp.log2, "Base-2 logarithm")
rad2deg = _unary("rad2deg", jnp.rad2deg, "Radians to degrees")
radians = _unary("radians", jnp.radians, "Degrees to radians")
reciprocal = _unary("reciprocal", jnp.reciprocal, "1 / x")
rint = _unary("rint", jnp.rint, "Round to the nearest integer (halves to even)")
sign = _unary("sign", jnp.sign, "Sign (-1, 0 or 1)")
signbit = _unary("signbit", jnp.signbit, "Test for a set sign bit")
sin = _unary("sin", jnp.sin, "Sine")
sinh = _unary("sinh", jnp.sinh, "Hyperbolic sine")
sqrt = _unary("sqrt", jnp.sqrt, "Square root")
square = _unary("square", jnp.square, "Square")
tan = _unary("tan", jnp.tan, "Tangent")
tanh = _unary("tanh", jnp.tanh, "Hyperbolic tangent")
trunc = _unary("trunc", jnp.trunc, "Truncate towards zero")


def arccos(input, dtype=None):  # noqa: A002  (MindSpore's argument name)
    """Inverse cosine, element-wise; `dtype` casts the result.

    Example:
        >>> import msfunc.numpy as mnp
        >>> y = mnp.arccos(mnp.array([0.5, 1.0]))
    """
    return cast_result(jnp.arccos(array_like(input)), dtype, "arccos")


def logical_not(a, dtype=None):
    """Logical NOT, element-wise; `dtype` casts the result.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.logical_not(mnp.array([True, False])).tolist()
        [False, True]
    """
    return cast_result(jnp.logical_not(array_like(a)), dtype, "logical_not")


def negative(a, dtype=None):
    """-a, element-wise; `dtype` casts the result.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.negative(mnp.array([1.0, -2.0])).tolist()
        [-1.0, 2.0]
    """
    return cast_result(jnp.negative(array_like(a)), dtype, "negative")


def positive(a, dtype=None):
    """+a (a copy), element-wise; `dtype` casts the result.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.positive(mnp.array([1.0, -2.0])).tolist()
        [1.0, -2.0]
    """
    return cast_result(jnp.positive(array_like(a)), dtype, "positive")


add = _binary("add", jnp.add, "x1 + x2")
arctan2 = _binary("arctan2", jnp.arctan2, "Quadrant-aware arctan(x1 / x2)")
bitwise_and = _binary("bitwise_and", jnp.bitwise_and, "Bitwise AND", _EXAMPLE_INT)
bitwise_or = _binary("bitwise_or", jnp.bitwise_or, "Bitwise OR", _EXAMPLE_INT)
bitwise_xor = _binary("bitwise_xor", jnp.bitwise_xor, "Bitwise XOR", _EXAMPLE_INT)
copysign = _binary("copysign", jnp.copysign, "Magnitude of x1 with the sign of x2")
divide = _binary("divide", jnp.divide, "True division x1 / x2")
divmod = _binary("divmod", jnp.divmod, "(floor_divide, mod) pair")  # noqa: A001
equal = _binary("equal", jnp.equal, "x1 == x2")
floor_divide = _binary("floor_divide", jnp.floor_divide, "Floor division x1 // x2")
fmod = _binary("fmod", jnp.fmod, "C-style remainder (sign of x1)")
gcd = _binary("gcd", lambda a, b: _gcd(a, b), "Greatest common divisor", _EXAMPLE_INT)
greater = _binary("greater", jnp.greater, "x1 > x2")
greater_equal = _binary("greater_equal", jnp.greater_equal, "x1 >= x2")
heaviside = _binary("heaviside", jnp.heaviside, "Heaviside step (x2 where x1 == 0)")
hypot = _binary("hypot", jnp.hypot, "sqrt(x1**2 + x2**2)")
lcm = _binary("lcm", lambda a, b: _lcm(a, b), "Least common multiple", _EXAMPLE_INT)
less = _binary("less", jnp.less, "x1 < x2")
less_equal = _binary("less_equal", jnp.less_equal, "x1 <= x2")
logaddexp = _binary("logaddexp", jnp.logaddexp, "log(exp(x1) + exp(x2))")
logaddexp2 = _binary("logaddexp2", jnp.logaddexp2, "log2(2**x1 + 2**x2)")
logical_and = _binary("logical_and", jnp.logical_and, "Logical AND")
logical_or = _binary("logical_or", jnp.logical_or, "Logical OR")
logical_xor = _binary("logical_xor", jnp.logical_xor, "Logical XOR")
maximum = _binary("maximum", jnp.maximum, "Larger of x1 and x2")
minimum = _binary("minimum", jnp.minimum, "Smaller of x1 and x2")
mod = _binary("mod", jnp.mod, "Python-style remainder (sign of x2)")
multiply = _binary("multiply", jnp.multiply, "x1 * x2")
not_equal = _binary("not_equal", jnp.not_equal, "x1 != x2")
power = _binary("power", jnp.power, "x1 ** x2")
remainder = _binary("remainder", jnp.remainder, "Python-style remainder (sign of x2)")
subtract = _binary("subtract", jnp.subtract, "x1 - x2")
true_divide = _binary("true_divide", jnp.true_divide, "True division x1 / x2")


def matmul(x1, x2, dtype=None):
    """Matrix product (batched over leading axes); `dtype` casts the result.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.matmul(mnp.array([[1.0, 2.0]]), mnp.array([[3.0], [4.0]])).tolist()
        [[11.0]]
    """
    return cast_result(jnp.matmul(array_like(x1), array_like(x2)), dtype, "matmul")


def float_power(x1, x2, dtype=None):
    """x1 ** x2 computed in floating point (Python numbers allowed for either).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.float_power(mnp.array([1, 2, 3]), 2).tolist()
        [1.0, 4.0, 9.0]
    """
    x1, x2 = array_like(x1), array_like(x2)
    dt = jnp.result_type(x1, x2, jnp.float32)
    return cast_result(jnp.power(jnp.asarray(x1, dt), jnp.asarray(x2, dt)), dtype, "float_power")


def clip(x, xmin, xmax, dtype=None):
    """Limit values to ``[xmin, xmax]`` (either bound may be None).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.clip(mnp.array([1, 5, 9]), 2, 6).tolist()
        [2, 5, 6]
    """
    if xmin is None and xmax is None:
        raise ValueError("clip: `xmin` and `xmax` cannot both be None")
    return cast_result(jnp.clip(array_like(x), array_like(xmin), array_like(xmax)), dtype, "clip")
