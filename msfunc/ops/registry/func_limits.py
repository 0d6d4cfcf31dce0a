"""Rows of msfunc.ops whose array functions live in ``func_limits.py``."""

from .. import func_limits as f
from ._row import Op

HOME = f
ROWS = (
    Op("approximate_equal", f.approximate_equal, methods=("approximate_equal",)),
    Op("clamp", f.clamp, methods=("clamp",)),
    Op("clamp_", f.clamp_, in_place=True),
    Op("clip", f.clip, methods=("clip",)),
    Op("clip_by_value", f.clip_by_value),
    Op("eps", f.eps),
    Op("isclose", f.isclose, methods=("isclose",)),
    Op("nan_to_num", f.nan_to_num, methods=("nan_to_num",)),
)
