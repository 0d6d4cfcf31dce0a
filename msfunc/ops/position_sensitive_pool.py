"""Position-sensitive ROI average pooling (R-FCN), as MindSpore's ``PSROIPooling`` computes it.

Example:
    >>> import numpy as np
    >>> x = np.ones((1, 4, 4, 4), np.float32)
    >>> rois = np.array([[[0.0], [0.0], [0.0], [3.0], [3.0]]], np.float32)
    >>> ps_roi_pooling(x, rois, spatial_scale=1.0, group_size=2, output_dim=1).shape
    (1, 1, 2, 2)
"""

import jax
import jax.numpy as jnp

from .exact_division import true_divide

__all__ = ["ps_roi_pooling", "check_ps_roi_attrs", "ps_roi_pooling_checked", "ps_roi_pooling_grad"]


def check_ps_roi_attrs(name, spatial_scale, group_size, output_dim):
    """MindSpore's constructor checks: a positive float scale, positive int sizes."""
    if not isinstance(spatial_scale, float):
        raise TypeError(
            f"{name}: spatial_scale must be a float, got {type(spatial_scale).__name__}"
        )
    if spatial_scale <= 0:
        raise ValueError(f"{name}: spatial_scale must be positive, got {spatial_scale}")
    for arg, value in (("group_size", group_size), ("output_dim", output_dim)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"{name}: {arg} must be an int, got {type(value).__name__}")
        if value <= 0:
            raise ValueError(f"{name}: {arg} must be positive, got {value}")


def _round_half_away(v):
    """C's ``round``: halves away from zero (jnp.round takes them to even)."""
    return jnp.sign(v) * jnp.floor(jnp.abs(v) + 0.5)


def _bin_masks(start, end, bins, size, limit):
    """(rois, bins, size) masks of the pixels each bin of each roi covers along one axis, and
    the bins' pixel counts; bin edges are clipped to [0, limit]."""
    length = jnp.maximum(end - start, 0.1)  # a degenerate roi still gets a 0.1-wide bin
    step = true_divide(length, bins)  # rounded as the kernel's float division
    k = jnp.arange(bins, dtype=start.dtype)
    lo = jnp.clip(jnp.floor(k * step[:, None] + start[:, None]), 0, limit)
    hi = jnp.clip(jnp.ceil((k + 1) * step[:, None] + start[:, None]), 0, limit)
    pixel = jnp.arange(size, dtype=start.dtype)
    mask = (pixel >= lo[..., None]) & (pixel < hi[..., None])
    return mask, jnp.maximum(hi - lo, 0)


def ps_roi_pooling(x, rois, spatial_scale, group_size, output_dim, last_pixel=False):
    """Average of each roi's bin (ph, pw) over channel ``(c * group_size + ph) * group_size + pw``.

    `x` is (N, output_dim * group_size**2, H, W); `rois` is (B, 5, R), read (as MindSpore's
    kernel reads it) as B * R consecutive rows ``(batch index, x1, y1, x2, y2)`` in the image's
    coordinates (scaled by `spatial_scale`). The result is (B * R, output_dim, group_size,
    group_size); an empty bin, or a roi naming no image, gives 0. MindSpore's forward kernel
    clips the bins to ``H - 1`` and ``W - 1`` (the last row and column are never pooled), its
    gradient kernel to ``H`` and ``W``: `last_pixel` takes the latter.
    """
    x, rois = jnp.asarray(x), jnp.asarray(rois)
    n, _, height, width = x.shape
    # MindSpore's kernel reads the rois' memory as consecutive 5-tuples
    boxes = rois.reshape(-1, 5).astype(jnp.float32)
    # corners scaled to the feature map, then rounded to whole pixels
    corners = _round_half_away(boxes[:, 1:] * spatial_scale)
    start_w, start_h, end_w, end_h = corners[:, 0], corners[:, 1], corners[:, 2], corners[:, 3]
    trim = 0 if last_pixel else 1
    mask_h, span_h = _bin_masks(start_h, end_h, group_size, height, height - trim)
    mask_w, span_w = _bin_masks(start_w, end_w, group_size, width, width - trim)
    index = boxes[:, 0].astype(jnp.int32)
    valid = (index >= 0) & (index < n)  # a roi naming no image pools to zeros
    batch = jnp.clip(index, 0, n - 1)
    grouped = x[batch].reshape(-1, output_dim, group_size, group_size, height, width)
    work = jnp.promote_types(x.dtype, jnp.float32)
    sums = jnp.einsum(
        "rcijhw,rih,rjw->rcij",
        grouped.astype(work),
        mask_h.astype(work),
        mask_w.astype(work),
    )
    area = (span_h[:, :, None] * span_w[:, None, :])[:, None]
    out = jnp.where(area > 0, true_divide(sums, jnp.where(area > 0, area, 1)), 0)
    out = jnp.where(valid[:, None, None, None], out, 0)
    return out.astype(x.dtype)


def _checked_inputs(name, **tensors):
    for arg, value in tensors.items():
        if not (hasattr(value, "shape") and hasattr(value, "dtype")):
            raise TypeError(f"{name}: `{arg}` must be a Tensor, got {type(value).__name__}")
        if jnp.dtype(value.dtype) not in (jnp.float16, jnp.float32):
            raise TypeError(f"{name}: `{arg}` must be float16 or float32, got {value.dtype}")
    return [jnp.asarray(v) for v in tensors.values()]


def _check_rois(name, rois):
    if rois.ndim != 3 or rois.shape[1] != 5:
        raise ValueError(f"{name}: `rois` must have the shape (B, 5, R), got {rois.shape}")


def ps_roi_pooling_checked(x, rois, spatial_scale, group_size, output_dim):
    """`ps_roi_pooling` after MindSpore's input checks (a kernel's shape errors are its
    RuntimeError)."""
    name = "PSROIPooling"
    x, rois = _checked_inputs(name, features=x, rois=rois)
    _check_rois(name, rois)
    if x.ndim != 4 or x.shape[1] != output_dim * group_size * group_size:
        raise RuntimeError(
            f"{name}: `features` must be (N, output_dim * group_size**2 = "
            f"{output_dim * group_size * group_size}, H, W), got {x.shape}"
        )
    if x.shape[0] != rois.shape[0]:
        raise RuntimeError(
            f"{name}: `features` and `rois` must have the same batch, got {x.shape[0]} and "
            f"{rois.shape[0]}"
        )
    return ps_roi_pooling(x, rois, spatial_scale, group_size, output_dim)


def ps_roi_pooling_grad(dy, rois, input_size, spatial_scale, group_size, output_dim):
    """MindSpore's gradient of `ps_roi_pooling` for features of height and width `input_size`
    and the batch of `rois`: each bin's cotangent spread evenly over its pixels, the bins
    reaching the last row and column (which the forward kernel leaves out)."""
    name = "PSROIPoolingGrad"
    dy, rois = _checked_inputs(name, dy=dy, rois=rois)
    _check_rois(name, rois)
    want = (rois.shape[0] * rois.shape[2], output_dim, group_size, group_size)
    if tuple(dy.shape) != want:
        raise RuntimeError(f"{name}: `dy` must have the shape {want}, got {tuple(dy.shape)}")
    channels = output_dim * group_size * group_size
    x = jnp.zeros((rois.shape[0], channels, *input_size), dy.dtype)

    def forward(z):
        return ps_roi_pooling(z, rois, spatial_scale, group_size, output_dim, last_pixel=True)

    pullback = jax.vjp(forward, x)[1]
    return pullback(dy)[0]
