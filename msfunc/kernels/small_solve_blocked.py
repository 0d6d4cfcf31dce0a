"""Blocked pivoted elimination for batches of 9..32-sized systems (batch-minor, rolled loops)."""

from __future__ import annotations

import jax.numpy as jnp
from jax import lax

__all__ = ["solve_blocked", "eliminate_blocked", "block_size", "tile_size"]

# XLA's CPU backend splits a fusion whose output reaches about 256 KiB into two tasks
# (slow when the other core is busy), and vectorises a minor axis of 56 or more elements
_SPLIT_BYTES = 240 << 10


def block_size(n):
    """Columns per block: small blocks shrink the work towards n^3/3, few blocks compile fast."""
    return 4 if n <= 16 else 8


def tile_size(n, k, itemsize=4):
    """Systems per tile: a multiple of 8, at most 128, with one tile under `_SPLIT_BYTES`.

    Measured (4096 float32 systems, loaded 2-core CPU): 128 for n <= 16, 96 for n=24,
    56 for n=32 (64 there would split every update of the first block in two tasks).
    """
    fit = _SPLIT_BYTES // (itemsize * n * (n + k))
    return int(max(8, min(128, fit - fit % 8)))


def _eliminate_columns(m, cols, in_place):
    """Partial-pivoting elimination of the first `cols` columns of m (r, F, T).

    One `fori_loop` step per column over the fixed-size block: the pivot row is
    found by a reduction over rows (masked to rows >= c), fetched with one flat
    gather, swapped and the rows below it updated in a single fused select-and-
    subtract, so each step is a handful of XLA ops on a block that stays in cache.
    With `in_place` column c and row c are gathered too, so the fused update reads
    the block only elementwise and XLA writes it in place instead of copying it
    every step (a win for the large blocks of n > 16, a loss for the small ones).
    """
    r, f, t = m.shape
    row = jnp.arange(r, dtype=jnp.int32)[:, None]
    lane = jnp.arange(t, dtype=jnp.int32)[None]
    offsets = jnp.arange(f, dtype=jnp.int32)[:, None] * t + lane  # row 0 of the flat block
    col_offsets = row * (f * t) + lane  # column 0

    def step(c, m):
        flat = m.reshape(-1)
        if in_place:
            col = flat[col_offsets + c * t]  # (r, T)
            crow = flat[offsets + c * (f * t)]  # (F, T)
            # max then first row reaching it: two plain reductions beat XLA's argmax here
            a = jnp.where(row >= c, jnp.abs(col), -1)
            p = jnp.min(jnp.where(a == jnp.max(a, axis=0)[None], row, r - 1), axis=0)
        else:
            col = lax.dynamic_index_in_dim(m, c, 1, keepdims=False)
            crow = lax.dynamic_index_in_dim(m, c, 0, keepdims=False)
            p = jnp.argmax(jnp.where(row >= c, jnp.abs(col), -1), axis=0).astype(jnp.int32)
        prow = flat[p[None] * (f * t) + offsets]  # (F, T): pivot row per system
        pivot = lax.dynamic_index_in_dim(prow, c, 0, keepdims=False)
        hot = row == p[None]
        swapped_col = jnp.where(
            hot, lax.dynamic_index_in_dim(crow, c, 0, keepdims=False)[None], col
        )
        mult = jnp.where(row > c, swapped_col / pivot[None], 0)
        swapped = jnp.where((row == c)[:, None], prow[None], jnp.where(hot[:, None], crow[None], m))
        return swapped - mult[:, None, :] * prow[None]

    return lax.fori_loop(0, cols, step, m)


def _back_substitute(u, n):
    """x from the upper-triangular augmented u (n, n + k, T); returns (n, k, T).

    A rolled loop: the statically unrolled blocked form ran no faster here and
    compiled 2.5 s longer at n=32.
    """
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
        m = _eliminate_columns(m, cols, in_place=n > 16)
        done.append(jnp.pad(m[:cols], ((0, 0), (c0, 0), (0, 0))))
        m = m[cols:, cols:]
        c0 += cols
    return _back_substitute(jnp.concatenate(done), n)


def solve_blocked(a, b, tile):
    """a (B, n, n), b (B, n, k) -> x (B, n, k), eliminating `tile` systems at a time.

    Tiles are sliced from the batch-first arrays and transposed to batch-minor inside
    the loop, where they are in cache (a whole-batch transpose costs a pass through
    memory each way). The last tile is clamped to end at B: it overlaps the one
    before, whose systems it solves again to the same values, so nothing is padded.
    """
    size, n, _ = a.shape
    t = min(tile, size)

    def body(i, x):
        start = jnp.minimum(i * t, size - t)
        ab = jnp.concatenate(
            [lax.dynamic_slice_in_dim(a, start, t), lax.dynamic_slice_in_dim(b, start, t)], axis=2
        )
        xt = eliminate_blocked(jnp.transpose(ab, (1, 2, 0)), n)
        return lax.dynamic_update_slice_in_dim(x, jnp.transpose(xt, (2, 0, 1)), start, 0)

    return lax.fori_loop(0, -(-size // t), body, jnp.zeros_like(b))
