"""Rows of msfunc.ops whose array functions live in ``func_linalg.py``."""

from .. import func_linalg as f
from ._row import Op

HOME = f
ROWS = (
    Op("addbmm", f.addbmm, methods=("addbmm",)),
    Op("addmm", f.addmm),
    Op("addmv", f.addmv, methods=("addmv",)),
    Op("addr", f.addr),
    Op("adjoint", f.adjoint, methods=("adjoint",)),
    Op("baddbmm", f.baddbmm, methods=("baddbmm",)),
    Op("baddbmm_ext", f.baddbmm_ext),
    Op("batch_dot", f.batch_dot),
    Op("bmm", f.bmm, methods=("bmm",)),
    Op("cdist", f.cdist),
    Op("cond", f.cond),
    Op("cross", f.cross, methods=("cross",)),
    Op("det", f.det, methods=("det",)),
    Op("dist", f.dist),
    Op("dot", f.dot, methods=("dot",)),
    Op("eigvals", f.eigvals, methods=("eigvals",)),
    Op("einsum", f.einsum),
    Op("einsum_ext", f.einsum_ext),
    Op("ger", f.ger, methods=("ger",)),
    Op("inner", f.inner, methods=("inner",)),
    Op("inverse", f.inverse, methods=("inverse",)),
    Op("kron", f.kron),
    Op("matmul", f.matmul, methods=("matmul",)),
    Op("matrix_determinant", f.matrix_determinant, methods=("matrix_determinant",)),
    Op("matrix_exp", f.matrix_exp),
    Op("matrix_power", f.matrix_power, methods=("matrix_power",)),
    Op("mv", f.mv),
    Op("outer", f.outer, methods=("outer",)),
    Op("tensor_dot", f.tensor_dot),
    Op("trace", f.trace),
    Op("vecdot", f.vecdot),
)
