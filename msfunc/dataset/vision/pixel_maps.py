"""Vision transforms that map pixels without resampling: `ConvertColor` (OpenCV's colour
conversions), `LinearTransformation` (a matrix over the flattened image) and `ToNumpy`."""

from __future__ import annotations

import numpy as np

from ._checks import image_arg
from .utils import ConvertMode

__all__ = ["ConvertColor", "LinearTransformation", "ToNumpy"]

# mode -> (source kind, destination channel order or "gray"); "bgr"/"rgb" name where the
# blue channel sits, "gray" a one-channel source
_BGR, _RGB, _GRAY = "bgr", "rgb", "gray"
_MODES = {
    ConvertMode.COLOR_BGR2BGRA: (_BGR, _BGR, 4),
    ConvertMode.COLOR_BGRA2BGR: (_BGR, _BGR, 3),
    ConvertMode.COLOR_BGR2RGBA: (_BGR, _RGB, 4),
    ConvertMode.COLOR_RGBA2BGR: (_RGB, _BGR, 3),
    ConvertMode.COLOR_BGR2RGB: (_BGR, _RGB, 3),
    ConvertMode.COLOR_BGRA2RGBA: (_BGR, _RGB, 4),
    ConvertMode.COLOR_BGR2GRAY: (_BGR, _GRAY, 1),
    ConvertMode.COLOR_RGB2GRAY: (_RGB, _GRAY, 1),
    ConvertMode.COLOR_GRAY2BGR: (_GRAY, _BGR, 3),
    ConvertMode.COLOR_GRAY2BGRA: (_GRAY, _BGR, 4),
    ConvertMode.COLOR_BGRA2GRAY: (_BGR, _GRAY, 1),
    ConvertMode.COLOR_RGBA2GRAY: (_RGB, _GRAY, 1),
}
# the depths OpenCV's cvtColor takes, and each one's opaque alpha
_OPAQUE = {np.dtype(np.uint8): 255, np.dtype(np.uint16): 65535, np.dtype(np.float32): 1.0}


def to_gray(img, blue_first):
    """OpenCV's luma. Integer depths: 15-bit fixed point with rounding (the weights 0.299,
    0.587, 0.114 as 9798, 19235, 3735; 14 bits round some pixels otherwise). float32: the
    first channel's product, then each next channel's added by a fused multiply-add, as
    OpenCV's vector code does (emulated exactly in float64).

    Example:
        >>> to_gray(np.array([[[10, 20, 30]]], np.uint8), blue_first=True).tolist()
        [[22]]
    """
    weights = (0.114, 0.587, 0.299) if blue_first else (0.299, 0.587, 0.114)
    if img.dtype.kind == "u":
        fixed = {0.299: 9798, 0.587: 19235, 0.114: 3735}
        total = np.zeros(img.shape[:-1], np.int64)
        for k, w in enumerate(weights):
            total += img[..., k].astype(np.int64) * fixed[w]
        return ((total + (1 << 14)) >> 15).astype(img.dtype)
    total = img[..., 0] * np.float32(weights[0])
    for k in (1, 2):
        fused = img[..., k].astype(np.float64) * float(np.float32(weights[k])) + total
        total = fused.astype(np.float32)
    return total


class ConvertColor:
    """Convert an image between colour spaces as OpenCV's ``cvtColor`` does.

    Colour sources take 3 or 4 channels (a one-channel image counts as grey, copied into
    each colour channel), grey sources one; uint8, uint16 and float32 images are accepted.

    Args:
        convert_mode (ConvertMode): The conversion.

    Raises:
        TypeError: `convert_mode` is not a `ConvertMode`.
        RuntimeError: the image's channels or dtype do not fit the conversion.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> img = np.array([[[10, 20, 30]]], np.uint8)
        >>> vision.ConvertColor(vision.ConvertMode.COLOR_BGR2RGB)(img).tolist()
        [[[30, 20, 10]]]
        >>> vision.ConvertColor(vision.ConvertMode.COLOR_BGR2GRAY)(img).tolist()
        [[22]]
    """

    def __init__(self, convert_mode: ConvertMode) -> None:
        if not isinstance(convert_mode, ConvertMode):
            raise TypeError(
                f"ConvertColor: `convert_mode` must be a ConvertMode, got {convert_mode!r}"
            )
        self.convert_mode = convert_mode

    def __call__(self, img):
        img = image_arg(img, "ConvertColor")
        channels = 1 if img.ndim == 2 else img.shape[2]
        if channels not in (1, 3, 4):
            raise RuntimeError(
                f"ConvertColor: the image must have 1, 3 or 4 channels, got {channels}"
            )
        if img.dtype not in _OPAQUE:
            raise RuntimeError(f"ConvertColor: images of dtype {img.dtype} are not supported")
        source, dest, out_channels = _MODES[self.convert_mode]
        if (source == _GRAY) != (channels == 1) and not (channels == 1 and dest != _GRAY):
            wanted = "one channel" if source == _GRAY else "3 or 4 channels"
            raise RuntimeError(
                f"ConvertColor: {self.convert_mode.name} takes {wanted}, got {channels}"
            )
        if channels == 1:
            grey = img.reshape(img.shape[:2])
            colour = np.repeat(grey[..., None], 3, axis=2)
            alpha = None
        else:
            colour, alpha = img[..., :3], (img[..., 3] if channels == 4 else None)
        if dest == _GRAY:
            return to_gray(colour, source == _BGR)
        if source != _GRAY and source != dest:
            colour = colour[..., ::-1]
        if out_channels == 3:
            return np.ascontiguousarray(colour)
        if alpha is None:
            alpha = np.full(img.shape[:2], _OPAQUE[img.dtype], img.dtype)
        return np.concatenate((colour, alpha[..., None]), axis=2)


def _array_arg(value, name):
    if not isinstance(value, np.ndarray):
        raise TypeError(
            f"LinearTransformation: `{name}` must be a numpy.ndarray, got {type(value).__name__}"
        )
    return value


class LinearTransformation:
    """``(img.flatten() - mean_vector) @ transformation_matrix``, back in the image's shape
    (a whitening transform for (C, H, W) numpy images; the result is float64 for float64
    arguments, as numpy computes it).

    Args:
        transformation_matrix (numpy.ndarray): Square matrix of side C * H * W.
        mean_vector (numpy.ndarray): Vector of length C * H * W.

    Raises:
        TypeError: an argument is not a numpy array, or the image is not one.
        ValueError: the matrix is not square, the vector's length differs from its side, or
            the image's size differs from it.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> op = vision.LinearTransformation(2 * np.eye(2), np.array([1.0, 0.0]))
        >>> op(np.array([[[3.0]], [[4.0]]])).ravel().tolist()
        [4.0, 8.0]
    """

    def __init__(self, transformation_matrix: np.ndarray, mean_vector: np.ndarray) -> None:
        matrix = _array_arg(transformation_matrix, "transformation_matrix")
        mean = _array_arg(mean_vector, "mean_vector")
        if matrix.ndim != 2 or matrix.shape[0] != matrix.shape[1]:
            raise ValueError(
                f"LinearTransformation: `transformation_matrix` must be a square matrix, "
                f"got shape {matrix.shape}"
            )
        if mean.shape[0] != matrix.shape[0]:
            raise ValueError(
                f"LinearTransformation: the length {mean.shape[0]} of `mean_vector` should match "
                f"the side of `transformation_matrix` {matrix.shape}"
            )
        self.transformation_matrix = matrix
        self.mean_vector = mean

    def __call__(self, img):
        if not isinstance(img, np.ndarray):
            raise TypeError(
                f"LinearTransformation: the image must be a numpy array, got {type(img)}"
            )
        side = self.transformation_matrix.shape[0]
        if img.size != side:
            raise ValueError(
                f"LinearTransformation: an image of shape {img.shape} does not fit a "
                f"transformation matrix of side {side}"
            )
        flat = img.reshape(1, -1) - self.mean_vector
        return np.dot(flat, self.transformation_matrix).reshape(img.shape)


class ToNumpy:
    """The input as a numpy array (a PIL image's pixels; anything else as ``numpy.array``
    makes it).

    Example:
        >>> from msfunc.dataset import vision
        >>> vision.ToNumpy()([1, 2]).tolist()
        [1, 2]
    """

    def __call__(self, img):
        return np.array(img)
