"""Docstrings of the primitive classes generated from `primitive_tables.roi_pooling`."""

__all__ = ["DOCS"]

DOCS: dict[str, str] = {
    "PSROIPooling": """Position-sensitive ROI average pooling (R-FCN): bin ``(ph, pw)`` of a
region, in output channel ``c``, averages feature channel
``(c * group_size + ph) * group_size + pw`` over the bin's pixels.

A region's corners are scaled by `spatial_scale` and rounded to whole pixels; its
``group_size`` x ``group_size`` bins split it evenly (edges floored and ceiled). As in
MindSpore's CPU kernel, bins stop short of the map's last row and column, an empty bin gives 0
and so does a region whose batch index names no image.

Args:
    spatial_scale (float): The scale from the regions' coordinates to the feature map's,
        positive.
    group_size (int): The bins per side, positive.
    output_dim (int): The output channels, positive.

Inputs:
    features (Tensor): float16 or float32 of shape
        ``(B, output_dim * group_size**2, H, W)``.
    rois (Tensor): float16 or float32 of shape ``(B, 5, R)``, read as ``B * R`` consecutive
        rows ``(batch index, x1, y1, x2, y2)``.

Outputs:
    Tensor of shape ``(B * R, output_dim, group_size, group_size)``.

Raises:
    TypeError: If `features` or `rois` is not a float16/float32 Tensor.
    RuntimeError: If the channels of `features` are not ``output_dim * group_size**2`` or its
        batch is not ``rois.shape[0]``.

Example:
    >>> import numpy as np
    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> x = ms.Tensor(np.arange(4 * 5 * 5, dtype=np.float32).reshape(1, 4, 5, 5))
    >>> rois = ms.Tensor(np.array([[[0.0], [0.0], [0.0], [4.0], [4.0]]], np.float32))
    >>> ops.PSROIPooling(1.0, 2, 1)(x, rois).asnumpy().tolist()
    [[[[3.0, 30.0], [63.0, 90.0]]]]
""",
}
