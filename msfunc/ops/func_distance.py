"""Distance and segment reductions: cosine_similarity, pdist, sparse_segment_mean."""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp
import numpy as np

from .._jax_private import Tracer

if TYPE_CHECKING:
    from jax import Array
    from jax.typing import ArrayLike

__all__ = ["cosine_similarity", "pdist", "sparse_segment_mean"]


def cosine_similarity(x1: ArrayLike, x2: ArrayLike, dim: int = 1, eps: float = 1e-08) -> Array:
    """The cosine of the angle between `x1` and `x2` along `dim` (broadcasting them):
    ``sum(x1 * x2) / max(|x1| * |x2|, eps)``.

    Args:
        x1 (Tensor): The first tensor.
        x2 (Tensor): The second tensor, broadcastable with `x1`.
        dim (int): The axis of the vectors. Default: ``1``.
        eps (float): The least denominator. Default: ``1e-08``.

    Returns:
        Tensor with `dim` removed.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1.0, 0.0], [1.0, 1.0], [0.0, -2.0]])
        >>> print(ops.cosine_similarity(x, ms.Tensor([[1.0, 0.0]])))
        [1.         0.70710677 0.        ]
    """
    x1, x2 = jnp.asarray(x1), jnp.asarray(x2)
    dot = jnp.sum(x1 * x2, axis=dim)
    n1 = jnp.sqrt(jnp.sum(x1 * x1, axis=dim))
    n2 = jnp.sqrt(jnp.sum(x2 * x2, axis=dim))
    return dot / jnp.maximum(n1 * n2, eps)


def pdist(input: ArrayLike, p: float = 2.0) -> Array:
    """The `p`-norm distances between every pair of rows of `input`, in row-major order of
    the pairs ``(i, j)``, ``i < j``.

    Args:
        input (Tensor): Shape ``(*, N, M)``.
        p (float): The norm's degree. Default: ``2.0``.

    Returns:
        Tensor of shape ``(*, N * (N - 1) / 2)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.pdist(ms.Tensor([[0.0, 0.0], [3.0, 4.0], [0.0, 1.0]])))
        [5.        1.        4.2426405]
    """
    x = jnp.asarray(input)
    if x.ndim < 2:
        raise ValueError(f"pdist: `input` must have at least 2 dims (…, N, M), got {x.shape}")
    if p < 0:
        raise ValueError(f"pdist: `p` must be non-negative, got {p}")
    n = x.shape[-2]
    rows, cols = np.triu_indices(n, k=1)  # constant pairs: no eager index computation
    diff = jnp.abs(x[..., rows, :] - x[..., cols, :])
    if p == 0:
        return jnp.sum(diff != 0, axis=-1).astype(x.dtype)
    if p == float("inf"):
        return jnp.max(diff, axis=-1)
    if p == 2.0:
        return jnp.sqrt(jnp.sum(diff * diff, axis=-1))
    return jnp.sum(diff**p, axis=-1) ** (1.0 / p)


def sparse_segment_mean(x: ArrayLike, indices: ArrayLike, segment_ids: ArrayLike) -> Array:
    """The mean of the rows ``x[indices]`` in each segment of the sorted `segment_ids`
    (empty segments give 0).

    Args:
        x (Tensor): The rows.
        indices (Tensor): 1-D row indices.
        segment_ids (Tensor): 1-D sorted segment of each index.

    Returns:
        Tensor of shape ``(segment_ids[-1] + 1,) + x.shape[1:]``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
        >>> indices, ids = ms.Tensor([0, 1, 2], ms.int32), ms.Tensor([0, 0, 2], ms.int32)
        >>> print(ops.sparse_segment_mean(x, indices, ids))
        [[2. 3.]
         [0. 0.]
         [5. 6.]]
    """
    x = jnp.asarray(x)
    raw_ids = segment_ids
    indices, segment_ids = jnp.asarray(indices), jnp.asarray(raw_ids)
    if indices.ndim != 1 or segment_ids.shape != indices.shape:
        raise ValueError(
            "sparse_segment_mean: `indices` and `segment_ids` must be 1-D of the "
            f"same length, got {indices.shape} and {segment_ids.shape}"
        )
    if isinstance(raw_ids, Tracer):
        # JAX's concretization error (a TypeError): msfunc.jit and graph-mode Cells answer it
        # by running eagerly, as MindSpore runs such data-dependent shapes
        raise jax.errors.ConcretizationTypeError(
            raw_ids,
            "sparse_segment_mean: the number of segments depends on the values "
            "of `segment_ids`; call it outside jit",
        )
    # read the count from the concrete ids: under jit jnp.asarray makes even constants tracers
    concrete = np.asarray(raw_ids)
    num_segments = int(concrete[-1]) + 1 if concrete.size else 0
    rows = x[indices]
    sums = jax.ops.segment_sum(rows, segment_ids, num_segments)
    counts = jax.ops.segment_sum(jnp.ones_like(segment_ids, x.dtype), segment_ids, num_segments)
    shape = (num_segments,) + (1,) * (x.ndim - 1)
    return sums / jnp.maximum(counts, 1).reshape(shape)
