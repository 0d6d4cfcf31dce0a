"""Pivoted elimination for n <= 3 on the batch-first arrays' entries (no transposes)."""

from __future__ import annotations

import jax.numpy as jnp

__all__ = ["solve_tiny", "TINY_MAX_N"]

TINY_MAX_N = 3


def solve_tiny(a, b):
    """Solve a (..., n, n) x = b (..., n, k) for n <= TINY_MAX_N, entry by entry.

    Every matrix entry is one (...)-shaped array, so the elimination is a short
    chain of elementwise ops that XLA fuses, without moving the batch axis. Row
    exchanges are conditional swaps: row c ends up holding the largest |entry| of
    column c among rows c.. (partial pivoting; the other rows' order is irrelevant).
    """
    n = a.shape[-1]
    rows = [[a[..., i, j] for j in range(n)] + [b[..., i, :]] for i in range(n)]
    for c in range(n):
        for r in range(c + 1, n):
            swap = jnp.abs(rows[r][c]) > jnp.abs(rows[c][c])
            pairs = list(zip(rows[r][c:], rows[c][c:], strict=True))
            rows[c] = rows[c][:c] + [jnp.where(_fit(swap, v), u, v) for u, v in pairs]
            rows[r] = rows[r][:c] + [jnp.where(_fit(swap, v), v, u) for u, v in pairs]
        for r in range(c + 1, n):
            mult = rows[r][c] / rows[c][c]
            pairs = zip(rows[r][c + 1 :], rows[c][c + 1 :], strict=True)
            rows[r] = [None] * (c + 1) + [u - _fit(mult, u) * v for u, v in pairs]
    ys = [row[n] for row in rows]  # column-oriented back substitution
    for j in reversed(range(n)):
        ys[j] = ys[j] / rows[j][j][..., None]
        for i in range(j):
            ys[i] = ys[i] - rows[i][j][..., None] * ys[j]
    return jnp.stack(ys, axis=-2)


def _fit(s, like):
    """Give a per-matrix scalar array `s` (...) a trailing axis when `like` is (..., k)."""
    return s[..., None] if like.ndim > s.ndim else s
