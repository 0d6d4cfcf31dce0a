"""ROIAlign and its gradient: average of bilinear samples over each bin of each region."""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np

from .func_array import _concrete

__all__ = ["roi_align", "roi_align_grad"]


def _axis_weights(start, bin_size, grid, pooled, size, steps):
    """The bilinear weights of one axis, summed over each bin's samples: shape
    (rois, pooled, size). `grid` holds each region's samples per bin (`steps` at most).

    A sample more than one pixel outside the image weighs nothing; one inside the border
    band is clamped to the edge pixel (the rule of Caffe2-style ROIAlign kernels).
    """
    cell = jnp.arange(pooled, dtype=start.dtype)[None, :, None]
    k = jnp.arange(steps, dtype=start.dtype)[None, None, :]
    grid_f = grid.astype(start.dtype)[:, None, None]
    pos = start[:, None, None] + cell * bin_size[:, None, None]
    pos = pos + (k + 0.5) * bin_size[:, None, None] / grid_f  # (rois, pooled, steps)
    used = (k < grid_f) & (pos >= -1.0) & (pos <= size)
    pos = jnp.maximum(pos, 0.0)
    low = jnp.floor(pos).astype(jnp.int32)
    at_edge = low >= size - 1
    low = jnp.where(at_edge, size - 1, low)
    high = jnp.where(at_edge, size - 1, low + 1)
    frac = jnp.where(at_edge, 0.0, pos - low)
    pixels = jnp.arange(size)
    weight = (1 - frac)[..., None] * (pixels == low[..., None]) + frac[..., None] * (
        pixels == high[..., None]
    )
    return jnp.sum(jnp.where(used[..., None], weight, 0.0), axis=2)


def roi_align(
    features,
    rois,
    pooled_height: int,
    pooled_width: int,
    spatial_scale: float,
    sample_num: int = 2,
    roi_end_mode: int = 1,
):
    """Pools each region of interest into a ``pooled_height x pooled_width`` grid: each bin
    the mean of ``sample_num x sample_num`` bilinear samples (``sample_num <= 0``: as many
    as the bin spans whole pixels, per region; none gives NaN).

    Args:
        features (Tensor): Shape (N, C, H, W).
        rois (Tensor): Shape (R, 5): ``(batch index, x1, y1, x2, y2)`` in input
            coordinates, scaled by `spatial_scale`.
        pooled_height (int): The output height.
        pooled_width (int): The output width.
        spatial_scale (float): The factor from `rois` coordinates to `features` pixels.
        sample_num (int): Samples per bin along each axis; <= 0: adaptive. Default: ``2``.
        roi_end_mode (int): 1 adds one to the end corner before scaling (regions cover
            their last pixel), 0 does not. Default: ``1``.

    Returns:
        Tensor of shape (R, C, pooled_height, pooled_width), `features`' dtype.

    Example:
        >>> import numpy as np
        >>> x = np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4)
        >>> rois = np.array([[0, 0, 0, 3, 3]], np.float32)
        >>> print(roi_align(x, rois, 2, 2, 1.0, 1, 1))
        [[[[ 5.  7.]
           [13. 15.]]]]
    """
    x, boxes = jnp.asarray(features), jnp.asarray(rois)
    setting = (pooled_height, pooled_width, spatial_scale, sample_num, roi_end_mode)
    grid_h, grid_w, static = _settings(boxes, *setting)
    return _pool(x, boxes, grid_h, grid_w, **static)


def _settings(boxes, pooled_height, pooled_width, spatial_scale, sample_num, roi_end_mode):
    """Each region's samples per bin along y and x, and `_pool`'s static arguments."""
    if sample_num > 0:
        grid_h = grid_w = jnp.full(boxes.shape[0], sample_num, jnp.int32)
        steps = (sample_num, sample_num)
    else:  # the sample count (an array size) depends on the region sizes
        b = _concrete(boxes, "ROIAlign").astype(np.float32)
        bins = [
            _extent(b[:, lo], b[:, hi], spatial_scale, roi_end_mode) / pooled
            for lo, hi, pooled in ((2, 4, pooled_height), (1, 3, pooled_width))
        ]
        grid_h, grid_w = (jnp.asarray(np.floor(v).astype(np.int32)) for v in bins)
        steps = (int(jnp.max(grid_h, initial=1)), int(jnp.max(grid_w, initial=1)))
    static = dict(
        pooled=(int(pooled_height), int(pooled_width)),
        scale=float(spatial_scale),
        end_mode=int(roi_end_mode),
        steps=steps,
    )
    return grid_h, grid_w, static


def _extent(start, end, scale, end_mode):
    """A region's scaled length along one axis: at least one unscaled unit."""
    return jnp.maximum((end + end_mode) * scale - start * scale, scale)


# one compiled program per setting: op by op, the many small steps would dominate
@functools.partial(jax.jit, static_argnames=("pooled", "scale", "end_mode", "steps"))
def _pool(x, boxes, grid_h, grid_w, *, pooled, scale, end_mode, steps):
    work = jnp.promote_types(x.dtype, jnp.float32)  # float16 is computed in float32
    xw, b = x.astype(work), boxes.astype(work)
    height, width = x.shape[-2:]
    bin_h = _extent(b[:, 2], b[:, 4], scale, end_mode) / pooled[0]
    bin_w = _extent(b[:, 1], b[:, 3], scale, end_mode) / pooled[1]
    wy = _axis_weights(b[:, 2] * scale, bin_h, grid_h, pooled[0], height, steps[0])
    wx = _axis_weights(b[:, 1] * scale, bin_w, grid_w, pooled[1], width, steps[1])
    count = (grid_h * grid_w).astype(work)[:, None, None, None]
    picked = xw[b[:, 0].astype(jnp.int32)]  # (R, C, H, W)
    out = jnp.einsum("rih,rchw,rjw->rcij", wy, picked, wx) / jnp.maximum(count, 1)
    # a region too small for one adaptive sample averages nothing: NaN, and no gradient
    out = jnp.where(count > 0, out, jnp.nan)
    return out.astype(x.dtype)


def roi_align_grad(
    dy,
    rois,
    xdiff_shape,
    pooled_height: int,
    pooled_width: int,
    spatial_scale: float,
    sample_num: int = 2,
    roi_end_mode: int = 1,
):
    """The gradient of `roi_align` for its features: each output cotangent spread back
    over the pixels its bilinear samples read.

    Args:
        dy (Tensor): The output cotangent, shape (R, C, pooled_height, pooled_width).
        rois (Tensor): The regions given to `roi_align`, shape (R, 5).
        xdiff_shape (tuple[int]): The features' shape (N, C, H, W).
        pooled_height (int): As for `roi_align`.
        pooled_width (int): As for `roi_align`.
        spatial_scale (float): As for `roi_align`.
        sample_num (int): As for `roi_align`. Default: ``2``.
        roi_end_mode (int): As for `roi_align`. Default: ``1``.

    Returns:
        Tensor of shape `xdiff_shape`, `dy`'s dtype.

    Example:
        >>> import numpy as np
        >>> rois = np.array([[0, 0, 0, 1, 1]], np.float32)
        >>> print(roi_align_grad(np.ones((1, 1, 1, 1), np.float32), rois, (1, 1, 2, 2), 1, 1,
        ...                      1.0, 1, 1))
        [[[[0. 0.]
           [0. 1.]]]]
    """
    dy, boxes = jnp.asarray(dy), jnp.asarray(rois)
    setting = (pooled_height, pooled_width, spatial_scale, sample_num, roi_end_mode)
    grid_h, grid_w, static = _settings(boxes, *setting)
    shape = tuple(int(s) for s in xdiff_shape)
    return _pool_vjp(dy, boxes, grid_h, grid_w, shape=shape, **static)


@functools.partial(jax.jit, static_argnames=("shape", "pooled", "scale", "end_mode", "steps"))
def _pool_vjp(dy, boxes, grid_h, grid_w, *, shape, **static):
    def forward(x):
        return _pool(x, boxes, grid_h, grid_w, **static)

    return jax.vjp(forward, jnp.zeros(shape, dy.dtype))[1](dy)[0]
