"""Fractional average and max pooling over NHWC input with pooling-region sequences."""

import jax.numpy as jnp
import numpy as np

from ..common.tensor import unwrap

__all__ = [
    "pooling_sequence",
    "fractional_pool",
    "fractional_avg_pool_grad",
    "fractional_max_pool_grad",
    "primitive_pool",
]


def pooling_sequence(in_len, out_len, pseudo_random, rng):
    """The ``out_len + 1`` region boundaries that split `in_len` rows into `out_len` regions.

    Regions hold ``in_len // out_len`` or one more rows: shuffled counts when random, else
    the boundaries ``ceil(alpha * (i + u))`` of one uniform offset `u` (alpha the ratio).
    The draws come from `rng` (a numpy Generator), not MindSpore's kernel stream.

    Example:
        >>> pooling_sequence(4, 2, False, np.random.default_rng(0)).tolist()
        [0, 2, 4]
    """
    k = in_len // out_len
    if pseudo_random:
        alpha = in_len / out_len
        u_max = min((k + 2) / alpha - 1, (in_len + 1 - k) / alpha - (out_len - 1))
        u = rng.random() * u_max
        inner = [int(np.ceil(alpha * (i + u))) for i in range(1, out_len)]
        bounds = np.array([1, *inner, in_len + 1]) - 1
    else:
        counts = np.full(out_len, k)
        counts[: in_len % out_len] += 1
        rng.shuffle(counts)
        bounds = np.concatenate([[0], np.cumsum(counts)])
    return bounds.astype(np.int64)


def _regions(seq, size, overlapping):
    """A (regions, size) mask: region i covers seq[i] .. seq[i+1] - 1 (or seq[i+1] when
    overlapping), clipped to the axis."""
    seq = np.asarray(unwrap(seq)).astype(np.int64)
    pos = np.arange(size)
    end = seq[1:] + (1 if overlapping else 0)
    return (pos >= seq[:-1, None]) & (pos < np.minimum(end, size)[:, None])


def _window_mask(shape, row_seq, col_seq, overlapping):
    rows = _regions(row_seq, shape[1], overlapping)
    cols = _regions(col_seq, shape[2], overlapping)
    # (out_h, out_w, H, W): which input cells each output cell pools
    return jnp.asarray(rows[:, None, :, None] & cols[None, :, None, :])


def _work_dtype(dtype):
    # integer inputs are averaged in floating point and truncated back
    return dtype if jnp.issubdtype(dtype, jnp.floating) else jnp.float64


def fractional_pool(x, pooling_ratio, mode, pseudo_random, overlapping, rng):
    """`x` (NHWC) pooled by ``mode`` ("avg" or "max") over random fractional regions.

    Returns the pooled tensor and the row and column region boundaries (int64).

    Example:
        >>> x = jnp.arange(1.0, 17.0).reshape(1, 4, 4, 1)
        >>> rng = np.random.default_rng(0)
        >>> y, rows, cols = fractional_pool(x, (1, 2, 2, 1), "max", False, False, rng)
        >>> print(y.reshape(-1), rows)
        [ 6.  8. 14. 16.] [0 2 4]
    """
    x = jnp.asarray(x)
    if x.ndim != 4:
        raise ValueError(f"fractional pooling: x must be 4-D (NHWC), got shape {x.shape}")
    ratio = tuple(float(r) for r in pooling_ratio)
    if len(ratio) != 4 or ratio[0] != 1.0 or ratio[3] != 1.0 or min(ratio[1:3]) < 1.0:
        raise ValueError(
            f"fractional pooling: pooling_ratio must be [1.0, >= 1.0, >= 1.0, 1.0], got {ratio}"
        )
    out_h, out_w = int(x.shape[1] / ratio[1]), int(x.shape[2] / ratio[2])
    if out_h < 1 or out_w < 1:
        raise ValueError(f"fractional pooling: pooling_ratio {ratio} leaves no output of {x.shape}")
    row_seq = pooling_sequence(x.shape[1], out_h, pseudo_random, rng)
    col_seq = pooling_sequence(x.shape[2], out_w, pseudo_random, rng)
    mask = _window_mask(x.shape, row_seq, col_seq, overlapping)[None, ..., None]
    spread = x[:, None, None]  # (N, 1, 1, H, W, C) against the (1, oh, ow, H, W, 1) mask
    if mode == "max":
        low = (
            jnp.finfo(x.dtype).min
            if jnp.issubdtype(x.dtype, jnp.floating)
            else jnp.iinfo(x.dtype).min
        )
        y = jnp.max(jnp.where(mask, spread, low), axis=(3, 4))
    else:
        work = _work_dtype(x.dtype)
        total = jnp.sum(jnp.where(mask, spread.astype(work), 0), axis=(3, 4))
        y = (total / jnp.sum(mask, axis=(3, 4))).astype(x.dtype)
    return y, jnp.asarray(row_seq), jnp.asarray(col_seq)


def fractional_avg_pool_grad(orig_shape, dy, row_seq, col_seq, overlapping):
    """The input gradient of fractional average pooling: each `dy` spread evenly over its
    region.

    Example:
        >>> dy = jnp.ones((1, 2, 2, 1))
        >>> dx = fractional_avg_pool_grad((1, 4, 4, 1), dy, [0, 2, 4], [0, 2, 4], False)
        >>> print(dx.reshape(-1)[:4])
        [0.25 0.25 0.25 0.25]
    """
    shape = tuple(int(v) for v in np.asarray(unwrap(orig_shape)).reshape(-1))
    dy = jnp.asarray(dy)
    mask = _window_mask(shape, row_seq, col_seq, overlapping)
    work = _work_dtype(dy.dtype)
    share = dy.astype(work) / jnp.sum(mask, axis=(2, 3))[None, ..., None]
    dx = jnp.einsum("nijc,ijhw->nhwc", share, mask.astype(work))
    return dx.astype(dy.dtype)


def fractional_max_pool_grad(x, dy, row_seq, col_seq, overlapping):
    """The input gradient of fractional max pooling: each `dy` to its region's first maximum.

    Example:
        >>> x = jnp.arange(1.0, 17.0).reshape(1, 4, 4, 1)
        >>> dx = fractional_max_pool_grad(x, jnp.ones((1, 2, 2, 1)), [0, 2, 4], [0, 2, 4], False)
        >>> print(dx.reshape(4, 4))
        [[0. 0. 0. 0.]
         [0. 1. 0. 1.]
         [0. 0. 0. 0.]
         [0. 1. 0. 1.]]
    """
    x, dy = jnp.asarray(x), jnp.asarray(dy)
    n, h, w, c = x.shape
    mask = _window_mask(x.shape, row_seq, col_seq, overlapping)[None, ..., None]
    low = (
        jnp.finfo(x.dtype).min if jnp.issubdtype(x.dtype, jnp.floating) else jnp.iinfo(x.dtype).min
    )
    masked = jnp.where(mask, x[:, None, None], low)  # (N, oh, ow, H, W, C)
    oh, ow = masked.shape[1:3]
    first = jnp.argmax(masked.reshape(n, oh, ow, h * w, c), axis=3)  # first maximum, row-major
    hit = first[:, :, :, None, :] == jnp.arange(h * w)[None, None, None, :, None]
    dx = jnp.sum(jnp.where(hit, dy[:, :, :, None, :], 0), axis=(1, 2))
    return dx.reshape(n, h, w, c).astype(dy.dtype)


def primitive_pool(p, x, mode):
    """FractionalAvgPool / FractionalMaxPool's call: the regions drawn from the primitive's
    own generator, seeded by (seed, seed2) when either is set; `deterministic` redraws the
    same regions on every call.

    Example:
        >>> from types import SimpleNamespace
        >>> p = SimpleNamespace(pooling_ratio=(1.0, 2.0, 2.0, 1.0), pseudo_random=False,
        ...                     overlapping=False, deterministic=False, seed=0, seed2=0)
        >>> print(primitive_pool(p, jnp.ones((1, 4, 4, 1)), "avg")[0].shape)
        (1, 2, 2, 1)
    """
    seeded = bool(p.seed or p.seed2)
    rng = getattr(p, "_region_rng", None)
    if rng is None or p.deterministic:
        rng = np.random.default_rng((int(p.seed), int(p.seed2)) if seeded else None)
        p._region_rng = rng
    return fractional_pool(x, p.pooling_ratio, mode, p.pseudo_random, p.overlapping, rng)
