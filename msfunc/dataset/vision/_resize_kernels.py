"""OpenCV's resizing as MindSpore runs it: pixel centres at half-integers, bilinear weights
in 11-bit fixed point for uint8 images with OpenCV's shifts and rounding, nearest neighbour by
``floor(dst * in / out)``."""

from __future__ import annotations

import numpy as np

__all__ = ["resize_linear", "resize_nearest"]


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
    trail = (1,) * (img.ndim - 2)
    eps = np.finfo(np.float64).eps
    # (only the source pixels the taps read are widened: a large image shrunk to a small one
    # costs its output's size, not its input's)
    if abs(1.0 / (out_w / w) - 2) < eps and abs(1.0 / (out_h / h) - 2) < eps:
        rows, cols = slice(0, 2 * out_h, 2), slice(0, 2 * out_w, 2)
        odd_rows, odd_cols = slice(1, 2 * out_h, 2), slice(1, 2 * out_w, 2)
        total = img[rows, cols].astype(np.int64) + img[rows, odd_cols]
        total = total + img[odd_rows, cols] + img[odd_rows, odd_cols]
        return ((total + 2) >> 2).astype(np.uint8)
    y0, y1, b0, b1 = _opencv_taps(h, out_h, clamp=False)
    x0, x1, a0, a1 = _opencv_taps(w, out_w, clamp=True)
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
    ys = np.minimum(
        np.floor(np.arange(out_h) * (img.shape[0] / out_h)).astype(np.int64), img.shape[0] - 1
    )
    xs = np.minimum(
        np.floor(np.arange(out_w) * (img.shape[1] / out_w)).astype(np.int64), img.shape[1] - 1
    )
    return img[ys][:, xs]
