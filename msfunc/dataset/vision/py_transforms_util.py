"""`mindspore.dataset.vision.py_transforms_util`: the per-pixel colour helpers of MindSpore's
Python transforms (RGB <-> HSV for one image or a batch, as `colorsys` computes them)."""

from __future__ import annotations

import numpy as np

__all__ = ["rgb_to_hsv", "hsv_to_rgb", "rgb_to_hsvs", "hsv_to_rgbs"]


def _channels_last(img, is_hwc, who):
    img = np.asarray(img, np.float64)
    if img.ndim not in (3, 4):
        raise TypeError(
            f"{who}: the image must be (H, W, C), (N, H, W, C), (C, H, W) or (N, C, H, W), "
            f"got shape {img.shape}"
        )
    return img if is_hwc else np.moveaxis(img, -3, -1)


def _restore(out, is_hwc):
    return out if is_hwc else np.moveaxis(out, -1, -3)


def _rgb_to_hsv_last(rgb):
    r, g, b = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    maxc, minc = rgb.max(axis=-1), rgb.min(axis=-1)
    spread = maxc - minc
    grey = spread == 0
    safe = np.where(grey, 1.0, spread)
    rc, gc, bc = (maxc - r) / safe, (maxc - g) / safe, (maxc - b) / safe
    # colorsys's order of tests: red is the maximum, else green, else blue
    h = np.where(r == maxc, bc - gc, np.where(g == maxc, 2.0 + rc - bc, 4.0 + gc - rc))
    h = np.where(grey, 0.0, (h / 6.0) % 1.0)
    s = np.where(grey, 0.0, spread / np.where(maxc == 0, 1.0, maxc))
    return np.stack([h, s, maxc], axis=-1)


def _hsv_to_rgb_last(hsv):
    h, s, v = hsv[..., 0], hsv[..., 1], hsv[..., 2]
    sector = np.floor(h * 6.0)
    f = h * 6.0 - sector
    sector = sector.astype(np.int64) % 6
    p, q, t = v * (1.0 - s), v * (1.0 - s * f), v * (1.0 - s * (1.0 - f))
    table = [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)]
    channels = [np.choose(sector, [row[c] for row in table]) for c in range(3)]
    out = np.stack(channels, axis=-1)
    return np.where((s == 0.0)[..., None], v[..., None], out)


def rgb_to_hsvs(np_rgb_imgs: np.ndarray, is_hwc: bool) -> np.ndarray:
    """RGB values in [0, 1] to HSV (float64), for one image or a batch.

    Args:
        np_rgb_imgs (numpy.ndarray): (H, W, 3) or (N, H, W, 3); (3, H, W) or (N, 3, H, W) when
            `is_hwc` is false.
        is_hwc (bool): Channels are the last axis, else the one before height.

    Returns:
        numpy.ndarray, the HSV images in the same layout.

    Example:
        >>> import numpy as np
        >>> rgb_to_hsvs(np.array([[[1.0, 0.0, 0.0]]]), True).tolist()
        [[[0.0, 1.0, 1.0]]]
    """
    img = _channels_last(np_rgb_imgs, is_hwc, "rgb_to_hsvs")
    return _restore(_rgb_to_hsv_last(img), is_hwc)


def hsv_to_rgbs(np_hsv_imgs: np.ndarray, is_hwc: bool) -> np.ndarray:
    """HSV values to RGB (float64), for one image or a batch.

    Args:
        np_hsv_imgs (numpy.ndarray): (H, W, 3) or (N, H, W, 3); (3, H, W) or (N, 3, H, W) when
            `is_hwc` is false.
        is_hwc (bool): Channels are the last axis, else the one before height.

    Returns:
        numpy.ndarray, the RGB images in the same layout.

    Example:
        >>> import numpy as np
        >>> hsv_to_rgbs(np.array([[[0.0, 1.0, 1.0]]]), True).tolist()
        [[[1.0, 0.0, 0.0]]]
    """
    img = _channels_last(np_hsv_imgs, is_hwc, "hsv_to_rgbs")
    return _restore(_hsv_to_rgb_last(img), is_hwc)


def rgb_to_hsv(np_rgb_img: np.ndarray, is_hwc: bool) -> np.ndarray:
    """One RGB image to HSV (see `rgb_to_hsvs`).

    Args:
        np_rgb_img (numpy.ndarray): (H, W, 3), or (3, H, W) when `is_hwc` is false.
        is_hwc (bool): Channels are the last axis, else the first.

    Returns:
        numpy.ndarray, the HSV image.

    Example:
        >>> import numpy as np
        >>> rgb_to_hsv(np.array([[[0.0, 0.5, 0.0]]]), True).tolist()
        [[[0.3333333333333333, 1.0, 0.5]]]
    """
    return rgb_to_hsvs(np_rgb_img, is_hwc)


def hsv_to_rgb(np_hsv_img: np.ndarray, is_hwc: bool) -> np.ndarray:
    """One HSV image to RGB (see `hsv_to_rgbs`).

    Args:
        np_hsv_img (numpy.ndarray): (H, W, 3), or (3, H, W) when `is_hwc` is false.
        is_hwc (bool): Channels are the last axis, else the first.

    Returns:
        numpy.ndarray, the RGB image.

    Example:
        >>> import numpy as np
        >>> hsv_to_rgb(np.array([[[0.0, 0.0, 0.25]]]), True).tolist()
        [[[0.25, 0.25, 0.25]]]
    """
    return hsv_to_rgbs(np_hsv_img, is_hwc)
