"""Examples for the functions `msfunc.mint` builds from its table (`_adapt.TorchStyle` appends
each to its docstring; those of `msfunc.mint.nn.functional` are in `msfunc.mint.nn._examples`);
tests/project/test_ops_docstrings.py runs them. Those of the elementwise functions are in
`_examples_elementwise`.

Outputs are msfunc's.
"""

from ._examples_elementwise import ELEMENTWISE_EXAMPLES

EXAMPLES = {
    **ELEMENTWISE_EXAMPLES,
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
    "bitwise_not": """\
    >>> import msfunc as ms
    >>> ms.mint.bitwise_not(ms.Tensor([0, 5])).tolist()
    [-1, -6]
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
    "lerp": """\
    >>> import msfunc as ms
    >>> ms.mint.lerp(ms.Tensor([0.0]), ms.Tensor([10.0]), 0.25).tolist()
    [2.5]
""",
    "logsumexp": """\
    >>> import msfunc as ms
    >>> print(ms.mint.logsumexp(ms.Tensor([[0.0, 0.0]]), 1).asnumpy().round(4))  # log 2
    [0.6931]
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
    "nonzero": """\
    >>> import msfunc as ms
    >>> ms.mint.nonzero(ms.Tensor([0.0, 3.0, 0.0, 4.0])).tolist()
    [[1], [3]]
""",
    "npu_gelu": """\
    >>> import msfunc as ms
    >>> print(ms.mint.npu_gelu(ms.Tensor([-1.0, 0.0, 1.0])).asnumpy().round(4))
    [-0.1587  0.      0.8413]
""",
    "ones": """\
    >>> import msfunc as ms
    >>> ms.mint.ones((2, 3)).shape, ms.mint.ones(2).tolist()
    ((2, 3), [1.0, 1.0])
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
    "polar": """\
    >>> import msfunc as ms
    >>> z = ms.mint.polar(ms.Tensor([2.0, 1.0]), ms.Tensor([0.0, 1.5707964]))  # abs * e^(i angle)
    >>> str(z.dtype)
    'complex64'
    >>> print(z.asnumpy().round(4))
    [ 2.+0.j -0.+1.j]
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
