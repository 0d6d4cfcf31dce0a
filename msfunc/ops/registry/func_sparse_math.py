"""Rows of msfunc.ops whose array functions live in ``func_sparse_math.py``."""

from .. import func_sparse_math as f
from ._row import Op

HOME = f
ROWS = (
    Op("coo_add", f.coo_add),
    Op("coo_concat", f.coo_concat),
    Op("csr_add", f.csr_add),
    Op("csr_div", f.csr_div),
    Op("csr_gather", f.csr_gather),
    Op("csr_mm", f.csr_mm),
    Op("csr_mul", f.csr_mul),
    Op("csr_mv", f.csr_mv),
    Op("csr_reduce_sum", f.csr_reduce_sum),
    Op("csr_softmax", f.csr_softmax),
)
