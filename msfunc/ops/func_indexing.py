"""Indexing functional ops: gather, take, index fills, masks, where and nonzero."""

from __future__ import annotations

import builtins
from typing import TYPE_CHECKING, cast

import jax
import jax.numpy as jnp
import numpy as np

from ..common.arg_docs import document_args
from ..common.args import asarray, norm_axis
from ..common.promotion import float32_scalar
from .func_array import _INDEX, _concrete
from .index_checks import check_gather_indices

if TYPE_CHECKING:
    from jax import Array
    from jax.typing import ArrayLike


# --- gather / index -----------------------------------------------------------
def gather(
    input_params: ArrayLike, input_indices: ArrayLike, axis: int, batch_dims: int = 0
) -> Array:
    """Slices of `input_params` along `axis` at `input_indices`.

    Indices run over ``[-n, n)`` for an axis of size ``n``; a known index outside that is a
    RuntimeError, as MindSpore's CPU kernel raises (under tracing an out-of-range index
    gives 0). The first `batch_dims` axes are batch axes of both inputs.

    Args:
        input_params (Tensor): The tensor to gather from.
        input_indices (Tensor): Integer indices into axis `axis`.
        axis (int): The axis to gather along.
        batch_dims (int): The number of leading batch axes. Default: ``0``.

    Returns:
        Tensor of shape ``params.shape[:axis] + indices.shape[batch_dims:] +
        params.shape[axis + 1:]``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.gather(ms.Tensor([[1, 2], [3, 4], [5, 6]]), ms.Tensor([2, 0]), 0))
        [[5 6]
         [1 2]]
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


def gather_elements(input: ArrayLike, dim: int, index: ArrayLike) -> Array:
    """Elements of `input` picked along `dim` by `index`: for ``dim=1``,
    ``out[i][j] = input[i][index[i][j]]``.

    Args:
        input (Tensor): The tensor to gather from.
        dim (int): The axis `index` indexes.
        index (Tensor): Integer indices, of `input`'s rank; the result takes its shape.

    Returns:
        Tensor of `index`'s shape and `input`'s dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1, 2], [3, 4]])
        >>> print(ops.gather_elements(x, 1, ms.Tensor([[1, 1], [0, 1]])))
        [[2 2]
         [3 4]]
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


def gather_d(x: ArrayLike, dim: int, index: ArrayLike) -> Array:
    """Elements of `x` picked along `dim` by `index`; the same as `gather_elements`.

    Args:
        x (Tensor): The tensor to gather from.
        dim (int): The axis `index` indexes.
        index (Tensor): Integer indices, of `x`'s rank; the result takes its shape.

    Returns:
        Tensor of `index`'s shape and `x`'s dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.gather_d(ms.Tensor([[1, 2], [3, 4]]), 0, ms.Tensor([[1, 0]])))
        [[3 2]]
    """
    return gather_elements(x, dim, index)


def gather_nd(input_x: ArrayLike, indices: ArrayLike) -> Array:
    """Elements or slices of `input_x` at index tuples: the last axis of `indices` indexes the
    leading axes of `input_x`.

    Args:
        input_x (Tensor): The tensor to gather from.
        indices (Tensor): Integer index tuples, shape ``(..., k)`` with ``k <= input_x.ndim``.

    Returns:
        Tensor of shape ``indices.shape[:-1] + input_x.shape[k:]``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.gather_nd(ms.Tensor([[1, 2], [3, 4]]), ms.Tensor([[0, 1], [1, 0]])))
        [2 3]
    """
    x, idx = asarray(input_x), asarray(indices)
    return x[tuple(jnp.moveaxis(idx, -1, 0))]


def index_select(input: ArrayLike, axis: int, index: ArrayLike) -> Array:
    """Slices of `input` along `axis` at the 1-D `index`.

    Args:
        input (Tensor): The tensor to select from.
        axis (int): The axis to select along.
        index (Tensor): 1-D integer indices.

    Returns:
        Tensor like `input` with axis `axis` of length ``len(index)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.index_select(ms.Tensor([[1, 2, 3], [4, 5, 6]]), 1, ms.Tensor([2, 0])))
        [[3 1]
         [6 4]]
    """
    return jnp.take(asarray(input), asarray(index), axis=axis)


def take(input: ArrayLike, index: ArrayLike) -> Array:
    """Elements of the flattened `input` at `index`.

    Args:
        input (Tensor): The tensor to take from, read as 1-D.
        index (Tensor): Integer indices into the flattened `input`.

    Returns:
        Tensor of `index`'s shape and `input`'s dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.take(ms.Tensor([[1, 2], [3, 4]]), ms.Tensor([3, 0])))
        [4 1]
    """
    return jnp.take(asarray(input).reshape(-1), asarray(index))


def index_fill(x: ArrayLike, axis: int, index: ArrayLike, value: ArrayLike) -> Array:
    """A copy of `x` with the slices at `index` along `axis` set to `value`.

    Args:
        x (Tensor): The tensor to fill.
        axis (int): The axis `index` indexes.
        index (Tensor): 1-D integer indices of the slices to fill.
        value (Union[Tensor, int, float, bool]): The fill value, cast to `x`'s dtype.

    Returns:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
        >>> print(ops.index_fill(x, 1, ms.Tensor([0, 2], ms.int32), 0.0))
        [[0. 2. 0.]
         [0. 5. 0.]]
    """
    x = asarray(x)
    ax = norm_axis(axis, x.ndim)
    sl = (builtins.slice(None),) * ax + (asarray(index),)
    return x.at[sl].set(jnp.asarray(value).astype(x.dtype))


def masked_fill(input_x: ArrayLike, mask: ArrayLike, value: ArrayLike) -> Array:
    """`value` where `mask` is True, else `input_x`.

    Args:
        input_x (Tensor): The tensor to fill.
        mask (Tensor): A bool tensor broadcastable to `input_x`.
        value (Union[Tensor, int, float]): The fill value, cast to `input_x`'s dtype.

    Returns:
        Tensor of the broadcast shape and `input_x`'s dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([1.0, 2.0, 3.0])
        >>> print(ops.masked_fill(x, ms.Tensor([True, False, True]), 0.5))
        [0.5 2.  0.5]
    """
    x = asarray(input_x)
    value = float32_scalar(value)  # (MindSpore's float32 scalar)
    return jnp.where(asarray(mask), jnp.asarray(value).astype(x.dtype), x)


def masked_select(input: ArrayLike, mask: ArrayLike) -> Array:
    """The elements of `input` where `mask` (broadcast against it) is True, as a 1-D tensor.

    The result's length depends on the mask's values, so the mask must be concrete (not a
    traced value under jit).

    Args:
        input (Tensor): The tensor to select from.
        mask (Tensor): A bool tensor broadcastable with `input`.

    Returns:
        1-D Tensor of `input`'s dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.masked_select(ms.Tensor([1, 2, 3]), ms.Tensor([True, False, True])))
        [1 3]
    """
    # Broadcast the mask in numpy: a concrete mask stays concrete under jit/vmap.
    x, m = asarray(input), _concrete(mask, "masked_select").astype(bool)
    shape = np.broadcast_shapes(x.shape, m.shape)
    return jnp.broadcast_to(x, shape)[np.broadcast_to(m, shape)]


# the Args entries of where and select (see `document_args`)
_CHOICE_ARGS = (
    "condition (Tensor): A bool tensor.",
    "input (Union[Tensor, int, float]): The values where `condition` holds.",
    "other (Union[Tensor, int, float]): The values elsewhere.",
)


@document_args(*_CHOICE_ARGS)
def where(condition: ArrayLike, input: ArrayLike, other: ArrayLike) -> Array:
    """Elements of `input` where `condition` is True, else of `other` (all broadcast).

    Args:
        {args}

    Returns:
        Tensor of the broadcast shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([1.0, 2.0, 3.0])
        >>> print(ops.where(x > 1.5, x, ms.Tensor([0.0, 0.0, 0.0])))
        [0. 2. 3.]
    """
    # (a Python float operand is a float32 scalar in MindSpore)
    return jnp.where(asarray(condition), float32_scalar(input), float32_scalar(other))


@document_args(*_CHOICE_ARGS)
def select(condition: ArrayLike, input: ArrayLike, other: ArrayLike) -> Array:
    """Elements of `input` where `condition` is True, else of `other`; the same as `where`.

    Args:
        {args}

    Returns:
        Tensor of the broadcast shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> cond = ms.Tensor([True, False])
        >>> print(ops.select(cond, ms.Tensor([1.0, 2.0]), ms.Tensor([5.0, 6.0])))
        [1. 6.]
    """
    return where(condition, input, other)


def nonzero(input: ArrayLike, *, as_tuple: bool = False) -> Array | tuple[Array, ...]:
    """Indices of the non-zero elements of `input`, in row-major order.

    The result's length depends on `input`'s values, so `input` must be concrete (not a
    traced value under jit).

    Args:
        input (Tensor): The tensor to search.
        as_tuple (bool): Return one 1-D index tensor per axis instead of one 2-D tensor.
            Default: ``False``.

    Returns:
        Tensor of int64 indices, shape ``(N, input.ndim)``; or a tuple of `input.ndim`
        tensors of shape ``(N,)`` when `as_tuple`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.nonzero(ms.Tensor([[0, 1], [2, 0]])))
        [[0 1]
         [1 0]]
    """
    x = _concrete(asarray(input), "nonzero", indices_only=True)
    idx = np.nonzero(x)
    if as_tuple:
        return tuple(jnp.asarray(i, _INDEX) for i in idx)
    return jnp.asarray(np.stack(idx, axis=1), _INDEX)


def argwhere(input: ArrayLike) -> Array:
    """Indices of the non-zero elements of `input`, one row per element.

    Args:
        input (Tensor): The tensor to search (concrete, not traced under jit).

    Returns:
        Tensor of int64 indices, shape ``(N, input.ndim)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.argwhere(ms.Tensor([0.0, 3.0, 0.0, 1.0])))
        [[1]
         [3]]
    """
    return cast("Array", nonzero(input))


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
]
