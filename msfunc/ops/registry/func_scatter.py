"""Rows of msfunc.ops whose array functions live in ``func_scatter.py``."""

from .. import func_scatter as f
from ._row import Op

HOME = f
ROWS = (
    Op("batch_to_space_nd", f.batch_to_space_nd),
    Op("coalesce", f.coalesce),
    Op("reverse_sequence", f.reverse_sequence, methods=("reverse_sequence",)),
    Op("scatter", f.scatter),
    Op("scatter_nd", f.scatter_nd),
    Op("select_scatter", f.select_scatter, methods=("select_scatter",)),
    Op("slice_scatter", f.slice_scatter, methods=("slice_scatter",)),
    Op("space_to_batch_nd", f.space_to_batch_nd),
    Op("tensor_scatter_add", f.tensor_scatter_add),
    Op("tensor_scatter_div", f.tensor_scatter_div, methods=("scatter_div",)),
    Op("tensor_scatter_elements", f.tensor_scatter_elements),
    Op("tensor_scatter_max", f.tensor_scatter_max, methods=("scatter_max",)),
    Op("tensor_scatter_min", f.tensor_scatter_min, methods=("scatter_min",)),
    Op("tensor_scatter_mul", f.tensor_scatter_mul, methods=("scatter_mul",)),
    Op("tensor_scatter_sub", f.tensor_scatter_sub, methods=("scatter_sub",)),
)
