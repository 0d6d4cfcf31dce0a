"""Filtfilt: an IIR filter run forward, then backward, for zero phase."""

from __future__ import annotations

from .filters import LFilter, apply_filter

__all__ = ["Filtfilt"]


class Filtfilt(LFilter):
    """Filter along the last axis forward and then backward (zero phase, squared magnitude).

    The forward pass is never clipped; with `clamp` the backward pass's output is clipped to
    [-1, 1], as MindSpore does.

    Args:
        a_coeffs (Sequence[float]): Denominator coefficients, ``a_coeffs[0]`` nonzero.
        b_coeffs (Sequence[float]): Numerator coefficients, as many as `a_coeffs`.
        clamp (bool): Clip the output to [-1, 1]. Default: ``True``.

    Raises:
        TypeError: A coefficient is not a number, or `clamp` is not a bool.
        ValueError: The lists differ in length or hold values beyond float32's exact range.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.Filtfilt([1.0, 0.0], [0.5, 0.0])(np.array([0.4, 0.8])).tolist()
        [0.1, 0.2]
    """

    def __call__(self, waveform):
        forward = apply_filter(
            waveform, self.b_coeffs, self.a_coeffs, clamp=False, op_name="Filtfilt"
        )
        backward = apply_filter(
            forward[..., ::-1], self.b_coeffs, self.a_coeffs, clamp=self.clamp, op_name="Filtfilt"
        )
        return backward[..., ::-1].copy()
