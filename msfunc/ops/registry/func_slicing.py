"""Rows of msfunc.ops whose array functions live in ``func_slicing.py``."""

from .. import func_slicing as f
from ._row import Op

HOME = f
ROWS = (
    Op("flip", f.flip, methods=("flip",)),
    Op("narrow", f.narrow),
    Op("repeat_elements", f.repeat_elements),
    Op("repeat_interleave", f.repeat_interleave, methods=("repeat_interleave",)),
    Op("reverse", f.reverse, methods=("reverse",)),
    Op("roll", f.roll, methods=("roll",)),
    Op("rot90", f.rot90, methods=("rot90",)),
    Op("slice", f.slice),
    Op("strided_slice", f.strided_slice),
    Op("tensor_slice", f.tensor_slice),
    Op("tile", f.tile),
)
