"""Fade: fade-in and fade-out envelopes of five shapes on the start and end of a waveform."""

from __future__ import annotations

import numpy as np

from ._checks import INT32_MAX, check_number, check_type
from .amplitude import numeric_input
from .enums import FadeShape

__all__ = ["Fade"]


def _ramp(length, dtype):
    """MindSpore's linspace from 0 to 1 in the working dtype (step computed once)."""
    step = dtype(0) if length == 1 else dtype(1) / dtype(length - 1)
    return np.arange(length).astype(dtype) * step


# Each curve maps the rising ramp t in [0, 1] to the fade-in gain; computed in float64,
# then stored in the working dtype, as MindSpore's kernel does.
_FADE_IN = {
    FadeShape.LINEAR: lambda t: t,
    FadeShape.EXPONENTIAL: lambda t: np.power(2.0, t - 1.0) * t,
    FadeShape.LOGARITHMIC: lambda t: np.log10(t + 0.1) + 1.0,
    FadeShape.QUARTER_SINE: lambda t: np.sin(t * np.pi / 2.0),
    FadeShape.HALF_SINE: lambda t: np.sin(t * np.pi - np.pi / 2.0) / 2.0 + 0.5,
}
_FADE_OUT = {
    FadeShape.LINEAR: lambda t: 1.0 - t,
    FadeShape.EXPONENTIAL: lambda t: np.power(2.0, -t) * (1.0 - t),
    FadeShape.LOGARITHMIC: lambda t: np.log10(1.1 - t) + 1.0,
    FadeShape.QUARTER_SINE: lambda t: np.sin(t * np.pi / 2.0 + np.pi / 2.0),
    FadeShape.HALF_SINE: lambda t: np.sin(t * np.pi + np.pi / 2.0) / 2.0 + 0.5,
}


class Fade:
    """Fade the first `fade_in_len` samples in and the last `fade_out_len` samples out.

    Args:
        fade_in_len (int): Fade-in length in samples, >= 0. Default: ``0``.
        fade_out_len (int): Fade-out length in samples, >= 0. Default: ``0``.
        fade_shape (FadeShape): The envelope's shape. Default: ``FadeShape.LINEAR``.

    Raises:
        TypeError: A length is not an int or `fade_shape` not a FadeShape.
        ValueError: A length is negative.
        RuntimeError: (when called) a fade is longer than the waveform.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.Fade(fade_in_len=3, fade_out_len=2)(np.ones(5)).tolist()
        [0.0, 0.5, 1.0, 1.0, 0.0]
    """

    def __init__(self, fade_in_len=0, fade_out_len=0, fade_shape=FadeShape.LINEAR):
        check_number(fade_in_len, "fade_in_len", 0, INT32_MAX, types=(int,))
        check_number(fade_out_len, "fade_out_len", 0, INT32_MAX, types=(int,))
        check_type(fade_shape, (FadeShape,), "fade_shape")
        self.fade_in_len, self.fade_out_len, self.fade_shape = fade_in_len, fade_out_len, fade_shape

    def __call__(self, waveform):
        array = numeric_input(waveform, "Fade")
        dtype = array.dtype.type
        length = array.shape[-1]
        if max(self.fade_in_len, self.fade_out_len) > length:
            raise RuntimeError(
                f"Fade: fade lengths ({self.fade_in_len}, {self.fade_out_len}) must not exceed "
                f"the waveform length {length}"
            )
        out = array.copy()
        if self.fade_in_len:
            gain = _FADE_IN[self.fade_shape](_ramp(self.fade_in_len, dtype).astype(np.float64))
            out[..., : self.fade_in_len] *= gain.astype(dtype)
        if self.fade_out_len:
            gain = _FADE_OUT[self.fade_shape](_ramp(self.fade_out_len, dtype).astype(np.float64))
            out[..., length - self.fade_out_len :] *= gain.astype(dtype)
        return out
