"""Docstrings of the pooling primitives: max, average, adaptive and unpooling."""

from ._sections import docstring, example

__all__ = ["DOCS"]

# entries and example inputs the 2-D (NCHW) and 3-D (NCDHW) pooling primitives share
_KERNEL_2D = (
    "kernel_size (Union[int, tuple[int, int]]): The window's height and width.\nDefault: ``1``."
)
_STRIDES_2D = "strides (Union[int, tuple[int, int]]): The step of the window. Default: ``1``."
_KERNEL_3D = (
    "kernel_size (Union[int, tuple[int, int, int]]): The window's depth, height, width.\n"
    "Default: ``1``."
)
_STRIDES_3D = "strides (Union[int, tuple[int, int, int]]): The step of the window. Default: ``1``."
_NCHW = "data_format (str): ``'NCHW'``. Default: ``'NCHW'``."
_NCDHW = "data_format (str): ``'NCDHW'``. Default: ``'NCDHW'``."
_X_2D = "x (Tensor): Inputs of shape ``(N, C, H, W)``."
_X_3D = "x (Tensor): Inputs of shape ``(N, C, D, H, W)``."
_OUT_2D = "Tensor of shape ``(N, C, H_out, W_out)``."
_OUT_3D = "Tensor of shape ``(N, C, D_out, H_out, W_out)``."
_ADAPTIVE_2D = (
    "output_size (Union[int, tuple[Optional[int], Optional[int]]]): The output's height\n"
    "and width; ``None`` keeps the input's."
)
_X_ADAPTIVE_2D = "x (Tensor): Inputs of shape ``(N, C, H, W)`` or ``(C, H, W)``."
_X_ADAPTIVE_3D = "x (Tensor): Inputs of shape ``(N, C, D, H, W)`` or ``(C, D, H, W)``."
_ARANGE_4X4 = "x = ops.arange(16, dtype=ms.float32).reshape(1, 1, 4, 4)"
_ARANGE_2X2X2 = "x = ops.arange(8, dtype=ms.float32).reshape(1, 1, 2, 2, 2)"
_MAXIMA_4X4 = "[[[[ 5.  7.]\n   [13. 15.]]]] [[[[ 5  7]\n   [13 15]]]]"


def _unpool_args(tuple_type, data_format):
    """The Args of `MaxUnpool2D` / `MaxUnpool3D`, their sizes of type `tuple_type`."""
    return [
        f"ksize (Union[int, {tuple_type}]): The pooling window's size.",
        f"strides (Union[int, {tuple_type}]): The pooling step; ``0`` is `ksize`.\nDefault: ``0``.",
        f"pads (Union[int, {tuple_type}]): The pooling padding. Default: ``0``.",
        "output_shape (tuple[int, ...]): The output shape; ``()`` computes it. Default: ``()``.",
        data_format,
    ]


def _fractional(kind, name, printed):
    """The docstring of FractionalAvgPool / FractionalMaxPool (`kind` pooling; `printed`: the
    example's pooled values)."""
    return f"""{kind} pooling over random fractional regions of an NHWC tensor.

    Each of the ``floor(H / pooling_ratio[1])`` row regions (and likewise columns) holds
    ``H // out`` or one more rows: shuffled counts, or with `pseudo_random` the boundaries
    ``ceil(alpha * (i + u))`` of one uniform offset `u`. The regions are drawn on the host
    from msfunc's own generator, not MindSpore's kernel stream, so they differ from
    MindSpore's draws unless the ratio divides the size; inside `msfunc.jit` or GRAPH_MODE
    the function runs eagerly, so every call draws anew.

    Args:
        pooling_ratio (list[float]): ``[1.0, row ratio, column ratio, 1.0]``, ratios >= 1.
        pseudo_random (bool): Whether the regions come from one offset. Default: ``False``.
        overlapping (bool): Whether each region also takes the next region's first row and
            column. Default: ``False``.
        deterministic (bool): Whether every call reuses the same regions. Default: ``False``.
        seed (int): Seeds the regions with `seed2` when either is nonzero. Default: ``0``.
        seed2 (int): The second seed. Default: ``0``.

    Inputs:
        x (Tensor): A tensor of shape ``(N, H, W, C)``.

    Outputs:
        tuple of three Tensors: the pooled ``(N, H_out, W_out, C)`` tensor (dtype of `x`) and
        the int64 row and column region boundaries.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor(list(range(16)), ms.float32).reshape(1, 4, 4, 1)
        >>> y, rows, cols = ops.{name}([1.0, 2.0, 2.0, 1.0])(x)
        >>> print(y.reshape(-1), rows)
        {printed} [0 2 4]
    """


# class name -> its docstring: summary, Args (constructor), Inputs (call), Outputs, Example
DOCS: dict[str, str] = {
    "FractionalAvgPool": _fractional("Average", "FractionalAvgPool", "[ 2.5  4.5 10.5 12.5]"),
    "FractionalMaxPool": _fractional("Max", "FractionalMaxPool", "[ 5.  7. 13. 15.]"),
    "FractionalMaxPoolWithFixedKsize": docstring(
        "Fractional max pooling of NCHW inputs with windows of `ksize` placed by given\n"
        "samples (`ops.fractional_max_pool2d` with `_random_samples`).",
        example(
            "ops.FractionalMaxPoolWithFixedKsize(2, 2)(x, ms.Tensor([[[0.5, 0.5]]]))[0]",
            "[[[[ 5.  7.]\n   [13. 15.]]]]",
            setup=[_ARANGE_4X4],
        ),
        args=[
            "ksize (Union[int, tuple[int, int]]): The window's height and width.",
            "output_shape (Union[int, tuple[int, int]]): The output's height and width.",
            _NCHW,
        ],
        inputs=[
            _X_2D,
            "random_samples (Tensor): Uniform samples in ``[0, 1)``, shape ``(N, C, 2)``.",
        ],
        outputs="Tuple of the maxima ``(N, C, H_out, W_out)`` and their flat int64 indices.",
    ),
    "FractionalMaxPool3DWithFixedKsize": docstring(
        "Fractional max pooling of NCDHW (or NDHWC) inputs with windows of `ksize` placed by\n"
        "given samples (`ops.fractional_max_pool3d` with `_random_samples`).",
        example(
            "ops.FractionalMaxPool3DWithFixedKsize(1, (1, 1, 1))(x, samples)[0]",
            "[[[[[7.]]]]]",
            setup=[_ARANGE_2X2X2, "samples = ms.Tensor([[[0.5, 0.5, 0.5]]])"],
        ),
        args=[
            "ksize (Union[int, tuple[int, int, int]]): The window's depth, height and width.",
            "output_shape (Union[int, tuple[int, int, int]]): The output's depth, height and\n"
            "width.",
            "data_format (str): ``'NCDHW'`` or ``'NDHWC'``. Default: ``'NCDHW'``.",
        ],
        inputs=[
            "x (Tensor): Inputs of shape ``(N, C, D, H, W)`` or ``(C, D, H, W)``.",
            "random_samples (Tensor): Uniform samples in ``[0, 1)``, shape ``(N, C, 3)``.",
        ],
        outputs="Tuple of the maxima and their flat int64 indices.",
    ),
    "MaxPool": docstring(
        "2-D max pooling of NCHW inputs.",
        example("ops.MaxPool(2, 2)(x)", "[[[[ 5.  7.]\n   [13. 15.]]]]", setup=[_ARANGE_4X4]),
        args=[
            _KERNEL_2D,
            _STRIDES_2D,
            "pad_mode (str): ``'valid'`` (windows inside the input) or ``'same'`` (output size\n"
            "``ceil(in / stride)``, padding ignored). Default: ``'valid'``.",
            _NCHW,
        ],
        inputs=[_X_2D],
        outputs=_OUT_2D,
    ),
    "AvgPool": docstring(
        "2-D average pooling of NCHW inputs.",
        example("ops.AvgPool(2, 2)(x)", "[[[[ 2.5  4.5]\n   [10.5 12.5]]]]", setup=[_ARANGE_4X4]),
        args=[
            _KERNEL_2D,
            _STRIDES_2D,
            "pad_mode (str): ``'VALID'`` or ``'SAME'`` (padding left out of the averages).\n"
            "Default: ``'VALID'``.",
            _NCHW,
        ],
        inputs=[_X_2D],
        outputs=_OUT_2D,
    ),
    "MaxPoolWithArgmax": docstring(
        "2-D max pooling that also returns where each maximum was.",
        example(
            "argmax",
            "[[[[ 5  7]\n   [13 15]]]]",
            setup=[_ARANGE_4X4, "y, argmax = ops.MaxPoolWithArgmax(2, 2)(x)"],
        ),
        args=[
            _KERNEL_2D,
            _STRIDES_2D,
            "pad_mode (str): ``'valid'`` or ``'same'``. Default: ``'valid'``.",
            _NCHW,
        ],
        inputs=[_X_2D],
        outputs="tuple of two Tensors: the maxima, and their int32 flat indices over each "
        "sample's\n``(C, H, W)``.",
    ),
    "MaxPoolWithArgmaxV2": docstring(
        "2-D max pooling with padding and dilation, returning the argmax.",
        example(
            "y, argmax",
            _MAXIMA_4X4,
            setup=[_ARANGE_4X4, "y, argmax = ops.MaxPoolWithArgmaxV2(2, 2)(x)"],
        ),
        args=[
            "kernel_size (Union[int, tuple[int, int]]): The window's height and width.",
            "strides (Union[int, tuple[int, int], None]): The step of the window; ``None`` is\n"
            "`kernel_size`. Default: ``None``.",
            "pads (Union[int, tuple[int, int]]): Padding of height and width. Default: ``0``.",
            "dilation (tuple[int, int]): The spacing of window elements. Default: ``(1, 1)``.",
            "ceil_mode (bool): Whether the output size rounds up. Default: ``False``.",
            "argmax_type (mindspore.dtype): ``ms.int32`` or ``ms.int64``. Default: ``ms.int64``.",
        ],
        inputs=[_X_2D],
        outputs="tuple of two Tensors: the maxima, and their flat indices over each ``(H, W)`` "
        "plane.",
    ),
    "MaxPool3D": docstring(
        "3-D max pooling of NCDHW inputs.",
        example("ops.MaxPool3D(2, 2)(x)", "[[[[[7.]]]]]", setup=[_ARANGE_2X2X2]),
        args=[
            _KERNEL_3D,
            _STRIDES_3D,
            "pad_mode (str): ``'VALID'``, ``'SAME'`` or ``'PAD'`` (the padding `pad_list`).\n"
            "Default: ``'VALID'``.",
            "pad_list (Union[int, tuple[int, ...]]): The padding with ``'PAD'``. Default: ``0``.",
            "ceil_mode (Optional[bool]): Whether the output size rounds up with ``'PAD'``.\n"
            "Default: ``None``.",
            _NCDHW,
        ],
        inputs=[_X_3D],
        outputs=_OUT_3D,
    ),
    "AvgPool3D": docstring(
        "3-D average pooling of NCDHW inputs.",
        example("ops.AvgPool3D(2, 2)(x)", "[[[[[3.5]]]]]", setup=[_ARANGE_2X2X2]),
        args=[
            _KERNEL_3D,
            _STRIDES_3D,
            "pad_mode (str): ``'valid'``, ``'same'`` or ``'pad'`` (the padding `pad`).\n"
            "Default: ``'valid'``.",
            "pad (Union[int, tuple[int, ...]]): The padding with ``'pad'``. Default: ``0``.",
            "ceil_mode (bool): Whether the output size rounds up. Default: ``False``.",
            "count_include_pad (bool): Whether padding counts in the averages. Default: ``True``.",
            "divisor_override (int): A fixed divisor when non-zero. Default: ``0``.",
            _NCDHW,
        ],
        inputs=[_X_3D],
        outputs=_OUT_3D,
    ),
    "AdaptiveAvgPool2D": docstring(
        "2-D average pooling to a given output size, windows chosen to fit.",
        example("ops.AdaptiveAvgPool2D((2, 1))(x)", "[[[[ 3.5]\n   [11.5]]]]", setup=[_ARANGE_4X4]),
        args=[_ADAPTIVE_2D],
        inputs=[_X_ADAPTIVE_2D],
        outputs="Tensor with the last two dimensions `output_size`.",
    ),
    "AdaptiveAvgPool3D": docstring(
        "3-D average pooling to a given output size, windows chosen to fit.",
        example("ops.AdaptiveAvgPool3D(1)(x)", "[[[[[3.5]]]]]", setup=[_ARANGE_2X2X2]),
        args=["output_size (Union[int, tuple[int, int, int]]): The output's depth, height, width."],
        inputs=[_X_ADAPTIVE_3D],
        outputs="Tensor with the last three dimensions `output_size`.",
    ),
    "AdaptiveMaxPool2D": docstring(
        "2-D max pooling to a given output size, with the argmax.",
        example(
            "y, argmax",
            _MAXIMA_4X4,
            setup=[_ARANGE_4X4, "y, argmax = ops.AdaptiveMaxPool2D((2, 2))(x)"],
        ),
        args=[_ADAPTIVE_2D],
        inputs=[_X_ADAPTIVE_2D],
        outputs="tuple of two Tensors: the maxima and their flat indices over each ``(H, W)`` "
        "plane.",
    ),
    "AdaptiveMaxPool3D": docstring(
        "3-D max pooling to an output size given at the call, with the argmax.",
        example(
            "y, argmax",
            "[[[[[7.]]]]] [[[[[7]]]]]",
            setup=[
                _ARANGE_2X2X2,
                "y, argmax = ops.AdaptiveMaxPool3D()(x, ms.Tensor([1, 1, 1], ms.int32))",
            ],
        ),
        inputs=[
            _X_ADAPTIVE_3D,
            "output_size (Tensor): The output's depth, height and width, an int32 tensor of 3.",
        ],
        outputs="tuple of two Tensors: the maxima and their flat indices over each ``(D, H, W)``.",
    ),
    "MaxUnpool2D": docstring(
        "Places pooled maxima back at their argmax positions, zeros elsewhere.\n\n"
        "The partial inverse of `MaxPoolWithArgmaxV2`.",
        example(
            "ops.MaxUnpool2D(2)(x, argmax)",
            "[[[[0. 5. 0. 0.]\n   [0. 0. 7. 0.]]]]",
            setup=["x, argmax = ms.Tensor([[[[5.0, 7.0]]]]), ms.Tensor([[[[1, 6]]]], ms.int64)"],
        ),
        args=_unpool_args("tuple[int, int]", _NCHW),
        inputs=[
            "x (Tensor): Pooled values ``(N, C, H, W)``.",
            "argmax (Tensor): Their int flat indices over each output ``(H, W)`` plane.",
        ],
        outputs=_OUT_2D,
    ),
    "MaxUnpool3D": docstring(
        "Places 3-D pooled maxima back at their argmax positions, zeros elsewhere.",
        example(
            "ops.MaxUnpool3D(2)(x, argmax).reshape(-1)",
            "[0. 0. 0. 0. 0. 7. 0. 0.]",
            setup=["x, argmax = ms.Tensor([[[[[7.0]]]]]), ms.Tensor([[[[[5]]]]], ms.int64)"],
        ),
        args=_unpool_args("tuple[int, int, int]", _NCDHW),
        inputs=[
            "x (Tensor): Pooled values ``(N, C, D, H, W)``.",
            "argmax (Tensor): Their int flat indices over each output ``(D, H, W)``.",
        ],
        outputs=_OUT_3D,
    ),
}
