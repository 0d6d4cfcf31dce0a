"""Rows of msfunc.ops whose array functions live in ``func_join.py``."""

from .. import func_join as f
from ._row import Op

HOME = f
ROWS = (
    Op("atleast_1d", f.atleast_1d),
    Op("atleast_2d", f.atleast_2d),
    Op("atleast_3d", f.atleast_3d),
    Op("block_diag", f.block_diag),
    Op("cat", f.cat),
    Op("chunk", f.chunk),
    Op("column_stack", f.column_stack),
    Op("concat", f.concat),
    Op("dsplit", f.dsplit, methods=("dsplit",)),
    Op("dstack", f.dstack),
    Op("hsplit", f.hsplit, methods=("hsplit",)),
    Op("hstack", f.hstack),
    Op("row_stack", f.row_stack),
    Op("split", f.split),
    Op("stack", f.stack),
    Op("tensor_split", f.tensor_split, methods=("tensor_split",)),
    Op("unbind", f.unbind, methods=("unbind",)),
    Op("unstack", f.unstack),
    Op("vsplit", f.vsplit, methods=("vsplit",)),
    Op("vstack", f.vstack),
)
