"""Sorting functional ops: sort, top-k, sorted search and unique values."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from .. import context
from .._jax_private import Tracer
from ..common.args import asarray, norm_axis
from ._nth_element import sorted_topk_indices, unsorted_topk_indices
from .func_array import _INDEX, _concrete

if TYPE_CHECKING:
    from collections.abc import Sequence

    from jax import Array
    from jax.typing import ArrayLike


def sort(input_x: ArrayLike, axis: int = -1, descending: bool = False) -> tuple[Array, Array]:
    """`input_x` sorted along `axis` (stably), with the indices that sort it.

    Args:
        input_x (Tensor): The tensor to sort.
        axis (int): The axis to sort along. Default: ``-1``.
        descending (bool): Sort largest first. Default: ``False``.

    Returns:
        Tuple ``(values, indices)``; the indices are int32.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> values, indices = ops.sort(ms.Tensor([3.0, 1.0, 2.0]))
        >>> print(values, indices)
        [1. 2. 3.] [1 2 0]
    """
    x = asarray(input_x)
    idx = jnp.argsort(x, axis=axis, stable=True, descending=descending)
    return jnp.take_along_axis(x, idx, axis=axis), idx.astype(jnp.int32)  # MindSpore: int32


def argsort(input: ArrayLike, axis: int = -1, descending: bool = False) -> Array:
    """The indices that sort `input` along `axis` (stably).

    Args:
        input (Tensor): The tensor to sort.
        axis (int): The axis to sort along. Default: ``-1``.
        descending (bool): Sort largest first. Default: ``False``.

    Returns:
        Tensor of int32 indices, of `input`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.argsort(ms.Tensor([3.0, 1.0, 2.0]), descending=True))
        [0 2 1]
    """
    return jnp.argsort(asarray(input), axis=axis, stable=True, descending=descending).astype(
        jnp.int32
    )  # MindSpore: int32


def msort(input: ArrayLike) -> Array:
    """`input` sorted in ascending order along its first axis.

    Args:
        input (Tensor): The tensor to sort.

    Returns:
        Tensor of `input`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.msort(ms.Tensor([[2.0, 1.0], [1.0, 3.0]])))
        [[1. 1.]
         [2. 3.]]
    """
    return jnp.sort(asarray(input), axis=0)


def _count_k(k):
    """`k` of topk as a Python int: an int, or a tensor holding one value (shape () or (1,))."""
    if isinstance(k, (jax.Array, np.ndarray)):
        if k.size != 1 or not jnp.issubdtype(k.dtype, jnp.integer):
            raise TypeError(
                f"topk: a tensor `k` must hold one integer, got shape {k.shape} and dtype {k.dtype}"
            )
        if isinstance(k, Tracer):
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


def _host_topk(x, k, largest, indices_of):
    """`(values, indices)` of the `k` entries of each last-axis row that the numpy function
    `indices_of(rows, k, largest)` picks on the host; the values gathered, so differentiable."""
    x = jnp.asarray(x)
    k = min(int(k), x.shape[-1])
    shape = jax.ShapeDtypeStruct(x.shape[:-1] + (k,), jnp.int32)
    i = jax.pure_callback(
        lambda a: indices_of(np.asarray(a), k, largest),
        shape,
        lax.stop_gradient(x),
        vmap_method="expand_dims",
    )
    return jnp.take_along_axis(x, i, axis=-1), i


def unsorted_topk(x, k, largest=True):
    """`k` largest (smallest) entries of each last-axis row in the order MindSpore's CPU kernel
    leaves them when not asked to sort (its C++ partition order, computed on the host).

    Example:
        >>> [t.tolist() for t in unsorted_topk(jnp.array([6.0, 2, 1, 7, 3, 0, 5, 4]), 3)]
        [[5.0, 6.0, 7.0], [6, 0, 3]]
    """
    return _host_topk(x, k, largest, unsorted_topk_indices)


def kernel_tie_order():
    """Whether sorted top-k orders equal values as MindSpore's CPU kernel does (in MindSpore
    programs on the CPU; elsewhere XLA's top-k, which is faster, decides).

    Example:
        >>> kernel_tie_order() in (True, False)
        True
    """
    return context._MINDSPORE_CPU_NUMERICS[0] and jax.default_backend() == "cpu"


def kernel_sorted_topk(x, k, largest=True):
    """`k` largest (smallest) entries of each last-axis row, sorted, equal values in the order
    MindSpore's CPU kernel gives them (`sorted_topk_indices`, on the host).

    Example:
        >>> [t.tolist() for t in kernel_sorted_topk(jnp.array([1.0, 3, 3, 2, 5, 0]), 3)]
        [[5.0, 3.0, 3.0], [4, 2, 1]]
    """
    return _host_topk(x, k, largest, sorted_topk_indices)


def topk(
    input: ArrayLike,
    k: int | ArrayLike,
    dim: int | None = None,
    largest: bool = True,
    sorted: bool = True,
) -> tuple[Array, Array]:
    """The `k` largest (or smallest) elements of `input` along `dim`, with their indices.

    In MindSpore programs on the CPU equal values come in the order MindSpore's CPU kernel
    gives them (`kernel_sorted_topk`; elsewhere XLA's top-k ranks the later index first).
    With ``sorted=False`` the elements come in the order MindSpore's CPU kernel leaves them
    (see `unsorted_topk`).

    Args:
        input (Tensor): The tensor to search.
        k (Union[int, Tensor]): How many elements to keep (a tensor holding one integer).
        dim (Union[int, None]): The axis; ``None`` means the last. Default: ``None``.
        largest (bool): Keep the largest (else the smallest). Default: ``True``.
        sorted (bool): Sort the kept elements. Default: ``True``.

    Returns:
        Tuple ``(values, indices)`` with axis `dim` of length `k`; the indices are int32.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> values, indices = ops.topk(ms.Tensor([1.0, 5.0, 3.0, 4.0]), 2)
        >>> print(values, indices)
        [5. 4.] [1 3]
    """
    x = asarray(input)
    d = -1 if dim is None else cast(int, norm_axis(dim, x.ndim, "dim"))
    k = _count_k(k)
    xm = jnp.moveaxis(x, d, -1)
    if not sorted:
        v, i = unsorted_topk(xm, k, largest)
        return jnp.moveaxis(v, -1, d), jnp.moveaxis(i, -1, d)
    if kernel_tie_order():
        v, i = kernel_sorted_topk(xm, k, largest)
        return jnp.moveaxis(v, -1, d), jnp.moveaxis(i, -1, d)
    if largest:
        # MindSpore ranks equal values by the later index first.
        v, i = lax.top_k(xm[..., ::-1], k)
        i = xm.shape[-1] - 1 - i
    else:
        v, i = lax.top_k(-xm, k)
        v = -v
    return jnp.moveaxis(v, -1, d), jnp.moveaxis(i.astype(jnp.int32), -1, d)  # MindSpore: int32


def top_k(input_x: ArrayLike, k: int | ArrayLike, sorted: bool = True) -> tuple[Array, Array]:
    """The `k` largest elements of `input_x` along its last axis, with their indices.

    Args:
        input_x (Tensor): The tensor to search.
        k (Union[int, Tensor]): How many elements to keep.
        sorted (bool): Sort the kept elements, largest first. Default: ``True``.

    Returns:
        Tuple ``(values, indices)``; the indices are int32.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> values, indices = ops.top_k(ms.Tensor([[1.0, 5.0, 3.0], [6.0, 2.0, 4.0]]), 1)
        >>> print(values.reshape(-1), indices.reshape(-1))
        [5. 6.] [1 0]
    """
    return topk(input_x, k, None, True, sorted)


def intopk(x1: ArrayLike, x2: ArrayLike, k: int) -> Array:
    """Whether each target class ``x2[i]`` is among the `k` highest scores of row ``x1[i]``.

    Args:
        x1 (Tensor): Scores, shape ``(N, C)``, float16 or float32.
        x2 (Tensor): Target classes, shape ``(N,)``, int32.
        k (int): How many top scores count as a hit.

    Returns:
        Tensor of bool, shape ``(N,)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> scores = ms.Tensor([[0.1, 0.9, 0.5], [0.8, 0.2, 0.3]])
        >>> print(ops.intopk(scores, ms.Tensor([2, 1], ms.int32), 2))
        [ True False]
    """
    scores, target = asarray(x1), asarray(x2)
    t = jnp.take_along_axis(scores, target[:, None].astype(_INDEX), axis=1)
    return jnp.sum(scores > t, axis=1) < k


def searchsorted(
    sorted_sequence: ArrayLike,
    values: ArrayLike,
    *,
    out_int32: bool = False,
    right: bool = False,
    side: str | None = None,
    sorter: ArrayLike | None = None,
) -> Array:
    """Where each of `values` would be inserted into the (innermost axis of) `sorted_sequence`
    to keep it sorted.

    Args:
        sorted_sequence (Tensor): Sorted along its last axis; its leading axes match `values`'.
        values (Tensor): The values to place.
        out_int32 (bool): Return int32 indices instead of int64. Default: ``False``.
        right (bool): Place after equal elements (else before). Default: ``False``.
        side (str, optional): ``'left'`` or ``'right'``; overrides `right`. Default: ``None``.
        sorter (Tensor, optional): Indices that sort an unsorted `sorted_sequence`.
            Default: ``None``.

    Returns:
        Tensor of `values`' shape with the insertion indices.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> seq = ms.Tensor([1, 3, 5, 7])
        >>> print(ops.searchsorted(seq, ms.Tensor([3, 6])))
        [1 3]
        >>> print(ops.searchsorted(seq, ms.Tensor([3, 6]), right=True))
        [2 3]
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


def bucketize(input: ArrayLike, boundaries: Sequence[float], *, right: bool = False) -> Array:
    """The bucket of each element of `input`: its insertion index among sorted `boundaries`.

    Args:
        input (Tensor): The values to bucket.
        boundaries (list[float]): Increasing bucket boundaries.
        right (bool): A value equal to a boundary goes to the next bucket. Default: ``False``.

    Returns:
        Tensor of int32 bucket indices, of `input`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.bucketize(ms.Tensor([1, 4, 6]), [1, 3, 5]))
        [0 2 3]
    """
    return jnp.searchsorted(
        jnp.asarray(boundaries), asarray(input), side="right" if right else "left"
    ).astype(jnp.int32)


def unique(input: ArrayLike) -> tuple[Array, Array]:
    """The distinct elements of `input` in order of first appearance, and for each element the
    position of its value among them.

    The result's length depends on `input`'s values, so `input` must be concrete (not a
    traced value under jit).

    Args:
        input (Tensor): The tensor, its values read in row-major order.

    Returns:
        Tuple ``(output, idx)``: the distinct values (1-D) and indices of `input`'s shape
        with ``output[idx] == input``, int64 for an int64 input and int32 otherwise.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> output, idx = ops.unique(ms.Tensor([3, 1, 3, 2]))
        >>> print(output, idx)
        [3 1 2] [0 1 0 2]
    """
    whole = _concrete(asarray(input), "unique")
    vals, first, inv = np.unique(whole.reshape(-1), return_index=True, return_inverse=True)
    order = np.argsort(first, kind="stable")
    rank = np.empty_like(order)
    rank[order] = np.arange(order.size)
    # MindSpore's indices keep the input's shape; they are int64 for an int64 input only
    kind = jnp.int64 if whole.dtype == jnp.int64 else jnp.int32
    return jnp.asarray(vals[order]), jnp.asarray(rank[inv.reshape(-1)].reshape(whole.shape), kind)


def unique_with_pad(x: ArrayLike, pad_num: int) -> tuple[Array, Array]:
    """`unique` of the 1-D `x`, its distinct values padded with `pad_num` to `x`'s length.

    Args:
        x (Tensor): A 1-D int32 or int64 tensor (concrete, not traced under jit).
        pad_num (int): The value that fills the tail.

    Returns:
        Tuple ``(y, idx)``: padded distinct values and int32 indices with
        ``y[idx] == x``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> y, idx = ops.unique_with_pad(ms.Tensor([1, 1, 5, 2], ms.int32), 0)
        >>> print(y, idx)
        [1 5 2 0] [0 0 1 2]
    """
    xa = asarray(x)
    vals, inv = unique(xa)
    pad = jnp.full((xa.size - vals.size,), pad_num, vals.dtype)
    return jnp.concatenate([vals, pad]), inv.astype(jnp.int32)  # MindSpore: int32


def unique_consecutive(
    input: ArrayLike,
    return_inverse: bool = False,
    return_counts: bool = False,
    dim: int | None = None,
) -> Array | tuple[Array, ...]:
    """`input` with each run of equal consecutive elements (or slices along `dim`) collapsed
    to one.

    The result's length depends on `input`'s values, so `input` must be concrete (not a
    traced value under jit).

    Args:
        input (Tensor): The tensor to collapse.
        return_inverse (bool): Also return, per element, the index of its run. Default: ``False``.
        return_counts (bool): Also return each run's length. Default: ``False``.
        dim (Union[int, None]): The axis to compare slices along; ``None`` flattens `input`.
            Default: ``None``.

    Returns:
        Tensor of the collapsed values; with `return_inverse` / `return_counts`, a tuple that
        adds the int64 inverse indices and / or counts.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> out, counts = ops.unique_consecutive(ms.Tensor([1, 1, 2, 2, 2, 1]), return_counts=True)
        >>> print(out, counts)
        [1 2 1] [2 3 1]
    """
    x = _concrete(asarray(input), "unique_consecutive")
    if dim is None:
        x, d = x.reshape(-1), 0
    else:
        d = cast(int, norm_axis(dim, x.ndim, "dim"))
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
