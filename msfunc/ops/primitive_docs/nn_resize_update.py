"""Docstrings of the resizing and grid-sampling primitives and the optimizer-update primitives."""

from ._sections import docstring, example

__all__ = ["DOCS"]

# entries and example inputs the image (NCHW) and volume (NCDHW) resizers share
_IMAGES = "x (Tensor): Images of shape ``(N, C, H, W)``."
_IMAGE_2X2 = "x = ms.Tensor([[[[1.0, 2.0], [3.0, 4.0]]]])"
_RESIZED = "Tensor of shape ``(N, C) + size``."
_SIZE_TENSOR = "size (Tensor): The new height and width, an int32 tensor of 2."
_ALIGN_CORNERS = (
    "align_corners (bool): Whether the corner pixels of input and output align.\n"
    "Default: ``False``."
)
_HALF_PIXEL = (
    "half_pixel_centers (bool): Whether pixels are sampled at their centres.\nDefault: ``False``."
)
_VOLUME_INPUTS = [
    "x (Tensor): Volumes of shape ``(N, C, D, H, W)``.",
    "output_size (Optional[tuple[int, int, int]]): The new depth, height and width.\n"
    "Default: ``None``.",
    "scales (Optional[tuple[float, float, float]]): Scale factors, instead of\n"
    "`output_size`. Default: ``None``.",
]
_VOLUME_RESIZED = "Tensor of shape ``(N, C) + output_size``."
_GRID_PADDING = (
    "padding_mode (str): What points outside read: ``'zeros'``, ``'border'`` or\n"
    "``'reflection'``. Default: ``'zeros'``."
)


def _resize_at_call(method, call, expected, half_pixel=_HALF_PIXEL, size=_SIZE_TENSOR, setup=()):
    """The docstring of a ``ResizeXxx(align_corners, half_pixel_centers)(x, size)`` that
    resizes by `method`; the example prints `call` on a 2x2 image `x` (after `setup`)."""
    return docstring(
        f"Resizes NCHW images by {method}.\n\nThe size is given at the call.",
        example(call, expected, setup=[_IMAGE_2X2, *setup]),
        args=[_ALIGN_CORNERS, half_pixel],
        inputs=[_IMAGES, size],
        outputs=_RESIZED,
    )


# the resizers and grid samplers, built from the entries above
_RESIZERS = {
    "ResizeNearestNeighbor": docstring(
        "Resizes NCHW images to a fixed size by nearest-neighbour sampling.",
        example(
            "ops.ResizeNearestNeighbor((3, 4))(x)",
            "[[[[1. 1. 2. 2.]\n   [1. 1. 2. 2.]\n   [3. 3. 4. 4.]]]]",
            setup=[_IMAGE_2X2],
        ),
        args=[
            "size (tuple[int, int]): The new height and width.",
            "align_corners (bool): Whether the corner pixels of input and output align "
            "(output\npixel `i` then reads input ``round(i * (in - 1) / (out - 1))``, else\n"
            "``floor(i * in / out)``). Default: ``False``.",
            "half_pixel_centers (bool): Accepted and not applied, as in MindSpore's kernel.\n"
            "Default: ``False``.",
        ],
        inputs=[_IMAGES],
        outputs=_RESIZED,
    ),
    "ResizeNearestNeighborV2": _resize_at_call(
        "nearest-neighbour sampling",
        "ops.ResizeNearestNeighborV2()(x, ms.Tensor([1, 4], ms.int32))",
        "[[[[1. 1. 2. 2.]]]]",
    ),
    "ResizeBilinearV2": _resize_at_call(
        "bilinear interpolation",
        "ops.ResizeBilinearV2()(x, (2, 4))",
        "[[[[1.  1.5 2.  2. ]\n   [3.  3.5 4.  4. ]]]]",
        half_pixel="half_pixel_centers (bool): Whether pixels are sampled at their centres; "
        "with\nneither option, output pixel `i` samples input ``i * in / out``. "
        "Default: ``False``.",
        size="size (Union[tuple[int, int], Tensor]): The new height and width.",
    ),
    "ResizeBicubic": _resize_at_call(
        "bicubic interpolation",
        "y.asnumpy().round(4)",
        "[[[[1.  1.5 2. ]\n   [2.  2.5 3. ]\n   [3.  3.5 4. ]]]]",
        setup=["y = ops.ResizeBicubic(align_corners=True)(x, ms.Tensor([3, 3], ms.int32))"],
    ),
    "UpsampleNearest3D": docstring(
        "Resizes NCDHW volumes by nearest-neighbour sampling.",
        example(
            "ops.UpsampleNearest3D()(x, (1, 2, 4))",
            "[[[[[1. 1. 2. 2.]\n    [1. 1. 2. 2.]]]]]",
            setup=["x = ms.Tensor([[[[[1.0, 2.0]]]]])"],
        ),
        inputs=_VOLUME_INPUTS,
        outputs=_VOLUME_RESIZED,
    ),
    "UpsampleTrilinear3D": docstring(
        "Resizes NCDHW volumes by trilinear interpolation.",
        example(
            "ops.UpsampleTrilinear3D(True)(x, (1, 1, 3))",
            "[[[[[1. 2. 3.]]]]]",
            setup=["x = ms.Tensor([[[[[1.0, 3.0]]]]])"],
        ),
        args=[
            "align_corners (bool): Whether the corner voxels of input and output align.\n"
            "Default: ``False``."
        ],
        inputs=_VOLUME_INPUTS,
        outputs=_VOLUME_RESIZED,
    ),
    "GridSampler2D": docstring(
        "Samples NCHW images at the normalized ``(x, y)`` points of a grid.",
        example(
            "ops.GridSampler2D()(x, grid)",
            "[[[[2.5 1. ]]]]",
            setup=[_IMAGE_2X2, "grid = ms.Tensor([[[[0.0, 0.0], [-0.5, -0.5]]]])"],
        ),
        args=[
            "interpolation_mode (str): ``'bilinear'`` or ``'nearest'``. Default: ``'bilinear'``.",
            _GRID_PADDING,
            "align_corners (bool): Whether -1 and 1 are the corner pixels' centres (else "
            "their\nouter edges). Default: ``False``.",
        ],
        inputs=[
            _IMAGES,
            "grid (Tensor): Points of shape ``(N, H_out, W_out, 2)`` in ``[-1, 1]``.",
        ],
        outputs="Tensor of shape ``(N, C, H_out, W_out)``.",
    ),
    "GridSampler3D": docstring(
        "Samples NCDHW volumes at the normalized ``(x, y, z)`` points of a grid.",
        example(
            "ops.GridSampler3D()(x, grid)",
            "[[[[[3.5]]]]]",
            setup=[
                "x = ops.arange(8, dtype=ms.float32).reshape(1, 1, 2, 2, 2)",
                "grid = ops.zeros((1, 1, 1, 1, 3), ms.float32)",
            ],
        ),
        args=[
            "interpolation_mode (str): ``'bilinear'`` (trilinear) or ``'nearest'``.\n"
            "Default: ``'bilinear'``.",
            _GRID_PADDING,
            "align_corners (bool): Whether -1 and 1 are the corner voxels' centres.\n"
            "Default: ``False``.",
        ],
        inputs=[
            "x (Tensor): Volumes of shape ``(N, C, D, H, W)``.",
            "grid (Tensor): Points of shape ``(N, D_out, H_out, W_out, 3)`` in ``[-1, 1]``.",
        ],
        outputs="Tensor of shape ``(N, C, D_out, H_out, W_out)``.",
    ),
}

# class name -> its docstring: summary, Args (constructor), Inputs (call), Outputs, Example
DOCS: dict[str, str] = {
    "ResizeLinear1D": """Resizes the last dimension of ``(N, C, W)`` inputs by linear interpolation.

    Args:
        coordinate_transformation_mode (str): ``'align_corners'`` (the end points align) or
            ``'half_pixel'`` (samples at pixel centres). Default: ``'align_corners'``.

    Inputs:
        x (Tensor): Inputs of shape ``(N, C, W)``.
        size (Tensor): The new width, an int64 tensor of 1.

    Outputs:
        Tensor of shape ``(N, C, size)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[[1.0, 3.0]]])
        >>> print(ops.ResizeLinear1D()(x, ms.Tensor([3], ms.int64)))
        [[[1. 2. 3.]]]
    """,
    "AffineGrid": """The sampling grid of affine transforms: `ops.affine_grid`'s class.

    Args:
        align_corners (bool): Whether -1 and 1 are the corner pixels' centres.
            Default: ``False``.

    Inputs:
        theta (Tensor): Affine matrices ``(N, 2, 3)`` (2-D) or ``(N, 3, 4)`` (3-D).
        size (tuple[int, ...]): The output image size ``(N, C, H, W)`` or ``(N, C, D, H, W)``.

    Outputs:
        Tensor of shape ``(N, H, W, 2)`` or ``(N, D, H, W, 3)``: the points for
        `GridSampler2D` / `GridSampler3D`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> theta = ms.Tensor([[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]])
        >>> print(ops.AffineGrid()(theta, (1, 1, 1, 2)))
        [[[[-0.5  0. ]
           [ 0.5  0. ]]]]
    """,
    "ApplyGradientDescent": """A gradient-descent step on a Parameter: ``var -= alpha * delta``.

    Inputs:
        var (Parameter): The Parameter updated in place.
        alpha (Union[float, Tensor]): The learning rate.
        delta (Tensor): The gradient, of `var`'s shape.

    Outputs:
        Tensor, the updated `var`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> var = ms.Parameter(ms.Tensor([1.0, 2.0]), name="var")
        >>> _ = ops.ApplyGradientDescent()(var, ms.Tensor(0.5), ms.Tensor([1.0, 2.0]))
        >>> print(var.asnumpy())
        [0.5 1. ]
    """,
    "ApplyMomentum": """A momentum step: ``acc = momentum * acc + grad``, ``var -= lr * acc``.

    With Nesterov momentum the step is ``lr * (grad + momentum * acc)``.

    Args:
        use_nesterov (bool): Whether Nesterov momentum is used. Default: ``False``.
        use_locking (bool): Kept for compatibility. Default: ``False``.
        gradient_scale (float): Kept for compatibility. Default: ``1.0``.

    Inputs:
        variable (Parameter): The weights, updated in place.
        accumulation (Parameter): The momentum buffer, updated in place.
        learning_rate (Union[float, Tensor]): The learning rate.
        gradient (Tensor): The gradient, of `variable`'s shape.
        momentum (Union[float, Tensor]): The momentum factor.

    Outputs:
        Tensor, the updated `variable`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> w = ms.Parameter(ms.Tensor([1.0, 2.0]), name="w")
        >>> acc = ms.Parameter(ms.Tensor([1.0, 1.0]), name="acc")
        >>> lr, grad, momentum = ms.Tensor(0.5), ms.Tensor([1.0, 2.0]), ms.Tensor(0.5)
        >>> _ = ops.ApplyMomentum()(w, acc, lr, grad, momentum)
        >>> print(w.asnumpy(), acc.asnumpy())
        [0.25 0.75] [1.5 2.5]
    """,
    "Adam": """An Adam step on a Parameter and its moment estimates, in place.

    ``m = beta1 * m + (1 - beta1) * grad``, ``v = beta2 * v + (1 - beta2) * grad ** 2``,
    ``var -= lr * sqrt(1 - beta2_power) / (1 - beta1_power) * m / (sqrt(v) + epsilon)``.

    Args:
        use_locking (bool): Kept for compatibility. Default: ``False``.
        use_nesterov (bool): Whether the Nesterov form of the step is used.
            Default: ``False``.

    Inputs:
        var (Parameter): The weights, updated in place.
        m (Parameter): The first-moment estimate, updated in place.
        v (Parameter): The second-moment estimate, updated in place.
        beta1_power (Union[float, Tensor]): ``beta1 ** t``.
        beta2_power (Union[float, Tensor]): ``beta2 ** t``.
        lr (Union[float, Tensor]): The learning rate.
        beta1 (Union[float, Tensor]): The first-moment decay.
        beta2 (Union[float, Tensor]): The second-moment decay.
        epsilon (Union[float, Tensor]): Added to the denominator.
        grad (Tensor): The gradient, of `var`'s shape.

    Outputs:
        tuple of three Tensors: the updated `var`, `m` and `v`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> var = ms.Parameter(ms.Tensor([1.0, 2.0]), name="var")
        >>> m = ms.Parameter(ms.Tensor([0.0, 0.0]), name="m")
        >>> v = ms.Parameter(ms.Tensor([0.0, 0.0]), name="v")
        >>> b1, b2, lr, eps = ms.Tensor(0.5), ms.Tensor(0.5), ms.Tensor(0.1), ms.Tensor(1e-8)
        >>> _ = ops.Adam()(var, m, v, b1, b2, lr, b1, b2, eps, ms.Tensor([2.0, -2.0]))
        >>> print(var.asnumpy().round(4), m.asnumpy(), v.asnumpy())
        [0.9 2.1] [ 1. -1.] [2. 2.]
    """,
    **_RESIZERS,
}
