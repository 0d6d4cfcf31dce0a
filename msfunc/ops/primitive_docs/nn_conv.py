"""Docstrings of the convolution primitives and their patch helpers (im2col, col2im)."""

from ._sections import docstring, example

# the Args of `Conv2DBackpropInput` and `Conv2DTranspose` (one operation, two names): the
# forward convolution they undo
_FORWARD_CONV_2D = [
    "out_channel (int): The forward convolution's output channels.",
    "kernel_size (Union[int, tuple[int, int]]): The kernel's height and width.",
    "pad_mode (str): ``'valid'``, ``'same'`` or ``'pad'``. Default: ``'valid'``.",
    "pad (Union[int, tuple[int, int, int, int]]): The forward padding with ``'pad'``.\n"
    "Default: ``0``.",
    "pad_list (Optional[tuple[int, int, int, int]]): Kept for compatibility.\nDefault: ``None``.",
    "mode (int): Kept for compatibility. Default: ``1``.",
    "stride (Union[int, tuple[int, ...]]): The forward stride. Default: ``1``.",
    "dilation (Union[int, tuple[int, ...]]): The forward dilation. Default: ``1``.",
    "group (int): The number of channel groups. Default: ``1``.",
    "data_format (str): ``'NCHW'``. Default: ``'NCHW'``.",
]

# class name -> its docstring: summary, Args (constructor), Inputs (call), Outputs, Example
DOCS: dict[str, str] = {
    "Conv2D": """A 2-D convolution (cross-correlation) of NCHW inputs: `ops.conv2d`'s class.

    Args:
        out_channel (int): The number of output channels.
        kernel_size (Union[int, tuple[int, int]]): The kernel's height and width.
        mode (int): Kept for compatibility (1, convolution). Default: ``1``.
        pad_mode (str): ``'valid'`` (no padding), ``'same'`` (output size ``ceil(in /
            stride)``) or ``'pad'`` (the padding `pad`). Default: ``'valid'``.
        pad (Union[int, tuple[int, int, int, int]]): With ``'pad'``: one padding, or top,
            bottom, left, right. Default: ``0``.
        stride (Union[int, tuple[int, ...]]): The step of the kernel. Default: ``1``.
        dilation (Union[int, tuple[int, ...]]): The spacing of kernel elements. Default: ``1``.
        group (int): The number of channel groups. Default: ``1``.
        data_format (str): ``'NCHW'``, the one layout. Default: ``'NCHW'``.

    Inputs:
        x (Tensor): Inputs of shape ``(N, C_in, H, W)``.
        w (Tensor): The kernel, of shape ``(out_channel, C_in / group, kh, kw)``.

    Outputs:
        Tensor of shape ``(N, out_channel, H_out, W_out)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]]])
        >>> w = ms.Tensor([[[[1.0, 1.0], [1.0, 1.0]]]])
        >>> print(ops.Conv2D(1, 2)(x, w))
        [[[[12. 16.]
           [24. 28.]]]]
    """,
    "Conv3D": """A 3-D convolution (cross-correlation) of NCDHW inputs: `ops.conv3d`'s class.

    Args:
        out_channel (int): The number of output channels.
        kernel_size (Union[int, tuple[int, int, int]]): The kernel's depth, height, width.
        mode (int): Kept for compatibility (1, convolution). Default: ``1``.
        pad_mode (str): ``'valid'``, ``'same'`` or ``'pad'``. Default: ``'valid'``.
        pad (Union[int, tuple[int, ...]]): With ``'pad'``: one padding, or six (head, tail,
            top, bottom, left, right). Default: ``0``.
        stride (Union[int, tuple[int, ...]]): The step of the kernel. Default: ``1``.
        dilation (Union[int, tuple[int, ...]]): The spacing of kernel elements. Default: ``1``.
        group (int): The number of channel groups. Default: ``1``.
        data_format (str): ``'NCDHW'``, the one layout. Default: ``'NCDHW'``.

    Inputs:
        x (Tensor): Inputs of shape ``(N, C_in, D, H, W)``.
        w (Tensor): The kernel, of shape ``(out_channel, C_in / group, kd, kh, kw)``.

    Outputs:
        Tensor of shape ``(N, out_channel, D_out, H_out, W_out)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x, w = ops.ones((1, 1, 3, 3, 3), ms.float32), ops.ones((1, 1, 2, 2, 2), ms.float32)
        >>> print(ops.Conv3D(1, 2)(x, w).shape, ops.Conv3D(1, 2)(x, w)[0, 0, 0, 0, 0])
        (1, 1, 2, 2, 2) 8.0
    """,
    "Conv2DBackpropInput": docstring(
        "The gradient of a 2-D convolution with respect to its input.\n"
        "\n"
        "Its arguments describe the forward convolution (see `Conv2D`).",
        example(
            "ops.Conv2DBackpropInput(1, 2)(dout, w, (1, 1, 3, 3))",
            "[[[[1. 2. 1.]\n   [2. 4. 2.]\n   [1. 2. 1.]]]]",
            setup=[
                "dout, w = ops.ones((1, 1, 2, 2), ms.float32), ops.ones((1, 1, 2, 2), ms.float32)"
            ],
        ),
        args=_FORWARD_CONV_2D,
        inputs=[
            "dout (Tensor): The gradient of the convolution's output.",
            "weight (Tensor): The forward kernel, ``(out_channel, C_in / group, kh, kw)``.",
            "input_size (tuple[int, ...]): The forward input's shape ``(N, C_in, H, W)``.",
        ],
        outputs="Tensor of shape `input_size`.",
    ),
    "Conv2DTranspose": docstring(
        "A 2-D transposed convolution: the gradient of `Conv2D` for its input.\n"
        "\n"
        "The same operation as `Conv2DBackpropInput`, under the name of its use.",
        example(
            "ops.Conv2DTranspose(1, 2)(dout, w, (1, 1, 2, 2))",
            "[[[[1. 2.]\n   [3. 4.]]]]",
            setup=["dout, w = ms.Tensor([[[[1.0]]]]), ms.Tensor([[[[1.0, 2.0], [3.0, 4.0]]]])"],
        ),
        args=_FORWARD_CONV_2D,
        inputs=[
            "dout (Tensor): The tensor spread out, ``(N, out_channel, H, W)``.",
            "weight (Tensor): The kernel, ``(out_channel, C / group, kh, kw)``.",
            "input_size (tuple[int, ...]): The shape of the result ``(N, C, H_out, W_out)``.",
        ],
        outputs="Tensor of shape `input_size`.",
    ),
    "Conv3DTranspose": """A 3-D transposed convolution of NCDHW inputs.

    Args:
        in_channel (int): The number of input channels.
        out_channel (int): The number of output channels.
        kernel_size (Union[int, tuple[int, int, int]]): The kernel's depth, height, width.
        mode (int): Kept for compatibility. Default: ``1``.
        pad_mode (str): ``'valid'``, ``'same'`` or ``'pad'``. Default: ``'valid'``.
        pad (Union[int, tuple[int, ...]]): The padding removed with ``'pad'``. Default: ``0``.
        stride (Union[int, tuple[int, ...]]): The upsampling step. Default: ``1``.
        dilation (Union[int, tuple[int, ...]]): The spacing of kernel elements. Default: ``1``.
        group (int): The number of channel groups. Default: ``1``.
        output_padding (Union[int, tuple[int, ...]]): Extra size added at the end of each
            spatial dimension. Default: ``0``.
        data_format (str): ``'NCDHW'``. Default: ``'NCDHW'``.

    Inputs:
        x (Tensor): Inputs of shape ``(N, in_channel, D, H, W)``.
        w (Tensor): The kernel, ``(in_channel, out_channel / group, kd, kh, kw)``.

    Outputs:
        Tensor of shape ``(N, out_channel, D_out, H_out, W_out)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x, w = ops.ones((1, 1, 2, 2, 2), ms.float32), ops.ones((1, 1, 2, 2, 2), ms.float32)
        >>> y = ops.Conv3DTranspose(1, 1, 2)(x, w)
        >>> print(y.shape, y[0, 0, 0])
        (1, 1, 3, 3, 3) [[1. 2. 1.]
         [2. 4. 2.]
         [1. 2. 1.]]
    """,
    "DepthwiseConv2dNative": """A depthwise 2-D convolution: each input channel has its own kernels.

    Output channel ``c * channel_multiplier + k`` convolves input channel `c` with kernel
    ``w[k, c]``.

    Args:
        channel_multiplier (int): The kernels per input channel.
        kernel_size (Union[int, tuple[int, int]]): The kernel's height and width.
        mode (int): Kept for compatibility (3, depthwise). Default: ``3``.
        pad_mode (str): ``'valid'``, ``'same'`` or ``'pad'``. Default: ``'valid'``.
        pad (Union[int, tuple[int, int, int, int]]): The padding with ``'pad'``. Default: ``0``.
        stride (Union[int, tuple[int, ...]]): The step of the kernel. Default: ``1``.
        dilation (Union[int, tuple[int, ...]]): The spacing of kernel elements. Default: ``1``.
        group (int): Kept for compatibility. Default: ``1``.

    Inputs:
        x (Tensor): Inputs of shape ``(N, C, H, W)``.
        w (Tensor): The kernels, of shape ``(channel_multiplier, C, kh, kw)``.

    Outputs:
        Tensor of shape ``(N, C * channel_multiplier, H_out, W_out)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[[[1.0, 1.0], [1.0, 1.0]], [[2.0, 2.0], [2.0, 2.0]]]])
        >>> w = ops.ones((1, 2, 2, 2), ms.float32)
        >>> print(ops.DepthwiseConv2dNative(1, 2)(x, w).reshape(-1))
        [4. 8.]
    """,
    "Im2Col": """Unfolds the sliding `ksizes` blocks of NCHW images into columns.

    Args:
        ksizes (Union[int, tuple[int, int]]): The block's height and width.
        strides (Union[int, tuple[int, int]]): The step between blocks. Default: ``1``.
        dilations (Union[int, tuple[int, int]]): The spacing inside a block. Default: ``1``.
        pads (Union[int, tuple[int, ...]]): Zero padding of height and width. Default: ``0``.

    Inputs:
        x (Tensor): Images of shape ``(N, C, H, W)``.

    Outputs:
        Tensor of shape ``(N, C, kh * kw, L)``, `L` the number of blocks.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]]])
        >>> print(ops.Im2Col(2)(x)[0, 0])
        [[1. 2. 4. 5.]
         [2. 3. 5. 6.]
         [4. 5. 7. 8.]
         [5. 6. 8. 9.]]
    """,
    "Col2Im": """Folds columns of blocks back into images, summing overlaps (`Im2Col` undone).

    Args:
        kernel_size (Union[int, tuple[int, int]]): The block's height and width.
        dilation (Union[int, tuple[int, int]]): The spacing inside a block. Default: ``1``.
        padding (Union[int, tuple[int, int]]): The padding of height and width. Default: ``0``.
        stride (Union[int, tuple[int, int]]): The step between blocks. Default: ``1``.

    Inputs:
        x (Tensor): Columns of shape ``(N, C, kh * kw, L)``.
        output_size (Tensor): The image's height and width, an int32 tensor of 2.

    Outputs:
        Tensor of shape ``(N, C, H, W)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> cols = ops.ones((1, 1, 4, 4), ms.float32)
        >>> print(ops.Col2Im(2)(cols, ms.Tensor([3, 3], ms.int32)))
        [[[[1. 2. 1.]
           [2. 4. 2.]
           [1. 2. 1.]]]]
    """,
    "ExtractImagePatches": """Stacks each image patch's pixels along the channels.

    Args:
        ksizes (tuple[int, ...]): The patch size ``(1, 1, kh, kw)``.
        strides (tuple[int, ...]): The step between patches ``(1, 1, sh, sw)``.
        rates (tuple[int, ...]): The spacing inside a patch ``(1, 1, rh, rw)``.
        padding (str): ``'valid'`` or ``'same'``. Default: ``'valid'``.

    Inputs:
        x (Tensor): Images of shape ``(N, C, H, W)``.

    Outputs:
        Tensor of shape ``(N, kh * kw * C, H_out, W_out)``, depth ordered (row, column,
        channel).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]]])
        >>> op = ops.ExtractImagePatches((1, 1, 2, 2), (1, 1, 1, 1), (1, 1, 1, 1))
        >>> print(op(x)[0, :, 0, 0], op(x).shape)
        [1. 2. 4. 5.] (1, 4, 2, 2)
    """,
    "ChannelShuffle": """Interleaves the channels of `group` groups: `ops.channel_shuffle`'s class.

    Args:
        group (int): The number of groups; it divides the channels.

    Inputs:
        x (Tensor): A tensor of shape ``(N, C, ...)``.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([0, 1, 2, 3], ms.int32).reshape(1, 4, 1, 1)
        >>> print(ops.ChannelShuffle(2)(x).reshape(-1))
        [0 2 1 3]
    """,
    "DeformableOffsets": """The sampling step of a deformable convolution (v2): `x` read at
    each kernel tap's offset point, bilinearly, times the tap's mask, laid out so that a
    convolution with stride `ksize` completes the deformable convolution
    (``ops.deformable_conv2d``).

    Args:
        strides (tuple[int]): 4 ints in `data_format`'s order; the H and W ones are used.
        pads (tuple[int]): ``(top, bottom, left, right)``.
        ksize (tuple[int]): ``(kh, kw)``.
        dilations (tuple[int]): 4 ints in `data_format`'s order. Default: ``(1, 1, 1, 1)``.
        data_format (str): ``"NCHW"`` or ``"NHWC"``. Default: ``"NCHW"``.
        deformable_groups (int): Channel groups sharing one set of offsets. Default: ``1``.
        modulated (bool): Must be ``True``. Default: ``True``.

    Inputs:
        x (Tensor): Float ``(N, C, H, W)``.
        offsets (Tensor): ``(N, 3 * deformable_groups * kh * kw, H_out, W_out)`` of `x`'s
            dtype: the x offsets, the y offsets, then the masks.

    Outputs:
        Tensor of shape ``(N, C, H_out * kh, W_out * kw)``.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> x = ms.Tensor(np.arange(4.0, dtype=np.float32).reshape(1, 1, 2, 2))
        >>> offsets = np.zeros((1, 3, 2, 2), np.float32)
        >>> offsets[:, 2] = 1.0  # unit masks, no shift: each pixel read where it is
        >>> op = ms.ops.DeformableOffsets((1, 1, 1, 1), (0, 0, 0, 0), (1, 1))
        >>> op(x, ms.Tensor(offsets)).asnumpy().tolist()
        [[[[0.0, 1.0], [2.0, 3.0]]]]
    """,
}
