"""Batch mixing: `CutMixBatch` and `MixUpBatch` with MindSpore's draws (libstdc++'s
``std::shuffle``, and ``std::gamma_distribution<float>``: Marsaglia and Tsang over the
polar-method normal) so a seeded pipeline mixes as MindSpore's does; the Python `MixUp`."""

from __future__ import annotations

import numpy as np

from ...common.stdlib_random import canonical_double, canonical_float, shuffle, uniform_int
from .._random import op_engine
from .utils import ImageBatchFormat

__all__ = ["CutMixBatch", "MixUpBatch", "MixUp", "Gamma"]

_F32 = np.float32


class Gamma:
    """libstdc++'s ``std::gamma_distribution<float>(alpha, 1)``: one object keeps its normal
    distribution's spare value between draws, as the C++ object does.

    Example:
        >>> from msfunc.common.stdlib_random import Mt19937
        >>> draw = Gamma(1.0)(Mt19937(5))
        >>> bool(draw > 0)
        True
    """

    def __init__(self, alpha):
        self.alpha = _F32(alpha)
        self.boosted = self.alpha if self.alpha >= 1 else self.alpha + _F32(1)
        self.a1 = _F32(self.boosted - _F32(1) / _F32(3))
        self.a2 = _F32(_F32(1) / np.sqrt(_F32(_F32(9) * self.boosted - _F32(3))))
        self.spare = None

    def _normal(self, engine):
        if self.spare is not None:
            value, self.spare = self.spare, None
            return value
        while True:
            x = _F32(2.0 * float(canonical_float(engine)) - 1.0)
            y = _F32(2.0 * float(canonical_float(engine)) - 1.0)
            r2 = _F32(x * x + y * y)
            if r2 <= 1.0 and r2 != 0.0:
                break
        mult = _F32(np.sqrt(_F32(-2) * np.log(r2) / r2))
        self.spare = _F32(x * mult)
        return _F32(y * mult)

    def __call__(self, engine):
        while True:
            while True:
                n = self._normal(engine)
                v = _F32(_F32(1) + self.a2 * n)
                if v > 0.0:
                    break
            v = _F32(v * v * v)
            u = canonical_float(engine)
            n64 = float(n)
            if not (
                float(u) > 1.0 - 0.0331 * n64 * n64 * n64 * n64
                and float(np.log(u))
                > 0.5 * n64 * n64 + float(self.a1) * (1.0 - float(v) + float(np.log(v)))
            ):
                break
        if self.alpha == self.boosted:
            return _F32(self.a1 * v)
        while True:
            u = canonical_float(engine)
            if u != 0.0:
                break
        return _F32(np.power(u, _F32(1) / self.alpha) * self.a1 * v)


def _alpha(alpha, who):
    if isinstance(alpha, bool) or not isinstance(alpha, (int, float)):
        raise TypeError(f"{who}: `alpha` must be a number, got {alpha!r}")
    if not alpha > 0:
        raise ValueError(f"{who}: `alpha` must be positive, got {alpha}")
    return float(alpha)


def _checked_batch(images, labels, who):
    images, labels = np.asarray(images), np.asarray(labels)
    if images.ndim != 4:
        raise RuntimeError(
            f"{who}: images must be a batch (N, H, W, C) or (N, C, H, W), got {images.shape}"
        )
    if labels.dtype.kind not in "biuf":
        raise RuntimeError(f"{who}: labels must be numeric (one-hot), got {labels.dtype}")
    if labels.ndim not in (2, 3):
        raise RuntimeError(f"{who}: labels must be (N, C) or (N, L, C) one-hot, got {labels.shape}")
    if images.shape[0] != labels.shape[0]:
        raise RuntimeError(
            f"{who}: {images.shape[0]} images and {labels.shape[0]} labels are not one batch"
        )
    return images, labels


def _mixed_labels(labels, order, lam):
    f = labels.astype(np.float32)
    lam = _F32(lam)
    return (lam * f + (_F32(1) - lam) * f[order]).astype(np.float32)


class CutMixBatch:
    """Paste into each image of a batch a box of another image of the batch (a shuffle), of
    area about ``1 - lam`` with ``lam ~ Beta(alpha, alpha)``, with probability `prob`; the
    labels mix by the box's true share.

    Args:
        image_batch_format (ImageBatchFormat): ``NHWC`` or ``NCHW``.
        alpha (float): Beta distribution parameter, positive. Default: ``1.0``.
        prob (float): Probability of mixing each image, in [0, 1]. Default: ``1.0``.

    Raises:
        TypeError: an argument is not of its type.
        ValueError: an argument is out of its range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> images, labels = np.zeros((2, 4, 4, 3), np.uint8), np.eye(2, dtype=np.int32)
        >>> vision.CutMixBatch(vision.ImageBatchFormat.NHWC)(images, labels)[1].shape
        (2, 2)
    """

    def __init__(
        self, image_batch_format: ImageBatchFormat, alpha: float = 1.0, prob: float = 1.0
    ) -> None:
        if not isinstance(image_batch_format, ImageBatchFormat):
            raise TypeError(
                f"CutMixBatch: `image_batch_format` must be an ImageBatchFormat, "
                f"got {image_batch_format!r}"
            )
        self.image_batch_format = image_batch_format
        self.alpha = _alpha(alpha, "CutMixBatch")
        if isinstance(prob, bool) or not isinstance(prob, (int, float)):
            raise TypeError(f"CutMixBatch: `prob` must be a number, got {prob!r}")
        if not 0 <= prob <= 1:
            raise ValueError(f"CutMixBatch: `prob` must be in [0, 1], got {prob}")
        self.prob = float(prob)

    def _box(self, engine, h, w, lam):
        cut = np.sqrt(_F32(1) - _F32(lam))  # (the side ratio: the box holds 1 - lam of the area)
        cut_w, cut_h = int(_F32(w) * cut), int(_F32(h) * cut)
        cx = uniform_int(engine, 0, w)
        cy = uniform_int(engine, 0, h)

        def clamp(v, hi):
            return min(max(v, 0), hi)

        # (C++ division of the half widths: towards zero)
        half_w, half_h = int(cut_w / 2), int(cut_h / 2)
        x, y = clamp(cx - half_w, w - 1), clamp(cy - half_h, h - 1)
        x2, y2 = clamp(cx + half_w, w - 1), clamp(cy + half_h, h - 1)
        return x, y, min(max(x2 - x, 1), w - 1), min(max(y2 - y, 1), h - 1)

    def __call__(self, images, labels):
        images, labels = _checked_batch(images, labels, "CutMixBatch")
        nchw = self.image_batch_format == ImageBatchFormat.NCHW
        channels = images.shape[1] if nchw else images.shape[3]
        if channels not in (1, 3):
            raise RuntimeError(f"CutMixBatch: images must have 1 or 3 channels, got {channels}")
        h, w = images.shape[2:] if nchw else images.shape[1:3]
        engine = op_engine(self)
        order = shuffle(list(range(len(images))), engine)
        first, second = Gamma(self.alpha), Gamma(self.alpha)
        out_images, out_labels = images.copy(), labels.astype(np.float32)
        for i in range(len(images)):
            x1, x2 = first(engine), second(engine)
            lam = _F32(x1 / _F32(x1 + x2))
            if canonical_double(engine) < self.prob:
                x, y, bw, bh = self._box(engine, h, w, lam)
                source = images[order[i]]
                if nchw:
                    out_images[i, :, y : y + bh, x : x + bw] = source[:, y : y + bh, x : x + bw]
                else:
                    out_images[i, y : y + bh, x : x + bw] = source[y : y + bh, x : x + bw]
                share = _F32(1) - _F32(bw * bh) / _F32(h * w)
                f = labels.astype(np.float32)
                out_labels[i] = share * f[i] + (_F32(1) - share) * f[order[i]]
        return out_images, out_labels


class MixUpBatch:
    """Blend a batch with a shuffle of itself by ``lam ~ Beta(alpha, alpha)`` (one for the
    batch), images and labels alike.

    Args:
        alpha (float): Beta distribution parameter, positive. Default: ``1.0``.

    Raises:
        TypeError: `alpha` is not a number.
        ValueError: `alpha` is not positive.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> images, labels = np.zeros((2, 4, 4, 3), np.uint8), np.eye(2, dtype=np.int32)
        >>> vision.MixUpBatch()(images, labels)[0].shape
        (2, 4, 4, 3)
    """

    def __init__(self, alpha: float = 1.0) -> None:
        self.alpha = _alpha(alpha, "MixUpBatch")

    def __call__(self, images, labels):
        images, labels = _checked_batch(images, labels, "MixUpBatch")
        if images.shape[1] not in (1, 3) and images.shape[3] not in (1, 3):
            raise RuntimeError(f"MixUpBatch: images must be NHWC or NCHW, got {images.shape}")
        engine = op_engine(self)
        # (MindSpore's two draws come out as two fresh distributions' first draws)
        x1, x2 = Gamma(self.alpha)(engine), Gamma(self.alpha)(engine)
        lam = _F32(x1 / _F32(x1 + x2))
        order = shuffle(list(range(len(images))), engine)
        out_labels = _mixed_labels(labels, order, lam)
        mixed = float(lam) * images.astype(np.float64) + (1.0 - float(lam)) * images[order]
        if images.dtype.kind in "iu":
            info = np.iinfo(images.dtype)
            mixed = np.clip(np.rint(mixed), info.min, info.max)
        return mixed.astype(images.dtype), out_labels


class MixUp:
    """Blend a batch of images and their one-hot labels with weights ``lam ~ Beta(alpha,
    alpha)``, one per image, drawn from numpy's global generator (MindSpore's Python path).

    With `is_single`, image i mixes with image i + 1 of the same batch (the last with the
    first); otherwise with the previous call's output (the first call keeps its batch as is).
    The weights broadcast as ``(batch_size, 1, 1, 1)`` over the images and ``(batch_size, 1)``
    over the labels, so both come out float64.

    Args:
        batch_size (int): Images in a batch, positive.
        alpha (float): Beta distribution parameter, positive.
        is_single (bool): Mix within each batch (``True``) or with the previous output.
            Default: ``True``.

    Raises:
        TypeError: an argument is not of its type.
        ValueError: `batch_size` or `alpha` is not positive.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> images, labels = np.zeros((2, 4, 4, 3), np.uint8), np.eye(2)
        >>> out = vision.MixUp(batch_size=2, alpha=0.2)(images, labels)
        >>> out[0].shape, out[0].dtype, out[1].shape
        ((2, 4, 4, 3), dtype('float64'), (2, 2))
    """

    def __init__(self, batch_size: int, alpha: float, is_single: bool = True) -> None:
        if not isinstance(is_single, bool):
            raise TypeError(f"MixUp: `is_single` must be a bool, got {is_single!r}")
        if isinstance(batch_size, bool) or not isinstance(batch_size, int):
            raise TypeError(f"MixUp: `batch_size` must be an int, got {batch_size!r}")
        if not 1 <= batch_size <= 2**53:
            raise ValueError(f"MixUp: `batch_size` must be positive, got {batch_size}")
        self.batch_size = batch_size
        self.alpha = _alpha(alpha, "MixUp")
        self.is_single = is_single
        self._previous = None  # (images, labels) of the last call, when not is_single

    def __call__(self, image, label):
        n = self.batch_size
        lam = np.random.beta(self.alpha, self.alpha, n)
        image, label = np.asarray(image), np.asarray(label)
        if self.is_single:
            order = [*range(1, n), 0]
            other_image, other_label = image[order, ...], label[order, ...]
        elif self._previous is None:
            lam = np.ones(n)  # (the draw is still made: numpy's stream moves on as MindSpore's)
            other_image, other_label = 0, 0
        else:
            other_image, other_label = self._previous
        lam_image, lam_label = lam.reshape((n, 1, 1, 1)), lam.reshape((n, 1))
        mixed_image = lam_image * image + (1 - lam_image) * other_image
        mixed_label = lam_label * label + (1 - lam_label) * other_label
        if not self.is_single:
            self._previous = (mixed_image, mixed_label)
        return mixed_image, mixed_label
