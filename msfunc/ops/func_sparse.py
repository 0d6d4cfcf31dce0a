"""COO/CSR sparse ops on jax.experimental.sparse, for COOTensor/CSRTensor (or BCOO/BCSR):
constructors, accessors, format conversions and the element-wise ``coo_*``/``csr_*`` ops
(sums, products and softmax: func_sparse_math).

Element-wise ``coo_*``/``csr_*`` ops act on the stored values only, as in MindSpore. An op
given a `COOTensor`/`CSRTensor` returns them (the constructors always do); given
``jax.experimental.sparse`` BCOO/BCSR arrays it returns those.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

import jax
import jax.numpy as jnp

from ..common.args import tensor_arg
from ..common.sparse_tensor import (
    COOTensor,
    CSRTensor,
    as_jax_sparse,
    from_jax_sparse,
    is_sparse_class,
    jsparse,
)
from ..common.tensor import Tensor, unwrap

if TYPE_CHECKING:
    from jax import Array
    from jax.experimental.sparse import BCOO, BCSR
    from jax.typing import ArrayLike

_UNARY = {
    "abs": jnp.abs,
    "acos": jnp.arccos,
    "acosh": jnp.arccosh,
    "asin": jnp.arcsin,
    "asinh": jnp.arcsinh,
    "atan": jnp.arctan,
    "atanh": jnp.arctanh,
    "ceil": jnp.ceil,
    "cos": jnp.cos,
    "cosh": jnp.cosh,
    "exp": jnp.exp,
    "expm1": jnp.expm1,
    "floor": jnp.floor,
    "inv": jnp.reciprocal,
    "isfinite": jnp.isfinite,
    "isinf": jnp.isinf,
    "isnan": jnp.isnan,
    "log": jnp.log,
    "log1p": jnp.log1p,
    "neg": jnp.negative,
    "relu": jax.nn.relu,
    "relu6": jax.nn.relu6,
    "round": jnp.round,
    "sigmoid": jax.nn.sigmoid,
    "sin": jnp.sin,
    "sinh": jnp.sinh,
    "softsign": jax.nn.soft_sign,
    "sqrt": jnp.sqrt,
    "square": jnp.square,
    "tan": jnp.tan,
    "tanh": jnp.tanh,
}

__all__ = (
    [f"coo_{n}" for n in _UNARY]
    + [f"csr_{n}" for n in _UNARY]
    + [
        "make_coo_tensor",
        "make_csr_tensor",
        "coo_tensor_get_indices",
        "coo_tensor_get_values",
        "coo_tensor_get_dense_shape",
        "csr_tensor_get_indptr",
        "csr_tensor_get_indices",
        "csr_tensor_get_values",
        "csr_tensor_get_dense_shape",
        "coo2csr",
        "csr2coo",
        "csr_to_coo",
        "csr_to_dense",
        "dense_to_sparse_coo",
        "dense_to_sparse_csr",
    ]
)


def _array_leaves(x):
    # msfunc's transforms hand pytree leaves in as Tensors; jax's sparse arrays need arrays.
    if isinstance(x.data, Tensor):
        return jax.tree.map(unwrap, x, is_leaf=lambda leaf: isinstance(leaf, Tensor))
    return x


def _coo(x, name="x") -> BCOO:
    if isinstance(x, COOTensor):
        return as_jax_sparse(x)
    if not isinstance(x, jsparse.BCOO):
        raise TypeError(f"`{name}` must be a COOTensor (or BCOO), got {type(x).__name__}")
    return _array_leaves(x)


def _csr(x, name="x") -> BCSR:
    if isinstance(x, CSRTensor):
        return as_jax_sparse(x)
    if not isinstance(x, jsparse.BCSR):
        raise TypeError(f"`{name}` must be a CSRTensor (or BCSR), got {type(x).__name__}")
    return _array_leaves(x)


def _holds_class(x):
    return is_sparse_class(x) or (type(x) in (list, tuple) and any(map(is_sparse_class, x)))


def _keeps_classes(fn):
    """`fn` returning COOTensor/CSRTensor results when any argument is one."""

    @functools.wraps(fn)
    def op(*args, **kwargs):
        out = fn(*args, **kwargs)
        if any(map(_holds_class, args)) or any(map(_holds_class, kwargs.values())):
            return from_jax_sparse(out)
        return out

    return op


def make_coo_tensor(indices: ArrayLike, values: ArrayLike, shape: Sequence[int]) -> COOTensor:
    """Builds a COOTensor: the entries `values` at the coordinates `indices`, zeros elsewhere.

    Args:
        indices (Tensor): The coordinates, shape (nnz, ndim), integers.
        values (Tensor): The values, shape (nnz,).
        shape (Union[tuple[int], list[int]]): The dense shape.

    Returns:
        COOTensor.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ops.make_coo_tensor(ms.Tensor([[0, 1], [1, 0]]), ms.Tensor([1.0, 2.0]), (2, 2))
        >>> type(x).__name__, x.to_dense().tolist()
        ('COOTensor', [[0.0, 1.0], [2.0, 0.0]])
    """
    return COOTensor(tensor_arg(indices, "indices"), tensor_arg(values, "values"), tuple(shape))


def make_csr_tensor(
    indptr: ArrayLike, indices: ArrayLike, values: ArrayLike, shape: Sequence[int]
) -> CSRTensor:
    """Builds a CSRTensor (compressed sparse rows): row i holds the values
    ``values[indptr[i]:indptr[i + 1]]`` in the columns ``indices[indptr[i]:indptr[i + 1]]``.

    Args:
        indptr (Tensor): The row pointers, shape (rows + 1,).
        indices (Tensor): The column index of each value, shape (nnz,).
        values (Tensor): The values, shape (nnz,).
        shape (Union[tuple[int], list[int]]): The dense shape, (rows, columns).

    Returns:
        CSRTensor.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> indptr, indices, values = ms.Tensor([0, 1, 2]), ms.Tensor([1, 0]), ms.Tensor([1.0, 2.0])
        >>> x = ops.make_csr_tensor(indptr, indices, values, (2, 2))
        >>> type(x).__name__, x.to_dense().tolist()
        ('CSRTensor', [[0.0, 1.0], [2.0, 0.0]])
    """
    return CSRTensor(
        tensor_arg(indptr, "indptr"),
        tensor_arg(indices, "indices"),
        tensor_arg(values, "values"),
        tuple(shape),
    )


def coo_tensor_get_indices(x: COOTensor | BCOO) -> Array:
    """The coordinates of the stored values of a COO tensor.

    Args:
        x (COOTensor): The sparse tensor.

    Returns:
        Tensor, shape (nnz, ndim).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.COOTensor(ms.Tensor([[0, 1], [1, 0]]), ms.Tensor([1.0, 2.0]), (2, 2))
        >>> ops.coo_tensor_get_indices(x).tolist()
        [[0, 1], [1, 0]]
    """
    return _coo(x).indices


def coo_tensor_get_values(x: COOTensor | BCOO) -> Array:
    """The stored values of a COO tensor.

    Args:
        x (COOTensor): The sparse tensor.

    Returns:
        Tensor, shape (nnz,).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.COOTensor(ms.Tensor([[0, 1], [1, 0]]), ms.Tensor([1.0, 2.0]), (2, 2))
        >>> ops.coo_tensor_get_values(x).tolist()
        [1.0, 2.0]
    """
    return _coo(x).data


def coo_tensor_get_dense_shape(x: COOTensor | BCOO) -> tuple[int, ...]:
    """The dense shape of a COO tensor.

    Args:
        x (COOTensor): The sparse tensor.

    Returns:
        tuple[int], the shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.COOTensor(ms.Tensor([[0, 1], [1, 0]]), ms.Tensor([1.0, 2.0]), (2, 2))
        >>> ops.coo_tensor_get_dense_shape(x)
        (2, 2)
    """
    return tuple(_coo(x).shape)


def csr_tensor_get_indptr(x: CSRTensor | BCSR) -> Array:
    """The row pointers of a CSR tensor: row i's values are entries ``indptr[i]`` to
    ``indptr[i + 1] - 1``.

    Args:
        x (CSRTensor): The sparse tensor.

    Returns:
        Tensor, shape (rows + 1,).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.CSRTensor(ms.Tensor([0, 1, 2]), ms.Tensor([1, 0]), ms.Tensor([1.0, 2.0]), (2, 2))
        >>> ops.csr_tensor_get_indptr(x).tolist()
        [0, 1, 2]
    """
    return _csr(x).indptr


def csr_tensor_get_indices(x: CSRTensor | BCSR) -> Array:
    """The column index of each stored value of a CSR tensor.

    Args:
        x (CSRTensor): The sparse tensor.

    Returns:
        Tensor, shape (nnz,).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.CSRTensor(ms.Tensor([0, 1, 2]), ms.Tensor([1, 0]), ms.Tensor([1.0, 2.0]), (2, 2))
        >>> ops.csr_tensor_get_indices(x).tolist()
        [1, 0]
    """
    return _csr(x).indices


def csr_tensor_get_values(x: CSRTensor | BCSR) -> Array:
    """The stored values of a CSR tensor, row by row.

    Args:
        x (CSRTensor): The sparse tensor.

    Returns:
        Tensor, shape (nnz,).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.CSRTensor(ms.Tensor([0, 1, 2]), ms.Tensor([1, 0]), ms.Tensor([1.0, 2.0]), (2, 2))
        >>> ops.csr_tensor_get_values(x).tolist()
        [1.0, 2.0]
    """
    return _csr(x).data


def csr_tensor_get_dense_shape(x: CSRTensor | BCSR) -> tuple[int, ...]:
    """The dense shape of a CSR tensor.

    Args:
        x (CSRTensor): The sparse tensor.

    Returns:
        tuple[int], the shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.CSRTensor(ms.Tensor([0, 1, 2]), ms.Tensor([1, 0]), ms.Tensor([1.0, 2.0]), (2, 2))
        >>> ops.csr_tensor_get_dense_shape(x)
        (2, 2)
    """
    return tuple(_csr(x).shape)


def _make_unary(kind, name, fn):

    def coo_op(x: COOTensor | BCOO) -> COOTensor | BCOO:
        x = _coo(x)
        return jsparse.BCOO((fn(x.data), x.indices), shape=x.shape)

    def csr_op(x: CSRTensor | BCSR) -> CSRTensor | BCSR:
        x = _csr(x)
        return jsparse.BCSR((fn(x.data), x.indices, x.indptr), shape=x.shape)

    op = coo_op if kind == "coo" else csr_op

    op.__name__ = op.__qualname__ = f"{kind}_{name}"
    sparse = (
        "COOTensor(ms.Tensor([[0, 1], [1, 0]]), "
        if kind == "coo"
        else "CSRTensor(ms.Tensor([0, 1, 2]), ms.Tensor([1, 0]), "
    )
    op.__doc__ = (
        f"``ops.{name}`` of the stored values of a {kind.upper()} tensor; the indices stay.\n\n"
        f"Args:\n    x ({kind.upper()}Tensor): the sparse input.\n\n"
        f"Returns:\n    {kind.upper()}Tensor: the same indices and shape, `{name}` of each value."
        "\n\n"
        f"Example:\n    >>> import msfunc as ms\n    >>> from msfunc import ops\n"
        f"    >>> x = ms.{sparse}ms.Tensor([0.25, 1.0]), (2, 2))\n"
        f"    >>> y = ops.{kind}_{name}(x)\n"
        f"    >>> same = ops.isclose(y.values, ops.{name}(x.values), equal_nan=True)\n"
        f"    >>> bool(same.all()), y.shape\n"
        f"    (True, (2, 2))\n"
    )
    return op


for _n, _f in _UNARY.items():
    globals()[f"coo_{_n}"] = _make_unary("coo", _n, _f)
    globals()[f"csr_{_n}"] = _make_unary("csr", _n, _f)


def coo2csr(coo_row_indices: ArrayLike, height: int) -> Array:
    """CSR row pointers from the row indices of COO entries sorted by row.

    Args:
        coo_row_indices (Tensor): The row of each entry, sorted, shape (nnz,).
        height (int): The number of rows.

    Returns:
        Tensor of int32, shape (height + 1,).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> ops.coo2csr(ms.Tensor([0, 0, 2]), 3).tolist()
        [0, 2, 2, 3]
    """
    rows = tensor_arg(coo_row_indices, "coo_row_indices").astype(jnp.int32)
    counts = jnp.zeros((height,), jnp.int32).at[rows].add(1)
    return jnp.concatenate([jnp.zeros((1,), jnp.int32), jnp.cumsum(counts)]).astype(jnp.int32)


def csr2coo(tensor: ArrayLike, length: int) -> Array:
    """The row index of each stored entry, from CSR row pointers (``ops.coo2csr`` undone).

    Args:
        tensor (Tensor): The row pointers, shape (rows + 1,).
        length (int): The number of stored entries, nnz.

    Returns:
        Tensor of int32, shape (length,).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> ops.csr2coo(ms.Tensor([0, 2, 2, 3]), 3).tolist()
        [0, 0, 2]
    """
    return _rows(tensor_arg(tensor, "tensor").astype(jnp.int32), int(length))


@functools.partial(jax.jit, static_argnums=1)  # one compile when called eagerly
def _rows(indptr, nnz):
    """Row of each of `nnz` stored values (entries past indptr[-1] get the dropped row n)."""
    return (jnp.searchsorted(indptr, jnp.arange(nnz), side="right") - 1).astype(jnp.int32)


def csr_to_coo(tensor: CSRTensor | BCSR) -> COOTensor | BCOO:
    """A CSR tensor in COO form: the same entries, with explicit coordinates.

    Args:
        tensor (CSRTensor): The sparse tensor.

    Returns:
        COOTensor, of `tensor`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.CSRTensor(ms.Tensor([0, 1, 2]), ms.Tensor([1, 0]), ms.Tensor([1.0, 2.0]), (2, 2))
        >>> ops.csr_to_coo(x).indices.tolist()
        [[0, 1], [1, 0]]
    """
    return _csr(tensor, "tensor").to_bcoo()


def csr_to_dense(csr_tensor: CSRTensor | BCSR) -> Array:
    """The dense tensor of a CSR tensor (zeros where nothing is stored).

    Args:
        csr_tensor (CSRTensor): The sparse tensor.

    Returns:
        Tensor, of `csr_tensor`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.CSRTensor(ms.Tensor([0, 1, 2]), ms.Tensor([1, 0]), ms.Tensor([1.0, 2.0]), (2, 2))
        >>> ops.csr_to_dense(x).tolist()
        [[0.0, 1.0], [2.0, 0.0]]
    """
    return _csr(csr_tensor, "csr_tensor").todense()


def dense_to_sparse_coo(tensor: ArrayLike) -> COOTensor:
    """The COOTensor of the non-zero entries of a dense tensor.

    Runs eagerly: the number of entries depends on the values.

    Args:
        tensor (Tensor): The dense tensor.

    Returns:
        COOTensor, of `tensor`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ops.dense_to_sparse_coo(ms.Tensor([[0.0, 3.0], [4.0, 0.0]]))
        >>> x.indices.tolist(), x.values.tolist()
        ([[0, 1], [1, 0]], [3.0, 4.0])
    """
    return cast(COOTensor, from_jax_sparse(jsparse.BCOO.fromdense(tensor_arg(tensor, "tensor"))))


def dense_to_sparse_csr(tensor: ArrayLike) -> CSRTensor:
    """The CSRTensor of the non-zero entries of a dense matrix.

    Runs eagerly: the number of entries depends on the values.

    Args:
        tensor (Tensor): The dense matrix, 2-D.

    Returns:
        CSRTensor, of `tensor`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ops.dense_to_sparse_csr(ms.Tensor([[0.0, 3.0], [4.0, 0.0]]))
        >>> x.indptr.tolist(), x.indices.tolist(), x.values.tolist()
        ([0, 1, 2], [1, 0], [3.0, 4.0])
    """
    return cast(CSRTensor, from_jax_sparse(jsparse.BCSR.fromdense(tensor_arg(tensor, "tensor"))))


# COOTensor/CSRTensor in, COOTensor/CSRTensor out (the constructors above return them).
for _name in __all__:
    if _name not in (
        "make_coo_tensor",
        "make_csr_tensor",
        "dense_to_sparse_coo",
        "dense_to_sparse_csr",
        "coo2csr",
        "csr2coo",
    ):
        globals()[_name] = _keeps_classes(globals()[_name])


def _register():
    import sys

    from ..common.sparse_tensor import use_sparse_ops

    use_sparse_ops(sys.modules[__name__])  # the classes' methods call these ops


_register()
