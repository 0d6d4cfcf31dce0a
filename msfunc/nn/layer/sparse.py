"""MindSpore's sparse Cells: SparseToDense (a COOTensor as the dense Tensor it stands for)."""

from __future__ import annotations

from typing import Any

from ...common.sparse_tensor import COOTensor
from ..cell import Cell

__all__ = ["SparseToDense"]


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
