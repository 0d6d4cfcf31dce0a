"""Geometric vision transforms: resizing, cropping, padding and flipping (an image, or a
stack of them (..., H, W, C) where MindSpore accepts one)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ...common.stdlib_random import bernoulli
from .._random import op_engine
from ._checks import image_arg, images_arg, joined, over_images, size_pair
from ._resize_kernels import RESIZE_MODES, resize_by
from .utils import Border, Inter

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = [
    "Resize",
    "Crop",
    "CenterCrop",
    "Pad",
    "HorizontalFlip",
    "VerticalFlip",
    "RandomHorizontalFlip",
    "RandomVerticalFlip",
    "pad_image",
]


def _flip(img, axis):
    """Reverse the width (-2) or height (-3) axis; a 2-D image has no channel axis."""
    if img.ndim == 2:
        axis += 1
    return np.flip(img, axis).copy()


class Resize:
    """Resize to `size` (height, width), or the shorter side to `size` keeping the aspect.

    Args:
        size (Union[int, tuple[int, int]]): Output (height, width), or the length of the
            shorter side.
        interpolation (Inter): ``Inter.LINEAR``, ``Inter.NEAREST``, ``Inter.BICUBIC`` or
            ``Inter.AREA`` (these two for uint8 images), ``Inter.PILCUBIC`` (uint8 RGB arrays)
            or ``Inter.ANTIALIAS`` (PIL images). Default: ``Inter.LINEAR``.

    Raises:
        KeyError: `interpolation` is None (as MindSpore's check raises).
        TypeError: `size` is not an int or a pair, or `interpolation` is not an `Inter`.
        ValueError: `size` is not positive, or `interpolation` is another mode.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.Resize((2, 3))(np.zeros((4, 6, 3), np.uint8)).shape
        (2, 3, 3)
    """

    def __init__(self, size: int | Sequence[int], interpolation: Inter = Inter.LINEAR) -> None:
        self.size = size_pair(size, "Resize")
        if interpolation is None:  # (MindSpore's check raises KeyError here)
            raise KeyError("Resize: `interpolation` must not be None")
        if not isinstance(interpolation, Inter):
            raise TypeError(f"Resize: `interpolation` must be an Inter, got {interpolation!r}")
        # (ANTIALIAS is PIL's filter: MindSpore takes it, for PIL images only; PILCUBIC is
        # PIL's bicubic filter, for uint8 RGB arrays)
        if Inter(interpolation) not in (*RESIZE_MODES, Inter.ANTIALIAS, Inter.PILCUBIC):
            raise ValueError(
                f"Resize: `interpolation` {Inter(interpolation).name} is not supported; "
                "use Inter.LINEAR, Inter.NEAREST, Inter.BICUBIC or Inter.AREA"
            )
        self.interpolation = Inter(interpolation)

    def __call__(self, img):
        if self.interpolation == Inter.ANTIALIAS:
            raise TypeError("Resize: Inter.ANTIALIAS resizes PIL images only, got a numpy array")
        return over_images(self._one, image_arg(img, "Resize", max_rank=None))

    def _one(self, img):
        h, w = img.shape[:2]
        if isinstance(self.size, int):
            if h <= w:
                out_h, out_w = self.size, int(w * self.size / h)
            else:
                out_h, out_w = int(h * self.size / w), self.size
        else:
            out_h, out_w = self.size
        if self.interpolation == Inter.PILCUBIC:
            return _pil_cubic(img, out_h, out_w)
        return resize_by(img, out_h, out_w, self.interpolation)


def _pil_cubic(img, out_h, out_w):
    """PIL's bicubic resize of a uint8 (H, W, 3) array (MindSpore's PILCUBIC on arrays: it
    reads other dtypes' memory as bytes, which msfunc refuses instead)."""
    if img.dtype != np.uint8 or img.ndim != 3 or img.shape[2] != 3:
        raise RuntimeError(
            f"Resize: PILCUBIC takes uint8 (H, W, 3) arrays, got {img.dtype} {img.shape}"
        )
    from PIL import Image

    return np.asarray(Image.fromarray(img).resize((out_w, out_h), Image.Resampling.BICUBIC))


def pad_image(img, padding, fill_value, mode):
    if padding is None:
        return img
    if isinstance(padding, (int, np.integer)):
        left = top = right = bottom = int(padding)
    elif len(padding) == 2:
        left, top = padding
        right, bottom = padding
    elif len(padding) == 4:
        left, top, right, bottom = padding
    else:
        raise ValueError(f"RandomCrop: `padding` must be an int or 2 or 4 ints, got {padding!r}")
    widths = [(top, bottom), (left, right)] + [(0, 0)] * (img.ndim - 2)
    mode = Border(mode).value
    if mode == "constant":
        fills = np.asarray(fill_value).reshape(-1)
        fill = fills[0]
        if img.ndim == 3 and fills.size > 1:
            out = np.stack(
                [
                    np.pad(img[..., c], widths[:2], constant_values=fills[c])
                    for c in range(img.shape[2])
                ],
                axis=-1,
            )
            return out
        return np.pad(img, widths, constant_values=fill)
    return np.pad(img, widths, mode=mode)


class CenterCrop:
    """Crop the central `size` window; a side shorter than the crop is first padded with
    zeros to it (the larger half of the padding before the image), as MindSpore does.

    Args:
        size (Union[int, tuple[int, int]]): Output (height, width), or one side for both.

    Raises:
        RuntimeError: when applied, a side needs padding of 3 times its length or more.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.CenterCrop(2)(np.arange(16).reshape(4, 4)).tolist()
        [[5, 6], [9, 10]]
    """

    def __init__(self, size: int | Sequence[int]) -> None:
        size = size_pair(size, "CenterCrop")
        self.size = (size, size) if isinstance(size, int) else size

    def __call__(self, img):
        # (each image of a stack (..., H, W, C) is cropped alike, as MindSpore's video inputs)
        return over_images(self._one, image_arg(img, "CenterCrop", max_rank=None))

    def _one(self, img):
        h, w = self.size
        if h - img.shape[0] >= 3 * img.shape[0] or w - img.shape[1] >= 3 * img.shape[1]:
            raise RuntimeError(
                f"CenterCrop: the crop {self.size} needs padding of 3 times the image "
                f"{img.shape[:2]} or more"
            )
        if img.shape[0] < h or img.shape[1] < w:
            # (MindSpore pads a side shorter than the crop with zeros, the larger half first)
            pad_h, pad_w = max(h - img.shape[0], 0), max(w - img.shape[1], 0)
            sides = [(pad_h - pad_h // 2, pad_h // 2), (pad_w - pad_w // 2, pad_w // 2)]
            img = np.pad(img, sides + [(0, 0)] * (img.ndim - 2))
        top = (img.shape[0] - h) // 2
        left = (img.shape[1] - w) // 2
        return np.ascontiguousarray(img[top : top + h, left : left + w])  # (a copy, as MindSpore)


class RandomHorizontalFlip:
    """Flip left-right with probability `prob`.

    Args:
        prob (float): Probability of flipping, in [0, 1]. Default: ``0.5``.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.RandomHorizontalFlip(1.0)(np.array([[1, 2, 3]])).tolist()
        [[3, 2, 1]]
    """

    def __init__(self, prob: float = 0.5) -> None:
        if isinstance(prob, bool) or not isinstance(prob, (int, float)):
            raise TypeError(f"{type(self).__name__}: `prob` must be a number, got {prob!r}")
        if not 0.0 <= prob <= 1.0:
            raise ValueError(f"{type(self).__name__}: `prob` must be in [0, 1], got {prob}")
        self.prob = float(prob)

    def __call__(self, *images):
        """Flip one image, or several (of any sizes) all or none."""
        images = images_arg(images, "RandomHorizontalFlip", max_rank=None)
        flip = bernoulli(op_engine(self), self.prob)
        return joined([_flip(img, -2) if flip else img for img in images])


class RandomVerticalFlip(RandomHorizontalFlip):
    """Flip top-bottom with probability `prob`.

    Args:
        prob (float): Probability of flipping, in [0, 1]. Default: ``0.5``.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.RandomVerticalFlip(1.0)(np.array([[1], [2]])).tolist()
        [[2], [1]]
    """

    def __call__(self, *images):
        """Flip one image, or several (of any sizes) all or none."""
        images = images_arg(images, "RandomVerticalFlip")  # (MindSpore's takes no stacks)
        flip = bernoulli(op_engine(self), self.prob)
        return joined([_flip(img, -3) if flip else img for img in images])


class HorizontalFlip:
    """Flip left-right (an image, or each image of a stack (..., H, W, C)).

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.HorizontalFlip()(np.array([[1, 2, 3]])).tolist()
        [[3, 2, 1]]
    """

    def __call__(self, img):
        return _flip(image_arg(img, "HorizontalFlip", max_rank=None), -2)


class VerticalFlip:
    """Flip top-bottom (an image, or each image of a stack (..., H, W, C)).

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.VerticalFlip()(np.array([[1], [2]])).tolist()
        [[2], [1]]
    """

    def __call__(self, img):
        return _flip(image_arg(img, "VerticalFlip", max_rank=None), -3)


class Crop:
    """Cut the `size` window whose top-left corner is `coordinates` (top, left).

    Args:
        coordinates (Sequence[int]): (top, left) of the window, non-negative.
        size (Union[int, Sequence[int]]): (height, width) of the window, or one side for both.

    Raises:
        TypeError: an argument is not of its type.
        ValueError: an argument is out of its range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.Crop((1, 1), 2)(np.arange(16).reshape(4, 4)).tolist()
        [[5, 6], [9, 10]]
    """

    def __init__(self, coordinates: Sequence[int], size: int | Sequence[int]) -> None:
        if not isinstance(coordinates, (tuple, list)) or len(coordinates) != 2:
            raise TypeError(f"Crop: `coordinates` must be a pair (top, left), got {coordinates!r}")
        if not all(isinstance(c, (int, np.integer)) for c in coordinates):
            raise TypeError(f"Crop: `coordinates` must be ints, got {coordinates!r}")
        if any(c < 0 for c in coordinates):
            raise ValueError(f"Crop: `coordinates` must be non-negative, got {coordinates!r}")
        self.coordinates = (int(coordinates[0]), int(coordinates[1]))
        size = size_pair(size, "Crop")
        self.size = (size, size) if isinstance(size, int) else size

    def __call__(self, img):
        img = image_arg(img, "Crop")
        (top, left), (h, w) = self.coordinates, self.size
        if top + h > img.shape[0] or left + w > img.shape[1]:
            raise RuntimeError(
                f"Crop: the window at {self.coordinates} of size {self.size} leaves the "
                f"image of size {img.shape[:2]}"
            )
        return np.ascontiguousarray(img[top : top + h, left : left + w])  # (a copy, as MindSpore)


def _padding_arg(padding, who):
    if isinstance(padding, (int, np.integer)) and not isinstance(padding, bool):
        padding = (padding,)
    if (
        not isinstance(padding, (tuple, list))
        or len(padding) not in (1, 2, 4)
        or not all(isinstance(p, (int, np.integer)) and not isinstance(p, bool) for p in padding)
    ):
        raise TypeError(f"{who}: `padding` must be an int or a sequence of 1, 2 or 4 ints")
    if any(p < 0 for p in padding):
        raise ValueError(f"{who}: `padding` must be non-negative, got {padding!r}")
    if len(padding) == 1:
        return (int(padding[0]),) * 4
    if len(padding) == 2:
        return (int(padding[0]), int(padding[1])) * 2
    return tuple(int(p) for p in padding)


def fill_arg(fill_value, who):
    """A fill value: one int in [0, 255] or three of them (one per channel)."""
    values = (fill_value,) if isinstance(fill_value, (int, np.integer)) else fill_value
    if (
        not isinstance(values, (tuple, list))
        or len(values) not in (1, 3)
        or not all(isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in values)
    ):
        raise TypeError(f"{who}: `fill_value` must be an int or 3 ints, got {fill_value!r}")
    if not all(0 <= v <= 255 for v in values):
        raise ValueError(f"{who}: `fill_value` values must be in [0, 255], got {fill_value!r}")
    return fill_value if len(values) == 3 else int(values[0])


class Pad:
    """Pad the image's sides: `padding` is one width for all sides, (left and right, top and
    bottom) or (left, top, right, bottom).

    Args:
        padding (Union[int, Sequence[int]]): Widths, non-negative.
        fill_value (Union[int, tuple[int, int, int]]): Pixel value of ``Border.CONSTANT``
            padding. Default: ``0``.
        padding_mode (Border): How padding is filled. Default: ``Border.CONSTANT``.

    Raises:
        TypeError: an argument is not of its type.
        ValueError: an argument is out of its range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.Pad(1)(np.ones((2, 2), np.uint8)).shape
        (4, 4)
    """

    def __init__(
        self,
        padding: int | Sequence[int],
        fill_value: int | Sequence[int] = 0,
        padding_mode: Border = Border.CONSTANT,
    ) -> None:
        self.padding = _padding_arg(padding, "Pad")
        self.fill_value = fill_arg(fill_value, "Pad")
        if not isinstance(padding_mode, Border):
            raise TypeError(f"Pad: `padding_mode` must be a Border, got {padding_mode!r}")
        self.padding_mode = padding_mode

    def __call__(self, img):
        return pad_image(image_arg(img, "Pad"), self.padding, self.fill_value, self.padding_mode)
