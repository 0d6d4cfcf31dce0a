"""`msfunc.scipy.linalg`: MindSpore's scipy.linalg names on `jax.scipy.linalg`.

Return conventions follow MindSpore 2.10: `cho_factor` gives `(c, lower)` with a
clean (zeroed) other triangle, `lu` gives an int32 permutation matrix `p`,
`lu_factor` int32 pivots, `lstsq` a 4-tuple `(x, residues, rank, s)`. Unlike
MindSpore, `lu(permute_l=True)` works and `eigh` accepts `b`. Everything is
differentiable and vmap-able; `solve` uses the fast batched small-matrix kernel.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import jax.numpy as jnp
import jax.scipy.linalg as jsl

from ..common.parameter import accepts_parameters
from ..common.tensor import unwrap
from ..kernels.small_solve import solve as _fast_solve

if TYPE_CHECKING:
    from jax import Array
    from jax.typing import ArrayLike

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


def block_diag(*arrs: ArrayLike) -> Array:
    """Block-diagonal matrix from the given arrays.

    Args:
        arrs (Tensor): Blocks, 0-D to 2-D (lower ranks count as one row).

    Returns:
        Tensor, 2-D, the blocks along the diagonal and zeros elsewhere.

    Example:
        >>> print(block_diag(jnp.ones((1, 1)), 2 * jnp.ones((1, 2))))
        [[1. 0. 0.]
         [0. 2. 2.]]
    """
    return jsl.block_diag(*(unwrap(a) for a in arrs))


def cholesky(
    a: ArrayLike, lower: bool = False, overwrite_a: bool = False, check_finite: bool = True
) -> Array:
    """Cholesky factor of a Hermitian positive-definite matrix (upper unless `lower`).

    Args:
        a (Tensor): Matrix (..., n, n); integers are taken as floats.
        lower (bool): Return the lower factor L (``a = L @ L^H``), else the upper U
            (``a = U^H @ U``). Default: ``False``.
        overwrite_a (bool): Accepted for SciPy's signature; no effect. Default: ``False``.
        check_finite (bool): Accepted for SciPy's signature; no effect. Default: ``True``.

    Returns:
        Tensor, the triangular factor, of `a`'s shape.

    Raises:
        ValueError: `a` is not square.

    Example:
        >>> print(cholesky(jnp.array([[4.0, 2.0], [2.0, 5.0]])))
        [[2. 1.]
         [0. 2.]]
    """
    a = _square(_float(a, "a"), "a", "cholesky")
    return jsl.cholesky(a, lower=lower)


def cho_factor(
    a: ArrayLike, lower: bool = False, overwrite_a: bool = False, check_finite: bool = True
) -> tuple[Array, bool]:
    """`(c, lower)` for `cho_solve`; the unused triangle of `c` is zero (as in MindSpore).

    Args:
        a (Tensor): Hermitian positive-definite matrix (..., n, n).
        lower (bool): Compute the lower factor, else the upper. Default: ``False``.
        overwrite_a (bool): Accepted for SciPy's signature; no effect. Default: ``False``.
        check_finite (bool): Accepted for SciPy's signature; no effect. Default: ``True``.

    Returns:
        tuple[Tensor, bool], the Cholesky factor and `lower`.

    Raises:
        ValueError: `a` is not square.

    Example:
        >>> c, low = cho_factor(jnp.array([[4.0, 2.0], [2.0, 5.0]]))
        >>> print(c, low)
        [[2. 1.]
         [0. 2.]] False
    """
    return cholesky(a, lower=lower), bool(lower)


def cho_solve(
    c_and_lower: tuple[ArrayLike, bool],
    b: ArrayLike,
    overwrite_b: bool = False,
    check_finite: bool = True,
) -> Array:
    """Solve `A x = b` given `cho_factor(A)`.

    Args:
        c_and_lower (tuple[Tensor, bool]): The factor and its triangle, from `cho_factor`.
        b (Tensor): Right-hand side(s), (n,) or (n, k).
        overwrite_b (bool): Accepted for SciPy's signature; no effect. Default: ``False``.
        check_finite (bool): Accepted for SciPy's signature; no effect. Default: ``True``.

    Returns:
        Tensor, the solution, of `b`'s shape.

    Example:
        >>> cf = cho_factor(jnp.array([[4.0, 2.0], [2.0, 5.0]]))
        >>> print(cho_solve(cf, jnp.array([6.0, 7.0])))
        [1. 1.]
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
    a: ArrayLike,
    b: ArrayLike | None = None,
    lower: bool = True,
    eigvals_only: bool = False,
    overwrite_a: bool = False,
    overwrite_b: bool = False,
    turbo: bool = True,
    eigvals: tuple[int, int] | None = None,
    type: int = 1,  # noqa: A002
    check_finite: bool = True,
) -> Array | tuple[Array, Array]:
    """Eigenvalues (ascending) and eigenvectors of a Hermitian matrix; `b` gives the
    generalized problem `a v = w b v` (type 1).

    `a` is one (n, n) matrix, as in SciPy and MindSpore (``vmap`` it for a batch); its dtype
    is int32/int64 (computed in float), float32/64 or complex64/128. A flag that is not a
    bool is a TypeError, raised before `a`'s shape is looked at.

    Args:
        a (Tensor): Hermitian matrix (n, n); only the triangle named by `lower` is read.
        b (Union[Tensor, None]): Hermitian positive-definite matrix of the generalized
            problem. Default: ``None``.
        lower (bool): Read the lower triangle of `a`, else the upper. Default: ``True``.
        eigvals_only (bool): Return the eigenvalues only. Default: ``False``.
        overwrite_a (bool): Accepted for SciPy's signature; no effect. Default: ``False``.
        overwrite_b (bool): Accepted for SciPy's signature; no effect. Default: ``False``.
        turbo (bool): Accepted for SciPy's signature; no effect. Default: ``True``.
        eigvals (Union[tuple[int, int], None]): A subset of eigenvalues; not supported,
            must be ``None``. Default: ``None``.
        type (int): Generalized problem type; only 1 is supported. Default: ``1``.
        check_finite (bool): Accepted for SciPy's signature; no effect. Default: ``True``.

    Returns:
        Tensor of eigenvalues (n,) with `eigvals_only`, else a tuple of them and the
        eigenvectors as columns (n, n).

    Raises:
        TypeError: a flag is not a bool, or `a`'s dtype is not supported.
        ValueError: `a` is not a square matrix.
        NotImplementedError: `eigvals` is given, or `type` is not 1 with `b`.

    Example:
        >>> w = eigh(jnp.array([[2.0, 0.0], [0.0, 1.0]]), eigvals_only=True)
        >>> print(w)
        [1. 2.]
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


def inv(a: ArrayLike, overwrite_a: bool = False, check_finite: bool = True) -> Array:
    """Inverse of a square matrix.

    Args:
        a (Tensor): Matrix (..., n, n); integers are taken as floats.
        overwrite_a (bool): Accepted for SciPy's signature; no effect. Default: ``False``.
        check_finite (bool): Accepted for SciPy's signature; no effect. Default: ``True``.

    Returns:
        Tensor, the inverse, of `a`'s shape.

    Raises:
        ValueError: `a` is not square.

    Example:
        >>> print(inv(jnp.array([[2.0, 0.0], [0.0, 4.0]])))
        [[0.5  0.  ]
         [0.   0.25]]
    """
    return jnp.linalg.inv(_square(_float(a, "a"), "a", "inv"))


_LSTSQ_DRIVERS = ("gelsy", "gelsd", "gelss", "gels")


def lstsq(
    A: ArrayLike, B: ArrayLike, rcond: float | None = None, driver: str | None = None
) -> tuple[Array, Array, Array, Array]:
    """Least-squares solution of `A x = B`: `(x, residues, rank, s)`, shaped as MindSpore's
    LAPACK drivers return them.

    `residues` holds the squared residual norm of each column of `B` (shape (k,); (1,) for
    a 1-D `B`) for a tall `A` (more rows than columns) with every driver but 'gelsy', else
    it is empty (0,); `rank` is an int64 scalar (empty for 'gels'); `s`, the singular
    values of `A`, only with 'gelsd' and 'gelss' (empty otherwise).

    Args:
        A (Tensor): Coefficient matrix (m, n).
        B (Tensor): Right-hand side(s), (m,) or (m, k).
        rcond (Union[float, None]): Singular values below ``rcond * largest`` count as
            zero; ``None`` uses machine precision. Default: ``None``.
        driver (Union[str, None]): ``'gelsy'`` (``None``), ``'gelsd'``, ``'gelss'`` or
            ``'gels'``. Default: ``None``.

    Returns:
        tuple[Tensor, Tensor, Tensor, Tensor], the solution, residues, rank and singular
        values.

    Raises:
        ValueError: `driver` is unknown, or the shapes do not fit.

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


def lu_factor(
    a: ArrayLike, overwrite_a: bool = False, check_finite: bool = True
) -> tuple[Array, Array]:
    """Packed LU factorization `(lu, piv)` with int32 pivots (LAPACK convention).

    Args:
        a (Tensor): Square matrix (..., n, n).
        overwrite_a (bool): Accepted for SciPy's signature; no effect. Default: ``False``.
        check_finite (bool): Accepted for SciPy's signature; no effect. Default: ``True``.

    Returns:
        tuple[Tensor, Tensor], L (unit diagonal, below) and U (on and above) in one matrix,
        and the pivots: row i was swapped with row ``piv[i]``.

    Raises:
        ValueError: `a` is not square.

    Example:
        >>> lu_, piv = lu_factor(jnp.array([[1.0, 2.0], [3.0, 4.0]]))
        >>> print(piv)
        [1 1]
    """
    return jsl.lu_factor(_square(_float(a, "a"), "a", "lu_factor"))


def lu(
    a: ArrayLike, permute_l: bool = False, overwrite_a: bool = False, check_finite: bool = True
) -> tuple[Array, Array, Array] | tuple[Array, Array]:
    """`(p, l, u)` with `a = p @ l @ u` and `p` an int32 permutation matrix (MindSpore's
    convention), or `(p @ l, u)` when `permute_l`.

    Args:
        a (Tensor): Matrix (..., m, n).
        permute_l (bool): Return ``p @ l`` and `u` only. Default: ``False``.
        overwrite_a (bool): Accepted for SciPy's signature; no effect. Default: ``False``.
        check_finite (bool): Accepted for SciPy's signature; no effect. Default: ``True``.

    Returns:
        tuple[Tensor, Tensor, Tensor], `p`, `l` (unit lower) and `u` (upper); with
        `permute_l`, tuple[Tensor, Tensor].

    Raises:
        ValueError: `a` is not at least 2-D.

    Example:
        >>> p, l, u = lu(jnp.array([[1.0, 2.0], [3.0, 4.0]]))
        >>> print(p)
        [[0 1]
         [1 0]]
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
    a: ArrayLike,
    b: ArrayLike,
    trans: int | str = 0,
    lower: bool = False,
    unit_diagonal: bool = False,
    overwrite_b: bool = False,
    debug: Any = None,
    check_finite: bool = True,
) -> Array:
    """Solve `a x = b` for triangular `a` (`trans`: 0/'N', 1/'T', 2/'C').

    Args:
        a (Tensor): Triangular matrix (..., n, n).
        b (Tensor): One vector (..., n) or a matrix of columns (..., n, k) per matrix of
            `a`, with the same batch dimensions.
        trans (Union[int, str]): Solve with `a` (0, 'N'), its transpose (1, 'T') or its
            conjugate transpose (2, 'C'). Default: ``0``.
        lower (bool): Use the lower triangle of `a`, else the upper. Default: ``False``.
        unit_diagonal (bool): Take `a`'s diagonal as ones. Default: ``False``.
        overwrite_b (bool): Accepted for SciPy's signature; no effect. Default: ``False``.
        debug (Any): Accepted for SciPy's signature; no effect. Default: ``None``.
        check_finite (bool): Accepted for SciPy's signature; no effect. Default: ``True``.

    Returns:
        Tensor, the solution, of `b`'s shape.

    Raises:
        ValueError: `a` is not square or `b` does not match it.

    Example:
        >>> print(solve_triangular(jnp.array([[2.0, 1.0], [0.0, 1.0]]), jnp.array([3.0, 1.0])))
        [1. 1.]
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
    a: ArrayLike,
    b: ArrayLike,
    lower: bool = False,
    overwrite_a: bool = False,
    overwrite_b: bool = False,
    check_finite: bool = True,
    assume_a: str = "gen",
) -> Array:
    """Solve `a x = b` (SciPy semantics: `b` is a vector stack when `b.ndim == a.ndim - 1`).

    General matrices use msfunc's fast batched small-matrix kernel.

    Args:
        a (Tensor): Square matrix (..., n, n).
        b (Tensor): Right-hand side(s): (..., n) vectors or (..., n, k) columns.
        lower (bool): With a symmetric `assume_a`, read the lower triangle. Default: ``False``.
        overwrite_a (bool): Accepted for SciPy's signature; no effect. Default: ``False``.
        overwrite_b (bool): Accepted for SciPy's signature; no effect. Default: ``False``.
        check_finite (bool): Accepted for SciPy's signature; no effect. Default: ``True``.
        assume_a (str): ``'gen'`` (general), ``'sym'``, ``'her'`` or ``'pos'``.
            Default: ``'gen'``.

    Returns:
        Tensor, the solution, of `b`'s shape.

    Raises:
        ValueError: `a` is not square.

    Example:
        >>> print(solve(jnp.array([[2.0, 0.0], [0.0, 4.0]]), jnp.array([1.0, 1.0])))
        [0.5  0.25]
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
