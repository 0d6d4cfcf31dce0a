"""Transforms of an image with its bounding boxes ((x, y, width, height[, extra...]) float32
rows): `RandomHorizontalFlipWithBBox`, `RandomVerticalFlipWithBBox`, `RandomCropWithBBox`,
`RandomResizedCropWithBBox` and `BoundingBoxAugment`, drawing MindSpore's numbers and
moving the boxes with its float32 arithmetic."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ...common.stdlib_random import bernoulli, canonical_float, uniform_int
from .._random import op_engine, unshifted_seeds
from ._checks import image_arg
from ._resize_kernels import resize_by, resize_linear
from .geometry import RandomHorizontalFlip, _flip, pad_image
from .random_crops import RandomCrop, RandomResizedCrop
from .utils import Inter

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = [
    "check_box_bounds",
    "RandomHorizontalFlipWithBBox",
    "RandomVerticalFlipWithBBox",
    "RandomCropWithBBox",
    "RandomResizedCropWithBBox",
    "BoundingBoxAugment",
]

_F32 = np.float32


def checked_boxes(img, bboxes, who):
    """`img` as a numpy image and a float32 copy of `bboxes`, each box checked to lie
    inside the image (RuntimeErrors, as MindSpore's kernels raise them).

    Example:
        >>> img, boxes = checked_boxes(np.zeros((4, 4)), np.ones((1, 4), np.float32), "Flip")
        >>> boxes.tolist()
        [[1.0, 1.0, 1.0, 1.0]]
    """
    img = image_arg(img, who)
    if not isinstance(bboxes, np.ndarray):
        raise TypeError(f"{who}: the bounding boxes must be a numpy array, got {type(bboxes)}")
    if bboxes.ndim != 2 or bboxes.shape[1] < 4:
        raise RuntimeError(
            f"{who}: bounding boxes must be (N, 4 or more): x, y, width, height first; "
            f"got shape {bboxes.shape}"
        )
    if bboxes.dtype != np.float32:
        raise RuntimeError(f"{who}: bounding boxes must be float32, got {bboxes.dtype}")
    boxes = bboxes.copy()
    check_box_bounds(img.shape, boxes, who)
    return img, boxes


def check_box_bounds(shape, boxes, who):
    """RuntimeError unless every (x, y, width, height, ...) row of `boxes` lies inside an
    image of `shape` (H, W[, C]), as MindSpore's box transforms check them.

    Example:
        >>> check_box_bounds((4, 4), np.array([[0, 0, 4, 4]], np.float32), "Resize")
    """
    if (boxes[:, :4] < 0).any():
        raise RuntimeError(f"{who}: a bounding box has a negative value")
    height, width = shape[:2]
    if ((boxes[:, 0] + boxes[:, 2]) > width).any() or ((boxes[:, 1] + boxes[:, 3]) > height).any():
        raise RuntimeError(f"{who}: a bounding box is out of bounds of the {tuple(shape)} image")


def cropped_boxes(boxes, left, top, right, bottom):
    """The boxes that touch the window [left, right] x [top, bottom], clipped to it and
    moved into its coordinates (the others dropped).

    Example:
        >>> cropped_boxes(np.array([[1, 1, 4, 4]], np.float32), 2, 0, 4, 4).tolist()
        [[0.0, 1.0, 2.0, 3.0]]
    """
    x0, y0 = boxes[:, 0], boxes[:, 1]
    x1, y1 = x0 + boxes[:, 2], y0 + boxes[:, 3]
    keep = ~((x0 > right) | (y0 > bottom) | (x1 < left) | (y1 < top))
    boxes, x0, y0, x1, y1 = boxes[keep], x0[keep], y0[keep], x1[keep], y1[keep]
    zero = _F32(0)
    new_x0 = np.maximum(x0 - np.minimum(zero, x0 - _F32(left)) - _F32(left), zero)
    new_y0 = np.maximum(y0 - np.minimum(zero, y0 - _F32(top)) - _F32(top), zero)
    new_x1 = np.minimum(x1 - np.maximum(zero, x1 - _F32(right)) - _F32(left), _F32(right - left))
    new_y1 = np.minimum(y1 - np.maximum(zero, y1 - _F32(bottom)) - _F32(top), _F32(bottom - top))
    out = boxes.copy()
    out[:, 0], out[:, 1] = new_x0, new_y0
    out[:, 2], out[:, 3] = new_x1 - new_x0, new_y1 - new_y0
    return out


class RandomHorizontalFlipWithBBox(RandomHorizontalFlip):
    """Flip the image left-right with probability `prob`, mirroring its boxes.

    Args:
        prob (float): Probability of flipping, in [0, 1]. Default: ``0.5``.

    Raises:
        TypeError: `prob` is not a number.
        ValueError: `prob` is outside [0, 1].

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> boxes = np.array([[0, 0, 1, 2]], np.float32)
        >>> vision.RandomHorizontalFlipWithBBox(1.0)(np.zeros((2, 4)), boxes)[1].tolist()
        [[3.0, 0.0, 1.0, 2.0]]
    """

    def __call__(self, img, bboxes):
        img, boxes = checked_boxes(img, bboxes, type(self).__name__)
        if not bernoulli(op_engine(self), self.prob):
            return img, boxes
        # (mirrored about the centre, then the width taken off: MindSpore's float32 order)
        centre = _F32(img.shape[1]) / _F32(2)
        boxes[:, 0] = (centre - boxes[:, 0]) * _F32(2) + boxes[:, 0] - boxes[:, 2]
        return _flip(img, -2), boxes


class RandomVerticalFlipWithBBox(RandomHorizontalFlip):
    """Flip the image top-bottom with probability `prob`, mirroring its boxes.

    Args:
        prob (float): Probability of flipping, in [0, 1]. Default: ``0.5``.

    Raises:
        TypeError: `prob` is not a number.
        ValueError: `prob` is outside [0, 1].

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> boxes = np.array([[0, 0, 1, 1]], np.float32)
        >>> vision.RandomVerticalFlipWithBBox(1.0)(np.zeros((3, 2)), boxes)[1].tolist()
        [[0.0, 2.0, 1.0, 1.0]]
    """

    def __call__(self, img, bboxes):
        img, boxes = checked_boxes(img, bboxes, type(self).__name__)
        if not bernoulli(op_engine(self), self.prob):
            return img, boxes
        # (the bottom edge first, then subtracted: MindSpore's float32 order)
        boxes[:, 1] = _F32(img.shape[0]) - (boxes[:, 1] + boxes[:, 3])
        return _flip(img, -3), boxes


def _left_top(padding):
    if padding is None:
        return 0, 0
    if isinstance(padding, (int, np.integer)):
        return int(padding), int(padding)
    return int(padding[0]), int(padding[1])


class RandomCropWithBBox(RandomCrop):
    """`RandomCrop` that moves the boxes with the image: the boxes touching the window are
    clipped to it, the others dropped.

    As in MindSpore, the padding of `pad_if_needed` does not move the boxes (`padding`
    does).

    Args:
        size (Union[int, tuple[int, int]]): Output (height, width), or one side for both.
        padding (Union[int, Sequence[int], None]): Pad first: one width for all sides, (left
            and right, top and bottom) or (left, top, right, bottom). Default: ``None``.
        pad_if_needed (bool): Pad an image smaller than `size` up to it. Default: ``False``.
        fill_value (Union[int, tuple[int, int, int]]): Pixel value of ``Border.CONSTANT``
            padding. Default: ``0``.
        padding_mode (Border): How padding is filled. Default: ``Border.CONSTANT``.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> boxes = np.array([[0, 0, 4, 4]], np.float32)
        >>> vision.RandomCropWithBBox(2)(np.zeros((4, 4)), boxes)[1].tolist()
        [[0.0, 0.0, 2.0, 2.0]]
    """

    def __call__(self, img, bboxes):
        img, boxes = checked_boxes(img, bboxes, "RandomCropWithBBox")
        img = pad_image(img, self.padding, self.fill_value, self.padding_mode)
        left, top = _left_top(self.padding)
        boxes[:, 0] += _F32(left)
        boxes[:, 1] += _F32(top)
        h, w = self.size
        if self.pad_if_needed and (img.shape[0] < h or img.shape[1] < w):
            extra_h, extra_w = max(0, h - img.shape[0]), max(0, w - img.shape[1])
            img = pad_image(
                img, (extra_w, extra_h, extra_w, extra_h), self.fill_value, self.padding_mode
            )
        if img.shape[0] < h or img.shape[1] < w:
            raise RuntimeError(
                f"RandomCropWithBBox: the crop {self.size} is larger than the (padded) "
                f"image {img.shape[:2]}"
            )
        engine = op_engine(self)
        x = uniform_int(engine, 0, img.shape[1] - w)
        y = uniform_int(engine, 0, img.shape[0] - h)
        return img[y : y + h, x : x + w], cropped_boxes(boxes, x, y, x + w, y + h)


class RandomResizedCropWithBBox(RandomResizedCrop):
    """`RandomResizedCrop` that moves the boxes with the image: clipped to the window (the
    others dropped), then scaled with it.

    Args:
        size (Union[int, tuple[int, int]]): Output (height, width), or one side for both.
        scale (tuple[float, float]): Range of the window's area as a fraction of the image's.
            Default: ``(0.08, 1.0)``.
        ratio (tuple[float, float]): Range of the window's width / height.
            Default: ``(3 / 4, 4 / 3)``.
        interpolation (Inter): ``Inter.BILINEAR`` or ``Inter.NEAREST``.
            Default: ``Inter.BILINEAR``.
        max_attempts (int): Windows drawn before falling back to the central one.
            Default: ``10``.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> boxes = np.array([[0, 0, 8, 8]], np.float32)
        >>> op = vision.RandomResizedCropWithBBox(4, scale=(1.0, 1.0), ratio=(1.0, 1.0))
        >>> op(np.zeros((8, 8), np.uint8), boxes)[1].tolist()
        [[0.0, 0.0, 4.0, 4.0]]
    """

    def __call__(self, img, bboxes):
        img, boxes = checked_boxes(img, bboxes, "RandomResizedCropWithBBox")
        if self.interpolation == Inter.ANTIALIAS:
            raise TypeError("RandomResizedCropWithBBox: Inter.ANTIALIAS resizes PIL images only")
        top, left, height, width = self._window(*img.shape[:2])
        window = img[top : top + height, left : left + width]
        out = resize_by(window, *self.size, self.interpolation)
        boxes = cropped_boxes(boxes, left, top, left + width, top + height)
        scale_w, scale_h = _F32(self.size[1]) / _F32(width), _F32(self.size[0]) / _F32(height)
        boxes[:, [0, 2]] *= scale_w
        boxes[:, [1, 3]] *= scale_h
        return out, boxes


class BoundingBoxAugment:
    """Apply `transform` to the image inside each box with probability `ratio` (the box
    cut at whole pixels; a result of another size is resized back bilinearly).

    Args:
        transform (Callable): A one-image transform.
        ratio (float): Probability for each box, in [0, 1]. Default: ``0.3``.

    Raises:
        TypeError: an argument is not of its type.
        ValueError: `ratio` is outside [0, 1].

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> boxes = np.array([[0, 0, 1, 1]], np.float32)
        >>> op = vision.BoundingBoxAugment(vision.Invert(), 1.0)
        >>> op(np.zeros((2, 2, 3), np.uint8), boxes)[0][:, :, 0].tolist()
        [[255, 0], [0, 0]]
    """

    def __init__(self, transform: Callable, ratio: float = 0.3) -> None:
        if not callable(transform):
            raise TypeError(f"BoundingBoxAugment: `transform` must be callable, got {transform!r}")
        if isinstance(ratio, bool) or not isinstance(ratio, (int, float)):
            raise TypeError(f"BoundingBoxAugment: `ratio` must be a number, got {ratio!r}")
        if not 0.0 <= ratio <= 1.0:
            raise ValueError(f"BoundingBoxAugment: `ratio` must be in [0, 1], got {ratio}")
        self.transform, self.ratio = transform, float(ratio)

    def __call__(self, img, bboxes):
        img, boxes = checked_boxes(img, bboxes, "BoundingBoxAugment")
        out, engine = img.copy(), op_engine(self)
        for box in boxes:
            if not canonical_float(engine) < self.ratio:
                continue
            x, y, w, h = (int(v) for v in box[:4])
            with unshifted_seeds():
                patch = np.asarray(self.transform(out[y : y + h, x : x + w]))
            if patch.shape[:2] != (h, w):
                patch = resize_linear(patch, h, w)
            out[y : y + h, x : x + w] = patch
        return out, boxes
