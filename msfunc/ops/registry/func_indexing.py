"""Rows of msfunc.ops whose array functions live in ``func_indexing.py``."""

from .. import func_indexing as f
from ._row import Op

HOME = f
ROWS = (
    Op("argwhere", f.argwhere, methods=("argwhere",)),
    Op("gather", f.gather),
    Op("gather_d", f.gather_d),
    Op("gather_elements", f.gather_elements, methods=("gather_elements",)),
    Op("gather_nd", f.gather_nd, methods=("gather_nd",)),
    Op("index_fill", f.index_fill, methods=("index_fill",)),
    Op("index_select", f.index_select, methods=("index_select",)),
    Op("masked_fill", f.masked_fill, methods=("masked_fill",)),
    Op("masked_select", f.masked_select, methods=("masked_select",)),
    Op("nonzero", f.nonzero),
    Op("select", f.select),
    Op("take", f.take),
    Op("where", f.where),
)
