"""Rows of msfunc.ops whose array functions live in ``func_softmax.py``."""

from .. import func_softmax as f
from ._row import Op

HOME = f
ROWS = (
    Op("glu", f.glu),
    Op("gumbel_softmax", f.gumbel_softmax),
    Op("log_softmax", f.log_softmax),
    Op("softmax", f.softmax),
    Op("softmin", f.softmin),
    Op("swiglu", f.swiglu),
)
