"""SlidingWindowCmn: cepstral mean (and variance) normalisation over a sliding window of frames."""

from __future__ import annotations

import numpy as np

from ._checks import INT32_MAX, check_number, check_type
from .amplitude import numeric_input

__all__ = ["SlidingWindowCmn"]


def _window(cmn_window, min_cmn_window, center, idx, num_frames):
    """The [start, end) frames normalising frame `idx` (Kaldi's sliding-window rule)."""
    if center:
        start = idx - cmn_window // 2
        end = start + cmn_window
    else:
        start, end = idx - cmn_window, idx + 1
    if start < 0:
        end -= start
        start = 0
    if not center and end > idx:
        end = max(idx + 1, min_cmn_window)
    if end > num_frames:
        start = max(start - (end - num_frames), 0)
        end = num_frames
    return start, end


class SlidingWindowCmn:
    """Subtract from each frame the mean of a window of frames around it (optionally divide by the
    window's standard deviation). The input is <..., frames, feats>: frames along axis -2.

    Args:
        cmn_window (int): Window length in frames, >= 0. Default: ``600``.
        min_cmn_window (int): Shortest window at the start when not centred, >= 0. Default: ``100``.
        center (bool): Centre the window on the frame; otherwise it ends at the frame.
            Default: ``False``.
        norm_vars (bool): Also normalise the variance to one. Default: ``False``.

    Raises:
        TypeError: An argument has the wrong type.
        ValueError: A window length is negative.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import audio
        >>> audio.SlidingWindowCmn(2, 0, center=True)(np.array([[1.0], [2.0], [4.0]])).tolist()
        [[-0.5], [0.5], [1.0]]
    """

    def __init__(self, cmn_window=600, min_cmn_window=100, center=False, norm_vars=False):
        check_number(cmn_window, "cmn_window", 0, INT32_MAX, types=(int,))
        check_number(min_cmn_window, "min_cmn_window", 0, INT32_MAX, types=(int,))
        check_type(center, (bool,), "center")
        check_type(norm_vars, (bool,), "norm_vars")
        self.cmn_window, self.min_cmn_window = cmn_window, min_cmn_window
        self.center, self.norm_vars = center, norm_vars

    def __call__(self, specgram):
        array = numeric_input(specgram, "SlidingWindowCmn", min_rank=2)
        dtype = array.dtype.type
        frames, feats = array.shape[-2:]
        x: np.ndarray = array.reshape(-1, frames, feats)
        out: np.ndarray = np.empty_like(x)
        last = None
        # Running window sums updated frame by frame, in the working precision, as MindSpore does.
        for i in range(frames):
            start, end = _window(self.cmn_window, self.min_cmn_window, self.center, i, frames)
            if last is None:
                total = x[:, start:end].sum(axis=1)
                squares = (x[:, start:end] ** 2).sum(axis=1)
            else:
                if start > last[0]:
                    total = total - x[:, last[0]]
                    squares = squares - x[:, last[0]] ** 2
                if end > last[1]:
                    total = total + x[:, last[1]]
                    squares = squares + x[:, last[1]] ** 2
            count = end - start
            if count == 0:
                raise RuntimeError("SlidingWindowCmn: the window holds no frame")
            out[:, i] = x[:, i] - total / dtype(count)
            if self.norm_vars:
                if count == 1:
                    out[:, i] = 0
                else:
                    variance = squares / dtype(count) - total**2 / dtype(float(count) ** 2)
                    out[:, i] = out[:, i] * (dtype(1) / np.sqrt(variance))
            last = (start, end)
        out = out.reshape(array.shape)
        return out[0] if array.ndim == 2 and out.shape[0] == 1 else out
