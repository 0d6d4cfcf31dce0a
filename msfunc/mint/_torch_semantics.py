"""mint functions whose torch-style behaviour is more than a renaming of an msfunc op."""

import collections

import jax.numpy as jnp

from .. import ops
from ..common import dtype as mstype
from ..errors import UnsupportedError

__all__ = [
    "add",
    "allclose",
    "clone",
    "count_nonzero",
    "diag",
    "empty",
    "empty_like",
    "equal",
    "fix",
    "flatten",
    "item",
    "kthvalue",
    "linspace",
    "max",
    "mean",
    "median",
    "meshgrid",
    "min",
    "mm",
    "norm",
    "scatter_add",
    "select",
    "sort",
    "squeeze",
    "std",
    "std_mean",
    "sub",
    "topk",
    "transpose",
    "unique",
    "var",
    "var_mean",
    "vdot",
]

_ValuesIndices = collections.namedtuple("ValuesIndices", ["values", "indices"])


def _reduce_dim(dim):
    return None if dim == () else dim


def _extremum(name, reduce, arg, input, dim=None, keepdim=False, *, out=None, other=None):
    if out is not None:
        raise UnsupportedError(f"mint.{name}: `out=` is not supported (results are new arrays)")
    if other is not None or (dim is not None and not isinstance(dim, int)):
        second = other if other is not None else dim
        return (ops.maximum if name == "max" else ops.minimum)(input, second)
    x = jnp.asarray(input)
    if dim is None:
        return reduce(x)
    return _ValuesIndices(reduce(x, axis=dim, keepdims=keepdim), arg(x, axis=dim, keepdims=keepdim))


def max(input, dim=None, keepdim=False, *, out=None, other=None):  # noqa: A001
    """``max(input)``, ``max(input, dim, keepdim) -> (values, indices)`` or ``max(input, other)``.

    Example:
        >>> import jax.numpy as jnp
        >>> max(jnp.array([[1.0, 5.0], [4.0, 2.0]]), dim=1).indices.tolist()
        [1, 0]
    """
    return _extremum("max", jnp.max, jnp.argmax, input, dim, keepdim, out=out, other=other)


def min(input, dim=None, keepdim=False, *, out=None, other=None):  # noqa: A001
    """``min(input)``, ``min(input, dim, keepdim) -> (values, indices)`` or ``min(input, other)``.

    Example:
        >>> import jax.numpy as jnp
        >>> min(jnp.array([[1.0, 5.0], [4.0, 2.0]]), dim=0).values.tolist()
        [1.0, 2.0]
    """
    return _extremum("min", jnp.min, jnp.argmin, input, dim, keepdim, out=out, other=other)


def add(input, other, *, alpha=1):
    """``input + alpha * other``.

    Example:
        >>> add(1.0, 2.0, alpha=3).tolist()
        7.0
    """
    return ops.add(input, other if alpha == 1 else ops.mul(other, alpha))


def sub(input, other, *, alpha=1):
    """``input - alpha * other``.

    Example:
        >>> sub(1.0, 2.0, alpha=3).tolist()
        -5.0
    """
    return ops.sub(input, other if alpha == 1 else ops.mul(other, alpha))


def mean(input, dim=None, keepdim=False, *, dtype=None):
    """Mean over `dim` (all dims when None); `dtype` casts the input first.

    Example:
        >>> import jax.numpy as jnp
        >>> mean(jnp.array([[1.0, 2.0], [3.0, 4.0]]), 0).tolist()
        [2.0, 3.0]
    """
    x = jnp.asarray(input) if dtype is None else jnp.asarray(input).astype(dtype)
    return jnp.mean(x, axis=_reduce_dim(dim), keepdims=keepdim)


def _var(input, dim, correction, keepdim):
    return jnp.var(jnp.asarray(input), axis=_reduce_dim(dim), ddof=correction, keepdims=keepdim)


def var(input, dim=None, *, correction=1, keepdim=False):
    """Variance with Bessel's `correction` (1 by default, as in torch).

    Example:
        >>> var(jnp.array([1.0, 2.0, 3.0, 4.0], jnp.float32)).tolist()
        1.6666666269302368
    """
    return _var(input, dim, correction, keepdim)


def std(input, dim=None, *, correction=1, keepdim=False):
    """Standard deviation with Bessel's `correction`.

    Example:
        >>> round(float(std([1.0, 2.0, 3.0, 4.0])), 4)
        1.291
    """
    return jnp.sqrt(_var(input, dim, correction, keepdim))


def var_mean(input, dim=None, *, correction=1, keepdim=False):
    """``(var, mean)``.

    Example:
        >>> [float(v) for v in var_mean([1.0, 3.0])]
        [2.0, 2.0]
    """
    return _var(input, dim, correction, keepdim), mean(input, dim, keepdim)


def std_mean(input, dim=None, *, correction=1, keepdim=False):
    """``(std, mean)``.

    Example:
        >>> [round(float(v), 4) for v in std_mean([1.0, 3.0])]
        [1.4142, 2.0]
    """
    return std(input, dim, correction=correction, keepdim=keepdim), mean(input, dim, keepdim)


def sort(input, *, dim=-1, descending=False, stable=False):
    """``(values, indices)`` sorted along `dim` (stable always: JAX's sort is stable).

    Example:
        >>> sort([3.0, 1.0, 2.0], descending=True).indices.tolist()
        [0, 2, 1]
    """
    values, indices = ops.sort(jnp.asarray(input), axis=dim, descending=descending)
    return _ValuesIndices(values, indices)


def topk(input, k, dim=-1, largest=True, sorted=True):  # noqa: A002
    """``(values, indices)`` of the `k` largest (smallest) entries along `dim`.

    Example:
        >>> topk([1.0, 3.0, 2.0], 2).indices.tolist()
        [1, 2]
    """
    values, indices = ops.topk(jnp.asarray(input), k, dim=dim, largest=largest, sorted=sorted)
    return _ValuesIndices(values, indices)


def median(input, dim=None, keepdim=False):
    """The lower median: of all elements when `dim` is None, else ``(values, indices)``.

    Example:
        >>> float(median([4.0, 1.0, 3.0, 2.0]))
        2.0
    """
    x = jnp.asarray(input)
    if dim is None:
        return jnp.sort(x.ravel())[(x.size - 1) // 2]
    values, indices = ops.median(x, axis=dim, keepdims=keepdim)
    return _ValuesIndices(values, indices)


def kthvalue(input, k, dim=-1, keepdim=False):
    """``(values, indices)`` of the `k`-th smallest entry along `dim` (1-based `k`).

    Example:
        >>> kthvalue([3.0, 1.0, 2.0], 2).values.tolist()
        2.0
    """
    x = jnp.asarray(input)
    order = jnp.argsort(x, axis=dim, stable=True)
    index = jnp.take(order, k - 1, axis=dim)
    value = jnp.take_along_axis(x, jnp.expand_dims(index, dim), axis=dim).squeeze(dim)
    if keepdim:
        value, index = jnp.expand_dims(value, dim), jnp.expand_dims(index, dim)
    return _ValuesIndices(value, index)


def transpose(input, dim0, dim1):
    """Swap dims `dim0` and `dim1`.

    Example:
        >>> import jax.numpy as jnp
        >>> transpose(jnp.zeros((2, 3, 4)), 0, 2).shape
        (4, 3, 2)
    """
    return jnp.swapaxes(jnp.asarray(input), dim0, dim1)


def flatten(input, start_dim=0, end_dim=-1):
    """Merge dims `start_dim` .. `end_dim` into one (all dims by default).

    Example:
        >>> import jax.numpy as jnp
        >>> flatten(jnp.zeros((2, 3, 4)), 1).shape
        (2, 12)
    """
    return ops.flatten(jnp.asarray(input), start_dim=start_dim, end_dim=end_dim)


def squeeze(input, dim=None):
    """Remove dims of size 1 (only `dim`, an int or tuple, when given).

    Example:
        >>> import jax.numpy as jnp
        >>> squeeze(jnp.zeros((1, 2, 1)), 0).shape
        (2, 1)
    """
    x = jnp.asarray(input)
    if dim is None:
        return jnp.squeeze(x)
    dims = (dim,) if isinstance(dim, int) else tuple(dim)
    return jnp.squeeze(x, axis=tuple(d for d in dims if x.shape[d] == 1))


def count_nonzero(input, dim=None):
    """The number of non-zero entries (over `dim` when given).

    Example:
        >>> int(count_nonzero([0.0, 1.0, 2.0]))
        2
    """
    return jnp.count_nonzero(jnp.asarray(input), axis=dim)


def norm(input, p="fro", dim=None, keepdim=False, *, dtype=None):
    """Vector or Frobenius norm (``p``: a number, 'fro', inf or -inf).

    Example:
        >>> float(norm([3.0, 4.0]))
        5.0
    """
    x = jnp.asarray(input) if dtype is None else jnp.asarray(input).astype(dtype)
    if p == "fro":
        p = 2 if dim is None or isinstance(dim, int) or len(dim) == 1 else "fro"
    if p == "fro":
        return jnp.linalg.norm(x, ord="fro", axis=tuple(dim), keepdims=keepdim)
    if dim is None:
        x, dim = x.ravel(), 0
        if keepdim:
            raise UnsupportedError("mint.norm: keepdim=True without dim is not supported")
    return ops.vector_norm(x, ord=p, axis=dim, keepdims=keepdim)


def linspace(start, end, steps, *, dtype=None):
    """`steps` evenly spaced values from `start` to `end` (float32 by default).

    Example:
        >>> linspace(0, 1, 3).tolist()
        [0.0, 0.5, 1.0]
    """
    return jnp.linspace(start, end, steps, dtype=dtype or mstype.float32)


def meshgrid(*tensors, indexing=None):
    """Coordinate grids; torch's default ``indexing='ij'``.

    Example:
        >>> import jax.numpy as jnp
        >>> [g.shape for g in meshgrid(jnp.zeros(2), jnp.zeros(3))]
        [(2, 3), (2, 3)]
    """
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        tensors = tuple(tensors[0])
    return tuple(jnp.meshgrid(*tensors, indexing=indexing or "ij"))


def diag(input, diagonal=0):
    """The `diagonal`-th diagonal of a matrix, or the matrix with a vector on it.

    Example:
        >>> diag([1.0, 2.0]).tolist()
        [[1.0, 0.0], [0.0, 2.0]]
    """
    return jnp.diag(jnp.asarray(input), k=diagonal)


def select(input, dim, index):
    """The slice at `index` along `dim` (that dim removed).

    Example:
        >>> import jax.numpy as jnp
        >>> select(jnp.arange(6).reshape(2, 3), 1, 2).tolist()
        [2, 5]
    """
    return jnp.take(jnp.asarray(input), index, axis=dim)


def scatter_add(input, dim, index, src):
    """``input`` with ``src`` added at ``index`` along `dim` (torch's scatter_add).

    Example:
        >>> import jax.numpy as jnp
        >>> scatter_add(jnp.zeros(3), 0, jnp.array([0, 0, 2]), jnp.ones(3)).tolist()
        [2.0, 0.0, 1.0]
    """
    return ops.tensor_scatter_elements(input, index, src, axis=dim, reduction="add")


def unique(input, sorted=True, return_inverse=False, return_counts=False, dim=None):  # noqa: A002
    """Unique values (sorted), with inverse indices and counts on request.

    Example:
        >>> unique([3, 1, 3]).tolist()
        [1, 3]
    """
    return jnp.unique(
        jnp.asarray(input), return_inverse=return_inverse, return_counts=return_counts, axis=dim
    )


def allclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    """True when every pair is close (a Python bool).

    Example:
        >>> allclose([1.0], [1.0 + 1e-9])
        True
    """
    return bool(jnp.allclose(jnp.asarray(input), jnp.asarray(other), rtol, atol, equal_nan))


def equal(input, other):
    """True when both have the same shape and elements (a Python bool, torch.equal).

    Example:
        >>> equal([1, 2], [1, 2]), equal([1, 2], [1, 3])
        (True, False)
    """
    a, b = jnp.asarray(input), jnp.asarray(other)
    return a.shape == b.shape and bool(jnp.all(a == b))


def vdot(input, other):
    """Dot product of two 1-D tensors (the first conjugated).

    Example:
        >>> float(vdot([1.0, 2.0], [3.0, 4.0]))
        11.0
    """
    return jnp.vdot(jnp.asarray(input), jnp.asarray(other))


def mm(input, mat2):
    """Matrix product of two 2-D tensors.

    Example:
        >>> import jax.numpy as jnp
        >>> mm(jnp.eye(2), jnp.ones((2, 3))).shape
        (2, 3)
    """
    return jnp.matmul(jnp.asarray(input), jnp.asarray(mat2))


def fix(input):
    """Round toward zero (torch.fix, an alias of trunc).

    Example:
        >>> fix([-1.5, 1.5]).tolist()
        [-1.0, 1.0]
    """
    return jnp.trunc(jnp.asarray(input))


def clone(input):
    """A copy of `input`.

    Example:
        >>> clone([1.0]).tolist()
        [1.0]
    """
    return jnp.array(input, copy=True)


def item(input):
    """The Python number held by a one-element tensor.

    Example:
        >>> item([2.5])
        2.5
    """
    return jnp.asarray(input).item()


def empty(*size, dtype=None, device=None):
    """A tensor of shape `size` (zero-filled: JAX has no uninitialised memory).

    Example:
        >>> empty(2, 3).shape
        (2, 3)
    """
    if len(size) == 1 and isinstance(size[0], (list, tuple)):
        size = tuple(size[0])
    return jnp.zeros(size, dtype=dtype or mstype.float32)


def empty_like(input, *, dtype=None, device=None):
    """A zero-filled tensor shaped like `input`.

    Example:
        >>> import jax.numpy as jnp
        >>> empty_like(jnp.ones((2, 2))).shape
        (2, 2)
    """
    return jnp.zeros_like(jnp.asarray(input), dtype=dtype)
