"""Triangles, diagonals and band matrices, meshgrid, combinations and Vandermonde matrices."""

import builtins
import itertools

import jax.numpy as jnp
import numpy as np

from ..common.args import asarray, dtype_arg, norm_axis


# --- triangles and diagonals --------------------------------------------------
def tril(input, diagonal=0):
    """Lower triangle (entries above `diagonal` zeroed).

    Example:
        >>> tril(jnp.ones((2, 2))).tolist()
        [[1.0, 0.0], [1.0, 1.0]]
    """
    return jnp.tril(asarray(input), diagonal)


def triu(input, diagonal=0):
    """Upper triangle (entries below `diagonal` zeroed).

    Example:
        >>> triu(jnp.ones((2, 2))).tolist()
        [[1.0, 1.0], [0.0, 1.0]]
    """
    return jnp.triu(asarray(input), diagonal)


def tril_indices(row, col, offset=0, *, dtype=jnp.int64):
    """``(2, N)`` indices of the lower triangle of a ``row x col`` matrix.

    Example:
        >>> tril_indices(2, 2).tolist()
        [[0, 1, 1], [0, 0, 1]]
    """
    return jnp.asarray(np.stack(np.tril_indices(row, offset, col)), dtype_arg(dtype))


def triu_indices(row, col, offset=0, *, dtype=jnp.int64):
    """``(2, N)`` indices of the upper triangle of a ``row x col`` matrix.

    Example:
        >>> triu_indices(2, 2).tolist()
        [[0, 0, 1], [0, 1, 1]]
    """
    return jnp.asarray(np.stack(np.triu_indices(row, offset, col)), dtype_arg(dtype))


def diag(input):
    """A tensor of shape ``x.shape + x.shape`` with `x` on its diagonal.

    Example:
        >>> diag(jnp.array([1, 2])).tolist()
        [[1, 0], [0, 2]]
    """
    x = asarray(input)
    flat = x.reshape(-1)
    return jnp.diag(flat).reshape(x.shape + x.shape)


def diagflat(input, offset=0):
    """2-D tensor with the flattened `input` on diagonal `offset`.

    Example:
        >>> diagflat(jnp.array([1, 2]), 1).shape
        (3, 3)
    """
    return jnp.diagflat(asarray(input), offset)


def diagonal(input, offset=0, dim1=0, dim2=1):
    """The diagonal `offset` of the planes `dim1`, `dim2` (as a last axis).

    Example:
        >>> diagonal(jnp.array([[1, 2], [3, 4]])).tolist()
        [1, 4]
    """
    return jnp.diagonal(asarray(input), offset, dim1, dim2)


def diag_embed(input, offset=0, dim1=-2, dim2=-1):
    """Put the last axis of `input` on diagonal `offset` of new planes `dim1`, `dim2`.

    Example:
        >>> diag_embed(jnp.array([1, 2])).tolist()
        [[1, 0], [0, 2]]
    """
    x = asarray(input)
    n = x.shape[-1] + builtins.abs(offset)
    out_nd = x.ndim + 1
    d1, d2 = norm_axis(dim1, out_nd, "dim1"), norm_axis(dim2, out_nd, "dim2")
    eye = jnp.eye(n, k=offset, dtype=bool)
    rows = jnp.arange(n) if offset >= 0 else jnp.arange(n) + offset
    pos = jnp.clip(rows, 0, x.shape[-1] - 1)
    full = jnp.where(eye, jnp.take(x, pos, axis=-1)[..., :, None], 0).astype(x.dtype)
    # full has the new planes as its last two axes (rows, cols); move them to d1, d2.
    rest = [a for a in range(out_nd) if a not in (d1, d2)]
    perm = [0] * out_nd
    for src, dst in zip(range(out_nd - 2), rest, strict=False):
        perm[dst] = src
    perm[d1], perm[d2] = out_nd - 2, out_nd - 1
    return jnp.transpose(full, perm)


def diagonal_scatter(input, src, offset=0, dim1=0, dim2=1):
    """Copy of `input` with diagonal `offset` of planes `dim1`, `dim2` replaced by `src`.

    Example:
        >>> diagonal_scatter(jnp.zeros((2, 2)), jnp.ones(2)).tolist()
        [[1.0, 0.0], [0.0, 1.0]]
    """
    x, s = asarray(input), asarray(src)
    d1, d2 = norm_axis(dim1, x.ndim, "dim1"), norm_axis(dim2, x.ndim, "dim2")
    xm = jnp.moveaxis(x, (d1, d2), (-2, -1))
    r, c = xm.shape[-2:]
    i = jnp.arange(r)[:, None]
    j = jnp.arange(c)[None, :]
    on = (j - i) == offset
    k = jnp.broadcast_to(
        jnp.clip(i if offset >= 0 else j, 0, builtins.max(s.shape[-1] - 1, 0)), (r, c)
    )
    vals = jnp.take(s, k.reshape(-1), axis=-1).reshape(s.shape[:-1] + (r, c)) if s.size else s
    out = jnp.where(on, vals.astype(x.dtype), xm)
    return jnp.moveaxis(out, (-2, -1), (d1, d2))


def matrix_band_part(x, lower, upper):
    """Keep `lower` sub-diagonals and `upper` super-diagonals (negative: keep all).

    Example:
        >>> matrix_band_part(jnp.ones((3, 3)), 0, 0).tolist()[0]
        [1.0, 0.0, 0.0]
    """
    a = asarray(x)
    r, c = a.shape[-2:]
    i = jnp.arange(r)[:, None]
    j = jnp.arange(c)[None, :]
    lo, up = lower, upper
    keep = ((lo < 0) | (i - j <= lo)) & ((up < 0) | (j - i <= up))
    return jnp.where(keep, a, jnp.zeros_like(a))


def matrix_diag(x, k=0, num_rows=-1, num_cols=-1, padding_value=0, align="RIGHT_LEFT"):
    """Batched matrices with the last axis of `x` on diagonal `k` (a single int `k`).

    Example:
        >>> matrix_diag(jnp.array([1, 2])).tolist()
        [[1, 0], [0, 2]]
    """
    v = asarray(x)
    k = _single_k(k, "matrix_diag")
    n = v.shape[-1]
    rows = int(num_rows) if int(num_rows) != -1 else n + builtins.abs(k)
    cols = int(num_cols) if int(num_cols) != -1 else n + builtins.abs(k)
    i = jnp.arange(rows)[:, None]
    j = jnp.arange(cols)[None, :]
    on = (j - i) == k
    pos = jnp.clip(jnp.minimum(i, j), 0, n - 1)
    vals = jnp.take(v, pos.reshape(-1), axis=-1).reshape(v.shape[:-1] + (rows, cols))
    return jnp.where(on, vals, jnp.asarray(padding_value).astype(v.dtype))


def _single_k(k, fn):
    k = np.asarray(k).reshape(-1)
    if k.size == 2 and k[0] == k[1]:
        k = k[:1]
    if k.size != 1:
        raise ValueError(f"{fn}: only a single diagonal `k` is supported, got {k.tolist()}")
    return int(k[0])


def matrix_diag_part(x, k, padding_value, align="RIGHT_LEFT"):
    """Diagonal `k` of the last two axes (a single int `k`).

    Example:
        >>> matrix_diag_part(jnp.array([[1, 2], [3, 4]]), 0, 0).tolist()
        [1, 4]
    """
    return jnp.diagonal(asarray(x), _single_k(k, "matrix_diag_part"), -2, -1)


def matrix_set_diag(x, diagonal, k=0, align="RIGHT_LEFT"):
    """Copy of `x` with diagonal `k` of the last two axes set to `diagonal` (single `k`).

    Example:
        >>> matrix_set_diag(jnp.zeros((2, 2)), jnp.array([1.0, 2.0])).tolist()
        [[1.0, 0.0], [0.0, 2.0]]
    """
    return diagonal_scatter(x, diagonal, _single_k(k, "matrix_set_diag"), -2, -1)


def meshgrid(*inputs, indexing="xy"):
    """Coordinate grids from 1-D tensors (`indexing` 'xy' or 'ij').

    Example:
        >>> [g.shape for g in meshgrid(jnp.arange(2), jnp.arange(3))]
        [(3, 2), (3, 2)]
    """
    if len(inputs) == 1 and isinstance(inputs[0], (list, tuple)):
        inputs = inputs[0]
    if indexing not in ("xy", "ij"):
        raise ValueError(f"meshgrid: `indexing` must be 'xy' or 'ij', got {indexing!r}")
    return tuple(jnp.meshgrid(*[asarray(i) for i in inputs], indexing=indexing))


def cartesian_prod(*inputs):
    """Cartesian product of 1-D tensors as an ``(N, len(inputs))`` tensor.

    Example:
        >>> cartesian_prod(jnp.array([1, 2]), jnp.array([3])).tolist()
        [[1, 3], [2, 3]]
    """
    grids = jnp.meshgrid(*[asarray(i) for i in inputs], indexing="ij")
    return jnp.stack([g.reshape(-1) for g in grids], axis=1)


def combinations(input, r=2, with_replacement=False):
    """All length-`r` combinations of the entries of a 1-D tensor, as rows.

    Example:
        >>> combinations(jnp.array([1, 2, 3])).tolist()
        [[1, 2], [1, 3], [2, 3]]
    """
    x = asarray(input)
    gen = itertools.combinations_with_replacement if with_replacement else itertools.combinations
    idx = np.array(list(gen(range(x.shape[0]), r)), dtype=np.int32).reshape(-1, r)
    return x[idx]


def vander(x, N=None):
    """Vandermonde matrix with decreasing powers of the 1-D `x`.

    Example:
        >>> vander(jnp.array([2, 3]), 3).tolist()
        [[4, 2, 1], [9, 3, 1]]
    """
    return jnp.vander(asarray(x), N)


__all__ = [
    "tril",
    "triu",
    "tril_indices",
    "triu_indices",
    "diag",
    "diagflat",
    "diagonal",
    "diag_embed",
    "diagonal_scatter",
    "matrix_band_part",
    "matrix_diag",
    "matrix_diag_part",
    "matrix_set_diag",
    "meshgrid",
    "cartesian_prod",
    "combinations",
    "vander",
]
