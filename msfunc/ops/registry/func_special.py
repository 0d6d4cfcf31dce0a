"""Rows of msfunc.ops whose array functions live in ``func_special.py``."""

from .. import func_special as f
from ._row import Op

HOME = f
ROWS = (
    Op("bessel_j0", f.bessel_j0),
    Op("bessel_j1", f.bessel_j1),
    Op("bessel_k0", f.bessel_k0),
    Op("bessel_k0e", f.bessel_k0e),
    Op("bessel_k1", f.bessel_k1),
    Op("bessel_k1e", f.bessel_k1e),
    Op("bessel_y0", f.bessel_y0),
    Op("bessel_y1", f.bessel_y1),
    Op("logit", f.logit, methods=("logit",)),
    Op("mvlgamma", f.mvlgamma, methods=("mvlgamma",)),
    Op("polygamma", f.polygamma),
)
