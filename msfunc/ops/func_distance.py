"""Distance and segment reductions: cosine_similarity, pdist, sparse_segment_mean."""

import jax
import jax.numpy as jnp
import numpy as np

__all__ = ["cosine_similarity", "pdist", "sparse_segment_mean"]


def cosine_similarity(x1, x2, dim=1, eps=1e-08):
    """Cosine similarity of `x1` and `x2` along `dim` (broadcasting), norms clamped by `eps`.

    Example:
        >>> import msfunc as ms
        >>> x = ms.Tensor([[1.0, 0.0], [1.0, 1.0]])
        >>> [round(float(v), 4) for v in ms.ops.cosine_similarity(x, ms.Tensor([[1.0, 0.0]]))]
        [1.0, 0.7071]
    """
    x1, x2 = jnp.asarray(x1), jnp.asarray(x2)
    dot = jnp.sum(x1 * x2, axis=dim)
    n1 = jnp.sqrt(jnp.sum(x1 * x1, axis=dim))
    n2 = jnp.sqrt(jnp.sum(x2 * x2, axis=dim))
    return dot / jnp.maximum(n1 * n2, eps)


def pdist(input, p=2.0):
    """p-norm distances between every pair of rows (upper triangle, row-major), per batch.

    Example:
        >>> import msfunc as ms
        >>> ms.ops.pdist(ms.Tensor([[0.0, 0.0], [3.0, 4.0], [0.0, 1.0]])).tolist()
        [5.0, 1.0, 4.242640495300293]
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


def sparse_segment_mean(x, indices, segment_ids):
    """Mean of the rows ``x[indices]`` grouped by sorted `segment_ids` (empty segments are 0).

    Example:
        >>> import msfunc as ms
        >>> x = ms.Tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
        >>> ms.ops.sparse_segment_mean(x, ms.Tensor([0, 1, 2]), ms.Tensor([0, 0, 1])).tolist()
        [[2.0, 3.0], [5.0, 6.0]]
    """
    x = jnp.asarray(x)
    raw_ids = segment_ids
    indices, segment_ids = jnp.asarray(indices), jnp.asarray(raw_ids)
    if indices.ndim != 1 or segment_ids.shape != indices.shape:
        raise ValueError(
            "sparse_segment_mean: `indices` and `segment_ids` must be 1-D of the "
            f"same length, got {indices.shape} and {segment_ids.shape}"
        )
    if isinstance(raw_ids, jax.core.Tracer):
        raise TypeError(
            "sparse_segment_mean: the number of segments depends on the values "
            "of `segment_ids`; call it outside jit"
        )
    # read the count from the concrete ids: under jit jnp.asarray makes even constants tracers
    concrete = np.asarray(raw_ids)
    num_segments = int(concrete[-1]) + 1 if concrete.size else 0
    rows = x[indices]
    sums = jax.ops.segment_sum(rows, segment_ids, num_segments)
    counts = jax.ops.segment_sum(jnp.ones_like(segment_ids, x.dtype), segment_ids, num_segments)
    shape = (num_segments,) + (1,) * (x.ndim - 1)
    return sums / jnp.maximum(counts, 1).reshape(shape)
