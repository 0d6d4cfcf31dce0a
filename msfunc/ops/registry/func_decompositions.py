"""Rows of msfunc.ops whose array functions live in ``func_decompositions.py``."""

from .. import func_decompositions as f
from ._row import Op

HOME = f
ROWS = (
    Op("cholesky", f.cholesky, methods=("cholesky",)),
    Op("cholesky_inverse", f.cholesky_inverse, methods=("cholesky_inverse",)),
    Op("cholesky_solve", f.cholesky_solve, methods=("cholesky_solve",)),
    Op("eig", f.eig),
    Op("log_matrix_determinant", f.log_matrix_determinant, methods=("log_matrix_determinant",)),
    Op("logdet", f.logdet, methods=("logdet",)),
    Op("lstsq", f.lstsq, methods=("lstsq",)),
    Op("matrix_solve", f.matrix_solve),
    Op("pinv", f.pinv),
    Op("qr", f.qr),
    Op("slogdet", f.slogdet, methods=("slogdet",)),
    Op("svd", f.svd, methods=("svd",)),
)
