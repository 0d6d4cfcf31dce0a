"""Linear algebra functional ops: products, decompositions and solves (norms: func_norms)."""

import jax
import jax.numpy as jnp
import jax.scipy.linalg as jsl
from jax import lax

from .._jax_private import geqrf as _geqrf  # public lax.linalg lacks it in jax 0.10
from ..common import low_precision as fp16
from ..common.args import asarray, norm_axis
from ..kernels.small_solve import solve as _small_solve
from ._amp_auto import low_precision, low_precision_op
from ._forward import forward


def _dot(a, b):
    # A mismatch of the contracted dims is MindSpore's ValueError (jnp.dot: TypeError).
    # Vectors are taken as jnp.dot takes them (mint.dot's form), where ops.dot refuses them.
    a, b = jnp.asarray(a), jnp.asarray(b)
    if a.ndim and b.ndim:
        inner_b = b.shape[0] if b.ndim == 1 else b.shape[-2]
        if a.shape[-1] != inner_b:
            raise ValueError(
                f"dot: the last dim of `input` ({a.shape[-1]}) must equal the "
                f"contracted dim of `other` ({inner_b}); shapes {a.shape} and "
                f"{b.shape}"
            )
    return jnp.dot(a, b)


# name -> (function, MindSpore's parameter names)
_FORWARDS = {
    # matrix products run in low precision under mixed precision's "auto" level
    "matmul": (low_precision_op(fp16.matmul), ("input", "other")),
    "bmm": (low_precision_op(fp16.matmul), ("input_x", "mat2")),
    "dot": (_dot, ("input", "other")),
    "inner": (jnp.inner, ("input", "other")),
    "outer": (jnp.outer, ("input", "vec2")),
    "ger": (jnp.outer, ("input", "vec2")),
    "kron": (jnp.kron, ("input", "other")),
    "det": (jnp.linalg.det, ("input",)),
    "matrix_determinant": (jnp.linalg.det, ("input",)),
    "inverse": (jnp.linalg.inv, ("input",)),
    "matrix_exp": (jsl.expm, ("input",)),
    "matrix_power": (jnp.linalg.matrix_power, ("input", "n")),
    "mv": (low_precision_op(jnp.matmul), ("mat", "vec")),
    "cond": (jnp.linalg.cond, ("A", "p")),
    "eigvals": (jnp.linalg.eigvals, ("A",)),
}


for _name, (_fn, _params) in _FORWARDS.items():
    globals()[_name] = forward(_name, _fn, _params, "a = jnp.eye(2)", defaults={"p": None})


def einsum(equation, *operands):
    """Einstein summation over `operands` (also accepts one list of operands).

    Example:
        >>> einsum("ij,j->i", jnp.eye(2), jnp.ones(2)).tolist()
        [1.0, 1.0]
    """
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        operands = operands[0]
    operands = [asarray(o) for o in operands]
    if len(operands) > 1:
        operands = low_precision(*operands)
    elif operands:
        operands = [low_precision(operands[0])]
    return jnp.einsum(equation, *operands)


def einsum_ext(equation, *operands):
    """Alias of `einsum`.

    Example:
        >>> einsum_ext("i,i->", jnp.ones(2), jnp.ones(2)).tolist()
        2.0
    """
    return einsum(equation, *operands)


def addmm(input, mat1, mat2, *, beta=1, alpha=1):
    """``beta * input + alpha * (mat1 @ mat2)``.

    Example:
        >>> addmm(jnp.ones((2, 2)), jnp.eye(2), jnp.eye(2)).tolist()
        [[2.0, 1.0], [1.0, 2.0]]
    """
    return beta * asarray(input) + alpha * jnp.matmul(asarray(mat1), asarray(mat2))


def addmv(input, mat, vec, *, beta=1, alpha=1):
    """``beta * input + alpha * (mat @ vec)``.

    Example:
        >>> addmv(jnp.ones(2), jnp.eye(2), jnp.ones(2)).tolist()
        [2.0, 2.0]
    """
    return beta * asarray(input) + alpha * jnp.matmul(asarray(mat), asarray(vec))


def addr(x, vec1, vec2, *, beta=1, alpha=1):
    """``beta * x + alpha * outer(vec1, vec2)``.

    Example:
        >>> addr(jnp.zeros((2, 2)), jnp.ones(2), jnp.ones(2)).tolist()
        [[1.0, 1.0], [1.0, 1.0]]
    """
    return beta * asarray(x) + alpha * jnp.outer(asarray(vec1), asarray(vec2))


def addbmm(input, batch1, batch2, *, beta=1, alpha=1):
    """``beta * input + alpha * sum_b(batch1[b] @ batch2[b])``.

    Example:
        >>> addbmm(jnp.zeros((2, 2)), jnp.ones((3, 2, 1)), jnp.ones((3, 1, 2))).tolist()
        [[3.0, 3.0], [3.0, 3.0]]
    """
    return beta * asarray(input) + alpha * jnp.einsum(
        "bij,bjk->ik", asarray(batch1), asarray(batch2)
    )


def baddbmm(input, batch1, batch2, beta=1, alpha=1):
    """``beta * input + alpha * (batch1 @ batch2)`` per batch.

    Example:
        >>> baddbmm(jnp.zeros((1, 2, 2)), jnp.ones((1, 2, 1)), jnp.ones((1, 1, 2))).shape
        (1, 2, 2)
    """
    return beta * asarray(input) + alpha * jnp.matmul(asarray(batch1), asarray(batch2))


def baddbmm_ext(input, batch1, batch2, *, beta=1, alpha=1):
    """`baddbmm` with keyword-only `beta`, `alpha`.

    Example:
        >>> baddbmm_ext(jnp.zeros((1, 1, 1)), jnp.ones((1, 1, 2)), jnp.ones((1, 2, 1))).tolist()
        [[[2.0]]]
    """
    return baddbmm(input, batch1, batch2, beta, alpha)


def adjoint(x):
    """Conjugate transpose of the last two axes.

    Example:
        >>> adjoint(jnp.array([[1, 2], [3, 4]])).tolist()
        [[1, 3], [2, 4]]
    """
    return jnp.conj(jnp.swapaxes(asarray(x), -1, -2))


def batch_dot(x1, x2, axes=None):
    """Per-sample `tensor_dot` over axis 0 (Keras's batch_dot; 1-D results get a size-1 axis).

    Example:
        >>> batch_dot(jnp.ones((3, 2)), jnp.ones((3, 2)), 1).shape
        (3, 1)
    """
    a, b = asarray(x1), asarray(x2)
    if axes is None:
        axes = (a.ndim - 1, b.ndim - 1 if b.ndim == 2 else b.ndim - 2)
    if isinstance(axes, int):
        axes = (axes, axes)
    ax_a, ax_b = (norm_axis(axes[0], a.ndim), norm_axis(axes[1], b.ndim))
    if ax_a == 0 or ax_b == 0:
        raise ValueError("batch_dot: `axes` must not contain the batch axis 0")
    out = jax.vmap(lambda u, v: jnp.tensordot(u, v, axes=([ax_a - 1], [ax_b - 1])))(a, b)
    return out[:, None] if out.ndim == 1 else out


def tensor_dot(x1, x2, axes):
    """Contract `axes` (int or pair of axis lists) of `x1` and `x2`.

    Example:
        >>> tensor_dot(jnp.ones((2, 3)), jnp.ones((3, 4)), 1).shape
        (2, 4)
    """
    if isinstance(axes, (list, tuple)) and len(axes) == 2:
        axes = tuple(tuple(a) if isinstance(a, (list, tuple)) else (a,) for a in axes)
    return jnp.tensordot(asarray(x1), asarray(x2), axes=axes)


def trace(input):
    """Sum of the main diagonal of a 2-D tensor.

    Example:
        >>> trace(jnp.array([[1, 2], [3, 4]])).tolist()
        5
    """
    x = asarray(input)
    if x.ndim != 2:
        raise ValueError(f"trace: `input` must be 2-D, got rank {x.ndim}")
    return jnp.trace(x)


def vecdot(x, y, *, axis=-1):
    """``sum(conj(x) * y)`` along `axis`.

    Example:
        >>> vecdot(jnp.ones((2, 3)), jnp.ones((2, 3))).tolist()
        [3.0, 3.0]
    """
    return jnp.sum(jnp.conj(asarray(x)) * asarray(y), axis=axis)


def cross(input, other, dim=None):
    """Cross product along `dim` (the first axis of size 3 when None).

    Example:
        >>> cross(jnp.array([1.0, 0, 0]), jnp.array([0.0, 1, 0])).tolist()
        [0.0, 0.0, 1.0]
    """
    a, b = jnp.broadcast_arrays(asarray(input), asarray(other))
    if dim is None:
        dims = [i for i, s in enumerate(a.shape) if s == 3]
        if not dims:
            raise ValueError(f"cross: no axis of size 3 in shape {a.shape}")
        dim = dims[0]
    return jnp.cross(a, b, axis=dim)


def cdist(x1, x2, p=2.0):
    """Pairwise p-norm distances between the rows of `x1` and `x2` (batched).

    Example:
        >>> cdist(jnp.array([[0.0, 0.0]]), jnp.array([[3.0, 4.0]])).tolist()
        [[5.0]]
    """
    a, b = asarray(x1), asarray(x2)
    diff = jnp.abs(a[..., :, None, :] - b[..., None, :, :])
    if p == 0:
        return jnp.sum(diff != 0, axis=-1).astype(a.dtype)
    if p == float("inf"):
        return jnp.max(diff, axis=-1)
    if p == 2.0:
        sq = jnp.sum(diff * diff, axis=-1)
        safe = jnp.where(sq == 0, 1.0, sq)
        return jnp.where(sq == 0, 0.0, jnp.sqrt(safe))
    return jnp.sum(diff**p, axis=-1) ** (1.0 / p)


def dist(input, other, p=2):
    """p-norm of ``input - other`` (flattened).

    Example:
        >>> dist(jnp.array([0.0, 0.0]), jnp.array([3.0, 4.0])).tolist()
        5.0
    """
    d = (asarray(input) - asarray(other)).reshape(-1)
    return jnp.linalg.vector_norm(d, ord=p)


def cholesky(input_x, upper=False):
    """Cholesky factor (lower, or upper when `upper`).

    Example:
        >>> cholesky(4 * jnp.eye(2)).tolist()
        [[2.0, 0.0], [0.0, 2.0]]
    """
    L = jnp.linalg.cholesky(asarray(input_x))
    return jnp.conj(jnp.swapaxes(L, -1, -2)) if upper else L


def cholesky_inverse(input_x, upper=False):
    """Inverse of ``A`` given its Cholesky factor.

    Example:
        >>> cholesky_inverse(2 * jnp.eye(2)).tolist()
        [[0.25, 0.0], [0.0, 0.25]]
    """
    f = asarray(input_x)
    eye = jnp.broadcast_to(jnp.eye(f.shape[-1], dtype=f.dtype), f.shape)
    return jsl.cho_solve((f, not upper), eye)


def cholesky_solve(input, input2, upper=False):
    """Solve ``A X = input`` given the Cholesky factor `input2` of A.

    Example:
        >>> cholesky_solve(jnp.ones((2, 1)), 2 * jnp.eye(2)).tolist()
        [[0.25], [0.25]]
    """
    return jsl.cho_solve((asarray(input2), not upper), asarray(input))


def eig(A):
    """Eigenvalues and right eigenvectors of a square matrix (complex).

    Example:
        >>> eig(jnp.eye(2))[0].shape
        (2,)
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


def slogdet(input):
    """``(sign, log|det|)``.

    Example:
        >>> [float(t) for t in slogdet(2 * jnp.eye(2))][0]
        1.0
    """
    return tuple(jnp.linalg.slogdet(asarray(input)))


def log_matrix_determinant(input):
    """Alias of `slogdet`.

    Example:
        >>> log_matrix_determinant(jnp.eye(2))[0].tolist()
        1.0
    """
    return slogdet(input)


def logdet(input):
    """``log(det(input))`` (NaN for a negative determinant).

    Example:
        >>> round(float(logdet(jnp.e * jnp.eye(1))), 5)
        1.0
    """
    sign, logabs = jnp.linalg.slogdet(asarray(input))
    return jnp.where(sign < 0, jnp.nan, jnp.where(sign == 0, -jnp.inf, logabs))


def matrix_solve(matrix, rhs, adjoint=False):
    """Solve ``matrix @ X = rhs`` (or with the adjoint of `matrix`).

    Batches of small matrices go to msfunc's batched small-solve kernels (partial
    pivoting, 4-8x faster than LAPACK's per-matrix calls on CPU).

    Example:
        >>> matrix_solve(2 * jnp.eye(2), jnp.ones((2, 1))).tolist()
        [[0.5], [0.5]]
    """
    m = asarray(matrix)
    if adjoint:
        m = jnp.conj(jnp.swapaxes(m, -1, -2))
    return _small_solve(m, asarray(rhs))


def lstsq(input, A):
    """Least-squares solution ``X`` of ``input @ X = A``.

    Example:
        >>> lstsq(jnp.eye(2), jnp.ones((2, 1))).tolist()
        [[1.0], [1.0]]
    """
    return jnp.linalg.lstsq(asarray(input), asarray(A))[0]


def pinv(x, *, atol=None, rtol=None, hermitian=False):
    """Moore-Penrose pseudo-inverse.

    Example:
        >>> pinv(2 * jnp.eye(2)).tolist()
        [[0.5, 0.0], [0.0, 0.5]]
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


def qr(input, mode="reduced"):
    """QR decomposition ``(Q, R)`` (`mode` 'reduced', 'complete' or 'r').

    Example:
        >>> [t.shape for t in qr(jnp.eye(2))]
        [(2, 2), (2, 2)]
    """
    if mode not in ("reduced", "complete", "r"):
        raise ValueError(f"qr: `mode` must be 'reduced', 'complete' or 'r', got {mode!r}")
    if mode == "r":
        r = jnp.linalg.qr(asarray(input), mode="r")
        return jnp.zeros((0,), r.dtype), r
    return tuple(jnp.linalg.qr(asarray(input), mode=mode))


def svd(input, full_matrices=False, compute_uv=True):
    """Singular values ``s`` (descending), or ``(s, u, v)`` with ``input = u diag(s) v^H``.

    Example:
        >>> svd(2 * jnp.eye(2), compute_uv=False).tolist()
        [2.0, 2.0]
    """
    a = asarray(input)
    if not compute_uv:
        return jnp.linalg.svd(a, compute_uv=False)
    u, s, vh = jnp.linalg.svd(a, full_matrices=full_matrices)
    return s, u, jnp.conj(jnp.swapaxes(vh, -1, -2))


def geqrf(input):
    """Householder QR in LAPACK's compact form: ``(a, tau)``.

    Example:
        >>> [t.shape for t in geqrf(jnp.eye(3))]
        [(3, 3), (3,)]
    """
    return tuple(_geqrf_diff(asarray(input)))


# LAPACK's geqrf and orgqr (householder_product) have no JAX derivative: the primal comes
# from LAPACK, the tangent from the same Householder recurrences written in jnp.
def _householder_qr(a):
    """Unblocked geqrf (LAPACK's xLARFG sign convention), differentiable."""
    m, n = a.shape[-2:]
    k = min(m, n)
    rows, cols = jnp.arange(m), jnp.arange(n)

    def step(i, carry):
        a, taus = carry
        col = jnp.take(a, i, axis=-1)
        alpha = jnp.take(col, i, axis=-1)
        below = rows > i
        xnorm2 = jnp.sum(jnp.where(below, jnp.abs(col) ** 2, 0), axis=-1)
        zero = (xnorm2 == 0) & (jnp.imag(alpha) == 0)  # nothing to reflect: H = I
        norm = jnp.sqrt(jnp.where(zero, 1.0, jnp.abs(alpha) ** 2 + xnorm2))
        beta = jnp.where(jnp.real(alpha) >= 0, -norm, norm).astype(a.dtype)
        tau = jnp.where(zero, 0, (beta - alpha) / beta)
        scale = jnp.where(zero, 0, 1 / jnp.where(zero, 1, alpha - beta))
        v = jnp.where(below, col * scale[..., None], 0) + (rows == i).astype(a.dtype)
        head = jnp.where(zero, alpha, beta)[..., None]
        new_col = jnp.where(below, v, jnp.where(rows == i, head, col))
        reflected = a - jnp.conj(tau)[..., None, None] * v[..., :, None] * (
            jnp.conj(v)[..., None, :] @ a
        )
        a = jnp.where(cols > i, reflected, jnp.where(cols == i, new_col[..., :, None], a))
        taus = jnp.where(jnp.arange(k) == i, tau[..., None], taus)
        return a, taus

    taus = jnp.zeros(a.shape[:-2] + (k,), a.dtype)
    return lax.fori_loop(0, k, step, (a, taus))


def _householder_q(a, taus):
    """``H_0 ... H_{k-1}`` applied to the first n columns of I (orgqr), differentiable."""
    m, n = a.shape[-2:]
    k = taus.shape[-1]
    rows = jnp.arange(m)

    def step(j, q):
        i = k - 1 - j
        v = jnp.where(rows > i, jnp.take(a, i, axis=-1), 0) + (rows == i).astype(a.dtype)
        tau = jnp.take(taus, i, axis=-1)
        return q - tau[..., None, None] * v[..., :, None] * (jnp.conj(v)[..., None, :] @ q)

    q = jnp.broadcast_to(jnp.eye(m, n, dtype=a.dtype), a.shape)
    return lax.fori_loop(0, k, step, q)


@jax.custom_jvp
def _geqrf_diff(a):
    return tuple(_geqrf(a))


@_geqrf_diff.defjvp
def _geqrf_jvp(primals, tangents):
    _, tangent_out = jax.jvp(_householder_qr, primals, tangents)
    return _geqrf_diff(*primals), tangent_out


@jax.custom_jvp
def _householder_product(a, taus):
    return lax.linalg.householder_product(a, taus)


@_householder_product.defjvp
def _householder_product_jvp(primals, tangents):
    _, tangent_out = jax.jvp(_householder_q, primals, tangents)
    return _householder_product(*primals), tangent_out


def orgqr(input, input2):
    """The explicit Q from `geqrf`'s compact form ``(input, tau=input2)``.

    Example:
        >>> orgqr(*geqrf(jnp.eye(2))).shape
        (2, 2)
    """
    return _householder_product(asarray(input), asarray(input2))


def ormqr(input, tau, other, left=True, transpose=False):
    """``Q @ other`` (or ``other @ Q``; Q^H when `transpose`) with Q from `geqrf` form.

    Example:
        >>> ormqr(*geqrf(jnp.eye(2)), jnp.eye(2)).shape
        (2, 2)
    """
    a, t = asarray(input), asarray(tau)
    m = a.shape[-2]
    full = jnp.zeros(a.shape[:-1] + (m,), a.dtype).at[..., : a.shape[-1]].set(a)
    taus = jnp.zeros(t.shape[:-1] + (m,), t.dtype).at[..., : t.shape[-1]].set(t)
    q = _householder_product(full, taus)
    if transpose:
        q = jnp.conj(jnp.swapaxes(q, -1, -2))
    c = asarray(other)
    return q @ c if left else c @ q


def lu_unpack(LU_data, LU_pivots, unpack_data=True, unpack_pivots=True):
    """Split a packed LU factorisation (1-based `LU_pivots`) into ``(P, L, U)``.

    Example:
        >>> [t.shape for t in lu_unpack(jnp.eye(2), jnp.array([1, 2]))]
        [(2, 2), (2, 2), (2, 2)]
    """
    lu, piv = asarray(LU_data), asarray(LU_pivots).astype(jnp.int32) - 1
    m, n = lu.shape[-2:]
    k = min(m, n)
    perm = lax.linalg.lu_pivots_to_permutation(piv, m)
    p = jnp.swapaxes(jax.nn.one_hot(perm, m, dtype=lu.dtype), -1, -2)
    lower = jnp.tril(lu[..., :, :k], -1) + jnp.eye(m, k, dtype=lu.dtype)
    upper = jnp.triu(lu[..., :k, :])
    return p, lower, upper


def lu_solve(b, LU_data, LU_pivots):
    """Solve ``A X = b`` from A's packed LU factorisation (1-based `LU_pivots`).

    Example:
        >>> lu_solve(jnp.ones((2, 1)), 2 * jnp.eye(2), jnp.array([1, 2])).tolist()
        [[0.5], [0.5]]
    """
    lu = asarray(LU_data)
    piv = asarray(LU_pivots).astype(jnp.int32) - 1
    fn = lambda lu_, p_, b_: jsl.lu_solve((lu_, p_), b_)
    for _ in range(lu.ndim - 2):
        fn = jax.vmap(fn)
    return fn(lu, piv, asarray(b))


def matrix_log(x):
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


__all__ = sorted(
    list(_FORWARDS)
    + [
        "einsum",
        "einsum_ext",
        "addmm",
        "addmv",
        "addr",
        "addbmm",
        "baddbmm",
        "baddbmm_ext",
        "adjoint",
        "batch_dot",
        "tensor_dot",
        "trace",
        "vecdot",
        "cross",
        "cdist",
        "dist",
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
        "geqrf",
        "orgqr",
        "ormqr",
        "lu_unpack",
        "lu_solve",
    ]
)
