"""Docstrings of the neural-network primitives for activations, normalization and dropout."""

from ._sections import FLOAT_X, SAME_AS_X, class_form, docstring, example

# class name -> its docstring: summary, Args (constructor), Inputs (call), Outputs, Example
DOCS: dict[str, str] = {
    "Softmax": """The softmax along an axis: ``exp(x) / sum(exp(x))``.

    The class form of `ops.softmax`.

    Args:
        axis (Union[int, tuple[int, ...]]): The dimension normalized. Default: ``-1``.

    Inputs:
        x (Tensor): A float tensor.

    Outputs:
        Tensor of `x`'s shape and dtype; it sums to 1 along `axis`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.Softmax()(ms.Tensor([0.0, 0.0, 0.0, 0.0])))
        [0.25 0.25 0.25 0.25]
    """,
    "LogSoftmax": docstring(
        class_form("The log of the softmax along an axis, computed stably.", "log_softmax"),
        example("ops.LogSoftmax()(ms.Tensor([1.0, 1.0])).asnumpy().round(4)", "[-0.6931 -0.6931]"),
        args=["axis (int): The dimension normalized. Default: ``-1``."],
        inputs=[FLOAT_X],
        outputs=SAME_AS_X,
    ),
    "LogSoftmaxExt": """The log of the softmax along a dimension given at the call.

    Inputs:
        x (Tensor): A float tensor.
        dim (Optional[int]): The dimension normalized; ``None`` is the last. Default: ``None``.
        dtype (Optional[mindspore.dtype]): A dtype `x` is cast to first. Default: ``None``.

    Outputs:
        Tensor of `x`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1.0, 1.0], [2.0, 2.0]])
        >>> print(ops.LogSoftmaxExt()(x, 0).asnumpy().round(4))
        [[-1.3133 -1.3133]
         [-0.3133 -0.3133]]
    """,
    "Elu": docstring(
        class_form(
            "The exponential linear unit: ``x`` above 0, ``alpha * (exp(x) - 1)`` below.", "elu"
        ),
        example(
            "ops.Elu()(ms.Tensor([-1.0, 0.0, 2.0])).asnumpy().round(4)", "[-0.6321  0.      2.    ]"
        ),
        args=[
            "alpha (float): The scale of the negative part (MindSpore takes only 1.0).\n"
            "Default: ``1.0``."
        ],
        inputs=[FLOAT_X],
        outputs=SAME_AS_X,
    ),
    "CeLU": docstring(
        "The continuously differentiable ELU.\n"
        "\n"
        "``max(0, x) + min(0, alpha * (exp(x / alpha) - 1))``; the class form of `ops.celu`.",
        example(
            "ops.CeLU(2.0)(ms.Tensor([-2.0, 0.0, 2.0])).asnumpy().round(4)",
            "[-1.2642  0.      2.    ]",
        ),
        args=["alpha (float): The scale of the negative part, non-zero. Default: ``1.0``."],
        inputs=[FLOAT_X],
        outputs=SAME_AS_X,
    ),
    "HShrink": docstring(
        class_form(
            "Hard shrinkage: keeps the elements with ``|x| > lambd``, zeroes the rest.",
            "hardshrink",
        ),
        example("ops.HShrink()(ms.Tensor([-1.0, 0.25, 0.5, 2.0]))", "[-1.  0.  0.  2.]"),
        args=["lambd (float): The threshold. Default: ``0.5``."],
        inputs=[FLOAT_X],
        outputs=SAME_AS_X,
    ),
    "SoftShrink": docstring(
        class_form(
            "Soft shrinkage: moves every element `lambd` toward 0, zeroing those within it.",
            "softshrink",
        ),
        example("ops.SoftShrink()(ms.Tensor([-1.0, 0.25, 2.0]))", "[-0.5  0.   1.5]"),
        args=["lambd (float): The threshold, non-negative. Default: ``0.5``."],
        inputs=[FLOAT_X],
        outputs=SAME_AS_X,
    ),
    "GLU": """The gated linear unit: halves `a`, `b` of `x` along an axis give ``a * sigmoid(b)``.

    The class form of `ops.glu`.

    Args:
        axis (int): The dimension split in two halves. Default: ``-1``.

    Inputs:
        x (Tensor): A float tensor whose `axis` has even size.

    Outputs:
        Tensor of `x`'s shape with `axis` halved.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.GLU()(ms.Tensor([[2.0, 4.0, 0.0, 0.0]])))
        [[1. 2.]]
    """,
    "BiasAdd": """Adds a bias along the channel dimension: the class form of `ops.bias_add`.

    Args:
        data_format (str): Where the channels are: ``'NCHW'`` (the second dimension),
            ``'NHWC'`` (the last) or ``'NCDHW'``. Default: ``'NCHW'``.

    Inputs:
        x (Tensor): A tensor of rank 2 or more.
        b (Tensor): A 1-D bias, one value per channel.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> print(ops.BiasAdd()(x, ms.Tensor([10.0, 20.0])))
        [[11. 22.]
         [13. 24.]]
    """,
    "Dense": """A fully connected layer's map ``x @ w.T + b``: the class form of `ops.dense`.

    Inputs:
        x (Tensor): The inputs, of shape ``(..., in)``.
        w (Tensor): The weight, of shape ``(out, in)``.
        b (Optional[Tensor]): The bias, of shape ``(out,)``. Default: ``None``.

    Outputs:
        Tensor of shape ``(..., out)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x, w = ms.Tensor([[1.0, 2.0]]), ms.Tensor([[1.0, 1.0], [0.0, 2.0]])
        >>> print(ops.Dense()(x, w, ms.Tensor([0.5, 0.5])))
        [[3.5 4.5]]
    """,
    "LRN": """Local response normalization across nearby channels (NCHW).

    ``x / (bias + alpha * sum(x ** 2 over 2 * depth_radius + 1 channels)) ** beta``.

    Args:
        depth_radius (int): How many channels on each side are summed. Default: ``5``.
        bias (float): The offset. Default: ``1.0``.
        alpha (float): The scale of the sum. Default: ``1.0``.
        beta (float): The exponent. Default: ``0.5``.
        norm_region (str): ``'ACROSS_CHANNELS'``, the one region. Default:
            ``'ACROSS_CHANNELS'``.

    Inputs:
        x (Tensor): A float tensor of shape ``(N, C, H, W)``.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[[[1.0]], [[2.0]]]])
        >>> print(ops.LRN(1, 1.0, 1.0, 1.0)(x).reshape(-1))
        [0.16666667 0.33333334]
    """,
    "BatchNorm": """Batch normalization over the channel dimension, with its statistics.

    Args:
        is_training (bool): Whether the batch's statistics normalize (training) rather than
            the given moving ones. Default: ``False``.
        epsilon (float): Added to the variance. Default: ``1e-05``.
        momentum (float): The weight of the batch statistics in the moving averages, which
            training updates when `mean` and `variance` are Parameters. Default: ``0.1``.
        data_format (str): ``'NCHW'`` or ``'NHWC'``. Default: ``'NCHW'``.

    Inputs:
        x (Tensor): Inputs of shape ``(N, C, ...)``.
        scale (Tensor): The per-channel scale, ``(C,)``.
        bias (Tensor): The per-channel offset, ``(C,)``.
        mean (Tensor): The moving mean, ``(C,)``.
        variance (Tensor): The moving variance, ``(C,)``.

    Outputs:
        tuple of five Tensors: the normalized `x`, the mean and variance used, and again
        the mean and variance (MindSpore's saved statistics).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1.0, 2.0], [3.0, 6.0]])
        >>> ones, zeros = ms.Tensor([1.0, 1.0]), ms.Tensor([0.0, 0.0])
        >>> y = ops.BatchNorm()(x, ones, zeros, ms.Tensor([1.0, 2.0]), ones)[0]
        >>> print(y.asnumpy().round(4))
        [[0. 0.]
         [2. 4.]]
    """,
    "LayerNorm": """Layer normalization over the trailing dimensions, with its statistics.

    Args:
        begin_norm_axis (int): The first dimension normalized over. Default: ``1``.
        begin_params_axis (int): The first dimension `gamma` and `beta` span. Default: ``1``.
        epsilon (float): Added to the variance. Default: ``1e-07``.

    Inputs:
        x (Tensor): A float tensor.
        gamma (Tensor): The scale, of ``x.shape[begin_params_axis:]``.
        beta (Tensor): The offset, of `gamma`'s shape.

    Outputs:
        tuple of three Tensors: the normalized `x`, and the mean and variance (kept dims).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x, gamma, beta = ms.Tensor([[1.0, 3.0]]), ms.Tensor([1.0, 1.0]), ms.Tensor([0.0, 0.0])
        >>> y, mean, var = ops.LayerNorm()(x, gamma, beta)
        >>> print(y.asnumpy().round(4), mean, var)
        [[-1.  1.]] [[2.]] [[1.]]
    """,
    "RmsNorm": """Root-mean-square normalization over the last dimensions: ``x / rms(x) * gamma``.

    Args:
        epsilon (float): Added to the mean square. Default: ``1e-06``.

    Inputs:
        x (Tensor): A float tensor.
        gamma (Tensor): The scale, of the trailing shape normalized over.

    Outputs:
        tuple of two Tensors: the normalized `x` and the reciprocal rms (kept dims).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> y, rstd = ops.RmsNorm(0.0)(ms.Tensor([[3.0, 4.0]]), ms.Tensor([1.0, 1.0]))
        >>> print(y.asnumpy().round(4))
        [[0.8485 1.1314]]
    """,
    "Dropout": """Zeroes random elements with probability ``1 - keep_prob``, scaling the rest up.

    Args:
        keep_prob (float): The probability an element is kept, in ``(0, 1]``. Default: ``0.5``.
        Seed0 (int): The graph-level seed; when both seeds are 0 the mask is drawn from the
            global random stream. Default: ``0``.
        Seed1 (int): The op-level seed. Default: ``0``.

    Inputs:
        x (Tensor): A float tensor.

    Outputs:
        tuple of two Tensors of `x`'s shape and dtype: ``x * mask / keep_prob`` and the mask,
        1 where an element is kept, else 0.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> out, mask = ops.Dropout(keep_prob=1.0)(ms.Tensor([1.0, 2.0]))
        >>> print(out)
        [1. 2.]
    """,
    "Dropout2D": """Zeroes whole random channels of 4-D inputs with probability ``1 - keep_prob``.

    The kept channels are scaled by ``1 / keep_prob``.

    Args:
        keep_prob (float): The probability a channel is kept, in ``(0, 1]``. Default: ``0.5``.

    Inputs:
        x (Tensor): A tensor of shape ``(N, C, H, W)``.

    Outputs:
        tuple of two Tensors of `x`'s shape: the output and the bool mask.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> out, mask = ops.Dropout2D(keep_prob=1.0)(ms.Tensor([[[[1.0, 2.0]]]]))
        >>> print(out)
        [[[[1. 2.]]]]
    """,
    "Dropout3D": """Zeroes whole random channels of 5-D inputs with probability ``1 - keep_prob``.

    The kept channels are scaled by ``1 / keep_prob``.

    Args:
        keep_prob (float): The probability a channel is kept, in ``(0, 1]``. Default: ``0.5``.

    Inputs:
        x (Tensor): A tensor of shape ``(N, C, D, H, W)``.

    Outputs:
        tuple of two Tensors of `x`'s shape: the output and the bool mask.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> out, mask = ops.Dropout3D(keep_prob=1.0)(ms.Tensor([[[[[1.0, 2.0]]]]]))
        >>> print(out)
        [[[[[1. 2.]]]]]
    """,
}
