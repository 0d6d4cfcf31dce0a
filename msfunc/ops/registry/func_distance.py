"""Rows of msfunc.ops whose array functions live in ``func_distance.py``."""

from .. import func_distance as f
from ._row import Op

HOME = f
ROWS = (
    Op("cosine_similarity", f.cosine_similarity),
    Op("pdist", f.pdist),
    Op("sparse_segment_mean", f.sparse_segment_mean),
)
