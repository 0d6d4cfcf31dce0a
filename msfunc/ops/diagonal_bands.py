"""Ranges of diagonals (``k = (low, high)``) for ``matrix_diag`` and ``matrix_diag_part``.

Diagonal ``d`` of an ``(M, N)`` matrix holds ``min(M + min(d, 0), N - max(d, 0))`` elements;
a band of diagonals is stored as rows, the highest diagonal first, each padded to the longest.
`align` (``'RIGHT_LEFT'``, ``'LEFT_RIGHT'``, ``'LEFT_LEFT'``, ``'RIGHT_RIGHT'``) says on which
side the superdiagonals (the main one included) and the subdiagonals sit in their rows.

Example:
    >>> import jax.numpy as jnp
    >>> x = jnp.arange(1, 10).reshape(3, 3)
    >>> band_part(x, -1, 1, 0, "LEFT_LEFT").tolist()
    [[2, 6, 0], [1, 5, 9], [4, 8, 0]]
"""

import jax.numpy as jnp
import numpy as np

__all__ = ["band_part", "band_diag", "k_range"]

_ALIGNS = ("RIGHT_LEFT", "LEFT_RIGHT", "LEFT_LEFT", "RIGHT_RIGHT")


def k_range(k, fn):
    """``(low, high)`` of `k` (an int, or one or two of them), or None for a single diagonal."""
    values = np.asarray(k).reshape(-1)
    if values.size == 1:
        return None
    if values.size != 2 or values[0] > values[1]:
        raise ValueError(f"{fn}: k must be one diagonal or (low, high) with low <= high, got {k}")
    return int(values[0]), int(values[1])


def _offset(d, length, longest, align):
    """Where diagonal `d`'s elements start in its padded row."""
    if align not in _ALIGNS:
        raise ValueError(f"align must be one of {_ALIGNS}, got {align!r}")
    side = align.split("_")[0 if d >= 0 else 1]
    return longest - length if side == "RIGHT" else 0


def _length(d, rows, cols):
    return max(min(rows + min(d, 0), cols - max(d, 0)), 0)


def band_part(x, low, high, padding_value, align):
    """Diagonals `low` ... `high` of the matrices in the last two axes of `x`, as rows
    ``x.shape[:-2] + (high - low + 1, longest)``."""
    x = jnp.asarray(x)
    rows, cols = x.shape[-2:]
    longest = max(_length(d, rows, cols) for d in range(low, high + 1))
    out = []
    for d in range(high, low - 1, -1):
        length = _length(d, rows, cols)
        p = np.arange(longest) - _offset(d, length, longest, align)
        valid = (p >= 0) & (p < length)
        p = np.clip(p, 0, max(length - 1, 0))
        r, c = p + max(-d, 0), p + max(d, 0)
        if length:
            picked = x[..., np.clip(r, 0, rows - 1), np.clip(c, 0, cols - 1)]
        else:
            picked = jnp.zeros(x.shape[:-2] + (longest,), x.dtype)
        out.append(jnp.where(valid, picked, jnp.asarray(padding_value, x.dtype)))
    return jnp.stack(out, axis=-2)


def band_diag(v, low, high, num_rows, num_cols, padding_value, align):
    """Matrices whose diagonals `low` ... `high` are the rows of `v` (``(..., bands,
    longest)``), `padding_value` elsewhere; -1 sizes take the least that fits."""
    v = jnp.asarray(v)
    bands, longest = v.shape[-2:]
    if bands != high - low + 1:
        raise ValueError(
            f"matrix_diag: k={low, high} needs {high - low + 1} diagonals, got {bands}"
        )
    min_rows, min_cols = longest - min(high, 0), longest + max(low, 0)
    if num_rows == -1 and num_cols == -1:
        num_rows = num_cols = max(min_rows, min_cols)
    num_rows = min_rows if num_rows == -1 else num_rows
    num_cols = min_cols if num_cols == -1 else num_cols
    i, j = np.arange(num_rows)[:, None], np.arange(num_cols)[None, :]
    d = j - i
    inside = (d >= low) & (d <= high)
    band = np.clip(high - d, 0, bands - 1)
    offsets = {
        e: _offset(e, _length(e, num_rows, num_cols), longest, align) for e in range(low, high + 1)
    }
    offset = np.vectorize(lambda e: offsets.get(e, 0))(d)
    pos = np.minimum(i, j) + offset
    valid = inside & (pos < longest)
    picked = v[..., band, np.clip(pos, 0, longest - 1)]
    return jnp.where(valid, picked, jnp.asarray(padding_value, v.dtype))
