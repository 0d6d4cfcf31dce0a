"""Written docstrings (`_docstrings.Doc`) of mint's elementwise functions built from its table."""

from ._docstrings import doc

_SAME = "Tensor, shaped like `input`."
_FLOAT = "Tensor, shaped like `input`; integer and bool inputs give float32."
_BROADCAST = "Tensor, of the broadcast shape of `input` and `other`."
_BOOL = "Tensor, bool, of the broadcast shape of `input` and `other`."


def _unary(summary, returns=_FLOAT, note="", **args):
    return doc(summary, returns, note, **args)


def _binary(summary, returns=_BROADCAST, note="", **args):
    return doc(summary, returns, note, **args)


_ACOS = _unary("Arc cosine of each element of `input`, in radians.")
_ACOSH = _unary("Inverse hyperbolic cosine of each element of `input`.")
_ASIN = _unary("Arc sine of each element of `input`, in radians.")
_ASINH = _unary("Inverse hyperbolic sine of each element of `input`.")
_ATAN = _unary("Arc tangent of each element of `input`, in radians.")
_ATANH = _unary("Inverse hyperbolic tangent of each element of `input`.")
_ATAN2 = _binary(
    "Arc tangent of ``input / other`` in radians, in the quadrant of the point (other, input).",
    other="Tensor | float: The x coordinate; `input` is the y coordinate.",
)
_NEG = _unary("``-input``, element by element.", _SAME)
_GE = _binary("Whether ``input >= other``, element by element.", _BOOL)
_GT = _binary("Whether ``input > other``, element by element.", _BOOL)
_LE = _binary("Whether ``input <= other``, element by element.", _BOOL)
_LT = _binary("Whether ``input < other``, element by element.", _BOOL)
_NE = _binary("Whether ``input != other``, element by element.", _BOOL)
_DIV = doc(
    "``input / other``, element by element, rounded as `rounding_mode` says.",
    _BROADCAST,
    "Integer inputs divide to float unless a rounding mode is given.",
    other="Tensor | float: The divisor.",
    rounding_mode=(
        "str: ``None`` (true division), ``'floor'`` (round down) or ``'trunc'`` (round toward "
        "zero)."
    ),
)

DOCS = {
    "abs": _unary("Absolute value of each element of `input`.", _SAME),
    "acos": _ACOS,
    "arccos": _ACOS,
    "acosh": _ACOSH,
    "arccosh": _ACOSH,
    "asin": _ASIN,
    "arcsin": _unary(_ASIN.summary, x="Tensor: The input tensor."),
    "asinh": _ASINH,
    "arcsinh": _ASINH,
    "atan": _ATAN,
    "arctan": _ATAN,
    "atanh": _ATANH,
    "arctanh": _ATANH,
    "atan2": _ATAN2,
    "arctan2": _ATAN2,
    "ceil": _unary("Smallest integer not below each element of `input`.", _SAME),
    "cos": _unary("Cosine of each element of `input` (radians)."),
    "cosh": _unary("Hyperbolic cosine of each element of `input`."),
    "erf": _unary("Gauss error function of each element of `input`."),
    "erfc": _unary("Complementary error function ``1 - erf(input)``, element by element."),
    "erfinv": _unary("Inverse error function of each element of `input` (in (-1, 1))."),
    "exp": _unary("``e ** input``, element by element."),
    "exp2": _unary("``2 ** input``, element by element."),
    "expm1": _unary("``exp(input) - 1``, accurate near zero."),
    "floor": _unary("Largest integer not above each element of `input`.", _SAME),
    "frac": _unary("Fractional part ``input - trunc(input)``, with the sign of `input`.", _SAME),
    "imag": _unary("Imaginary part of each element of a complex `input`.", "Tensor, real."),
    "real": _unary("Real part of each element of `input` (a real `input` as is).", "Tensor, real."),
    "inverse": _unary(
        "Inverse of each square matrix in the last two dims of `input`.",
        "Tensor, shaped like `input`.",
    ),
    "isfinite": _unary("Whether each element is finite (neither inf nor NaN).", "Tensor, bool."),
    "isinf": _unary("Whether each element is +inf or -inf.", "Tensor, bool."),
    "isnan": _unary(
        "Whether each element is NaN.", "Tensor, bool.", tensor="Tensor: The input tensor."
    ),
    "isneginf": _unary("Whether each element is -inf.", "Tensor, bool."),
    "log": _unary("Natural logarithm of each element of `input`."),
    "log10": _unary("Base-10 logarithm of each element of `input`."),
    "log1p": _unary("``log(1 + input)``, accurate near zero."),
    "log2": _unary("Base-2 logarithm of each element of `input`."),
    "logical_not": _unary("Logical NOT of each element (non-zero is true).", "Tensor, bool."),
    "neg": _NEG,
    "negative": _NEG,
    "ravel": _unary("`input` flattened to one dimension, in row-major order.", "Tensor, 1-D."),
    "reciprocal": _unary("``1 / input``, element by element."),
    "rsqrt": _unary("``1 / sqrt(input)``, element by element."),
    "sigmoid": _unary("Logistic sigmoid ``1 / (1 + exp(-input))``, element by element."),
    "sign": _unary("-1, 0 or 1 as each element is negative, zero or positive.", _SAME),
    "sin": _unary("Sine of each element of `input` (radians)."),
    "sinc": _unary("Normalised sinc ``sin(pi x) / (pi x)`` (1 at 0), element by element."),
    "sinh": _unary("Hyperbolic sine of each element of `input`."),
    "sqrt": _unary("Square root of each element of `input`."),
    "square": _unary("``input * input``, element by element.", _SAME),
    "t": _unary(
        "Transpose of a matrix (a 0-D or 1-D `input` is returned as is).",
        "Tensor, with the two dims swapped.",
    ),
    "tan": _unary("Tangent of each element of `input` (radians)."),
    "tanh": _unary("Hyperbolic tangent of each element of `input`."),
    "trace": _unary("Sum of the main diagonal of a 2-D `input`.", "Tensor, 0-D."),
    "trunc": _unary("Each element of `input` rounded toward zero.", _SAME),
    "bitwise_and": _binary("Bitwise AND of integer or bool tensors, element by element."),
    "bitwise_or": _binary("Bitwise OR of integer or bool tensors, element by element."),
    "bitwise_xor": _binary("Bitwise XOR of integer or bool tensors, element by element."),
    "bitwise_not": _unary("Bitwise NOT of an integer or bool tensor.", _SAME),
    "eq": _binary("Whether ``input == other``, element by element.", _BOOL),
    "float_power": doc(
        "``input ** exponent`` computed in double precision (float64, or complex128).",
        "Tensor, float64 (complex128 for complex inputs).",
        exponent="Tensor | float: The exponent; it broadcasts against `input`.",
    ),
    "floor_divide": _binary("``floor(input / other)``, element by element."),
    "fmod": _binary("Remainder of ``input / other`` with the sign of `input` (C's fmod)."),
    "remainder": _binary("Remainder of ``input / other`` with the sign of `other` (Python's %)."),
    "gcd": _binary("Greatest common divisor of integer tensors, element by element."),
    "ge": _GE,
    "greater_equal": _GE,
    "gt": _GT,
    "greater": _GT,
    "le": _LE,
    "less_equal": _LE,
    "lt": _LT,
    "less": _LT,
    "ne": _NE,
    "not_equal": _NE,
    "logaddexp": _binary("``log(exp(input) + exp(other))``, computed without overflow."),
    "logaddexp2": _binary("``log2(2 ** input + 2 ** other)``, computed without overflow."),
    "logical_and": _binary("Logical AND, element by element (non-zero is true).", _BOOL),
    "logical_or": _binary("Logical OR, element by element (non-zero is true).", _BOOL),
    "logical_xor": _binary("Logical XOR, element by element (non-zero is true).", _BOOL),
    "maximum": _binary("Larger of `input` and `other`, element by element (NaN propagates)."),
    "minimum": _binary("Smaller of `input` and `other`, element by element (NaN propagates)."),
    "mul": _binary("``input * other``, element by element."),
    "xlogy": _binary("``input * log(other)``, element by element; 0 where `input` is 0."),
    "div": _DIV,
    "divide": _DIV,
    "pow": doc(
        "``input ** exponent``, element by element.",
        "Tensor, of the broadcast shape of `input` and `exponent`.",
        input="Tensor | float: The base.",
        exponent="Tensor | float: The exponent; it broadcasts against `input`.",
    ),
    "polar": doc(
        "The complex numbers ``abs * (cos(angle) + 1j * sin(angle))``.",
        "Tensor, complex64 for float32 inputs.",
        abs="Tensor: The magnitudes.",
        angle="Tensor: The angles, in radians.",
    ),
    "lerp": doc(
        "Linear interpolation ``input + weight * (end - input)``.",
        "Tensor, of the broadcast shape of the three arguments.",
        input="Tensor: The start points.",
        end="Tensor: The end points.",
        weight="Tensor | float: The interpolation weight.",
    ),
    "isclose": doc(
        "Whether ``|input - other| <= atol + rtol * |other|``, element by element.",
        _BOOL,
        other="Tensor: The tensor compared with `input`.",
        rtol="float: The relative tolerance.",
        atol="float: The absolute tolerance.",
        equal_nan="bool: Whether two NaNs count as close.",
    ),
    "round": doc(
        "Each element rounded to `decimals` places, halves to even.",
        _SAME,
        decimals="int: The number of decimal places; negative rounds to tens, hundreds, ...",
    ),
}
