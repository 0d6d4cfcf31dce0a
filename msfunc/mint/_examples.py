"""Examples for the functions `msfunc.mint` builds from its table (`_adapt.TorchStyle` appends
each to its docstring; those of `msfunc.mint.nn.functional` are in `msfunc.mint.nn._examples`);
tests/project/test_ops_docstrings.py runs them.

Outputs are msfunc's; the elementwise ones were checked against NumPy's when written.
"""

EXAMPLES = {
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
    "addbmm": """\
    >>> import msfunc as ms
    >>> b1, b2 = ms.ops.ones((2, 1, 2)), ms.ops.ones((2, 2, 1))
    >>> ms.mint.addbmm(ms.Tensor([[1.0]]), b1, b2).tolist()  # 1 + 2 + 2
    [[5.0]]
""",
    "addcdiv": """\
    >>> import msfunc as ms
    >>> ms.mint.addcdiv(ms.Tensor([1.0]), ms.Tensor([2.0]), ms.Tensor([4.0]), value=2).tolist()
    [2.0]
""",
    "addcmul": """\
    >>> import msfunc as ms
    >>> ms.mint.addcmul(ms.Tensor([1.0]), ms.Tensor([2.0]), ms.Tensor([4.0]), value=2).tolist()
    [17.0]
""",
    "addmm": """\
    >>> import msfunc as ms
    >>> m1, m2 = ms.Tensor([[1.0, 2.0]]), ms.Tensor([[3.0], [4.0]])
    >>> ms.mint.addmm(ms.Tensor([[1.0]]), m1, m2).tolist()  # 1 + 1 * 3 + 2 * 4
    [[12.0]]
""",
    "addmv": """\
    >>> import msfunc as ms
    >>> ms.mint.addmv(ms.Tensor([1.0]), ms.Tensor([[1.0, 2.0]]), ms.Tensor([3.0, 4.0])).tolist()
    [12.0]
""",
    "addr_": """\
    >>> import msfunc as ms
    >>> ms.mint.addr_(ms.mint.zeros((2, 2)), ms.Tensor([1.0, 2.0]), ms.Tensor([3.0, 4.0])).tolist()
    [[3.0, 4.0], [6.0, 8.0]]
""",
    "all": """\
    >>> import msfunc as ms
    >>> ms.mint.all(ms.Tensor([[True, False], [True, True]]), dim=1).tolist()
    [False, True]
""",
    "amax": """\
    >>> import msfunc as ms
    >>> ms.mint.amax(ms.Tensor([[1.0, 5.0], [3.0, 2.0]]), dim=0).tolist()
    [3.0, 5.0]
""",
    "amin": """\
    >>> import msfunc as ms
    >>> ms.mint.amin(ms.Tensor([[1.0, 5.0], [3.0, 2.0]]), dim=0).tolist()
    [1.0, 2.0]
""",
    "any": """\
    >>> import msfunc as ms
    >>> ms.mint.any(ms.Tensor([[True, False], [False, False]]), dim=1).tolist()
    [True, False]
""",
    "arange": """\
    >>> import msfunc as ms
    >>> ms.mint.arange(1, 7, 2).tolist()
    [1, 3, 5]
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
    "argmax": """\
    >>> import msfunc as ms
    >>> ms.mint.argmax(ms.Tensor([[1.0, 5.0], [3.0, 2.0]]), dim=1).tolist()
    [1, 0]
""",
    "argmin": """\
    >>> import msfunc as ms
    >>> ms.mint.argmin(ms.Tensor([[1.0, 5.0], [3.0, 2.0]]), dim=1).tolist()
    [0, 1]
""",
    "argsort": """\
    >>> import msfunc as ms
    >>> ms.mint.argsort(ms.Tensor([3.0, 1.0, 2.0])).tolist()
    [1, 2, 0]
    >>> ms.mint.argsort(ms.Tensor([3.0, 1.0, 2.0]), descending=True).tolist()
    [0, 2, 1]
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
    "baddbmm": """\
    >>> import msfunc as ms
    >>> b1, b2 = ms.ops.ones((2, 1, 2)), ms.ops.ones((2, 2, 1))
    >>> ms.mint.baddbmm(ms.mint.zeros((2, 1, 1)), b1, b2).tolist()
    [[[2.0]], [[2.0]]]
""",
    "bincount": """\
    >>> import msfunc as ms
    >>> ms.mint.bincount(ms.Tensor([0, 1, 1, 3])).tolist()
    [1.0, 2.0, 0.0, 1.0]
""",
    "bitwise_and": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([12, 10]), ms.Tensor([10, 6])
    >>> ms.mint.bitwise_and(x, y).tolist()
    [8, 2]
""",
    "bitwise_not": """\
    >>> import msfunc as ms
    >>> ms.mint.bitwise_not(ms.Tensor([0, 5])).tolist()
    [-1, -6]
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
    "bmm": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([[[1.0, 2.0]]]), ms.Tensor([[[3.0], [4.0]]])
    >>> ms.mint.bmm(x, y).tolist()
    [[[11.0]]]
""",
    "broadcast_to": """\
    >>> import msfunc as ms
    >>> ms.mint.broadcast_to(ms.Tensor([1.0, 2.0]), (2, 2)).tolist()
    [[1.0, 2.0], [1.0, 2.0]]
""",
    "cat": """\
    >>> import msfunc as ms
    >>> ms.mint.cat([ms.Tensor([1.0]), ms.Tensor([2.0, 3.0])]).tolist()
    [1.0, 2.0, 3.0]
""",
    "cdist": """\
    >>> import msfunc as ms
    >>> ms.mint.cdist(ms.Tensor([[0.0, 0.0]]), ms.Tensor([[3.0, 4.0], [0.0, 1.0]])).tolist()
    [[5.0, 1.0]]
""",
    "cdist_": """\
    >>> import msfunc as ms
    >>> ms.mint.cdist_(ms.Tensor([[0.0, 0.0]]), ms.Tensor([[3.0, 4.0], [0.0, 1.0]])).tolist()
    [[5.0, 1.0]]
""",
    "ceil": """\
    >>> import msfunc as ms
    >>> print(ms.mint.ceil(ms.Tensor([-1.5, 1.2])).asnumpy().round(4))
    [-1.  2.]
""",
    "chunk": """\
    >>> import msfunc as ms
    >>> [c.tolist() for c in ms.mint.chunk(ms.Tensor([1.0, 2.0, 3.0]), 2)]
    [[1.0, 2.0], [3.0]]
""",
    "clamp": """\
    >>> import msfunc as ms
    >>> ms.mint.clamp(ms.Tensor([-2.0, 0.5, 3.0]), min=0.0, max=1.0).tolist()
    [0.0, 0.5, 1.0]
""",
    "clip": """\
    >>> import msfunc as ms
    >>> ms.mint.clip(ms.Tensor([-2.0, 0.5, 3.0]), min=0.0, max=1.0).tolist()
    [0.0, 0.5, 1.0]
""",
    "concat": """\
    >>> import msfunc as ms
    >>> ms.mint.concat([ms.Tensor([[1.0]]), ms.Tensor([[2.0]])], dim=1).tolist()
    [[1.0, 2.0]]
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
    "cross": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([1.0, 0.0, 0.0]), ms.Tensor([0.0, 1.0, 0.0])
    >>> print(ms.mint.cross(x, y).asnumpy().round(4))
    [0. 0. 1.]
""",
    "cummax": """\
    >>> import msfunc as ms
    >>> values, indices = ms.mint.cummax(ms.Tensor([1.0, 3.0, 2.0]), 0)
    >>> values.tolist(), indices.tolist()
    ([1.0, 3.0, 3.0], [0, 1, 1])
""",
    "cummin": """\
    >>> import msfunc as ms
    >>> values, indices = ms.mint.cummin(ms.Tensor([3.0, 1.0, 2.0]), 0)
    >>> values.tolist(), indices.tolist()
    ([3.0, 1.0, 1.0], [0, 1, 1])
""",
    "cumprod": """\
    >>> import msfunc as ms
    >>> ms.mint.cumprod(ms.Tensor([1.0, 2.0, 3.0]), 0).tolist()
    [1.0, 2.0, 6.0]
""",
    "cumsum": """\
    >>> import msfunc as ms
    >>> ms.mint.cumsum(ms.Tensor([1.0, 2.0, 3.0]), 0).tolist()
    [1.0, 3.0, 6.0]
""",
    "diff": """\
    >>> import msfunc as ms
    >>> ms.mint.diff(ms.Tensor([1.0, 4.0, 9.0])).tolist()
    [3.0, 5.0]
""",
    "div": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([1.0, 3.0]), ms.Tensor([2.0, 4.0])
    >>> print(ms.mint.div(x, y).asnumpy().round(4))
    [0.5  0.75]
""",
    "divide": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([1.0, 3.0]), ms.Tensor([2.0, 4.0])
    >>> print(ms.mint.divide(x, y).asnumpy().round(4))
    [0.5  0.75]
""",
    "dot": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([1.0, 2.0]), ms.Tensor([3.0, 4.0])
    >>> ms.mint.dot(x, y).tolist()
    11.0
""",
    "dstack": """\
    >>> import msfunc as ms
    >>> ms.mint.dstack([ms.Tensor([1.0]), ms.Tensor([2.0])]).tolist()
    [[[1.0, 2.0]]]
""",
    "einsum": """\
    >>> import msfunc as ms
    >>> a, v = ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), ms.Tensor([1.0, 1.0])
    >>> ms.mint.einsum('ij,j->i', a, v).tolist()
    [3.0, 7.0]
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
    "eye": """\
    >>> import msfunc as ms
    >>> ms.mint.eye(2, 3).tolist()
    [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]
""",
    "flip": """\
    >>> import msfunc as ms
    >>> ms.mint.flip(ms.Tensor([1.0, 2.0, 3.0]), (0,)).tolist()
    [3.0, 2.0, 1.0]
""",
    "floor": """\
    >>> import msfunc as ms
    >>> print(ms.mint.floor(ms.Tensor([-1.5, 1.2])).asnumpy().round(4))
    [-2.  1.]
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
    "full": """\
    >>> import msfunc as ms
    >>> ms.mint.full((2,), 7.0).tolist()
    [7.0, 7.0]
""",
    "full_like": """\
    >>> import msfunc as ms
    >>> ms.mint.full_like(ms.Tensor([1.0, 2.0]), 7.0).tolist()
    [7.0, 7.0]
""",
    "gather": """\
    >>> import msfunc as ms
    >>> ms.mint.gather(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), 1, ms.Tensor([[1], [0]])).tolist()
    [[2.0], [3.0]]
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
    "histc": """\
    >>> import msfunc as ms
    >>> ms.mint.histc(ms.Tensor([0.5, 1.5, 1.7, 2.5]), bins=3, min=0, max=3).tolist()
    [1.0, 2.0, 1.0]
""",
    "hstack": """\
    >>> import msfunc as ms
    >>> ms.mint.hstack([ms.Tensor([1.0]), ms.Tensor([2.0, 3.0])]).tolist()
    [1.0, 2.0, 3.0]
""",
    "imag": """\
    >>> import msfunc as ms
    >>> print(ms.mint.imag(ms.Tensor([1.0, 2.0])).asnumpy().round(4))
    [0. 0.]
""",
    "index_select": """\
    >>> import msfunc as ms
    >>> ms.mint.index_select(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), 0, ms.Tensor([1])).tolist()
    [[3.0, 4.0]]
""",
    "inverse": """\
    >>> import msfunc as ms
    >>> ms.mint.inverse(ms.Tensor([[2.0, 0.0], [0.0, 4.0]])).tolist()
    [[0.5, 0.0], [0.0, 0.25]]
""",
    "isclose": """\
    >>> import msfunc as ms
    >>> ms.mint.isclose(ms.Tensor([1.0, 1.0]), ms.Tensor([1.0 + 1e-9, 1.1])).tolist()
    [True, False]
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
    "lerp": """\
    >>> import msfunc as ms
    >>> ms.mint.lerp(ms.Tensor([0.0]), ms.Tensor([10.0]), 0.25).tolist()
    [2.5]
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
    "logsumexp": """\
    >>> import msfunc as ms
    >>> print(ms.mint.logsumexp(ms.Tensor([[0.0, 0.0]]), 1).asnumpy().round(4))  # log 2
    [0.6931]
""",
    "lt": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([1.0, 2.0]), ms.Tensor([2.0, 2.0])
    >>> ms.mint.lt(x, y).tolist()
    [True, False]
""",
    "masked_select": """\
    >>> import msfunc as ms
    >>> ms.mint.masked_select(ms.Tensor([1.0, 2.0, 3.0]), ms.Tensor([True, False, True])).tolist()
    [1.0, 3.0]
""",
    "matmul": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([[1.0, 2.0]]), ms.Tensor([[3.0], [4.0]])
    >>> ms.mint.matmul(x, y).tolist()
    [[11.0]]
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
    "mv": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), ms.Tensor([1.0, 1.0])
    >>> print(ms.mint.mv(x, y).asnumpy().round(4))
    [3. 7.]
""",
    "nan_to_num": """\
    >>> import msfunc as ms
    >>> ms.mint.nan_to_num(ms.Tensor([float('nan'), 1.0]), nan=0.0).tolist()
    [0.0, 1.0]
""",
    "nansum": """\
    >>> import msfunc as ms
    >>> ms.mint.nansum(ms.Tensor([1.0, float('nan'), 2.0])).tolist()
    3.0
""",
    "narrow": """\
    >>> import msfunc as ms
    >>> ms.mint.narrow(ms.Tensor([1.0, 2.0, 3.0, 4.0]), 0, 1, 2).tolist()
    [2.0, 3.0]
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
    "nonzero": """\
    >>> import msfunc as ms
    >>> ms.mint.nonzero(ms.Tensor([0.0, 3.0, 0.0, 4.0])).tolist()
    [[1], [3]]
""",
    "not_equal": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([1.0, 2.0]), ms.Tensor([1.0, 3.0])
    >>> ms.mint.not_equal(x, y).tolist()
    [False, True]
""",
    "npu_gelu": """\
    >>> import msfunc as ms
    >>> print(ms.mint.npu_gelu(ms.Tensor([-1.0, 0.0, 1.0])).asnumpy().round(4))
    [-0.1587  0.      0.8413]
""",
    "ones_like": """\
    >>> import msfunc as ms
    >>> ms.mint.ones_like(ms.Tensor([5.0, 6.0])).tolist()
    [1.0, 1.0]
""",
    "outer": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([1.0, 2.0]), ms.Tensor([3.0, 4.0])
    >>> ms.mint.outer(x, y).tolist()
    [[3.0, 4.0], [6.0, 8.0]]
""",
    "permute": """\
    >>> import msfunc as ms
    >>> ms.mint.permute(ms.mint.zeros((2, 3, 4)), (2, 0, 1)).shape
    (4, 2, 3)
""",
    "pow": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([2.0, 3.0]), ms.Tensor([3.0, 2.0])
    >>> print(ms.mint.pow(x, y).asnumpy().round(4))
    [8. 9.]
""",
    "prod": """\
    >>> import msfunc as ms
    >>> ms.mint.prod(ms.Tensor([1.0, 2.0, 3.0])).tolist()
    6.0
""",
    "ravel": """\
    >>> import msfunc as ms
    >>> print(ms.mint.ravel(ms.Tensor([[1.0, 2.0], [3.0, 4.0]])).asnumpy().round(4))
    [1. 2. 3. 4.]
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
    "repeat_interleave": """\
    >>> import msfunc as ms
    >>> ms.mint.repeat_interleave(ms.Tensor([1.0, 2.0]), 2).tolist()
    [1.0, 1.0, 2.0, 2.0]
""",
    "reshape": """\
    >>> import msfunc as ms
    >>> ms.mint.reshape(ms.Tensor([1.0, 2.0, 3.0, 4.0]), (2, 2)).tolist()
    [[1.0, 2.0], [3.0, 4.0]]
""",
    "roll": """\
    >>> import msfunc as ms
    >>> ms.mint.roll(ms.Tensor([1.0, 2.0, 3.0]), 1).tolist()
    [3.0, 1.0, 2.0]
""",
    "round": """\
    >>> import msfunc as ms
    >>> ms.mint.round(ms.Tensor([0.5, 1.5, 2.567]), decimals=0).tolist()
    [0.0, 2.0, 3.0]
    >>> print(ms.mint.round(ms.Tensor([2.567]), decimals=2))
    [2.57]
""",
    "rsqrt": """\
    >>> import msfunc as ms
    >>> print(ms.mint.rsqrt(ms.Tensor([4.0, 16.0])).asnumpy().round(4))
    [0.5  0.25]
""",
    "scatter": """\
    >>> import msfunc as ms
    >>> ms.mint.scatter(ms.mint.zeros((3,)), 0, ms.Tensor([2, 0]), ms.Tensor([5.0, 7.0])).tolist()
    [7.0, 0.0, 5.0]
""",
    "searchsorted": """\
    >>> import msfunc as ms
    >>> ms.mint.searchsorted(ms.Tensor([1.0, 3.0, 5.0]), ms.Tensor([3.0, 4.0])).tolist()
    [1, 2]
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
    "softmax": """\
    >>> import msfunc as ms
    >>> print(ms.mint.softmax(ms.Tensor([0.0, 1.0]), 0).asnumpy().round(4))
    [0.2689 0.7311]
""",
    "softmax_ext": """\
    >>> import msfunc as ms
    >>> print(ms.mint.softmax_ext(ms.Tensor([0.0, 1.0])).asnumpy().round(4))
    [0.2689 0.7311]
""",
    "split": """\
    >>> import msfunc as ms
    >>> [p.tolist() for p in ms.mint.split(ms.Tensor([1.0, 2.0, 3.0]), 2)]
    [[1.0, 2.0], [3.0]]
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
    "squeeze_impl": """\
    >>> import msfunc as ms
    >>> ms.mint.squeeze_impl(ms.mint.zeros((1, 2, 1)), 0).shape
    (2, 1)
""",
    "stack": """\
    >>> import msfunc as ms
    >>> ms.mint.stack([ms.Tensor([1.0, 2.0]), ms.Tensor([3.0, 4.0])]).tolist()
    [[1.0, 2.0], [3.0, 4.0]]
""",
    "sum": """\
    >>> import msfunc as ms
    >>> ms.mint.sum(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), dim=0).tolist()
    [4.0, 6.0]
""",
    "swapaxes": """\
    >>> import msfunc as ms
    >>> ms.mint.swapaxes(ms.mint.zeros((2, 3)), 0, 1).shape
    (3, 2)
""",
    "t": """\
    >>> import msfunc as ms
    >>> ms.mint.t(ms.Tensor([[1.0, 2.0]])).tolist()
    [[1.0], [2.0]]
""",
    "take": """\
    >>> import msfunc as ms
    >>> ms.mint.take(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), ms.Tensor([0, 3])).tolist()
    [1.0, 4.0]
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
    "tile": """\
    >>> import msfunc as ms
    >>> ms.mint.tile(ms.Tensor([1.0, 2.0]), (2,)).tolist()
    [1.0, 2.0, 1.0, 2.0]
""",
    "trace": """\
    >>> import msfunc as ms
    >>> ms.mint.trace(ms.Tensor([[1.0, 2.0], [3.0, 4.0]])).tolist()
    5.0
""",
    "tril": """\
    >>> import msfunc as ms
    >>> ms.mint.tril(ms.ops.ones((2, 2))).tolist()
    [[1.0, 0.0], [1.0, 1.0]]
""",
    "triu": """\
    >>> import msfunc as ms
    >>> ms.mint.triu(ms.ops.ones((2, 2))).tolist()
    [[1.0, 1.0], [0.0, 1.0]]
""",
    "trunc": """\
    >>> import msfunc as ms
    >>> print(ms.mint.trunc(ms.Tensor([-1.5, 1.7])).asnumpy().round(4))
    [-1.  1.]
""",
    "unbind": """\
    >>> import msfunc as ms
    >>> [r.tolist() for r in ms.mint.unbind(ms.Tensor([[1.0, 2.0], [3.0, 4.0]]))]
    [[1.0, 2.0], [3.0, 4.0]]
""",
    "unique_consecutive": """\
    >>> import msfunc as ms
    >>> ms.mint.unique_consecutive(ms.Tensor([1, 1, 2, 2, 1])).tolist()
    [1, 2, 1]
""",
    "unsqueeze": """\
    >>> import msfunc as ms
    >>> ms.mint.unsqueeze(ms.Tensor([1.0, 2.0]), 0).shape
    (1, 2)
""",
    "where": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([1.0, 2.0]), ms.Tensor([9.0, 9.0])
    >>> ms.mint.where(ms.Tensor([True, False]), x, y).tolist()
    [1.0, 9.0]
""",
    "xlogy": """\
    >>> import msfunc as ms
    >>> x, y = ms.Tensor([0.0, 2.0]), ms.Tensor([0.0, 1.0])
    >>> print(ms.mint.xlogy(x, y).asnumpy().round(4))
    [nan  0.]
""",
    "zeros": """\
    >>> import msfunc as ms
    >>> ms.mint.zeros((2,)).tolist()
    [0.0, 0.0]
""",
    "zeros_like": """\
    >>> import msfunc as ms
    >>> ms.mint.zeros_like(ms.Tensor([5.0, 6.0])).tolist()
    [0.0, 0.0]
""",
}
