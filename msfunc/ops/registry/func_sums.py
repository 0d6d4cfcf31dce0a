"""Rows of msfunc.ops whose array functions live in ``func_sums.py``."""

from .. import func_sums as f
from ._row import Op

HOME = f
ROWS = (
    Op("accumulate_n", f.accumulate_n),
    Op("addn", f.addn),
    Op("diff", f.diff, methods=("diff",)),
    Op("diff_ext", f.diff_ext),
    Op("trapz", f.trapz),
    Op("unsorted_segment_max", f.unsorted_segment_max, methods=("unsorted_segment_max",)),
    Op("unsorted_segment_min", f.unsorted_segment_min, methods=("unsorted_segment_min",)),
    Op("unsorted_segment_prod", f.unsorted_segment_prod, methods=("unsorted_segment_prod",)),
    Op("unsorted_segment_sum", f.unsorted_segment_sum),
)
