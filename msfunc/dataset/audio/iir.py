"""The IIR kernel of MindSpore's audio filters: its difference equation, rounded as it rounds."""

from __future__ import annotations

import numpy as np

__all__ = ["difference_equation"]


def difference_equation(rows, b_coeffs, a_coeffs, dtype):
    """Each row of `rows` filtered as MindSpore's kernel filters it, in `dtype` arithmetic:
    the coefficients divided by ``a[0]``, then per sample ``y = sum_j b[j] x[n-j]`` (in
    order of j, from 0) minus ``a[j] y[n-j]`` for j = 1, 2, ... in turn, every product and
    sum rounded to `dtype`. (A transposed-form filter such as scipy's rounds elsewhere;
    with large inputs its outputs inside [-1, 1] can then differ from MindSpore's.)

    Example:
        >>> import numpy as np
        >>> difference_equation(np.ones((1, 3)), [1.0], [1.0, -0.5], np.float64).tolist()
        [[1.0, 1.5, 1.75]]
    """
    a = np.asarray(a_coeffs, dtype=dtype).copy()
    a[1:] = a[1:] / a[0]
    b = np.asarray(b_coeffs, dtype=dtype) / a[0]
    length = rows.shape[-1]
    # the feed-forward part in numpy (the same roundings, in the same order, per sample)
    acc = np.zeros_like(rows)
    for j, coeff in enumerate(b):
        shifted = np.zeros_like(rows)
        shifted[:, j:] = rows[:, : length - j] if j else rows
        acc = acc + coeff * shifted
    out = np.empty_like(rows)
    # the recursion, sample by sample (float32 in numpy scalars, float64 in Python floats)
    scalar = float if np.dtype(dtype) == np.float64 else np.dtype(dtype).type
    feedback = [scalar(v) for v in a[1:]]
    for r in range(rows.shape[0]):
        history = [scalar(0)] * len(feedback)  # y[n-1], y[n-2], ...
        forward = [scalar(v) for v in acc[r].tolist()]
        result = out[r]
        for n in range(length):
            y = forward[n]
            for coeff, past in zip(feedback, history):
                y = y - coeff * past
            if history:
                history.pop()
                history.insert(0, y)
            result[n] = y
    return out
