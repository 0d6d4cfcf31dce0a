"""Indexing functional ops: gather, take, masks, where/nonzero, sort, top-k, search, unique."""

import builtins

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..common.args import asarray, norm_axis
from ._nth_element import unsorted_topk_indices
from .func_array import _INDEX, _concrete
from .index_checks import check_gather_indices


# --- gather / index -----------------------------------------------------------
def gather(input_params, input_indices, axis, batch_dims=0):
    """Take slices of `input_params` along `axis` at `input_indices`.

    Indices run over ``[-n, n)`` for an axis of size ``n``; a known index outside that is a
    RuntimeError, as MindSpore's CPU kernel raises (under tracing an out-of-range index
    gives 0).

    The result has shape ``params.shape[:axis] + indices.shape[batch_dims:] +
    params.shape[axis + 1:]``; the first `batch_dims` axes are batch axes of both.

    Example:
        >>> gather(jnp.array([10, 20, 30]), jnp.array([2, 0]), 0).tolist()
        [30, 10]
    """
    p, i = asarray(input_params), asarray(input_indices)
    ax = norm_axis(axis, p.ndim)
    b = batch_dims if batch_dims >= 0 else batch_dims + i.ndim
    if b > ax:
        raise ValueError(f"gather: `batch_dims` ({batch_dims}) must be <= `axis` ({axis})")
    check_gather_indices(i, p.shape[ax], "gather")

    def g(p, i, ax):
        return jnp.take(p, i, axis=ax, mode="fill", fill_value=0)

    fn = g
    for _ in range(b):
        fn = jax.vmap(fn, in_axes=(0, 0, None))
    return fn(p, i, ax - b)


def gather_elements(input, dim, index):
    """``out[i][j] = input[index[i][j]][j]`` for ``dim = 0`` (and so on): torch's gather.

    Example:
        >>> gather_elements(jnp.array([[1, 2], [3, 4]]), 1, jnp.array([[1], [0]])).tolist()
        [[2], [3]]
    """
    x, idx = asarray(input), asarray(index)
    d = norm_axis(dim, x.ndim, "dim")
    if idx.ndim != x.ndim:
        raise ValueError(f"gather_elements: `index` rank {idx.ndim} must equal input rank {x.ndim}")
    x = x[
        tuple(
            builtins.slice(None) if a == d else builtins.slice(0, s)
            for a, s in enumerate(idx.shape)
        )
    ]
    return jnp.take_along_axis(x, idx, axis=d, mode="clip")


def gather_d(x, dim, index):
    """Alias of `gather_elements`.

    Example:
        >>> gather_d(jnp.array([[1, 2], [3, 4]]), 0, jnp.array([[1, 0]])).tolist()
        [[3, 2]]
    """
    return gather_elements(x, dim, index)


def gather_nd(input_x, indices):
    """Gather by index tuples: the last axis of `indices` indexes the leading axes of `input_x`.

    Example:
        >>> gather_nd(jnp.array([[1, 2], [3, 4]]), jnp.array([[0, 1], [1, 0]])).tolist()
        [2, 3]
    """
    x, idx = asarray(input_x), asarray(indices)
    return x[tuple(jnp.moveaxis(idx, -1, 0))]


def index_select(input, axis, index):
    """Slices of `input` along `axis` at the 1-D `index`.

    Example:
        >>> index_select(jnp.array([[1, 2], [3, 4]]), 1, jnp.array([1])).tolist()
        [[2], [4]]
    """
    return jnp.take(asarray(input), asarray(index), axis=axis)


def take(input, index):
    """Entries of the flattened `input` at `index` (result has `index`'s shape).

    Example:
        >>> take(jnp.array([[1, 2], [3, 4]]), jnp.array([3, 0])).tolist()
        [4, 1]
    """
    return jnp.take(asarray(input).reshape(-1), asarray(index))


def index_fill(x, axis, index, value):
    """Copy of `x` with the slices at `index` along `axis` set to `value`.

    Example:
        >>> index_fill(jnp.zeros((2, 2)), 1, jnp.array([0]), 5.0).tolist()
        [[5.0, 0.0], [5.0, 0.0]]
    """
    x = asarray(x)
    ax = norm_axis(axis, x.ndim)
    sl = (builtins.slice(None),) * ax + (asarray(index),)
    return x.at[sl].set(jnp.asarray(value).astype(x.dtype))


def masked_fill(input_x, mask, value):
    """`value` where `mask` is True, else `input_x`.

    Example:
        >>> masked_fill(jnp.zeros(2), jnp.array([True, False]), 1.0).tolist()
        [1.0, 0.0]
    """
    x = asarray(input_x)
    return jnp.where(asarray(mask), jnp.asarray(value).astype(x.dtype), x)


def masked_select(input, mask):
    """1-D tensor of the entries of `input` where `mask` (broadcast) is True (not under jit).

    Example:
        >>> masked_select(jnp.array([1, 2, 3]), jnp.array([True, False, True])).tolist()
        [1, 3]
    """
    # Broadcast the mask in numpy: a concrete mask stays concrete under jit/vmap.
    x, m = asarray(input), _concrete(mask, "masked_select").astype(bool)
    shape = np.broadcast_shapes(x.shape, m.shape)
    return jnp.broadcast_to(x, shape)[np.broadcast_to(m, shape)]


def where(condition, input, other):
    """`input` where `condition`, else `other` (broadcast).

    Example:
        >>> where(jnp.array([True, False]), 1, 2).tolist()
        [1, 2]
    """
    return jnp.where(asarray(condition), input, other)


def select(condition, input, other):
    """Alias of `where`.

    Example:
        >>> select(jnp.array([True, False]), jnp.ones(2), jnp.zeros(2)).tolist()
        [1.0, 0.0]
    """
    return where(condition, input, other)


def nonzero(input, *, as_tuple=False):
    """Indices of non-zero entries: an ``(N, ndim)`` tensor, or a tuple of 1-D tensors.

    Example:
        >>> nonzero(jnp.array([[0, 1], [2, 0]])).tolist()
        [[0, 1], [1, 0]]
    """
    x = _concrete(asarray(input), "nonzero")
    idx = np.nonzero(x)
    if as_tuple:
        return tuple(jnp.asarray(i, _INDEX) for i in idx)
    return jnp.asarray(np.stack(idx, axis=1), _INDEX)


def argwhere(input):
    """Alias of ``nonzero(input)``.

    Example:
        >>> argwhere(jnp.array([0, 3])).tolist()
        [[1]]
    """
    return nonzero(input)


# --- sort / search ------------------------------------------------------------
def sort(input_x, axis=-1, descending=False):
    """Stable sort along `axis`: ``(values, indices)``.

    Example:
        >>> [t.tolist() for t in sort(jnp.array([3.0, 1.0, 2.0]))]
        [[1.0, 2.0, 3.0], [1, 2, 0]]
    """
    x = asarray(input_x)
    idx = jnp.argsort(x, axis=axis, stable=True, descending=descending)
    return jnp.take_along_axis(x, idx, axis=axis), idx.astype(jnp.int32)  # MindSpore: int32


def argsort(input, axis=-1, descending=False):
    """Indices that sort `input` along `axis`.

    Example:
        >>> argsort(jnp.array([3.0, 1.0, 2.0]), descending=True).tolist()
        [0, 2, 1]
    """
    return jnp.argsort(asarray(input), axis=axis, stable=True, descending=descending).astype(
        jnp.int32
    )  # MindSpore: int32


def msort(input):
    """Values sorted along axis 0.

    Example:
        >>> msort(jnp.array([[2, 1], [1, 3]])).tolist()
        [[1, 1], [2, 3]]
    """
    return jnp.sort(asarray(input), axis=0)


def _count_k(k):
    """`k` of topk as a Python int: an int, or a tensor holding one value (shape () or (1,))."""
    if isinstance(k, (jax.Array, np.ndarray)):
        if k.size != 1 or not jnp.issubdtype(k.dtype, jnp.integer):
            raise TypeError(
                f"topk: a tensor `k` must hold one integer, got shape {k.shape} and dtype {k.dtype}"
            )
        if isinstance(k, jax.core.Tracer):
            # JAX's concretization error: msfunc.jit and graph-mode Cells then run eagerly.
            raise jax.errors.ConcretizationTypeError(
                k,
                "topk: `k` sets the output shape, so it must be concrete (an int or a "
                "tensor known outside jit)",
            )
        return int(np.asarray(k).reshape(()))
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)):
        raise TypeError(f"topk: `k` must be an int, got {type(k).__name__}")
    return int(k)


def unsorted_topk(x, k, largest=True):
    """`k` largest (smallest) entries of each last-axis row in the order MindSpore's CPU kernel
    leaves them when not asked to sort (its C++ partition order, computed on the host).

    Example:
        >>> [t.tolist() for t in unsorted_topk(jnp.array([6.0, 2, 1, 7, 3, 0, 5, 4]), 3)]
        [[5.0, 6.0, 7.0], [6, 0, 3]]
    """
    x = jnp.asarray(x)
    k = min(int(k), x.shape[-1])
    shape = jax.ShapeDtypeStruct(x.shape[:-1] + (k,), jnp.int32)
    i = jax.pure_callback(
        lambda a: unsorted_topk_indices(np.asarray(a), k, largest),
        shape,
        lax.stop_gradient(x),
        vmap_method="expand_dims",
    )
    return jnp.take_along_axis(x, i, axis=-1), i


def topk(input, k, dim=None, largest=True, sorted=True):
    """The `k` largest (or smallest) entries along `dim` (last when None): ``(values, indices)``.

    With ``sorted=False`` the entries come in the order MindSpore's CPU kernel leaves them
    (see `unsorted_topk`); a whole row keeps its own order.

    Example:
        >>> [t.tolist() for t in topk(jnp.array([1.0, 5.0, 3.0]), 2)]
        [[5.0, 3.0], [1, 2]]
        >>> topk(jnp.array([1.0, 5.0, 3.0]), jnp.array([1]))[0].tolist()
        [5.0]
    """
    x = asarray(input)
    d = -1 if dim is None else norm_axis(dim, x.ndim, "dim")
    k = _count_k(k)
    xm = jnp.moveaxis(x, d, -1)
    if not sorted:
        v, i = unsorted_topk(xm, k, largest)
        return jnp.moveaxis(v, -1, d), jnp.moveaxis(i, -1, d)
    if largest:
        # MindSpore ranks equal values by the later index first.
        v, i = lax.top_k(xm[..., ::-1], k)
        i = xm.shape[-1] - 1 - i
    else:
        v, i = lax.top_k(-xm, k)
        v = -v
    return jnp.moveaxis(v, -1, d), jnp.moveaxis(i.astype(jnp.int32), -1, d)  # MindSpore: int32


def top_k(input_x, k, sorted=True):
    """`topk` along the last axis (largest first).

    Example:
        >>> top_k(jnp.array([1.0, 5.0, 3.0]), 1)[1].tolist()
        [1]
    """
    return topk(input_x, k, None, True, sorted)


def intopk(x1, x2, k):
    """Whether the target class ``x2[i]`` is among the top `k` scores of row ``x1[i]``.

    Example:
        >>> intopk(jnp.array([[0.1, 0.9], [0.8, 0.2]]), jnp.array([1, 1]), 1).tolist()
        [True, False]
    """
    scores, target = asarray(x1), asarray(x2)
    t = jnp.take_along_axis(scores, target[:, None].astype(_INDEX), axis=1)
    return jnp.sum(scores > t, axis=1) < k


def searchsorted(sorted_sequence, values, *, out_int32=False, right=False, side=None, sorter=None):
    """Insertion indices of `values` in the (last axis of) `sorted_sequence`.

    Example:
        >>> searchsorted(jnp.array([1, 3, 5]), jnp.array([3, 6])).tolist()
        [1, 3]
    """
    seq, v = asarray(sorted_sequence), asarray(values)
    if sorter is not None:
        seq = jnp.take_along_axis(seq, asarray(sorter), axis=-1)
    s = side if side is not None else ("right" if right else "left")
    if s not in ("left", "right"):
        raise ValueError(f"searchsorted: `side` must be 'left' or 'right', got {side!r}")
    fn = lambda a, b: jnp.searchsorted(a, b, side=s)
    for _ in range(seq.ndim - 1):
        fn = jax.vmap(fn)
    return fn(seq, v).astype(jnp.int32 if out_int32 else _INDEX)


def bucketize(input, boundaries, *, right=False):
    """Bucket index of each entry of `input` given 1-D `boundaries`.

    Example:
        >>> bucketize(jnp.array([1, 4]), [1, 3, 5]).tolist()
        [0, 2]
    """
    return jnp.searchsorted(
        jnp.asarray(boundaries), asarray(input), side="right" if right else "left"
    ).astype(jnp.int32)


def unique(input):
    """Unique values in order of first appearance and the inverse index (not under jit).

    Example:
        >>> [t.tolist() for t in unique(jnp.array([3, 1, 3, 2]))]
        [[3, 1, 2], [0, 1, 0, 2]]
    """
    x = _concrete(asarray(input), "unique").reshape(-1)
    vals, first, inv = np.unique(x, return_index=True, return_inverse=True)
    order = np.argsort(first, kind="stable")
    rank = np.empty_like(order)
    rank[order] = np.arange(order.size)
    return jnp.asarray(vals[order]), jnp.asarray(rank[inv.reshape(-1)], _INDEX)


def unique_with_pad(x, pad_num):
    """`unique` of a 1-D tensor padded with `pad_num` to the input length.

    Example:
        >>> unique_with_pad(jnp.array([1, 1, 2]), 0)[0].tolist()
        [1, 2, 0]
    """
    xa = asarray(x)
    vals, inv = unique(xa)
    pad = jnp.full((xa.size - vals.size,), pad_num, vals.dtype)
    return jnp.concatenate([vals, pad]), inv.astype(jnp.int32)  # MindSpore: int32


def unique_consecutive(input, return_inverse=False, return_counts=False, dim=None):
    """Collapse runs of equal consecutive values (or slices along `dim`); not under jit.

    Example:
        >>> unique_consecutive(jnp.array([1, 1, 2, 1])).tolist()
        [1, 2, 1]
    """
    x = _concrete(asarray(input), "unique_consecutive")
    if dim is None:
        x, d = x.reshape(-1), 0
    else:
        d = norm_axis(dim, x.ndim, "dim")
    xm = np.moveaxis(x, d, 0)
    flat = xm.reshape(xm.shape[0], -1)
    change = np.ones(flat.shape[0], bool)
    change[1:] = np.any(flat[1:] != flat[:-1], axis=1)
    out = [jnp.asarray(np.moveaxis(xm[change], 0, d))]
    if return_inverse:
        out.append(jnp.asarray(np.cumsum(change) - 1, _INDEX))
    if return_counts:
        starts = np.flatnonzero(change)
        out.append(jnp.asarray(np.diff(np.append(starts, flat.shape[0])), _INDEX))
    return out[0] if len(out) == 1 else tuple(out)


__all__ = [
    "gather",
    "gather_elements",
    "gather_d",
    "gather_nd",
    "index_select",
    "take",
    "index_fill",
    "masked_fill",
    "masked_select",
    "where",
    "select",
    "nonzero",
    "argwhere",
    "sort",
    "argsort",
    "msort",
    "topk",
    "top_k",
    "intopk",
    "searchsorted",
    "bucketize",
    "unique",
    "unique_with_pad",
    "unique_consecutive",
]
