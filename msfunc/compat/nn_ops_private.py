"""Primitive classes of ``mindspore.ops.operations.nn_ops`` that MindSpore does not export from
``mindspore.ops`` (``PSROIPooling``).

Example:
    >>> import numpy as np
    >>> x = np.ones((1, 4, 4, 4), np.float32)
    >>> rois = np.array([[[0.0], [0.0], [0.0], [3.0], [3.0]]], np.float32)
    >>> PSROIPooling(1.0, 2, 1)(x, rois).shape
    (1, 1, 2, 2)
"""

import functools

from ..ops.position_sensitive_pool import check_ps_roi_attrs, ps_roi_pooling_checked
from ..ops.primitive_tables._common import sig
from ..ops.primitives import build_primitive

__all__ = ["PSROIPooling"]

_PS_ROI_DOC = """Position-sensitive ROI average pooling (R-FCN): bin ``(ph, pw)`` of a
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
    >>> from msfunc.compat.nn_ops_private import PSROIPooling
    >>> x = ms.Tensor(np.arange(4 * 5 * 5, dtype=np.float32).reshape(1, 4, 5, 5))
    >>> rois = ms.Tensor(np.array([[[0.0], [0.0], [0.0], [4.0], [4.0]]], np.float32))
    >>> PSROIPooling(1.0, 2, 1)(x, rois).asnumpy().tolist()
    [[[[3.0, 30.0], [63.0, 90.0]]]]
"""


def _with_checks(cls):
    """`cls` with MindSpore's constructor checks of its attributes."""
    init = cls.__init__

    @functools.wraps(init)
    def __init__(self, *args, **kwargs):
        init(self, *args, **kwargs)
        check_ps_roi_attrs("PSROIPooling", self.spatial_scale, self.group_size, self.output_dim)

    cls.__init__ = __init__
    return cls


PSROIPooling = _with_checks(
    build_primitive(
        "PSROIPooling",
        sig("spatial_scale", "group_size", "output_dim"),
        lambda p, features, rois: ps_roi_pooling_checked(
            features, rois, p.spatial_scale, p.group_size, p.output_dim
        ),
        module=__name__,
        doc=_PS_ROI_DOC,
    )
)
