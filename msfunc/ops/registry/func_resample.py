"""Rows of msfunc.ops whose array functions live in ``func_resample.py``."""

from .. import func_resample as f
from ._row import Op

HOME = f
ROWS = (
    Op("affine_grid", f.affine_grid),
    Op("grid_sample", f.grid_sample),
    Op("interpolate", f.interpolate),
    Op("upsample", f.upsample),
)
