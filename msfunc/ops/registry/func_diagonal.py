"""Rows of msfunc.ops whose array functions live in ``func_diagonal.py``."""

from .. import func_diagonal as f
from ._row import Op

HOME = f
ROWS = (
    Op("cartesian_prod", f.cartesian_prod),
    Op("combinations", f.combinations),
    Op("diag", f.diag),
    Op("diag_embed", f.diag_embed),
    Op("diagflat", f.diagflat, methods=("diagflat",)),
    Op("diagonal", f.diagonal, methods=("diagonal",)),
    Op("diagonal_scatter", f.diagonal_scatter, methods=("diagonal_scatter",)),
    Op("matrix_band_part", f.matrix_band_part),
    Op("matrix_diag", f.matrix_diag),
    Op("matrix_diag_part", f.matrix_diag_part),
    Op("matrix_set_diag", f.matrix_set_diag),
    Op("meshgrid", f.meshgrid),
    Op("tril", f.tril, methods=("tril",)),
    Op("tril_indices", f.tril_indices),
    Op("triu", f.triu, methods=("triu",)),
    Op("triu_indices", f.triu_indices),
    Op("vander", f.vander),
)
