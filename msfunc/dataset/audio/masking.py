"""Masks setting a band of a spectrogram's frequencies or time frames to one value."""

from __future__ import annotations

import numpy as np

from ...common.stdlib_random import uniform_int
from .._random import op_engine
from ._checks import FLOAT32_BOUND, INT32_MAX, check_number, check_type
from .amplitude import numeric_input

__all__ = ["MaskAlongAxis", "MaskAlongAxisIID", "TimeMasking", "FrequencyMasking"]


def mask_band(array, start, width, value, axis, op_name):
    """`array` with [start, start + width) along frequency (axis 1) or time (axis 2) = `value`."""
    if width == 0:
        return array
    dim = -2 if axis == 1 else -1
    if start + width > array.shape[dim]:
        raise RuntimeError(
            f"{op_name}: the mask [{start}, {start + width}) runs past the axis "
            f"length {array.shape[dim]}"
        )
    out = array.copy()
    index = [slice(None)] * array.ndim
    index[dim] = slice(start, start + width)
    out[tuple(index)] = array.dtype.type(np.float32(value))
    return out


def random_band(transform, array, mask_param, value, axis, op_name):
    """A band of width uniform in [0, mask_param] at a uniform start, drawn as MindSpore does."""
    engine = op_engine(transform)
    size = array.shape[-2 if axis == 1 else -1]
    width = uniform_int(engine, 0, mask_param)
    start = uniform_int(engine, 0, size - width)
    return mask_band(array, start, width, value, axis, op_name)


def _masked_input(spectrogram, mask_param, axis, op_name):
    array = numeric_input(spectrogram, op_name, min_rank=2)
    size = array.shape[-2 if axis == 1 else -1]
    if mask_param > size:
        raise RuntimeError(
            f"{op_name}: the mask parameter {mask_param} exceeds the axis length {size}"
        )
    return array


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
        return mask_band(
            array, self.mask_start, self.mask_width, self.mask_value, self.axis, "MaskAlongAxis"
        )


class MaskAlongAxisIID:
    """Mask a random band along frequency (axis 1) or time (axis 2), drawn anew for each call.

    The width is uniform in [0, mask_param], the start uniform over the places it fits; the
    draws follow MindSpore's (``ds.config.set_seed`` fixes them).

    Args:
        mask_param (int): Largest band width, >= 0.
        mask_value (float): Value written into the band.
        axis (int): 1 masks frequencies, 2 masks time frames.

    Raises:
        TypeError: An argument has the wrong type.
        ValueError: An argument is out of range.
        RuntimeError: (when called) `mask_param` exceeds the masked axis.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> out = audio.MaskAlongAxisIID(2, 0.0, 2)(np.ones((3, 5)))
        >>> out.shape, int((out == 0).sum(axis=1).max()) <= 2
        ((3, 5), True)
    """

    def __init__(self, mask_param, mask_value, axis):
        check_number(mask_param, "mask_param", 0, INT32_MAX, types=(int,))
        check_number(mask_value, "mask_value")
        check_number(axis, "axis", 1, 2, types=(int,))
        self.mask_param, self.mask_value, self.axis = mask_param, mask_value, axis

    def __call__(self, specgram):
        array = _masked_input(specgram, self.mask_param, self.axis, "MaskAlongAxisIID")
        return random_band(
            self, array, self.mask_param, self.mask_value, self.axis, "MaskAlongAxisIID"
        )


class _Masking:
    """TimeMasking and FrequencyMasking: a fixed band, or with `iid_masks` a random one."""

    _axis = 2

    def __init__(self, iid_masks, mask_param, mask_start, mask_value, param_name):
        check_type(iid_masks, (bool,), "iid_masks")
        check_number(mask_param, param_name, 0, FLOAT32_BOUND, types=(int,))
        check_number(mask_start, "mask_start", 0, FLOAT32_BOUND, types=(int,))
        check_number(mask_value, "mask_value", 0, FLOAT32_BOUND)
        self.iid_masks, self.mask_param = iid_masks, mask_param
        self.mask_start, self.mask_value = mask_start, mask_value

    def __call__(self, specgram):
        name = type(self).__name__
        array = _masked_input(specgram, self.mask_param, self._axis, name)
        if self.iid_masks:
            return random_band(self, array, self.mask_param, self.mask_value, self._axis, name)
        return mask_band(array, self.mask_start, self.mask_param, self.mask_value, self._axis, name)


class TimeMasking(_Masking):
    """Mask time frames of a spectrogram <..., freq, time> (SpecAugment).

    Args:
        iid_masks (bool): Draw a random band (width uniform in [0, time_mask_param]) instead of
            the fixed one. Default: ``False``.
        time_mask_param (int): Band width (largest width when random), >= 0. Default: ``0``.
        mask_start (int): Start of the fixed band, >= 0. Default: ``0``.
        mask_value (float): Value written into the band, >= 0. Default: ``0.0``.

    Raises:
        TypeError: An argument has the wrong type.
        ValueError: An argument is negative.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.TimeMasking(False, 2, 1)(np.ones((1, 4))).tolist()
        [[1.0, 0.0, 0.0, 1.0]]
    """

    _axis = 2

    def __init__(self, iid_masks=False, time_mask_param=0, mask_start=0, mask_value=0.0):
        super().__init__(iid_masks, time_mask_param, mask_start, mask_value, "time_mask_param")


class FrequencyMasking(_Masking):
    """Mask frequency rows of a spectrogram <..., freq, time> (SpecAugment).

    Args:
        iid_masks (bool): Draw a random band (width uniform in [0, freq_mask_param]) instead of
            the fixed one. Default: ``False``.
        freq_mask_param (int): Band width (largest width when random), >= 0. Default: ``0``.
        mask_start (int): Start of the fixed band, >= 0. Default: ``0``.
        mask_value (float): Value written into the band, >= 0. Default: ``0.0``.

    Raises:
        TypeError: An argument has the wrong type.
        ValueError: An argument is negative.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.FrequencyMasking(False, 1, 1)(np.ones((3, 2))).tolist()
        [[1.0, 1.0], [0.0, 0.0], [1.0, 1.0]]
    """

    _axis = 1

    def __init__(self, iid_masks=False, freq_mask_param=0, mask_start=0, mask_value=0.0):
        super().__init__(iid_masks, freq_mask_param, mask_start, mask_value, "freq_mask_param")
