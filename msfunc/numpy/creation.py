"""Array creation: constants, ranges, grids, identity/triangular matrices and windows.

Creation functions default to float32, as in MindSpore; `arange` of Python ints is int32.
"""

import functools

import jax.numpy as jnp
import numpy as np

from ..common import dtype as mstype
from ..common.args import array_like, check_int, dtype_arg
from ..common.promotion import narrow_tree
from ..common.tensor import wrap

_F32 = mstype.float32

__all__ = [
    "arange",
    "array",
    "asarray",
    "asfarray",
    "bartlett",
    "blackman",
    "diag",
    "diag_indices",
    "diagflat",
    "empty",
    "empty_like",
    "eye",
    "full",
    "full_like",
    "geomspace",
    "hamming",
    "hanning",
    "identity",
    "indices",
    "ix_",
    "linspace",
    "logspace",
    "meshgrid",
    "mgrid",
    "ogrid",
    "ones",
    "ones_like",
    "tri",
    "tril",
    "tril_indices",
    "tril_indices_from",
    "triu",
    "triu_indices",
    "triu_indices_from",
    "vander",
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


def array(obj, dtype=None, copy=True, ndmin=0):
    """A new array from `obj` (Tensor, numpy array, list, tuple or number).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.array([1, 2]).dtype, mnp.array([1.0]).dtype
        (dtype('int32'), dtype('float32'))
    """
    if dtype is None:
        dtype = _python_default(obj)
    return jnp.array(obj, dtype=dtype_arg(dtype, "array"), copy=copy, ndmin=ndmin)


def asarray(a, dtype=None):
    """`a` as an array, without copying when it already is one (numpy arrays accepted).

    Example:
        >>> import numpy as np, msfunc.numpy as mnp
        >>> mnp.asarray(np.ones(2, np.float32)).tolist()
        [1.0, 1.0]
    """
    if dtype is None:
        dtype = _python_default(a)
    return jnp.asarray(a, dtype=dtype_arg(dtype, "asarray"))


def asfarray(a, dtype=_F32):
    """`a` as a floating array; a non-float `dtype` is replaced by float32.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.asfarray([1, 2]).dtype
        dtype('float32')
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


def ones(shape, dtype=_F32):
    """Array of ones (float32 by default).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.ones((2,)).tolist()
        [1.0, 1.0]
    """
    return jnp.ones(_shape(shape, "ones"), dtype_arg(dtype, "ones"))


def zeros(shape, dtype=_F32):
    """Array of zeros (float32 by default).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.zeros(2).tolist()
        [0.0, 0.0]
    """
    return jnp.zeros(_shape(shape, "zeros"), dtype_arg(dtype, "zeros"))


def empty(shape, dtype=_F32):
    """An array of the given shape; its contents are zeros (XLA has no uninitialised memory).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.empty((2, 3)).shape
        (2, 3)
    """
    return jnp.zeros(_shape(shape, "empty"), dtype_arg(dtype, "empty"))


def full(shape, fill_value, dtype=None):
    """Array filled with `fill_value` (dtype taken from it when not given).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.full((2,), 7).tolist()
        [7, 7]
    """
    if dtype is None:
        dtype = _python_default(fill_value)
    return jnp.full(_shape(shape, "full"), array_like(fill_value), dtype_arg(dtype, "full"))


def _like(jfn, fname, a, dtype, shape, *fill):
    shape = None if shape is None else _shape(shape, fname)
    return jfn(array_like(a), *fill, dtype=dtype_arg(dtype, fname), shape=shape)


def ones_like(a, dtype=None, shape=None):
    """Ones with the shape and dtype of `a` (overridable).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.ones_like(mnp.array([1, 2])).tolist()
        [1, 1]
    """
    return _like(jnp.ones_like, "ones_like", a, dtype, shape)


def zeros_like(a, dtype=None, shape=None):
    """Zeros with the shape and dtype of `a` (overridable).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.zeros_like(mnp.array([1.5])).tolist()
        [0.0]
    """
    return _like(jnp.zeros_like, "zeros_like", a, dtype, shape)


def empty_like(prototype, dtype=None, shape=None):
    """An array like `prototype` (filled with zeros).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.empty_like(mnp.ones((2, 2))).shape
        (2, 2)
    """
    return _like(jnp.zeros_like, "empty_like", prototype, dtype, shape)


def full_like(a, fill_value, dtype=None, shape=None):
    """`fill_value` with the shape and dtype of `a` (overridable).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.full_like(mnp.array([1, 2]), 5).tolist()
        [5, 5]
    """
    return _like(jnp.full_like, "full_like", a, dtype, shape, array_like(fill_value))


def arange(start, stop=None, step=None, dtype=None):
    """Evenly spaced values in ``[start, stop)``; Python ints give int32, floats float32.

    Example:
        >>> import msfunc.numpy as mnp
        >>> x = mnp.arange(3)
        >>> x.tolist(), x.dtype
        ([0, 1, 2], dtype('int32'))
    """
    given = [v for v in (start, stop, step) if v is not None]
    if dtype is None and all(
        isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in given
    ):
        dtype = mstype.int32
    elif dtype is None and all(isinstance(v, (int, float, np.integer)) for v in given):
        dtype = _F32  # Python floats give float32, as in MindSpore
    return jnp.arange(
        array_like(start), array_like(stop), array_like(step), dtype=dtype_arg(dtype, "arange")
    )


def _float_default(dtype, fname, *values):
    if dtype is not None:
        return dtype_arg(dtype, fname)
    return jnp.result_type(*[array_like(v) for v in values], _F32)


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0):
    """`num` evenly spaced samples from `start` to `stop` (float32 by default).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.linspace(0, 1, 3).tolist()
        [0.0, 0.5, 1.0]
    """
    dt = _float_default(dtype, "linspace", start, stop)
    num = check_int(num, "num", fname="linspace")
    return jnp.linspace(array_like(start), array_like(stop), num, endpoint, retstep, dt, axis)


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    """`num` samples evenly spaced on a log scale, ``base**start`` to ``base**stop``.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.logspace(0, 2, 3).tolist()
        [1.0, 10.0, 100.0]
    """
    dt = _float_default(dtype, "logspace", start, stop)
    num = check_int(num, "num", fname="logspace")
    return jnp.logspace(
        array_like(start), array_like(stop), num, endpoint, array_like(base), dt, axis
    )


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    """`num` samples forming a geometric progression from `start` to `stop`.

    Example:
        >>> import msfunc.numpy as mnp
        >>> [round(v) for v in mnp.geomspace(1, 8, 4).tolist()]
        [1, 2, 4, 8]
    """
    dt = _float_default(dtype, "geomspace", start, stop)
    num = check_int(num, "num", fname="geomspace")
    return jnp.geomspace(array_like(start), array_like(stop), num, endpoint, dt, axis)


def eye(N, M=None, k=0, dtype=_F32):
    """2-D array with ones on the `k`-th diagonal (float32 by default).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.eye(2).tolist()
        [[1.0, 0.0], [0.0, 1.0]]
    """
    return jnp.eye(N, M, k, dtype_arg(dtype, "eye"))


def identity(n, dtype=_F32):
    """The `n` x `n` identity matrix (float32 by default).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.identity(2).tolist()
        [[1.0, 0.0], [0.0, 1.0]]
    """
    return jnp.identity(n, dtype_arg(dtype, "identity"))


def tri(N, M=None, k=0, dtype=_F32):
    """Ones at and below the `k`-th diagonal (float32 by default).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.tri(2).tolist()
        [[1.0, 0.0], [1.0, 1.0]]
    """
    return jnp.tri(N, M, k, dtype_arg(dtype, "tri"))


def tril(m, k=0):
    """Lower triangle of `m` (elements above the `k`-th diagonal zeroed).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.tril(mnp.ones((2, 2))).tolist()
        [[1.0, 0.0], [1.0, 1.0]]
    """
    return jnp.tril(array_like(m), k)


def triu(m, k=0):
    """Upper triangle of `m` (elements below the `k`-th diagonal zeroed).

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.triu(mnp.ones((2, 2))).tolist()
        [[1.0, 1.0], [0.0, 1.0]]
    """
    return jnp.triu(array_like(m), k)


def _whole(value, name, fname):
    """An int argument that may also come as a float with a whole value (``3.0``)."""
    if isinstance(value, (float, np.floating)) and float(value).is_integer():
        return int(value)
    return check_int(value, name, fname=fname)


def tril_indices(n, k=0, m=None):
    """Row and column indices of the lower triangle of an (n, m) array.

    Example:
        >>> import msfunc.numpy as mnp
        >>> [a.tolist() for a in mnp.tril_indices(2)]
        [[0, 1, 1], [0, 0, 1]]
    """
    return jnp.tril_indices(
        _whole(n, "n", "tril_indices"),
        _whole(k, "k", "tril_indices"),
        None if m is None else _whole(m, "m", "tril_indices"),
    )


def triu_indices(n, k=0, m=None):
    """Row and column indices of the upper triangle of an (n, m) array.

    Example:
        >>> import msfunc.numpy as mnp
        >>> [a.tolist() for a in mnp.triu_indices(2)]
        [[0, 0, 1], [0, 1, 1]]
        >>> [a.tolist() for a in mnp.triu_indices(2.0, 1.0)]
        [[0], [1]]
    """
    return jnp.triu_indices(
        _whole(n, "n", "triu_indices"),
        _whole(k, "k", "triu_indices"),
        None if m is None else _whole(m, "m", "triu_indices"),
    )


def tril_indices_from(arr, k=0):
    """`tril_indices` for the shape of the 2-D array `arr`.

    Example:
        >>> import msfunc.numpy as mnp
        >>> len(mnp.tril_indices_from(mnp.ones((3, 3)))[0])
        6
    """
    return jnp.tril_indices_from(array_like(arr), _whole(k, "k", "tril_indices_from"))


def triu_indices_from(arr, k=0):
    """`triu_indices` for the shape of the 2-D array `arr`.

    Example:
        >>> import msfunc.numpy as mnp
        >>> len(mnp.triu_indices_from(mnp.ones((3, 3)), 1)[0])
        3
    """
    return jnp.triu_indices_from(array_like(arr), _whole(k, "k", "triu_indices_from"))


def diag(v, k=0):
    """The `k`-th diagonal of a 2-D `v`, or a 2-D array with 1-D `v` on that diagonal.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.diag(mnp.array([1, 2])).tolist()
        [[1, 0], [0, 2]]
    """
    return jnp.diag(array_like(v), k)


def diagflat(v, k=0):
    """2-D array with the flattened `v` on the `k`-th diagonal.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.diagflat(mnp.array([[1, 2]])).shape
        (2, 2)
    """
    return jnp.diagflat(array_like(v), k)


def diag_indices(n, ndim=2):
    """Indices of the main diagonal of an `ndim`-dimensional array of side `n`.

    Example:
        >>> import msfunc.numpy as mnp
        >>> [a.tolist() for a in mnp.diag_indices(2)]
        [[0, 1], [0, 1]]
    """
    return jnp.diag_indices(n, ndim)


def indices(dimensions, dtype=mstype.int32, sparse=False):
    """A grid of index arrays for an array of shape `dimensions`.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.indices((2, 3)).shape
        (2, 2, 3)
    """
    return jnp.indices(tuple(dimensions), dtype_arg(dtype, "indices"), sparse)


def meshgrid(*xi, sparse=False, indexing="xy"):
    """Coordinate matrices from coordinate vectors.

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


def ix_(*args):
    """Open mesh from 1-D sequences, for cross-product indexing.

    Example:
        >>> import msfunc.numpy as mnp
        >>> [a.shape for a in mnp.ix_(mnp.arange(2), mnp.arange(3))]
        [(2, 1), (1, 3)]
    """
    return jnp.ix_(*[array_like(a) for a in args])


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


def vander(x, N=None, increasing=False):
    """Vandermonde matrix: columns are powers of `x`.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.vander(mnp.array([1, 2]), 3).tolist()
        [[1, 1, 1], [4, 2, 1]]
    """
    return jnp.vander(array_like(x), N, increasing)


def _window(jfn, M, fname):
    # A window of fewer than one point is empty (numpy's rule; jnp rejects negative sizes).
    return jnp.asarray(jfn(max(check_int(M, "M", fname=fname), 0)), _F32)


def bartlett(M):
    """Bartlett (triangular) window of `M` points.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.bartlett(3).tolist(), mnp.bartlett(-1).tolist()
        ([0.0, 1.0, 0.0], [])
    """
    return _window(jnp.bartlett, M, "bartlett")


def blackman(M):
    """Blackman window of `M` points.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.blackman(4).shape
        (4,)
    """
    return _window(jnp.blackman, M, "blackman")


def hamming(M):
    """Hamming window of `M` points.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.hamming(4).shape
        (4,)
    """
    return _window(jnp.hamming, M, "hamming")


def hanning(M):
    """Hann window of `M` points.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.hanning(3).tolist()
        [0.0, 1.0, 0.0]
    """
    return _window(jnp.hanning, M, "hanning")
