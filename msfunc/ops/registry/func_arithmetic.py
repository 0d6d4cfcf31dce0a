"""Rows of msfunc.ops whose array functions live in ``func_arithmetic.py``."""

from .. import func_arithmetic as f
from ._row import Op

HOME = f
ROWS = (
    Op("addcdiv", f.addcdiv, methods=("addcdiv",)),
    Op("addcmul", f.addcmul, methods=("addcmul",)),
    Op("div", f.div, methods=("div",)),
    Op("divide", f.divide, methods=("divide",)),
    Op("frac", f.frac, methods=("frac",)),
    Op("ldexp", f.ldexp, methods=("ldexp",)),
    Op("lerp", f.lerp, methods=("lerp",)),
    Op("polar", f.polar),
    Op("round", f.round, methods=("round",)),
    Op("sgn", f.sgn, methods=("sgn",)),
    Op("subtract", f.subtract),
    Op("truncate_div", f.truncate_div),
    Op("xdivy", f.xdivy, methods=("xdivy",)),
    Op("xlogy", f.xlogy, methods=("xlogy",)),
)
