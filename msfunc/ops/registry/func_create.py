"""Rows of msfunc.ops whose array functions live in ``func_create.py``."""

from .. import func_create as f
from ._row import Op

HOME = f
ROWS = (
    Op("arange", f.arange),
    Op("eye", f.eye),
    Op("fill", f.fill),
    Op("fills", f.fills, methods=("fills",)),
    Op("full", f.full),
    Op("full_like", f.full_like),
    Op("linspace", f.linspace),
    Op("logspace", f.logspace),
    Op("ones", f.ones),
    Op("ones_like", f.ones_like),
    Op("range", f.range),
    Op("scalar_cast", f.scalar_cast),
    Op("scalar_to_array", f.scalar_to_array),
    Op("scalar_to_tensor", f.scalar_to_tensor),
    Op("tuple_to_array", f.tuple_to_array),
    Op("zeros", f.zeros),
    Op("zeros_like", f.zeros_like),
)
