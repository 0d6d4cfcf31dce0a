"""``mindspore.ops.operations._csr_ops``: CSR primitives over a matrix given as its parts.

Each takes the parts of a CSR matrix (``indptr``, ``indices``, ``values``, ``dense_shape``)
and does what the matching ``ops.functional.csr_*`` function does on the CSRTensor they make:
``CSRMul``/``CSRDiv`` give the new stored values, ``CSRMV``/``CSRMM``/``CSRReduceSum`` dense
Tensors, ``CSRGather`` the stored values read from a dense Tensor.

Example:
    >>> import msfunc as ms
    >>> from msfunc.compat.csr_ops import CSRMul, CSRReduceSum
    >>> indptr, indices = ms.Tensor([0, 1, 2], ms.int32), ms.Tensor([0, 1], ms.int32)
    >>> values = ms.Tensor([2.0, 3.0])
    >>> CSRMul()(indptr, indices, values, (2, 2), ms.Tensor([[1.0], [2.0]])).tolist()
    [2.0, 6.0]
    >>> CSRReduceSum()(indptr, indices, values, (2, 2), 1).tolist()
    [[2.0], [3.0]]
"""

from ..common.sparse_tensor import CSRTensor
from ..common.tensor import wrap
from ..ops import functional as F
from ..ops.primitive_tables._common import sig
from ..ops.primitives import build_primitive

__all__: list[str] = []


def _csr(indptr, indices, values, dense_shape):
    shape = tuple(int(n) for n in dense_shape)
    return CSRTensor(wrap(indptr), wrap(indices), wrap(values), shape)


def _reduce_sum(p, indptr, indices, values, dense_shape, axis):
    rank = len(dense_shape)
    if axis not in (1, rank - 1, -1):
        raise ValueError(f"CSRReduceSum: `axis` must be 1 (the rows' axis), got {axis}")
    return F.csr_reduce_sum(_csr(indptr, indices, values, dense_shape), 1)


def _gather(p, indptr, indices, dense, dense_shape):
    return F.csr_gather(wrap(indptr), wrap(indices), wrap(dense), tuple(dense_shape))


def _mv(p, indptr, indices, values, dense_shape, dense_tensor):
    return F.csr_mv(_csr(indptr, indices, values, dense_shape), wrap(dense_tensor))


def _mm(p, indptr, indices, values, dense_shape, dense):
    return F.csr_mm(_csr(indptr, indices, values, dense_shape), wrap(dense))


def _elementwise(function):
    # the new stored values of `function` (csr_mul, csr_div) with a broadcast dense Tensor
    def call(p, indptr, indices, values, dense_shape, dense_tensor):
        return function(_csr(indptr, indices, values, dense_shape), wrap(dense_tensor)).values

    return call


_TABLE = [
    ("CSRGather", _gather),
    ("CSRReduceSum", _reduce_sum),
    ("CSRMV", _mv),
    ("CSRMM", _mm),
    ("CSRMul", _elementwise(F.csr_mul)),
    ("CSRDiv", _elementwise(F.csr_div)),
    ("CSR2COO", lambda p, indptr, nnz: F.csr2coo(wrap(indptr), int(nnz))),
    ("COO2CSR", lambda p, row_indices, height: F.coo2csr(wrap(row_indices), int(height))),
]

for _name, _call in _TABLE:
    globals()[_name] = build_primitive(_name, sig(), _call, module=__name__)
    __all__.append(_name)
__all__.sort()
