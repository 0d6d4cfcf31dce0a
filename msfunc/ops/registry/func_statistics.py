"""Rows of msfunc.ops whose array functions live in ``func_statistics.py``."""

from .. import func_statistics as f
from ._row import Op

HOME = f
ROWS = (
    Op("accumulate_n", f.accumulate_n),
    Op("addn", f.addn),
    Op("bincount", f.bincount, methods=("bincount",)),
    Op("cov", f.cov, methods=("cov",)),
    Op("diff", f.diff, methods=("diff",)),
    Op("diff_ext", f.diff_ext),
    Op("histc", f.histc, methods=("histc",)),
    Op("median", f.median, methods=("median",)),
    Op("nanmean", f.nanmean, methods=("nanmean",)),
    Op("nanmedian", f.nanmedian, methods=("nanmedian",)),
    Op("nanquantile", f.nanquantile, methods=("nanquantile",)),
    Op("nansum", f.nansum, methods=("nansum",)),
    Op("quantile", f.quantile, methods=("quantile",)),
    Op("std", f.std, methods=("std",)),
    Op("std_mean", f.std_mean),
    Op("trapz", f.trapz),
    Op("unsorted_segment_max", f.unsorted_segment_max, methods=("unsorted_segment_max",)),
    Op("unsorted_segment_min", f.unsorted_segment_min, methods=("unsorted_segment_min",)),
    Op("unsorted_segment_prod", f.unsorted_segment_prod, methods=("unsorted_segment_prod",)),
    Op("unsorted_segment_sum", f.unsorted_segment_sum),
    Op("var", f.var, methods=("var",)),
    Op("var_mean", f.var_mean),
)
