"""Tensor methods that reshape, reorder, split or repeat: MindSpore's forms where they differ
from the functional ones (``view(*shape)``, ``flatten(start_dim=0)``, ``repeat(*sizes)`` ...)."""

import typing

import jax
import jax.numpy as jnp
import numpy as np

from .args import broadcast_target, reshape_target
from .tensor import unwrap, wrap
from .tensor_methods_common import as_dtype, int_arg, shape_args
from .tensor_views import reshape_view

__all__ = ["SHAPE_METHODS"]


def transpose(self, *axes):
    """``transpose(dim0, dim1)`` swaps two dims; a full permutation (``transpose(1, 2, 0)`` or
    ``transpose((1, 2, 0))``) permutes; no axes reverse the dims.

    Example:
        >>> import msfunc as ms, numpy as np
        >>> ms.Tensor(np.zeros((2, 3, 4))).transpose(0, 2).shape
        (4, 3, 2)
    """
    value = unwrap(self)
    if len(axes) == 1 and isinstance(axes[0], (tuple, list)):
        axes = tuple(axes[0])
    axes = tuple(int_arg(a, "transpose", "axes") for a in axes)
    ndim = value.ndim
    if any(not -max(ndim, 1) <= a < max(ndim, 1) for a in axes):
        raise ValueError(f"Tensor.transpose: axes {axes} out of range for {ndim} dims")
    if len(axes) == 2 and ndim >= 2:
        return wrap(jnp.swapaxes(value, axes[0], axes[1]))
    if axes and sorted(a % ndim for a in axes) != list(range(ndim)):
        raise ValueError(f"Tensor.transpose: axes {axes} are not a permutation of {ndim} dims")
    return wrap(jnp.transpose(value, axes or None))


def reshape(self, *shape, order="C"):
    """The values in a new shape (``reshape(2, 3)`` or ``reshape((2, 3))``).

    Example:
        >>> import msfunc as ms
        >>> ms.Tensor([1, 2, 3, 4]).reshape(2, -1).shape
        (2, 2)
    """
    value = unwrap(self)
    target = reshape_target(shape_args(shape, "reshape"), value.shape, "Tensor.reshape")
    out = wrap(jnp.reshape(value, target, order=order))
    # A C-order reshape is a view: item writes into it reach this Tensor (tensor_views).
    return reshape_view(self, out) if order == "C" else out


def view(self, *shape):
    """``view(*shape)`` / ``view((3, 2))`` reshape; ``view(dtype)`` reinterprets the bytes.

    Example:
        >>> import msfunc as ms
        >>> ms.Tensor([1.0, 2.0]).view(ms.int32).tolist()
        [1065353216, 1073741824]
    """
    if len(shape) == 1 and _is_dtype(shape[0]):
        return _view_dtype(unwrap(self), as_dtype(shape[0], "view"))
    return reshape(self, *shape)


def _is_dtype(x):
    if isinstance(x, (int, np.integer, tuple, list)) or hasattr(x, "__jax_array__"):
        return False
    return isinstance(x, (np.dtype, str, type)) or hasattr(x, "itemsize")


def _view_dtype(value, dtype):
    old = value.dtype.itemsize
    if dtype.itemsize == old:
        return wrap(jax.lax.bitcast_convert_type(value, dtype))
    if not value.ndim or (value.shape[-1] * old) % dtype.itemsize:
        raise ValueError(
            f"Tensor.view: the last dim ({value.shape[-1] if value.ndim else 0} "
            f"x {old} bytes) does not divide into {dtype} items"
        )
    if dtype.itemsize < old:  # each item splits into a new trailing dim, then merges
        out = jax.lax.bitcast_convert_type(value, dtype)
        return wrap(out.reshape(*value.shape[:-1], -1))
    ratio = dtype.itemsize // old
    grouped = value.reshape(*value.shape[:-1], -1, ratio)
    return wrap(jax.lax.bitcast_convert_type(grouped, dtype))


def flatten(self, *dims, order="C", start_dim=0, end_dim=-1):
    """Dims `start_dim` .. `end_dim` merged into one (all of them by default).

    Positional arguments are MindSpore's two overloads: ``flatten(order)`` and the torch-style
    ``flatten(start_dim)`` / ``flatten(start_dim, end_dim)``.

    Example:
        >>> import msfunc as ms, numpy as np
        >>> ms.Tensor(np.zeros((2, 3, 4))).flatten(1).shape
        (2, 12)
        >>> ms.Tensor(np.zeros((2, 3, 4, 5))).flatten(1, 2).shape
        (2, 12, 5)
    """
    if len(dims) > 2 or (dims and isinstance(dims[0], str) and len(dims) > 1):
        raise TypeError(f"Tensor.flatten: takes (order) or (start_dim, end_dim), got {dims}")
    if dims and isinstance(dims[0], str):
        order = dims[0]
    elif dims:
        start_dim, end_dim = (*dims, end_dim)[:2]
    if not isinstance(order, str):
        raise TypeError(f"Tensor.flatten: `order` must be a str, got {type(order).__name__}")
    if order not in ("C", "F"):
        raise ValueError(f"Tensor.flatten: `order` must be 'C' or 'F', got {order!r}")
    start_dim, end_dim = int_arg(start_dim, "flatten", "dims"), int_arg(end_dim, "flatten", "dims")
    value = unwrap(self)
    if order == "F":
        value = value.T
    ndim = max(value.ndim, 1)
    start, end = start_dim % ndim, end_dim % ndim
    if start > end:
        raise ValueError(f"Tensor.flatten: start_dim {start_dim} comes after end_dim {end_dim}")
    shape = value.shape
    return wrap(
        value.reshape(*shape[:start], -1, *shape[end + 1 :]) if value.ndim else value.reshape(1)
    )


def repeat(self, *repeats):
    """Tile the Tensor: ``repeat(2, 3)`` repeats dim 0 twice and dim 1 three times (torch's
    ``Tensor.repeat``); extra leading counts add dims.

    Example:
        >>> import msfunc as ms
        >>> ms.Tensor([1, 2]).repeat(2).tolist()
        [1, 2, 1, 2]
    """
    reps = shape_args(repeats, "repeat")
    value = unwrap(self)
    if len(reps) < value.ndim:
        raise ValueError(
            f"Tensor.repeat: {len(reps)} repeat counts for a {value.ndim}-d Tensor;"
            " give at least one per dim"
        )
    if any(r < 0 for r in reps):
        raise ValueError(f"Tensor.repeat: repeat counts must be >= 0, got {reps}")
    return wrap(jnp.tile(value, reps))


def permute(self, *dims):
    """Dims reordered: ``permute(2, 0, 1)`` or ``permute((2, 0, 1))``."""
    return wrap(jnp.transpose(unwrap(self), shape_args(dims, "permute")))


def _broadcast(self, size, who):
    """`self` broadcast to `size` (``-1`` keeps a dim), checked before tracing as
    `ops.broadcast_to` is."""
    value = unwrap(self)
    if len(size) == 1 and isinstance(size[0], (tuple, list)):
        size = size[0]
    elif len(size) == 1 and getattr(unwrap(size[0]), "ndim", None) == 1:
        size = unwrap(size[0])  # one 1-D integer Tensor of sizes (broadcast_target reads it)
        return wrap(jnp.broadcast_to(value, broadcast_target(value.shape, size, f"Tensor.{who}")))
    # (Integer scalar Tensors count as ints; floats are refused, as by `ops.broadcast_to`.)
    size = tuple(
        int(s)
        if getattr(s, "ndim", None) == 0 and np.issubdtype(np.dtype(s.dtype), np.integer)
        else s
        for s in map(unwrap, size)
    )
    target = broadcast_target(value.shape, size, f"Tensor.{who}")
    return wrap(jnp.broadcast_to(value, target))


def expand(self, *size):
    """Broadcast to `size` (``-1`` keeps a dim): ``expand(3, 4)``, ``expand((3, 4))`` or
    ``expand(Tensor([3, 4]))``."""
    return _broadcast(self, size, "expand")


def expand_as(self, other=None, *, x=None):
    """Broadcast to the shape of `other` (MindSpore's older keyword for it is `x`)."""
    if (other is None) == (x is None):
        raise TypeError("Tensor.expand_as: give the target tensor once, as `other` (or `x`)")
    target = other if other is not None else x
    return wrap(jnp.broadcast_to(unwrap(self), jnp.shape(unwrap(target))))


def squeeze(self, *axis, **keyword):
    """Size-1 dims removed: all of them, or those of ``squeeze(1)`` / ``squeeze((0, 2))`` /
    ``squeeze(axis=1)``.

    A named dim whose size is not 1 is left as it is (as in MindSpore).
    """
    if keyword:
        if set(keyword) != {"axis"} or axis:
            raise TypeError(
                f"Tensor.squeeze: takes the dims positionally or as `axis`, got "
                f"{len(axis)} positional and {sorted(keyword)}"
            )
        axis = (keyword["axis"],)
    value = unwrap(self)
    if len(axis) == 1 and (axis[0] is None or isinstance(axis[0], (tuple, list))):
        axis = () if axis[0] is None else tuple(axis[0])
    if not axis:
        return wrap(jnp.squeeze(value))
    ndim = value.ndim
    axes = tuple(a % ndim for a in axis if value.shape[a % ndim] == 1)
    return wrap(jnp.squeeze(value, axes) if axes else value)


def broadcast_to(self, *shape):
    """Broadcast to `shape` (``-1`` keeps a dim)."""
    return _broadcast(self, shape, "broadcast_to")


def unsqueeze(self, dim):
    """A new size-1 dim at `dim`."""
    return wrap(jnp.expand_dims(unwrap(self), dim))


def expand_dims(self, axis):
    """A new size-1 dim at `axis` (``unsqueeze`` under MindSpore's keyword for this name)."""
    return wrap(jnp.expand_dims(unwrap(self), axis))


def narrow(self, dim, start, length):
    """`length` items of dim `dim` from `start`."""
    value = unwrap(self)
    return wrap(
        jax.lax.slice_in_dim(
            value,
            int(start) % value.shape[dim],
            int(start) % value.shape[dim] + int(length),
            axis=dim % value.ndim,
        )
    )


def split(self, split_size_or_sections, dim=0, *, axis=None):
    """Pieces of `split_size` items (the last may be smaller) or of the sizes in a list."""
    from .. import ops

    return ops.split(self, split_size_or_sections, dim if axis is None else axis)


def chunk(self, chunks, dim=0, *, axis=None):
    """`chunks` pieces of (nearly) equal size along `dim`."""
    from .. import ops

    return ops.chunk(self, chunks, dim if axis is None else axis)


def t(self):
    """The transpose of a Tensor of at most 2 dims."""
    value = unwrap(self)
    if value.ndim > 2:
        raise ValueError(f"Tensor.t: expects a Tensor of at most 2 dims, got {value.ndim}")
    return wrap(value.T)


def resize(self, *new_shape):
    """The values in `new_shape`, cut or padded with zeros (numpy's ``ndarray.resize``)."""
    shape = shape_args(new_shape, "resize")
    flat = unwrap(self).reshape(-1)
    total = int(np.prod(shape, dtype=np.int64))
    if total <= flat.shape[0]:
        out = flat[:total]
    else:
        out = jnp.concatenate([flat, jnp.zeros(total - flat.shape[0], flat.dtype)])
    return wrap(out.reshape(shape))


def sum_to_size(self, *size):
    """Summed over the dims that `size` broadcasts, to the shape `size`."""
    size = shape_args(size, "sum_to_size")
    value = unwrap(self)
    lead = value.ndim - len(size)
    if lead < 0:
        raise ValueError(f"Tensor.sum_to_size: size {size} has more dims than the Tensor")
    axes = tuple(range(lead)) + tuple(
        lead + i for i, s in enumerate(size) if s == 1 and value.shape[lead + i] != 1
    )
    out = jnp.sum(value, axis=axes, keepdims=True)
    return wrap(out.reshape(size))


def reshape_as(self, other):
    """The values in the shape of `other`."""
    return wrap(jnp.reshape(unwrap(self), jnp.shape(unwrap(other))))


def view_as(self, other):
    """The values in the shape of `other`."""
    return reshape_as(self, other)


def tile(self, *dims):
    """Tiled by `dims` (``tile((2, 1))``; ``tile(2, 1)`` is accepted too)."""
    return wrap(jnp.tile(unwrap(self), shape_args(dims, "tile")))


def diag(self, diagonal=0):
    """A 1-D Tensor as a diagonal matrix, or the `diagonal`-th diagonal of a 2-D one."""
    return wrap(jnp.diag(unwrap(self), diagonal))


def repeat_interleave(self, repeats, dim=None, *, output_size=None):
    """Each element (or slice along `dim`) repeated: `repeats` an int for all, or one count
    per slice (a list, tuple or Tensor); ``dim=None`` repeats the flattened Tensor.
    `output_size`, when given, is the result's length along `dim`, checked.

    Example:
        >>> import msfunc as ms
        >>> ms.Tensor([[1, 2], [3, 4]]).repeat_interleave([1, 2], 0).tolist()
        [[1, 2], [3, 4], [3, 4]]
        >>> ms.Tensor([1, 2]).repeat_interleave(2, output_size=4).tolist()
        [1, 1, 2, 2]
    """
    from .. import ops

    if isinstance(repeats, (bool, float)) or not (
        isinstance(repeats, (int, list, tuple)) or hasattr(unwrap(repeats), "ndim")
    ):
        raise TypeError(
            "Tensor.repeat_interleave: `repeats` must be an int, a list or tuple of ints or a "
            f"Tensor, got {type(repeats).__name__}"
        )
    counts = [repeats] if isinstance(repeats, int) else repeats
    if isinstance(counts, (list, tuple)) and any(int(c) < 0 for c in counts):
        raise ValueError(f"Tensor.repeat_interleave: `repeats` must be >= 0, got {repeats}")
    out = ops.repeat_interleave(self, typing.cast("typing.Any", repeats), dim)  # (a list too)
    if output_size is not None:
        length = out.shape[0 if dim is None else dim]
        if isinstance(output_size, bool) or not isinstance(output_size, int):
            raise TypeError(
                "Tensor.repeat_interleave: `output_size` must be an int, "
                f"got {type(output_size).__name__}"
            )
        if output_size != length:
            raise ValueError(
                f"Tensor.repeat_interleave: `output_size` is {output_size}, but the result has "
                f"{length} along `dim`"
            )
    return out


SHAPE_METHODS = {
    "transpose": transpose,
    "reshape": reshape,
    "view": view,
    "flatten": flatten,
    "repeat": repeat,
    "permute": permute,
    "expand": expand,
    "expand_as": expand_as,
    "squeeze": squeeze,
    "broadcast_to": broadcast_to,
    "unsqueeze": unsqueeze,
    "expand_dims": expand_dims,
    "narrow": narrow,
    "split": split,
    "chunk": chunk,
    "t": t,
    "resize": resize,
    "sum_to_size": sum_to_size,
    "reshape_as": reshape_as,
    "view_as": view_as,
    "tile": tile,
    "repeat_interleave": repeat_interleave,
    "diag": diag,
}
