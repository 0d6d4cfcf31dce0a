"""Rows of msfunc.ops whose array functions live in ``func_normalization.py``."""

from .. import func_normalization as f
from ._row import Op

HOME = f
ROWS = (
    Op("add_layer_norm", f.add_layer_norm),
    Op("add_rms_norm", f.add_rms_norm),
    Op("batch_norm", f.batch_norm, keeps_parameters=True),  # writes its running statistics
    Op("group_norm", f.group_norm),
    Op("layer_norm", f.layer_norm),
    Op("lrn", f.lrn),
    Op("rms_norm", f.rms_norm),
)
