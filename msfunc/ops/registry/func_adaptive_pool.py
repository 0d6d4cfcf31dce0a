"""Rows of msfunc.ops whose array functions live in ``func_adaptive_pool.py``."""

from .. import func_adaptive_pool as f
from ._row import Op

HOME = f
ROWS = (
    Op("adaptive_avg_pool1d", f.adaptive_avg_pool1d),
    Op("adaptive_avg_pool2d", f.adaptive_avg_pool2d),
    Op("adaptive_avg_pool2d_ext", f.adaptive_avg_pool2d_ext),
    Op("adaptive_avg_pool3d", f.adaptive_avg_pool3d),
    Op("adaptive_max_pool1d", f.adaptive_max_pool1d),
    Op("adaptive_max_pool2d", f.adaptive_max_pool2d),
    Op("adaptive_max_pool3d", f.adaptive_max_pool3d),
    Op("fractional_max_pool2d", f.fractional_max_pool2d),
    Op("fractional_max_pool3d", f.fractional_max_pool3d),
)
