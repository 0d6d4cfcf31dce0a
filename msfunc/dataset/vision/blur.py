"""`GaussianBlur`: Gaussian kernels (MindSpore's default sigma) applied separably with
mirrored borders (OpenCV's ``BORDER_REFLECT_101``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ._checks import image_arg

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["GaussianBlur"]

_FLOAT_MAX = 16777216


def gaussian_kernel(size, sigma):
    """The normalised Gaussian of `size` taps; a `sigma` that is not positive comes from the
    size as MindSpore computes it (``0.3 * ((size - 1) / 2 - 1) + 0.8``) before OpenCV sees
    it, so OpenCV's fixed small tables are never used.

    Example:
        >>> [round(float(v), 4) for v in gaussian_kernel(3, 0)]
        [0.239, 0.522, 0.239]
    """
    if sigma <= 0:
        sigma = ((size - 1) * 0.5 - 1) * 0.3 + 0.8
    x = np.arange(size) - (size - 1) * 0.5
    kernel = np.exp(-(x * x) / (2.0 * sigma * sigma))
    return kernel / kernel.sum()


def _pairs(value, name, who, *, odd):
    values = (value, value) if not isinstance(value, (tuple, list)) else tuple(value)
    if len(values) == 1:
        values = values * 2
    if len(values) != 2:
        raise TypeError(f"{who}: `{name}` must be a number or a pair, got {value!r}")
    for v in values:
        kinds = (int, np.integer) if odd else (int, float, np.number)
        if isinstance(v, bool) or not isinstance(v, kinds):
            raise TypeError(f"{who}: `{name}` values must be {'ints' if odd else 'numbers'}")
        if not (1 if odd else 0) <= v <= _FLOAT_MAX:
            raise ValueError(f"{who}: `{name}` values out of range, got {value!r}")
        if odd and int(v) % 2 == 0:
            raise ValueError(f"{who}: `{name}` values must be odd, got {value!r}")
    return values


class GaussianBlur:
    """Blur with a Gaussian kernel of `kernel_size` (width, height) and `sigma` (x, y).

    Integer images are rounded from float sums (OpenCV's 8-bit fixed point lands some
    pixels one unit away).

    Args:
        kernel_size (Union[int, Sequence[int]]): Odd kernel width and height, or one for both.
        sigma (Union[float, Sequence[float]], optional): Standard deviations (x, y), or one
            for both; ``None`` or 0 derives them from the kernel size. Default: ``None``.

    Raises:
        TypeError: an argument is not of its type.
        ValueError: an argument is out of its range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.GaussianBlur(3)(np.full((3, 3), 8, np.uint8)).tolist()
        [[8, 8, 8], [8, 8, 8], [8, 8, 8]]
    """

    def __init__(
        self, kernel_size: int | Sequence[int], sigma: float | Sequence[float] | None = None
    ) -> None:
        if not isinstance(kernel_size, (int, np.integer, tuple, list)) or isinstance(
            kernel_size, bool
        ):
            raise TypeError(
                f"GaussianBlur: `kernel_size` must be an int or a pair, got {kernel_size!r}"
            )
        self.kernel_size = _pairs(kernel_size, "kernel_size", "GaussianBlur", odd=True)
        sigma = 0.0 if sigma is None else sigma
        self.sigma = _pairs(sigma, "sigma", "GaussianBlur", odd=False)

    def __call__(self, img):
        img = image_arg(img, "GaussianBlur")
        out = img.astype(np.float64)
        (kw, kh), (sx, sy) = self.kernel_size, self.sigma
        sy = sy if sy > 0 else sx  # (OpenCV: a zero y sigma takes the x one)
        for axis, size, sigma in ((1, kw, sx), (0, kh, sy)):
            kernel = gaussian_kernel(size, sigma)
            half = size // 2
            widths = [(0, 0)] * out.ndim
            widths[axis] = (half, half)
            padded = np.pad(out, widths, mode="reflect")
            length = out.shape[axis]
            total = np.zeros_like(out)
            for k in range(size):
                total += kernel[k] * np.take(padded, np.arange(k, k + length), axis=axis)
            out = total
        if img.dtype.kind == "f":
            return out.astype(img.dtype)
        info = np.iinfo(img.dtype)
        return np.clip(np.rint(out), info.min, info.max).astype(img.dtype)
