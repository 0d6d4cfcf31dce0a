"""Rows of msfunc.ops whose array functions live in ``func_indexing.py``."""

from .. import func_indexing as f
from ._row import Op

HOME = f
ROWS = (
    Op("argsort", f.argsort, methods=("argsort",)),
    Op("argwhere", f.argwhere, methods=("argwhere",)),
    Op("bucketize", f.bucketize),
    Op("gather", f.gather),
    Op("gather_d", f.gather_d),
    Op("gather_elements", f.gather_elements, methods=("gather_elements",)),
    Op("gather_nd", f.gather_nd, methods=("gather_nd",)),
    Op("index_fill", f.index_fill, methods=("index_fill",)),
    Op("index_select", f.index_select, methods=("index_select",)),
    Op("intopk", f.intopk),
    Op("masked_fill", f.masked_fill, methods=("masked_fill",)),
    Op("masked_select", f.masked_select, methods=("masked_select",)),
    Op("msort", f.msort, methods=("msort",)),
    Op("nonzero", f.nonzero),
    Op("searchsorted", f.searchsorted),
    Op("select", f.select),
    Op("sort", f.sort),
    Op("take", f.take),
    Op("top_k", f.top_k, methods=("top_k",)),
    Op("topk", f.topk, methods=("topk",)),
    Op("unique", f.unique),
    Op("unique_consecutive", f.unique_consecutive, methods=("unique_consecutive",)),
    Op("unique_with_pad", f.unique_with_pad, methods=("unique_with_pad",)),
    Op("where", f.where),
)
