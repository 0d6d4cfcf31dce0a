"""Examples for the elementwise functions `msfunc.mint` builds from its table (one input, or
``input`` and ``other``); `_examples` merges them into its table of examples.

Outputs are msfunc's; they were checked against NumPy's when written.
"""

ELEMENTWISE_EXAMPLES = {
    "abs": """\
    >>> import msfunc as ms
    >>> print(ms.mint.abs(ms.Tensor([-1.5, 2.0])).asnumpy().round(4))
    [1.5 2. ]
""",
    "acos": """\
    >>> import msfunc as ms
    >>> print(ms.mint.acos(ms.Tensor([0.0, 0.5])).asnumpy().round(4))
    [1.5708 1.0472]
""",
    "acosh": """\
    >>> import msfunc as ms
    >>> print(ms.mint.acosh(ms.Tensor([1.0, 2.0])).asnumpy().round(4))
    [0.    1.317]
""",
    "arccos": """\
    >>> import msfunc as ms
    >>> print(ms.mint.arccos(ms.Tensor([0.0, 0.5])).asnumpy().round(4))
    [1.5708 1.0472]
""",
    "arccosh": """\
    >>> import msfunc as ms
    >>> print(ms.mint.arccosh(ms.Tensor([1.0, 2.0])).asnumpy().round(4))
    [0.    1.317]
""",
    "arcsin": """\
    >>> import msfunc as ms
    >>> print(ms.mint.arcsin(ms.Tensor([0.0, 0.5])).asnumpy().round(4))
    [0.     0.5236]
""",
    "arcsinh": """\
    >>> import msfunc as ms
    >>> print(ms.mint.arcsinh(ms.Tensor([0.0, 1.0])).asnumpy().round(4))
    [0.     0.8814]
""",
    "arctan": """\
    >>> import msfunc as ms
    >>> print(ms.mint.arctan(ms.Tensor([0.0, 1.0])).asnumpy().round(4))
    [0.     0.7854]
""",
    "arctan2": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([1.0, 1.0]), ms.Tensor([1.0, -1.0])
    >>> print(ms.mint.arctan2(x, y).asnumpy().round(4))
    [0.7854 2.3562]
""",
    "arctanh": """\
    >>> import msfunc as ms
    >>> print(ms.mint.arctanh(ms.Tensor([0.0, 0.5])).asnumpy().round(4))
    [0.     0.5493]
""",
    "asin": """\
    >>> import msfunc as ms
    >>> print(ms.mint.asin(ms.Tensor([0.0, 0.5])).asnumpy().round(4))
    [0.     0.5236]
""",
    "asinh": """\
    >>> import msfunc as ms
    >>> print(ms.mint.asinh(ms.Tensor([0.0, 1.0])).asnumpy().round(4))
    [0.     0.8814]
""",
    "atan": """\
    >>> import msfunc as ms
    >>> print(ms.mint.atan(ms.Tensor([0.0, 1.0])).asnumpy().round(4))
    [0.     0.7854]
""",
    "atan2": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([1.0, 1.0]), ms.Tensor([1.0, -1.0])
    >>> print(ms.mint.atan2(x, y).asnumpy().round(4))
    [0.7854 2.3562]
""",
    "atanh": """\
    >>> import msfunc as ms
    >>> print(ms.mint.atanh(ms.Tensor([0.0, 0.5])).asnumpy().round(4))
    [0.     0.5493]
""",
    "bitwise_and": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([12, 10]), ms.Tensor([10, 6])
    >>> ms.mint.bitwise_and(x, y).tolist()
    [8, 2]
""",
    "bitwise_or": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([12, 10]), ms.Tensor([10, 6])
    >>> ms.mint.bitwise_or(x, y).tolist()
    [14, 14]
""",
    "bitwise_xor": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([12, 10]), ms.Tensor([10, 6])
    >>> ms.mint.bitwise_xor(x, y).tolist()
    [6, 12]
""",
    "ceil": """\
    >>> import msfunc as ms
    >>> print(ms.mint.ceil(ms.Tensor([-1.5, 1.2])).asnumpy().round(4))
    [-1.  2.]
""",
    "cos": """\
    >>> import msfunc as ms
    >>> print(ms.mint.cos(ms.Tensor([0.0, 1.0])).asnumpy().round(4))
    [1.     0.5403]
""",
    "cosh": """\
    >>> import msfunc as ms
    >>> print(ms.mint.cosh(ms.Tensor([0.0, 1.0])).asnumpy().round(4))
    [1.     1.5431]
""",
    "eq": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([1.0, 2.0]), ms.Tensor([1.0, 3.0])
    >>> ms.mint.eq(x, y).tolist()
    [True, False]
""",
    "erf": """\
    >>> import msfunc as ms
    >>> print(ms.mint.erf(ms.Tensor([0.0, 1.0])).asnumpy().round(4))
    [0.     0.8427]
""",
    "erfc": """\
    >>> import msfunc as ms
    >>> print(ms.mint.erfc(ms.Tensor([0.0, 1.0])).asnumpy().round(4))
    [1.     0.1573]
""",
    "erfinv": """\
    >>> import msfunc as ms
    >>> print(ms.mint.erfinv(ms.Tensor([0.0, 0.5])).asnumpy().round(4))
    [0.     0.4769]
""",
    "exp": """\
    >>> import msfunc as ms
    >>> print(ms.mint.exp(ms.Tensor([0.0, 1.0])).asnumpy().round(4))
    [1.     2.7183]
""",
    "exp2": """\
    >>> import msfunc as ms
    >>> print(ms.mint.exp2(ms.Tensor([0.0, 3.0])).asnumpy().round(4))
    [1. 8.]
""",
    "expm1": """\
    >>> import msfunc as ms
    >>> print(ms.mint.expm1(ms.Tensor([0.0, 1.0])).asnumpy().round(4))
    [0.     1.7183]
""",
    "floor": """\
    >>> import msfunc as ms
    >>> print(ms.mint.floor(ms.Tensor([-1.5, 1.2])).asnumpy().round(4))
    [-2.  1.]
""",
    "float_power": """\
    >>> import msfunc as ms
    >>> y = ms.mint.float_power(ms.Tensor([2, 3]), 2)  # in double precision, as torch
    >>> str(y.dtype), y.tolist()
    ('float64', [4.0, 9.0])
""",
    "floor_divide": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([-7.0, 7.0]), ms.Tensor([2.0, 2.0])
    >>> print(ms.mint.floor_divide(x, y).asnumpy().round(4))
    [-4.  3.]
""",
    "fmod": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([-7.0, 7.0]), ms.Tensor([3.0, 3.0])
    >>> print(ms.mint.fmod(x, y).asnumpy().round(4))
    [-1.  1.]
""",
    "frac": """\
    >>> import msfunc as ms
    >>> print(ms.mint.frac(ms.Tensor([1.5, -1.25])).asnumpy().round(4))
    [ 0.5  -0.25]
""",
    "gcd": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([12, 10]), ms.Tensor([8, 15])
    >>> ms.mint.gcd(x, y).tolist()
    [4, 5]
""",
    "ge": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([1.0, 2.0]), ms.Tensor([2.0, 2.0])
    >>> ms.mint.ge(x, y).tolist()
    [False, True]
""",
    "greater": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([1.0, 3.0]), ms.Tensor([2.0, 2.0])
    >>> ms.mint.greater(x, y).tolist()
    [False, True]
""",
    "greater_equal": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([1.0, 2.0]), ms.Tensor([2.0, 2.0])
    >>> ms.mint.greater_equal(x, y).tolist()
    [False, True]
""",
    "gt": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([1.0, 3.0]), ms.Tensor([2.0, 2.0])
    >>> ms.mint.gt(x, y).tolist()
    [False, True]
""",
    "imag": """\
    >>> import msfunc as ms
    >>> print(ms.mint.imag(ms.Tensor([1.0, 2.0])).asnumpy().round(4))
    [0. 0.]
""",
    "isfinite": """\
    >>> import msfunc as ms
    >>> ms.mint.isfinite(ms.Tensor([1.0, float('inf'), float('nan')])).tolist()
    [True, False, False]
""",
    "isinf": """\
    >>> import msfunc as ms
    >>> ms.mint.isinf(ms.Tensor([1.0, float('inf'), float('nan')])).tolist()
    [False, True, False]
""",
    "isnan": """\
    >>> import msfunc as ms
    >>> ms.mint.isnan(ms.Tensor([1.0, float('inf'), float('nan')])).tolist()
    [False, False, True]
""",
    "isneginf": """\
    >>> import msfunc as ms
    >>> ms.mint.isneginf(ms.Tensor([1.0, -float('inf')])).tolist()
    [False, True]
""",
    "le": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([1.0, 2.0]), ms.Tensor([2.0, 1.0])
    >>> ms.mint.le(x, y).tolist()
    [True, False]
""",
    "less": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([1.0, 2.0]), ms.Tensor([2.0, 2.0])
    >>> ms.mint.less(x, y).tolist()
    [True, False]
""",
    "less_equal": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([1.0, 2.0]), ms.Tensor([2.0, 1.0])
    >>> ms.mint.less_equal(x, y).tolist()
    [True, False]
""",
    "log": """\
    >>> import msfunc as ms
    >>> print(ms.mint.log(ms.Tensor([1.0, 2.0])).asnumpy().round(4))
    [0.     0.6931]
""",
    "log10": """\
    >>> import msfunc as ms
    >>> print(ms.mint.log10(ms.Tensor([1.0, 100.0])).asnumpy().round(4))
    [0. 2.]
""",
    "log1p": """\
    >>> import msfunc as ms
    >>> print(ms.mint.log1p(ms.Tensor([0.0, 1.0])).asnumpy().round(4))
    [0.     0.6931]
""",
    "log2": """\
    >>> import msfunc as ms
    >>> print(ms.mint.log2(ms.Tensor([1.0, 8.0])).asnumpy().round(4))
    [0. 3.]
""",
    "logaddexp": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([0.0, 1.0]), ms.Tensor([0.0, 1.0])
    >>> print(ms.mint.logaddexp(x, y).asnumpy().round(4))
    [0.6931 1.6931]
""",
    "logaddexp2": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([0.0, 1.0]), ms.Tensor([0.0, 1.0])
    >>> print(ms.mint.logaddexp2(x, y).asnumpy().round(4))
    [1. 2.]
""",
    "logical_and": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([0.0, 1.0]), ms.Tensor([1.0, 1.0])
    >>> ms.mint.logical_and(x, y).tolist()
    [False, True]
""",
    "logical_not": """\
    >>> import msfunc as ms
    >>> ms.mint.logical_not(ms.Tensor([0.0, 1.0])).tolist()
    [True, False]
""",
    "logical_or": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([0.0, 1.0]), ms.Tensor([0.0, 0.0])
    >>> ms.mint.logical_or(x, y).tolist()
    [False, True]
""",
    "logical_xor": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([0.0, 1.0]), ms.Tensor([1.0, 1.0])
    >>> ms.mint.logical_xor(x, y).tolist()
    [True, False]
""",
    "lt": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([1.0, 2.0]), ms.Tensor([2.0, 2.0])
    >>> ms.mint.lt(x, y).tolist()
    [True, False]
""",
    "maximum": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([1.0, 5.0]), ms.Tensor([3.0, 2.0])
    >>> print(ms.mint.maximum(x, y).asnumpy().round(4))
    [3. 5.]
""",
    "minimum": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([1.0, 5.0]), ms.Tensor([3.0, 2.0])
    >>> print(ms.mint.minimum(x, y).asnumpy().round(4))
    [1. 2.]
""",
    "mul": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([2.0, 3.0]), ms.Tensor([4.0, 5.0])
    >>> print(ms.mint.mul(x, y).asnumpy().round(4))
    [ 8. 15.]
""",
    "ne": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([1.0, 2.0]), ms.Tensor([1.0, 3.0])
    >>> ms.mint.ne(x, y).tolist()
    [False, True]
""",
    "neg": """\
    >>> import msfunc as ms
    >>> print(ms.mint.neg(ms.Tensor([1.0, -2.0])).asnumpy().round(4))
    [-1.  2.]
""",
    "negative": """\
    >>> import msfunc as ms
    >>> print(ms.mint.negative(ms.Tensor([1.0, -2.0])).asnumpy().round(4))
    [-1.  2.]
""",
    "not_equal": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([1.0, 2.0]), ms.Tensor([1.0, 3.0])
    >>> ms.mint.not_equal(x, y).tolist()
    [False, True]
""",
    "real": """\
    >>> import msfunc as ms
    >>> print(ms.mint.real(ms.Tensor([1.0, 2.0])).asnumpy().round(4))
    [1. 2.]
""",
    "reciprocal": """\
    >>> import msfunc as ms
    >>> print(ms.mint.reciprocal(ms.Tensor([2.0, 4.0])).asnumpy().round(4))
    [0.5  0.25]
""",
    "remainder": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([-7.0, 7.0]), ms.Tensor([3.0, 3.0])
    >>> print(ms.mint.remainder(x, y).asnumpy().round(4))
    [2. 1.]
""",
    "rsqrt": """\
    >>> import msfunc as ms
    >>> print(ms.mint.rsqrt(ms.Tensor([4.0, 16.0])).asnumpy().round(4))
    [0.5  0.25]
""",
    "sigmoid": """\
    >>> import msfunc as ms
    >>> print(ms.mint.sigmoid(ms.Tensor([0.0, 2.0])).asnumpy().round(4))
    [0.5    0.8808]
""",
    "sign": """\
    >>> import msfunc as ms
    >>> print(ms.mint.sign(ms.Tensor([-2.0, 0.0, 3.0])).asnumpy().round(4))
    [-1.  0.  1.]
""",
    "sin": """\
    >>> import msfunc as ms
    >>> print(ms.mint.sin(ms.Tensor([0.0, 1.0])).asnumpy().round(4))
    [0.     0.8415]
""",
    "sinc": """\
    >>> import msfunc as ms
    >>> print(ms.mint.sinc(ms.Tensor([0.0, 0.5])).asnumpy().round(4))
    [1.     0.6366]
""",
    "sinh": """\
    >>> import msfunc as ms
    >>> print(ms.mint.sinh(ms.Tensor([0.0, 1.0])).asnumpy().round(4))
    [0.     1.1752]
""",
    "sqrt": """\
    >>> import msfunc as ms
    >>> print(ms.mint.sqrt(ms.Tensor([4.0, 2.0])).asnumpy().round(4))
    [2.     1.4142]
""",
    "square": """\
    >>> import msfunc as ms
    >>> print(ms.mint.square(ms.Tensor([3.0, -2.0])).asnumpy().round(4))
    [9. 4.]
""",
    "tan": """\
    >>> import msfunc as ms
    >>> print(ms.mint.tan(ms.Tensor([0.0, 1.0])).asnumpy().round(4))
    [0.     1.5574]
""",
    "tanh": """\
    >>> import msfunc as ms
    >>> print(ms.mint.tanh(ms.Tensor([0.0, 1.0])).asnumpy().round(4))
    [0.     0.7616]
""",
    "trunc": """\
    >>> import msfunc as ms
    >>> print(ms.mint.trunc(ms.Tensor([-1.5, 1.7])).asnumpy().round(4))
    [-1.  1.]
""",
    "xlogy": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([0.0, 2.0]), ms.Tensor([0.0, 1.0])
    >>> print(ms.mint.xlogy(x, y).asnumpy().round(4))
    [nan  0.]
""",
}
