"""Rows of msfunc.ops whose array functions live in ``func_state.py``."""

from .. import func_state as f
from ._row import Op

HOME = f
ROWS = (
    Op("assign", f.assign, keeps_parameters=True),
    Op("assign_add", f.assign_add, keeps_parameters=True),
    Op("assign_sub", f.assign_sub, keeps_parameters=True),
    Op("index_add", f.index_add, keeps_parameters=True),
    Op("inplace_add", f.inplace_add, keeps_parameters=True),
    Op("inplace_index_add", f.inplace_index_add, keeps_parameters=True),
    Op("inplace_sub", f.inplace_sub, keeps_parameters=True),
    Op("inplace_update", f.inplace_update, methods=("inplace_update",), keeps_parameters=True),
    Op("scatter_add", f.scatter_add, keeps_parameters=True),
    Op("scatter_div", f.scatter_div, keeps_parameters=True),
    Op("scatter_max", f.scatter_max, keeps_parameters=True),
    Op("scatter_min", f.scatter_min, keeps_parameters=True),
    Op("scatter_mul", f.scatter_mul, keeps_parameters=True),
    Op("scatter_nd_add", f.scatter_nd_add, keeps_parameters=True),
    Op("scatter_nd_div", f.scatter_nd_div, keeps_parameters=True),
    Op("scatter_nd_max", f.scatter_nd_max, keeps_parameters=True),
    Op("scatter_nd_min", f.scatter_nd_min, keeps_parameters=True),
    Op("scatter_nd_mul", f.scatter_nd_mul, keeps_parameters=True),
    Op("scatter_nd_sub", f.scatter_nd_sub, keeps_parameters=True),
    Op("scatter_update", f.scatter_update, keeps_parameters=True),
)
