"""Shape functional ops: reshape, transpose and permute, squeeze and unsqueeze, broadcast,
flatten, moving and swapping axes, dtype and complex views."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp
import numpy as np

from ..common.args import asarray, broadcast_target, norm_axis, reduce_axes, reshape_target
from ..common.constant_fold import DataDependentShape, concrete
from ..common.promotion import INDEX
from ._forward import forward

if TYPE_CHECKING:
    from jax import Array
    from jax.typing import ArrayLike

_INDEX = INDEX  # MindSpore's int64 index dtype (int32 when 64-bit types are off)


def _concrete(x, fn, indices_only=False):
    # JAX's concretization error (a TypeError): msfunc.jit and graph-mode Cells answer it by
    # running the function eagerly, as MindSpore runs such data-dependent shapes.
    # `indices_only`: the op returns only indices (no gradient flows through them), so
    # inside eager grad the primal value serves.
    primal = concrete(x) if indices_only else None
    if primal is not None:
        x = primal
    if isinstance(x, jax.core.Tracer):
        raise DataDependentShape(
            x,
            f"{fn}: the output shape depends on the input values, so it needs concrete "
            "input (call it outside jit/vmap)",
        )
    return np.asarray(x)


def reshape(input: ArrayLike, shape: Sequence[int]) -> Array:
    """The elements of `input`, in order, in a new shape.

    Args:
        input (Tensor): The input.
        shape (Union[tuple[int], list[int]]): The new shape, of the same size; one entry
            may be -1, inferred from the others.

    Returns:
        Tensor, of shape `shape`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.reshape(ms.Tensor([1, 2, 3, 4, 5, 6]), (2, -1)))
        [[1 2 3]
         [4 5 6]]
    """
    x = asarray(input)
    return jnp.reshape(x, reshape_target((int(s) for s in shape), x.shape, "reshape"))


def permute(input: ArrayLike, axis: Sequence[int]) -> Array:
    """Reorders the axes of a tensor: axis i of the result is axis ``axis[i]`` of `input`.

    Args:
        input (Tensor): The input.
        axis (Union[tuple[int], list[int]]): A permutation of the axes.

    Returns:
        Tensor, with the axes reordered.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[[1, 2, 3], [4, 5, 6]]])  # (1, 2, 3)
        >>> print(ops.permute(x, (2, 0, 1)).shape)
        (3, 1, 2)
        >>> print(ops.permute(x, (0, 2, 1)))
        [[[1 4]
          [2 5]
          [3 6]]]
    """
    return jnp.transpose(asarray(input), tuple(axis))


def transpose(input: ArrayLike, dims: Sequence[int]) -> Array:
    """Reorders the axes of a tensor as `dims` says; an alias of ``ops.permute``.

    Args:
        input (Tensor): The input.
        dims (Union[tuple[int], list[int]]): A permutation of the axes.

    Returns:
        Tensor, with the axes reordered.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.transpose(ms.Tensor([[1, 2, 3]]), (1, 0)))
        [[1]
         [2]
         [3]]
    """
    return permute(input, dims)


def t(input: ArrayLike) -> Array:
    """Transposes a matrix; 1-D and 0-D tensors come back unchanged.

    Args:
        input (Tensor): A tensor of at most 2 dimensions.

    Returns:
        Tensor, transposed.

    Raises:
        ValueError: If `input` has more than 2 dimensions.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.t(ms.Tensor([[1, 2], [3, 4]])))
        [[1 3]
         [2 4]]
    """
    x = asarray(input)
    if x.ndim > 2:
        raise ValueError(f"t: `input` must have rank <= 2, got {x.ndim}")
    return x.T


def squeeze(input: ArrayLike, axis: int | Sequence[int] | None = None) -> Array:
    """Removes axes of size 1.

    Args:
        input (Tensor): The input.
        axis (Union[int, tuple[int], list[int], None]): The axes to remove; one of them not
            of size 1 is kept. ``None`` or an empty tuple or list removes every axis of size 1,
            as in MindSpore. Default: ``None``.

    Returns:
        Tensor, with those axes removed.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[[1], [2]]])  # (1, 2, 1)
        >>> print(ops.squeeze(x).shape, ops.squeeze(x, 0).shape, ops.squeeze(x, (1, 2)).shape)
        (2,) (2, 1) (1, 2)
    """
    x = asarray(input)
    if axis is None or (isinstance(axis, (list, tuple)) and not axis):
        return jnp.squeeze(x)
    axes = reduce_axes(axis if isinstance(axis, (list, tuple)) else (axis,), x.ndim) or ()
    return jnp.squeeze(x, tuple(a for a in axes if x.shape[a] == 1))


def unsqueeze(input: ArrayLike, dim: int) -> Array:
    """Inserts an axis of size 1 at position `dim`.

    Args:
        input (Tensor): The input.
        dim (int): The position of the new axis in the result (negative counts from the
            end).

    Returns:
        Tensor, one dimension more.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.unsqueeze(ms.Tensor([1, 2]), -1))
        [[1]
         [2]]
    """
    return jnp.expand_dims(asarray(input), dim)


def expand_dims(input_x: ArrayLike, axis: int) -> Array:
    """Inserts an axis of size 1 at position `axis`; ``ops.unsqueeze`` by another name.

    Args:
        input_x (Tensor): The input.
        axis (int): The position of the new axis in the result.

    Returns:
        Tensor, one dimension more.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.expand_dims(ms.Tensor([1, 2]), 0))
        [[1 2]]
    """
    return jnp.expand_dims(asarray(input_x), axis)


def broadcast_to(input: ArrayLike, shape: Sequence[int]) -> Array:
    """Broadcasts a tensor to a shape: axes of size 1 repeat, new leading axes are added.

    Args:
        input (Tensor): The input.
        shape (Union[tuple[int], list[int]]): The target shape; -1 keeps that axis of
            `input`.

    Returns:
        Tensor, of shape `shape`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.broadcast_to(ms.Tensor([[1], [2]]), (-1, 3)))
        [[1 1 1]
         [2 2 2]]
    """
    x = asarray(input)
    return jnp.broadcast_to(x, broadcast_target(x.shape, shape))


def expand(input_x: ArrayLike, size: Sequence[int]) -> Array:
    """Broadcasts a tensor to shape `size`; an alias of ``ops.broadcast_to``.

    Args:
        input_x (Tensor): The input.
        size (Union[tuple[int], list[int]]): The target shape; -1 keeps that axis.

    Returns:
        Tensor, of shape `size`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.expand(ms.Tensor([1, 2]), (2, 2)))
        [[1 2]
         [1 2]]
    """
    return broadcast_to(input_x, size)


def expand_as(input: ArrayLike, other: ArrayLike) -> Array:
    """Broadcasts `input` to the shape of `other`.

    Args:
        input (Tensor): The input.
        other (Tensor): The tensor whose shape is the target.

    Returns:
        Tensor, of `other`'s shape and `input`'s dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.expand_as(ms.Tensor([1, 2]), ms.Tensor([[0.0, 0.0], [0.0, 0.0]])))
        [[1 2]
         [1 2]]
    """
    return jnp.broadcast_to(asarray(input), asarray(other).shape)


def view_as(input: ArrayLike, other: ArrayLike) -> Array:
    """The elements of `input` in the shape of `other`.

    Args:
        input (Tensor): The input.
        other (Tensor): The tensor whose shape is the target (of `input`'s size).

    Returns:
        Tensor, of `other`'s shape and `input`'s dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.view_as(ms.Tensor([1, 2, 3, 4]), ms.Tensor([[0, 0], [0, 0]])))
        [[1 2]
         [3 4]]
    """
    return jnp.reshape(asarray(input), asarray(other).shape)


def type_as(input: ArrayLike, other: ArrayLike) -> Array:
    """`input` cast to the dtype of `other`.

    Args:
        input (Tensor): The input.
        other (Tensor): The tensor whose dtype is the target.

    Returns:
        Tensor, of `input`'s shape and `other`'s dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> y = ops.type_as(ms.Tensor([1.7, -1.7]), ms.Tensor([0], ms.int32))
        >>> print(y, y.dtype == ms.int32)
        [ 1 -1] True
    """
    return asarray(input).astype(asarray(other).dtype)


def view_as_real(input: ArrayLike) -> Array:
    """A complex tensor as a real one with a trailing axis of 2: (real, imaginary).

    Args:
        input (Tensor): A complex tensor.

    Returns:
        Tensor, real, of shape ``input.shape + (2,)``.

    Raises:
        TypeError: If `input` is not complex.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.view_as_real(ms.Tensor([1 + 2j, 3 - 4j])))
        [[ 1.  2.]
         [ 3. -4.]]
    """
    x = asarray(input)
    if not jnp.iscomplexobj(x):
        raise TypeError(f"view_as_real: `input` must be complex, got {x.dtype}")
    return jnp.stack([x.real, x.imag], axis=-1)


def flatten(input: ArrayLike, order: str = "C", *, start_dim: int = 1, end_dim: int = -1) -> Array:
    """Merges the axes `start_dim` to `end_dim` into one (by default all but the first).

    Args:
        input (Tensor): The input; a 0-D tensor becomes shape (1,).
        order (str): ``"C"`` (row-major) or ``"F"`` (column-major: the axes are reversed
            first). Default: ``"C"``.
        start_dim (int): The first axis merged. Default: ``1``.
        end_dim (int): The last axis merged. Default: ``-1``.

    Returns:
        Tensor, with those axes merged.

    Raises:
        ValueError: If `order` is neither, or `start_dim` comes after `end_dim`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[[1, 2], [3, 4]], [[5, 6], [7, 8]]])  # (2, 2, 2)
        >>> print(ops.flatten(x))
        [[1 2 3 4]
         [5 6 7 8]]
        >>> print(ops.flatten(x, start_dim=0, end_dim=1).shape)
        (4, 2)
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


def _swapped(x, axis0, axis1):
    # jnp.swapaxes takes a one-entry tuple as an axis; MindSpore takes ints only (TypeError)
    for axis in (axis0, axis1):
        if isinstance(axis, bool) or not isinstance(axis, (int, np.integer)):
            raise TypeError(f"swapaxes: the two axes must be ints, got {axis!r}")
        if not -jnp.ndim(x) <= axis < max(jnp.ndim(x), 1):
            raise ValueError(f"swapaxes: axis {axis} is out of range for a {jnp.ndim(x)}-D input")
    return jnp.swapaxes(x, axis0, axis1)


_AXES = {"source": "int | Sequence[int]", "destination": "int | Sequence[int]"}
_INTS = {"axis0": "int", "axis1": "int", "dim0": "int", "dim1": "int"}
ravel = forward("ravel", jnp.ravel, ("input",))
moveaxis = forward("moveaxis", jnp.moveaxis, ("x", "source", "destination"), types=_AXES)
movedim = forward("movedim", jnp.moveaxis, ("x", "source", "destination"), types=_AXES)
swapaxes = forward("swapaxes", _swapped, ("input", "axis0", "axis1"), types=_INTS)
swapdims = forward("swapdims", _swapped, ("input", "dim0", "dim1"), types=_INTS)
fliplr = forward("fliplr", jnp.fliplr, ("input",))
flipud = forward("flipud", jnp.flipud, ("input",))

__all__ = [
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
]
