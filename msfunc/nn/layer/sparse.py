"""MindSpore's sparse Cells: SparseToDense (a COOTensor as the dense Tensor it stands for) and
SparseTensorDenseMatmul (a COO matrix given by its parts times a dense one)."""

from __future__ import annotations

from typing import Any

from ...common.sparse_tensor import COOTensor
from ..cell import Cell

__all__ = ["SparseToDense", "SparseTensorDenseMatmul"]


class SparseToDense(Cell):
    """The dense Tensor of a COOTensor: its values at its indices, zeros elsewhere.

    Gradients reach the values (the gathered sensitivity); the integer indices get zeros.

    Inputs:
        sparse_tensor (COOTensor): The sparse Tensor.

    Outputs:
        Tensor, of the COOTensor's shape and its values' dtype.

    Raises:
        AttributeError: `sparse_tensor` is not a COOTensor (it lacks a COOTensor's parts;
            MindSpore's type for it).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import nn
        >>> coo = ms.COOTensor(ms.Tensor([[0, 1], [1, 2]]), ms.Tensor([1.0, 2.0]), (2, 3))
        >>> print(nn.SparseToDense()(coo))
        [[0. 1. 0.]
         [0. 0. 2.]]
    """

    def __init__(self) -> None:
        super().__init__()

    def construct(self, sparse_tensor: Any) -> Any:
        if not isinstance(sparse_tensor, COOTensor):
            raise AttributeError(
                "SparseToDense: `sparse_tensor` must be a COOTensor (indices, values, shape), "
                f"got a {type(sparse_tensor).__name__}"
            )
        return sparse_tensor.to_dense()


class SparseTensorDenseMatmul(Cell):
    """The sparse matrix given by `indices`, `values` and `sparse_shape`, times `dense`.

    Args:
        adjoint_st (bool): Conjugate-transpose the sparse matrix first. Default: ``False``.
        adjoint_dt (bool): Conjugate-transpose `dense` first. Default: ``False``.

    Inputs:
        indices (Tensor): int32 or int64 of shape (n, 2), the places of `values`.
        values (Tensor): The n entries; repeated places add up.
        sparse_shape (tuple[int]): The sparse matrix's shape (rows, columns).
        dense (Tensor): 2-D.

    Outputs:
        Tensor, the matrix product, of `values`' dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import nn
        >>> indices, values = ms.Tensor([[0, 1], [1, 0]]), ms.Tensor([2.0, 3.0])
        >>> dense = ms.Tensor([[1.0, 1.0], [10.0, 10.0]])
        >>> print(nn.SparseTensorDenseMatmul()(indices, values, (2, 2), dense))
        [[20. 20.]
         [ 3.  3.]]
    """

    def __init__(self, adjoint_st: bool = False, adjoint_dt: bool = False) -> None:
        super().__init__()
        self.adjoint_st = adjoint_st
        self.adjoint_dt = adjoint_dt

    def construct(self, indices: Any, values: Any, sparse_shape: Any, dense: Any) -> Any:
        from ...ops import operations as P

        op = P.SparseTensorDenseMatmul(adjoint_st=self.adjoint_st, adjoint_dt=self.adjoint_dt)
        return op(indices, values, sparse_shape, dense)
