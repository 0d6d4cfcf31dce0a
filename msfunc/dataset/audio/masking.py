"""MaskAlongAxis: set a band of frequencies or time frames of a spectrogram to one value."""

from __future__ import annotations

import numpy as np

from ._checks import INT32_MAX, check_number, check_type
from .amplitude import numeric_input

__all__ = ["MaskAlongAxis"]


class MaskAlongAxis:
    """Fill ``[mask_start, mask_start + mask_width)`` along frequency (axis 1) or time (axis 2).

    Args:
        mask_start (int): First masked index, >= 0.
        mask_width (int): Number of masked indices, positive.
        mask_value (float): Value written into the mask.
        axis (int): 1 masks frequencies (rows), 2 masks time frames (columns).

    Raises:
        TypeError: An argument has the wrong type.
        ValueError: An argument is out of range.
        RuntimeError: (when called) the mask runs past the end of the axis.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.MaskAlongAxis(1, 2, -1.0, 2)(np.ones((2, 4))).tolist()
        [[1.0, -1.0, -1.0, 1.0], [1.0, -1.0, -1.0, 1.0]]
    """

    def __init__(self, mask_start, mask_width, mask_value, axis):
        check_type(mask_start, (int,), "mask_start")
        check_type(mask_width, (int,), "mask_width")
        check_type(mask_value, (int, float), "mask_value")
        check_type(axis, (int,), "axis")
        check_number(mask_start, "mask_start", 0, INT32_MAX, types=(int,))
        check_number(mask_width, "mask_width", 0, INT32_MAX, low_open=True, types=(int,))
        check_number(mask_value, "mask_value")
        check_number(axis, "axis", 1, 2, types=(int,))
        self.mask_start, self.mask_width, self.mask_value, self.axis = (
            mask_start,
            mask_width,
            mask_value,
            axis,
        )

    def __call__(self, specgram):
        array = numeric_input(specgram, "MaskAlongAxis", min_rank=2)
        dim = -2 if self.axis == 1 else -1
        end = self.mask_start + self.mask_width
        if end > array.shape[dim]:
            raise RuntimeError(
                f"MaskAlongAxis: the mask [{self.mask_start}, {end}) runs past the "
                f"axis length {array.shape[dim]}"
            )
        out = array.copy()
        index = [slice(None)] * array.ndim
        index[dim] = slice(self.mask_start, end)
        out[tuple(index)] = array.dtype.type(np.float32(self.mask_value))
        return out
