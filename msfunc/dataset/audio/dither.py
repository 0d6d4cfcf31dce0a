"""Dither: requantise a waveform to 16 bits with added noise, optionally noise-shaped."""

from __future__ import annotations

import numpy as np

from ...common.stdlib_random import uniform_int
from .._random import op_engine
from ._checks import check_type
from .enums import DensityFunction

__all__ = ["Dither"]

# 16-bit quantisation: scaled up by 2**15 - 2, back down by 2**15.
_UP_SCALE = 2**15 - 2
_DOWN_SCALE = 2**15


def _round_half_away(x):
    return np.sign(x) * np.floor(np.abs(x) + 0.5)


class Dither:
    """Quantise a waveform <..., time> to 16-bit steps after adding dither noise.

    TPDF adds a triangular (Bartlett) ramp over each row; RPDF adds one sample of the input
    picked at random; GPDF adds the sum of seven such samples. The random picks draw from
    the transform's ``mt19937`` as MindSpore's do (``ds.config.set_seed`` fixes them).
    With `noise_shaping`, each sample also gets the previous sample's quantisation error.

    Args:
        density_function (DensityFunction): Noise distribution. Default:
            ``DensityFunction.TPDF``.
        noise_shaping (bool): Feed the quantisation error forward. Default: ``False``.

    Raises:
        TypeError: An argument has the wrong type.
        RuntimeError: The input is a scalar or not numeric.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.Dither()(np.array([1.0, 2.0, 3.0])).round(5).tolist()
        [0.99994, 1.99991, 2.99985]
    """

    def __init__(self, density_function=DensityFunction.TPDF, noise_shaping=False):
        check_type(density_function, (DensityFunction,), "density_function")
        check_type(noise_shaping, (bool,), "noise_shaping")
        self.density_function, self.noise_shaping = density_function, noise_shaping

    def __call__(self, waveform):
        array = np.asarray(waveform)
        if array.ndim < 1:
            raise RuntimeError("Dither: the input must have rank >= 1 (<..., time>)")
        if array.dtype.kind not in "biuf":
            raise RuntimeError(f"Dither: the input must be numeric, got {array.dtype}")
        dtype = np.float64 if array.dtype == np.float64 else np.float32
        rows = array.astype(dtype).reshape(-1, array.shape[-1])
        dithered, reference = self._quantise(rows, dtype)
        if self.noise_shaping:
            error = dithered - reference
            shifted = np.concatenate([np.zeros((rows.shape[0], 1), dtype), error[:, :-1]], axis=1)
            dithered = dithered + shifted
        return dithered.reshape(array.shape)

    def _quantise(self, rows, dtype):
        last_row, last_time = rows.shape[0] - 1, rows.shape[1] - 1
        engine = op_engine(self)

        def pick():
            # MindSpore draws the row first, skipping a draw on an axis of length 1.
            row = uniform_int(engine, 0, last_row) if last_row > 0 else 0
            time = uniform_int(engine, 0, last_time) if last_time > 0 else 0
            return row, time

        row, time = pick()
        scaled = rows * dtype(_UP_SCALE)
        reference = rows
        if self.density_function == DensityFunction.RPDF:
            noisy = scaled + rows[row, time]
        elif self.density_function == DensityFunction.GPDF:
            # MindSpore writes the running sum back into its input as it goes, and the noise
            # shaping then measures the error against that altered input.
            reference = rows.copy()
            gaussian = reference[row, time]
            for _ in range(6):
                row, time = pick()
                gaussian = gaussian + reference[row, time]
                reference[row, time] = gaussian
            noisy = scaled + gaussian
        else:
            length = rows.shape[1]
            # The Bartlett ramp: 2i/len in float32, the rest in double, stored as float32.
            ratio = np.float32(2) * np.arange(length, dtype=np.float32) / np.float32(length)
            ramp = (1.0 - np.abs(ratio.astype(np.float64) - 1.0)).astype(np.float32)
            noisy = scaled + ramp.astype(dtype)
        return (_round_half_away(noisy) / dtype(_DOWN_SCALE)).astype(dtype), reference
