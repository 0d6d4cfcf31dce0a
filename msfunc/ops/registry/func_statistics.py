"""Rows of msfunc.ops whose array functions live in ``func_statistics.py``."""

from .. import func_statistics as f
from ._row import Op

HOME = f
ROWS = (
    Op("bincount", f.bincount, methods=("bincount",)),
    Op("cov", f.cov, methods=("cov",)),
    Op("histc", f.histc, methods=("histc",)),
    Op("median", f.median, methods=("median",)),
    Op("nanmean", f.nanmean, methods=("nanmean",)),
    Op("nanmedian", f.nanmedian, methods=("nanmedian",)),
    Op("nanquantile", f.nanquantile, methods=("nanquantile",)),
    Op("nansum", f.nansum, methods=("nansum",)),
    Op("quantile", f.quantile, methods=("quantile",)),
    Op("std", f.std, methods=("std",)),
    Op("std_mean", f.std_mean),
    Op("var", f.var, methods=("var",)),
    Op("var_mean", f.var_mean),
)
