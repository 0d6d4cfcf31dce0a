"""Rows of msfunc.ops whose array functions live in ``func_reduce.py``."""

from .. import func_reduce as f
from ._row import Op

HOME = f
ROWS = (
    Op("all", f.all, methods=("all",)),
    Op("amax", f.amax, methods=("amax",)),
    Op("amin", f.amin, methods=("amin",)),
    Op("aminmax", f.aminmax, methods=("aminmax",)),
    Op("any", f.any, methods=("any",)),
    Op("argmax", f.argmax, methods=("argmax",)),
    Op("argmin", f.argmin, methods=("argmin",)),
    Op("count_nonzero", f.count_nonzero),
    Op("cummax", f.cummax, methods=("cummax",)),
    Op("cummin", f.cummin, methods=("cummin",)),
    Op("cumprod", f.cumprod, methods=("cumprod",)),
    Op("cumsum", f.cumsum),
    Op("logcumsumexp", f.logcumsumexp, methods=("logcumsumexp",)),
    Op("logsumexp", f.logsumexp, methods=("logsumexp",)),
    Op("max", f.max),
    Op("mean", f.mean),
    Op("min", f.min),
    Op("prod", f.prod, methods=("prod",)),
    Op("sum", f.sum),
)
