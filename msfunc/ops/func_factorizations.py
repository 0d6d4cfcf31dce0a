"""Functional ops on packed matrix factorisations: QR in LAPACK's Householder form (geqrf,
orgqr, ormqr) and packed LU with pivots (lu_unpack, lu_solve)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp
import jax.scipy.linalg as jsl
from jax import lax

from .._jax_private import geqrf as _geqrf  # public lax.linalg lacks it in jax 0.10
from ..common.args import asarray

if TYPE_CHECKING:
    from jax import Array
    from jax.typing import ArrayLike

__all__ = ["geqrf", "orgqr", "ormqr", "lu_unpack", "lu_solve"]


def geqrf(input: ArrayLike) -> tuple[Array, Array]:
    """QR decomposition in LAPACK's compact Householder form, ``(a, tau)``.

    R is the upper triangle of `a`; below the diagonal, column i holds the Householder
    vector v_i (its leading 1 implied), and ``Q = H_0 @ ... @ H_{k-1}`` with
    ``H_i = I - tau[i] * v_i @ v_i^H``. ``ops.orgqr`` and ``ops.ormqr`` use this form.

    Args:
        input (Tensor): A matrix or a batch of them, shape (..., m, n).

    Returns:
        tuple of 2 Tensors: `a` of `input`'s shape and `tau` of shape (..., min(m, n)).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> a, tau = ops.geqrf(ms.Tensor([[3.0, 1.0], [4.0, 2.0]]))
        >>> print(a[0], a[1, 0])  # R's first row; v_0 = (1, 0.5)
        [-5.  -2.2] 0.5
        >>> print(tau)
        [1.6 0. ]
    """
    a, tau = _geqrf_diff(asarray(input))
    return a, tau


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


def orgqr(input: ArrayLike, input2: ArrayLike) -> Array:
    """The explicit Q of a QR decomposition held in ``ops.geqrf``'s compact form.

    Args:
        input (Tensor): The Householder vectors below the diagonal, shape (..., m, n).
        input2 (Tensor): The Householder scales tau, shape (..., k), k <= n.

    Returns:
        Tensor, Q's first n columns, of `input`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> q = ops.orgqr(*ops.geqrf(ms.Tensor([[3.0, 1.0], [4.0, 2.0]])))
        >>> print(q)
        [[-0.6 -0.8]
         [-0.8  0.6]]
    """
    return _householder_product(asarray(input), asarray(input2))


def ormqr(
    input: ArrayLike,
    tau: ArrayLike,
    other: ArrayLike,
    left: bool = True,
    transpose: bool = False,
) -> Array:
    """Multiplies `other` by the Q of a QR decomposition in ``ops.geqrf``'s compact form,
    without forming Q.

    Args:
        input (Tensor): The Householder vectors below the diagonal, shape (..., m, n).
        tau (Tensor): The Householder scales, shape (..., k).
        other (Tensor): The matrix multiplied, shape (..., m, p) (left) or (..., p, m).
        left (bool): ``Q @ other`` when True, ``other @ Q`` when False. Default: ``True``.
        transpose (bool): Whether to use Q's conjugate transpose. Default: ``False``.

    Returns:
        Tensor, of `other`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> a, tau = ops.geqrf(ms.Tensor([[3.0, 1.0], [4.0, 2.0]]))
        >>> print(ops.ormqr(a, tau, ms.Tensor([[1.0], [0.0]])))
        [[-0.6]
         [-0.8]]
        >>> print(ops.ormqr(a, tau, ms.Tensor([[3.0], [4.0]]), transpose=True))
        [[-5.]
         [ 0.]]
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


def lu_unpack(
    LU_data: ArrayLike,
    LU_pivots: ArrayLike,
    unpack_data: bool = True,
    unpack_pivots: bool = True,
) -> tuple[Array, Array, Array]:
    """Splits a packed LU factorisation into the permutation P and the factors L and U,
    with ``A = P @ L @ U``.

    Args:
        LU_data (Tensor): L (below the diagonal, unit diagonal implied) and U (the rest)
            packed in one matrix, shape (..., m, n).
        LU_pivots (Tensor): LAPACK's 1-based row swaps: row i was swapped with row
            ``LU_pivots[i]``, shape (..., min(m, n)).
        unpack_data (bool): Accepted for MindSpore's signature; L and U are always
            returned. Default: ``True``.
        unpack_pivots (bool): Accepted for MindSpore's signature; P is always returned.
            Default: ``True``.

    Returns:
        tuple of 3 Tensors: P (..., m, m), L (..., m, k) and U (..., k, n), k = min(m, n).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> p, l, u = ops.lu_unpack(ms.Tensor([[4.0, 2.0], [0.5, 1.0]]), ms.Tensor([2, 2]))
        >>> print(p)
        [[0. 1.]
         [1. 0.]]
        >>> print(ops.matmul(ops.matmul(p, l), u))
        [[2. 2.]
         [4. 2.]]
    """
    lu, piv = asarray(LU_data), asarray(LU_pivots).astype(jnp.int32) - 1
    m, n = lu.shape[-2:]
    k = min(m, n)
    perm = lax.linalg.lu_pivots_to_permutation(piv, m)
    p = jnp.swapaxes(jax.nn.one_hot(perm, m, dtype=lu.dtype), -1, -2)
    lower = jnp.tril(lu[..., :, :k], -1) + jnp.eye(m, k, dtype=lu.dtype)
    upper = jnp.triu(lu[..., :k, :])
    return p, lower, upper


def lu_solve(b: ArrayLike, LU_data: ArrayLike, LU_pivots: ArrayLike) -> Array:
    """Solves ``A @ X = b`` given A's packed LU factorisation.

    Args:
        b (Tensor): The right-hand sides, shape (..., n, k).
        LU_data (Tensor): L and U packed as ``ops.lu_unpack`` reads them, shape (..., n, n).
        LU_pivots (Tensor): The 1-based row swaps, shape (..., n).

    Returns:
        Tensor, X, of `b`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> lu, piv = ms.Tensor([[4.0, 2.0], [0.5, 1.0]]), ms.Tensor([2, 2])  # A = [[2, 2], [4, 2]]
        >>> print(ops.lu_solve(ms.Tensor([[6.0], [8.0]]), lu, piv))
        [[1.]
         [2.]]
    """
    lu = asarray(LU_data)
    piv = asarray(LU_pivots).astype(jnp.int32) - 1
    fn = lambda lu_, p_, b_: jsl.lu_solve((lu_, p_), b_)
    for _ in range(lu.ndim - 2):
        fn = jax.vmap(fn)
    return fn(lu, piv, asarray(b))
