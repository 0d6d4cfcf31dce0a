"""Docstrings of the pooling primitives: max, average, adaptive and unpooling."""

# class name -> its docstring: summary, Args (constructor), Inputs (call), Outputs, Example
DOCS: dict[str, str] = {
    "MaxPool": """2-D max pooling of NCHW inputs.

    Args:
        kernel_size (Union[int, tuple[int, int]]): The window's height and width.
            Default: ``1``.
        strides (Union[int, tuple[int, int]]): The step of the window. Default: ``1``.
        pad_mode (str): ``'valid'`` (windows inside the input) or ``'same'`` (output size
            ``ceil(in / stride)``, padding ignored). Default: ``'valid'``.
        data_format (str): ``'NCHW'``. Default: ``'NCHW'``.

    Inputs:
        x (Tensor): Inputs of shape ``(N, C, H, W)``.

    Outputs:
        Tensor of shape ``(N, C, H_out, W_out)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ops.arange(16, dtype=ms.float32).reshape(1, 1, 4, 4)
        >>> print(ops.MaxPool(2, 2)(x))
        [[[[ 5.  7.]
           [13. 15.]]]]
    """,
    "AvgPool": """2-D average pooling of NCHW inputs.

    Args:
        kernel_size (Union[int, tuple[int, int]]): The window's height and width.
            Default: ``1``.
        strides (Union[int, tuple[int, int]]): The step of the window. Default: ``1``.
        pad_mode (str): ``'VALID'`` or ``'SAME'`` (padding left out of the averages).
            Default: ``'VALID'``.
        data_format (str): ``'NCHW'``. Default: ``'NCHW'``.

    Inputs:
        x (Tensor): Inputs of shape ``(N, C, H, W)``.

    Outputs:
        Tensor of shape ``(N, C, H_out, W_out)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ops.arange(16, dtype=ms.float32).reshape(1, 1, 4, 4)
        >>> print(ops.AvgPool(2, 2)(x))
        [[[[ 2.5  4.5]
           [10.5 12.5]]]]
    """,
    "MaxPoolWithArgmax": """2-D max pooling that also returns where each maximum was.

    Args:
        kernel_size (Union[int, tuple[int, int]]): The window's height and width.
            Default: ``1``.
        strides (Union[int, tuple[int, int]]): The step of the window. Default: ``1``.
        pad_mode (str): ``'valid'`` or ``'same'``. Default: ``'valid'``.
        data_format (str): ``'NCHW'``. Default: ``'NCHW'``.

    Inputs:
        x (Tensor): Inputs of shape ``(N, C, H, W)``.

    Outputs:
        tuple of two Tensors: the maxima, and their int32 flat indices over each sample's
        ``(C, H, W)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ops.arange(16, dtype=ms.float32).reshape(1, 1, 4, 4)
        >>> y, argmax = ops.MaxPoolWithArgmax(2, 2)(x)
        >>> print(argmax)
        [[[[ 5  7]
           [13 15]]]]
    """,
    "MaxPoolWithArgmaxV2": """2-D max pooling with padding and dilation, returning the argmax.

    Args:
        kernel_size (Union[int, tuple[int, int]]): The window's height and width.
        strides (Union[int, tuple[int, int], None]): The step of the window; ``None`` is
            `kernel_size`. Default: ``None``.
        pads (Union[int, tuple[int, int]]): Padding of height and width. Default: ``0``.
        dilation (tuple[int, int]): The spacing of window elements. Default: ``(1, 1)``.
        ceil_mode (bool): Whether the output size rounds up. Default: ``False``.
        argmax_type (mindspore.dtype): ``ms.int32`` or ``ms.int64``. Default: ``ms.int64``.

    Inputs:
        x (Tensor): Inputs of shape ``(N, C, H, W)``.

    Outputs:
        tuple of two Tensors: the maxima, and their flat indices over each ``(H, W)`` plane.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ops.arange(16, dtype=ms.float32).reshape(1, 1, 4, 4)
        >>> y, argmax = ops.MaxPoolWithArgmaxV2(2, 2)(x)
        >>> print(y, argmax)
        [[[[ 5.  7.]
           [13. 15.]]]] [[[[ 5  7]
           [13 15]]]]
    """,
    "MaxPool3D": """3-D max pooling of NCDHW inputs.

    Args:
        kernel_size (Union[int, tuple[int, int, int]]): The window's depth, height, width.
            Default: ``1``.
        strides (Union[int, tuple[int, int, int]]): The step of the window. Default: ``1``.
        pad_mode (str): ``'VALID'``, ``'SAME'`` or ``'PAD'`` (the padding `pad_list`).
            Default: ``'VALID'``.
        pad_list (Union[int, tuple[int, ...]]): The padding with ``'PAD'``. Default: ``0``.
        ceil_mode (Optional[bool]): Whether the output size rounds up with ``'PAD'``.
            Default: ``None``.
        data_format (str): ``'NCDHW'``. Default: ``'NCDHW'``.

    Inputs:
        x (Tensor): Inputs of shape ``(N, C, D, H, W)``.

    Outputs:
        Tensor of shape ``(N, C, D_out, H_out, W_out)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ops.arange(8, dtype=ms.float32).reshape(1, 1, 2, 2, 2)
        >>> print(ops.MaxPool3D(2, 2)(x))
        [[[[[7.]]]]]
    """,
    "AvgPool3D": """3-D average pooling of NCDHW inputs.

    Args:
        kernel_size (Union[int, tuple[int, int, int]]): The window's depth, height, width.
            Default: ``1``.
        strides (Union[int, tuple[int, int, int]]): The step of the window. Default: ``1``.
        pad_mode (str): ``'valid'``, ``'same'`` or ``'pad'`` (the padding `pad`).
            Default: ``'valid'``.
        pad (Union[int, tuple[int, ...]]): The padding with ``'pad'``. Default: ``0``.
        ceil_mode (bool): Whether the output size rounds up. Default: ``False``.
        count_include_pad (bool): Whether padding counts in the averages. Default: ``True``.
        divisor_override (int): A fixed divisor when non-zero. Default: ``0``.
        data_format (str): ``'NCDHW'``. Default: ``'NCDHW'``.

    Inputs:
        x (Tensor): Inputs of shape ``(N, C, D, H, W)``.

    Outputs:
        Tensor of shape ``(N, C, D_out, H_out, W_out)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ops.arange(8, dtype=ms.float32).reshape(1, 1, 2, 2, 2)
        >>> print(ops.AvgPool3D(2, 2)(x))
        [[[[[3.5]]]]]
    """,
    "AdaptiveAvgPool2D": """2-D average pooling to a given output size, windows chosen to fit.

    Args:
        output_size (Union[int, tuple[Optional[int], Optional[int]]]): The output's height
            and width; ``None`` keeps the input's.

    Inputs:
        x (Tensor): Inputs of shape ``(N, C, H, W)`` or ``(C, H, W)``.

    Outputs:
        Tensor with the last two dimensions `output_size`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ops.arange(16, dtype=ms.float32).reshape(1, 1, 4, 4)
        >>> print(ops.AdaptiveAvgPool2D((2, 1))(x))
        [[[[ 3.5]
           [11.5]]]]
    """,
    "AdaptiveAvgPool3D": """3-D average pooling to a given output size, windows chosen to fit.

    Args:
        output_size (Union[int, tuple[int, int, int]]): The output's depth, height, width.

    Inputs:
        x (Tensor): Inputs of shape ``(N, C, D, H, W)`` or ``(C, D, H, W)``.

    Outputs:
        Tensor with the last three dimensions `output_size`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ops.arange(8, dtype=ms.float32).reshape(1, 1, 2, 2, 2)
        >>> print(ops.AdaptiveAvgPool3D(1)(x))
        [[[[[3.5]]]]]
    """,
    "AdaptiveMaxPool2D": """2-D max pooling to a given output size, with the argmax.

    Args:
        output_size (Union[int, tuple[Optional[int], Optional[int]]]): The output's height
            and width; ``None`` keeps the input's.

    Inputs:
        x (Tensor): Inputs of shape ``(N, C, H, W)`` or ``(C, H, W)``.

    Outputs:
        tuple of two Tensors: the maxima and their flat indices over each ``(H, W)`` plane.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ops.arange(16, dtype=ms.float32).reshape(1, 1, 4, 4)
        >>> y, argmax = ops.AdaptiveMaxPool2D((2, 2))(x)
        >>> print(y, argmax)
        [[[[ 5.  7.]
           [13. 15.]]]] [[[[ 5  7]
           [13 15]]]]
    """,
    "AdaptiveMaxPool3D": """3-D max pooling to an output size given at the call, with the argmax.

    Inputs:
        x (Tensor): Inputs of shape ``(N, C, D, H, W)`` or ``(C, D, H, W)``.
        output_size (Tensor): The output's depth, height and width, an int32 tensor of 3.

    Outputs:
        tuple of two Tensors: the maxima and their flat indices over each ``(D, H, W)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ops.arange(8, dtype=ms.float32).reshape(1, 1, 2, 2, 2)
        >>> y, argmax = ops.AdaptiveMaxPool3D()(x, ms.Tensor([1, 1, 1], ms.int32))
        >>> print(y, argmax)
        [[[[[7.]]]]] [[[[[7]]]]]
    """,
    "MaxUnpool2D": """Places pooled maxima back at their argmax positions, zeros elsewhere.

    The partial inverse of `MaxPoolWithArgmaxV2`.

    Args:
        ksize (Union[int, tuple[int, int]]): The pooling window's size.
        strides (Union[int, tuple[int, int]]): The pooling step; ``0`` is `ksize`.
            Default: ``0``.
        pads (Union[int, tuple[int, int]]): The pooling padding. Default: ``0``.
        output_shape (tuple[int, ...]): The output shape; ``()`` computes it. Default: ``()``.
        data_format (str): ``'NCHW'``. Default: ``'NCHW'``.

    Inputs:
        x (Tensor): Pooled values ``(N, C, H, W)``.
        argmax (Tensor): Their int flat indices over each output ``(H, W)`` plane.

    Outputs:
        Tensor of shape ``(N, C, H_out, W_out)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x, argmax = ms.Tensor([[[[5.0, 7.0]]]]), ms.Tensor([[[[1, 6]]]], ms.int64)
        >>> print(ops.MaxUnpool2D(2)(x, argmax))
        [[[[0. 5. 0. 0.]
           [0. 0. 7. 0.]]]]
    """,
    "MaxUnpool3D": """Places 3-D pooled maxima back at their argmax positions, zeros elsewhere.

    Args:
        ksize (Union[int, tuple[int, int, int]]): The pooling window's size.
        strides (Union[int, tuple[int, int, int]]): The pooling step; ``0`` is `ksize`.
            Default: ``0``.
        pads (Union[int, tuple[int, int, int]]): The pooling padding. Default: ``0``.
        output_shape (tuple[int, ...]): The output shape; ``()`` computes it. Default: ``()``.
        data_format (str): ``'NCDHW'``. Default: ``'NCDHW'``.

    Inputs:
        x (Tensor): Pooled values ``(N, C, D, H, W)``.
        argmax (Tensor): Their int flat indices over each output ``(D, H, W)``.

    Outputs:
        Tensor of shape ``(N, C, D_out, H_out, W_out)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x, argmax = ms.Tensor([[[[[7.0]]]]]), ms.Tensor([[[[[5]]]]], ms.int64)
        >>> print(ops.MaxUnpool3D(2)(x, argmax).reshape(-1))
        [0. 0. 0. 0. 0. 7. 0. 0.]
    """,
}
