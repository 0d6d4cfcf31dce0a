"""Sweep table for msfunc.ops' linear algebra, reductions and distances (func_linalg,
func_reduce, func_distance)."""

import jax.numpy as jnp
import numpy as np
from _sweep import Case

import msfunc.ops as ops
from sweep_specs._gen import args, booleans, integers, normal, positive

INT = "integer output"
BOOL = "boolean output"
SHAPE = (3, 4)
# float32 rounding through a factorisation / solve: a few ulps times the condition number
LA = {"rtol": 1e-4, "atol": 1e-5}


# -- private generators ---------------------------------------------------------------
def well_conditioned(n, low=1.0, high=3.0):
    """rng -> a general (non-symmetric) n x n matrix U diag(s) V^T with distinct singular
    values s in [low, high]: invertible, condition number <= high / low."""

    def make(rng):
        u, _ = np.linalg.qr(rng.standard_normal((n, n)))
        v, _ = np.linalg.qr(rng.standard_normal((n, n)))
        s = np.linspace(low, high, n) + rng.uniform(0, 0.1, n)
        return (u * s) @ v.T

    return lambda rng: make(rng).astype(np.float32)


def spd(n):
    """rng -> symmetric positive definite a a^T + n I."""

    def make(rng):
        a = rng.standard_normal((n, n))
        return (a @ a.T + n * np.eye(n)).astype(np.float32)

    return make


def chol_factor(n):
    """rng -> a lower-triangular Cholesky factor with diagonal in [1, 2]."""

    def make(rng):
        low = 0.3 * np.tril(rng.standard_normal((n, n)), -1)
        return (low + np.diag(rng.uniform(1.0, 2.0, n))).astype(np.float32)

    return make


def tall(m, n):
    """rng -> an m x n (m > n) matrix of full column rank with distinct singular values."""

    def make(rng):
        u, _ = np.linalg.qr(rng.standard_normal((m, n)))
        v, _ = np.linalg.qr(rng.standard_normal((n, n)))
        return ((u * np.linspace(1.0, 3.0, n)) @ v.T).astype(np.float32)

    return make


def lu_packed(n):
    """rng -> (LAPACK's packed LU of a well-conditioned matrix, 1-based int32 pivots)."""

    def make(rng):
        a = well_conditioned(n)(rng).astype(np.float64)
        lu, piv = _lu_factor(a)
        return lu.astype(np.float32), (piv + 1).astype(np.int32)

    return make


def _lu_factor(a):
    """Partial-pivoting LU in LAPACK's packed form (numpy only, 0-based pivots)."""
    lu, n = a.copy(), a.shape[0]
    piv = np.zeros(n, np.int64)
    for k in range(n):
        p = k + int(np.argmax(np.abs(lu[k:, k])))
        piv[k] = p
        lu[[k, p]] = lu[[p, k]]
        lu[k + 1 :, k] /= lu[k, k]
        lu[k + 1 :, k + 1 :] -= np.outer(lu[k + 1 :, k], lu[k, k + 1 :])
    return lu, piv


def householder(m, n):
    """rng -> (a, tau): LAPACK geqrf's compact QR of a well-conditioned m x n matrix."""

    def make(rng):
        h, tau = np.linalg.qr(tall(m, n)(rng).astype(np.float64), mode="raw")
        return h.T.astype(np.float32), tau.astype(np.float32)

    return make


def row_norms(*norms, cols=4):
    """rng -> rows with the given 2-norms (away from renorm's `maxnorm` kink)."""

    def make(rng):
        x = rng.standard_normal((len(norms), cols))
        return (x / np.linalg.norm(x, axis=1, keepdims=True) * np.asarray(norms)[:, None]).astype(
            np.float32
        )

    return make


def with_nans(*shape, count=2):
    """rng -> normal array with `count` NaNs in each row (nan* reductions skip them)."""

    def make(rng):
        x = rng.standard_normal(shape).astype(np.float32)
        for row in x.reshape(-1, shape[-1]):
            row[rng.choice(shape[-1], count, replace=False)] = np.nan
        return x

    return make


def off_grid(*shape, low=0.0, high=4.0, gap=0.1):
    """rng -> uniform values at least `gap` from every integer (histc's bin edges)."""

    def make(rng):
        x = rng.uniform(low, high, shape)
        return (np.floor(x) + np.clip(x - np.floor(x), gap, 1 - gap)).astype(np.float32)

    return make


def full_segments(n, segments):
    """rng -> int32 ids, a permutation covering every segment (so none is empty: empty
    max/min segments hold the dtype's extreme value, whose weighted sum would overflow)."""
    return lambda rng: rng.permutation(np.arange(n) % segments).astype(np.int32)


def sorted_points(n):
    """rng -> increasing sample points (trapz's `x`)."""
    return lambda rng: np.cumsum(rng.uniform(0.5, 1.5, n)).astype(np.float32)


def pair(maker):
    """rng -> a list of two draws (ops taking a list of tensors)."""
    return lambda rng: [maker(rng), maker(rng)]


# -- sign/phase-invariant views of decompositions ---------------------------------------
# Eigenvectors, singular vectors and QR factors are unique only up to a sign (phase) per
# column, so the fns below fix that gauge before any comparison or differentiation.
def _eig_gauged(a):
    # eigenvalues, and eigenvectors rotated so each one's first entry is real positive
    w, v = ops.eig(a)
    phase = v[..., :1, :] / jnp.abs(v[..., :1, :])
    return w, v / phase


def _svd_gauged(a):
    # singular values, and u, v with each column pair flipped so u's first row is positive
    s, u, v = ops.svd(a)
    sign = jnp.sign(u[..., :1, :])
    return s, u * sign, v * sign


def _qr_gauged(a):
    # Q, R with R's diagonal made positive (the unique QR of a full-rank matrix)
    q, r = ops.qr(a)
    sign = jnp.sign(jnp.diagonal(r, axis1=-2, axis2=-1))
    return q * sign[..., None, :], r * sign[..., :, None]


def _geqrf_gauged(a):
    # LAPACK's Householder convention fixes the signs already; Q and R from the compact form
    h, tau = ops.geqrf(a)
    return jnp.triu(h), ops.orgqr(h, tau), tau


N = normal(*SHAPE)
SQ = well_conditioned(4)

# -- func_linalg ------------------------------------------------------------------------
LINALG = {
    "addbmm": Case(
        args(N, normal(2, 3, 5), normal(2, 5, 4)), kwargs={"beta": 0.5, "alpha": 2.0}, **LA
    ),
    "addmm": Case(args(N, normal(3, 5), normal(5, 4)), kwargs={"beta": 0.5, "alpha": 2.0}, **LA),
    "addmv": Case(args(normal(3), N, normal(4)), kwargs={"beta": 0.5, "alpha": 2.0}, **LA),
    "addr": Case(args(N, normal(3), normal(4)), kwargs={"beta": 0.5, "alpha": 2.0}),
    "adjoint": Case(args(N)),
    "baddbmm": Case(args(normal(2, 3, 4), normal(2, 3, 5), normal(2, 5, 4), 0.5, 2.0), **LA),
    "baddbmm_ext": Case(
        args(normal(2, 3, 4), normal(2, 3, 5), normal(2, 5, 4)),
        kwargs={"beta": 0.5, "alpha": 2.0},
        **LA,
    ),
    "batch_dot": Case(args(normal(3, 4, 5), normal(3, 5, 2)), **LA),
    "bmm": Case(args(normal(2, 3, 4), normal(2, 4, 5)), **LA),
    "cdist": [
        Case(args(N, normal(5, 4)), label="p2", **LA),
        Case(args(normal(2, 3, 4), normal(2, 5, 4), 3.0), label="p3_batched", **LA),
    ],
    "cholesky": Case(args(spd(4)), **LA),
    "cholesky_inverse": Case(args(chol_factor(4)), **LA),
    "cholesky_solve": Case(args(normal(4, 2), chol_factor(4)), **LA),
    "clip_by_global_norm": Case(args(lambda r: [N(r), normal(5)(r)], 1.0)),
    "clip_by_norm": Case(args(N, 1.0)),
    "cond": Case(args(SQ), **LA),
    "cross": Case(args(normal(2, 3), normal(2, 3))),
    "det": Case(args(SQ), **LA),
    "dist": Case(args(N, N)),
    "dot": Case(args(N, normal(4, 2)), **LA),
    "eig": Case(args(normal(4, 4)), fn=_eig_gauged, **LA),
    "eigvals": Case(args(normal(4, 4)), **LA),
    "einsum": Case(args("ij,jk->ik", N, normal(4, 2)), **LA),
    "einsum_ext": Case(args("bij,bjk->bik", normal(2, 3, 4), normal(2, 4, 2)), **LA),
    "geqrf": Case(args(tall(5, 3)), fn=_geqrf_gauged, **LA),
    "ger": Case(args(normal(3), normal(4))),
    "inner": Case(args(N, normal(2, 4)), **LA),
    "inverse": Case(args(SQ), **LA),
    "kron": Case(args(normal(2, 3), normal(3, 2))),
    "log_matrix_determinant": Case(args(SQ), **LA),  # sign is locally constant: grad 0
    "logdet": Case(args(spd(4)), **LA),
    "lstsq": Case(args(tall(5, 3), normal(5, 2)), **LA),
    "lu_solve": Case(lambda r: (normal(4, 2)(r),) + lu_packed(4)(r), **LA),
    "lu_unpack": Case(lu_packed(4)),
    "matmul": Case(args(N, normal(4, 2)), **LA),
    "matrix_determinant": Case(args(SQ), **LA),
    "matrix_exp": Case(args(normal(3, 3)), **LA),
    "matrix_norm": Case(args(tall(5, 3)), kwargs={"ord": "nuc"}, **LA),
    "matrix_power": Case(args(normal(3, 3), 3), **LA),
    "matrix_solve": Case(args(SQ, normal(4, 2), True), **LA),  # adjoint: the longer path
    "mv": Case(args(N, normal(4)), **LA),
    # the vector branch is jnp.linalg.vector_norm, as in vector_norm's case
    "norm": [Case(args(N), label="flat"), Case(args(N, 2), label="matrix_spectral", **LA)],
    "orgqr": Case(householder(5, 3), **LA),
    # other @ Q^T: the padding to a square Q, the transpose and the right product
    "ormqr": Case(lambda r: householder(4, 3)(r) + (normal(2, 4)(r), False, True), **LA),
    "outer": Case(args(normal(3), normal(4))),
    "pinv": Case(args(tall(5, 3)), **LA),
    "qr": Case(args(tall(5, 3)), fn=_qr_gauged, **LA),
    # row 0 stays under maxnorm, rows 1, 2 are scaled down to it
    "renorm": Case(args(row_norms(0.5, 2.0, 3.0), 2, 0, 1.0)),
    "slogdet": Case(args(SQ), **LA),
    "svd": [
        Case(args(tall(5, 3)), fn=_svd_gauged, label="vectors", **LA),
        Case(args(tall(5, 3)), kwargs={"compute_uv": False}, label="values", **LA),
    ],
    "tensor_dot": Case(args(normal(3, 4, 5), normal(4, 5, 2), ((1, 2), (0, 1))), **LA),
    "trace": Case(args(normal(4, 4))),
    "vecdot": Case(args(N, N), **LA),
    "vector_norm": Case(args(N, 3.0, 1)),
}

# -- func_reduce --------------------------------------------------------------------------
NAN = with_nans(*SHAPE)

REDUCE = {
    "sum": Case(args(N, 1)),
    "mean": Case(args(N, 1)),
    "prod": Case(args(N, 1)),
    "all": Case(args(booleans(*SHAPE), 1), grad=BOOL),
    "any": Case(args(booleans(*SHAPE), 1), grad=BOOL),
    "amax": Case(args(N, 1)),
    "amin": Case(args(N, 1)),
    "max": [Case(args(N, 1), label="axis"), Case(args(N), label="flat")],
    "min": Case(args(N, 1)),  # its flat branch mirrors max's
    "aminmax": Case(args(N), kwargs={"axis": 1}),
    "argmax": Case(args(N, 1), grad=INT),
    "argmin": Case(args(N, 1), grad=INT),
    "count_nonzero": Case(args(integers(*SHAPE, high=3), 1), grad=INT),
    "cummax": Case(args(N, 1)),
    "cummin": Case(args(N, 1)),
    "cumsum": Case(args(N, 1)),
    "cumprod": Case(args(N, 1)),
    "logcumsumexp": Case(args(N, 1)),
    "logsumexp": Case(args(N, 1)),
    "median": Case(args(N)),
    "nanmedian": Case(args(NAN)),
    "nanmean": Case(args(NAN, 1)),
    "nansum": Case(args(NAN, 1)),
    # q is traced too: d/dq of the linear interpolation (q * 3 stays off the integers)
    "quantile": Case(args(N, np.array([0.3, 0.6], np.float32), 1)),
    "nanquantile": Case(args(with_nans(3, 6), np.array([0.3, 0.6], np.float32), 1)),
    "var": Case(args(N, 1, 1)),
    "std": Case(args(N, 1, 1)),
    "var_mean": Case(args(N, 1, 1)),
    "std_mean": Case(args(N, 1, 1)),
    # piecewise constant counts: values keep off the bin edges, so FD and gradient are 0
    "histc": Case(args(off_grid(3, 4)), kwargs={"bins": 4, "min": 0.0, "max": 4.0}),
    # the output length is max(input) + 1: `input` is kept concrete (static), the weights
    # are traced, so jit, vmap and grad all run on the weighted path
    "bincount": Case(args(integers(6, high=4), positive(6), 5), static=(0,)),
    "cov": Case(args(normal(3, 5)), **LA),
    "diff": Case(args(normal(3, 5))),
    "diff_ext": Case(args(normal(3, 5), 2, 0)),
    "trapz": Case(args(N, sorted_points(4))),
    "addn": Case(args(pair(N))),
    "accumulate_n": Case(args(pair(N))),
}
for _name in ("sum", "max", "min", "prod"):
    REDUCE[f"unsorted_segment_{_name}"] = Case(args(normal(6, 3), full_segments(6, 3), 3))

# -- func_distance ------------------------------------------------------------------------
DISTANCE = {
    "cosine_similarity": Case(args(N, N)),
    "pdist": [
        Case(args(normal(4, 3)), label="p2"),
        Case(args(normal(2, 4, 3), 1.5), label="p1.5_batched"),
    ],
    # the segment count is segment_ids[-1] + 1: the ids (and indices) stay concrete
    "sparse_segment_mean": Case(
        args(
            normal(5, 3), np.array([0, 2, 3, 3, 4], np.int32), np.array([0, 0, 1, 1, 3], np.int32)
        ),
        static=(1, 2),
    ),
}

SPECS = {**LINALG, **REDUCE, **DISTANCE}
