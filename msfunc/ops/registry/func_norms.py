"""Rows of msfunc.ops whose array functions live in ``func_norms.py``."""

from .. import func_norms as f
from ._row import Op

HOME = f
ROWS = (
    Op("clip_by_global_norm", f.clip_by_global_norm),
    Op("clip_by_norm", f.clip_by_norm),
    Op("matrix_norm", f.matrix_norm),
    Op("norm", f.norm, methods=("norm",)),
    Op("renorm", f.renorm, methods=("renorm",)),
    Op("vector_norm", f.vector_norm),
)
