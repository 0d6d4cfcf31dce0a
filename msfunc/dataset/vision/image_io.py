"""Image files of `dataset.vision`: read_file/write_file, read_image and the JPEG/PNG encoders,
decoding and encoding byte for byte as MindSpore's OpenCV-based functions."""

from __future__ import annotations

import enum
import io
import os
import tempfile
from typing import Any

import numpy as np

from .png_writer import png_bytes


class ImageReadMode(enum.IntEnum):
    """How `read_image` decodes: as stored, one grey channel, or three colour channels.

    Example:
        >>> from msfunc.dataset import vision
        >>> int(vision.ImageReadMode.COLOR)
        2
    """

    UNCHANGED = 0
    GRAYSCALE = 1
    COLOR = 2


# OpenCV's grey conversion (fixed point, 14 bits) for the formats it converts itself, and
# libpng's (15 bits, truncated) for PNG files, which libpng converts while reading
_OPENCV_GREY = (4899, 9617, 1868, 8192, 14)
_LIBPNG_GREY = (9797, 19234, 3737, 0, 15)


def _filename(filename: Any, who: str) -> str:
    if not isinstance(filename, str):
        raise TypeError(f"{who}: `filename` must be a str, got {type(filename).__name__}")
    return filename


def _readable(filename: Any, who: str) -> str:
    path = _filename(filename, who)
    if not os.path.isfile(path):
        raise RuntimeError(f"{who}: {path!r} is not a file that can be read")
    return path


def _write_atomically(path: str, data: bytes, who: str) -> None:
    if os.path.isdir(path):  # (os.replace would fail with NotADirectoryError)
        raise RuntimeError(f"{who}: {path!r} is a folder, not a file that can be written")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise RuntimeError(f"{who}: the folder of {path!r} does not exist")
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".msfunc-")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def _image_array(image: Any, who: str) -> np.ndarray:
    """An (H, W) or (H, W, 3) uint8 array from a numpy array or Tensor."""
    from msfunc.common.tensor import Tensor

    if isinstance(image, Tensor):
        image = image.asnumpy()
    if not isinstance(image, np.ndarray):
        raise TypeError(
            f"{who}: `image` must be a numpy array or Tensor, got {type(image).__name__}"
        )
    if image.dtype != np.uint8:
        raise RuntimeError(f"{who}: `image` must hold uint8 pixels, got {image.dtype}")
    if image.ndim == 3 and image.shape[2] == 1:
        image = image[..., 0]
    if image.ndim not in (2, 3) or (image.ndim == 3 and image.shape[2] != 3):
        raise RuntimeError(
            f"{who}: `image` must be (H, W), (H, W, 1) or (H, W, 3), got shape {image.shape}"
        )
    return np.ascontiguousarray(image)


def _int_in(value: Any, low: int, high: int, name: str, who: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{who}: `{name}` must be an int, got {type(value).__name__}")
    if not low <= value <= high:
        raise RuntimeError(f"{who}: `{name}` must be in [{low}, {high}], got {value}")
    return value


def read_file(filename: str) -> np.ndarray:
    """The bytes of a file as a 1-D uint8 array.

    Args:
        filename (str): The file.

    Returns:
        numpy.ndarray, its bytes (uint8).

    Raises:
        TypeError: `filename` is not a str.
        RuntimeError: the file does not exist or is a folder.

    Example:
        >>> import os, tempfile, numpy as np
        >>> from msfunc.dataset import vision
        >>> path = os.path.join(tempfile.mkdtemp(), "b.bin")
        >>> vision.write_file(path, np.array([1, 2, 3], np.uint8))
        >>> vision.read_file(path).tolist()
        [1, 2, 3]
    """
    with open(_readable(filename, "read_file"), "rb") as f:
        return np.frombuffer(f.read(), np.uint8).copy()


def write_file(filename: str, data: Any) -> None:
    """Write a 1-D uint8 array (numpy or Tensor) to a file, atomically.

    Args:
        filename (str): The file.
        data (Union[numpy.ndarray, Tensor]): The bytes, 1-D uint8.

    Returns:
        None.

    Raises:
        TypeError: `filename` is not a str or `data` not an array.
        RuntimeError: `data` is not 1-D uint8, or the file's folder does not exist.

    Example:
        >>> import os, tempfile, numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.write_file(os.path.join(tempfile.mkdtemp(), "b.bin"), np.zeros(4, np.uint8))
    """
    from msfunc.common.tensor import Tensor

    path = _filename(filename, "write_file")
    if isinstance(data, Tensor):
        data = data.asnumpy()
    if not isinstance(data, np.ndarray):
        raise TypeError(
            f"write_file: `data` must be a numpy array or Tensor, got {type(data).__name__}"
        )
    if data.dtype != np.uint8 or data.ndim != 1:
        raise RuntimeError(f"write_file: `data` must be 1-D uint8, got {data.ndim}-D {data.dtype}")
    _write_atomically(path, data.tobytes(), "write_file")


def _grey(rgb: np.ndarray, coefficients: tuple) -> np.ndarray:
    red, green, blue, rounding, shift = coefficients
    r, g, b = (rgb[..., i].astype(np.int64) for i in range(3))
    grey = ((red * r + green * g + blue * b + rounding) >> shift).astype(rgb.dtype)
    return np.where((r == g) & (g == b), rgb[..., 0], grey)


def _decoded(raw: bytes, mode: ImageReadMode) -> np.ndarray:
    """Pixels as MindSpore's OpenCV reads them: UNCHANGED keeps grey or colour and 16 bits
    (dropping alpha), GRAYSCALE and COLOR give 8 bits in one or three channels."""
    from PIL import Image

    image = Image.open(io.BytesIO(raw))
    kind = image.format  # (a converted image has none)
    if kind == "JPEG":
        if mode == ImageReadMode.GRAYSCALE:
            image.draft("L", image.size)  # (libjpeg's own grey output, as OpenCV asks for)
        return _channels(
            np.asarray(image.convert("L" if image.mode in ("L", "1") else "RGB")), mode
        )
    if image.mode in ("P", "PA", "RGBA", "LA", "CMYK", "YCbCr", "1"):
        image = image.convert("RGB" if image.mode not in ("LA", "1") else "L")
    pixels = np.asarray(image)
    if pixels.dtype.kind == "u" and pixels.dtype.itemsize == 2:
        pixels = pixels.astype(np.uint16)  # (native byte order)
        if mode != ImageReadMode.UNCHANGED:
            pixels = (pixels >> 8).astype(np.uint8)  # (libpng strips 16 bits to their high byte)
    if pixels.ndim == 3 and mode == ImageReadMode.GRAYSCALE:
        return _grey(pixels, _LIBPNG_GREY if kind == "PNG" else _OPENCV_GREY)[..., None]
    return _channels(pixels, mode)


def _channels(pixels: np.ndarray, mode: ImageReadMode) -> np.ndarray:
    if pixels.ndim == 2:
        pixels = pixels[..., None]
    if mode == ImageReadMode.COLOR and pixels.shape[2] == 1:
        return np.repeat(pixels, 3, axis=2)
    if mode == ImageReadMode.GRAYSCALE and pixels.shape[2] == 3:
        return _grey(pixels, _OPENCV_GREY)[..., None]
    return np.ascontiguousarray(pixels)


def read_image(filename: str, mode: ImageReadMode = ImageReadMode.UNCHANGED) -> np.ndarray:
    """Decode an image file (JPEG, PNG, BMP, TIFF ...) to an (H, W, C) array.

    Args:
        filename (str): The image file.
        mode (ImageReadMode): ``UNCHANGED`` keeps the file's grey or RGB channels and its
            8 or 16 bits (an alpha channel is dropped); ``GRAYSCALE`` gives one 8-bit
            channel, ``COLOR`` three. Default: ``ImageReadMode.UNCHANGED``.

    Returns:
        numpy.ndarray, the (H, W, C) pixels (uint8, or uint16 for a 16-bit file unchanged).

    Raises:
        TypeError: `filename` is not a str or `mode` not an ImageReadMode.
        RuntimeError: the file does not exist or is not an image.

    Example:
        >>> import os, tempfile, numpy as np
        >>> from msfunc.dataset import vision
        >>> path = os.path.join(tempfile.mkdtemp(), "a.png")
        >>> vision.write_png(path, np.full((2, 3, 3), 7, np.uint8))
        >>> vision.read_image(path, vision.ImageReadMode.GRAYSCALE).shape
        (2, 3, 1)
    """
    if not isinstance(mode, ImageReadMode):
        raise TypeError(f"read_image: `mode` must be an ImageReadMode, got {type(mode).__name__}")
    path = _readable(filename, "read_image")
    with open(path, "rb") as f:
        raw = f.read()
    try:
        return _decoded(raw, mode)
    except (OSError, ValueError, SyntaxError) as exc:
        raise RuntimeError(
            f"read_image: {path!r} is not an image that can be decoded ({exc})"
        ) from None


def encode_jpeg(image: Any, quality: int = 75) -> np.ndarray:
    """The JPEG file of an (H, W[, 1]) grey or (H, W, 3) RGB uint8 image, as uint8 bytes.

    Args:
        image (Union[numpy.ndarray, Tensor]): The image.
        quality (int): JPEG quality, in [1, 100]. Default: ``75``.

    Returns:
        numpy.ndarray, the JPEG file's bytes (uint8).

    Raises:
        TypeError: `image` is not an array or `quality` not an int.
        RuntimeError: `image` is not uint8 grey or RGB, or `quality` is out of range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.encode_jpeg(np.zeros((8, 8, 3), np.uint8))[:2].tolist()
        [255, 216]
    """
    from PIL import Image

    pixels = _image_array(image, "encode_jpeg")
    quality = _int_in(quality, 1, 100, "quality", "encode_jpeg")
    buf = io.BytesIO()
    Image.fromarray(pixels).save(buf, "JPEG", quality=quality)
    return np.frombuffer(buf.getvalue(), np.uint8).copy()


def encode_png(image: Any, compression_level: int = 6) -> np.ndarray:
    """The PNG file of an (H, W[, 1]) grey or (H, W, 3) RGB uint8 image, as uint8 bytes.

    Args:
        image (Union[numpy.ndarray, Tensor]): The image.
        compression_level (int): zlib level, in [0, 9]; 0 stores uncompressed. Default: ``6``.

    Returns:
        numpy.ndarray, the PNG file's bytes (uint8).

    Raises:
        TypeError: `image` is not an array or `compression_level` not an int.
        RuntimeError: `image` is not uint8 grey or RGB, or the level is out of range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> bytes(vision.encode_png(np.zeros((2, 2), np.uint8))[1:4])
        b'PNG'
    """
    pixels = _image_array(image, "encode_png")
    level = _int_in(compression_level, 0, 9, "compression_level", "encode_png")
    return np.frombuffer(png_bytes(pixels, level), np.uint8).copy()


def write_jpeg(filename: str, image: Any, quality: int = 75) -> None:
    """Write `image` as a JPEG file (see `encode_jpeg`), atomically.

    Args:
        filename (str): The file.
        image (Union[numpy.ndarray, Tensor]): The (H, W[, 1]) or (H, W, 3) uint8 image.
        quality (int): JPEG quality, in [1, 100]. Default: ``75``.

    Returns:
        None.

    Raises:
        TypeError: an argument is not of its type.
        RuntimeError: a bad image or quality, or the file's folder does not exist.

    Example:
        >>> import os, tempfile, numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.write_jpeg(os.path.join(tempfile.mkdtemp(), "a.jpg"), np.zeros((4, 4), np.uint8))
    """
    path = _filename(filename, "write_jpeg")
    _write_atomically(path, encode_jpeg(image, quality).tobytes(), "write_jpeg")


def write_png(filename: str, image: Any, compression_level: int = 6) -> None:
    """Write `image` as a PNG file (see `encode_png`), atomically.

    Args:
        filename (str): The file.
        image (Union[numpy.ndarray, Tensor]): The (H, W[, 1]) or (H, W, 3) uint8 image.
        compression_level (int): zlib level, in [0, 9]. Default: ``6``.

    Returns:
        None.

    Raises:
        TypeError: an argument is not of its type.
        RuntimeError: a bad image or level, or the file's folder does not exist.

    Example:
        >>> import os, tempfile, numpy as np
        >>> from msfunc.dataset import vision
        >>> vision.write_png(os.path.join(tempfile.mkdtemp(), "a.png"), np.zeros((4, 4), np.uint8))
    """
    path = _filename(filename, "write_png")
    _write_atomically(path, encode_png(image, compression_level).tobytes(), "write_png")
