"""Resample: band-limited (windowed-sinc) resampling by a rational factor."""

from __future__ import annotations

import math

import numpy as np
from scipy import special

from ._checks import FLOAT32_BOUND, INT32_MAX, check_number, check_type
from .amplitude import numeric_input
from .enums import ResampleMethod

__all__ = ["Resample", "resample_last_axis"]

_KAISER_BETA = 14.769656459379492


def sinc_kernel(orig, new, method, width_zeros, rolloff, beta, dtype, phases=None):
    """The (new, 2 * width + orig) polyphase kernel and `width`, built in `dtype` as MindSpore;
    with `phases`, only its first `phases` rows (each row is computed on its own)."""
    base = np.float32(min(orig, new)) * np.float32(rolloff)
    width = math.ceil(np.float32(width_zeros * orig) / base)
    idx = np.arange(-width, width + orig).astype(dtype) / dtype(orig)
    phase = -np.arange(new if phases is None else phases).astype(dtype) / dtype(new)
    t = (phase[:, None] + idx[None, :]) * dtype(base)
    t = np.clip(t, -width_zeros, width_zeros).astype(dtype)
    if method == ResampleMethod.SINC_INTERPOLATION:
        window = np.cos(t * dtype(math.pi) / dtype(width_zeros) / dtype(2)) ** 2
    else:
        ratio = t.astype(np.float64) / width_zeros
        window = (special.i0(beta * np.sqrt(1 - ratio**2)) / special.i0(np.float32(beta))).astype(
            dtype
        )
    t = t * dtype(math.pi)
    scale = dtype(np.float32(base) / np.float32(orig))
    safe = np.where(t == 0, dtype(1), t)
    kernel = np.where(t == 0, scale, scale * (np.sin(safe) / safe))
    return (kernel * window).astype(dtype), width


class Resample:
    """Resample a waveform <..., time> from `orig_freq` to `new_freq` Hz.

    Args:
        orig_freq (float): Original rate, positive. Default: ``16000``.
        new_freq (float): Target rate, positive. Default: ``16000``.
        resample_method (ResampleMethod): Window of the sinc kernel: Hann-like
            (``SINC_INTERPOLATION``) or Kaiser. Default: ``ResampleMethod.SINC_INTERPOLATION``.
        lowpass_filter_width (int): Zero crossings kept on each side, positive. Default: ``6``.
        rolloff (float): Anti-aliasing cutoff as a fraction of the Nyquist rate, in (0, 1].
            Default: ``0.99``.
        beta (float, optional): Kaiser window shape; ``None`` means 14.769656459379492.

    Raises:
        TypeError: An argument has the wrong type.
        ValueError: An argument is out of range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.Resample(4, 2)(np.ones(8)).shape
        (4,)
    """

    def __init__(
        self,
        orig_freq=16000,
        new_freq=16000,
        resample_method=ResampleMethod.SINC_INTERPOLATION,
        lowpass_filter_width=6,
        rolloff=0.99,
        beta=None,
    ):
        check_number(orig_freq, "orig_freq", 0, FLOAT32_BOUND, low_open=True)
        check_number(new_freq, "new_freq", 0, FLOAT32_BOUND, low_open=True)
        check_type(resample_method, (ResampleMethod,), "resample_method")
        check_number(
            lowpass_filter_width, "lowpass_filter_width", 0, INT32_MAX, low_open=True, types=(int,)
        )
        check_type(rolloff, (float,), "rolloff")
        check_number(rolloff, "rolloff", 0, 1.0, low_open=True)
        self.orig_freq, self.new_freq = orig_freq, new_freq
        self.resample_method, self.lowpass_filter_width = resample_method, lowpass_filter_width
        self.rolloff = rolloff
        self.beta = beta if beta is not None else _KAISER_BETA

    def __call__(self, waveform):
        if abs(np.float32(self.orig_freq) - np.float32(self.new_freq)) <= np.finfo(np.float32).eps:
            return np.asarray(waveform)  # equal rates: MindSpore passes the input through untouched
        array = numeric_input(waveform, "Resample")
        return resample_last_axis(
            array,
            self.orig_freq,
            self.new_freq,
            self.resample_method,
            self.lowpass_filter_width,
            self.rolloff,
            self.beta,
        )


def resample_last_axis(array, orig_freq, new_freq, method, width_zeros, rolloff, beta):
    """Resample float `array`'s last axis from `orig_freq` to `new_freq` in its own precision.

    Unlike `Resample`, equal rates still pass through the low-pass kernel (as MindSpore's
    PitchShift runs it).
    """
    dtype = array.dtype.type
    orig, new = int(np.float32(orig_freq)), int(np.float32(new_freq))
    gcd = math.gcd(orig, new)
    if gcd == 0 or orig // gcd == 0:
        raise RuntimeError("Resample: the frequencies give a zero rate ratio")
    orig, new = orig // gcd, new // gcd
    length = array.shape[-1]
    target = math.ceil(new * length / orig)
    steps = math.ceil(target / new)
    # A short output uses only its first `target` phases: coprime rates such as 16000 and
    # 19027 would otherwise build a 19027-row kernel (gigabytes) for a few dozen samples.
    phases = min(new, target)
    kernel, width = sinc_kernel(orig, new, method, width_zeros, rolloff, beta, dtype, phases)
    x = array.reshape(-1, length)
    padded = np.pad(x, [(0, 0), (width, width + orig)])
    starts = np.arange(steps) * orig
    frames = padded[:, starts[:, None] + np.arange(kernel.shape[1])]  # (rows, steps, klen)
    # Output sample step * new + phase comes from kernel row `phase` on frame `step`.
    out = np.einsum("rsk,pk->rsp", frames, kernel).reshape(x.shape[0], -1)[:, :target]
    return out.reshape(array.shape[:-1] + (target,))
