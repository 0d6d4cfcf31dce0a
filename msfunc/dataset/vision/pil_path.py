"""The PIL path of the vision transforms: one PIL image in, PIL's own operations, a PIL image
out (MindSpore's Python implementations, whose random draws come from Python's `random`)."""

from __future__ import annotations

import math
import random

import numpy as np

from ._checks import is_pil
from .pil_compound import pil_filter, random_affine, uniform_augment
from .utils import Border

__all__ = ["PIL_IMPLEMENTATIONS", "with_pil_path"]


def _crop(img, top, left, height, width):
    return img.crop((left, top, left + width, top + height))


def _resize(img, size, resample):
    if isinstance(size, int):
        width, height = img.size
        if min(width, height) == size:
            return img
        aspect = width / height
        if width < height:
            return img.resize((size, int(size / aspect)), resample)
        return img.resize((int(size * aspect), size), resample)
    return img.resize((size[1], size[0]), resample)


def _pad(img, padding, fill_value, mode):
    from PIL import Image, ImageOps

    left, top, right, bottom = padding
    mode = Border(mode).value
    if isinstance(fill_value, list):
        fill_value = tuple(fill_value)
    if mode == "constant":
        if isinstance(fill_value, tuple) and img.mode in ("L", "1"):
            fill_value = (fill_value[0],)
        out = ImageOps.expand(img, border=(left, top, right, bottom), fill=fill_value)
        if img.mode == "P":
            out.putpalette(img.getpalette())
        return out
    pixels = np.asarray(img)
    widths = ((top, bottom), (left, right)) + ((0, 0),) * (pixels.ndim - 2)
    out = Image.fromarray(np.pad(pixels, widths, mode))
    if img.mode == "P":
        out.putpalette(img.getpalette())
    return out


def _four_sides(padding):
    """(left, top, right, bottom) of an int, a pair (left/right, top/bottom) or four."""
    if padding is None:
        return None
    if isinstance(padding, (int, np.integer)):
        return (int(padding),) * 4
    padding = tuple(int(p) for p in padding)
    return padding * 2 if len(padding) == 2 else padding


def _resize_op(op, img):
    return _resize(img, op.size, pil_filter(op.interpolation, "Resize"))


def _pad_op(op, img):
    return _pad(img, _four_sides(op.padding), op.fill_value, op.padding_mode)


def _center_crop(op, img):
    width, height = img.size
    crop_h, crop_w = op.size
    top, left = round((height - crop_h) / 2.0), round((width - crop_w) / 2.0)
    return _crop(img, int(top), int(left), crop_h, crop_w)


def _random_crop(op, img):
    crop_h, crop_w = op.size
    padding = _four_sides(op.padding)
    if padding is not None:
        img = _pad(img, padding, op.fill_value, op.padding_mode)
    if op.pad_if_needed and img.size[0] < crop_w:
        extra = crop_w - img.size[0]
        img = _pad(img, (extra, 0, extra, 0), op.fill_value, op.padding_mode)
    if op.pad_if_needed and img.size[1] < crop_h:
        extra = crop_h - img.size[1]
        img = _pad(img, (0, extra, 0, extra), op.fill_value, op.padding_mode)
    width, height = img.size
    if crop_h > height or crop_w > width:
        raise ValueError(f"RandomCrop: the crop {op.size} is larger than the image {height, width}")
    if (crop_h, crop_w) == (height, width):
        return img
    top = random.randint(0, height - crop_h)
    left = random.randint(0, width - crop_w)
    return _crop(img, top, left, crop_h, crop_w)


def _flip_with(transpose_name):
    def flip(op, img):
        from PIL import Image

        if op.prob > random.random():
            return img.transpose(getattr(Image.Transpose, transpose_name))
        return img

    return flip


def _crop_box(img, scale, ratio, attempts):
    """A random crop of area fraction in `scale` and aspect ratio in `ratio` (log-uniform),
    else after `attempts` misses the central crop of the nearest allowed ratio."""
    width, height = img.size
    area = width * height
    log_ratio = (math.log(ratio[0]), math.log(ratio[1]))
    for _ in range(attempts):
        target = random.uniform(scale[0], scale[1]) * area
        aspect = math.exp(random.uniform(*log_ratio))
        crop_w = int(round(math.sqrt(target * aspect)))
        crop_h = int(round(crop_w / aspect))
        if 0 < crop_w <= width and 0 < crop_h <= height:
            top = random.randint(0, height - crop_h)
            left = random.randint(0, width - crop_w)
            return top, left, crop_h, crop_w
    crop_w, crop_h = width, height
    if width / height < ratio[0]:
        crop_h = int(round(width / ratio[0]))
    elif width / height > ratio[1]:
        crop_w = int(round(height * ratio[1]))
    return int(round((height - crop_h) / 2.0)), int(round((width - crop_w) / 2.0)), crop_h, crop_w


def _random_resized_crop(op, img):
    resample = pil_filter(op.interpolation, "RandomResizedCrop")
    box = _crop_box(img, op.scale, op.ratio, op.max_attempts)
    return _resize(_crop(img, *box), tuple(op.size), resample)


def _random_rotation(op, img):
    resample = pil_filter(op.resample, "RandomRotation")
    angle = random.uniform(*op.degrees) % 360.0
    fill = op.fill_value
    fill = (fill,) * 3 if isinstance(fill, int) else tuple(fill)
    center = None if op.center is None else tuple(op.center)
    return img.rotate(angle, resample, op.expand, center, fillcolor=fill)


def _enhance(kind, factor_of):
    def enhance(op, img):
        from PIL import ImageEnhance

        return getattr(ImageEnhance, kind)(img).enhance(factor_of(op))

    return enhance


def _random_degree(op):
    low, high = op.degrees
    return (high - low) * random.random() + low


def _adjust_hue(img, factor):
    from PIL import Image

    if img.mode in ("L", "1", "I", "F"):
        return img
    hue, saturation, value = img.convert("HSV").split()
    # (the shift, truncated to whole levels, wraps around PIL's 256 levels of hue)
    shifted = (np.asarray(hue, np.int64) + int(factor * 255)) % 256
    hue = Image.fromarray(shifted.astype(np.uint8), "L")
    return Image.merge("HSV", (hue, saturation, value)).convert(img.mode)


def _random_color_adjust(op, img):
    from PIL import ImageEnhance

    factors = [random.uniform(*r) for r in (op.brightness, op.contrast, op.saturation, op.hue)]
    steps = [
        lambda im: ImageEnhance.Brightness(im).enhance(factors[0]),
        lambda im: ImageEnhance.Contrast(im).enhance(factors[1]),
        lambda im: ImageEnhance.Color(im).enhance(factors[2]),
        lambda im: _adjust_hue(im, factors[3]),
    ]
    random.shuffle(steps)
    for step in steps:
        img = step(img)
    return img


def _adjust_gamma(op, img):
    table = [int((256 - 1e-3) * op.gain * pow(x / 255.0, op.gamma)) for x in range(256)]
    bands = len(img.getbands())
    if bands in (1, 3):
        return img.point(table * bands)
    return img


def _invert(op, img):
    from PIL import ImageOps

    return ImageOps.invert(img)


def _to_tensor(op, img):
    # (divided by 255 in float64, then cast: a float32 result can differ by one step from
    # the numpy path's float32 arithmetic)
    pixels = np.asarray(img)
    chw = pixels[None] if pixels.ndim == 2 else pixels.transpose(2, 0, 1)
    return np.ascontiguousarray(chw / 255.0).astype(op.output_type)


PIL_IMPLEMENTATIONS = {
    "Resize": _resize_op,
    "Pad": _pad_op,
    "CenterCrop": _center_crop,
    "RandomCrop": _random_crop,
    "RandomHorizontalFlip": _flip_with("FLIP_LEFT_RIGHT"),
    "RandomVerticalFlip": _flip_with("FLIP_TOP_BOTTOM"),
    "RandomResizedCrop": _random_resized_crop,
    "RandomRotation": _random_rotation,
    "RandomColor": _enhance("Color", _random_degree),
    "RandomSharpness": _enhance("Sharpness", _random_degree),
    "AdjustBrightness": _enhance("Brightness", lambda op: op.brightness_factor),
    "AdjustContrast": _enhance("Contrast", lambda op: op.contrast_factor),
    "AdjustSaturation": _enhance("Color", lambda op: op.saturation_factor),
    "AdjustHue": lambda op, img: _adjust_hue(img, op.hue_factor),
    "RandomColorAdjust": _random_color_adjust,
    "AdjustGamma": _adjust_gamma,
    "Invert": _invert,
    "ToTensor": _to_tensor,
    "RandomAffine": random_affine,
    "UniformAugment": uniform_augment,
}


def with_pil_path(cls, implementation):
    """Make `cls` run `implementation(op, image)` when called with one PIL image, as
    MindSpore's transforms with a Python implementation do (a class decorator).

    Example:
        >>> from PIL import Image
        >>> class Same:
        ...     def __call__(self, img):
        ...         return "numpy path"
        >>> Same = with_pil_path(Same, lambda op, img: img.size)
        >>> Same()(Image.new("L", (3, 2))), Same()(0)
        ((3, 2), 'numpy path')
    """
    call = cls.__call__

    def __call__(self, *images):
        if len(images) == 1 and is_pil(images[0]):
            return implementation(self, images[0])
        return call(self, *images)

    __call__.__doc__ = call.__doc__
    cls.__call__ = __call__
    return cls
