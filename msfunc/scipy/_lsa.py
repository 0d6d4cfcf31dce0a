"""`linear_sum_assignment` in JAX: shortest augmenting path (Crouse 2016), jit- and vmap-able.

The loop mirrors SciPy's implementation step for step (same dual updates, same
order of visiting columns, same tie-breaking), so results equal SciPy's, and it
runs under `jax.jit` and `jax.vmap` because every loop is a `lax.while_loop`.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ..common.tensor import unwrap

if TYPE_CHECKING:
    from jax import Array
    from jax.typing import ArrayLike

__all__ = ["linear_sum_assignment"]


def _augment_row(cost, state, cur_row, nc_eff):
    """Find the shortest augmenting path from `cur_row` and augment along it."""
    u, v, col4row, row4col, ok = state
    nr, nc = cost.shape
    cols = jnp.arange(nc)
    in_rem = cols < nc_eff
    # SciPy fills `remaining` in reverse so that a constant matrix gives the identity
    col_at_pos = jnp.where(in_rem, nc_eff - 1 - cols, cols)
    pos_of_col = jnp.where(in_rem, nc_eff - 1 - cols, cols)
    inf = jnp.array(jnp.inf, cost.dtype)
    init = dict(
        i=cur_row,
        min_val=jnp.zeros((), cost.dtype),
        sink=jnp.array(-1),
        spc=jnp.full((nc,), inf),
        path=jnp.full((nc,), -1),
        sr=jnp.zeros((nr,), bool),
        sc=jnp.zeros((nc,), bool),
        in_rem=in_rem,
        col_at_pos=col_at_pos,
        pos_of_col=pos_of_col,
        num_rem=nc_eff,
        bad=jnp.array(False),
    )

    def cond(s):
        return (s["sink"] < 0) & ~s["bad"]

    def body(s):
        i = s["i"]
        sr = s["sr"].at[i].set(True)
        r = s["min_val"] + cost[i] - u[i] - v
        upd = s["in_rem"] & (r < s["spc"])
        spc = jnp.where(upd, r, s["spc"])
        path = jnp.where(upd, i, s["path"])
        masked = jnp.where(s["in_rem"], spc, inf)
        lowest = jnp.min(masked)
        cand = s["in_rem"] & (spc == lowest)
        free = cand & (row4col < 0)
        pos = s["pos_of_col"]
        j_free = jnp.argmax(jnp.where(free, pos, -1))
        j_first = jnp.argmin(jnp.where(cand, pos, nc + 1))
        j = jnp.where(jnp.any(free), j_free, j_first)
        bad = lowest == inf
        sink = jnp.where(row4col[j] < 0, j, -1)
        new_i = jnp.where(sink < 0, row4col[j], i)
        # remove column j: the last remaining column takes its position
        last = s["col_at_pos"][s["num_rem"] - 1]
        pj = pos[j]
        col_at_pos = s["col_at_pos"].at[pj].set(last)
        pos_of_col = pos.at[last].set(pj)
        return dict(
            i=new_i,
            min_val=lowest,
            sink=jnp.where(bad, -1, sink),
            spc=spc,
            path=path,
            sr=sr,
            sc=s["sc"].at[j].set(True),
            in_rem=s["in_rem"].at[j].set(False),
            col_at_pos=col_at_pos,
            pos_of_col=pos_of_col,
            num_rem=s["num_rem"] - 1,
            bad=bad,
        )

    s = lax.while_loop(cond, body, init)
    min_val, spc, sink = s["min_val"], s["spc"], s["sink"]
    rows = jnp.arange(nr)
    safe = jnp.where(col4row >= 0, col4row, 0)
    u2 = jnp.where(s["sr"] & (rows != cur_row), u + min_val - spc[safe], u)
    u2 = u2.at[cur_row].add(min_val)
    v2 = jnp.where(s["sc"], v - (min_val - spc), v)

    def aug_cond(c):
        return ~c[3]

    def aug_body(c):
        col4row, row4col, j, _ = c
        i = s["path"][j]
        row4col = row4col.at[j].set(i)
        nxt = col4row[i]
        col4row = col4row.at[i].set(j)
        return col4row, row4col, nxt, i == cur_row

    c4r, r4c, _, _ = lax.while_loop(aug_cond, aug_body, (col4row, row4col, sink, s["bad"]))
    good = ~s["bad"]
    keep = lambda new, old: jnp.where(good, new, old)
    return (keep(u2, u), keep(v2, v), keep(c4r, col4row), keep(r4c, row4col), ok & good)


def _solve(cost, n_rows, nc_eff):
    """Assign rows 0..n_rows-1 of `cost` to columns 0..nc_eff-1; returns (col4row, feasible)."""
    nr, nc = cost.shape
    state = (
        jnp.zeros((nr,), cost.dtype),
        jnp.zeros((nc,), cost.dtype),
        jnp.full((nr,), -1),
        jnp.full((nc,), -1),
        jnp.array(True),
    )

    def body(r, st):
        return lax.cond(st[4], lambda t: _augment_row(cost, t, r, nc_eff), lambda t: t, st)

    state = lax.fori_loop(0, n_rows, body, state)
    return state[2], state[4]


def _wide(cost, lim, k):
    """Rows all assigned among the first `lim` columns (needs lim >= rows)."""
    m = cost.shape[0]
    c4r, ok = _solve(cost, m, lim)
    rows = jnp.arange(m)
    return rows[:k], c4r[:k], ok


def _tall(cost, lim, k):
    """Only `lim` (< rows) columns: solve the transpose, then sort the pairs by row."""
    n = cost.shape[1]
    r4c, ok = _solve(cost.T, lim, cost.shape[0])
    cols = jnp.arange(n)
    valid = cols < lim
    key = jnp.where(valid, r4c, cost.shape[0] + cols)
    order = jnp.argsort(key)
    rows = jnp.where(valid[order], r4c[order], -1)
    cols = jnp.where(valid[order], cols[order], -1)
    return rows[:k], cols[:k], ok


def linear_sum_assignment(
    cost_matrix: ArrayLike,
    maximize: bool | ArrayLike = False,
    dimension_limit: int | ArrayLike = sys.maxsize,
) -> tuple[Array, Array]:
    """Solve the linear sum assignment problem; returns (row_ind, col_ind).

    Matches `scipy.optimize.linear_sum_assignment`. `dimension_limit` uses only
    the first `dimension_limit` columns; as in MindSpore the outputs then keep
    length min(M, N) and are padded with -1. Works under `jit` and `vmap`; an
    infeasible matrix raises ValueError when called eagerly, and gives -1
    everywhere under a transform.

    Args:
        cost_matrix (Tensor): 2-D (M, N) cost of assigning row i to column j; integers are
            taken as floats.
        maximize (Union[bool, Tensor]): Maximise the total instead of minimising it.
            Default: ``False``.
        dimension_limit (Union[int, Tensor]): Number of leading columns to use.
            Default: ``sys.maxsize`` (all).

    Returns:
        tuple[Tensor, Tensor], the assigned row and column indices (int64 under x64),
        each of length min(M, N).

    Raises:
        ValueError: `cost_matrix` is not 2-D, holds NaN or -inf, or is infeasible, or
            `dimension_limit` is negative.

    Example:
        >>> import jax.numpy as jnp
        >>> r, c = linear_sum_assignment(jnp.array([[4., 1., 3.], [2., 0., 5.], [3., 2., 2.]]))
        >>> print(r, c)
        [0 1 2] [1 0 2]
    """
    cost = jnp.asarray(unwrap(cost_matrix))
    if cost.ndim != 2:
        raise ValueError(
            f"linear_sum_assignment: `cost_matrix` must be 2-D, got shape {cost.shape}"
        )
    if not jnp.issubdtype(cost.dtype, jnp.floating):
        cost = cost.astype(jnp.result_type(float))
    maximize = unwrap(maximize)
    if isinstance(maximize, (bool, np.bool_)):
        cost = -cost if maximize else cost
    else:
        cost = jnp.where(jnp.asarray(maximize), -cost, cost)
    m, n = cost.shape
    k = min(m, n)
    itype = jax.dtypes.canonicalize_dtype(jnp.int64)
    idx = jnp.zeros((0,), itype)
    if k == 0:
        return idx, idx
    traced = isinstance(cost, jax.core.Tracer)
    if not traced and bool(jnp.any(jnp.isnan(cost) | (cost == -jnp.inf))):
        raise ValueError("linear_sum_assignment: `cost_matrix` contains invalid numeric entries")
    lim = unwrap(dimension_limit)
    if not isinstance(lim, jax.core.Tracer):
        lim = min(int(np.asarray(lim)), n)
        if lim < 0:
            raise ValueError(f"linear_sum_assignment: `dimension_limit` must be >= 0, got {lim}")
        rows, cols, ok = _wide(cost, lim, k) if lim >= m else _tall(cost, lim, k)
    else:
        lim = jnp.minimum(jnp.asarray(lim).astype(jnp.int32), n)
        tall = _tall(cost, lim, k)
        if m > n:
            rows, cols, ok = tall
        else:
            wide = _wide(cost, jnp.maximum(lim, m), k)
            rows, cols, ok = jax.tree.map(lambda a, b: jnp.where(lim >= m, a, b), wide, tall)
    if not traced and not isinstance(rows, jax.core.Tracer) and not bool(ok):
        raise ValueError("linear_sum_assignment: cost matrix is infeasible")
    rows = jnp.where(ok, rows, -1).astype(itype)
    cols = jnp.where(ok, cols, -1).astype(itype)
    return rows, cols
