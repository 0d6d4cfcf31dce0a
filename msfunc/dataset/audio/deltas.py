"""ComputeDeltas: the local slope of each row of a spectrogram, by a regression over a window."""

from __future__ import annotations

import numpy as np

from ._checks import INT32_MAX, check_number, check_type
from .amplitude import numeric_input
from .enums import BorderType

__all__ = ["ComputeDeltas"]


class ComputeDeltas:
    """Delta coefficients along time: ``sum_k k * (x[t+k] - x[t-k]) / (2 * sum_k k^2)``, k = 1..n.

    The window spans ``n = (win_length - 1) // 2`` frames each side; the edges are padded by
    `pad_mode`.

    Args:
        win_length (int): Window length, >= 3. Default: ``5``.
        pad_mode (BorderType): How the time axis is padded. Default: ``BorderType.EDGE``.

    Raises:
        TypeError: `win_length` is not an int or `pad_mode` not a BorderType.
        ValueError: `win_length` is below 3.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.ComputeDeltas(3)(np.array([[0.0, 1.0, 2.0, 3.0]])).tolist()
        [[0.5, 1.0, 1.0, 0.5]]
    """

    def __init__(self, win_length=5, pad_mode=BorderType.EDGE):
        check_type(pad_mode, (BorderType,), "pad_mode")
        check_number(win_length, "win_length", 3, INT32_MAX, types=(int,))
        self.win_length, self.pad_mode = win_length, pad_mode

    def __call__(self, specgram):
        array = numeric_input(specgram, "ComputeDeltas", min_rank=2)
        dtype = array.dtype.type
        n = (self.win_length - 1) // 2
        widths = [(0, 0)] * (array.ndim - 1) + [(n, n)]
        padded = np.pad(array, widths, mode=self.pad_mode.value)
        frames = array.shape[-1]
        total = np.zeros(array.shape, dtype=dtype)
        for k in range(-n, n + 1):
            total = total + dtype(k) * padded[..., n + k : n + k + frames]
        return total / dtype(n * (n + 1) * (2 * n + 1) // 3)
