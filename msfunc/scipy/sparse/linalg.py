"""`msfunc.scipy.sparse.linalg`: cg, gmres, bicgstab on `jax.scipy.sparse.linalg`.

`A` may be a dense matrix (array or Parameter) or a function computing `A @ x`;
the solvers are differentiable (implicit differentiation) and vmap-able.
"""

from __future__ import annotations

import jax.scipy.sparse.linalg as jssl

from ...common.tensor import unwrap

__all__ = ["cg", "gmres", "bicgstab"]


def _op(A, fn):
    A = unwrap(A)
    if callable(A):
        return A
    if getattr(A, "ndim", None) != 2:
        raise TypeError(f"{fn}: `A` must be a 2-D matrix or a function x -> A @ x")
    return A


def cg(A, b, x0=None, *, tol=1e-5, atol=0.0, maxiter=None, M=None):
    """Conjugate gradient for symmetric positive-definite `A`; returns (x, info).

    Example:
        >>> import jax.numpy as jnp
        >>> x, _ = cg(jnp.array([[4.0, 1.0], [1.0, 3.0]]), jnp.array([1.0, 2.0]))
        >>> [round(float(v), 4) for v in x]
        [0.0909, 0.6364]
    """
    return jssl.cg(
        _op(A, "cg"), unwrap(b), x0=unwrap(x0), tol=tol, atol=atol, maxiter=maxiter, M=unwrap(M)
    )


def gmres(
    A, b, x0=None, *, tol=1e-5, atol=0.0, restart=20, maxiter=None, M=None, solve_method="batched"
):
    """GMRES for general `A`; returns (x, info).

    Example:
        >>> import jax.numpy as jnp
        >>> x, _ = gmres(jnp.array([[2.0, 1.0], [0.0, 1.0]]), jnp.array([3.0, 1.0]))
        >>> [round(float(v), 4) for v in x]
        [1.0, 1.0]
    """
    return jssl.gmres(
        _op(A, "gmres"),
        unwrap(b),
        x0=unwrap(x0),
        tol=tol,
        atol=atol,
        restart=restart,
        maxiter=maxiter,
        M=unwrap(M),
        solve_method=solve_method,
    )


def bicgstab(A, b, x0=None, *, tol=1e-5, atol=0.0, maxiter=None, M=None):
    """BiCGSTAB for general `A`; returns (x, info).

    Example:
        >>> import jax.numpy as jnp
        >>> x, _ = bicgstab(jnp.array([[2.0, 1.0], [0.0, 1.0]]), jnp.array([3.0, 1.0]))
        >>> [round(float(v), 4) for v in x]
        [1.0, 1.0]
    """
    return jssl.bicgstab(
        _op(A, "bicgstab"),
        unwrap(b),
        x0=unwrap(x0),
        tol=tol,
        atol=atol,
        maxiter=maxiter,
        M=unwrap(M),
    )


from ...common.tensor_functions import tensor_namespace as _tensor_namespace  # noqa: E402

_tensor_namespace(globals(), __all__)
