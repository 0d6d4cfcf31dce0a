"""Array manipulation functional ops: join/split and shape moves (reshape, transpose, squeeze,
broadcast, flip, roll, tile, repeat, slice)."""

import builtins
import itertools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..common.args import asarray, broadcast_target, norm_axis, reshape_target
from ..common.promotion import INDEX
from ._forward import forward

_INDEX = INDEX  # MindSpore's int64 index dtype (int32 when 64-bit types are off)


def _arrs(tensors, name="tensors"):
    if not isinstance(tensors, (list, tuple)):
        raise TypeError(
            f"`{name}` must be a list or tuple of tensors, got {type(tensors).__name__}"
        )
    return [asarray(t) for t in tensors]


def _concrete(x, fn):
    # JAX's concretization error (a TypeError): msfunc.jit and graph-mode Cells answer it by
    # running the function eagerly, as MindSpore runs such data-dependent shapes.
    if isinstance(x, jax.core.Tracer):
        raise jax.errors.ConcretizationTypeError(
            x,
            f"{fn}: the output shape depends on the input values, so it needs concrete "
            "input (call it outside jit/vmap)",
        )
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
    ios = ios if isinstance(ios, int) else [int(i) for i in ios]
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
    op.__doc__ = (
        f"``{fn.__name__}`` of a list of tensors.\n\nExample:\n    >>> "
        f"{name}([jnp.ones(2), jnp.zeros(2)]).ndim >= 1\n    True\n"
    )
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

    op.__doc__ = (
        f"``{fn.__name__}`` of a tensor (or of each tensor in a list).\n\nExample:"
        f"\n    >>> {fn.__name__}(jnp.array(1.0)).ndim >= 1\n    True\n"
    )
    return op


atleast_1d = _atleast(jnp.atleast_1d)


atleast_2d = _atleast(jnp.atleast_2d)


atleast_3d = _atleast(jnp.atleast_3d)


# --- shape moves --------------------------------------------------------------
def reshape(input, shape):
    """`input` with a new `shape` (one entry may be -1).

    Example:
        >>> reshape(jnp.arange(6), (2, -1)).shape
        (2, 3)
    """
    x = asarray(input)
    return jnp.reshape(x, reshape_target((int(s) for s in shape), x.shape, "reshape"))


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


def broadcast_to(input, shape):
    """Broadcast to `shape`; -1 keeps that axis of `input`.

    Example:
        >>> broadcast_to(jnp.ones((1, 2)), (3, -1)).shape
        (3, 2)
    """
    x = asarray(input)
    return jnp.broadcast_to(x, broadcast_target(x.shape, shape))


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
    return x.reshape(x.shape[:s] + (-1,) + x.shape[e + 1 :])


ravel = forward("ravel", jnp.ravel, ("input",), "x = jnp.ones((2, 2))")


moveaxis = forward("moveaxis", jnp.moveaxis, ("x", "source", "destination"))


movedim = forward("movedim", jnp.moveaxis, ("x", "source", "destination"))


def _swapped(x, axis0, axis1):
    # jnp.swapaxes takes a one-entry tuple as an axis; MindSpore takes ints only (TypeError)
    for axis in (axis0, axis1):
        if isinstance(axis, bool) or not isinstance(axis, (int, np.integer)):
            raise TypeError(f"swapaxes: the two axes must be ints, got {axis!r}")
        if not -jnp.ndim(x) <= axis < max(jnp.ndim(x), 1):
            raise ValueError(f"swapaxes: axis {axis} is out of range for a {jnp.ndim(x)}-D input")
    return jnp.swapaxes(x, axis0, axis1)


swapaxes = forward("swapaxes", _swapped, ("input", "axis0", "axis1"))


swapdims = forward("swapdims", _swapped, ("input", "dim0", "dim1"))


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
    r = repeats
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
    begin = [int(b) for b in begin]
    size = [
        x.shape[i] - b if int(s) == -1 else int(s)
        for i, (b, s) in enumerate(zip(begin, size, strict=False))
    ]
    return lax.dynamic_slice(x, begin, size)


def tensor_slice(input, begin, size):
    """Alias of `slice`.

    Example:
        >>> tensor_slice(jnp.arange(5), (0,), (2,)).tolist()
        [0, 1]
    """
    return slice(input, begin, size)


def strided_slice(
    input_x,
    begin,
    end,
    strides,
    begin_mask=0,
    end_mask=0,
    ellipsis_mask=0,
    new_axis_mask=0,
    shrink_axis_mask=0,
):
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


__all__ = [
    "concat",
    "cat",
    "stack",
    "unstack",
    "unbind",
    "split",
    "chunk",
    "tensor_split",
    "hsplit",
    "vsplit",
    "dsplit",
    "hstack",
    "vstack",
    "row_stack",
    "dstack",
    "column_stack",
    "atleast_1d",
    "atleast_2d",
    "atleast_3d",
    "reshape",
    "permute",
    "transpose",
    "t",
    "squeeze",
    "unsqueeze",
    "expand_dims",
    "broadcast_to",
    "expand",
    "expand_as",
    "view_as",
    "type_as",
    "view_as_real",
    "flatten",
    "ravel",
    "moveaxis",
    "movedim",
    "swapaxes",
    "swapdims",
    "fliplr",
    "flipud",
    "block_diag",
    "flip",
    "reverse",
    "roll",
    "rot90",
    "tile",
    "repeat_elements",
    "repeat_interleave",
    "narrow",
    "slice",
    "tensor_slice",
    "strided_slice",
]
