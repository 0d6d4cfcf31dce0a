"""Ranges of diagonals ``k = (low, high)``: the index maps of MatrixDiagV3, MatrixDiagPartV3
and MatrixSetDiagV3, where each diagonal is one row of a ``(num_diags, max_len)`` block.

Diagonal ``d`` sits in row ``high - d`` of the block. A diagonal shorter than ``max_len`` is
aligned to the right or to the left of its row: ``align`` is ``SUPER_SUB``, the first word
for the diagonals on and above the main one, the second for those below it.
"""

from __future__ import annotations

import builtins

import numpy as np

_ALIGNS = ("LEFT_RIGHT", "RIGHT_LEFT", "LEFT_LEFT", "RIGHT_RIGHT")


def k_range(k, fn: str) -> tuple[int, int]:
    """``(low, high)`` from a diagonal or a pair of them (an int, a list or a Tensor).

    >>> k_range(1, "f"), k_range([-1, 2], "f")
    ((1, 1), (-1, 2))
    """
    ks = np.asarray(k).reshape(-1)
    if ks.size not in (1, 2) or not np.issubdtype(ks.dtype, np.integer):
        raise ValueError(f"{fn}: `k` must be one int or a pair of ints, got {ks.tolist()}")
    low, high = int(ks[0]), int(ks[-1])
    if low > high:
        raise ValueError(f"{fn}: `k` must be (low, high) with low <= high, got {ks.tolist()}")
    return low, high


def check_align(align: str, fn: str) -> str:
    """`align` when it is one of MindSpore's four forms."""
    if align not in _ALIGNS:
        raise ValueError(f"{fn}: `align` must be one of {_ALIGNS}, got {align!r}")
    return align


def diag_length(d, rows: int, cols: int):
    """The length of diagonal `d` (int or array) of a ``rows x cols`` matrix."""
    return np.minimum(rows + np.minimum(d, 0), cols - np.maximum(d, 0))


def _offset(d, length, max_len: int, align: str):
    """Where diagonal `d` (of `length`) starts in its block row of `max_len`."""
    sup, sub = align.split("_")
    right = np.where(np.asarray(d) >= 0, sup == "RIGHT", sub == "RIGHT")
    return np.where(right, max_len - length, 0)


def block_to_matrix(rows: int, cols: int, low: int, high: int, max_len: int, align: str):
    """For each element of a ``rows x cols`` matrix: (on a diagonal of the range, block row,
    position in the block row), as numpy arrays of shape ``(rows, cols)``."""
    i = np.arange(rows)[:, None]
    j = np.arange(cols)[None, :]
    d = j - i
    on = (d >= low) & (d <= high)
    pos = np.minimum(i, j) + _offset(d, diag_length(d, rows, cols), max_len, align)
    on &= (pos >= 0) & (pos < max_len)
    block_row = np.clip(high - d, 0, high - low)
    return on, block_row, np.clip(pos, 0, builtins.max(max_len - 1, 0))


def matrix_to_block(rows: int, cols: int, low: int, high: int, align: str):
    """For each element of the ``(num_diags, max_len)`` block: (holds a matrix element, its
    row, its column), as numpy arrays of the block's shape."""
    max_len = builtins.max(
        builtins.min(rows + builtins.min(high, 0), cols - builtins.max(low, 0)), 0
    )
    d = np.arange(high, low - 1, -1)[:, None]
    length = diag_length(d, rows, cols)
    n = np.arange(max_len)[None, :] - _offset(d, length, max_len, align)
    valid = (n >= 0) & (n < length)
    r = np.clip(n - np.minimum(d, 0), 0, rows - 1)
    c = np.clip(n + np.maximum(d, 0), 0, cols - 1)
    return valid, r, c
