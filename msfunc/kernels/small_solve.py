"""Fast batched solve of many small dense linear systems (pivoted elimination, batch-minor).

For a batch of small matrices LAPACK's per-matrix calls dominate on CPU. Three kernels:
n <= 3 eliminates entry by entry inside the XLA program (`small_solve_tiny`); on CPU,
4 <= n <= MAX_NATIVE_N calls the C++ kernel msfunc/kernels/csrc/small_solve.cc through XLA's FFI
(8 systems per SIMD group, `small_solve_native`); elsewhere, or where no C++ compiler
is present, the pure-JAX kernels run: the batch is moved to the last (minor) axis and
Gaussian elimination with partial pivoting runs on cache-sized tiles of the batch,
unrolled over the static size for n <= 8, as rolled loops over column blocks for
8 < n <= MAX_FAST_N (`small_solve_blocked`, which also slices and transposes its tiles).
Gradients come from the adjoint of the solve (a `custom_jvp` whose tangent is a
`lax.custom_linear_solve`), so `grad`, `jvp`, `jacfwd`, `vmap` and `jit` all work.
Unbatched and large systems use `jnp.linalg.solve`; under `vmap` a `custom_vmap`
rule sends the whole batch to the fast kernel.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax import lax
from jax.custom_batching import custom_vmap

from ..common.tensor import unwrap
from .small_solve_blocked import solve_blocked, tile_size
from .small_solve_native import MAX_NATIVE_N, available, solve_native
from .small_solve_tiny import TINY_MAX_N, solve_tiny

__all__ = ["solve", "MAX_FAST_N", "MAX_NATIVE_N"]

MAX_FAST_N = 32  # pure-JAX kernels: faster than LAPACK up to n=32 (4096 systems, 2-core CPU)
UNROLLED_MAX_N = 8  # above this the unrolled kernel compiles slowly and loses to the blocked one


def _eliminate_last(m, n):
    """Solve augmented systems `m` = [A | b] laid out (n, n + k, B); returns x as (n, k, B).

    Forward elimination with partial pivoting on a trailing block that shrinks in
    both dimensions, then column-oriented back substitution. Only elementwise ops,
    2-D argmax and row gathers are used: XLA on CPU reduces slowly over a major
    axis of a 3-D array, so the pivot row is gathered, never summed out.
    """
    rows = []
    for c in range(n):
        p = jnp.argmax(jnp.abs(m[:, 0, :]), axis=0).astype(jnp.int32)
        prow = jnp.take_along_axis(m, p[None, None, :], axis=0)[0]
        rows.append(jnp.pad(prow, ((c, 0), (0, 0))))
        if c == n - 1:
            break
        hot = jnp.arange(1, n - c, dtype=jnp.int32)[:, None] == p[None, :]
        rest = jnp.where(hot[:, None, :], m[:1], m[1:])
        l = rest[:, 0, :] / prow[0][None, :]
        m = rest[:, 1:, :] - l[:, None, :] * prow[None, 1:, :]
    u = jnp.stack(rows)
    y = u[:, n:, :]
    for j in reversed(range(n)):
        xj = y[j] / u[j, j][None, :]
        y = jnp.concatenate([y[:j] - u[:j, j, None, :] * xj[None], xj[None], y[j + 1 :]])
    return y


def _chunk_size(n, k, itemsize=4):
    """Batch tile: a power of 2 keeping a tile in cache (n <= 8), else `tile_size`."""
    if n > UNROLLED_MAX_N:
        return tile_size(n, k, itemsize)
    target = max(196608 // (itemsize * n * (n + k)), 1)
    return int(min(max(1 << (target.bit_length() - 1), 64), 4096))


@jax.jit  # an eager call compiles the kernel once instead of dispatching each of its ops
def _batched_fast(a, b):
    """a (B, n, n), b (B, n, k) -> x (B, n, k) via the batch-last kernel, tiled over B."""
    size, n, _ = a.shape
    k = b.shape[-1]
    chunk = _chunk_size(n, k, a.dtype.itemsize)
    if n > UNROLLED_MAX_N:
        return solve_blocked(a, b, chunk)
    m = jnp.concatenate([a, b], axis=-1)
    if size <= chunk:
        return jnp.moveaxis(_eliminate_last(jnp.moveaxis(m, 0, -1), n), -1, 0)
    tiles = -(-size // chunk)
    pad = tiles * chunk - size
    if pad:  # pad with identity systems so every tile is full
        eye = jnp.concatenate([jnp.eye(n, dtype=m.dtype), jnp.zeros((n, k), m.dtype)], axis=-1)
        m = jnp.concatenate([m, jnp.broadcast_to(eye, (pad, n, n + k))])
    m = m.reshape(tiles, chunk, n, n + k).transpose(0, 2, 3, 1)
    x = lax.map(lambda t: _eliminate_last(t, n), m)
    return x.transpose(0, 3, 1, 2).reshape(tiles * chunk, n, k)[:size]


_solve_tiny = jax.jit(solve_tiny)


def _pure_jax(a, b):
    """The solve without native code: elimination kernels for n <= MAX_FAST_N, else LAPACK."""
    n = a.shape[-1]
    if n > MAX_FAST_N:
        return jnp.linalg.solve(a, b)
    size = 1
    for s in a.shape[:-2]:
        size *= s
    x = _batched_fast(a.reshape((size, n, n)), b.reshape((size,) + b.shape[-2:]))
    return x.reshape(b.shape)


@custom_vmap
def _core(a, b):
    """Solve a (..., n, n) x = b (..., n, k) with equal batch shapes."""
    n = a.shape[-1]
    if not a.shape[:-2] or n > MAX_NATIVE_N or n == 0:
        return jnp.linalg.solve(a, b)
    if n <= TINY_MAX_N:  # fuses with the code around it (Newton steps): no call boundary
        return _solve_tiny(a, b)
    if available(a.dtype):  # the C++ kernel on CPU; other platforms lower the pure-JAX path
        return lax.platform_dependent(a, b, cpu=solve_native, default=_pure_jax)
    return _pure_jax(a, b)


@_core.def_vmap
def _core_vmap(axis_size, in_batched, a, b):
    a_b, b_b = in_batched
    if not a_b:
        a = jnp.broadcast_to(a, (axis_size,) + a.shape)
    if not b_b:
        b = jnp.broadcast_to(b, (axis_size,) + b.shape)
    return _core(a, b), True


@jax.custom_jvp
def _solve_mat(a, b):
    return _core(a, b)


@_solve_mat.defjvp
def _solve_mat_jvp(primals, tangents):
    a, b = primals
    da, db = tangents
    x = _solve_mat(a, b)
    rhs = db - da @ x
    at = jnp.swapaxes(a, -1, -2)
    dx = lax.custom_linear_solve(
        lambda v: a @ v,
        rhs,
        solve=lambda _, r: _core(a, r),
        transpose_solve=lambda _, r: _core(at, r),
    )
    return x, dx


def solve(a, b):
    """Solve `a @ x = b` like `numpy.linalg.solve`, fast for batches of small matrices.

    `a` is (..., n, n); `b` is (n,) or (..., n, k); batch dimensions broadcast.

    Example:
        >>> import jax.numpy as jnp
        >>> a = jnp.stack([jnp.eye(3) * 2.0] * 4)
        >>> solve(a, jnp.ones((4, 3, 1)))[0, :, 0].tolist()
        [0.5, 0.5, 0.5]
    """
    a, b = jnp.asarray(unwrap(a)), jnp.asarray(unwrap(b))
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        raise ValueError(f"solve: `a` must have shape (..., n, n), got {a.shape}")
    n = a.shape[-1]
    vector = b.ndim == 1
    if vector:
        b = b[:, None]
    if b.ndim < 2 or b.shape[-2] != n:
        raise ValueError(
            f"solve: `b` must have shape (n,) or (..., n, k) with n={n}, got {unwrap(b).shape}"
        )
    dtype = jnp.result_type(a.dtype, b.dtype, jnp.float32)
    if not jnp.issubdtype(dtype, jnp.inexact):
        dtype = jnp.float32
    batch = jnp.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    a = jnp.broadcast_to(a.astype(dtype), batch + a.shape[-2:])
    b = jnp.broadcast_to(b.astype(dtype), batch + b.shape[-2:])
    x = _solve_mat(a, b)
    return x[..., 0] if vector else x
