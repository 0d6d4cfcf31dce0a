"""Docstrings of the primitive classes generated from `primitive_tables.sparse_dense`."""

__all__ = ["DOCS"]

DOCS: dict[str, str] = {
    "SparseTensorDenseMatmul": """The COO matrix given by `indices`, `values` and `sparse_shape`
times `dense`; entries at a repeated place add up.

Args:
    adjoint_st (bool): Conjugate-transpose the sparse matrix first. Default: ``False``.
    adjoint_dt (bool): Conjugate-transpose `dense` first. Default: ``False``.

Inputs:
    indices (Tensor): int32 or int64 of shape (n, 2).
    values (Tensor): The n entries.
    sparse_shape (tuple[int]): The sparse matrix's (rows, columns).
    dense (Tensor): 2-D.

Outputs:
    Tensor, the product, of `values`' dtype.

Example:
    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> indices, values = ms.Tensor([[0, 1], [1, 0]]), ms.Tensor([2.0, 3.0])
    >>> dense = ms.Tensor([[1.0, 1.0], [10.0, 10.0]])
    >>> print(ops.SparseTensorDenseMatmul()(indices, values, (2, 2), dense))
    [[20. 20.]
     [ 3.  3.]]
""",
}
