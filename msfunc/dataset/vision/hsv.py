"""`RgbToHsv` and `HsvToRgb`: colour-space conversion of RGB/HSV images, pixel by pixel with
the standard library's `colorsys`, as MindSpore's Python operations convert them."""

from __future__ import annotations

import colorsys

import numpy as np

__all__ = ["RgbToHsv", "HsvToRgb"]


def _convert(images, is_hwc, convert, who):
    if not isinstance(images, np.ndarray):
        raise TypeError(f"{who}: expected a numpy array, got {type(images).__name__}")
    if images.ndim not in (3, 4):
        raise TypeError(
            f"{who}: expected an image (H, W, C) or (C, H, W), or a batch of them, got shape"
            f" {images.shape}"
        )
    channel_axis = 2 if is_hwc else 0
    if images.shape[channel_axis + images.ndim - 3] != 3:
        raise TypeError(f"{who}: expected 3 channels, got shape {images.shape}")
    if images.dtype.kind == "f":
        # (NumPy 1, which MindSpore runs on, computes float32 pixels' values in float64)
        images = images.astype(np.float64)
    # np.vectorize takes its output dtype from the first pixel's values, as MindSpore's does
    per_pixel = np.vectorize(convert)

    def one(image):
        planes = np.moveaxis(image, channel_axis, 0)
        return np.stack(per_pixel(planes[0], planes[1], planes[2]), axis=channel_axis)

    if images.ndim == 3:
        return one(images)
    return np.stack([one(image) for image in images])


def _flag(is_hwc, who):
    if not isinstance(is_hwc, bool):
        raise TypeError(f"{who}: `is_hwc` must be a bool, got {is_hwc!r}")
    return is_hwc


class RgbToHsv:
    """RGB images to HSV (hue, saturation and value per pixel, by `colorsys.rgb_to_hsv`).

    Args:
        is_hwc (bool): Images are (H, W, C) (or (N, H, W, C)) instead of (C, H, W)
            (or (N, C, H, W)). Default: ``False``.

    Raises:
        TypeError: `is_hwc` is not a bool; when applied, the input is not a 3- or 4-D
            array of 3 channels.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.RgbToHsv(is_hwc=True)(np.array([[[1.0, 0.0, 0.0]]])).tolist()
        [[[0.0, 1.0, 1.0]]]
    """

    def __init__(self, is_hwc: bool = False) -> None:
        self.is_hwc = _flag(is_hwc, "RgbToHsv")

    def __call__(self, img):
        return _convert(img, self.is_hwc, colorsys.rgb_to_hsv, "RgbToHsv")


class HsvToRgb:
    """HSV images to RGB (by `colorsys.hsv_to_rgb`, pixel by pixel).

    Args:
        is_hwc (bool): Images are (H, W, C) (or (N, H, W, C)) instead of (C, H, W)
            (or (N, C, H, W)). Default: ``False``.

    Raises:
        TypeError: `is_hwc` is not a bool; when applied, the input is not a 3- or 4-D
            array of 3 channels.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.HsvToRgb(is_hwc=True)(np.array([[[0.0, 1.0, 1.0]]])).tolist()
        [[[1.0, 0.0, 0.0]]]
    """

    def __init__(self, is_hwc: bool = False) -> None:
        self.is_hwc = _flag(is_hwc, "HsvToRgb")

    def __call__(self, img):
        return _convert(img, self.is_hwc, colorsys.hsv_to_rgb, "HsvToRgb")
