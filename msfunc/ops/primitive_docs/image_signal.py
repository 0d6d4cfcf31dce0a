"""Docstrings of the primitive classes generated from `primitive_tables.image_signal`."""

from ._sections import class_form, docstring, example

# entries the window primitives share
_PERIODIC = (
    "periodic (bool): Whether the window is periodic rather than symmetric.\nDefault: ``True``."
)
_WINDOW_DTYPE = "dtype (mindspore.dtype): The float dtype of the result. Default: ``ms.float32``."
_WINDOW_LENGTH = "n (Tensor): The window length, a 0-d int tensor."
_WINDOW_SAMPLES = "1-D Tensor of `n` samples."

# class name -> its docstring: summary, Args (constructor), Inputs (call), Outputs, Example
DOCS: dict[str, str] = {
    "CTCGreedyDecoder": """Decodes CTC logits greedily: the best class per step, blanks dropped.

    The class form of `ops.ctc_greedy_decoder`; the blank is the last class.

    Args:
        merge_repeated (bool): Whether repeated classes in a row count once.
            Default: ``True``.

    Inputs:
        x (Tensor): Logits of shape ``(max_time, batch, num_classes)``.
        seq_len (Tensor): The int32 length of each sequence, of shape ``(batch,)``.

    Outputs:
        tuple of four Tensors: the sparse indices ``(total, 2)`` of the decoded classes, the
        classes, the dense shape ``(batch, longest)``, and each sequence's negative summed
        best log-logit, ``(batch, 1)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[[0.9, 0.0, 0.1]], [[0.8, 0.1, 0.1]], [[0.1, 0.7, 0.2]]])
        >>> indices, classes, shape, _ = ops.CTCGreedyDecoder()(x, ms.Tensor([3], ms.int32))
        >>> print(classes, shape)
        [0 1] [1 2]
    """,
    "BartlettWindow": docstring(
        "The Bartlett (triangular) window: the class form of `ops.bartlett_window`.",
        example(
            "ops.BartlettWindow(periodic=False)(ms.Tensor(5, ms.int32))", "[0.  0.5 1.  0.5 0. ]"
        ),
        args=[
            "periodic (bool): Whether the window is periodic (for spectral analysis: the last\n"
            "sample of a length ``n + 1`` symmetric window dropped). Default: ``True``.",
            _WINDOW_DTYPE,
        ],
        inputs=[_WINDOW_LENGTH],
        outputs=_WINDOW_SAMPLES,
    ),
    "BlackmanWindow": docstring(
        "The Blackman window: the class form of `ops.blackman_window`.",
        example(
            "window.asnumpy().round(4)[1:4]",
            "[0.34 1.   0.34]",
            setup=["window = ops.BlackmanWindow(periodic=False)(ms.Tensor(5, ms.int32))"],
        ),
        args=[
            _PERIODIC,
            _WINDOW_DTYPE,
        ],
        inputs=[_WINDOW_LENGTH],
        outputs=_WINDOW_SAMPLES,
    ),
    "HammingWindow": docstring(
        class_form(
            "The generalized Hamming window ``alpha - beta * cos(2 pi k / N)``.", "hamming_window"
        ),
        example(
            "window.asnumpy().round(4)",
            "[0.08 1.   0.08]",
            setup=["window = ops.HammingWindow(periodic=False)(ms.Tensor([3], ms.int32))"],
        ),
        args=[
            _PERIODIC,
            "alpha (float): The constant term. Default: ``0.54``.",
            "beta (float): The cosine's weight. Default: ``0.46``.",
            _WINDOW_DTYPE,
        ],
        inputs=["n (Tensor): The window length, an int tensor of one element."],
        outputs=_WINDOW_SAMPLES,
    ),
    "STFT": """The short-time Fourier transform of signals (frames not centred or padded).

    Args:
        n_fft (int): The length of each FFT.
        hop_length (int): The step between frames.
        win_length (int): The window's length, at most `n_fft`.
        normalized (bool): Whether the result is scaled by ``n_fft ** -0.5``.
        onesided (bool): Whether only the ``n_fft // 2 + 1`` non-negative frequencies are kept.
        return_complex (bool): Whether the result is complex rather than a trailing
            (real, imaginary) pair.

    Inputs:
        x (Tensor): Signals of shape ``(L,)`` or ``(B, L)``.
        window (Tensor): The window, of shape ``(win_length,)``.

    Outputs:
        Tensor of shape ``(B?, freqs, frames)`` (complex), or with a trailing 2 (real pairs).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x, window = ms.Tensor([1.0, 1.0, 1.0, 1.0]), ms.Tensor([1.0, 1.0, 1.0, 1.0])
        >>> y = ops.STFT(4, 4, 4, False, True, True)(x, window)
        >>> print(y.shape, ops.abs(y).reshape(-1))
        (3, 1) [4. 0. 0.]
    """,
    "FFTWithSize": """The FFT, IFFT, RFFT or IRFFT of a tensor over its last `signal_ndim` axes.

    Args:
        signal_ndim (int): How many trailing axes are transformed (1, 2 or 3).
        inverse (bool): Whether the transform is the inverse one (IFFT, IRFFT).
        real (bool): Whether the transform is the real one (RFFT, IRFFT).
        norm (str): ``"backward"``, ``"forward"`` or ``"ortho"``, scaling as NumPy's do.
            Default: ``"backward"``.
        onesided (bool): Whether the real transforms keep (or take) only the non-negative
            frequencies of the last axis. Default: ``True``.
        signal_sizes (tuple[int, ...]): The IRFFT's signal size; its last entry is the
            length of the result's last axis (default ``2 * (n - 1)``). Default: ``()``.

    Inputs:
        x (Tensor): complex64 / complex128 for FFT, IFFT and IRFFT; bool, int or float for RFFT.

    Outputs:
        Tensor: complex for FFT, IFFT and RFFT (complex64 unless `x` is 64-bit float or
        complex128); float32 or float64 for IRFFT.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> y = ops.FFTWithSize(1, False, True)(ms.Tensor([1.0, 2.0, 3.0, 4.0]))
        >>> print(y)
        [10.+0.j -2.+2.j -2.+0.j]
    """,
    "BoundingBoxEncode": """The regression deltas that move anchor boxes onto ground-truth boxes.

    The class form of `ops.bounding_box_encode`; boxes are ``(x1, y1, x2, y2)`` and a box's
    width is ``x2 - x1 + 1``.

    Args:
        means (tuple[float, ...]): Subtracted from the deltas. Default: ``(0.0, 0.0, 0.0, 0.0)``.
        stds (tuple[float, ...]): The deltas are divided by them. Default:
            ``(1.0, 1.0, 1.0, 1.0)``.

    Inputs:
        a (Tensor): Anchor boxes of shape ``(N, 4)``.
        g (Tensor): Ground-truth boxes of shape ``(N, 4)``.

    Outputs:
        Tensor of shape ``(N, 4)``: ``(dx, dy, dw, dh)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> a, g = ms.Tensor([[0.0, 0.0, 3.0, 3.0]]), ms.Tensor([[2.0, 2.0, 5.0, 5.0]])
        >>> print(ops.BoundingBoxEncode()(a, g))
        [[0.5 0.5 0.  0. ]]
    """,
    "BoundingBoxDecode": """Applies regression deltas to anchor boxes, clipped to the image.

    The class form of `ops.bounding_box_decode`: the inverse of `BoundingBoxEncode`.

    Args:
        max_shape (tuple[int, int]): The image's height and width, the clipping bounds.
        means (tuple[float, ...]): Added back to the deltas. Default: ``(0.0, 0.0, 0.0, 0.0)``.
        stds (tuple[float, ...]): The deltas are multiplied by them. Default:
            ``(1.0, 1.0, 1.0, 1.0)``.
        wh_ratio_clip (float): Bounds ``|dw|`` and ``|dh|`` by ``|log(wh_ratio_clip)|``.
            Default: ``0.016``.

    Inputs:
        a (Tensor): Anchor boxes of shape ``(N, 4)``.
        d (Tensor): Deltas of shape ``(N, 4)``.

    Outputs:
        Tensor of shape ``(N, 4)``: the boxes ``(x1, y1, x2, y2)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> a, d = ms.Tensor([[0.0, 0.0, 3.0, 3.0]]), ms.Tensor([[0.5, 0.5, 0.0, 0.0]])
        >>> print(ops.BoundingBoxDecode((10, 10))(a, d))
        [[2. 2. 5. 5.]]
    """,
    "IOU": """The intersection over union (or foreground) of every pair of boxes: `ops.iou`.

    Boxes are ``(x1, y1, x2, y2)`` with MindSpore's pixel convention (a width is
    ``x2 - x1 + 1``).

    Args:
        mode (str): ``'iou'`` (over the union) or ``'iof'`` (over the ground truth's area).
            Default: ``'iou'``.

    Inputs:
        a (Tensor): Anchor boxes of shape ``(N, 4)``.
        g (Tensor): Ground-truth boxes of shape ``(M, 4)``.

    Outputs:
        Tensor of shape ``(M, N)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> a, g = ms.Tensor([[0.0, 0.0, 3.0, 3.0]]), ms.Tensor([[0.0, 0.0, 1.0, 3.0]])
        >>> print(ops.IOU()(a, g))
        [[0.5]]
    """,
    "NMSWithMask": """Greedy non-maximum suppression: the boxes sorted by score, their
    positions and which of them are kept (`msfunc.ops.box_suppression.nms_with_mask`).

    Boxes are ``(x1, y1, x2, y2, score)`` with areas ``(x2 - x1) * (y2 - y1)``. The positions
    are ``0 .. N-1``, indices into the sorted boxes, as MindSpore's CPU kernel gives them.

    Args:
        iou_threshold (float): Overlap above which a later box is suppressed. Default: ``0.5``.

    Inputs:
        b (Tensor): Boxes of shape ``(N, 5)``, float16 or float32.

    Outputs:
        Tuple of the sorted boxes ``(N, 5)``, int32 positions ``(N,)`` and a bool keep mask
        ``(N,)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> b = ms.Tensor([[0.0, 0.0, 2.0, 2.0, 0.5], [0.0, 0.0, 2.0, 2.0, 0.75]])
        >>> boxes, idx, keep = ops.NMSWithMask(0.5)(b)
        >>> print(boxes[:, 4], keep)
        [0.75 0.5 ] [ True False]
    """,
    "CheckValid": """Whether each box lies inside the image: the class form of `ops.check_valid`.

    Inputs:
        b (Tensor): Boxes ``(x1, y1, x2, y2)`` of shape ``(N, 4)``.
        m (Tensor): The image's ``(height, width, ratio)``; boxes must fit in
            ``height * ratio`` by ``width * ratio``.

    Outputs:
        bool Tensor of shape ``(N,)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> boxes = ms.Tensor([[0.0, 0.0, 5.0, 5.0], [0.0, 0.0, 20.0, 5.0]])
        >>> print(ops.CheckValid()(boxes, ms.Tensor([10.0, 10.0, 1.0])))
        [ True False]
    """,
    "CropAndResize": """Crops boxes out of NHWC images and resizes each crop to one size.

    The class form of `ops.crop_and_resize`.

    Args:
        method (str): ``'bilinear'``, ``'nearest'`` or ``'bilinear_v2'``.
            Default: ``'bilinear'``.
        extrapolation_value (float): The value sampled outside the image. Default: ``0.0``.

    Inputs:
        img (Tensor): Images of shape ``(batch, H, W, depth)``.
        boxes (Tensor): Normalized boxes ``(y1, x1, y2, x2)`` of shape ``(num_boxes, 4)``.
        bi (Tensor): The int32 image index of each box, of shape ``(num_boxes,)``.
        crop_size (tuple[int, int]): The crops' height and width.

    Outputs:
        float32 Tensor of shape ``(num_boxes, crop_h, crop_w, depth)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> img = ms.Tensor([[[[1.0], [2.0]], [[3.0], [4.0]]]])
        >>> boxes, bi = ms.Tensor([[0.0, 0.0, 1.0, 1.0]]), ms.Tensor([0], ms.int32)
        >>> print(ops.CropAndResize()(img, boxes, bi, (3, 3)).reshape(3, 3))
        [[1.  1.5 2. ]
         [2.  2.5 3. ]
         [3.  3.5 4. ]]
    """,
    "ExtractVolumePatches": """Extracts the (kd, kh, kw) windows of NCDHW input into the channel
axis: output channel ``((i * kh + j) * kw + k) * C + c`` holds channel ``c`` at window offset
``(i, j, k)``.

Args:
    kernel_size (Union[tuple[int], list[int]]): ``(1, 1, kd, kh, kw)``.
    strides (Union[tuple[int], list[int]]): ``(1, 1, sd, sh, sw)``.
    padding (str): ``"VALID"`` or ``"SAME"`` (any case).

Inputs:
    x (Tensor): Shape ``(N, C, D, H, W)``.

Outputs:
    Tensor of `x`'s dtype, shape ``(N, C * kd * kh * kw, D', H', W')``.

Raises:
    ValueError: If an argument or `x`'s rank is not supported.

Example:
    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> x = ops.arange(8, dtype=ms.float32).reshape(1, 1, 2, 2, 2)
    >>> print(ops.ExtractVolumePatches((1, 1, 2, 2, 2), (1, 1, 1, 1, 1), "VALID")(x).reshape(-1))
    [0. 1. 2. 3. 4. 5. 6. 7.]
""",
    "ROIAlign": """Pools each region of interest of NCHW features into a fixed grid, each bin the
    mean of bilinear samples (`msfunc.ops.roi_align.roi_align`).

    Args:
        pooled_height (int): The output height.
        pooled_width (int): The output width.
        spatial_scale (float): The factor from region coordinates to feature pixels.
        sample_num (int): Samples per bin along each axis; <= 0: as many as the bin spans
            whole pixels. Default: ``2``.
        roi_end_mode (int): 1: a region's end corner covers its last pixel; 0: it does not.
            Default: ``1``.

    Inputs:
        features (Tensor): Shape ``(N, C, H, W)``.
        rois (Tensor): Shape ``(R, 5)``: ``(batch index, x1, y1, x2, y2)``.

    Outputs:
        Tensor of shape ``(R, C, pooled_height, pooled_width)``.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor(np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4))
        >>> rois = ms.Tensor([[0.0, 0.0, 0.0, 3.0, 3.0]])
        >>> print(ops.ROIAlign(2, 2, 1.0, 1)(x, rois))
        [[[[ 5.  7.]
           [13. 15.]]]]
    """,
    "RGBToHSV": """Converts RGB colours in ``[0, 1]`` to hue, saturation and value.

    Inputs:
        x (Tensor): A float tensor whose last dimension holds (R, G, B).

    Outputs:
        Tensor of `x`'s shape: (H, S, V), hue as a fraction of a turn.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.RGBToHSV()(ms.Tensor([[1.0, 0.0, 0.0], [0.0, 0.5, 0.5]])))
        [[0.  1.  1. ]
         [0.5 1.  0.5]]
    """,
    "HSVToRGB": """Converts hue, saturation and value to RGB colours: the inverse of `RGBToHSV`.

    Inputs:
        x (Tensor): Images ``(N, H, W, 3)`` of (hue, saturation, value), each in ``[0, 1]``.

    Outputs:
        Tensor of `x`'s shape: (R, G, B).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[[[0.0, 1.0, 1.0], [0.5, 1.0, 0.5]]]])
        >>> print(ops.HSVToRGB()(x).reshape(2, 3))
        [[1.  0.  0. ]
         [0.  0.5 0.5]]
    """,
}
