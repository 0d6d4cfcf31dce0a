"""Triangles, diagonals, Vandermonde matrices and index grids (indices, meshgrid, ix_)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax.numpy as jnp
import numpy as np

from ..common import dtype as mstype
from ..common.arg_docs import document_args
from ..common.args import array_like, check_int, dtype_arg

if TYPE_CHECKING:
    from collections.abc import Sequence

    from jax import Array
    from jax.typing import ArrayLike, DTypeLike

_F32 = mstype.float32

__all__ = [
    "diag",
    "diag_indices",
    "diagflat",
    "indices",
    "ix_",
    "meshgrid",
    "tri",
    "tril",
    "tril_indices",
    "tril_indices_from",
    "triu",
    "triu_indices",
    "triu_indices_from",
    "vander",
]


def tri(N: int, M: int | None = None, k: int = 0, dtype: DTypeLike = _F32) -> Array:
    """Ones at and below the `k`-th diagonal (float32 by default).

    Args:
        N (int): Number of rows.
        M (Union[int, None]): Number of columns; ``None`` is `N`. Default: ``None``.
        k (int): Diagonal bounding the ones: 0 the main one, positive above.
            Default: ``0``.
        dtype (Union[dtype, str]): Dtype of the result. Default: ``float32``.

    Returns:
        Tensor, of shape (N, M).

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.tri(2))
        [[1. 0.]
         [1. 1.]]
    """
    return jnp.tri(N, M, k, dtype_arg(dtype, "tri"))


def tril(m: ArrayLike, k: int = 0) -> Array:
    """Lower triangle of `m` (elements above the `k`-th diagonal zeroed).

    Args:
        m (Tensor): Input, at least 2-D (the last two axes are the matrices).
        k (int): Diagonal above which elements are zeroed. Default: ``0``.

    Returns:
        Tensor, of `m`'s shape.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.tril(mnp.ones((2, 2))))
        [[1. 0.]
         [1. 1.]]
    """
    return jnp.tril(array_like(m), k)


def triu(m: ArrayLike, k: int = 0) -> Array:
    """Upper triangle of `m` (elements below the `k`-th diagonal zeroed).

    Args:
        m (Tensor): Input, at least 2-D (the last two axes are the matrices).
        k (int): Diagonal below which elements are zeroed. Default: ``0``.

    Returns:
        Tensor, of `m`'s shape.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.triu(mnp.ones((2, 2))))
        [[1. 1.]
         [0. 1.]]
    """
    return jnp.triu(array_like(m), k)


def _whole(value, name, fname):
    """An int argument that may also come as a float with a whole value (``3.0``)."""
    if isinstance(value, (float, np.floating)) and float(value).is_integer():
        return int(value)
    return check_int(value, name, fname=fname)


def _triangle_indices(jfn, fname, n, k, m):
    """`tril_indices`'s and `triu_indices`'s body: `jfn` on the checked whole-number sizes."""
    return jfn(
        _whole(n, "n", fname), _whole(k, "k", fname), None if m is None else _whole(m, "m", fname)
    )


# Args entries that the lower- and upper-triangle index functions word alike (see `document_args`).
_TRIANGLE_K = "k (int): Diagonal bounding the triangle. Default: ``0``."
_TRIANGLE_ARGS = (
    "n (int): Number of rows (a whole float is accepted).",
    _TRIANGLE_K,
    "m (Union[int, None]): Number of columns; ``None`` is `n`. Default: ``None``.",
)
_TRIANGLE_FROM_ARGS = ("arr (Tensor): 2-D array giving the shape.", _TRIANGLE_K)


@document_args(*_TRIANGLE_ARGS)
def tril_indices(n: int, k: int = 0, m: int | None = None) -> tuple[Array, Array]:
    """Row and column indices of the lower triangle of an (n, m) array.

    Args:
        {args}

    Returns:
        tuple[Tensor, Tensor], the row and the column indices.

    Example:
        >>> import msfunc.numpy as mnp
        >>> [a.tolist() for a in mnp.tril_indices(2)]
        [[0, 1, 1], [0, 0, 1]]
    """
    return _triangle_indices(jnp.tril_indices, "tril_indices", n, k, m)


@document_args(*_TRIANGLE_ARGS)
def triu_indices(n: int, k: int = 0, m: int | None = None) -> tuple[Array, Array]:
    """Row and column indices of the upper triangle of an (n, m) array.

    Args:
        {args}

    Returns:
        tuple[Tensor, Tensor], the row and the column indices.

    Example:
        >>> import msfunc.numpy as mnp
        >>> [a.tolist() for a in mnp.triu_indices(2)]
        [[0, 0, 1], [0, 1, 1]]
        >>> [a.tolist() for a in mnp.triu_indices(2.0, 1.0)]
        [[0], [1]]
    """
    return _triangle_indices(jnp.triu_indices, "triu_indices", n, k, m)


@document_args(*_TRIANGLE_FROM_ARGS)
def tril_indices_from(arr: ArrayLike, k: int = 0) -> tuple[Array, Array]:
    """`tril_indices` for the shape of the 2-D array `arr`.

    Args:
        {args}

    Returns:
        tuple[Tensor, Tensor], the row and the column indices.

    Example:
        >>> import msfunc.numpy as mnp
        >>> len(mnp.tril_indices_from(mnp.ones((3, 3)))[0])
        6
    """
    return jnp.tril_indices_from(array_like(arr), _whole(k, "k", "tril_indices_from"))


@document_args(*_TRIANGLE_FROM_ARGS)
def triu_indices_from(arr: ArrayLike, k: int = 0) -> tuple[Array, Array]:
    """`triu_indices` for the shape of the 2-D array `arr`.

    Args:
        {args}

    Returns:
        tuple[Tensor, Tensor], the row and the column indices.

    Example:
        >>> import msfunc.numpy as mnp
        >>> len(mnp.triu_indices_from(mnp.ones((3, 3)), 1)[0])
        3
    """
    return jnp.triu_indices_from(array_like(arr), _whole(k, "k", "triu_indices_from"))


def diag(v: ArrayLike, k: int = 0) -> Array:
    """The `k`-th diagonal of a 2-D `v`, or a 2-D array with 1-D `v` on that diagonal.

    Args:
        v (Tensor): 1-D or 2-D input.
        k (int): Diagonal: 0 the main one, positive above, negative below. Default: ``0``.

    Returns:
        Tensor, the diagonal (1-D) or the matrix (2-D).

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.diag(mnp.array([1, 2])))
        [[1 0]
         [0 2]]
    """
    return jnp.diag(array_like(v), k)


def diagflat(v: ArrayLike, k: int = 0) -> Array:
    """2-D array with the flattened `v` on the `k`-th diagonal.

    Args:
        v (Tensor): Input, flattened.
        k (int): Diagonal: 0 the main one, positive above, negative below. Default: ``0``.

    Returns:
        Tensor, 2-D.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.diagflat(mnp.array([[1, 2]])))
        [[1 0]
         [0 2]]
    """
    return jnp.diagflat(array_like(v), k)


def diag_indices(n: int, ndim: int = 2) -> tuple[Array, ...]:
    """Indices of the main diagonal of an `ndim`-dimensional array of side `n`.

    Args:
        n (int): Length of each side.
        ndim (int): Number of dimensions. Default: ``2``.

    Returns:
        tuple[Tensor, ...], `ndim` copies of ``arange(n)``.

    Example:
        >>> import msfunc.numpy as mnp
        >>> [a.tolist() for a in mnp.diag_indices(2)]
        [[0, 1], [0, 1]]
    """
    return jnp.diag_indices(n, ndim)


def indices(
    dimensions: Sequence[int], dtype: DTypeLike = mstype.int32, sparse: bool = False
) -> Array | tuple[Array, ...]:
    """A grid of index arrays for an array of shape `dimensions`.

    Returns one stacked array (MindSpore 2.10 returns a tuple).

    Args:
        dimensions (Sequence[int]): Shape of the grid.
        dtype (Union[dtype, str]): Dtype of the indices. Default: ``int32``.
        sparse (bool): Return broadcastable arrays, one per dimension, instead.
            Default: ``False``.

    Returns:
        Tensor, of shape ``(len(dimensions), *dimensions)``; with `sparse`, a tuple.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.indices((2, 2)))
        [[[0 0]
          [1 1]]
        <BLANKLINE>
         [[0 1]
          [0 1]]]
    """
    return jnp.indices(tuple(dimensions), dtype_arg(dtype, "indices"), sparse)


def meshgrid(*xi: ArrayLike, sparse: bool = False, indexing: str = "xy") -> tuple[Array, ...]:
    """Coordinate matrices from coordinate vectors.

    Args:
        xi (Tensor): Coordinate vectors (inputs of any rank count as flattened).
        sparse (bool): Return broadcastable arrays instead of full grids. Default: ``False``.
        indexing (str): ``'xy'`` (Cartesian: the first two axes swapped) or ``'ij'``
            (matrix). Default: ``'xy'``.

    Returns:
        tuple[Tensor, ...], one grid per input.

    Raises:
        ValueError: `indexing` is neither ``'xy'`` nor ``'ij'``.

    Example:
        >>> import msfunc.numpy as mnp
        >>> [g.shape for g in mnp.meshgrid(mnp.arange(3), mnp.arange(2))]
        [(2, 3), (2, 3)]
        >>> [g.shape for g in mnp.meshgrid(mnp.arange(3), mnp.ones((2, 2)))]
        [(4, 3), (4, 3)]
    """
    if indexing not in ("xy", "ij"):
        raise ValueError(f"meshgrid: `indexing` must be 'xy' or 'ij', got {indexing!r}")
    # Inputs of any rank count as their flattened values (numpy's rule; jnp wants 1-D).
    return tuple(
        jnp.meshgrid(*[jnp.ravel(array_like(x)) for x in xi], sparse=sparse, indexing=indexing)
    )


def ix_(*args: ArrayLike) -> tuple[Array, ...]:
    """Open mesh from 1-D sequences, for cross-product indexing.

    Args:
        args (Tensor): 1-D integer or boolean sequences.

    Returns:
        tuple[Tensor, ...], each with one non-unit axis, in turn.

    Example:
        >>> import msfunc.numpy as mnp
        >>> [a.shape for a in mnp.ix_(mnp.arange(2), mnp.arange(3))]
        [(2, 1), (1, 3)]
    """
    return jnp.ix_(*[array_like(a) for a in args])


def vander(x: ArrayLike, N: int | None = None, increasing: bool = False) -> Array:
    """Vandermonde matrix: columns are powers of `x`.

    Args:
        x (Tensor): 1-D input.
        N (Union[int, None]): Number of columns; ``None`` is ``len(x)``. Default: ``None``.
        increasing (bool): Powers increase left to right (else decrease).
            Default: ``False``.

    Returns:
        Tensor, of shape (len(x), N).

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.vander(mnp.array([1, 2]), 3))
        [[1 1 1]
         [4 2 1]]
    """
    return jnp.vander(array_like(x), N, increasing)
