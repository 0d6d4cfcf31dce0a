"""Resampling functional ops: interpolate/upsample, grid_sample and affine_grid."""

from __future__ import annotations

import itertools
import math
from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp
import numpy as np

from ..common.args import int_tuple, tensor_arg
from .func_adaptive_pool import _adaptive_bounds

if TYPE_CHECKING:
    from collections.abc import Sequence

    from jax import Array
    from jax.typing import ArrayLike


# --------------------------------------------------------------------------- resampling
def _resize_matrix(n_in, n_out, mode, align_corners, scale, cubic_a=-0.5, half_pixel=True):
    """(n_out, n_in) interpolation matrix for one axis, torch conventions."""
    dst = np.arange(n_out, dtype=np.float64)
    m = np.zeros((n_out, n_in), np.float64)
    if mode in ("nearest", "nearest-exact"):
        s = (n_in / n_out) if scale is None else 1.0 / scale
        off = 0.5 if mode == "nearest-exact" else 0.0
        src = np.minimum(np.floor((dst + off) * s).astype(int), n_in - 1)
        m[np.arange(n_out), src] = 1.0
        return m
    if mode == "area":
        st, en = _adaptive_bounds(n_in, n_out)
        for j in range(n_out):
            m[j, st[j] : en[j]] = 1.0 / (en[j] - st[j])
        return m
    if align_corners:
        src = dst * ((n_in - 1) / (n_out - 1) if n_out > 1 else 0.0)
    else:
        s = (n_in / n_out) if scale is None else 1.0 / scale
        src = (dst + 0.5) * s - 0.5 if half_pixel else dst * s
        if mode != "bicubic":
            src = np.maximum(src, 0.0)
    i0 = np.floor(src).astype(int)
    t = src - i0
    if mode == "bicubic":
        # Half-pixel centres: Keys kernel (a=-0.5) on a 1024-entry table, outside taps dropped.
        # align_corners, or the legacy src = dst * in / out: a=-0.75 with outside taps
        # clamped to the border (MindSpore's kernels).
        clamped = align_corners or not half_pixel
        a = -0.75 if clamped else cubic_a
        t = np.round(t * 1024) / 1024

        def cc1(z):
            return ((a + 2) * z - (a + 3)) * z * z + 1

        def cc2(z):
            return ((a * z - 5 * a) * z + 8 * a) * z - 4 * a

        ws = np.stack([cc2(t + 1), cc1(t), cc1(1 - t), cc2(2 - t)], 1)
        idx = np.stack([i0 - 1, i0, i0 + 1, i0 + 2], 1)
        if not clamped:
            ws = ws * ((idx >= 0) & (idx < n_in))
            ws = ws / ws.sum(1, keepdims=True)
        for j in range(4):
            np.add.at(m, (np.arange(n_out), np.clip(idx[:, j], 0, n_in - 1)), ws[:, j])
        return m
    i1 = np.minimum(i0 + 1, n_in - 1)
    i0 = np.minimum(i0, n_in - 1)
    np.add.at(m, (np.arange(n_out), i0), 1 - t)
    np.add.at(m, (np.arange(n_out), i1), t)
    return m


_INTERP_DIMS = {"linear": 1, "bilinear": 2, "bicubic": 2, "trilinear": 3}


def _check_input_dtype(dtype, mode):
    # MindSpore's resize kernels take floats, and uint8 images for nearest: other integers
    # and bools are refused as a type error rather than silently rounded
    nearest_byte = dtype == jnp.uint8 and mode in ("nearest", "nearest-exact", "area")
    if not jnp.issubdtype(dtype, jnp.floating) and not nearest_byte:
        kinds = "a float or uint8" if mode in ("nearest", "nearest-exact", "area") else "a float"
        raise TypeError(
            f"interpolate: `input` must be {kinds} Tensor for mode {mode!r}, got {dtype}"
        )


def _float_factors(scale_factor, nd):
    """`scale_factor` as `nd` factors; ints are a TypeError (MindSpore wants floats), a
    sequence of another length a ValueError."""
    factors = scale_factor if isinstance(scale_factor, (tuple, list)) else (scale_factor,) * nd
    for f in factors:
        if isinstance(f, (bool, int, np.integer)) or (
            getattr(f, "shape", None) == () and not jnp.issubdtype(f.dtype, jnp.floating)
        ):
            raise TypeError(f"interpolate: `scale_factor` must hold floats, got {scale_factor!r}")
    if len(factors) != nd:
        raise ValueError(
            f"interpolate: `scale_factor` needs {nd} factors for a {nd + 2}-D input, "
            f"got {len(factors)}"
        )
    return tuple(factors)


def interpolate(
    input: ArrayLike,
    size: int | Sequence[int] | None = None,
    scale_factor: float | Sequence[float] | None = None,
    mode: str = "nearest",
    align_corners: bool | None = None,
    recompute_scale_factor: bool | None = None,
) -> Array:
    """`input` resized in its spatial axes (those after N and C) to `size`, or by
    `scale_factor`.

    Args:
        input (Tensor): Shape ``(N, C, ...)`` with 1 to 3 spatial axes.
        size (Union[int, tuple[int], None]): The output's spatial size. Default: ``None``.
        scale_factor (Union[float, tuple[float], None]): The factor per spatial axis, when
            `size` is ``None``. Default: ``None``.
        mode (str): ``'nearest'``, ``'nearest-exact'``, ``'linear'``, ``'bilinear'``,
            ``'bicubic'``, ``'trilinear'`` or ``'area'``. Default: ``'nearest'``.
        align_corners (bool, optional): For the linear and cubic modes: map the corner pixels'
            centres onto each other. Default: ``None`` (``False``).
        recompute_scale_factor (bool, optional): Compute the sampling from the output size
            rather than `scale_factor`. Default: ``None``.

    Returns:
        Tensor of shape ``(N, C) + size``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[[1.0, 2.0]]])
        >>> print(ops.interpolate(x, size=4))
        [[[1. 1. 2. 2.]]]
        >>> print(ops.interpolate(x, size=3, mode="linear", align_corners=True))
        [[[1.  1.5 2. ]]]
    """
    x = tensor_arg(input)
    nd = x.ndim - 2
    if mode not in ("nearest", "nearest-exact", "area") and mode not in _INTERP_DIMS:
        raise ValueError(f"interpolate: unknown `mode` {mode!r}")
    if mode in _INTERP_DIMS and _INTERP_DIMS[mode] != nd:
        raise ValueError(
            f"interpolate: mode {mode!r} needs a {_INTERP_DIMS[mode] + 2}-D input, got {x.ndim}-D"
        )
    if (size is None) == (scale_factor is None):
        raise ValueError("interpolate: give exactly one of `size` and `scale_factor`")
    if align_corners and mode in ("nearest", "nearest-exact", "area"):
        raise ValueError(f"interpolate: `align_corners` is not allowed with mode {mode!r}")
    _check_input_dtype(x.dtype, mode)
    if size is not None:
        outs, scales = int_tuple(size, nd, "size"), (None,) * nd
    else:
        sf = _float_factors(scale_factor, nd)
        outs = tuple(int(math.floor(n * f)) for n, f in zip(x.shape[2:], sf, strict=False))
        scales = (None,) * nd if recompute_scale_factor else tuple(sf)
    for i in range(nd):
        m = _resize_matrix(x.shape[2 + i], outs[i], mode, bool(align_corners), scales[i])
        y = jnp.tensordot(
            jnp.asarray(m, x.dtype), x, axes=([1], [2 + i]), precision=jax.lax.Precision.HIGHEST
        )
        x = jnp.moveaxis(y, 0, 2 + i)
    return x


upsample = interpolate


def _unnormalize(g, n, align_corners):
    return (g + 1) / 2 * (n - 1) if align_corners else ((g + 1) * n - 1) / 2


def _reflect(c, lo, hi):
    span = hi - lo
    if span <= 0:
        return jnp.zeros_like(c)
    c = jnp.abs(c - lo)
    flips = jnp.floor(c / span)
    extra = c - flips * span
    return jnp.where(flips % 2 == 0, lo + extra, hi - extra)


def grid_sample(
    input: ArrayLike,
    grid: ArrayLike,
    mode: str = "bilinear",
    padding_mode: str = "zeros",
    align_corners: bool | None = None,
) -> Array:
    """`input` sampled at the points of `grid`, given in normalised coordinates: -1 and 1 are
    the first and last pixels (their centres with `align_corners`, else their outer edges).

    Args:
        input (Tensor): Shape ``(N, C, H, W)`` or ``(N, C, D, H, W)``.
        grid (Tensor): Shape ``(N, H_out, W_out, 2)`` (or ``(..., 3)``), ``x`` first.
        mode (str): ``'bilinear'`` or ``'nearest'``. Default: ``'bilinear'``.
        padding_mode (str): Points outside: ``'zeros'``, ``'border'`` or ``'reflection'``.
            Default: ``'zeros'``.
        align_corners (bool, optional): See above. Default: ``None`` (``False``).

    Returns:
        Tensor of shape ``(N, C, H_out, W_out)`` (or ``(N, C, D_out, H_out, W_out)``).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[[[1.0, 2.0], [3.0, 4.0]]]])
        >>> grid = ms.Tensor([[[[0.0, 0.0], [-1.0, -1.0]]]])  # the centre, a corner
        >>> print(ops.grid_sample(x, grid, align_corners=True))
        [[[[2.5 1. ]]]]
    """
    x, g = tensor_arg(input), tensor_arg(grid, "grid")
    nd = x.ndim - 2
    if g.shape[-1] != nd:
        raise ValueError(f"grid_sample: `grid` last dim must be {nd}, got {g.shape[-1]}")
    if mode not in ("bilinear", "nearest"):
        raise ValueError(f"grid_sample: `mode` must be 'bilinear' or 'nearest', got {mode!r}")
    if padding_mode not in ("zeros", "border", "reflection"):
        raise ValueError(f"grid_sample: unknown `padding_mode` {padding_mode!r}")
    ac = bool(align_corners)
    sizes = x.shape[2:]
    coords = []
    for d in range(nd):  # grid[..., 0] indexes the last (width) axis
        n = sizes[nd - 1 - d]
        c = _unnormalize(g[..., d], n, ac)
        if padding_mode == "border":
            c = jnp.clip(c, 0, n - 1)
        elif padding_mode == "reflection":
            c = _reflect(c, 0, n - 1) if ac else jnp.clip(_reflect(c, -0.5, n - 0.5), 0, n - 1)
        coords.append(c)
    coords = coords[::-1]  # now in axis order
    flat = x.reshape(x.shape[:2] + (-1,))

    def gather(idx_list):
        valid = jnp.ones(idx_list[0].shape, bool)
        lin = jnp.zeros(idx_list[0].shape, jnp.int32)
        for i, idx in enumerate(idx_list):
            valid &= (idx >= 0) & (idx < sizes[i])
            lin = lin * sizes[i] + jnp.clip(idx, 0, sizes[i] - 1)
        vals = jax.vmap(lambda f, li: f[:, li.reshape(-1)])(flat, lin)
        vals = vals.reshape(x.shape[:2] + lin.shape[1:])
        return vals * valid[:, None].astype(x.dtype)

    if mode == "nearest":
        return gather([jnp.round(c).astype(jnp.int32) for c in coords])
    lo = [jnp.floor(c) for c in coords]
    out = jnp.zeros((), x.dtype)
    for corner in itertools.product((0, 1), repeat=nd):
        w = 1
        idx = []
        for c, l0, b in zip(coords, lo, corner, strict=False):
            w = w * (c - l0 if b else 1 - (c - l0))
            idx.append((l0 + b).astype(jnp.int32))
        out = out + gather(idx) * w[:, None]
    return out


def affine_grid(theta: ArrayLike, size: Sequence[int], align_corners: bool = False) -> Array:
    """The sampling grid of affine maps `theta` over an output of `size`, for `grid_sample`.

    Args:
        theta (Tensor): Shape ``(N, 2, 3)`` (2-D) or ``(N, 3, 4)`` (3-D).
        size (tuple[int]): The output's ``(N, C, H, W)`` or ``(N, C, D, H, W)``.
        align_corners (bool): -1 and 1 are the corner pixels' centres (else their outer
            edges). Default: ``False``.

    Returns:
        Tensor of shape ``(N, H, W, 2)`` or ``(N, D, H, W, 3)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> theta = ms.Tensor([[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]])  # the identity
        >>> print(ops.affine_grid(theta, (1, 1, 2, 2), align_corners=True))
        [[[[-1. -1.]
           [ 1. -1.]]
        <BLANKLINE>
          [[-1.  1.]
           [ 1.  1.]]]]
    """
    t = tensor_arg(theta, "theta")
    size = tuple(int(s) for s in size)
    nd = len(size) - 2
    if t.shape[-2:] != (nd, nd + 1):
        raise ValueError(f"affine_grid: `theta` must be (N, {nd}, {nd + 1}), got {t.shape}")

    def lin(n):
        if n == 1:  # a single sample sits at the centre, as MindSpore (and torch) place it
            return jnp.zeros(1, t.dtype)
        v = jnp.linspace(-1.0, 1.0, n, dtype=t.dtype)
        return v if align_corners else v * (n - 1) / n

    axes = [lin(n) for n in size[2:]][::-1]  # x (width) first
    mesh = jnp.meshgrid(*axes[::-1], indexing="ij")[::-1]
    base = jnp.stack(list(mesh) + [jnp.ones_like(mesh[0])], axis=-1)
    return jnp.einsum("...k,nck->n...c", base, t)


__all__ = [
    "interpolate",
    "upsample",
    "grid_sample",
    "affine_grid",
]
