"""Blocked pivoted elimination for batches of 9..32-sized systems (batch-minor, rolled loops)."""

from __future__ import annotations

import jax.numpy as jnp
from jax import lax

__all__ = ["eliminate_blocked", "block_size"]


def block_size(n):
    """Columns per block: small blocks shrink the work towards n^3/3, few blocks compile fast."""
    return 4 if n <= 16 else 8


def _eliminate_columns(m, cols):
    """Partial-pivoting elimination of the first `cols` columns of m (r, F, T) in place.

    One `fori_loop` step per column over the fixed-size block: the pivot row is
    found by an argmax over rows (masked to rows >= c), fetched with one flat
    gather, swapped and the rows below it updated in a single fused select-and-
    subtract, so each step is a handful of XLA ops on a block that stays in cache.
    """
    r, f, t = m.shape
    row = jnp.arange(r, dtype=jnp.int32)[:, None]
    offsets = jnp.arange(f, dtype=jnp.int32)[:, None] * t + jnp.arange(t, dtype=jnp.int32)[None]

    def step(c, m):
        col = lax.dynamic_index_in_dim(m, c, 1, keepdims=False)  # (r, T)
        p = jnp.argmax(jnp.where(row >= c, jnp.abs(col), -1), axis=0).astype(jnp.int32)
        prow = m.reshape(-1)[p[None] * (f * t) + offsets]  # (F, T): pivot row per system
        crow = lax.dynamic_index_in_dim(m, c, 0, keepdims=False)
        pivot = lax.dynamic_index_in_dim(prow, c, 0, keepdims=False)
        hot = row == p[None]
        swapped_col = jnp.where(hot, lax.dynamic_index_in_dim(crow, c, 0, keepdims=False)[None],
                                col)
        mult = jnp.where(row > c, swapped_col / pivot[None], 0)
        swapped = jnp.where((row == c)[:, None], prow[None],
                            jnp.where(hot[:, None], crow[None], m))
        return swapped - mult[:, None, :] * prow[None]

    return lax.fori_loop(0, cols, step, m)


def _back_substitute(u, n):
    """x from the upper-triangular augmented u (n, n + k, T); returns (n, k, T)."""
    row = jnp.arange(n, dtype=jnp.int32)[:, None, None]

    def step(s, y):
        j = n - 1 - s
        ujj = lax.dynamic_index_in_dim(lax.dynamic_index_in_dim(u, j, 0, False), j, 0, False)
        xj = lax.dynamic_index_in_dim(y, j, 0, False) / ujj[None]
        uj = lax.dynamic_index_in_dim(u, j, 1, False)
        return jnp.where(row < j, y - uj[:, None] * xj[None], jnp.where(row == j, xj[None], y))

    return lax.fori_loop(0, n, step, u[:, n:])


def eliminate_blocked(m, n):
    """Solve augmented systems `m` = [A | b] laid out (n, n + k, T); returns x as (n, k, T).

    Columns are eliminated in static blocks of `block_size(n)`; after each block
    its rows are final and the trailing block (fewer rows and columns) carries on,
    so the work is close to LU's n^3/3 while every block runs as one rolled loop.
    """
    bs = block_size(n)
    done = []
    c0 = 0
    while c0 < n:
        cols = min(bs, n - c0)
        m = _eliminate_columns(m, cols)
        done.append(jnp.pad(m[:cols], ((0, 0), (c0, 0), (0, 0))))
        m = m[cols:, cols:]
        c0 += cols
    return _back_substitute(jnp.concatenate(done), n)
