"""`msfunc.scipy.linalg`: MindSpore's scipy.linalg names on `jax.scipy.linalg`.

Return conventions follow MindSpore 2.10: `cho_factor` gives `(c, lower)` with a
clean (zeroed) other triangle, `lu` gives an int32 permutation matrix `p`,
`lu_factor` int32 pivots, `lstsq` a 4-tuple `(x, residues, rank, s)`. Unlike
MindSpore, `lu(permute_l=True)` works and `eigh` accepts `b`. Everything is
differentiable and vmap-able; `solve` uses the fast batched small-matrix kernel.
"""

from __future__ import annotations

import jax.numpy as jnp
import jax.scipy.linalg as jsl

from ..common.parameter import accepts_parameters
from ..common.tensor import unwrap
from ..kernels.small_solve import solve as _fast_solve

__all__ = [
    "block_diag",
    "cho_factor",
    "cho_solve",
    "cholesky",
    "eigh",
    "inv",
    "lstsq",
    "lu",
    "lu_factor",
    "solve_triangular",
    "solve",
    "det",
    "expm",
    "lu_solve",
    "qr",
    "svd",
    "schur",
    "sqrtm",
    "pinv",
    "norm",
    "eigh_tridiagonal",
    "hessenberg",
    "polar",
    "funm",
    "toeplitz",
    "hilbert",
]


def _float(a, name):
    a = jnp.asarray(unwrap(a))
    if not jnp.issubdtype(a.dtype, jnp.inexact):
        a = a.astype(jnp.result_type(float))
    return a


def _square(a, name, fn):
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        raise ValueError(f"{fn}: `{name}` must be a square matrix (..., n, n), got {a.shape}")
    return a


def block_diag(*arrs):
    """Block-diagonal matrix from the given arrays.

    Example:
        >>> block_diag(jnp.ones((1, 1)), 2 * jnp.ones((2, 2))).shape
        (3, 3)
    """
    return jsl.block_diag(*(unwrap(a) for a in arrs))


def cholesky(a, lower=False, overwrite_a=False, check_finite=True):
    """Cholesky factor of a Hermitian positive-definite matrix (upper unless `lower`).

    Example:
        >>> cholesky(jnp.array([[4.0, 2.0], [2.0, 5.0]])).tolist()
        [[2.0, 1.0], [0.0, 2.0]]
    """
    a = _square(_float(a, "a"), "a", "cholesky")
    return jsl.cholesky(a, lower=lower)


def cho_factor(a, lower=False, overwrite_a=False, check_finite=True):
    """`(c, lower)` for `cho_solve`; the unused triangle of `c` is zero (as in MindSpore).

    Example:
        >>> c, low = cho_factor(jnp.array([[4.0, 2.0], [2.0, 5.0]]))
        >>> low
        False
    """
    return cholesky(a, lower=lower), bool(lower)


def cho_solve(c_and_lower, b, overwrite_b=False, check_finite=True):
    """Solve `A x = b` given `cho_factor(A)`.

    Example:
        >>> cf = cho_factor(jnp.array([[4.0, 2.0], [2.0, 5.0]]))
        >>> cho_solve(cf, jnp.array([6.0, 7.0])).tolist()
        [1.0, 1.0]
    """
    c, lower = c_and_lower
    return jsl.cho_solve((unwrap(c), lower), unwrap(b))


_EIGH_DTYPES = ("int32", "int64", "float32", "float64", "complex64", "complex128")


def _check_bools(fn, **flags):
    """TypeError for a flag that is not a bool (checked before any shape, as MindSpore does)."""
    for name, value in flags.items():
        if not isinstance(value, bool):
            raise TypeError(f"{fn}: `{name}` must be a bool, got {type(value).__name__}")


def eigh(
    a,
    b=None,
    lower=True,
    eigvals_only=False,
    overwrite_a=False,
    overwrite_b=False,
    turbo=True,
    eigvals=None,
    type=1,
    check_finite=True,
):
    """Eigenvalues (ascending) and eigenvectors of a Hermitian matrix; `b` gives the
    generalized problem `a v = w b v` (type 1).

    `a` is one (n, n) matrix, as in SciPy and MindSpore (``vmap`` it for a batch); its dtype
    is int32/int64 (computed in float), float32/64 or complex64/128. A flag that is not a
    bool is a TypeError, raised before `a`'s shape is looked at.

    Example:
        >>> w = eigh(jnp.array([[2.0, 0.0], [0.0, 1.0]]), eigvals_only=True)
        >>> w.tolist()
        [1.0, 2.0]
    """
    _check_bools(
        "eigh",
        lower=lower,
        eigvals_only=eigvals_only,
        overwrite_a=overwrite_a,
        overwrite_b=overwrite_b,
        turbo=turbo,
        check_finite=check_finite,
    )
    a = jnp.asarray(unwrap(a))
    if str(a.dtype) not in _EIGH_DTYPES:
        raise TypeError(f"eigh: `a` must have dtype in {list(_EIGH_DTYPES)}, got {a.dtype}")
    if a.ndim != 2 or a.shape[0] != a.shape[1]:
        raise ValueError(f"eigh: `a` must be a square matrix (n, n), got shape {a.shape}")
    return _eigh(a, b, lower, eigvals_only, eigvals, type)


def _hermitian_from_triangle(a, lower):
    """The Hermitian matrix LAPACK's eigh reads from one triangle of `a` (the diagonal's real
    part): built explicitly, so gradients reach that triangle only, as the input's entries
    outside it change nothing."""
    strict = jnp.tril(a, -1) if lower else jnp.triu(a, 1)
    diagonal = jnp.real(jnp.diagonal(a, axis1=-2, axis2=-1)).astype(a.dtype)
    return (
        strict
        + jnp.swapaxes(strict, -1, -2).conj()
        + diagonal[..., None] * jnp.eye(a.shape[-1], dtype=a.dtype)
    )


def _eigh(a, b=None, lower=True, eigvals_only=False, eigvals=None, type=1):
    """`eigh` over the last two axes of `a` (and `b`), any leading batch axes (arrays out)."""
    a = _square(_float(a, "a"), "a", "eigh")
    if eigvals is not None:
        raise NotImplementedError("eigh: `eigvals` (a subset of eigenvalues) is not supported")
    a = _hermitian_from_triangle(a, lower)
    if b is None:
        # (LAPACK reading the same triangle as before keeps its eigenvector signs)
        w, v = jnp.linalg.eigh(a, UPLO="L" if lower else "U", symmetrize_input=False)
    else:
        if type != 1:
            raise NotImplementedError(f"eigh: only type=1 is supported with `b`, got {type}")
        b = _square(_float(b, "b"), "b", "eigh")
        el = jsl.cholesky(b, lower=True)
        tri = lambda m, trans: jsl.solve_triangular(el, m, lower=True, trans=trans)
        c = tri(jnp.swapaxes(tri(a, 0), -1, -2).conj(), 0)
        c = (c + jnp.swapaxes(c, -1, -2).conj()) / 2
        w, v = jnp.linalg.eigh(c)
        v = tri(v, "C" if jnp.iscomplexobj(v) else "T")
    return w if eigvals_only else (w, v)


def inv(a, overwrite_a=False, check_finite=True):
    """Inverse of a square matrix.

    Example:
        >>> inv(jnp.array([[2.0, 0.0], [0.0, 4.0]])).tolist()
        [[0.5, 0.0], [0.0, 0.25]]
    """
    return jnp.linalg.inv(_square(_float(a, "a"), "a", "inv"))


_LSTSQ_DRIVERS = ("gelsy", "gelsd", "gelss", "gels")


def lstsq(A, B, rcond=None, driver=None):
    """Least-squares solution of `A x = B`: `(x, residues, rank, s)`, shaped as MindSpore's
    LAPACK drivers return them.

    `driver` is 'gelsy' (the default), 'gelsd', 'gelss' or 'gels'. `residues` holds the
    squared residual norm of each column of `B` (shape (k,); (1,) for a 1-D `B`) for a tall
    `A` (more rows than columns) with every driver but 'gelsy', else it is empty (0,);
    `rank` is an int64 scalar (empty for 'gels'); `s`, the singular values of `A`, only
    with 'gelsd' and 'gelss' (empty otherwise).

    Example:
        >>> x, res, rank, s = lstsq(jnp.array([[1.0], [1.0]]), jnp.array([1.0, 3.0]))
        >>> round(float(x[0]), 6), res.shape, int(rank), s.shape
        (2.0, (0,), 1, (0,))
        >>> res = lstsq(jnp.array([[1.0], [1.0]]), jnp.array([1.0, 3.0]), driver="gelsd")[1]
        >>> res.shape, round(float(res[0]), 6)
        ((1,), 2.0)
    """
    driver = "gelsy" if driver is None else driver
    if driver not in _LSTSQ_DRIVERS:
        raise ValueError(f"lstsq: `driver` must be one of {_LSTSQ_DRIVERS} or None, got {driver!r}")
    a, b = _float(A, "A"), _float(B, "B")
    if a.ndim != 2:
        raise ValueError(f"lstsq: `A` must be 2-D, got shape {a.shape}")
    if b.ndim not in (1, 2) or b.shape[0] != a.shape[0]:
        raise ValueError(
            f"lstsq: `B` must have shape ({a.shape[0]},) or ({a.shape[0]}, k), got {b.shape}"
        )
    x, _, rank, s = jnp.linalg.lstsq(a, b, rcond=rcond)
    empty = jnp.zeros((0,), a.dtype)
    if driver != "gelsy" and a.shape[0] > a.shape[1]:
        # also for a rank-deficient A (the residual of the minimum-norm solution)
        residual = b - a @ x
        residues = jnp.sum(jnp.abs(residual) ** 2, axis=0).reshape(-1).astype(a.dtype)
    else:
        residues = empty
    rank = jnp.zeros((0,), jnp.int64) if driver == "gels" else rank.astype(jnp.int64)
    return x, residues, rank, s if driver in ("gelsd", "gelss") else empty


def lu_factor(a, overwrite_a=False, check_finite=True):
    """Packed LU factorization `(lu, piv)` with int32 pivots (LAPACK convention).

    Example:
        >>> lu_, piv = lu_factor(jnp.array([[1.0, 2.0], [3.0, 4.0]]))
        >>> piv.tolist()
        [1, 1]
    """
    return jsl.lu_factor(_square(_float(a, "a"), "a", "lu_factor"))


def lu(a, permute_l=False, overwrite_a=False, check_finite=True):
    """`(p, l, u)` with `a = p @ l @ u` and `p` an int32 permutation matrix (MindSpore's
    convention), or `(p @ l, u)` when `permute_l`.

    Example:
        >>> pl, u = lu(jnp.array([[1.0, 2.0], [3.0, 4.0]], jnp.float32), permute_l=True)
        >>> (pl @ u).round(decimals=5).tolist()
        [[1.0, 2.0], [3.0, 4.0]]
    """
    a = _float(a, "a")
    if a.ndim < 2:
        raise ValueError(f"lu: `a` must be at least 2-D, got shape {a.shape}")
    p, l, u = jsl.lu(a)
    if permute_l:
        return p @ l, u
    return p.real.astype(jnp.int32), l, u


def solve_triangular(
    a,
    b,
    trans=0,
    lower=False,
    unit_diagonal=False,
    overwrite_b=False,
    debug=None,
    check_finite=True,
):
    """Solve `a x = b` for triangular `a` (`trans`: 0/'N', 1/'T', 2/'C').

    Example:
        >>> solve_triangular(jnp.array([[2.0, 1.0], [0.0, 1.0]]), jnp.array([3.0, 1.0])).tolist()
        [1.0, 1.0]
    """
    a, b = _square(_float(a, "a"), "a", "solve_triangular"), _float(b, "b")
    # `b` is one vector (a.ndim - 1 dims) or a matrix of columns (a.ndim dims) per matrix of
    # `a`, with the same batch dims (no broadcasting, as in MindSpore).
    if b.ndim == a.ndim - 1:
        batch, rows = b.shape[:-1], b.shape[-1]
    elif b.ndim == a.ndim:
        batch, rows = b.shape[:-2], b.shape[-2]
    else:
        raise ValueError(
            f"solve_triangular: `b` must have {a.ndim - 1} or {a.ndim} dims for "
            f"`a` of shape {a.shape}, got shape {b.shape}"
        )
    if batch != a.shape[:-2] or rows != a.shape[-1]:
        raise ValueError(
            f"solve_triangular: `b` of shape {b.shape} does not match `a` of shape "
            f"{a.shape} (batch dims {a.shape[:-2]}, {a.shape[-1]} rows)"
        )
    vectors = b.ndim == a.ndim - 1
    x = jsl.solve_triangular(
        a, b[..., None] if vectors else b, trans=trans, lower=lower, unit_diagonal=unit_diagonal
    )
    return x[..., 0] if vectors else x


def solve(
    a, b, lower=False, overwrite_a=False, overwrite_b=False, check_finite=True, assume_a="gen"
):
    """Solve `a x = b` (SciPy semantics: `b` is a vector stack when `b.ndim == a.ndim - 1`).

    General matrices use msfunc's fast batched small-matrix kernel.

    Example:
        >>> solve(jnp.array([[2.0, 0.0], [0.0, 4.0]]), jnp.array([1.0, 1.0])).tolist()
        [0.5, 0.25]
    """
    a, b = _square(_float(a, "a"), "a", "solve"), _float(b, "b")
    if assume_a not in ("gen", "general"):
        return jsl.solve(a, b, lower=lower, assume_a=assume_a)
    if b.ndim == a.ndim - 1:
        return _fast_solve(a, b[..., None])[..., 0]
    return _fast_solve(a, b)


det = accepts_parameters(jsl.det)
expm = accepts_parameters(jsl.expm)
lu_solve = accepts_parameters(jsl.lu_solve)
qr = accepts_parameters(jsl.qr)
svd = accepts_parameters(jsl.svd)
schur = accepts_parameters(jsl.schur)
sqrtm = accepts_parameters(jsl.sqrtm)
pinv = accepts_parameters(jnp.linalg.pinv)
norm = accepts_parameters(jnp.linalg.norm)
eigh_tridiagonal = accepts_parameters(jsl.eigh_tridiagonal)
hessenberg = accepts_parameters(jsl.hessenberg)
polar = accepts_parameters(jsl.polar)
funm = accepts_parameters(jsl.funm)
toeplitz = accepts_parameters(jsl.toeplitz)
hilbert = accepts_parameters(jsl.hilbert)


from ..common.tensor_functions import tensor_namespace as _tensor_namespace  # noqa: E402

_tensor_namespace(globals(), __all__)
