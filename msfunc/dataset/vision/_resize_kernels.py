"""OpenCV's resizing as MindSpore runs it: pixel centres at half-integers, bilinear weights
in 11-bit fixed point for uint8 images with OpenCV's shifts and rounding, nearest neighbour by
``floor(dst * in / out)``."""

from __future__ import annotations

import math

import numpy as np

__all__ = [
    "RESIZE_MODES",
    "resize_area",
    "resize_by",
    "resize_cubic",
    "resize_linear",
    "resize_nearest",
]

# the Inter values (utils.Inter) these kernels resize by: NEAREST, LINEAR, CUBIC, AREA
RESIZE_MODES = (0, 2, 3, 4)


def _linear_taps(n_in, n_out):
    """Source index and the weight of the next pixel for each output pixel (OpenCV's)."""
    scale = n_in / n_out
    f = (np.arange(n_out) + 0.5) * scale - 0.5
    s = np.floor(f).astype(np.int64)
    f = f - s
    low = s < 0
    f[low], s[low] = 0.0, 0
    high = s >= n_in - 1
    f[high], s[high] = 0.0, n_in - 1
    return s, np.minimum(s + 1, n_in - 1), f


def _opencv_taps(n_in, n_out, clamp):
    """OpenCV's 8-bit bilinear taps: source indices and 11-bit weights, each weight rounded
    from float32 on its own. Columns past the edges are clamped to weight (2048, 0); rows
    keep their fraction and read the edge row twice (as OpenCV does)."""
    scale = 1.0 / (n_out / n_in)
    f = ((np.arange(n_out) + 0.5) * scale - 0.5).astype(np.float32)
    s = np.floor(f).astype(np.int64)
    f = (f - s.astype(np.float32)).astype(np.float32)
    if clamp:
        low, high = s < 0, s >= n_in - 1
        f[low], s[low] = 0, 0
        f[high], s[high] = 0, n_in - 1
    w0 = np.rint((np.float32(1) - f) * np.float32(2048)).astype(np.int64)
    w1 = np.rint(f * np.float32(2048)).astype(np.int64)
    return np.clip(s, 0, n_in - 1), np.clip(s + 1, 0, n_in - 1), w0, w1


def _resize_uint8(img, out_h, out_w):
    """OpenCV's INTER_LINEAR on uint8: a halving of both sides averages 2 x 2 blocks; else
    integer rows across, then each output from the two rows' sums shifted right by 4,
    multiplied by the row weights, shifted by 16 and rounded by (sum + 2) >> 2."""
    h, w = img.shape[:2]
    eps = np.finfo(np.float64).eps
    # (only the source pixels the taps read are widened: a large image shrunk to a small one
    # costs its output's size, not its input's)
    if abs(1.0 / (out_w / w) - 2) < eps and abs(1.0 / (out_h / h) - 2) < eps:
        rows, cols = slice(0, 2 * out_h, 2), slice(0, 2 * out_w, 2)
        odd_rows, odd_cols = slice(1, 2 * out_h, 2), slice(1, 2 * out_w, 2)
        total = img[rows, cols].astype(np.int64) + img[rows, odd_cols]
        total = total + img[odd_rows, cols] + img[odd_rows, odd_cols]
        return ((total + 2) >> 2).astype(np.uint8)
    return _linear_fixed(
        img, _opencv_taps(h, out_h, clamp=False), _opencv_taps(w, out_w, clamp=True)
    )


def _linear_fixed(img, y_taps, x_taps):
    """OpenCV's 8-bit two-tap resampling from (index, next index, weight, next weight) taps
    of the rows and columns: integer rows across, then each output from the two rows' sums
    shifted right by 4, multiplied by the row weights, shifted by 16, rounded by
    (sum + 2) >> 2."""
    trail = (1,) * (img.ndim - 2)
    y0, y1, b0, b1 = y_taps
    x0, x1, a0, a1 = x_taps
    a0, a1 = a0.reshape((1, -1) + trail), a1.reshape((1, -1) + trail)

    def across(ys):
        picked = img[ys]
        return picked[:, x0].astype(np.int64) * a0 + picked[:, x1].astype(np.int64) * a1

    b0, b1 = b0.reshape((-1, 1) + trail), b1.reshape((-1, 1) + trail)
    out = (((b0 * (across(y0) >> 4)) >> 16) + ((b1 * (across(y1) >> 4)) >> 16) + 2) >> 2
    return np.ascontiguousarray(np.clip(out, 0, 255).astype(np.uint8))  # (C order, as OpenCV)


def resize_linear(img, out_h, out_w):
    if img.dtype == np.uint8:
        return _resize_uint8(img, out_h, out_w)
    y0, y1, fy = _linear_taps(img.shape[0], out_h)
    x0, x1, fx = _linear_taps(img.shape[1], out_w)
    trail = (1,) * (img.ndim - 2)

    def along_x(w):
        return w.reshape((1, -1) + trail)

    def along_y(w):
        return w.reshape((-1, 1) + trail)

    dtype = np.float32 if img.dtype.kind != "f" else img.dtype

    def across(ys):  # (the rows the taps read, widened alone)
        picked = img[ys]
        return picked[:, x0].astype(dtype) * along_x(1 - fx) + picked[:, x1].astype(
            dtype
        ) * along_x(fx)

    out = across(y0) * along_y(1 - fy) + across(y1) * along_y(fy)
    return np.ascontiguousarray(out.astype(dtype))


def resize_nearest(img, out_h, out_w):
    # (OpenCV's step is the reciprocal of out / in: in / out can differ in its last bit,
    # which moves a source index where the product lands on a whole number)
    ys = np.minimum(
        np.floor(np.arange(out_h) * (1.0 / (out_h / img.shape[0]))).astype(np.int64),
        img.shape[0] - 1,
    )
    xs = np.minimum(
        np.floor(np.arange(out_w) * (1.0 / (out_w / img.shape[1]))).astype(np.int64),
        img.shape[1] - 1,
    )
    return img[ys][:, xs]


def _cubic_coefficients(x):
    """OpenCV's bicubic weights (A = -0.75) of the 4 taps for fractions `x`, in float32."""
    f32 = np.float32
    a = f32(-0.75)
    x = x.astype(f32)
    one = f32(1)
    c0 = ((a * (x + one) - f32(5) * a) * (x + one) + f32(8) * a) * (x + one) - f32(4) * a
    c1 = ((a + f32(2)) * x - (a + f32(3))) * x * x + one
    y = one - x
    c2 = ((a + f32(2)) * y - (a + f32(3))) * y * y + one
    c3 = one - c0 - c1 - c2
    return np.stack([c0, c1, c2, c3], axis=-1)


def _cubic_taps(n_in, n_out):
    """Per output pixel: the 4 source indices (clamped to the edge) and 11-bit weights."""
    scale = 1.0 / (n_out / n_in)
    f = ((np.arange(n_out) + 0.5) * scale - 0.5).astype(np.float32)
    s = np.floor(f).astype(np.int64)
    f = (f - s.astype(np.float32)).astype(np.float32)
    weights = np.rint(_cubic_coefficients(f) * np.float32(2048)).astype(np.int64)
    index = np.clip(s[:, None] + np.arange(-1, 3)[None, :], 0, n_in - 1)
    return index, weights


def resize_cubic(img, out_h, out_w):
    """OpenCV's INTER_CUBIC on uint8: 11-bit weights across, then down in float32 with
    the product of both scales, rounded half to even (OpenCV's vector code; see the tail)."""
    h, w = img.shape[:2]
    trail = (1,) * (img.ndim - 2)
    ys, wy = _cubic_taps(h, out_h)
    xs, wx = _cubic_taps(w, out_w)
    needed, ys = np.unique(ys, return_inverse=True)  # (only the rows the taps read)
    ys = ys.reshape(out_h, 4)
    rows = img[needed]
    across = rows[:, xs[:, 0]].astype(np.int64) * wx[:, 0].reshape((1, -1) + trail)
    for k in (1, 2, 3):
        across += rows[:, xs[:, k]].astype(np.int64) * wx[:, k].reshape((1, -1) + trail)
    scale = np.float32(1.0 / (2048 * 2048))
    total = np.zeros((out_h,) + across.shape[1:], np.float32)
    fixed = np.zeros((out_h,) + across.shape[1:], np.int64)
    for k in (3, 2, 1, 0):  # (the last row's product first, as OpenCV's vector code sums)
        rows = across[ys[:, k]]
        beta = wy[:, k].reshape((-1, 1) + trail)
        total = total + rows.astype(np.float32) * (beta.astype(np.float32) * scale)
        fixed += rows * beta
    out = np.clip(np.rint(total), 0, 255).reshape(out_h, -1)
    # (OpenCV's vector code takes 8 values of a row at a time; the values of each row past
    # its last whole 8 go through its integer code: 22-bit fixed point)
    tail = (out.shape[1] // 8) * 8
    rounded = np.clip((fixed.reshape(out_h, -1)[:, tail:] + (1 << 21)) >> 22, 0, 255)
    out[:, tail:] = rounded
    return out.reshape(total.shape).astype(np.uint8)


def _area_table(n_in, n_out):
    """OpenCV's area weights: (output index, source index, float32 weight) triples in
    OpenCV's order, each output cell covering ``n_in / n_out`` source pixels."""
    scale = n_in / n_out
    table = []
    for d in range(n_out):
        fs1 = d * scale
        fs2 = fs1 + scale
        cell = min(scale, n_in - fs1)
        s1, s2 = math.ceil(fs1), math.floor(fs2)
        s2 = min(s2, n_in - 1)
        s1 = min(s1, s2)
        if s1 - fs1 > 1e-3:
            table.append((d, s1 - 1, np.float32((s1 - fs1) / cell)))
        table.extend((d, s, np.float32(1.0 / cell)) for s in range(s1, s2))
        if fs2 - s2 > 1e-3:
            table.append((d, s2, np.float32(min(min(fs2 - s2, 1.0), cell) / cell)))
    return table


def _area_shrink(img, out_h, out_w):
    """OpenCV's INTER_AREA for a shrink: float32 sums of the covered pixels, each row across
    in table order, then the rows of one output row weighted and summed in order."""
    f = img.astype(np.float32)
    trail = img.shape[2:]
    across = np.zeros((img.shape[0], out_w) + trail, np.float32)
    for d, s, alpha in _area_table(img.shape[1], out_w):
        across[:, d] = across[:, d] + f[:, s] * alpha
    out = np.zeros((out_h, out_w) + trail, np.float32)
    started = np.zeros(out_h, bool)
    for d, s, beta in _area_table(img.shape[0], out_h):
        out[d] = out[d] + beta * across[s] if started[d] else beta * across[s]
        started[d] = True
    return out


def _area_fast(img, sy, sx):
    """OpenCV's INTER_AREA for whole-number shrinks: block means (2 x 2 rounds half up as
    OpenCV's vector code does; others multiply the block's sum by a float32 reciprocal)."""
    h, w = img.shape[:2]
    out_h, out_w = h // sy, w // sx
    total = np.zeros((out_h, out_w) + img.shape[2:], np.int64)
    for dy in range(sy):
        for dx in range(sx):
            total += img[dy : out_h * sy : sy, dx : out_w * sx : sx]
    if sy == 2 and sx == 2:
        return ((total + 2) >> 2).astype(np.uint8)
    return total.astype(np.float32) * np.float32(1.0 / (sy * sx))


def resize_area(img, out_h, out_w):
    """OpenCV's INTER_AREA on uint8: a shrink averages the covered source pixels; an
    enlargement is bilinear with OpenCV's area fractions."""
    h, w = img.shape[:2]
    scale_x, scale_y = 1.0 / (out_w / w), 1.0 / (out_h / h)
    if scale_x >= 1 and scale_y >= 1:
        eps = np.finfo(np.float64).eps
        ix, iy = round(scale_x), round(scale_y)
        if abs(scale_x - ix) < eps and abs(scale_y - iy) < eps:
            out = _area_fast(img, iy, ix)
        else:
            out = _area_shrink(img, out_h, out_w)
        return np.clip(np.rint(out), 0, 255).astype(np.uint8)
    rows, columns = _area_taps(h, out_h, clamp=False), _area_taps(w, out_w, clamp=True)
    return _linear_fixed(img, rows, columns)


def _area_taps(n_in, n_out, clamp, fractions=False):
    """OpenCV's two-tap weights of an area enlargement: source ``floor(d * scale)`` and the
    fraction of the next source pixel the output cell reaches into."""
    scale = 1.0 / (n_out / n_in)
    inverse = n_out / n_in
    d = np.arange(n_out)
    s = np.floor(d * scale).astype(np.int64)
    f = ((d + 1) - (s + 1) * inverse).astype(np.float32)
    f = np.where(f <= 0, np.float32(0), f - np.floor(f)).astype(np.float32)
    if clamp:
        high = s >= n_in - 1
        f[high], s[high] = 0, n_in - 1
    if fractions:  # (the float32 weights of a float image)
        w0, w1 = np.float32(1) - f, f
    else:
        w0 = np.rint((np.float32(1) - f) * np.float32(2048)).astype(np.int64)
        w1 = np.rint(f * np.float32(2048)).astype(np.int64)
    return np.clip(s, 0, n_in - 1), np.clip(s + 1, 0, n_in - 1), w0, w1


def resize_by(img, out_h, out_w, mode):
    """`img` resized to (out_h, out_w) by Inter `mode` (one of `RESIZE_MODES`); bicubic and
    area resizing take uint8 or float images (a RuntimeError otherwise).

    Example:
        >>> resize_by(np.arange(4, dtype=np.uint8).reshape(2, 2), 1, 1, 4).tolist()
        [[2]]
    """
    if mode == 0:
        return resize_nearest(img, out_h, out_w)
    if mode == 2:
        return resize_linear(img, out_h, out_w)
    if img.dtype.kind == "f":
        if mode == 3:
            return _cubic_float(img, out_h, out_w)
        return _area_float(img, out_h, out_w)
    if img.dtype != np.uint8:
        raise RuntimeError(f"bicubic and area resizing take uint8 or float images, got {img.dtype}")
    return resize_cubic(img, out_h, out_w) if mode == 3 else resize_area(img, out_h, out_w)


def _cubic_float(img, out_h, out_w):
    """OpenCV's INTER_CUBIC on a float image: float32 weights across, then down."""
    trail = (1,) * (img.ndim - 2)

    def taps(n_in, n_out):
        f = ((np.arange(n_out) + 0.5) * (n_in / n_out) - 0.5).astype(np.float32)
        s = np.floor(f).astype(np.int64)
        weights = _cubic_coefficients((f - s.astype(np.float32)).astype(np.float32))
        return np.clip(s[:, None] + np.arange(-1, 3)[None, :], 0, n_in - 1), weights

    ys, wy = taps(img.shape[0], out_h)
    xs, wx = taps(img.shape[1], out_w)
    dtype = np.promote_types(img.dtype, np.float32)
    across = img[:, xs[:, 0]] * wx[:, 0].reshape((1, -1) + trail)
    for k in (1, 2, 3):
        across = across + img[:, xs[:, k]] * wx[:, k].reshape((1, -1) + trail)
    out = across[ys[:, 0]] * wy[:, 0].reshape((-1, 1) + trail)
    for k in (1, 2, 3):
        out = out + across[ys[:, k]] * wy[:, k].reshape((-1, 1) + trail)
    return np.asarray(out, dtype).astype(img.dtype)


def _area_float(img, out_h, out_w):
    """OpenCV's INTER_AREA on a float image: a shrink averages the covered pixels (their
    float32 sums), an enlargement is bilinear with the area fractions."""
    h, w = img.shape[:2]
    if out_h <= h and out_w <= w:
        return _area_shrink(img, out_h, out_w).astype(img.dtype)
    trail = (1,) * (img.ndim - 2)
    y0, y1, wy0, wy1 = _area_taps(h, out_h, clamp=False, fractions=True)
    x0, x1, wx0, wx1 = _area_taps(w, out_w, clamp=True, fractions=True)
    f = img.astype(np.float32)

    def across(ys):
        return f[ys][:, x0] * wx0.reshape((1, -1) + trail) + f[ys][:, x1] * wx1.reshape(
            (1, -1) + trail
        )

    out = across(y0) * wy0.reshape((-1, 1) + trail) + across(y1) * wy1.reshape((-1, 1) + trail)
    return out.astype(img.dtype)
