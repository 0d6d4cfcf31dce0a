"""Differences, trapezoid integrals, n-ary sums and unsorted segment reductions."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..common.arg_docs import document_args
from ..common.args import asarray
from .index_checks import check_segment_ids

if TYPE_CHECKING:
    from collections.abc import Sequence

    from jax import Array
    from jax.typing import ArrayLike


def diff(
    x: ArrayLike,
    n: int = 1,
    axis: int = -1,
    prepend: ArrayLike | None = None,
    append: ArrayLike | None = None,
) -> Array:
    """The `n`-th forward difference of `x` along `axis`: ``out[i] = x[i + 1] - x[i]``,
    repeated `n` times.

    MindSpore 2.10 accepts only ``n=1``; msfunc takes any `n`.

    Args:
        x (Tensor): The tensor to difference.
        n (int): How many times to difference. Default: ``1``.
        axis (int): The axis to difference along. Default: ``-1``.
        prepend (Tensor, optional): Values put before `x` along `axis` first. Default: ``None``.
        append (Tensor, optional): Values put after `x` along `axis` first. Default: ``None``.

    Returns:
        Tensor with axis `axis` `n` shorter (after prepending and appending).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.diff(ms.Tensor([1, 4, 9, 16])), ops.diff(ms.Tensor([1, 4, 9, 16]), n=2))
        [3 5 7] [2 2]
    """
    return jnp.diff(asarray(x), n=n, axis=axis, prepend=prepend, append=append)


def diff_ext(
    input: ArrayLike,
    n: int = 1,
    dim: int = -1,
    prepend: ArrayLike | None = None,
    append: ArrayLike | None = None,
) -> Array:
    """The `n`-th forward difference of `input` along `dim`; `diff` with torch's argument
    names.

    Args:
        input (Tensor): The tensor to difference.
        n (int): How many times to difference. Default: ``1``.
        dim (int): The axis to difference along. Default: ``-1``.
        prepend (Tensor, optional): Values put before `input` along `dim` first.
            Default: ``None``.
        append (Tensor, optional): Values put after `input` along `dim` first. Default: ``None``.

    Returns:
        Tensor with axis `dim` `n` shorter (after prepending and appending).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.diff_ext(ms.Tensor([[1, 4], [9, 16]]), dim=0))
        [[ 8 12]]
    """
    return diff(input, n, dim, prepend, append)


def trapz(y: ArrayLike, x: ArrayLike | None = None, *, dx: float = 1.0, dim: int = -1) -> Array:
    """Integral of `y` along `dim` by the trapezoid rule.

    Args:
        y (Tensor): The sampled values.
        x (Tensor, optional): The sample points; when ``None`` they are `dx` apart.
            Default: ``None``.
        dx (float): The spacing of the samples when `x` is ``None``. Default: ``1.0``.
        dim (int): The axis to integrate along. Default: ``-1``.

    Returns:
        Tensor with axis `dim` removed.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> y = ms.Tensor([1.0, 2.0, 3.0])
        >>> print(ops.trapz(y), ops.trapz(y, ms.Tensor([0.0, 1.0, 3.0])))
        4.0 6.5
    """
    return jnp.trapezoid(asarray(y), x, dx=dx, axis=dim)


def addn(x: Sequence[ArrayLike]) -> Array:
    """The elementwise sum of a list of same-shaped tensors.

    Args:
        x (Union[list[Tensor], tuple[Tensor]]): The tensors to add.

    Returns:
        Tensor of the inputs' shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.addn([ms.Tensor([1.0, 2.0]), ms.Tensor([3.0, 4.0]), ms.Tensor([5.0, 6.0])]))
        [ 9. 12.]
    """
    if not isinstance(x, (list, tuple)) or len(x) == 0:
        raise TypeError("addn: `x` must be a non-empty list or tuple of tensors")
    out = asarray(x[0])
    for t in x[1:]:
        out = out + t
    return out


def accumulate_n(x: Sequence[ArrayLike]) -> Array:
    """The elementwise sum of a list of same-shaped tensors; the same as `addn`.

    Args:
        x (Union[list[Tensor], tuple[Tensor]]): The tensors to add.

    Returns:
        Tensor of the inputs' shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.accumulate_n([ms.Tensor([1.0, 2.0]), ms.Tensor([3.0, 4.0])]))
        [4. 6.]
    """
    return addn(x)


def _segment_args(data: str) -> tuple[str, str, str]:
    """The Args entries of the unsorted segment reductions, whose data argument is `data`."""
    return (
        f"{data} (Tensor): The data; its leading axes are those of `segment_ids`.",
        "segment_ids (Tensor): Integer segment of each entry, in ``[0, num_segments)``; its\n"
        f"    shape is a prefix of `{data}`'s.",
        "num_segments (int): The number of segments.",
    )


def _segment(op, name, x, segment_ids, num_segments):
    data, ids = asarray(x), asarray(segment_ids)
    if ids.ndim > data.ndim or data.shape[: ids.ndim] != ids.shape:
        raise ValueError(
            f"{name}: `segment_ids` shape {ids.shape} must be a prefix of "
            f"the input shape {data.shape}"
        )
    flat = data.reshape((-1,) + data.shape[ids.ndim :])
    check_segment_ids(ids, int(num_segments), name)
    return _segment_flat(op, flat, ids.reshape(-1), int(num_segments))


@functools.partial(jax.jit, static_argnums=(0, 3))  # one compile per reduction and count
def _segment_flat(op, data, ids, n):
    out = op(data, ids, num_segments=n)
    if op in (jax.ops.segment_max, jax.ops.segment_min):
        # MindSpore fills empty segments with the dtype's lowest/highest value.
        counts = jax.ops.segment_sum(jnp.ones_like(ids), ids, num_segments=n)
        info = (jnp.finfo if jnp.issubdtype(data.dtype, jnp.floating) else jnp.iinfo)(data.dtype)
        # (a numpy scalar of the data's dtype: uint64's max is no Python int JAX can take)
        fill = np.array(info.min if op is jax.ops.segment_max else info.max, data.dtype)
        out = jnp.where((counts > 0).reshape((-1,) + (1,) * (out.ndim - 1)), out, fill)
    return out


@functools.partial(jax.jit, static_argnums=2)  # one compile, not one per scan primitive
def _segment_prod(data, ids, num_segments):
    """Per-segment product by a segmented scan in the ids' sorted order: JAX's multiplicative
    scatter (jax.ops.segment_prod) has no gradient when ids repeat."""
    shape = (num_segments,) + data.shape[1:]
    if data.shape[0] == 0:
        return jnp.ones(shape, data.dtype)
    order = jnp.argsort(ids, stable=True)
    sid, vals = ids[order], data[order]
    change = sid[1:] != sid[:-1]
    column = (-1,) + (1,) * (data.ndim - 1)
    starts = jnp.broadcast_to(
        jnp.concatenate([jnp.ones(1, bool), change]).reshape(column), vals.shape
    )

    def combine(a, b):  # restart the running product where a segment starts
        (fa, va), (fb, vb) = a, b
        return fa | fb, jnp.where(fb, vb, va * vb)

    _, running = lax.associative_scan(combine, (starts, vals), axis=0)
    last = jnp.concatenate([change, jnp.ones(1, bool)]).reshape(column)
    total = jax.ops.segment_sum(jnp.where(last, running, 0), sid, num_segments)
    count = jax.ops.segment_sum(jnp.ones_like(sid), sid, num_segments)
    return jnp.where((count > 0).reshape(column), total, 1).astype(data.dtype)


@document_args(*_segment_args("input_x"))
def unsorted_segment_sum(input_x: ArrayLike, segment_ids: ArrayLike, num_segments: int) -> Array:
    """Sum of each segment of `input_x`: row ``s`` of the result adds the entries whose
    `segment_ids` equal ``s`` (0 for an empty segment).

    Args:
        {args}

    Returns:
        Tensor of shape ``(num_segments,) + input_x.shape[segment_ids.ndim:]``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([1.0, 2.0, 3.0])
        >>> print(ops.unsorted_segment_sum(x, ms.Tensor([0, 0, 1], ms.int32), 2))
        [3. 3.]
    """
    return _segment(jax.ops.segment_sum, "unsorted_segment_sum", input_x, segment_ids, num_segments)


@document_args(*_segment_args("x"))
def unsorted_segment_max(x: ArrayLike, segment_ids: ArrayLike, num_segments: int) -> Array:
    """Maximum of each segment of `x`: row ``s`` of the result is the largest entry whose
    `segment_ids` equal ``s`` (the dtype's lowest value for an empty segment).

    Args:
        {args}

    Returns:
        Tensor of shape ``(num_segments,) + x.shape[segment_ids.ndim:]``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([1.0, 2.0, 3.0])
        >>> print(ops.unsorted_segment_max(x, ms.Tensor([0, 0, 1], ms.int32), 2))
        [2. 3.]
    """
    return _segment(jax.ops.segment_max, "unsorted_segment_max", x, segment_ids, num_segments)


@document_args(*_segment_args("x"))
def unsorted_segment_min(x: ArrayLike, segment_ids: ArrayLike, num_segments: int) -> Array:
    """Minimum of each segment of `x`: row ``s`` of the result is the smallest entry whose
    `segment_ids` equal ``s`` (the dtype's highest value for an empty segment).

    Args:
        {args}

    Returns:
        Tensor of shape ``(num_segments,) + x.shape[segment_ids.ndim:]``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([1.0, 2.0, 3.0])
        >>> print(ops.unsorted_segment_min(x, ms.Tensor([0, 0, 1], ms.int32), 2))
        [1. 3.]
    """
    return _segment(jax.ops.segment_min, "unsorted_segment_min", x, segment_ids, num_segments)


@document_args(*_segment_args("x"))
def unsorted_segment_prod(x: ArrayLike, segment_ids: ArrayLike, num_segments: int) -> Array:
    """Product of each segment of `x`: row ``s`` of the result multiplies the entries whose
    `segment_ids` equal ``s`` (1 for an empty segment).

    Args:
        {args}

    Returns:
        Tensor of shape ``(num_segments,) + x.shape[segment_ids.ndim:]``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([1.0, 2.0, 3.0])
        >>> print(ops.unsorted_segment_prod(x, ms.Tensor([0, 0, 1], ms.int32), 2))
        [2. 3.]
    """
    return _segment(_segment_prod, "unsorted_segment_prod", x, segment_ids, num_segments)


__all__ = [
    "diff",
    "diff_ext",
    "trapz",
    "addn",
    "accumulate_n",
    "unsorted_segment_sum",
    "unsorted_segment_max",
    "unsorted_segment_min",
    "unsorted_segment_prod",
]
