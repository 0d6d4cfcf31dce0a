"""Array manipulation functional ops: join/split, gather/scatter, index, sort, shape moves."""

import builtins
import itertools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..common.args import asarray, dtype_arg, norm_axis
from ..common.parameter import unwrap
from ._forward import forward

_INDEX = jnp.int32


def _arrs(tensors, name="tensors"):
    if not isinstance(tensors, (list, tuple)):
        raise TypeError(f"`{name}` must be a list or tuple of tensors, "
                        f"got {type(tensors).__name__}")
    return [asarray(t) for t in tensors]


def _concrete(x, fn):
    if isinstance(x, jax.core.Tracer):
        raise TypeError(f"{fn}: the output shape depends on the input values, so it needs "
                        "concrete input (call it outside jit/vmap)")
    return np.asarray(x)


# --- join / split -------------------------------------------------------------
def concat(tensors, axis=0):
    """Join `tensors` along an existing `axis`.

    Example:
        >>> concat([jnp.ones((1, 2)), jnp.zeros((1, 2))]).shape
        (2, 2)
    """
    return jnp.concatenate(_arrs(tensors), axis=axis)


def cat(tensors, axis=0):
    """Alias of `concat`.

    Example:
        >>> cat([jnp.ones(2), jnp.zeros(1)]).shape
        (3,)
    """
    return concat(tensors, axis)


def stack(tensors, axis=0):
    """Join `tensors` along a new `axis`.

    Example:
        >>> stack([jnp.ones(2), jnp.zeros(2)], 1).shape
        (2, 2)
    """
    return jnp.stack(_arrs(tensors), axis=axis)


def unstack(input_x, axis=0):
    """Split along `axis` into a tuple of tensors with that axis removed.

    Example:
        >>> len(unstack(jnp.ones((3, 2))))
        3
    """
    x = asarray(input_x)
    ax = norm_axis(axis, x.ndim)
    return tuple(jnp.moveaxis(x, ax, 0))


def unbind(input, dim=0):
    """Alias of `unstack` with `dim`.

    Example:
        >>> [t.tolist() for t in unbind(jnp.array([[1, 2], [3, 4]]), 1)]
        [[1, 3], [2, 4]]
    """
    return unstack(input, dim)


def split(tensor, split_size_or_sections, axis=0):
    """Split into pieces of size `split_size_or_sections` (int; the last may be smaller) or of
    the listed sizes.

    Example:
        >>> [t.shape[0] for t in split(jnp.arange(5), 2)]
        [2, 2, 1]
    """
    x = asarray(tensor)
    n = x.shape[axis]
    if isinstance(split_size_or_sections, int):
        if split_size_or_sections <= 0:
            raise ValueError("split: `split_size_or_sections` must be a positive int")
        cuts = list(range(split_size_or_sections, n, split_size_or_sections))
    else:
        sizes = [int(s) for s in split_size_or_sections]
        if builtins.sum(sizes) != n:
            raise ValueError(f"split: sizes {sizes} must add up to the axis length {n}")
        cuts = list(itertools.accumulate(sizes))[:-1]
    return tuple(jnp.split(x, cuts, axis=axis))


def chunk(input, chunks, axis=0):
    """Split into `chunks` pieces of ``ceil(n / chunks)`` (fewer when n is small).

    Example:
        >>> [t.shape[0] for t in chunk(jnp.arange(5), 3)]
        [2, 2, 1]
    """
    x = asarray(input)
    if not isinstance(chunks, int) or chunks <= 0:
        raise ValueError(f"chunk: `chunks` must be a positive int, got {chunks!r}")
    n = x.shape[axis]
    size = -(-n // chunks) if n else 1
    return split(x, builtins.max(size, 1), axis) if n else (x,)


def tensor_split(input, indices_or_sections, axis=0):
    """numpy's ``array_split``: `indices_or_sections` is a count or a list of cut points.

    Example:
        >>> [t.shape[0] for t in tensor_split(jnp.arange(5), 3)]
        [2, 2, 1]
    """
    x = asarray(input)
    ios = indices_or_sections
    ios = ios if isinstance(ios, int) else [int(i) for i in unwrap(ios)]
    return tuple(jnp.array_split(x, ios, axis=axis))


def hsplit(input, indices_or_sections):
    """`tensor_split` along axis 1 (axis 0 for 1-D input).

    Example:
        >>> len(hsplit(jnp.ones((2, 4)), 2))
        2
    """
    x = asarray(input)
    return tensor_split(x, indices_or_sections, 0 if x.ndim == 1 else 1)


def vsplit(input, indices_or_sections):
    """`tensor_split` along axis 0.

    Example:
        >>> len(vsplit(jnp.ones((4, 2)), 2))
        2
    """
    return tensor_split(input, indices_or_sections, 0)


def dsplit(input, indices_or_sections):
    """`tensor_split` along axis 2.

    Example:
        >>> len(dsplit(jnp.ones((1, 1, 4)), 2))
        2
    """
    return tensor_split(input, indices_or_sections, 2)


def _stack_fn(name, fn):
    def op(tensors):
        return fn(_arrs(tensors))

    if name == "vstack":
        def op(inputs):  # noqa: F811  (MindSpore names this argument `inputs`)
            return fn(_arrs(inputs, "inputs"))

    op.__name__ = op.__qualname__ = name
    op.__doc__ = (f"``{fn.__name__}`` of a list of tensors.\n\nExample:\n    >>> "
                  f"{name}([jnp.ones(2), jnp.zeros(2)]).ndim >= 1\n    True\n")
    return op


hstack = _stack_fn("hstack", jnp.hstack)
vstack = _stack_fn("vstack", jnp.vstack)
row_stack = _stack_fn("row_stack", jnp.vstack)
dstack = _stack_fn("dstack", jnp.dstack)
column_stack = _stack_fn("column_stack", jnp.column_stack)


def _atleast(fn):
    def op(inputs):
        if isinstance(inputs, (list, tuple)):
            return tuple(fn(asarray(t)) for t in inputs)
        return fn(asarray(inputs))

    op.__doc__ = (f"``{fn.__name__}`` of a tensor (or of each tensor in a list).\n\nExample:"
                  f"\n    >>> {fn.__name__}(jnp.array(1.0)).ndim >= 1\n    True\n")
    return op


atleast_1d = _atleast(jnp.atleast_1d)
atleast_2d = _atleast(jnp.atleast_2d)
atleast_3d = _atleast(jnp.atleast_3d)


# --- gather / index -----------------------------------------------------------
def gather(input_params, input_indices, axis, batch_dims=0):
    """Take slices of `input_params` along `axis` at `input_indices` (out-of-range gives 0).

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
    x = x[tuple(builtins.slice(None) if a == d else builtins.slice(0, s)
              for a, s in enumerate(idx.shape))]
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
    return x.at[sl].set(jnp.asarray(unwrap(value)).astype(x.dtype))


def masked_fill(input_x, mask, value):
    """`value` where `mask` is True, else `input_x`.

    Example:
        >>> masked_fill(jnp.zeros(2), jnp.array([True, False]), 1.0).tolist()
        [1.0, 0.0]
    """
    x = asarray(input_x)
    return jnp.where(asarray(mask), jnp.asarray(unwrap(value)).astype(x.dtype), x)


def masked_select(input, mask):
    """1-D tensor of the entries of `input` where `mask` (broadcast) is True (not under jit).

    Example:
        >>> masked_select(jnp.array([1, 2, 3]), jnp.array([True, False, True])).tolist()
        [1, 3]
    """
    # Broadcast the mask in numpy: a concrete mask stays concrete under jit/vmap.
    x, m = asarray(input), _concrete(unwrap(mask), "masked_select").astype(bool)
    shape = np.broadcast_shapes(x.shape, m.shape)
    return jnp.broadcast_to(x, shape)[np.broadcast_to(m, shape)]


def where(condition, input, other):
    """`input` where `condition`, else `other` (broadcast).

    Example:
        >>> where(jnp.array([True, False]), 1, 2).tolist()
        [1, 2]
    """
    return jnp.where(asarray(condition), unwrap(input), unwrap(other))


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
    return jnp.take_along_axis(x, idx, axis=axis), idx.astype(_INDEX)


def argsort(input, axis=-1, descending=False):
    """Indices that sort `input` along `axis`.

    Example:
        >>> argsort(jnp.array([3.0, 1.0, 2.0]), descending=True).tolist()
        [0, 2, 1]
    """
    return jnp.argsort(asarray(input), axis=axis, stable=True,
                       descending=descending).astype(_INDEX)


def msort(input):
    """Values sorted along axis 0.

    Example:
        >>> msort(jnp.array([[2, 1], [1, 3]])).tolist()
        [[1, 1], [2, 3]]
    """
    return jnp.sort(asarray(input), axis=0)


def topk(input, k, dim=None, largest=True, sorted=True):
    """The `k` largest (or smallest) entries along `dim` (last when None): ``(values, indices)``.

    Example:
        >>> [t.tolist() for t in topk(jnp.array([1.0, 5.0, 3.0]), 2)]
        [[5.0, 3.0], [1, 2]]
    """
    x = asarray(input)
    d = -1 if dim is None else norm_axis(dim, x.ndim, "dim")
    xm = jnp.moveaxis(x, d, -1)
    if largest:
        # MindSpore ranks equal values by the later index first.
        v, i = lax.top_k(xm[..., ::-1], k)
        i = xm.shape[-1] - 1 - i
    else:
        v, i = lax.top_k(-xm, k)
        v = -v
    return jnp.moveaxis(v, -1, d), jnp.moveaxis(i.astype(_INDEX), -1, d)


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


def searchsorted(sorted_sequence, values, *, out_int32=False, right=False, side=None,
                 sorter=None):
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
    return fn(seq, v).astype(_INDEX)


def bucketize(input, boundaries, *, right=False):
    """Bucket index of each entry of `input` given 1-D `boundaries`.

    Example:
        >>> bucketize(jnp.array([1, 4]), [1, 3, 5]).tolist()
        [0, 2]
    """
    return jnp.searchsorted(jnp.asarray(unwrap(boundaries)), asarray(input),
                            side="right" if right else "left").astype(_INDEX)


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
    return jnp.concatenate([vals, pad]), inv


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


# --- shape moves --------------------------------------------------------------
def reshape(input, shape):
    """`input` with a new `shape` (one entry may be -1).

    Example:
        >>> reshape(jnp.arange(6), (2, -1)).shape
        (2, 3)
    """
    return jnp.reshape(asarray(input), tuple(int(s) for s in unwrap(shape)))


def permute(input, axis):
    """Reorder the axes of `input`.

    Example:
        >>> permute(jnp.ones((1, 2, 3)), (2, 0, 1)).shape
        (3, 1, 2)
    """
    return jnp.transpose(asarray(input), tuple(axis))


def transpose(input, dims):
    """Alias of `permute`.

    Example:
        >>> transpose(jnp.ones((1, 2)), (1, 0)).shape
        (2, 1)
    """
    return permute(input, dims)


def t(input):
    """Transpose a 2-D tensor (1-D and 0-D come back unchanged).

    Example:
        >>> t(jnp.ones((1, 2))).shape
        (2, 1)
    """
    x = asarray(input)
    if x.ndim > 2:
        raise ValueError(f"t: `input` must have rank <= 2, got {x.ndim}")
    return x.T


def squeeze(input, axis=None):
    """Remove size-1 axes (only those in `axis` when given; other sizes there are kept).

    Example:
        >>> squeeze(jnp.ones((1, 2, 1)), 0).shape
        (2, 1)
    """
    x = asarray(input)
    if axis is None:
        return jnp.squeeze(x)
    axes = norm_axis(axis if isinstance(axis, (list, tuple)) else (axis,), x.ndim) or ()
    return jnp.squeeze(x, tuple(a for a in axes if x.shape[a] == 1))


def unsqueeze(input, dim):
    """Insert a size-1 axis at `dim`.

    Example:
        >>> unsqueeze(jnp.ones(2), -1).shape
        (2, 1)
    """
    return jnp.expand_dims(asarray(input), dim)


def expand_dims(input_x, axis):
    """Alias of `unsqueeze`.

    Example:
        >>> expand_dims(jnp.ones(2), 0).shape
        (1, 2)
    """
    return jnp.expand_dims(asarray(input_x), axis)


def _target_shape(x, shape):
    shape = tuple(int(s) for s in unwrap(shape))
    lead = len(shape) - x.ndim
    if lead < 0:
        raise ValueError(f"cannot broadcast shape {x.shape} to the shorter shape {shape}")
    return tuple(x.shape[i - lead] if (s == -1 and i >= lead) else s for i, s in enumerate(shape))


def broadcast_to(input, shape):
    """Broadcast to `shape`; -1 keeps that axis of `input`.

    Example:
        >>> broadcast_to(jnp.ones((1, 2)), (3, -1)).shape
        (3, 2)
    """
    x = asarray(input)
    return jnp.broadcast_to(x, _target_shape(x, shape))


def expand(input_x, size):
    """Alias of `broadcast_to`.

    Example:
        >>> expand(jnp.ones((1, 2)), (2, 2)).shape
        (2, 2)
    """
    return broadcast_to(input_x, size)


def expand_as(input, other):
    """Broadcast `input` to the shape of `other`.

    Example:
        >>> expand_as(jnp.ones(2), jnp.zeros((3, 2))).shape
        (3, 2)
    """
    return jnp.broadcast_to(asarray(input), asarray(other).shape)


def view_as(input, other):
    """Reshape `input` to the shape of `other`.

    Example:
        >>> view_as(jnp.arange(4), jnp.zeros((2, 2))).shape
        (2, 2)
    """
    return jnp.reshape(asarray(input), asarray(other).shape)


def type_as(input, other):
    """Cast `input` to the dtype of `other`.

    Example:
        >>> type_as(jnp.ones(1), jnp.zeros(1, jnp.int32)).dtype.name
        'int32'
    """
    return asarray(input).astype(asarray(other).dtype)


def view_as_real(input):
    """A complex tensor as a real one with a trailing axis of (real, imag).

    Example:
        >>> view_as_real(jnp.array([1 + 2j])).tolist()
        [[1.0, 2.0]]
    """
    x = asarray(input)
    if not jnp.iscomplexobj(x):
        raise TypeError(f"view_as_real: `input` must be complex, got {x.dtype}")
    return jnp.stack([x.real, x.imag], axis=-1)


def flatten(input, order="C", *, start_dim=1, end_dim=-1):
    """Merge axes `start_dim`..`end_dim` (by default all but the first).

    Example:
        >>> flatten(jnp.ones((2, 3, 4))).shape
        (2, 12)
    """
    x = asarray(input)
    if order not in ("C", "F"):
        raise ValueError(f"flatten: `order` must be 'C' or 'F', got {order!r}")
    if order == "F":
        x = x.T
    if x.ndim == 0:
        return x.reshape(1)
    s, e = norm_axis(start_dim, x.ndim, "start_dim"), norm_axis(end_dim, x.ndim, "end_dim")
    if s > e:
        raise ValueError("flatten: `start_dim` must not be after `end_dim`")
    return x.reshape(x.shape[:s] + (-1,) + x.shape[e + 1:])


ravel = forward("ravel", jnp.ravel, ("input",), "x = jnp.ones((2, 2))")
moveaxis = forward("moveaxis", jnp.moveaxis, ("x", "source", "destination"))
movedim = forward("movedim", jnp.moveaxis, ("x", "source", "destination"))
swapaxes = forward("swapaxes", jnp.swapaxes, ("input", "axis0", "axis1"))
swapdims = forward("swapdims", jnp.swapaxes, ("input", "dim0", "dim1"))
fliplr = forward("fliplr", jnp.fliplr, ("input",), "x = jnp.ones((2, 2))")
flipud = forward("flipud", jnp.flipud, ("input",), "x = jnp.ones((2, 2))")


def block_diag(*inputs):
    """Block-diagonal matrix from 2-D tensors.

    Example:
        >>> block_diag(jnp.ones((1, 1)), jnp.ones((2, 2))).shape
        (3, 3)
    """
    return jax.scipy.linalg.block_diag(*[asarray(i) for i in inputs])


def flip(input, dims):
    """Reverse the order along `dims`.

    Example:
        >>> flip(jnp.array([1, 2, 3]), (0,)).tolist()
        [3, 2, 1]
    """
    return jnp.flip(asarray(input), tuple(dims) if isinstance(dims, (list, tuple)) else dims)


def reverse(x, axis):
    """Alias of `flip`.

    Example:
        >>> reverse(jnp.array([1, 2]), [0]).tolist()
        [2, 1]
    """
    return flip(x, axis)


def roll(input, shifts, dims=None):
    """Roll entries by `shifts` along `dims` (flattened when None).

    Example:
        >>> roll(jnp.array([1, 2, 3]), 1).tolist()
        [3, 1, 2]
    """
    x = asarray(input)
    if dims is None:
        return jnp.roll(x.reshape(-1), shifts).reshape(x.shape)
    return jnp.roll(x, shifts, axis=dims)


def rot90(input, k, dims):
    """Rotate by 90 degrees `k` times in the plane `dims`.

    Example:
        >>> rot90(jnp.array([[1, 2], [3, 4]]), 1, (0, 1)).tolist()
        [[2, 4], [1, 3]]
    """
    return jnp.rot90(asarray(input), k, axes=tuple(dims))


def tile(input, dims):
    """Repeat `input` `dims` times per axis (shorter `dims` apply to trailing axes).

    Example:
        >>> tile(jnp.array([1, 2]), (2,)).tolist()
        [1, 2, 1, 2]
    """
    return jnp.tile(asarray(input), tuple(dims))


def repeat_elements(x, rep, axis=0):
    """Repeat each slice along `axis` `rep` times.

    Example:
        >>> repeat_elements(jnp.array([1, 2]), 2).tolist()
        [1, 1, 2, 2]
    """
    return jnp.repeat(asarray(x), rep, axis=axis)


def repeat_interleave(input, repeats, axis=None):
    """Repeat entries `repeats` times along `axis` (flattened when None).

    Example:
        >>> repeat_interleave(jnp.array([1, 2]), 2).tolist()
        [1, 1, 2, 2]
    """
    r = unwrap(repeats)
    if not isinstance(r, int):
        r = _concrete(r, "repeat_interleave")  # numpy: a concrete array stays concrete
        r = int(r) if r.ndim == 0 else r
    return jnp.repeat(asarray(input), r, axis=axis)


def narrow(input, axis, start, length):
    """`length` entries along `axis` starting at `start`.

    Example:
        >>> narrow(jnp.arange(5), 0, 1, 2).tolist()
        [1, 2]
    """
    x = asarray(input)
    return lax.slice_in_dim(x, start, start + length, axis=norm_axis(axis, x.ndim))


def slice(input_x, begin, size):
    """The block starting at `begin` with `size` per axis (-1: to the end).

    Example:
        >>> slice(jnp.arange(5), (1,), (-1,)).tolist()
        [1, 2, 3, 4]
    """
    x = asarray(input_x)
    begin = [int(b) for b in unwrap(begin)]
    size = [x.shape[i] - b if int(s) == -1 else int(s) for i, (b, s) in
            enumerate(zip(begin, unwrap(size), strict=False))]
    return lax.dynamic_slice(x, begin, size)


def tensor_slice(input, begin, size):
    """Alias of `slice`.

    Example:
        >>> tensor_slice(jnp.arange(5), (0,), (2,)).tolist()
        [0, 1]
    """
    return slice(input, begin, size)


def strided_slice(input_x, begin, end, strides, begin_mask=0, end_mask=0, ellipsis_mask=0,
                  new_axis_mask=0, shrink_axis_mask=0):
    """TensorFlow-style strided slice with bit masks.

    Example:
        >>> strided_slice(jnp.arange(6).reshape(2, 3), (0, 0), (2, 3), (1, 2)).tolist()
        [[0, 2], [3, 5]]
    """
    x = asarray(input_x)
    begin, end, strides = list(begin), list(end), list(strides)
    idx = []
    for i in range(len(begin)):
        bit = 1 << i
        if ellipsis_mask & bit:
            idx.append(Ellipsis)
        elif new_axis_mask & bit:
            idx.append(None)
        elif shrink_axis_mask & bit:
            idx.append(int(begin[i]))
        else:
            b = None if begin_mask & bit else int(begin[i])
            e = None if end_mask & bit else int(end[i])
            idx.append(builtins.slice(b, e, int(strides[i])))
    return x[tuple(idx)]


# --- triangles and diagonals --------------------------------------------------
def tril(input, diagonal=0):
    """Lower triangle (entries above `diagonal` zeroed).

    Example:
        >>> tril(jnp.ones((2, 2))).tolist()
        [[1.0, 0.0], [1.0, 1.0]]
    """
    return jnp.tril(asarray(input), diagonal)


def triu(input, diagonal=0):
    """Upper triangle (entries below `diagonal` zeroed).

    Example:
        >>> triu(jnp.ones((2, 2))).tolist()
        [[1.0, 1.0], [0.0, 1.0]]
    """
    return jnp.triu(asarray(input), diagonal)


def tril_indices(row, col, offset=0, *, dtype=jnp.int64):
    """``(2, N)`` indices of the lower triangle of a ``row x col`` matrix.

    Example:
        >>> tril_indices(2, 2).tolist()
        [[0, 1, 1], [0, 0, 1]]
    """
    return jnp.asarray(np.stack(np.tril_indices(row, offset, col)), dtype_arg(dtype))


def triu_indices(row, col, offset=0, *, dtype=jnp.int64):
    """``(2, N)`` indices of the upper triangle of a ``row x col`` matrix.

    Example:
        >>> triu_indices(2, 2).tolist()
        [[0, 0, 1], [0, 1, 1]]
    """
    return jnp.asarray(np.stack(np.triu_indices(row, offset, col)), dtype_arg(dtype))


def diag(input):
    """A tensor of shape ``x.shape + x.shape`` with `x` on its diagonal.

    Example:
        >>> diag(jnp.array([1, 2])).tolist()
        [[1, 0], [0, 2]]
    """
    x = asarray(input)
    flat = x.reshape(-1)
    return jnp.diag(flat).reshape(x.shape + x.shape)


def diagflat(input, offset=0):
    """2-D tensor with the flattened `input` on diagonal `offset`.

    Example:
        >>> diagflat(jnp.array([1, 2]), 1).shape
        (3, 3)
    """
    return jnp.diagflat(asarray(input), offset)


def diagonal(input, offset=0, dim1=0, dim2=1):
    """The diagonal `offset` of the planes `dim1`, `dim2` (as a last axis).

    Example:
        >>> diagonal(jnp.array([[1, 2], [3, 4]])).tolist()
        [1, 4]
    """
    return jnp.diagonal(asarray(input), offset, dim1, dim2)


def diag_embed(input, offset=0, dim1=-2, dim2=-1):
    """Put the last axis of `input` on diagonal `offset` of new planes `dim1`, `dim2`.

    Example:
        >>> diag_embed(jnp.array([1, 2])).tolist()
        [[1, 0], [0, 2]]
    """
    x = asarray(input)
    n = x.shape[-1] + builtins.abs(offset)
    out_nd = x.ndim + 1
    d1, d2 = norm_axis(dim1, out_nd, "dim1"), norm_axis(dim2, out_nd, "dim2")
    eye = jnp.eye(n, k=offset, dtype=bool)
    rows = jnp.arange(n) if offset >= 0 else jnp.arange(n) + offset
    pos = jnp.clip(rows, 0, x.shape[-1] - 1)
    full = jnp.where(eye, jnp.take(x, pos, axis=-1)[..., :, None], 0).astype(x.dtype)
    # full has the new planes as its last two axes (rows, cols); move them to d1, d2.
    rest = [a for a in range(out_nd) if a not in (d1, d2)]
    perm = [0] * out_nd
    for src, dst in zip(range(out_nd - 2), rest, strict=False):
        perm[dst] = src
    perm[d1], perm[d2] = out_nd - 2, out_nd - 1
    return jnp.transpose(full, perm)


def diagonal_scatter(input, src, offset=0, dim1=0, dim2=1):
    """Copy of `input` with diagonal `offset` of planes `dim1`, `dim2` replaced by `src`.

    Example:
        >>> diagonal_scatter(jnp.zeros((2, 2)), jnp.ones(2)).tolist()
        [[1.0, 0.0], [0.0, 1.0]]
    """
    x, s = asarray(input), asarray(src)
    d1, d2 = norm_axis(dim1, x.ndim, "dim1"), norm_axis(dim2, x.ndim, "dim2")
    xm = jnp.moveaxis(x, (d1, d2), (-2, -1))
    r, c = xm.shape[-2:]
    i = jnp.arange(r)[:, None]
    j = jnp.arange(c)[None, :]
    on = (j - i) == offset
    k = jnp.broadcast_to(jnp.clip(i if offset >= 0 else j, 0, builtins.max(s.shape[-1] - 1, 0)),
                         (r, c))
    vals = jnp.take(s, k.reshape(-1), axis=-1).reshape(s.shape[:-1] + (r, c)) if s.size else s
    out = jnp.where(on, vals.astype(x.dtype), xm)
    return jnp.moveaxis(out, (-2, -1), (d1, d2))


def matrix_band_part(x, lower, upper):
    """Keep `lower` sub-diagonals and `upper` super-diagonals (negative: keep all).

    Example:
        >>> matrix_band_part(jnp.ones((3, 3)), 0, 0).tolist()[0]
        [1.0, 0.0, 0.0]
    """
    a = asarray(x)
    r, c = a.shape[-2:]
    i = jnp.arange(r)[:, None]
    j = jnp.arange(c)[None, :]
    lo, up = unwrap(lower), unwrap(upper)
    keep = ((lo < 0) | (i - j <= lo)) & ((up < 0) | (j - i <= up))
    return jnp.where(keep, a, jnp.zeros_like(a))


def matrix_diag(x, k=0, num_rows=-1, num_cols=-1, padding_value=0, align="RIGHT_LEFT"):
    """Batched matrices with the last axis of `x` on diagonal `k` (a single int `k`).

    Example:
        >>> matrix_diag(jnp.array([1, 2])).tolist()
        [[1, 0], [0, 2]]
    """
    v = asarray(x)
    k = _single_k(k, "matrix_diag")
    n = v.shape[-1]
    rows = int(num_rows) if int(num_rows) != -1 else n + builtins.abs(k)
    cols = int(num_cols) if int(num_cols) != -1 else n + builtins.abs(k)
    i = jnp.arange(rows)[:, None]
    j = jnp.arange(cols)[None, :]
    on = (j - i) == k
    pos = jnp.clip(jnp.minimum(i, j), 0, n - 1)
    vals = jnp.take(v, pos.reshape(-1), axis=-1).reshape(v.shape[:-1] + (rows, cols))
    return jnp.where(on, vals, jnp.asarray(unwrap(padding_value)).astype(v.dtype))


def _single_k(k, fn):
    k = np.asarray(unwrap(k)).reshape(-1)
    if k.size == 2 and k[0] == k[1]:
        k = k[:1]
    if k.size != 1:
        raise ValueError(f"{fn}: only a single diagonal `k` is supported, got {k.tolist()}")
    return int(k[0])


def matrix_diag_part(x, k, padding_value, align="RIGHT_LEFT"):
    """Diagonal `k` of the last two axes (a single int `k`).

    Example:
        >>> matrix_diag_part(jnp.array([[1, 2], [3, 4]]), 0, 0).tolist()
        [1, 4]
    """
    return jnp.diagonal(asarray(x), _single_k(k, "matrix_diag_part"), -2, -1)


def matrix_set_diag(x, diagonal, k=0, align="RIGHT_LEFT"):
    """Copy of `x` with diagonal `k` of the last two axes set to `diagonal` (single `k`).

    Example:
        >>> matrix_set_diag(jnp.zeros((2, 2)), jnp.array([1.0, 2.0])).tolist()
        [[1.0, 0.0], [0.0, 2.0]]
    """
    return diagonal_scatter(x, diagonal, _single_k(k, "matrix_set_diag"), -2, -1)


def meshgrid(*inputs, indexing="xy"):
    """Coordinate grids from 1-D tensors (`indexing` 'xy' or 'ij').

    Example:
        >>> [g.shape for g in meshgrid(jnp.arange(2), jnp.arange(3))]
        [(3, 2), (3, 2)]
    """
    if len(inputs) == 1 and isinstance(inputs[0], (list, tuple)):
        inputs = inputs[0]
    if indexing not in ("xy", "ij"):
        raise ValueError(f"meshgrid: `indexing` must be 'xy' or 'ij', got {indexing!r}")
    return tuple(jnp.meshgrid(*[asarray(i) for i in inputs], indexing=indexing))


def cartesian_prod(*inputs):
    """Cartesian product of 1-D tensors as an ``(N, len(inputs))`` tensor.

    Example:
        >>> cartesian_prod(jnp.array([1, 2]), jnp.array([3])).tolist()
        [[1, 3], [2, 3]]
    """
    grids = jnp.meshgrid(*[asarray(i) for i in inputs], indexing="ij")
    return jnp.stack([g.reshape(-1) for g in grids], axis=1)


def combinations(input, r=2, with_replacement=False):
    """All length-`r` combinations of the entries of a 1-D tensor, as rows.

    Example:
        >>> combinations(jnp.array([1, 2, 3])).tolist()
        [[1, 2], [1, 3], [2, 3]]
    """
    x = asarray(input)
    gen = itertools.combinations_with_replacement if with_replacement else \
        itertools.combinations
    idx = np.array(list(gen(range(x.shape[0]), r)), dtype=np.int32).reshape(-1, r)
    return x[idx]


def vander(x, N=None):
    """Vandermonde matrix with decreasing powers of the 1-D `x`.

    Example:
        >>> vander(jnp.array([2, 3]), 3).tolist()
        [[4, 2, 1], [9, 3, 1]]
    """
    return jnp.vander(asarray(x), N)


# --- scatter ------------------------------------------------------------------
def _elem_index(index, axis):
    grids = list(jnp.meshgrid(*[jnp.arange(s) for s in index.shape], indexing="ij"))
    grids[axis] = index
    return tuple(grids)


def scatter(input, axis, index, src):
    """Copy of `input` with ``out[index[i][j]][j] = src[i][j]`` (for ``axis = 0``; and so on).

    Example:
        >>> scatter(jnp.zeros(3), 0, jnp.array([2]), jnp.array([5.0])).tolist()
        [0.0, 0.0, 5.0]
    """
    return tensor_scatter_elements(input, index, src, axis, "none")


def tensor_scatter_elements(input_x, indices, updates, axis=0, reduction="none"):
    """Element scatter along `axis` with `reduction` 'none' (set) or 'add'.

    Example:
        >>> tensor_scatter_elements(jnp.zeros(2), jnp.array([1, 1]), jnp.ones(2), 0, "add").tolist()
        [0.0, 2.0]
    """
    x, idx, upd = asarray(input_x), asarray(indices), asarray(updates)
    ax = norm_axis(axis, x.ndim)
    if jnp.ndim(upd) == 0:
        upd = jnp.broadcast_to(upd, idx.shape)
    upd = upd[tuple(builtins.slice(0, s) for s in idx.shape)].astype(x.dtype)
    where_ = _elem_index(idx, ax)
    if reduction == "none":
        return x.at[where_].set(upd)
    if reduction == "add":
        return x.at[where_].add(upd)
    raise ValueError(f"tensor_scatter_elements: `reduction` must be 'none' or 'add', "
                     f"got {reduction!r}")


def _nd_index(indices):
    idx = asarray(indices)
    return tuple(jnp.moveaxis(idx, -1, 0))


def scatter_nd(indices, updates, shape):
    """A zero tensor of `shape` with `updates` added at the index tuples `indices`.

    Example:
        >>> scatter_nd(jnp.array([[1], [1]]), jnp.array([1.0, 2.0]), (3,)).tolist()
        [0.0, 3.0, 0.0]
    """
    upd = asarray(updates)
    out = jnp.zeros(tuple(int(s) for s in unwrap(shape)), upd.dtype)
    return out.at[_nd_index(indices)].add(upd)


def _one_at_a_time(x, idx, upd, method):
    """Multiplicative scatter applied one index tuple at a time (a scan).

    JAX differentiates a multiplicative scatter only when told its indices are unique;
    each single step is, so gradients exist and repeated indices still compound.
    """
    depth = idx.shape[-1]
    flat_idx = idx.reshape(-1, depth)
    flat_upd = jnp.broadcast_to(upd, idx.shape[:-1] + x.shape[depth:])
    flat_upd = flat_upd.reshape((flat_idx.shape[0],) + x.shape[depth:])

    def step(acc, item):
        i, u = item
        return getattr(acc.at[tuple(i)], method)(u, unique_indices=True), None

    return lax.scan(step, x, (flat_idx, flat_upd))[0]


def _tensor_scatter(method, name):
    def op(input_x, indices, updates):
        x = asarray(input_x)
        upd = asarray(updates).astype(x.dtype)
        if method in ("multiply", "divide"):
            return _one_at_a_time(x, asarray(indices), upd, method)
        return getattr(x.at[_nd_index(indices)], method)(upd)

    op.__name__ = op.__qualname__ = name
    op.__doc__ = (f"Copy of `input_x` with `updates` applied ({method}) at the index tuples "
                  f"`indices` (last axis indexes the leading axes).\n\nExample:\n    >>> "
                  f"{name}(jnp.ones(3), jnp.array([[0]]), jnp.array([2.0])).shape\n    (3,)\n")
    return op


tensor_scatter_add = _tensor_scatter("add", "tensor_scatter_add")
tensor_scatter_sub = _tensor_scatter("subtract", "tensor_scatter_sub")
tensor_scatter_mul = _tensor_scatter("multiply", "tensor_scatter_mul")
tensor_scatter_div = _tensor_scatter("divide", "tensor_scatter_div")
tensor_scatter_max = _tensor_scatter("max", "tensor_scatter_max")
tensor_scatter_min = _tensor_scatter("min", "tensor_scatter_min")


def select_scatter(input, src, axis, index):
    """Copy of `input` with the slice at `index` along `axis` replaced by `src`.

    Example:
        >>> select_scatter(jnp.zeros((2, 2)), jnp.ones(2), 0, 1).tolist()
        [[0.0, 0.0], [1.0, 1.0]]
    """
    x = asarray(input)
    ax = norm_axis(axis, x.ndim)
    return x.at[(builtins.slice(None),) * ax + (index,)].set(asarray(src).astype(x.dtype))


def slice_scatter(input, src, axis=0, start=None, end=None, step=1):
    """Copy of `input` with ``input[start:end:step]`` along `axis` replaced by `src`.

    Example:
        >>> slice_scatter(jnp.zeros(4), jnp.ones(2), 0, 0, 4, 2).tolist()
        [1.0, 0.0, 1.0, 0.0]
    """
    x = asarray(input)
    ax = norm_axis(axis, x.ndim)
    sl = (builtins.slice(None),) * ax + (builtins.slice(start, end, step),)
    return x.at[sl].set(asarray(src).astype(x.dtype))


def reverse_sequence(x, seq_lengths, seq_dim, batch_dim=0):
    """Reverse the first ``seq_lengths[b]`` entries along `seq_dim` of each batch entry `b`.

    Example:
        >>> reverse_sequence(jnp.array([[1, 2, 3]]), jnp.array([2]), 1).tolist()
        [[2, 1, 3]]
    """
    a, lens = asarray(x), asarray(seq_lengths)
    sd, bd = norm_axis(seq_dim, a.ndim, "seq_dim"), norm_axis(batch_dim, a.ndim, "batch_dim")
    n = a.shape[sd]
    pos = jnp.arange(n)
    shape = [1] * a.ndim
    shape[sd] = n
    lshape = [1] * a.ndim
    lshape[bd] = a.shape[bd]
    pos = pos.reshape(shape)
    ln = lens.reshape(lshape).astype(pos.dtype)
    src = jnp.where(pos < ln, ln - 1 - pos, pos)
    src = jnp.broadcast_to(src, a.shape)
    return jnp.take_along_axis(a, src, axis=sd)


def space_to_batch_nd(input_x, block_size, paddings):
    """Move blocks of the spatial axes (after N, C) into the batch axis, after zero padding.

    Example:
        >>> space_to_batch_nd(jnp.ones((1, 1, 2, 2)), (2, 2), ((0, 0), (0, 0))).shape
        (4, 1, 1, 1)
    """
    x = asarray(input_x)
    m = x.ndim - 2
    block = [int(block_size)] * m if isinstance(block_size, int) else [int(b) for b in block_size]
    pads = [(int(a), int(b)) for a, b in np.asarray(unwrap(paddings)).reshape(m, 2)]
    x = jnp.pad(x, [(0, 0), (0, 0)] + pads)
    n, c = x.shape[:2]
    sp = x.shape[2:]
    shape = [n, c]
    for s, b in zip(sp, block, strict=False):
        shape += [s // b, b]
    x = x.reshape(shape)
    block_axes = [3 + 2 * i for i in range(m)]
    out_axes = [2 + 2 * i for i in range(m)]
    x = jnp.transpose(x, block_axes + [0, 1] + out_axes)
    spatial = [s // b for s, b in zip(sp, block, strict=False)]
    return x.reshape([n * int(np.prod(block)), c] + spatial)


def batch_to_space_nd(input_x, block_shape, crops):
    """Inverse of `space_to_batch_nd`: move batch blocks back into space, then crop.

    Example:
        >>> batch_to_space_nd(jnp.ones((4, 1, 1, 1)), (2, 2), ((0, 0), (0, 0))).shape
        (1, 1, 2, 2)
    """
    x = asarray(input_x)
    m = x.ndim - 2
    block = [int(block_shape)] * m if isinstance(block_shape, int) else \
        [int(b) for b in block_shape]
    crop = [(int(a), int(b)) for a, b in np.asarray(unwrap(crops)).reshape(m, 2)]
    nb, c = x.shape[:2]
    sp = x.shape[2:]
    n = nb // int(np.prod(block))
    x = x.reshape(block + [n, c] + list(sp))
    perm = [m, m + 1]
    for i in range(m):
        perm += [m + 2 + i, i]
    x = jnp.transpose(x, perm).reshape([n, c] + [s * b for s, b in zip(sp, block, strict=False)])
    sl = (builtins.slice(None),) * 2 + tuple(builtins.slice(a, x.shape[2 + i] - b)
                                         for i, (a, b) in enumerate(crop))
    return x[sl]


def coalesce(x_indices, x_values, x_shape):
    """Sum the values of repeated COO indices; indices come back sorted (not under jit).

    Example:
        >>> idx, val, shp = coalesce(jnp.array([[1, 0, 1]]), jnp.array([1.0, 2.0, 3.0]), (2,))
        >>> idx.tolist(), val.tolist()
        ([[0, 1]], [2.0, 4.0])
    """
    idx = _concrete(unwrap(x_indices), "coalesce")  # numpy: stays concrete under jit
    vals = asarray(x_values)
    uniq, inv = np.unique(idx.T, axis=0, return_inverse=True)
    out = jax.ops.segment_sum(vals, jnp.asarray(inv.reshape(-1)), num_segments=uniq.shape[0])
    return jnp.asarray(uniq.T), out, asarray(x_shape)  # keeps the indices' dtype


__all__ = [
    "concat", "cat", "stack", "unstack", "unbind", "split", "chunk", "tensor_split", "hsplit",
    "vsplit", "dsplit", "hstack", "vstack", "row_stack", "dstack", "column_stack", "atleast_1d",
    "atleast_2d", "atleast_3d", "gather", "gather_elements", "gather_d", "gather_nd",
    "index_select", "take", "index_fill", "masked_fill", "masked_select", "where", "select",
    "nonzero", "argwhere", "sort", "argsort", "msort", "topk", "top_k", "intopk",
    "searchsorted", "bucketize", "unique", "unique_with_pad", "unique_consecutive", "reshape",
    "permute", "transpose", "t", "squeeze", "unsqueeze", "expand_dims", "broadcast_to", "expand",
    "expand_as", "view_as", "type_as", "view_as_real", "flatten", "ravel", "moveaxis", "movedim",
    "swapaxes", "swapdims", "fliplr", "flipud", "block_diag", "flip", "reverse", "roll", "rot90",
    "tile", "repeat_elements", "repeat_interleave", "narrow", "slice", "tensor_slice",
    "strided_slice", "tril", "triu", "tril_indices", "triu_indices", "diag", "diagflat",
    "diagonal", "diag_embed", "diagonal_scatter", "matrix_band_part", "matrix_diag",
    "matrix_diag_part", "matrix_set_diag", "meshgrid", "cartesian_prod", "combinations",
    "vander", "scatter", "tensor_scatter_elements", "scatter_nd", "tensor_scatter_add",
    "tensor_scatter_sub", "tensor_scatter_mul", "tensor_scatter_div", "tensor_scatter_max",
    "tensor_scatter_min", "select_scatter", "slice_scatter", "reverse_sequence",
    "space_to_batch_nd", "batch_to_space_nd", "coalesce",
]
