"""Image layers on NCHW batches: SSIM, MSSSIM, PSNR, CentralCrop and ImageGradients."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import jax
import jax.numpy as jnp
import numpy as np

from ...common.tensor import unwrap
from ..cell import Cell

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["SSIM", "MSSSIM", "PSNR", "CentralCrop", "ImageGradients"]

_MSSSIM_WEIGHTS = (0.0448, 0.2856, 0.3001, 0.2363, 0.1333)


# --------------------------------------------------------------------------- argument checks
def _check_max_val(max_val, who):
    if isinstance(max_val, bool) or not isinstance(max_val, (int, float)):
        raise TypeError(f"{who}: `max_val` must be an int or a float, got {type(max_val).__name__}")
    if max_val <= 0:
        raise ValueError(f"{who}: `max_val` must be > 0, got {max_val}")
    return max_val


def _check_float(value, name, who, positive=False):
    if not isinstance(value, float):
        raise TypeError(f"{who}: `{name}` must be a float, got {type(value).__name__}")
    if positive and value <= 0:
        raise ValueError(f"{who}: `{name}` must be > 0, got {value}")
    return value


def _check_filter(filter_size, filter_sigma, k1, k2, who):
    if isinstance(filter_size, bool) or not isinstance(filter_size, int):
        raise TypeError(f"{who}: `filter_size` must be an int, got {type(filter_size).__name__}")
    if filter_size < 1:
        raise ValueError(f"{who}: `filter_size` must be >= 1, got {filter_size}")
    return (
        filter_size,
        _check_float(filter_sigma, "filter_sigma", who, positive=True),
        _check_float(k1, "k1", who),
        _check_float(k2, "k2", who),
    )


def _check_4d(img, name, who):
    if img.ndim != 4:
        raise ValueError(f"{who}: `{name}` must be a 4-D NCHW tensor, got {img.ndim}-D")


def _check_pair(img1, img2, who):
    """Both images alike: a dtype mismatch is a TypeError, a shape mismatch a ValueError."""
    if img1.dtype != img2.dtype:
        raise TypeError(
            f"{who}: `img1` and `img2` must have the same dtype, got {img1.dtype} and {img2.dtype}"
        )
    if img1.shape != img2.shape:
        raise ValueError(
            f"{who}: `img1` and `img2` must have the same shape, got {img1.shape} and {img2.shape}"
        )


def _check_dtype(img, allowed, who):
    if img.dtype not in allowed:
        names = ", ".join(str(np.dtype(d)) for d in allowed)
        raise TypeError(f"{who}: `img1` must have dtype in ({names}), got {img.dtype}")


# --------------------------------------------------------------------------- computation
def _to_unit_float32(img, max_val):
    """Images and `max_val` as float32; integer images are divided by their dtype's maximum
    (uint8 0..255 becomes 0..1, and `max_val` is divided alike)."""
    scale = 1.0
    if jnp.issubdtype(img.dtype, jnp.integer):
        scale = 1.0 / float(np.iinfo(img.dtype).max)
    img = jnp.asarray(img, jnp.float32)
    if scale != 1.0:
        img = img * np.float32(scale)
    return img, np.float32(max_val) * np.float32(scale)


def gaussian_window(size, sigma):
    """The normalized (size, size) Gaussian window, centred at index (size - 1) // 2.

    Example:
        >>> w = gaussian_window(3, 1.5)
        >>> w.shape, round(float(w.sum()), 6)
        ((3, 3), 1.0)
    """
    r = np.arange(size, dtype=np.float32) - (size - 1) // 2
    g = np.exp(-(r[:, None] ** 2 + r[None, :] ** 2) / np.float32(2 * sigma**2))
    return (g / g.sum()).astype(np.float32)


def _filter(img, window):
    """Each channel of an NCHW batch convolved ('valid') with the same 2-D window."""
    c = img.shape[1]
    kernel = jnp.broadcast_to(jnp.asarray(window), (c, 1) + window.shape)
    return jax.lax.conv_general_dilated(
        img,
        kernel,
        (1, 1),
        "VALID",
        dimension_numbers=("NCHW", "OIHW", "NCHW"),
        feature_group_count=c,
        precision=jax.lax.Precision.HIGHEST,
    )


def _ssim_and_cs(img1, img2, window, c1, c2):
    """Per-(N, C) mean SSIM map and mean contrast-structure term."""
    mu1, mu2 = _filter(img1, window), _filter(img2, window)
    mu1_sq, mu2_sq, mu12 = mu1 * mu1, mu2 * mu2, mu1 * mu2
    var1 = _filter(img1 * img1, window) - mu1_sq
    var2 = _filter(img2 * img2, window) - mu2_sq
    cov = _filter(img1 * img2, window) - mu12
    cs_map = (2 * cov + c2) / (var1 + var2 + c2)
    ssim_map = (2 * mu12 + c1) / (mu1_sq + mu2_sq + c1) * cs_map
    return ssim_map.mean(axis=(2, 3)), cs_map.mean(axis=(2, 3))


def _check_window_fits(img, filter_size, who, level=None):
    h, w = img.shape[2:]
    if h < filter_size or w < filter_size:
        where = f" at scale {level} (after {level} halvings)" if level else ""
        raise ValueError(
            f"{who}: image height and width{where} must be >= filter_size "
            f"{filter_size}, got {h}x{w}"
        )


class SSIM(Cell):
    """Structural similarity of two NCHW image batches, one value per image (shape (N,)).

    Local means, variances and covariance come from a Gaussian window (`filter_size`,
    `filter_sigma`) applied without padding; the SSIM map is averaged over pixels and
    channels. `max_val` is the dynamic range (1.0 for [0, 1] images, 255 for 8-bit ones).
    Inputs are float16 or float32; the result is float32.

    Args:
        max_val (float): The images' dynamic range. Default: ``1.0``.
        filter_size (int): The Gaussian window's side, at least 1. Default: ``11``.
        filter_sigma (float): The window's standard deviation. Default: ``1.5``.
        k1 (float): The luminance stabiliser's factor. Default: ``0.01``.
        k2 (float): The contrast stabiliser's factor. Default: ``0.03``.

    Inputs:
        img1 (Tensor): (N, C, H, W), H and W at least `filter_size`.
        img2 (Tensor): `img1`'s shape and dtype.

    Outputs:
        Tensor (N,), float32.

    Example:
        >>> import msfunc as ms
        >>> img = ms.numpy.ones((1, 3, 16, 16))
        >>> ms.nn.SSIM()(img, img).tolist()
        [1.0]
    """

    def __init__(
        self,
        max_val: float = 1.0,
        filter_size: int = 11,
        filter_sigma: float = 1.5,
        k1: float = 0.01,
        k2: float = 0.03,
    ):
        super().__init__()
        self.max_val = _check_max_val(max_val, "SSIM")
        self.filter_size, self.filter_sigma, self.k1, self.k2 = _check_filter(
            filter_size, filter_sigma, k1, k2, "SSIM"
        )
        self._window = gaussian_window(self.filter_size, self.filter_sigma)

    def construct(self, img1, img2):
        img1, img2 = jnp.asarray(unwrap(img1)), jnp.asarray(unwrap(img2))
        _check_dtype(img1, (jnp.float16, jnp.float32), "SSIM")
        _check_4d(img1, "img1", "SSIM")
        _check_window_fits(img1, self.filter_size, "SSIM")
        _check_pair(img1, img2, "SSIM")
        img1, max_val = _to_unit_float32(img1, self.max_val)
        img2, _ = _to_unit_float32(img2, self.max_val)
        c1, c2 = (self.k1 * max_val) ** 2, (self.k2 * max_val) ** 2
        ssim, _ = _ssim_and_cs(img1, img2, self._window, c1, c2)
        return ssim.mean(axis=-1)

    def extend_repr(self):
        return (
            f"max_val={self.max_val}, filter_size={self.filter_size}, "
            f"filter_sigma={self.filter_sigma}, k1={self.k1}, k2={self.k2}"
        )


class MSSSIM(Cell):
    """Multi-scale SSIM of two NCHW batches, one value per image (shape (N,)).

    At each of ``len(power_factors)`` scales the contrast-structure term is taken, then
    both images are halved by 2x2 average pooling; the last scale contributes its full
    SSIM. Each (ReLU-clipped) term is raised to its power factor, the terms multiplied and
    the product averaged over channels. Inputs are float16/32/64 or uint8 (scaled by 1/255).

    Args:
        max_val (float): The images' dynamic range. Default: ``1.0``.
        power_factors (Sequence[float]): One exponent per scale; their count is the number
            of scales. Default: the five weights of Wang et al. (2003).
        filter_size (int): The Gaussian window's side. Default: ``11``.
        filter_sigma (float): The window's standard deviation. Default: ``1.5``.
        k1 (float): The luminance stabiliser's factor. Default: ``0.01``.
        k2 (float): The contrast stabiliser's factor. Default: ``0.03``.

    Inputs:
        img1 (Tensor): (N, C, H, W), large enough for the window at the coarsest scale.
        img2 (Tensor): `img1`'s shape and dtype.

    Outputs:
        Tensor (N,), float32.

    Example:
        >>> import msfunc as ms
        >>> img = ms.numpy.ones((1, 1, 16, 16))
        >>> ms.nn.MSSSIM(power_factors=(0.5, 0.5), filter_size=3)(img, img).tolist()
        [1.0]
    """

    def __init__(
        self,
        max_val: float = 1.0,
        power_factors: Sequence[float] = _MSSSIM_WEIGHTS,
        filter_size: int = 11,
        filter_sigma: float = 1.5,
        k1: float = 0.01,
        k2: float = 0.03,
    ):
        super().__init__()
        self.max_val = _check_max_val(max_val, "MSSSIM")
        if not isinstance(power_factors, (tuple, list)):
            raise TypeError(
                f"MSSSIM: `power_factors` must be a tuple or a list, got "
                f"{type(power_factors).__name__}"
            )
        if any(isinstance(p, bool) or not isinstance(p, (int, float)) for p in power_factors):
            raise TypeError(
                f"MSSSIM: every entry of `power_factors` must be a number, got {power_factors!r}"
            )
        if not power_factors:
            raise ValueError("MSSSIM: `power_factors` must have at least one entry (one scale)")
        self.power_factors = tuple(float(p) for p in power_factors)
        self.filter_size, self.filter_sigma, self.k1, self.k2 = _check_filter(
            filter_size, filter_sigma, k1, k2, "MSSSIM"
        )
        self._window = gaussian_window(self.filter_size, self.filter_sigma)

    def construct(self, img1, img2):
        img1, img2 = jnp.asarray(unwrap(img1)), jnp.asarray(unwrap(img2))
        _check_4d(img1, "img1", "MSSSIM")
        _check_4d(img2, "img2", "MSSSIM")
        _check_dtype(img1, (jnp.float64, jnp.float32, jnp.float16, jnp.uint8), "MSSSIM")
        _check_pair(img1, img2, "MSSSIM")
        img1, max_val = _to_unit_float32(img1, self.max_val)
        img2, _ = _to_unit_float32(img2, self.max_val)
        c1, c2 = (self.k1 * max_val) ** 2, (self.k2 * max_val) ** 2
        terms = []
        for level in range(len(self.power_factors)):
            _check_window_fits(img1, self.filter_size, "MSSSIM", level)
            ssim, cs = _ssim_and_cs(img1, img2, self._window, c1, c2)
            terms.append(cs)
            img1, img2 = _halve(img1), _halve(img2)
        # the last scale contributes its full SSIM instead of its contrast-structure term
        terms[-1] = ssim
        stacked = jax.nn.relu(jnp.stack(terms, axis=-1))
        weighted = jnp.power(stacked, jnp.asarray(self.power_factors, jnp.float32))
        return jnp.prod(weighted, axis=-1).mean(axis=-1)

    def extend_repr(self):
        return (
            f"max_val={self.max_val}, power_factors={self.power_factors}, "
            f"filter_size={self.filter_size}, filter_sigma={self.filter_sigma}"
        )


def _halve(img):
    """2x2 average pooling with stride 2 (an odd last row or column is dropped)."""
    total = jax.lax.reduce_window(
        img, np.float32(0), jax.lax.add, (1, 1, 2, 2), (1, 1, 2, 2), "VALID"
    )
    return total * np.float32(0.25)


class PSNR(Cell):
    """Peak signal-to-noise ratio ``10 log10(max_val^2 / MSE)`` of two NCHW batches, per image.

    Integer images, and `max_val` with them, are divided by the dtype's maximum first (255
    for uint8); the result is float32 of shape (N,).

    Args:
        max_val (float): The images' dynamic range. Default: ``1.0``.

    Inputs:
        img1 (Tensor): (N, C, H, W).
        img2 (Tensor): `img1`'s shape and dtype.

    Outputs:
        Tensor (N,), float32, in decibels.

    Example:
        >>> import msfunc as ms
        >>> a = ms.Tensor([[[[0.0, 0.5]]]])
        >>> round(ms.nn.PSNR()(a, a * 0.0).tolist()[0], 4)
        9.0309
    """

    def __init__(self, max_val: float = 1.0):
        super().__init__()
        self.max_val = _check_max_val(max_val, "PSNR")

    def construct(self, img1, img2):
        img1, img2 = jnp.asarray(unwrap(img1)), jnp.asarray(unwrap(img2))
        _check_4d(img1, "img1", "PSNR")
        _check_4d(img2, "img2", "PSNR")
        _check_pair(img1, img2, "PSNR")
        img1, max_val = _to_unit_float32(img1, self.max_val)
        img2, _ = _to_unit_float32(img2, self.max_val)
        mse = jnp.mean(jnp.square(img1 - img2), axis=(-3, -2, -1))
        return np.float32(10.0) * jnp.log10(jnp.square(max_val) / mse)

    def extend_repr(self):
        return f"max_val={self.max_val}"


class CentralCrop(Cell):
    """The central ``central_fraction`` of the height and width of a CHW or NCHW tensor.

    The border removed on each side is ``int((size - size * central_fraction) / 2)``.

    Args:
        central_fraction (float): The fraction of each side kept, in (0, 1].

    Inputs:
        image (Tensor): (C, H, W) or (N, C, H, W).

    Outputs:
        Tensor with the cropped height and width, of `image`'s dtype.

    Example:
        >>> import msfunc as ms
        >>> ms.nn.CentralCrop(0.5)(ms.numpy.ones((2, 3, 4, 4))).shape
        (2, 3, 2, 2)
    """

    def __init__(self, central_fraction: float):
        super().__init__()
        if not isinstance(central_fraction, float):
            raise TypeError(
                f"CentralCrop: `central_fraction` must be a float, got "
                f"{type(central_fraction).__name__}"
            )
        if not 0.0 < central_fraction <= 1.0:
            raise ValueError(
                f"CentralCrop: `central_fraction` must be in (0.0, 1.0], got {central_fraction}"
            )
        self.central_fraction = central_fraction

    def construct(self, image):
        image = unwrap(image)
        if image.ndim not in (3, 4):
            raise ValueError(
                f"CentralCrop: `image` must be 3-D (C, H, W) or 4-D (N, C, H, W), "
                f"got shape {tuple(image.shape)}"
            )
        if self.central_fraction == 1.0:
            return image
        h, w = image.shape[-2:]
        top = int((float(h) - float(h * self.central_fraction)) / 2)
        left = int((float(w) - float(w * self.central_fraction)) / 2)
        return image[..., top : h - top, left : w - left]

    def extend_repr(self):
        return f"central_fraction={self.central_fraction}"


class ImageGradients(Cell):
    """Forward differences of an NCHW batch: ``(dy, dx)``, each the input's shape and dtype,
    with the last row of dy and the last column of dx zero.

    Args:
        auto_prefix (bool): As for every Cell. Default: ``True``.
        flags (Union[dict, None]): As for every Cell. Default: ``None``.

    Inputs:
        images (Tensor): (N, C, H, W).

    Outputs:
        Tuple (dy, dx) of Tensors of `images`' shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> dy, dx = ms.nn.ImageGradients()(ms.Tensor([[[[1, 2], [3, 4]]]], ms.int32))
        >>> dy.tolist(), dx.tolist()
        ([[[[2, 2], [0, 0]]]], [[[[1, 0], [1, 0]]]])
    """

    def __init__(self, auto_prefix: bool = True, flags: dict[str, Any] | None = None):
        super().__init__(auto_prefix, flags)

    def construct(self, images):
        images = jnp.asarray(unwrap(images))
        _check_4d(images, "images", "ImageGradients")
        dy = jnp.pad(images[:, :, 1:, :] - images[:, :, :-1, :], ((0, 0), (0, 0), (0, 1), (0, 0)))
        dx = jnp.pad(images[:, :, :, 1:] - images[:, :, :, :-1], ((0, 0), (0, 0), (0, 0), (0, 1)))
        return dy, dx
