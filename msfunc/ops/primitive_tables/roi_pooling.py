"""Region-of-interest pooling primitives not covered by the nn table (``PSROIPooling``)."""

from ..position_sensitive_pool import check_ps_roi_attrs, ps_roi_pooling_checked
from ._common import sig

__all__ = ["TABLE", "INIT_CHECKS"]


def _check(p):
    check_ps_roi_attrs("PSROIPooling", p.spatial_scale, p.group_size, p.output_dim)


TABLE = [
    (
        "PSROIPooling",
        sig("spatial_scale", "group_size", "output_dim"),
        lambda p, features, rois: ps_roi_pooling_checked(
            features, rois, p.spatial_scale, p.group_size, p.output_dim
        ),
    ),
]

# constructor checks, run by `msfunc.ops.primitives` when a class is made
INIT_CHECKS = {"PSROIPooling": _check}
