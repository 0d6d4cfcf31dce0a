"""Histogram and tone transforms: `AutoContrast`, `RandomAutoContrast`, `Equalize`,
`RandomEqualize`, `RandomLighting`, `Grayscale` and `RandomGrayscale`, on numpy images with
MindSpore's OpenCV arithmetic and its draws, on PIL images through `PIL.ImageOps`."""

from __future__ import annotations

import random
import weakref
from typing import TYPE_CHECKING

import numpy as np

from ...common.stdlib_random import bernoulli, canonical_float
from .._random import op_engine
from ._checks import image_arg, is_pil

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = [
    "AutoContrast",
    "RandomAutoContrast",
    "Equalize",
    "RandomEqualize",
    "RandomLighting",
    "Grayscale",
    "RandomGrayscale",
]

_FLOAT_MAX = 16777216


def _prob(prob, who):
    if isinstance(prob, bool) or not isinstance(prob, (int, float)):
        raise TypeError(f"{who}: `prob` must be a number, got {prob!r}")
    if not 0.0 <= prob <= 1.0:
        raise ValueError(f"{who}: `prob` must be in [0, 1], got {prob}")
    return float(prob)


def _planes(img, who):
    """The uint8 (H, W) or (H, W, 1 | 3) image `img` as a list of channel planes."""
    img = image_arg(img, who)
    if img.ndim == 3 and img.shape[2] not in (1, 3):
        raise RuntimeError(f"{who}: the image must have 1 or 3 channels, got {img.shape[2]}")
    if img.dtype != np.uint8:
        raise RuntimeError(f"{who}: the image must be uint8, got {img.dtype}")
    return img, [img] if img.ndim == 2 else [img[..., c] for c in range(img.shape[2])]


def _joined(img, planes):
    out = planes[0] if img.ndim == 2 else np.stack(planes, axis=-1)
    # MindSpore hands a one-row or one-column (H, W) image back as a vector
    return out.ravel() if img.ndim == 2 and 1 in img.shape else out


def _contrast_table(plane, cutoff, ignore):
    """The lookup table stretching `plane`'s histogram (less `ignore`, less `cutoff` percent
    of the pixels at either end, an integer percentage) over [0, 255]."""
    hist = np.bincount(plane.ravel(), minlength=256).astype(np.int64)
    hist[list(ignore)] = 0
    cut_each = int(np.float32(int(cutoff)) / np.float32(100) * np.float32(hist.sum()))
    for order in (range(256), range(255, -1, -1)):
        cut = cut_each
        for level in order:
            if cut <= 0:
                break
            taken = min(cut, int(hist[level]))
            hist[level] -= taken
            cut -= taken
    present = np.flatnonzero(hist)
    if present.size == 0 or present[-1] <= present[0]:
        return np.arange(256, dtype=np.uint8)
    low, high = int(present[0]), int(present[-1])
    scale = np.float32(255.0 / (high - low))
    levels = np.arange(256, dtype=np.float32) * scale + np.float32(-low * scale)
    return np.clip(np.trunc(levels), 0, 255).astype(np.uint8)


def _auto_contrast(img, cutoff, ignore, who):
    img, planes = _planes(img, who)
    return _joined(img, [_contrast_table(p, cutoff, ignore)[p] for p in planes])


def _equalize_table(plane):
    """OpenCV's equalizeHist table: the cumulative histogram past the first level present,
    scaled to 255 and rounded (a one-level plane keeps its level)."""
    hist = np.bincount(plane.ravel(), minlength=256)
    first = int(np.flatnonzero(hist)[0])
    if hist[first] == plane.size:
        return np.full(256, first, np.uint8)
    scale = np.float32(255.0) / np.float32(plane.size - hist[first])
    table = np.zeros(256, np.uint8)
    running = np.cumsum(hist[first + 1 :]).astype(np.float32)
    table[first + 1 :] = np.clip(np.rint(running * scale), 0, 255).astype(np.uint8)
    return table


def _equalize(img, who):
    img, planes = _planes(img, who)
    return _joined(img, [_equalize_table(p)[p] for p in planes])


def _cutoff_ignore(cutoff, ignore, who):
    if isinstance(cutoff, bool) or not isinstance(cutoff, (int, float)):
        raise TypeError(f"{who}: `cutoff` must be a number, got {cutoff!r}")
    if not 0 <= cutoff < 50:
        raise ValueError(f"{who}: `cutoff` must be in [0, 50), got {cutoff}")
    values = [] if ignore is None else [ignore] if not isinstance(ignore, (list, tuple)) else ignore
    for value in values:
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
            raise TypeError(f"{who}: `ignore` must be an int or a sequence of ints, got {ignore!r}")
        if not 0 <= value <= 255:
            raise ValueError(f"{who}: `ignore` values must be in [0, 255], got {ignore!r}")
    return float(cutoff), [int(v) for v in values]


class AutoContrast:
    """Stretch each channel's histogram over [0, 255], leaving out the `ignore` levels and
    `cutoff` percent of the pixels at the dark and the bright end.

    Args:
        cutoff (float): Percent cut at each end, in [0, 50) (numpy images cut a whole
            percentage, as MindSpore does). Default: ``0.0``.
        ignore (Union[int, Sequence[int]], optional): Levels left out. Default: ``None``.

    Raises:
        TypeError: an argument is not of its type.
        ValueError: an argument is out of its range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.AutoContrast()(np.array([[100, 150, 200]], np.uint8)).tolist()
        [0, 127, 255]
    """

    def __init__(self, cutoff: float = 0.0, ignore: int | Sequence[int] | None = None) -> None:
        self.cutoff, self._ignore = _cutoff_ignore(cutoff, ignore, "AutoContrast")
        self.ignore = ignore

    def __call__(self, img):
        if is_pil(img):
            from PIL import ImageOps

            return ImageOps.autocontrast(img, self.cutoff, self.ignore)
        return _auto_contrast(img, self.cutoff, self._ignore, "AutoContrast")


class RandomAutoContrast:
    """`AutoContrast` with probability `prob`.

    Args:
        cutoff (float): Percent cut at each end, in [0, 50). Default: ``0.0``.
        ignore (Union[int, Sequence[int]], optional): Levels left out. Default: ``None``.
        prob (float): Probability of the change, in [0, 1]. Default: ``0.5``.

    Raises:
        TypeError: an argument is not of its type.
        ValueError: an argument is out of its range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.RandomAutoContrast(prob=1.0)(np.array([[100, 200]], np.uint8)).tolist()
        [0, 255]
    """

    def __init__(
        self, cutoff: float = 0.0, ignore: int | Sequence[int] | None = None, prob: float = 0.5
    ) -> None:
        self.cutoff, self._ignore = _cutoff_ignore(cutoff, ignore, "RandomAutoContrast")
        self.ignore = ignore
        self.prob = _prob(prob, "RandomAutoContrast")

    def __call__(self, img):
        img = image_arg(img, "RandomAutoContrast")
        if not bernoulli(op_engine(self), self.prob):
            return img
        return _auto_contrast(img, self.cutoff, self._ignore, "RandomAutoContrast")


class Equalize:
    """Equalize each channel's histogram (OpenCV's ``equalizeHist`` on numpy images,
    ``PIL.ImageOps.equalize`` on PIL images).

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.Equalize()(np.array([[10, 10], [20, 30]], np.uint8)).tolist()
        [[0, 0], [128, 255]]
    """

    def __call__(self, img):
        if is_pil(img):
            from PIL import ImageOps

            return ImageOps.equalize(img)
        return _equalize(img, "Equalize")


class RandomEqualize:
    """`Equalize` with probability `prob`.

    Args:
        prob (float): Probability of equalizing, in [0, 1]. Default: ``0.5``.

    Raises:
        TypeError: `prob` is not a number.
        ValueError: `prob` is outside [0, 1].

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.RandomEqualize(0.0)(np.array([[10, 20]], np.uint8)).tolist()
        [[10, 20]]
    """

    def __init__(self, prob: float = 0.5) -> None:
        self.prob = _prob(prob, "RandomEqualize")

    def __call__(self, img):
        img = image_arg(img, "RandomEqualize")
        return _equalize(img, "RandomEqualize") if bernoulli(op_engine(self), self.prob) else img


# AlexNet's PCA of ImageNet's RGB values: eigenvalue times eigenvector, per output channel
_EIGEN = np.array(
    [
        [55.46 * -0.5675, 4.794 * 0.7192, 1.148 * 0.4009],
        [55.46 * -0.5808, 4.794 * -0.0045, 1.148 * -0.8140],
        [55.46 * -0.5836, 4.794 * -0.6948, 1.148 * 0.4203],
    ]
)


class _FloatNormal:
    """libstdc++'s ``normal_distribution<float>``: Marsaglia's polar method on float32
    canonical draws, keeping the second value of each pair for the next call."""

    def __init__(self):
        self.saved = None

    def __call__(self, engine, stddev):
        if self.saved is not None:
            value, self.saved = self.saved, None
        else:
            one, two = np.float32(1), np.float32(2)
            while True:
                x = two * canonical_float(engine) - one
                y = two * canonical_float(engine) - one
                r2 = x * x + y * y
                if r2 <= one and r2 != 0:
                    break
            mult = np.sqrt(np.float32(-2) * np.log(r2) / r2)
            self.saved, value = x * mult, y * mult
        return value * np.float32(stddev)


class RandomLighting:
    """AlexNet's PCA lighting noise: add to each RGB channel one combination of ImageNet's
    principal colour components, weighted by three normal draws of deviation `alpha`.

    Args:
        alpha (float): Deviation of the weights, in [0, 16777216]. Default: ``0.05``.

    Raises:
        TypeError: `alpha` is not a number.
        ValueError: `alpha` is out of its range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.RandomLighting(0.0)(np.full((1, 1, 3), 9, np.uint8)).tolist()
        [[[9, 9, 9]]]
    """

    def __init__(self, alpha: float = 0.05) -> None:
        if isinstance(alpha, bool) or not isinstance(alpha, (int, float)):
            raise TypeError(f"RandomLighting: `alpha` must be a number, got {alpha!r}")
        if not 0 <= alpha <= _FLOAT_MAX:
            raise ValueError(f"RandomLighting: `alpha` must be in [0, 16777216], got {alpha}")
        self.alpha = float(alpha)
        # one distribution per engine, living as long as it: a pair's second draw waits there
        self._normals = weakref.WeakKeyDictionary()

    def _weights(self):
        engine = op_engine(self)
        normal = self._normals.setdefault(engine, _FloatNormal())
        return np.array([normal(engine, self.alpha) for _ in range(3)], np.float32)

    def __call__(self, img):
        if is_pil(img):
            return _pil_lighting(img, self.alpha)
        img = image_arg(img, "RandomLighting")
        if img.ndim != 3 or img.shape[2] != 3:
            raise RuntimeError(f"RandomLighting: expected an (H, W, 3) image, got {img.shape}")
        if self.alpha == 0:
            return img
        shift = _EIGEN.astype(np.float32) @ self._weights()
        out = img.astype(np.float32) + shift
        if img.dtype.kind == "f":
            return out.astype(img.dtype)
        info = np.iinfo(img.dtype)
        return np.clip(np.rint(out), info.min, info.max).astype(img.dtype)


def _pil_lighting(img, alpha):
    """MindSpore's Python lighting: numpy's global normal draws, float64 sums, truncated."""
    from PIL import Image

    if img.mode != "RGB":
        img = img.convert("RGB")
    weights = np.array([np.random.normal(0.0, alpha) for _ in range(3)])
    shift = [float(sum(_EIGEN[c][k] * weights[k] for k in range(3))) for c in range(3)]
    out = np.array(img).astype(np.float64) + np.array(shift)
    return Image.fromarray(np.uint8(np.minimum(np.maximum(out, 0), 255)))


def _pil_grey(img, channels, who):
    """PIL's grey conversion of `img`, with 1 or 3 identical channels. A numpy image (what
    msfunc's ``Decode(to_pil=True)`` gives) is converted as the PIL image it stands for
    and handed back as numpy."""
    from PIL import Image

    as_numpy = not is_pil(img)
    if as_numpy:
        img = Image.fromarray(_pil_ready(img, who))
    grey = img.convert("L")
    if channels == 3:
        grey = Image.fromarray(np.dstack([np.asarray(grey, np.uint8)] * 3), "RGB")
    return np.asarray(grey) if as_numpy else grey


def _pil_ready(img, who):
    if not isinstance(img, np.ndarray):
        raise TypeError(f"{who}: the image must be a PIL image or a numpy array, got {type(img)}")
    if img.dtype != np.uint8 or not (img.ndim == 2 or (img.ndim == 3 and img.shape[2] == 3)):
        raise TypeError(
            f"{who}: a numpy image must be uint8 (H, W) or (H, W, 3), got {img.dtype} {img.shape}"
        )
    return img


class Grayscale:
    """A PIL image to grey (PIL's ``convert("L")``), with 1 or 3 identical channels; a
    uint8 numpy image is converted as its PIL image would be.

    Args:
        num_output_channels (int): 1 or 3. Default: ``1``.

    Raises:
        TypeError: `num_output_channels` is not an int.
        ValueError: `num_output_channels` is not 1 or 3.

    Example:
        >>> from PIL import Image
        >>> from msfunc.dataset import vision
        >>> vision.Grayscale(3)(Image.new("RGB", (2, 2), (10, 200, 30))).getpixel((0, 0))
        (124, 124, 124)
    """

    def __init__(self, num_output_channels: int = 1) -> None:
        if isinstance(num_output_channels, bool) or not isinstance(num_output_channels, int):
            raise TypeError(
                f"Grayscale: `num_output_channels` must be an int, got {num_output_channels!r}"
            )
        if num_output_channels not in (1, 3):
            raise ValueError(
                f"Grayscale: `num_output_channels` must be 1 or 3, got {num_output_channels}"
            )
        self.num_output_channels = num_output_channels

    def __call__(self, img):
        return _pil_grey(img, self.num_output_channels, "Grayscale")


class RandomGrayscale:
    """`Grayscale` with probability `prob` (Python's `random`), keeping the image's number
    of channels (an RGB image stays three-channel).

    Args:
        prob (float): Probability of the change, in [0, 1]. Default: ``0.1``.

    Raises:
        TypeError: `prob` is not a number.
        ValueError: `prob` is outside [0, 1].

    Example:
        >>> from PIL import Image
        >>> from msfunc.dataset import vision
        >>> vision.RandomGrayscale(1.0)(Image.new("RGB", (2, 2), (10, 200, 30))).mode
        'RGB'
    """

    def __init__(self, prob: float = 0.1) -> None:
        self.prob = _prob(prob, "RandomGrayscale")

    def __call__(self, img):
        if is_pil(img):
            channels = 1 if img.mode == "L" else 3
        else:
            channels = 1 if _pil_ready(img, "RandomGrayscale").ndim == 2 else 3
        if self.prob > random.random():
            return _pil_grey(img, channels, "RandomGrayscale")
        return img
