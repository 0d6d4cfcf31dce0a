"""Examples for the Cells `msfunc.mint.nn` builds from one-line declarations (the activation,
loss, pooling and padding Cells); each is appended to its class docstring and doctested.

Outputs are msfunc's, checked when written against torch's definitions worked out by hand
(noted beside the less obvious ones).
"""

CELL_EXAMPLES = {
    "AdaptiveAvgPool1d": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> x = ms.Tensor([[[1.0, 2.0, 3.0, 4.0]]])
    >>> print(nn.AdaptiveAvgPool1d(2)(x))
    [[[1.5 3.5]]]
""",
    "AdaptiveAvgPool2d": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> x = ms.ops.arange(16.0).reshape(1, 1, 4, 4)
    >>> print(nn.AdaptiveAvgPool2d((1, 2))(x))
    [[[[6.5 8.5]]]]
""",
    "AdaptiveAvgPool3d": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> x = ms.ops.arange(8.0).reshape(1, 1, 2, 2, 2)
    >>> print(nn.AdaptiveAvgPool3d((1, 1, 2))(x))
    [[[[[3. 4.]]]]]
""",
    "AdaptiveMaxPool1d": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> x = ms.Tensor([[[1.0, 5.0, 2.0, 4.0]]])
    >>> print(nn.AdaptiveMaxPool1d(2)(x))
    [[[5. 4.]]]
""",
    "AdaptiveMaxPool2d": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> x = ms.ops.arange(16.0).reshape(1, 1, 4, 4)
    >>> print(nn.AdaptiveMaxPool2d(2)(x))
    [[[[ 5.  7.]
       [13. 15.]]]]
""",
    "AvgPool1d": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> x = ms.Tensor([[[1.0, 2.0, 3.0, 4.0]]])
    >>> print(nn.AvgPool1d(2)(x))
    [[[1.5 3.5]]]
""",
    "AvgPool2d": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> x = ms.ops.arange(16.0).reshape(1, 1, 4, 4)
    >>> print(nn.AvgPool2d(2)(x))
    [[[[ 2.5  4.5]
       [10.5 12.5]]]]
""",
    "AvgPool3d": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> x = ms.ops.arange(8.0).reshape(1, 1, 2, 2, 2)
    >>> print(nn.AvgPool3d(2)(x))
    [[[[[3.5]]]]]
""",
    "BCELoss": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> p, y = ms.Tensor([0.8, 0.4]), ms.Tensor([1.0, 0.0])
    >>> print(nn.BCELoss(reduction='sum')(p, y).asnumpy().round(4))  # -log .8 - log .6
    0.734
""",
    "BCEWithLogitsLoss": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> x, y = ms.Tensor([0.0, 0.0]), ms.Tensor([1.0, 0.0])
    >>> print(nn.BCEWithLogitsLoss()(x, y).asnumpy().round(4))  # log 2
    0.6931
""",
    "ConstantPad1d": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> print(nn.ConstantPad1d((1, 2), 9.0)(ms.Tensor([[[1.0, 2.0]]])))
    [[[9. 1. 2. 9. 9.]]]
""",
    "ConstantPad2d": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> print(nn.ConstantPad2d((1, 0, 0, 1), 9.0)(ms.Tensor([[[[1.0, 2.0]]]])))
    [[[[9. 1. 2.]
       [9. 9. 9.]]]]
""",
    "ConstantPad3d": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> print(nn.ConstantPad3d(1, 9.0)(ms.ops.ones((1, 1, 1, 1, 1))).shape)
    (1, 1, 3, 3, 3)
""",
    "CosineEmbeddingLoss": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> a, b = ms.Tensor([[1.0, 0.0], [1.0, 0.0]]), ms.Tensor([[1.0, 0.0], [0.0, 1.0]])
    >>> print(nn.CosineEmbeddingLoss(reduction='none')(a, b, ms.Tensor([1.0, -1.0])))
    [0. 0.]
""",
    "CrossEntropyLoss": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> logits, label = ms.Tensor([[0.0, 0.0]]), ms.Tensor([1])
    >>> print(nn.CrossEntropyLoss()(logits, label).asnumpy().round(4))  # log 2
    0.6931
""",
    "Dropout": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> drop = nn.Dropout(p=0.5).set_train(False)  # evaluation: the input unchanged
    >>> print(drop(ms.Tensor([1.0, 2.0])))
    [1. 2.]
""",
    "Dropout2d": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> drop = nn.Dropout2d(p=0.5).set_train(False)
    >>> print(drop(ms.ops.ones((1, 2, 1, 1))).reshape(-1))
    [1. 1.]
""",
    "ELU": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> print(nn.ELU(alpha=0.5)(ms.Tensor([-1.0, 2.0])).asnumpy().round(4))  # 0.5 * (e^-1 - 1)
    [-0.3161  2.    ]
""",
    "Flatten": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> print(nn.Flatten()(ms.ops.ones((2, 3, 4))).shape)
    (2, 12)
""",
    "Fold": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> columns = ms.ops.ones((1, 4, 4))  # 2x2 blocks of one channel, 4 of them
    >>> print(nn.Fold((3, 3), 2)(columns))
    [[[[1. 2. 1.]
       [2. 4. 2.]
       [1. 2. 1.]]]]
""",
    "GELU": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> print(nn.GELU()(ms.Tensor([-1.0, 0.0, 1.0])).asnumpy().round(4))
    [-0.1587  0.      0.8413]
""",
    "GLU": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> print(nn.GLU()(ms.Tensor([[1.0, 2.0, 0.0, 0.0]])))  # first half * sigmoid(second half)
    [[0.5 1. ]]
""",
    "Hardshrink": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> print(nn.Hardshrink(0.5)(ms.Tensor([-1.0, 0.3, 0.6])))
    [-1.   0.   0.6]
""",
    "Hardsigmoid": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> print(nn.Hardsigmoid()(ms.Tensor([-4.0, 0.0, 1.5, 4.0])))
    [0.   0.5  0.75 1.  ]
""",
    "Hardswish": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> print(nn.Hardswish()(ms.Tensor([-4.0, 0.0, 1.5, 4.0])))
    [-0.     0.     1.125  4.   ]
""",
    "Hardtanh": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> print(nn.Hardtanh(-0.5, 0.5)(ms.Tensor([-1.0, 0.2, 1.0])))
    [-0.5  0.2  0.5]
""",
    "KLDivLoss": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> log_p, q = ms.ops.log(ms.Tensor([0.25, 0.75])), ms.Tensor([0.5, 0.5])
    >>> print(nn.KLDivLoss(reduction='sum')(log_p, q).asnumpy().round(4))  # sum q log(q / p)
    0.1438
""",
    "L1Loss": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> print(nn.L1Loss()(ms.Tensor([1.0, 2.0]), ms.Tensor([0.0, 4.0])))
    1.5
""",
    "LogSigmoid": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> print(nn.LogSigmoid()(ms.Tensor([0.0, 2.0])).asnumpy().round(4))
    [-0.6931 -0.1269]
""",
    "LogSoftmax": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> print(nn.LogSoftmax(dim=1)(ms.Tensor([[0.0, 0.0]])).asnumpy().round(4))  # log 1/2
    [[-0.6931 -0.6931]]
""",
    "MSELoss": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> print(nn.MSELoss()(ms.Tensor([1.0, 2.0]), ms.Tensor([0.0, 4.0])))  # (1 + 4) / 2
    2.5
""",
    "MaxPool2d": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> x = ms.ops.arange(16.0).reshape(1, 1, 4, 4)
    >>> print(nn.MaxPool2d(2)(x))
    [[[[ 5.  7.]
       [13. 15.]]]]
""",
    "Mish": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> print(nn.Mish()(ms.Tensor([-1.0, 0.0, 1.0])).asnumpy().round(4))
    [-0.3034  0.      0.8651]
""",
    "NLLLoss": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> log_p = ms.Tensor([[-0.1, -2.0], [-1.5, -0.3]])
    >>> print(nn.NLLLoss()(log_p, ms.Tensor([0, 1])).asnumpy().round(4))  # (0.1 + 0.3) / 2
    0.2
""",
    "PixelShuffle": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> x = ms.ops.arange(4.0).reshape(1, 4, 1, 1)
    >>> print(nn.PixelShuffle(2)(x))
    [[[[0. 1.]
       [2. 3.]]]]
""",
    "ReLU": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> print(nn.ReLU()(ms.Tensor([-1.0, 2.0])))
    [0. 2.]
""",
    "ReLU6": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> print(nn.ReLU6()(ms.Tensor([-1.0, 2.0, 7.0])))
    [0. 2. 6.]
""",
    "ReflectionPad1d": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> print(nn.ReflectionPad1d(2)(ms.Tensor([[[1.0, 2.0, 3.0]]])))
    [[[3. 2. 1. 2. 3. 2. 1.]]]
""",
    "ReflectionPad2d": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> x = ms.ops.arange(4.0).reshape(1, 1, 2, 2)
    >>> print(nn.ReflectionPad2d((1, 0, 0, 1))(x))
    [[[[1. 0. 1.]
       [3. 2. 3.]
       [1. 0. 1.]]]]
""",
    "ReflectionPad3d": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> x = ms.ops.arange(8.0).reshape(1, 1, 2, 2, 2)
    >>> print(nn.ReflectionPad3d(1)(x).shape, nn.ReflectionPad3d(1)(x)[0, 0, 0, 0].tolist())
    (1, 1, 4, 4, 4) [7.0, 6.0, 7.0, 6.0]
""",
    "ReplicationPad1d": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> print(nn.ReplicationPad1d((2, 1))(ms.Tensor([[[1.0, 2.0, 3.0]]])))
    [[[1. 1. 1. 2. 3. 3.]]]
""",
    "ReplicationPad2d": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> x = ms.ops.arange(4.0).reshape(1, 1, 2, 2)
    >>> print(nn.ReplicationPad2d((1, 0, 0, 1))(x))
    [[[[0. 0. 1.]
       [2. 2. 3.]
       [2. 2. 3.]]]]
""",
    "ReplicationPad3d": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> x = ms.ops.arange(8.0).reshape(1, 1, 2, 2, 2)
    >>> print(nn.ReplicationPad3d(1)(x).shape, nn.ReplicationPad3d(1)(x)[0, 0, 0, 0].tolist())
    (1, 1, 4, 4, 4) [0.0, 0.0, 1.0, 1.0]
""",
    "SELU": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> print(nn.SELU()(ms.Tensor([-1.0, 0.0, 1.0])).asnumpy().round(4))
    [-1.1113  0.      1.0507]
""",
    "SiLU": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> print(nn.SiLU()(ms.Tensor([-1.0, 0.0, 1.0])).asnumpy().round(4))  # x * sigmoid(x)
    [-0.2689  0.      0.7311]
""",
    "Sigmoid": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> print(nn.Sigmoid()(ms.Tensor([-1.0, 0.0, 1.0])).asnumpy().round(4))
    [0.2689 0.5    0.7311]
""",
    "SmoothL1Loss": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> x, y = ms.Tensor([0.5, 3.0]), ms.Tensor([0.0, 0.0])
    >>> print(nn.SmoothL1Loss(reduction='none')(x, y))  # 0.5 x^2 below beta=1, else |x| - 0.5
    [0.125 2.5  ]
""",
    "SoftMarginLoss": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> x, y = ms.Tensor([0.0, 0.0]), ms.Tensor([1.0, -1.0])
    >>> print(nn.SoftMarginLoss()(x, y).asnumpy().round(4))  # log 2
    0.6931
""",
    "Softmax": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> print(nn.Softmax(dim=1)(ms.Tensor([[0.0, 0.6931472]])).asnumpy().round(4))  # 1:2
    [[0.3333 0.6667]]
""",
    "Softshrink": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> print(nn.Softshrink(0.5)(ms.Tensor([-1.0, 0.3, 0.75])))
    [-0.5   0.    0.25]
""",
    "Tanh": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> print(nn.Tanh()(ms.Tensor([-1.0, 0.0, 1.0])).asnumpy().round(4))
    [-0.7616  0.      0.7616]
""",
    "Threshold": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> print(nn.Threshold(0.5, -1.0)(ms.Tensor([0.2, 0.5, 0.8])))  # x if x > 0.5 else -1
    [-1.  -1.   0.8]
""",
    "Unfold": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> x = ms.ops.arange(9.0).reshape(1, 1, 3, 3)
    >>> print(nn.Unfold(2)(x))  # a column per 2x2 block
    [[[0. 1. 3. 4.]
      [1. 2. 4. 5.]
      [3. 4. 6. 7.]
      [4. 5. 7. 8.]]]
""",
    "Upsample": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> x = ms.Tensor([[[[1.0, 2.0]]]])
    >>> print(nn.Upsample(scale_factor=2.0)(x))
    [[[[1. 1. 2. 2.]
       [1. 1. 2. 2.]]]]
""",
    "ZeroPad1d": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> print(nn.ZeroPad1d((1, 2))(ms.Tensor([[[1.0, 2.0]]])))
    [[[0. 1. 2. 0. 0.]]]
""",
    "ZeroPad2d": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> print(nn.ZeroPad2d((1, 0, 0, 1))(ms.Tensor([[[[1.0, 2.0]]]])))
    [[[[0. 1. 2.]
       [0. 0. 0.]]]]
""",
    "ZeroPad3d": """\
    >>> import msfunc as ms
    >>> nn = ms.mint.nn
    >>> print(nn.ZeroPad3d((0, 1, 0, 0, 1, 0))(ms.ops.ones((1, 1, 1, 1, 1))).reshape(-1))
    [0. 0. 1. 0.]
""",
}
