"""Matrix decomposition and solve functional ops: Cholesky, eigen, determinants, QR, SVD,
least squares and the pseudo-inverse."""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp
import jax.scipy.linalg as jsl
from jax import lax

from ..common.args import asarray

if TYPE_CHECKING:
    from jax import Array
    from jax.typing import ArrayLike

__all__ = [
    "cholesky",
    "cholesky_inverse",
    "cholesky_solve",
    "eig",
    "slogdet",
    "log_matrix_determinant",
    "logdet",
    "matrix_solve",
    "lstsq",
    "pinv",
    "qr",
    "svd",
]


def cholesky(input_x: ArrayLike, upper: bool = False) -> Array:
    """The Cholesky factor of a symmetric (Hermitian) positive-definite matrix:
    ``A = L @ L^H`` (or ``A = U^H @ U`` when `upper`).

    Args:
        input_x (Tensor): The matrix A or a batch of them, shape (..., n, n).
        upper (bool): Whether to return the upper factor U rather than the lower L.
            Default: ``False``.

    Returns:
        Tensor, of `input_x`'s shape, triangular.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> a = ms.Tensor([[4.0, 2.0], [2.0, 5.0]])
        >>> print(ops.cholesky(a))
        [[2. 0.]
         [1. 2.]]
        >>> print(ops.cholesky(a, upper=True))
        [[2. 1.]
         [0. 2.]]
    """
    L = jnp.linalg.cholesky(asarray(input_x))
    return jnp.conj(jnp.swapaxes(L, -1, -2)) if upper else L


def cholesky_inverse(input_x: ArrayLike, upper: bool = False) -> Array:
    """The inverse of a positive-definite matrix A given its Cholesky factor.

    Args:
        input_x (Tensor): The factor, lower (``A = L @ L^H``) or upper (``A = U^H @ U``),
            shape (..., n, n); the whole matrix is used, as MindSpore's kernel does, so
            entries outside the triangle count.
        upper (bool): Whether `input_x` is the upper factor. Default: ``False``.

    Returns:
        Tensor, the inverse of A, of `input_x`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.cholesky_inverse(ms.Tensor([[2.0, 0.0], [1.0, 2.0]])))
        [[ 0.3125 -0.125 ]
         [-0.125   0.25  ]]
    """
    f = asarray(input_x)
    # MindSpore's kernel reads the whole matrix, not just its triangle: A = f^H f (upper) or
    # f f^H (lower), so A^-1 = f^-1 f^-H or f^-H f^-1
    inv = jnp.linalg.inv(f)
    inv_h = jnp.conj(jnp.swapaxes(inv, -1, -2))
    return inv @ inv_h if upper else inv_h @ inv


def cholesky_solve(input: ArrayLike, input2: ArrayLike, upper: bool = False) -> Array:
    """Solves ``A @ X = input`` for X, given the Cholesky factor `input2` of A.

    Args:
        input (Tensor): The right-hand sides B, shape (..., n, k).
        input2 (Tensor): The Cholesky factor of A, shape (..., n, n).
        upper (bool): Whether `input2` is the upper factor. Default: ``False``.

    Returns:
        Tensor, X, of `input`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> b, factor = ms.Tensor([[8.0], [9.0]]), ms.Tensor([[2.0, 0.0], [1.0, 2.0]])
        >>> print(ops.cholesky_solve(b, factor))  # A = [[4, 2], [2, 5]]
        [[1.375]
         [1.25 ]]
    """
    return jsl.cho_solve((asarray(input2), not upper), asarray(input))


def eig(A: ArrayLike) -> tuple[Array, Array]:
    """Eigenvalues and right eigenvectors of a square matrix: ``A @ v[:, i] = w[i] * v[:, i]``.

    Both are complex in general; each eigenvector has unit norm, unique up to a phase.

    Args:
        A (Tensor): A square matrix or a batch of them, shape (..., n, n).

    Returns:
        tuple of 2 Tensors, the eigenvalues w (..., n) and the eigenvectors v (..., n, n) as
        columns, both complex.

    Raises:
        ValueError: If `A` is not square.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> w, v = ops.eig(ms.Tensor([[2.0, 0.0], [0.0, 3.0]]))
        >>> print(w)
        [2.+0.j 3.+0.j]
        >>> print(abs(v))
        [[1. 0.]
         [0. 1.]]
    """
    a = asarray(A)
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        raise ValueError(
            f"eig: `A` must be a square matrix (or a batch of them), got shape {a.shape}"
        )
    if not jnp.issubdtype(a.dtype, jnp.inexact):
        a = a.astype(jnp.float32)
    # Eigenvectors are unique only up to a phase per column; their derivative (as in
    # MindSpore) is meaningful for phase-invariant functions of them, so it is enabled.
    w, v = lax.linalg.eig(a, compute_left_eigenvectors=False, enable_eigvec_derivs=True)
    return w, v


def slogdet(input: ArrayLike) -> tuple[Array, Array]:
    """The sign and the log of the absolute value of a determinant, which does not overflow
    where the determinant would.

    Args:
        input (Tensor): A square matrix or a batch of them, shape (..., n, n).

    Returns:
        tuple of 2 Tensors of shape (...): the sign (-1, 0 or 1; of modulus 1 for complex)
        and ``log|det|``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> sign, logabs = ops.slogdet(ms.Tensor([[0.0, 2.0], [3.0, 0.0]]))  # det = -6
        >>> print(sign, logabs)
        -1.0 1.7917595
    """
    sign, logabs = jnp.linalg.slogdet(asarray(input))
    return sign, logabs


def log_matrix_determinant(input: ArrayLike) -> tuple[Array, Array]:
    """The sign and ``log|det|`` of a determinant; an alias of ``ops.slogdet``.

    Args:
        input (Tensor): A square matrix or a batch of them, shape (..., n, n).

    Returns:
        tuple of 2 Tensors of shape (...): the sign and ``log|det|``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> sign, logabs = ops.log_matrix_determinant(ms.Tensor([[2.0, 0.0], [0.0, 4.0]]))
        >>> print(sign, logabs)
        1.0 2.0794415
    """
    return slogdet(input)


def logdet(input: ArrayLike) -> Array:
    """The natural log of a determinant: NaN where it is negative, -inf where it is 0.

    Args:
        input (Tensor): A square matrix or a batch of them, shape (..., n, n).

    Returns:
        Tensor, of shape (...).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.logdet(ms.Tensor([[[2.0, 0.0], [0.0, 4.0]], [[0.0, 1.0], [1.0, 0.0]]])))
        [2.0794415       nan]
    """
    sign, logabs = jnp.linalg.slogdet(asarray(input))
    return jnp.where(sign < 0, jnp.nan, jnp.where(sign == 0, -jnp.inf, logabs))


def matrix_solve(matrix: ArrayLike, rhs: ArrayLike, adjoint: bool = False) -> Array:
    """Solves the linear systems ``matrix @ X = rhs`` (``matrix^H @ X = rhs`` when
    `adjoint`).

    Batches of small matrices go to msfunc's batched small-solve kernels (partial
    pivoting, 4-8x faster than LAPACK's per-matrix calls on CPU).

    Args:
        matrix (Tensor): Invertible matrices, shape (..., n, n).
        rhs (Tensor): The right-hand sides, shape (..., n, k).
        adjoint (bool): Whether to solve with the conjugate transpose of `matrix`.
            Default: ``False``.

    Returns:
        Tensor, X, of `rhs`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> a, b = ms.Tensor([[2.0, 1.0], [0.0, 4.0]]), ms.Tensor([[3.0], [4.0]])
        >>> print(ops.matrix_solve(a, b))
        [[1.]
         [1.]]
        >>> print(ops.matrix_solve(a, b, adjoint=True))
        [[1.5  ]
         [0.625]]
    """
    from ..kernels.small_solve import solve  # (on first use: its kernels are jitted at import)

    m = asarray(matrix)
    if adjoint:
        m = jnp.conj(jnp.swapaxes(m, -1, -2))
    return solve(m, asarray(rhs))


def lstsq(input: ArrayLike, A: ArrayLike) -> Array:
    """The least-squares solution X of ``input @ X = A``: the X minimising
    ``||input @ X - A||``.

    Args:
        input (Tensor): The coefficient matrix, shape (m, n).
        A (Tensor): The right-hand sides, shape (m, k).

    Returns:
        Tensor, X, shape (n, k).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]])  # fit a + b t
        >>> print(ops.round(ops.lstsq(x, ms.Tensor([[1.0], [2.0], [4.0]])), decimals=4))
        [[0.8333]
         [1.5   ]]
    """
    return jnp.linalg.lstsq(asarray(input), asarray(A))[0]


def pinv(
    x: ArrayLike,
    *,
    atol: float | None = None,
    rtol: float | None = None,
    hermitian: bool = False,
) -> Array:
    """The Moore-Penrose pseudo-inverse, from the singular value decomposition.

    Singular values at or below ``max(atol, rtol * largest)`` count as zero.

    Args:
        x (Tensor): A matrix or a batch of them, shape (..., m, n).
        atol (Union[float, None]): The absolute cut-off. Default: ``None`` (0).
        rtol (Union[float, None]): The cut-off relative to the largest singular value;
            with neither given, numpy's default. Default: ``None``.
        hermitian (bool): Whether `x` is Hermitian (symmetric), which allows a faster
            decomposition. Default: ``False``.

    Returns:
        Tensor, shape (..., n, m).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.pinv(ms.Tensor([[1.0, 0.0], [0.0, 0.0], [0.0, 2.0]])))
        [[1.  0.  0. ]
         [0.  0.  0.5]]
        >>> print(ops.pinv(ms.Tensor([[1.0, 0.0], [0.0, 1e-3]]), atol=0.01))
        [[1. 0.]
         [0. 0.]]
    """
    a = asarray(x)
    if atol is None and rtol is None:
        return jnp.linalg.pinv(a, hermitian=hermitian)
    s = jnp.linalg.svd(a, compute_uv=False, hermitian=hermitian)
    smax = jnp.max(s, axis=-1, keepdims=True)
    tol = jnp.maximum(0.0 if atol is None else atol, (0.0 if rtol is None else rtol) * smax)
    u, s, vh = jnp.linalg.svd(a, full_matrices=False)
    sinv = jnp.where(s > tol, 1.0 / jnp.where(s > tol, s, 1.0), 0.0)
    return jnp.swapaxes(jnp.conj(vh), -1, -2) @ (
        sinv[..., None] * jnp.conj(jnp.swapaxes(u, -1, -2))
    )


def qr(input: ArrayLike, mode: str = "reduced") -> tuple[Array, Array]:
    """QR decomposition ``input = Q @ R``: Q with orthonormal columns, R upper triangular.

    Args:
        input (Tensor): A matrix or a batch of them, shape (..., m, n).
        mode (str): ``"reduced"`` (Q is (m, k), R is (k, n), k = min(m, n)),
            ``"complete"`` (Q is (m, m), R is (m, n)) or ``"r"`` (R only, Q empty).
            Default: ``"reduced"``.

    Returns:
        tuple of 2 Tensors, Q and R.

    Raises:
        ValueError: If `mode` is none of the three.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> q, r = ops.qr(ms.Tensor([[3.0, 1.0], [4.0, 2.0]]))
        >>> print(abs(r[0]), r.shape)
        [5.  2.2] (2, 2)
        >>> print(ops.matmul(q, r))
        [[3. 1.]
         [4. 2.]]
    """
    if mode not in ("reduced", "complete", "r"):
        raise ValueError(f"qr: `mode` must be 'reduced', 'complete' or 'r', got {mode!r}")
    if mode == "r":
        r = jnp.linalg.qr(asarray(input), mode="r")
        return jnp.zeros((0,), r.dtype), r
    q, r = jnp.linalg.qr(asarray(input), mode=mode)
    return q, r


def svd(
    input: ArrayLike, full_matrices: bool = False, compute_uv: bool = True
) -> Array | tuple[Array, Array, Array]:
    """Singular value decomposition ``input = u @ diag(s) @ v^H``.

    Args:
        input (Tensor): A matrix or a batch of them, shape (..., m, n).
        full_matrices (bool): Whether u and v are square ((m, m) and (n, n)) rather than
            (m, k) and (n, k), k = min(m, n). Default: ``False``.
        compute_uv (bool): Whether to return u and v too. Default: ``True``.

    Returns:
        Tensor s, the singular values in descending order, shape (..., k); or, when
        `compute_uv`, the tuple ``(s, u, v)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> a = ms.Tensor([[0.0, 2.0], [3.0, 0.0]])
        >>> print(ops.svd(a, compute_uv=False))
        [3. 2.]
        >>> s, u, v = ops.svd(a)
        >>> print(abs(u), abs(v))
        [[0. 1.]
         [1. 0.]] [[1. 0.]
         [0. 1.]]
    """
    a = asarray(input)
    if not compute_uv:
        return jnp.linalg.svd(a, compute_uv=False)
    # a square matrix's full factors are its thin ones (JAX differentiates only those)
    full = full_matrices and a.shape[-1] != a.shape[-2]
    u, s, vh = _svd_full(a) if full else jnp.linalg.svd(a, full_matrices=False)
    return s, u, jnp.conj(jnp.swapaxes(vh, -1, -2))


def _h(x):
    return jnp.conj(jnp.swapaxes(x, -1, -2))


@jax.custom_jvp
def _svd_full(a):
    """Full SVD ``(u, s, vh)`` of a non-square `a`: the thin factors completed by an
    orthonormal basis of the complement (u's when m > n, vh's when m < n)."""
    u1, s, vh1 = jnp.linalg.svd(a, full_matrices=False)
    u, _, vh = jnp.linalg.svd(a, full_matrices=True)
    k = s.shape[-1]
    # the thin factors' own columns, so that the JVP below (of the thin SVD) describes them
    u = jnp.concatenate([u1, u[..., k:]], -1)
    vh = jnp.concatenate([vh1, vh[..., k:, :]], -2)
    return u, s, vh


@_svd_full.defjvp
def _svd_full_jvp(primals, tangents):
    (a,), (da,) = primals, tangents
    u, s, vh = _svd_full(a)
    k = s.shape[-1]
    thin = jax.jvp(lambda x: jnp.linalg.svd(x, full_matrices=False), (a,), (da,))
    (_, _, _), (du1, ds, dvh1) = thin
    u1, vh1 = u[..., :k], vh[..., :k, :]
    inv_s = (1 / s)[..., :, None]
    # the complement's columns move only within the thin factors' span (the gauge where
    # they keep their own directions): from u2^H a = 0, du2 = -u1 s^-1 v1^H da^H u2, and
    # from a v2 = 0, dv2 = -v1 s^-1 u1^H da v2
    if a.shape[-2] > a.shape[-1]:
        du2 = -u1 @ (inv_s * (vh1 @ _h(da) @ u[..., k:]))
        return (u, s, vh), (jnp.concatenate([du1, du2], -1), ds, dvh1)
    dv2 = -_h(vh1) @ (inv_s * (_h(u1) @ da @ _h(vh[..., k:, :])))
    return (u, s, vh), (du1, ds, jnp.concatenate([dvh1, _h(dv2)], -2))


def matrix_log(x: ArrayLike) -> Array:
    """Principal matrix logarithm by eigendecomposition; a complex result (CPU only).

    MindSpore offers it only as the primitive class ``P.MatrixLogarithm``, so it is outside
    `__all__`.

    Example:
        >>> import numpy as np
        >>> np.round(np.asarray(matrix_log(jnp.array([[1.0, 0.0], [0.0, jnp.e]]))).real, 4).tolist()
        [[0.0, 0.0], [0.0, 1.0]]
    """
    w, v = jnp.linalg.eig(asarray(x))
    return v @ (jnp.log(w)[..., None] * jnp.linalg.inv(v))
