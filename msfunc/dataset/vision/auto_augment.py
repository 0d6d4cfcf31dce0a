"""`AutoAugment`: the learned ImageNet, CIFAR-10 and SVHN augment policies, each a list of
sub-policies of two (operation, probability, magnitude bin) steps, with MindSpore's draws;
`RandAugment` and `TrivialAugmentWide`, random operations at set or random magnitudes."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

from ...common.stdlib_random import canonical_float, uniform_int
from .._random import op_engine
from ._checks import image_arg
from .affine import _fill, affine_matrix, warp_affine
from .color import _solarized
from .color_adjust import brightness, contrast, saturation
from .random_color import _sharpened
from .rotate import _ROTATION_KERNELS, rotate
from .tone import AutoContrast, Equalize
from .utils import AutoAugmentPolicy, Inter

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = [
    "AutoAugment",
    "RandAugment",
    "TrivialAugmentWide",
    "apply_augment",
    "augment_magnitudes",
]

# (operation, probability, magnitude bin or None) pairs: the published policies
_IMAGENET = (
    (("Posterize", 0.4, 8), ("Rotate", 0.6, 9)),
    (("Solarize", 0.6, 5), ("AutoContrast", 0.6, None)),
    (("Equalize", 0.8, None), ("Equalize", 0.6, None)),
    (("Posterize", 0.6, 7), ("Posterize", 0.6, 6)),
    (("Equalize", 0.4, None), ("Solarize", 0.2, 4)),
    (("Equalize", 0.4, None), ("Rotate", 0.8, 8)),
    (("Solarize", 0.6, 3), ("Equalize", 0.6, None)),
    (("Posterize", 0.8, 5), ("Equalize", 1.0, None)),
    (("Rotate", 0.2, 3), ("Solarize", 0.6, 8)),
    (("Equalize", 0.6, None), ("Posterize", 0.4, 6)),
    (("Rotate", 0.8, 8), ("Color", 0.4, 0)),
    (("Rotate", 0.4, 9), ("Equalize", 0.6, None)),
    (("Equalize", 0.0, None), ("Equalize", 0.8, None)),
    (("Invert", 0.6, None), ("Equalize", 1.0, None)),
    (("Color", 0.6, 4), ("Contrast", 1.0, 8)),
    (("Rotate", 0.8, 8), ("Color", 1.0, 2)),
    (("Color", 0.8, 8), ("Solarize", 0.8, 7)),
    (("Sharpness", 0.4, 7), ("Invert", 0.6, None)),
    (("ShearX", 0.6, 5), ("Equalize", 1.0, None)),
    (("Color", 0.4, 0), ("Equalize", 0.6, None)),
    (("Equalize", 0.4, None), ("Solarize", 0.2, 4)),
    (("Solarize", 0.6, 5), ("AutoContrast", 0.6, None)),
    (("Invert", 0.6, None), ("Equalize", 1.0, None)),
    (("Color", 0.6, 4), ("Contrast", 1.0, 8)),
    (("Equalize", 0.8, None), ("Equalize", 0.6, None)),
)
_CIFAR10 = (
    (("Invert", 0.1, None), ("Contrast", 0.2, 6)),
    (("Rotate", 0.7, 2), ("TranslateX", 0.3, 9)),
    (("Sharpness", 0.8, 1), ("Sharpness", 0.9, 3)),
    (("ShearY", 0.5, 8), ("TranslateY", 0.7, 9)),
    (("AutoContrast", 0.5, None), ("Equalize", 0.9, None)),
    (("ShearY", 0.2, 7), ("Posterize", 0.3, 7)),
    (("Color", 0.4, 3), ("Brightness", 0.6, 7)),
    (("Sharpness", 0.3, 9), ("Brightness", 0.7, 9)),
    (("Equalize", 0.6, None), ("Equalize", 0.5, None)),
    (("Contrast", 0.6, 7), ("Sharpness", 0.6, 5)),
    (("Color", 0.7, 7), ("TranslateX", 0.5, 8)),
    (("Equalize", 0.3, None), ("AutoContrast", 0.4, None)),
    (("TranslateY", 0.4, 3), ("Sharpness", 0.2, 6)),
    (("Brightness", 0.9, 6), ("Color", 0.2, 8)),
    (("Solarize", 0.5, 2), ("Invert", 0.0, None)),
    (("Equalize", 0.2, None), ("AutoContrast", 0.6, None)),
    (("Equalize", 0.2, None), ("Equalize", 0.6, None)),
    (("Color", 0.9, 9), ("Equalize", 0.6, None)),
    (("AutoContrast", 0.8, None), ("Solarize", 0.2, 8)),
    (("Brightness", 0.1, 3), ("Color", 0.7, 0)),
    (("Solarize", 0.4, 5), ("AutoContrast", 0.9, None)),
    (("TranslateY", 0.9, 9), ("TranslateY", 0.7, 9)),
    (("AutoContrast", 0.9, None), ("Solarize", 0.8, 3)),
    (("Equalize", 0.8, None), ("Invert", 0.1, None)),
    (("TranslateY", 0.7, 9), ("AutoContrast", 0.9, None)),
)
_SVHN = (
    (("ShearX", 0.9, 4), ("Invert", 0.2, None)),
    (("ShearY", 0.9, 8), ("Invert", 0.7, None)),
    (("Equalize", 0.6, None), ("Solarize", 0.6, 6)),
    (("Invert", 0.9, None), ("Equalize", 0.6, None)),
    (("Equalize", 0.6, None), ("Rotate", 0.9, 3)),
    (("ShearX", 0.9, 4), ("AutoContrast", 0.8, None)),
    (("ShearY", 0.9, 8), ("Invert", 0.4, None)),
    (("ShearY", 0.9, 5), ("Solarize", 0.2, 6)),
    (("Invert", 0.9, None), ("AutoContrast", 0.8, None)),
    (("Equalize", 0.6, None), ("Rotate", 0.9, 3)),
    (("ShearX", 0.9, 4), ("Solarize", 0.3, 3)),
    (("ShearY", 0.8, 8), ("Invert", 0.7, None)),
    (("Equalize", 0.9, None), ("TranslateY", 0.6, 6)),
    (("Invert", 0.9, None), ("Equalize", 0.6, None)),
    (("Contrast", 0.3, 3), ("Rotate", 0.8, 4)),
    (("Invert", 0.8, None), ("TranslateY", 0.0, 2)),
    (("ShearY", 0.7, 6), ("Solarize", 0.4, 8)),
    (("Invert", 0.6, None), ("Rotate", 0.8, 4)),
    (("ShearY", 0.3, 7), ("TranslateX", 0.9, 3)),
    (("ShearX", 0.1, 6), ("Invert", 0.6, None)),
    (("Solarize", 0.7, 2), ("TranslateY", 0.6, 7)),
    (("ShearY", 0.8, 4), ("Invert", 0.8, None)),
    (("ShearX", 0.7, 9), ("TranslateY", 0.8, 3)),
    (("ShearY", 0.8, 5), ("AutoContrast", 0.7, None)),
    (("ShearX", 0.7, 2), ("Invert", 0.1, None)),
)
_POLICIES = {
    AutoAugmentPolicy.IMAGENET: _IMAGENET,
    AutoAugmentPolicy.CIFAR10: _CIFAR10,
    AutoAugmentPolicy.SVHN: _SVHN,
}


def _linspace(stop, bins, start=0.0):
    """`bins` float32 steps from `start` to `stop`: ``start + i * step``, in float32 as
    MindSpore computes them (the last can miss `stop` by a rounding)."""
    f32 = np.float32
    step = (f32(stop) - f32(start)) / f32(bins - 1)
    return [f32(start) + f32(i) * step for i in range(bins)]


def augment_magnitudes(bins, height, width, solarize_from=256.0):
    """Each operation's magnitudes by bin, and whether a draw may negate them (Solarize's
    thresholds fall from `solarize_from`: AutoAugment's from 256, none inverted at bin 0).

    Example:
        >>> mags, signed = augment_magnitudes(10, 20, 30)["Rotate"]
        >>> float(mags[9]), signed
        (30.0, True)
    """
    posterize = [np.float32(8 - int(round(i / ((bins - 1) / 4)))) for i in range(bins)]
    return {
        "ShearX": (_linspace(0.3, bins), True),
        "ShearY": (_linspace(0.3, bins), True),
        "TranslateX": (_linspace(150.0 / 331.0 * width, bins), True),
        "TranslateY": (_linspace(150.0 / 331.0 * height, bins), True),
        "Rotate": (_linspace(30.0, bins), True),
        "Brightness": (_linspace(0.9, bins), True),
        "Color": (_linspace(0.9, bins), True),
        "Contrast": (_linspace(0.9, bins), True),
        "Sharpness": (_linspace(0.9, bins), True),
        "Posterize": (posterize, False),
        "Solarize": (_linspace(0.0, bins, start=solarize_from), False),
        "AutoContrast": ([np.float32(0)] * bins, False),
        "Equalize": ([np.float32(0)] * bins, False),
        "Invert": ([np.float32(0)] * bins, False),
    }


def _sheared(img, shear_x, shear_y, translate, kernel, fill):
    h, w = img.shape[:2]
    matrix = affine_matrix(h, w, 0.0, translate, 1.0, (shear_x, shear_y))
    return warp_affine(img, matrix, fill, kernel)


def apply_augment(img, name, magnitude, kernel, fill):
    """One step of an augment policy: operation `name` at `magnitude` on a uint8 image,
    the geometric ones warping with `kernel` (1 nearest, 2 bilinear, 4 bicubic).

    Example:
        >>> img = np.arange(6, dtype=np.uint8).reshape(2, 3)
        >>> apply_augment(img, "Invert", 0.0, 1, (0, 0, 0)).tolist()
        [[255, 254, 253], [252, 251, 250]]
    """
    degrees = math.degrees(magnitude)
    h, w = img.shape[:2]
    factor = float(np.float32(1) + np.float32(magnitude))  # (as MindSpore sums, in float32)
    if name == "ShearX":
        return _sheared(img, degrees, 0.0, (0.0, 0.0), kernel, fill)
    if name == "ShearY":
        return _sheared(img, 0.0, degrees, (0.0, 0.0), kernel, fill)
    if name == "TranslateX":
        # (MindSpore hands the pixel magnitude to its affine step, which takes fractions of
        # the side: the image moves by magnitude times its width)
        return _sheared(img, 0.0, 0.0, (magnitude * w, 0.0), kernel, fill)
    if name == "TranslateY":
        return _sheared(img, 0.0, 0.0, (0.0, magnitude * h), kernel, fill)
    if name == "Rotate":
        # (MindSpore's rotation step gets the fill's channels in the order (g, b, r))
        turned = (fill[0], fill[2], fill[1])
        return rotate(img, magnitude, None, False, turned, kernel)
    if name == "Brightness":
        return brightness(img, factor)
    if name == "Color":
        return saturation(img, factor)
    if name == "Contrast":
        return contrast(img, factor)
    if name == "Sharpness":
        return _sharpened(img, factor)
    if name == "Posterize":
        bits = int(magnitude)
        return img & np.uint8((0xFF << (8 - bits)) & 0xFF)
    if name == "Solarize":
        return _solarized(img, magnitude, 255.0)
    if name == "Identity":
        return img
    if name == "AutoContrast":
        return AutoContrast()(img)
    if name == "Equalize":
        return Equalize()(img)
    if name == "Invert":
        return (np.uint8(255) - img).astype(img.dtype)
    raise ValueError(f"unknown augment operation {name!r}")


def interpolation_arg(interpolation, who):
    """`interpolation` checked to be an `Inter` (any mode: MindSpore refuses the ones its
    warps lack only when the operation runs, see `warp_kernel`)."""
    if not isinstance(interpolation, Inter):
        raise TypeError(f"{who}: `interpolation` must be an Inter, got {interpolation!r}")
    return interpolation


def warp_kernel(interpolation, who):
    """The warp kernel size of `interpolation` (OpenCV warps ``Inter.AREA`` bilinearly);
    ``PILCUBIC`` and ``ANTIALIAS`` are a RuntimeError, as in MindSpore."""
    if interpolation == Inter.AREA:
        return _ROTATION_KERNELS[Inter.BILINEAR]
    if interpolation not in _ROTATION_KERNELS:
        raise RuntimeError(f"{who}: `interpolation` {interpolation.name} is not supported")
    return _ROTATION_KERNELS[interpolation]


def rgb_uint8(img, who):
    """`img` checked to be an (H, W, 3) uint8 image (a RuntimeError otherwise, as MindSpore
    finds it when the operation runs)."""
    img = image_arg(img, who)
    if img.ndim != 3 or img.shape[2] != 3:
        raise RuntimeError(f"{who}: expected an (H, W, 3) image, got shape {img.shape}")
    if img.dtype != np.uint8:
        raise RuntimeError(f"{who}: expected a uint8 image, got {img.dtype}")
    return img


class AutoAugment:
    """Apply one sub-policy of a learned augment policy: MindSpore draws the sub-policy,
    then for each of its two steps whether it runs (below its probability) and the sign of
    its magnitude.

    Args:
        policy (AutoAugmentPolicy): ``IMAGENET``, ``CIFAR10`` or ``SVHN``.
            Default: ``AutoAugmentPolicy.IMAGENET``.
        interpolation (Inter): Resampling of the geometric steps: ``Inter.NEAREST``,
            ``Inter.BILINEAR`` (``Inter.AREA`` warps the same) or ``Inter.BICUBIC``.
            Default: ``Inter.NEAREST``.
        fill_value (Union[int, tuple[int, int, int]]): Value of the pixels the geometric
            steps uncover, in [0, 255]. Default: ``0``.

    Raises:
        TypeError: an argument is not of its type.
        ValueError: `fill_value` is out of range.
        RuntimeError: when applied, the image is not (H, W, 3) uint8, or `interpolation`
            is ``PILCUBIC`` or ``ANTIALIAS``.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.AutoAugment()(np.zeros((4, 4, 3), np.uint8)).shape
        (4, 4, 3)
    """

    def __init__(
        self,
        policy: AutoAugmentPolicy = AutoAugmentPolicy.IMAGENET,
        interpolation: Inter = Inter.NEAREST,
        fill_value: int | Sequence[int] = 0,
    ) -> None:
        if not isinstance(policy, AutoAugmentPolicy):
            raise TypeError(f"AutoAugment: `policy` must be an AutoAugmentPolicy, got {policy!r}")
        self.policy = policy
        self.interpolation = interpolation_arg(interpolation, "AutoAugment")
        self.fill_value = _fill(fill_value, "AutoAugment")

    def __call__(self, img):
        img = rgb_uint8(img, "AutoAugment")
        kernel = warp_kernel(self.interpolation, "AutoAugment")
        steps = _POLICIES[self.policy]
        engine = op_engine(self)
        chosen = uniform_int(engine, 0, len(steps) - 1)
        probs = [canonical_float(engine) for _ in range(2)]
        signs = [uniform_int(engine, 0, 1) for _ in range(2)]
        space = augment_magnitudes(10, img.shape[0], img.shape[1])
        for (name, prob, bin_), drawn, sign in zip(steps[chosen], probs, signs):
            if drawn > prob:
                continue
            magnitude = np.float32(0.0)
            if bin_ is not None:
                magnitudes, signed = space[name]
                magnitude = magnitudes[bin_]
                if signed and sign == 0:
                    magnitude = -magnitude
            img = apply_augment(img, name, float(magnitude), kernel, self.fill_value)
        return img


# RandAugment's operations by its draw: the names in sorted order, and AutoContrast again for
# the draw one past them (MindSpore draws from 0 to their count inclusive)
_RAND_OPS = (
    "AutoContrast",
    "Brightness",
    "Color",
    "Contrast",
    "Equalize",
    "Identity",
    "Posterize",
    "Rotate",
    "Sharpness",
    "ShearX",
    "ShearY",
    "Solarize",
    "TranslateX",
    "TranslateY",
    "AutoContrast",
)


def _int_in(value, name, low, high, who):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{who}: `{name}` must be an int, got {value!r}")
    if not low <= value <= high:
        raise ValueError(f"{who}: `{name}` must be in [{low}, {high}], got {value}")
    return int(value)


class RandAugment:
    """Apply `num_ops` operations drawn at random, each at bin `magnitude` of
    `num_magnitude_bins`, as MindSpore draws them: per operation its index, then a
    three-way draw whose middle value negates a signed magnitude.

    Args:
        num_ops (int): Operations applied in turn, non-negative. Default: ``2``.
        magnitude (int): The magnitude bin, below `num_magnitude_bins`. Default: ``9``.
        num_magnitude_bins (int): Bins of each magnitude range, at least 2. Default: ``31``.
        interpolation (Inter): Resampling of the geometric operations, as `AutoAugment`'s.
            Default: ``Inter.NEAREST``.
        fill_value (Union[int, tuple[int, int, int]]): Value of the pixels the geometric
            operations uncover, in [0, 255]. Default: ``0``.

    Raises:
        TypeError: an argument is not of its type.
        ValueError: an argument is out of its range.
        RuntimeError: when applied, the image is not (H, W, 3) uint8, or `interpolation`
            is ``PILCUBIC`` or ``ANTIALIAS``.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.RandAugment()(np.zeros((4, 4, 3), np.uint8)).shape
        (4, 4, 3)
    """

    def __init__(
        self,
        num_ops: int = 2,
        magnitude: int = 9,
        num_magnitude_bins: int = 31,
        interpolation: Inter = Inter.NEAREST,
        fill_value: int | Sequence[int] = 0,
    ) -> None:
        who = "RandAugment"
        self.num_ops = _int_in(num_ops, "num_ops", 0, 2**31 - 1, who)
        self.num_magnitude_bins = _int_in(
            num_magnitude_bins, "num_magnitude_bins", 2, 2**31 - 1, who
        )
        self.magnitude = _int_in(magnitude, "magnitude", 0, self.num_magnitude_bins - 1, who)
        self.interpolation = interpolation_arg(interpolation, who)
        self.fill_value = _fill(fill_value, who)

    def __call__(self, img):
        img = rgb_uint8(img, "RandAugment")
        kernel = warp_kernel(self.interpolation, "RandAugment")
        space = augment_magnitudes(self.num_magnitude_bins, *img.shape[:2], solarize_from=255.0)
        engine = op_engine(self)
        for _ in range(self.num_ops):
            name = _RAND_OPS[uniform_int(engine, 0, len(_RAND_OPS) - 1)]
            negate = uniform_int(engine, 0, 2) == 1
            if name == "Identity":
                continue
            magnitudes, signed = space[name]
            magnitude = float(magnitudes[self.magnitude])
            img = apply_augment(
                img, name, -magnitude if signed and negate else magnitude, kernel, self.fill_value
            )
        return img


def _wide_magnitudes(bins):
    """TrivialAugmentWide's magnitudes by operation (one value: no magnitude draw), and
    whether a draw may negate them; Posterize's bits fall from 8 to 2, rounded half to even."""
    f32 = np.float32
    scale = f32(-6.0) / f32(bins - 1)
    posterize = [np.rint(f32(i) * scale + f32(8)) for i in range(bins)]
    unit = _linspace(0.99, bins)
    return {
        "AutoContrast": ([f32(0)], False),
        "Brightness": (unit, True),
        "Color": (unit, True),
        "Contrast": (unit, True),
        "Equalize": ([f32(0)], False),
        "Identity": ([f32(0)], False),
        "Posterize": (posterize, False),
        "Rotate": (_linspace(135.0, bins), True),
        "Sharpness": (unit, True),
        "ShearX": (unit, True),
        "ShearY": (unit, True),
        "Solarize": (_linspace(0.0, bins, start=255.0), False),
        "TranslateX": (_linspace(32.0, bins), True),
        "TranslateY": (_linspace(32.0, bins), True),
    }


def _draw_below(engine, n):
    """MindSpore's draw of an index below `n`: uniform in [0, n] inclusive, then modulo `n`
    (so 0 is twice as likely as the others)."""
    return uniform_int(engine, 0, n) % n


class TrivialAugmentWide:
    """Apply one operation drawn at random at a magnitude drawn at random, as MindSpore
    draws them: the operation (14, in name order), its magnitude bin when it has several,
    then a three-way draw whose middle value negates a signed magnitude.

    Args:
        num_magnitude_bins (int): Bins of each magnitude range, in [2, 16777216].
            Default: ``31``.
        interpolation (Inter): Resampling of the geometric operations, as `AutoAugment`'s.
            Default: ``Inter.NEAREST``.
        fill_value (Union[int, tuple[int, int, int]]): Value of the pixels the geometric
            operations uncover, in [0, 255]. Default: ``0``.

    Raises:
        TypeError: an argument is not of its type.
        ValueError: an argument is out of its range.
        RuntimeError: when applied, the image is not (H, W, 3) uint8, or `interpolation`
            is ``PILCUBIC`` or ``ANTIALIAS``.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.TrivialAugmentWide()(np.zeros((4, 4, 3), np.uint8)).shape
        (4, 4, 3)
    """

    def __init__(
        self,
        num_magnitude_bins: int = 31,
        interpolation: Inter = Inter.NEAREST,
        fill_value: int | Sequence[int] = 0,
    ) -> None:
        who = "TrivialAugmentWide"
        self.num_magnitude_bins = _int_in(num_magnitude_bins, "num_magnitude_bins", 2, 2**24, who)
        self.interpolation = interpolation_arg(interpolation, who)
        self.fill_value = _fill(fill_value, who)

    def __call__(self, img):
        img = rgb_uint8(img, "TrivialAugmentWide")
        kernel = warp_kernel(self.interpolation, "TrivialAugmentWide")
        space = _wide_magnitudes(self.num_magnitude_bins)
        names = sorted(space)
        engine = op_engine(self)
        name = names[_draw_below(engine, len(names))]
        magnitudes, signed = space[name]
        magnitude = np.float32(0)
        if len(magnitudes) != 1:
            magnitude = magnitudes[_draw_below(engine, len(magnitudes))]
        negate = _draw_below(engine, 2)  # (drawn for every operation, signed or not)
        if signed and negate:
            magnitude = -magnitude
        return apply_augment(img, name, float(magnitude), kernel, self.fill_value)
