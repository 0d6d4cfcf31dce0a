"""Rows of msfunc.ops whose array functions live in ``func_pool.py``."""

from .. import func_pool as f
from ._row import Op

HOME = f
ROWS = (
    Op("avg_pool1d", f.avg_pool1d),
    Op("avg_pool2d", f.avg_pool2d),
    Op("avg_pool3d", f.avg_pool3d),
    Op("lp_pool1d", f.lp_pool1d),
    Op("lp_pool2d", f.lp_pool2d),
    Op("max_pool2d", f.max_pool2d),
    Op("max_pool3d", f.max_pool3d),
    Op("max_unpool1d", f.max_unpool1d),
    Op("max_unpool2d", f.max_unpool2d),
    Op("max_unpool3d", f.max_unpool3d),
)
