"""Fractional average and max pooling over NHWC input with pooling-region sequences, and
the fixed-window fractional max pooling primitives placed by given samples."""

import jax
import jax.numpy as jnp
import numpy as np

from .._state import staged_above
from ..common.tensor import unwrap
from .func_adaptive_pool import fractional_max_pool2d, fractional_max_pool3d

__all__ = [
    "pooling_sequence",
    "fractional_pool",
    "fractional_avg_pool_grad",
    "fractional_max_pool_grad",
    "primitive_pool",
    "fixed_ksize_pool",
    "check_fixed_ksize",
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


def _windows(seq, size, overlapping):
    """Each region's row indices padded to the longest region, and which of them count.

    Region i covers seq[i] .. seq[i+1] - 1 (through seq[i+1] when overlapping), clipped to the
    axis; gathering these windows keeps memory linear in the input (regions hold about
    ``size / regions`` rows, so the padding is small).
    """
    seq = np.asarray(unwrap(seq)).astype(np.int64)
    end = np.minimum(seq[1:] + (1 if overlapping else 0), size)
    width = max(int((end - seq[:-1]).max()), 1)
    index = seq[:-1, None] + np.arange(width)
    return np.minimum(index, size - 1), index < end[:, None]


def _gather(x, row_seq, col_seq, overlapping):
    """x's regions as (N, out_h, out_w, rows, cols, C) windows and their validity mask."""
    rows, row_ok = _windows(row_seq, x.shape[1], overlapping)
    cols, col_ok = _windows(col_seq, x.shape[2], overlapping)
    patches = x[:, rows[:, :, None, None], cols[None, None, :, :]]  # (N, oh, kr, ow, kc, C)
    mask = row_ok[:, :, None, None] & col_ok[None, None, :, :]
    order = (0, 1, 3, 2, 4, 5)
    return patches.transpose(order), jnp.asarray(mask.transpose(0, 2, 1, 3))[None, ..., None]


def _lowest(dtype):
    return jnp.finfo(dtype).min if jnp.issubdtype(dtype, jnp.floating) else jnp.iinfo(dtype).min


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
    patches, mask = _gather(x, row_seq, col_seq, overlapping)
    if mode == "max":
        y = jnp.max(jnp.where(mask, patches, _lowest(x.dtype)), axis=(3, 4))
    else:
        work = _work_dtype(x.dtype)
        total = jnp.sum(jnp.where(mask, patches.astype(work), 0), axis=(3, 4))
        y = (total / jnp.sum(mask, axis=(3, 4))).astype(x.dtype)
    return y, jnp.asarray(row_seq), jnp.asarray(col_seq)


def _scatter_windows(shape, row_seq, col_seq, overlapping, values):
    """Sum (N, out_h, out_w, rows, cols, C) window values back onto an input of `shape`."""
    rows, _ = _windows(row_seq, shape[1], overlapping)
    cols, _ = _windows(col_seq, shape[2], overlapping)
    r = rows[:, None, :, None]  # (oh, 1, kr, 1) against the (oh, ow, kr, kc) windows
    c = cols[None, :, None, :]
    return jnp.zeros(shape, values.dtype).at[:, r, c].add(values)


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
    work = _work_dtype(dy.dtype)
    _, mask = _gather(jnp.zeros((1,) + shape[1:3] + (1,), work), row_seq, col_seq, overlapping)
    share = dy.astype(work) / jnp.sum(mask, axis=(3, 4))
    spread = jnp.where(mask, share[:, :, :, None, None], 0)
    return _scatter_windows(shape, row_seq, col_seq, overlapping, spread).astype(dy.dtype)


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
    patches, mask = _gather(x, row_seq, col_seq, overlapping)
    n, oh, ow, kr, kc, c = patches.shape
    masked = jnp.where(mask, patches, _lowest(x.dtype)).reshape(n, oh, ow, kr * kc, c)
    first = jnp.argmax(masked, axis=3)  # the first maximum, row-major within the region
    hit = first[:, :, :, None, :] == jnp.arange(kr * kc)[None, None, None, :, None]
    routed = jnp.where(hit, dy[:, :, :, None, :], 0).reshape(n, oh, ow, kr, kc, c)
    return _scatter_windows(x.shape, row_seq, col_seq, overlapping, routed).astype(dy.dtype)


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
    if staged_above():
        # The regions are drawn on the host: a compiled program would replay one draw on
        # every call. msfunc.jit and GRAPH_MODE run such a function eagerly instead.
        raise jax.errors.ConcretizationTypeError(
            x,
            f"{type(p).__name__} draws its pooling regions on the host on every call, which a "
            "compiled program cannot do",
        )
    seeded = bool(p.seed or p.seed2)
    rng = getattr(p, "_region_rng", None)
    if rng is None or p.deterministic:
        rng = np.random.default_rng((int(p.seed), int(p.seed2)) if seeded else None)
        p._region_rng = rng
    return fractional_pool(x, p.pooling_ratio, mode, p.pseudo_random, p.overlapping, rng)


def check_fixed_ksize(p):
    """The constructor checks of FractionalMaxPool(3D)WithFixedKsize: positive window and
    output sizes (an int or one per pooled axis) and a supported `data_format`."""
    name = type(p).__name__
    nd, formats = (3, ("NCDHW", "NDHWC")) if "3D" in name else (2, ("NCHW",))
    for arg in ("ksize", "output_shape"):
        value = getattr(p, arg)
        items = tuple(value) if isinstance(value, (tuple, list)) else (value,)
        if len(items) not in (1, nd) or any(
            isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v <= 0 for v in items
        ):
            raise ValueError(
                f"{name}: `{arg}` must be a positive int or {nd} positive ints, got {value!r}"
            )
    if p.data_format not in formats:
        raise ValueError(f"{name}: `data_format` must be one of {formats}, got {p.data_format!r}")


def fixed_ksize_pool(p, x, random_samples):
    """FractionalMaxPoolWithFixedKsize / FractionalMaxPool3DWithFixedKsize's call: windows of
    `ksize` placed by `random_samples` (one per batch, channel and pooled axis) so that the
    output has `output_shape`; returns the maxima and their flat int64 indices.

    Example:
        >>> from types import SimpleNamespace
        >>> p = SimpleNamespace(ksize=2, output_shape=2, data_format="NCHW")
        >>> x = jnp.arange(16.0).reshape(1, 1, 4, 4)
        >>> y, idx = fixed_ksize_pool(p, x, jnp.full((1, 1, 2), 0.5))
        >>> y.tolist(), idx.tolist()
        ([[[[5.0, 7.0], [13.0, 15.0]]]], [[[[5, 7], [13, 15]]]])
    """
    nd = 3 if p.data_format in ("NCDHW", "NDHWC") else 2
    name = "FractionalMaxPool3DWithFixedKsize" if nd == 3 else "FractionalMaxPoolWithFixedKsize"
    x = jnp.asarray(x)
    if x.ndim not in ((nd + 1, nd + 2) if nd == 3 else (4,)):
        raise ValueError(f"{name}: `x` must be {nd + 2}-D, got shape {x.shape}")
    samples = jnp.asarray(random_samples)
    if x.ndim == nd + 2 and (samples.ndim != 3 or samples.shape[1] != x.shape[1]):
        # (MindSpore compares x's dim 1 with the samples' channels, in NDHWC too)
        raise ValueError(
            f"{name}: `random_samples` must be (N, C, {nd}) with C = x.shape[1] = "
            f"{x.shape[1]}, got shape {samples.shape}"
        )
    ksize, outs = (
        tuple(v) if isinstance(v, (tuple, list)) else (v,) * nd for v in (p.ksize, p.output_shape)
    )
    sizes = x.shape[-nd - 1 : -1] if p.data_format == "NDHWC" else x.shape[-nd:]
    # MindSpore's bound: the last window may end at the edge in 2-D, one short of it in 3-D
    slack = 0 if nd == 3 else 1
    for k, out, size in zip(ksize, outs, sizes):
        if out + k - slack > size:
            raise ValueError(
                f"{name}: {out} windows of {k} do not fit an input dim of {size} "
                f"(output_shape {p.output_shape}, ksize {p.ksize}, x shape {x.shape})"
            )
    channels_last = p.data_format == "NDHWC"
    if channels_last:  # (pooled over the middle axes: move channels next to the batch)
        x = jnp.moveaxis(x, -1, -nd - 1)
    pool = fractional_max_pool3d if nd == 3 else fractional_max_pool2d
    out, idx = pool(x, p.ksize, p.output_shape, None, True, random_samples)
    out, idx = unwrap(out), unwrap(idx).astype(jnp.int64)
    if channels_last:
        out, idx = jnp.moveaxis(out, -nd - 1, -1), jnp.moveaxis(idx, -nd - 1, -1)
    return out, idx
