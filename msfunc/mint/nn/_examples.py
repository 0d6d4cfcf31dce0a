"""Examples for the functions `msfunc.mint.nn.functional` builds from its table
(`msfunc.mint._adapt.TorchStyle` appends each to its docstring);
tests/project/test_ops_docstrings.py runs them.

Outputs are msfunc's; the elementwise ones were checked against NumPy's when written.
"""

FUNCTIONAL_EXAMPLES = {
    "adaptive_avg_pool1d": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> F.adaptive_avg_pool1d(ms.Tensor([[[1.0, 2.0, 3.0, 4.0]]]), 2).tolist()
    [[[1.5, 3.5]]]
""",
    "adaptive_avg_pool2d": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> x = ms.ops.arange(16.0).reshape(1, 1, 4, 4)
    >>> F.adaptive_avg_pool2d(x, 2).tolist()
    [[[[2.5, 4.5], [10.5, 12.5]]]]
""",
    "adaptive_avg_pool3d": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> x = ms.ops.arange(8.0).reshape(1, 1, 2, 2, 2)
    >>> F.adaptive_avg_pool3d(x, 1).tolist()
    [[[[[3.5]]]]]
""",
    "adaptive_avg_pool3d_ext": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> x = ms.ops.arange(8.0).reshape(1, 1, 2, 2, 2)
    >>> F.adaptive_avg_pool3d_ext(x, 1).tolist()
    [[[[[3.5]]]]]
""",
    "adaptive_max_pool2d": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> x = ms.ops.arange(16.0).reshape(1, 1, 4, 4)
    >>> F.adaptive_max_pool2d(x, 2).tolist()
    [[[[5.0, 7.0], [13.0, 15.0]]]]
""",
    "batch_norm": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> x = ms.Tensor([[1.0, 10.0], [3.0, 30.0]])
    >>> mean, var = ms.Parameter(ms.ops.zeros(2)), ms.Parameter(ms.ops.ones(2))
    >>> w, b = ms.ops.ones(2), ms.ops.zeros(2)
    >>> [round(v, 4) for v in F.batch_norm(x, mean, var, w, b, training=True).reshape(-1).tolist()]
    [-1.0, -1.0, 1.0, 1.0]
""",
    "binary_cross_entropy": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> p, y = ms.Tensor([0.8, 0.4]), ms.Tensor([1.0, 0.0])
    >>> round(float(F.binary_cross_entropy(p, y)), 4)  # mean of -log .8, -log .6
    0.367
""",
    "binary_cross_entropy_with_logits": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> x, y = ms.Tensor([0.0, 0.0]), ms.Tensor([1.0, 0.0])
    >>> round(float(F.binary_cross_entropy_with_logits(x, y)), 4)  # log 2
    0.6931
""",
    "broadcast_to": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> F.broadcast_to(ms.Tensor([1.0, 2.0]), (2, 2)).tolist()
    [[1.0, 2.0], [1.0, 2.0]]
""",
    "clamp": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> F.clamp(ms.Tensor([-2.0, 0.5, 3.0]), 0.0, 1.0).tolist()
    [0.0, 0.5, 1.0]
""",
    "conv_transpose2d": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> F.conv_transpose2d(ms.Tensor([[[[1.0, 2.0]]]]), ms.ops.ones((1, 1, 1, 2))).tolist()
    [[[[1.0, 3.0, 2.0]]]]
""",
    "cosine_embedding_loss": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> x1, x2 = ms.Tensor([[1.0, 0.0]]), ms.Tensor([[0.0, 1.0]])
    >>> float(F.cosine_embedding_loss(x1, x2, ms.Tensor([1])))  # 1 - cos
    1.0
""",
    "cross_entropy": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> round(float(F.cross_entropy(ms.ops.zeros((2, 2)), ms.Tensor([0, 1]))), 4)  # log 2
    0.6931
""",
    "dropout": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> F.dropout(ms.ops.ones(3), p=0.5, training=False).tolist()
    [1.0, 1.0, 1.0]
    >>> sorted(set(F.dropout(ms.ops.ones(100), p=0.5).tolist()))  # kept ones doubled
    [0.0, 2.0]
""",
    "dropout2d": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> v = F.dropout2d(ms.ops.ones((1, 8, 2, 2)), p=0.5).asnumpy()
    >>> set(v.ravel().tolist()) <= {0.0, 2.0}, bool((v.reshape(8, -1).std(1) == 0).all())
    (True, True)
""",
    "elu": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> [round(v, 4) for v in F.elu(ms.Tensor([-1.0, 2.0])).tolist()]
    [-0.6321, 2.0]
""",
    "elu_ext": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> [round(v, 4) for v in F.elu_ext(ms.Tensor([-1.0, 2.0]), alpha=2.0).tolist()]
    [-1.2642, 2.0]
""",
    "embedding": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> w = ms.Tensor([[0.0, 0.0], [1.0, 1.0], [3.0, 4.0]])
    >>> F.embedding(ms.Tensor([2, 1]), w).tolist()
    [[3.0, 4.0], [1.0, 1.0]]
""",
    "fold": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> x = ms.ops.arange(9.0).reshape(1, 1, 3, 3)
    >>> F.fold(F.unfold(x, 2), (3, 3), 2).tolist()  # each x times its number of patches
    [[[[0.0, 2.0, 2.0], [6.0, 16.0, 10.0], [6.0, 14.0, 8.0]]]]
""",
    "gelu": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> [round(v, 4) for v in F.gelu(ms.Tensor([-1.0, 0.0, 1.0])).tolist()]
    [-0.1587, 0.0, 0.8413]
""",
    "glu": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> [round(v, 4) for v in F.glu(ms.Tensor([1.0, 2.0, 0.0, 1.0])).tolist()]
    [0.5, 1.4621]
""",
    "grid_sample": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> x = ms.Tensor([[[[1.0, 2.0], [3.0, 4.0]]]])
    >>> grid = ms.Tensor([[[[0.0, 0.0], [-1.0, -1.0]]]])  # the centre, a corner
    >>> F.grid_sample(x, grid, align_corners=True).tolist()
    [[[[2.5, 1.0]]]]
""",
    "group_norm": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> x = ms.Tensor([[1.0, 3.0, 10.0, 30.0]])
    >>> [round(v, 4) for v in F.group_norm(x, 2).reshape(-1).tolist()]
    [-1.0, 1.0, -1.0, 1.0]
""",
    "hardshrink": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> F.hardshrink(ms.Tensor([-1.0, 0.2, 0.5, 1.0])).tolist()
    [-1.0, 0.0, 0.0, 1.0]
""",
    "hardsigmoid": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> F.hardsigmoid(ms.Tensor([-4.0, 0.0, 1.5, 4.0])).tolist()
    [0.0, 0.5, 0.75, 1.0]
""",
    "hardswish": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> [round(v, 4) for v in F.hardswish(ms.Tensor([-1.0, 0.0, 1.0, 4.0])).tolist()]
    [-0.3333, 0.0, 0.6667, 4.0]
""",
    "hardtanh": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> F.hardtanh(ms.Tensor([-2.0, 0.5, 2.0])).tolist()
    [-1.0, 0.5, 1.0]
""",
    "hardtanh_op": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> F.hardtanh_op(ms.Tensor([-2.0, 0.5, 2.0]), 0.0, 1.0).tolist()
    [0.0, 0.5, 1.0]
""",
    "interpolate": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> F.interpolate(ms.Tensor([[[1.0, 2.0]]]), size=4).tolist()
    [[[1.0, 1.0, 2.0, 2.0]]]
""",
    "l1_loss": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> F.l1_loss(ms.Tensor([1.0, 2.0]), ms.Tensor([2.0, 4.0])).tolist()
    1.5
""",
    "layer_norm": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> [round(v, 4) for v in F.layer_norm(ms.Tensor([[1.0, 2.0, 3.0]]), (3,)).reshape(-1).tolist()]
    [-1.2247, 0.0, 1.2247]
""",
    "leaky_relu": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> F.leaky_relu(ms.Tensor([-2.0, 3.0]), 0.5).tolist()
    [-1.0, 3.0]
    >>> print(F.leaky_relu(ms.Tensor([-2.0, 3.0])).asnumpy().round(4))  # negative_slope=0.01
    [-0.02  3.  ]
""",
    "linear": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> x, w = ms.Tensor([[1.0, 2.0]]), ms.Tensor([[1.0, 0.0], [1.0, 1.0]])
    >>> F.linear(x, w, ms.Tensor([0.0, 1.0])).tolist()  # x @ w.T + b
    [[1.0, 4.0]]
""",
    "log_softmax": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> [round(v, 4) for v in F.log_softmax(ms.Tensor([0.0, 0.0])).tolist()]
    [-0.6931, -0.6931]
""",
    "logsigmoid": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> [round(v, 4) for v in F.logsigmoid(ms.Tensor([0.0])).tolist()]
    [-0.6931]
""",
    "max_pool2d": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> x = ms.ops.arange(16.0).reshape(1, 1, 4, 4)
    >>> F.max_pool2d(x, 2).tolist()
    [[[[5.0, 7.0], [13.0, 15.0]]]]
    >>> values, where = F.max_pool2d(x, 3, stride=2, ceil_mode=True, return_indices=True)
    >>> values.tolist(), where.tolist()  # the last window is cut at the border
    ([[[[10.0, 11.0], [14.0, 15.0]]]], [[[[10, 11], [14, 15]]]])
""",
    "max_unpool2d": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> x = ms.ops.arange(16.0).reshape(1, 1, 4, 4)
    >>> y, idx = ms.ops.max_pool2d(x, 2, 2, return_indices=True)
    >>> F.max_unpool2d(y, idx, 2)[0, 0, 1].tolist()  # maxima back at their places
    [0.0, 5.0, 0.0, 7.0]
""",
    "mish": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> [round(v, 4) for v in F.mish(ms.Tensor([-1.0, 0.0, 1.0])).tolist()]
    [-0.3034, 0.0, 0.8651]
""",
    "mse_loss": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> F.mse_loss(ms.Tensor([1.0, 2.0]), ms.Tensor([2.0, 4.0])).tolist()
    2.5
""",
    "nll_loss": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> logp = ms.ops.log(ms.Tensor([[0.5, 0.5], [0.2, 0.8]]))
    >>> round(float(F.nll_loss(logp, ms.Tensor([0, 1]))), 4)  # mean of -log .5, -log .8
    0.4581
""",
    "pad": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> F.pad(ms.Tensor([[1.0, 2.0]]), (1, 2)).tolist()
    [[0.0, 1.0, 2.0, 0.0, 0.0]]
    >>> F.pad(ms.Tensor([[1.0, 2.0, 3.0]]), (2, 0), mode='reflect').tolist()
    [[3.0, 2.0, 1.0, 2.0, 3.0]]
""",
    "pixel_shuffle": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> F.pixel_shuffle(ms.ops.arange(4.0).reshape(1, 4, 1, 1), 2).tolist()
    [[[[0.0, 1.0], [2.0, 3.0]]]]
""",
    "prelu": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> F.prelu(ms.Tensor([[-1.0, -1.0]]), ms.Tensor([0.25, 0.5])).tolist()  # a slope per channel
    [[-0.25, -0.5]]
""",
    "relu": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> F.relu(ms.Tensor([-1.0, 2.0])).tolist()
    [0.0, 2.0]
""",
    "relu6": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> F.relu6(ms.Tensor([-1.0, 3.0, 7.0])).tolist()
    [0.0, 3.0, 6.0]
""",
    "selu": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> [round(v, 4) for v in F.selu(ms.Tensor([-1.0, 0.0, 1.0])).tolist()]
    [-1.1113, 0.0, 1.0507]
""",
    "sigmoid": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> [round(v, 4) for v in F.sigmoid(ms.Tensor([-1.0, 0.0, 1.0])).tolist()]
    [0.2689, 0.5, 0.7311]
""",
    "silu": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> [round(v, 4) for v in F.silu(ms.Tensor([-1.0, 0.0, 1.0])).tolist()]
    [-0.2689, 0.0, 0.7311]
""",
    "silu_func": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> [round(v, 4) for v in F.silu_func(ms.Tensor([-1.0, 0.0, 1.0])).tolist()]
    [-0.2689, 0.0, 0.7311]
""",
    "smooth_l1_loss": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> x, y = ms.Tensor([0.5, 3.0]), ms.Tensor([0.0, 0.0])
    >>> F.smooth_l1_loss(x, y, reduction="none").tolist(), F.smooth_l1_loss(x, y).tolist()
    ([0.125, 2.5], 1.3125)
""",
    "soft_margin_loss": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> round(float(F.soft_margin_loss(ms.Tensor([0.0]), ms.Tensor([1.0]))), 4)  # log 2
    0.6931
""",
    "softmax": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> [round(v, 4) for v in F.softmax(ms.Tensor([0.0, 1.0])).tolist()]
    [0.2689, 0.7311]
""",
    "softplus": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> [round(v, 4) for v in F.softplus(ms.Tensor([-1.0, 0.0, 1.0])).tolist()]
    [0.3133, 0.6931, 1.3133]
""",
    "softshrink": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> F.softshrink(ms.Tensor([-2.0, 0.25, 1.0])).tolist()
    [-1.5, 0.0, 0.5]
""",
    "tanh": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> [round(v, 4) for v in F.tanh(ms.Tensor([-1.0, 0.0, 1.0])).tolist()]
    [-0.7616, 0.0, 0.7616]
""",
    "threshold": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> F.threshold(ms.Tensor([1.0, 2.0, 3.0]), 2.0, -1.0).tolist()
    [-1.0, -1.0, 3.0]
""",
    "threshold_op": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> F.threshold_op(ms.Tensor([1.0, 2.0, 3.0]), 2.0, -1.0).tolist()
    [-1.0, -1.0, 3.0]
""",
    "unfold": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> x = ms.ops.arange(9.0).reshape(1, 1, 3, 3)
    >>> F.unfold(x, 2)[0, :, 0].tolist()  # the top-left 2x2 patch
    [0.0, 1.0, 3.0, 4.0]
""",
    "upsample": """\
    >>> import msfunc as ms
    >>> F = ms.mint.nn.functional
    >>> F.upsample(ms.Tensor([[[1.0, 2.0]]]), scale_factor=2.0).tolist()
    [[[1.0, 1.0, 2.0, 2.0]]]
""",
}
