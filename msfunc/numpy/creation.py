"""Array creation from data, constants (ones, zeros, full and their ``_like`` forms), eye, mgrid.

Creation functions default to float32, as in MindSpore; Python ints give int32.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import jax.numpy as jnp
import numpy as np

from ..common import dtype as mstype
from ..common.arg_docs import document_args
from ..common.args import array_like, check_int, dtype_arg
from ..common.promotion import narrow_tree
from ..common.tensor import wrap

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    from jax import Array
    from jax.typing import ArrayLike, DTypeLike

_F32 = mstype.float32

__all__ = [
    "array",
    "asarray",
    "asfarray",
    "empty",
    "empty_like",
    "eye",
    "full",
    "full_like",
    "identity",
    "mgrid",
    "ogrid",
    "ones",
    "ones_like",
    "zeros",
    "zeros_like",
]


_PY_SCALARS = (bool, int, float, complex)
_NARROW_DEFAULTS = {
    np.dtype(np.int64): mstype.int32,
    np.dtype(np.float64): _F32,
    np.dtype(np.complex128): mstype.complex64,
}


def _python_default(obj):
    """The 32-bit dtype mindspore.numpy gives Python data (int32, float32, complex64, bool),
    or None when `obj` is not plain Python numbers in (nested) lists and tuples."""

    def plain(x):
        if isinstance(x, (list, tuple)):
            return all(map(plain, x))
        return isinstance(x, _PY_SCALARS)

    if not plain(obj) or (isinstance(obj, (list, tuple)) and not obj):
        return None
    dtype = np.asarray(obj).dtype
    return _NARROW_DEFAULTS.get(dtype, dtype)


def _shape(shape, fname):
    if isinstance(shape, (int, np.integer)) and not isinstance(shape, bool):
        return (int(shape),)
    if isinstance(shape, (list, tuple)):
        return tuple(check_int(s, "shape", fname=fname) for s in shape)
    raise TypeError(f"{fname}: `shape` must be an int or a tuple of ints, got {shape!r}")


def array(obj: Any, dtype: DTypeLike | None = None, copy: bool = True, ndmin: int = 0) -> Array:
    """A new array from `obj` (Tensor, numpy array, list, tuple or number).

    Python ints give int32 and Python floats float32, as in MindSpore.

    Args:
        obj (Union[Tensor, list, tuple, int, float, bool]): The data.
        dtype (Union[dtype, str, None]): Dtype of the result; ``None`` infers it.
            Default: ``None``.
        copy (bool): Copy a Tensor even when nothing changes. Default: ``True``.
        ndmin (int): Least number of dimensions (ones are prepended). Default: ``0``.

    Returns:
        Tensor, holding `obj`'s values.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.array([1, 2]).dtype, mnp.array([1.0]).dtype
        (dtype('int32'), dtype('float32'))
    """
    if dtype is None:
        dtype = _python_default(obj)
    return jnp.array(obj, dtype=dtype_arg(dtype, "array"), copy=copy, ndmin=ndmin)


def asarray(a: Any, dtype: DTypeLike | None = None) -> Array:
    """`a` as an array, without copying when it already is one (numpy arrays accepted).

    Args:
        a (Union[Tensor, list, tuple, int, float, bool, numpy.ndarray]): The data.
        dtype (Union[dtype, str, None]): Dtype of the result; ``None`` infers it.
            Default: ``None``.

    Returns:
        Tensor, `a` itself when it is a Tensor of that dtype.

    Example:
        >>> import numpy as np, msfunc.numpy as mnp
        >>> print(mnp.asarray(np.ones(2, np.float32)))
        [1. 1.]
    """
    if dtype is None:
        dtype = _python_default(a)
    return jnp.asarray(a, dtype=dtype_arg(dtype, "asarray"))


def asfarray(a: Any, dtype: DTypeLike = _F32) -> Array:
    """`a` as a floating array; a non-float `dtype` is replaced by float32.

    Args:
        a (Union[Tensor, list, tuple, int, float, bool]): The data.
        dtype (Union[dtype, str]): Floating dtype of the result. Default: ``float32``.

    Returns:
        Tensor of floats.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.asfarray([1, 2]))
        [1. 2.]
    """
    dt = dtype_arg(dtype, "asfarray")
    if not jnp.issubdtype(dt, jnp.inexact):
        dt = _F32
    return jnp.asarray(a, dtype=dt)


def keeping_tensors(array_fn, asarray_fn):
    """`array`/`asarray` (already Tensors-in, Tensors-out) that hand back a Tensor itself
    when no copy or conversion is asked (``asarray(t) is t``, as in mindspore.numpy).

    Example:
        >>> import msfunc.numpy as mnp
        >>> t = mnp.asarray([1.0, 2.0])
        >>> mnp.asarray(t) is t, mnp.array(t, copy=False) is t, mnp.array(t) is t
        (True, True, False)
    """
    from ..common.tensor import Tensor, unwrap

    def same(a, dtype):
        return type(a) is Tensor and (
            dtype is None or np.dtype(unwrap(a).dtype) == np.dtype(dtype_arg(dtype, "asarray"))
        )

    @functools.wraps(array_fn)
    def array(obj, dtype=None, copy=True, ndmin=0):
        if not copy and same(obj, dtype) and obj.ndim >= ndmin:
            return obj
        return array_fn(obj, dtype, copy, ndmin)

    @functools.wraps(asarray_fn)
    def asarray(a, dtype=None):
        return a if same(a, dtype) else asarray_fn(a, dtype)

    return array, asarray


# Args entries that the array constructors word alike (see `document_args`).
_SHAPE = "shape (Union[int, Sequence[int]]): Shape of the result."
_F32_DTYPE = "dtype (Union[dtype, str]): Dtype of the result. Default: ``float32``."
_LIKE_A = "a (Tensor): Array whose shape and dtype are copied."
_LIKE_OVERRIDES = (
    "dtype (Union[dtype, str, None]): Dtype overriding `a`'s. Default: ``None``.",
    "shape (Union[int, Sequence[int], None]): Shape overriding `a`'s. Default: ``None``.",
)


@document_args(_SHAPE, _F32_DTYPE)
def ones(shape: int | Sequence[int], dtype: DTypeLike = _F32) -> Array:
    """Array of ones (float32 by default).

    Args:
        {args}

    Returns:
        Tensor, of `shape` and `dtype`.

    Raises:
        TypeError: `shape` is not an int or a sequence of ints.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.ones((2,)))
        [1. 1.]
    """
    return jnp.ones(_shape(shape, "ones"), dtype_arg(dtype, "ones"))


@document_args(_SHAPE, _F32_DTYPE)
def zeros(shape: int | Sequence[int], dtype: DTypeLike = _F32) -> Array:
    """Array of zeros (float32 by default).

    Args:
        {args}

    Returns:
        Tensor, of `shape` and `dtype`.

    Raises:
        TypeError: `shape` is not an int or a sequence of ints.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.zeros(2))
        [0. 0.]
    """
    return jnp.zeros(_shape(shape, "zeros"), dtype_arg(dtype, "zeros"))


@document_args(_SHAPE, _F32_DTYPE)
def empty(shape: int | Sequence[int], dtype: DTypeLike = _F32) -> Array:
    """An array of the given shape; its contents are zeros (XLA has no uninitialised memory).

    Args:
        {args}

    Returns:
        Tensor, of `shape` and `dtype`.

    Raises:
        TypeError: `shape` is not an int or a sequence of ints.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.empty((2, 3)).shape
        (2, 3)
    """
    return jnp.zeros(_shape(shape, "empty"), dtype_arg(dtype, "empty"))


def full(
    shape: int | Sequence[int], fill_value: ArrayLike, dtype: DTypeLike | None = None
) -> Array:
    """Array filled with `fill_value` (dtype taken from it when not given).

    Args:
        shape (Union[int, Sequence[int]]): Shape of the result.
        fill_value (Union[Tensor, int, float, bool]): Value, broadcast to `shape`.
        dtype (Union[dtype, str, None]): Dtype of the result; ``None`` takes `fill_value`'s
            (Python ints as int32, floats as float32). Default: ``None``.

    Returns:
        Tensor, of `shape`.

    Raises:
        TypeError: `shape` is not an int or a sequence of ints.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.full((2,), 7))
        [7 7]
    """
    if dtype is None:
        dtype = _python_default(fill_value)
    return jnp.full(_shape(shape, "full"), array_like(fill_value), dtype_arg(dtype, "full"))


def _like(jfn, fname, a, dtype, shape, *fill):
    shape = None if shape is None else _shape(shape, fname)
    return jfn(array_like(a), *fill, dtype=dtype_arg(dtype, fname), shape=shape)


@document_args(_LIKE_A, *_LIKE_OVERRIDES)
def ones_like(
    a: ArrayLike, dtype: DTypeLike | None = None, shape: int | Sequence[int] | None = None
) -> Array:
    """Ones with the shape and dtype of `a` (overridable).

    Args:
        {args}

    Returns:
        Tensor of ones.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.ones_like(mnp.array([1, 2])))
        [1 1]
    """
    return _like(jnp.ones_like, "ones_like", a, dtype, shape)


@document_args(_LIKE_A, *_LIKE_OVERRIDES)
def zeros_like(
    a: ArrayLike, dtype: DTypeLike | None = None, shape: int | Sequence[int] | None = None
) -> Array:
    """Zeros with the shape and dtype of `a` (overridable).

    Args:
        {args}

    Returns:
        Tensor of zeros.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.zeros_like(mnp.array([1.5])))
        [0.]
    """
    return _like(jnp.zeros_like, "zeros_like", a, dtype, shape)


def empty_like(
    prototype: ArrayLike,
    dtype: DTypeLike | None = None,
    shape: int | Sequence[int] | None = None,
) -> Array:
    """An array like `prototype` (filled with zeros).

    Args:
        prototype (Tensor): Array whose shape and dtype are copied.
        dtype (Union[dtype, str, None]): Dtype overriding `prototype`'s. Default: ``None``.
        shape (Union[int, Sequence[int], None]): Shape overriding `prototype`'s.
            Default: ``None``.

    Returns:
        Tensor, zero-filled.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.empty_like(mnp.ones((2, 2))).shape
        (2, 2)
    """
    return _like(jnp.zeros_like, "empty_like", prototype, dtype, shape)


@document_args(
    _LIKE_A,
    "fill_value (Union[Tensor, int, float, bool]): Value, broadcast to the shape.",
    *_LIKE_OVERRIDES,
)
def full_like(
    a: ArrayLike,
    fill_value: ArrayLike,
    dtype: DTypeLike | None = None,
    shape: int | Sequence[int] | None = None,
) -> Array:
    """`fill_value` with the shape and dtype of `a` (overridable).

    Args:
        {args}

    Returns:
        Tensor, filled with `fill_value`.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.full_like(mnp.array([1, 2]), 5))
        [5 5]
    """
    return _like(jnp.full_like, "full_like", a, dtype, shape, array_like(fill_value))


@document_args(
    "N (int): Number of rows.",
    "M (Union[int, None]): Number of columns; ``None`` is `N`. Default: ``None``.",
    "k (int): Diagonal: 0 the main one, positive above, negative below. Default: ``0``.",
    _F32_DTYPE,
)
def eye(N: int, M: int | None = None, k: int = 0, dtype: DTypeLike = _F32) -> Array:
    """2-D array with ones on the `k`-th diagonal (float32 by default).

    Args:
        {args}

    Returns:
        Tensor, of shape (N, M).

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.eye(2, k=1))
        [[0. 1.]
         [0. 0.]]
    """
    return jnp.eye(N, M, k, dtype_arg(dtype, "eye"))


@document_args(
    "n (int): Number of rows and columns.",
    _F32_DTYPE,
)
def identity(n: int, dtype: DTypeLike = _F32) -> Array:
    """The `n` x `n` identity matrix (float32 by default).

    Args:
        {args}

    Returns:
        Tensor, of shape (n, n).

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.identity(2))
        [[1. 0.]
         [0. 1.]]
    """
    return jnp.identity(n, dtype_arg(dtype, "identity"))


class _GridIndexer:
    """`mgrid` / `ogrid`: numpy's index tricks, with mindspore.numpy's 32-bit results."""

    def __init__(self, grid, name):
        self._grid, self._name = grid, name

    def __getitem__(self, key):
        return wrap(narrow_tree(self._grid[key], (), ints=True))

    def __repr__(self):
        return f"msfunc.numpy.{self._name}"


mgrid = _GridIndexer(jnp.mgrid, "mgrid")


ogrid = _GridIndexer(jnp.ogrid, "ogrid")
