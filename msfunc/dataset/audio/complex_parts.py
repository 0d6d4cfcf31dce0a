"""Transforms on complex spectrograms stored as a trailing (real, imaginary) axis."""

from __future__ import annotations

import numpy as np

from ._checks import FLOAT32_BOUND, check_number

__all__ = ["Angle", "ComplexNorm", "Magphase"]


def _complex_pairs(spectrogram, op_name):
    """The input as float64 if it is float64, else float32; it must end in a (real, imag) axis."""
    array = np.asarray(spectrogram)
    if array.dtype.kind not in "biuf":
        raise RuntimeError(f"{op_name}: the input must be numeric, got {array.dtype}")
    if array.ndim < 1 or array.shape[-1] != 2:
        raise RuntimeError(
            f"{op_name}: the input must have shape <..., 2> (real, imaginary), got {array.shape}"
        )
    return array if array.dtype == np.float64 else array.astype(np.float32)


def _norm(array, power):
    dtype = array.dtype.type
    squares = array[..., 0] ** 2 + array[..., 1] ** 2
    return np.power(squares, dtype(0.5) * dtype(np.float32(power)))


def _check_power(power):
    check_number(power, "power", 0, FLOAT32_BOUND)


class Angle:
    """The phase angle of each complex value, ``atan2(imag, real)``.

    Raises:
        RuntimeError: The input does not end in an axis of length 2, or is not numeric.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.Angle()(np.array([[1.0, 0.0], [0.0, 2.0]])).round(4).tolist()
        [0.0, 1.5708]
    """

    def __call__(self, spectrogram):
        array = _complex_pairs(spectrogram, "Angle")
        return np.arctan2(array[..., 1], array[..., 0])


class ComplexNorm:
    """The norm of each complex value raised to `power`.

    Args:
        power (float): Exponent of the norm, >= 0. Default: ``1.0``.

    Raises:
        TypeError: `power` is not a number.
        ValueError: `power` is negative.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.ComplexNorm()(np.array([[3.0, 4.0]])).tolist()
        [5.0]
    """

    def __init__(self, power=1.0):
        _check_power(power)
        self.power = power

    def __call__(self, spectrogram):
        return _norm(_complex_pairs(spectrogram, "ComplexNorm"), self.power)


class Magphase:
    """Split complex values into magnitude (raised to `power`) and phase: two outputs.

    Args:
        power (float): Exponent of the magnitude, >= 0. Default: ``1.0``.

    Raises:
        TypeError: `power` is not a number.
        ValueError: `power` is negative.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> mag, phase = audio.Magphase()(np.array([[0.0, 2.0]]))
        >>> mag.tolist(), phase.round(4).tolist()
        ([2.0], [1.5708])
    """

    def __init__(self, power=1.0):
        _check_power(power)
        self.power = power

    def __call__(self, spectrogram):
        array = _complex_pairs(spectrogram, "Magphase")
        return _norm(array, self.power), np.arctan2(array[..., 1], array[..., 0])
