"""Rows of msfunc.ops whose array functions live in ``func_queries_graph.py``."""

from .. import func_queries_graph as f
from ._row import Op

HOME = f
ROWS = (
    Op("cast", f.cast),
    Op("deepcopy", f.deepcopy),
    Op("depend", f.depend),
    Op("dtype", f.dtype),
    Op("dyn_shape", f.dyn_shape),
    Op("is_complex", f.is_complex),
    Op("is_floating_point", f.is_floating_point),
    Op("is_nonzero", f.is_nonzero),
    Op("is_tensor", f.is_tensor),
    Op("move_to", f.move_to),
    Op("numel", f.numel),
    Op("partial", f.partial),
    Op("print_", f.print_),
    Op("rank", f.rank),
    Op("reshape_", f.reshape_),
    Op("shape", f.shape),
    Op("shape_", f.shape_),
    Op("size", f.size),
    Op("stop_gradient", f.stop_gradient),
    Op("stop_gradient_", f.stop_gradient_),
)
