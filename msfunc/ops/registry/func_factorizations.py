"""Rows of msfunc.ops whose array functions live in ``func_factorizations.py``."""

from .. import func_factorizations as f
from ._row import Op

HOME = f
ROWS = (
    Op("geqrf", f.geqrf, methods=("geqrf",)),
    Op("lu_solve", f.lu_solve, methods=("lu_solve",)),
    Op("lu_unpack", f.lu_unpack),
    Op("orgqr", f.orgqr, methods=("orgqr",)),
    Op("ormqr", f.ormqr, methods=("ormqr",)),
)
