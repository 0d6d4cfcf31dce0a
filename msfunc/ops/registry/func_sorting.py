"""Rows of msfunc.ops whose array functions live in ``func_sorting.py``."""

from .. import func_sorting as f
from ._row import Op

HOME = f
ROWS = (
    Op("argsort", f.argsort, methods=("argsort",)),
    Op("bucketize", f.bucketize),
    Op("intopk", f.intopk),
    Op("msort", f.msort, methods=("msort",)),
    Op("searchsorted", f.searchsorted),
    Op("sort", f.sort),
    Op("top_k", f.top_k, methods=("top_k",)),
    Op("topk", f.topk, methods=("topk",)),
    Op("unique", f.unique),
    Op("unique_consecutive", f.unique_consecutive, methods=("unique_consecutive",)),
    Op("unique_with_pad", f.unique_with_pad, methods=("unique_with_pad",)),
)
