"""Vision transforms that convert and rescale pixels: `Decode`, `Rescale`, `Normalize`,
`NormalizePad`, `HWC2CHW`, `ToTensor`, `ToType` and `ToPIL`."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..folder_sources import decode_image
from ..transforms import TypeCast
from ._checks import image_arg, is_pil

if TYPE_CHECKING:
    from collections.abc import Sequence

    from numpy.typing import DTypeLike

__all__ = [
    "Decode",
    "Rescale",
    "Normalize",
    "NormalizePad",
    "HWC2CHW",
    "ToTensor",
    "ToType",
    "ToPIL",
]


def _mean_std(mean, std, who):
    """`mean` in [0, 255] and `std` in (0, 255], lists of one length, as float32 arrays."""
    for name, values in (("mean", mean), ("std", std)):
        if not isinstance(values, (tuple, list)) or not all(
            isinstance(v, (int, float, np.number)) and not isinstance(v, bool) for v in values
        ):
            raise TypeError(f"{who}: `{name}` must be a list or tuple of numbers, got {values!r}")
    if len(mean) != len(std) or not mean:
        raise ValueError(f"{who}: `mean` and `std` must be non-empty and of one length")
    if not all(0 <= m <= 255 for m in mean):
        raise ValueError(f"{who}: every `mean` must be in [0, 255], got {mean!r}")
    if not all(0 < s <= 255 for s in std):
        raise ValueError(f"{who}: every `std` must be in (0, 255], got {std!r}")
    return np.asarray(mean, np.float32), np.asarray(std, np.float32)


def _normalized(img, mean, std, is_hwc, who):
    channels = 1 if img.ndim == 2 else (img.shape[-1] if is_hwc else img.shape[-3])
    if len(mean) not in (1, channels):
        raise RuntimeError(f"{who}: the image has {channels} channels, `mean` has {len(mean)}")
    shape = (-1,) if is_hwc or img.ndim == 2 else (-1, 1, 1)
    return ((img - mean.reshape(shape)) / std.reshape(shape)).astype(np.float32)


class Rescale:
    """``img * rescale + shift`` in float32 (rounded once, as a fused multiply-add).

    Args:
        rescale (float): Scale factor.
        shift (float): Offset added after scaling.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.Rescale(1 / 255, 0.0)(np.array([255], np.uint8)).tolist()
        [1.0]
    """

    def __init__(self, rescale: float, shift: float) -> None:
        self.rescale, self.shift = float(rescale), float(shift)

    def __call__(self, img):
        # MindSpore's kernel (OpenCV's convertTo) multiplies and adds with one rounding, at
        # the end, to float32: the product of two float32 values is exact in float64
        pixels = np.asarray(img, np.float32).astype(np.float64)
        scale, shift = np.float64(np.float32(self.rescale)), np.float64(np.float32(self.shift))
        return (pixels * scale + shift).astype(np.float32)


class Normalize:
    """``(img - mean) / std`` per channel, in float32 (channels last unless ``is_hwc=False``).

    Args:
        mean (Sequence[float]): Mean of each channel (or one for all).
        std (Sequence[float]): Standard deviation of each channel, positive.
        is_hwc (bool): Channels are the last axis, else the first. Default: ``True``.

    Raises:
        ValueError: `mean` and `std` differ in length, or a `std` is not positive.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.Normalize([1.0], [2.0])(np.full((1, 1, 1), 5, np.uint8)).tolist()
        [[[2.0]]]
    """

    def __init__(self, mean: Sequence[float], std: Sequence[float], is_hwc: bool = True) -> None:
        self.mean, self.std = _mean_std(mean, std, "Normalize")
        self.is_hwc = bool(is_hwc)

    def __call__(self, img):
        img = image_arg(img, "Normalize", max_rank=None).astype(np.float32)
        return _normalized(img, self.mean, self.std, self.is_hwc, "Normalize")


class HWC2CHW:
    """Move channels first: (H, W, C) -> (C, H, W); an (H, W) image is returned as it is.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.HWC2CHW()(np.zeros((4, 5, 3))).shape
        (3, 4, 5)
    """

    def __call__(self, img):
        img = image_arg(img, "HWC2CHW")
        return img if img.ndim == 2 else np.ascontiguousarray(img.transpose(2, 0, 1))


class Decode:
    """Decode encoded image bytes to an HWC uint8 array (see `decode_image`).

    Args:
        to_pil (bool): Return a PIL image (MindSpore's Python decoding, which the PIL-only
            transforms such as `FiveCrop` need), else a numpy array. Default: ``False``.

    Example:
        >>> import io, numpy as np
        >>> from msfunc.dataset import vision
        >>> buf = io.BytesIO()
        >>> np.save(buf, np.zeros((2, 2, 3), np.uint8))
        >>> vision.Decode()(np.frombuffer(buf.getvalue(), np.uint8)).shape
        (2, 2, 3)
    """

    def __init__(self, to_pil: bool = False) -> None:
        self.to_pil = to_pil

    def __call__(self, data):
        if isinstance(data, (bytes, bytearray)):  # (a Python source's column of raw bytes)
            data = np.frombuffer(data, np.uint8)
        if not isinstance(data, np.ndarray):
            raise TypeError(
                f"Decode: the encoded image must be a numpy array or bytes, got {type(data)}"
            )
        if data.dtype.kind == "S" and data.shape == (1,):
            # (a bytes column of MindDataset: one bytes string, which MindSpore decodes too)
            data = np.frombuffer(data[0], np.uint8)
        if data.dtype.kind in "USO":
            raise TypeError(f"Decode: the encoded image must hold bytes, got dtype {data.dtype}")
        pixels = decode_image(data, ValueError if self.to_pil else RuntimeError)
        if self.to_pil:
            from PIL import Image

            return Image.fromarray(pixels)
        return pixels


class NormalizePad:
    """`Normalize`, then one more channel of zeros (after the last one: channels last unless
    ``is_hwc=False``), in `dtype`.

    MindSpore 2.10's channels-last kernel writes the normalized pixels packed C values apart
    into the (C + 1)-channel result, so its pixels drift; msfunc gives each pixel its values
    and a zero, as MindSpore's channels-first kernel and its documentation do.

    Args:
        mean (Sequence[float]): Mean of each channel, in [0, 255].
        std (Sequence[float]): Standard deviation of each channel, in (0, 255].
        dtype (str): ``"float32"`` or ``"float16"``. Default: ``"float32"``.
        is_hwc (bool): Channels are the last axis, else the first. Default: ``True``.

    Raises:
        TypeError: an argument is not of its type.
        ValueError: an argument is out of its range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.NormalizePad([1.0], [2.0])(np.full((1, 1, 1), 5, np.uint8)).tolist()
        [[[2.0, 0.0]]]
    """

    def __init__(
        self,
        mean: Sequence[float],
        std: Sequence[float],
        dtype: str = "float32",
        is_hwc: bool = True,
    ) -> None:
        self.mean, self.std = _mean_std(mean, std, "NormalizePad")
        if not isinstance(dtype, str):
            raise TypeError(f"NormalizePad: `dtype` must be a string, got {dtype!r}")
        if dtype not in ("float32", "float16"):
            raise ValueError(f"NormalizePad: `dtype` must be 'float32' or 'float16', got {dtype!r}")
        self.dtype, self.is_hwc = np.dtype(dtype), bool(is_hwc)

    def __call__(self, img):
        img = image_arg(img, "NormalizePad").astype(np.float32)
        out = _normalized(img, self.mean, self.std, self.is_hwc, "NormalizePad")
        if out.ndim == 2:
            out = out[:, :, None] if self.is_hwc else out[None]
        axis = -1 if self.is_hwc else 0
        pad = [(0, 0)] * out.ndim
        pad[axis] = (0, 1)
        return np.pad(out, pad).astype(self.dtype)


_TO_TENSOR_REFUSED = ("uint32", "int64", "uint64")


class ToTensor:
    """An (H, W[, C]) image as a (C, H, W) array of `output_type`, divided by 255 (in float32,
    as MindSpore does).

    Args:
        output_type (Union[dtype, str]): Dtype of the result. Default: ``numpy.float32``.

    Raises:
        TypeError: `output_type` is not a dtype.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.ToTensor()(np.full((1, 2, 3), 255, np.uint8)).shape
        (3, 1, 2)
    """

    def __init__(self, output_type: DTypeLike = np.float32) -> None:
        try:
            self.output_type = np.dtype(output_type)
        except TypeError:
            raise TypeError(
                f"ToTensor: `output_type` must be a dtype, got {output_type!r}"
            ) from None

    def __call__(self, img):
        img = image_arg(img, "ToTensor")
        if img.dtype.kind in "USOV" or img.dtype.name in _TO_TENSOR_REFUSED:
            raise RuntimeError(f"ToTensor: images of dtype {img.dtype} are not supported")
        scaled = img.astype(np.float32) * np.float32(1 / 255)
        chw = scaled[None] if scaled.ndim == 2 else scaled.transpose(2, 0, 1)
        return np.ascontiguousarray(chw).astype(self.output_type)


class ToType(TypeCast):
    """Cast an image to `data_type` (MindSpore's vision name of `transforms.TypeCast`).

    Args:
        data_type (Union[dtype, str]): Dtype of the output arrays.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.ToType(np.int16)(np.array([1.7])).dtype
        dtype('int16')
    """

    def __init__(self, data_type: DTypeLike) -> None:
        super().__init__(data_type)


_PIL_MODES = {2: "LA", 3: "RGB", 4: "RGBA"}
# one channel: the PIL mode of each dtype, and the dtype its pixels are stored in
_PIL_SINGLE = {
    "bool": ("1", np.bool_),
    "uint8": ("L", np.uint8),
    "int8": ("I", np.int32),
    "int16": ("I", np.int32),
    "int32": ("I", np.int32),
    "uint32": ("I", np.int32),
    "uint16": ("I;16", np.uint16),
    "float32": ("F", np.float32),
    "float64": ("F", np.float32),
}


class ToPIL:
    """A numpy (H, W[, C]) image as a PIL image (a PIL image is returned as it is): one
    channel by its dtype (``1``, ``L``, ``I;16``, ``I`` for other integers, ``F`` for floats),
    2, 3 or 4 uint8 channels as
    ``LA``, ``RGB``, ``RGBA``.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.ToPIL()(np.zeros((2, 3, 3), np.uint8)).size
        (3, 2)
    """

    def __call__(self, img):
        if is_pil(img):
            return img
        if not isinstance(img, np.ndarray):
            raise TypeError(
                f"ToPIL: the image must be a numpy array or a PIL image, got {type(img)}"
            )
        if img.ndim not in (2, 3):
            raise ValueError(f"ToPIL: the image must have 2 or 3 dimensions, got {img.ndim}")
        if img.ndim == 3 and img.shape[2] > 4:
            raise ValueError(f"ToPIL: the image may have up to 4 channels, got {img.shape[2]}")
        from PIL import Image  # (loaded on first use: msfunc.dataset imports no PIL)

        if img.ndim == 3 and img.shape[2] == 1:
            img = img[:, :, 0]
        if img.ndim == 2:
            mode, stored = _PIL_SINGLE.get(img.dtype.name, (None, None))
        else:
            mode, stored = (
                (_PIL_MODES[img.shape[2]], np.uint8) if img.dtype == np.uint8 else (None, None)
            )
        if mode is None:
            raise TypeError(
                f"ToPIL: images of dtype {img.dtype} and shape {img.shape} are not supported"
            )
        if img.dtype == np.int8:  # (MindSpore hands PIL the bytes: -1 reads as 255)
            img = img.view(np.uint8)
        img = np.ascontiguousarray(img.astype(stored))
        return Image.fromarray(img) if mode in ("I;16", "1") else Image.fromarray(img, mode=mode)
