"""Polynomials as coefficient arrays, highest power first: add, sub, mul, der, int, val."""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax.numpy as jnp

from ..common.args import array_like, check_int

if TYPE_CHECKING:
    from jax import Array
    from jax.typing import ArrayLike

__all__ = [
    "polyadd",
    "polyder",
    "polyint",
    "polymul",
    "polysub",
    "polyval",
]


def _poly(p, fname, argname):
    # A scalar is the constant polynomial (as in numpy).
    p = jnp.atleast_1d(jnp.asarray(array_like(p)))
    if p.ndim != 1:
        raise ValueError(
            f"{fname}: `{argname}` must be a 1-D coefficient array, got shape {p.shape}"
        )
    return p


def polyadd(a1: ArrayLike, a2: ArrayLike) -> Array:
    """Sum of two polynomials.

    Args:
        a1 (Union[Tensor, int, float]): Coefficients, highest power first (a scalar is a
            constant).
        a2 (Union[Tensor, int, float]): Coefficients of the second polynomial.

    Returns:
        Tensor, 1-D coefficients of the sum.

    Raises:
        ValueError: a coefficient array is not 1-D.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.polyadd(mnp.array([1, 2]), mnp.array([1])).tolist()
        [1, 3]
        >>> mnp.polyadd(1, 2).tolist()
        [3]
    """
    return jnp.polyadd(_poly(a1, "polyadd", "a1"), _poly(a2, "polyadd", "a2"))


def polysub(a1: ArrayLike, a2: ArrayLike) -> Array:
    """Difference of two polynomials, `a1` minus `a2`.

    Args:
        a1 (Union[Tensor, int, float]): Coefficients of the minuend, highest power first.
        a2 (Union[Tensor, int, float]): Coefficients of the subtrahend.

    Returns:
        Tensor, 1-D coefficients of the difference.

    Raises:
        ValueError: a coefficient array is not 1-D.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.polysub(mnp.array([1, 2]), mnp.array([1])).tolist()
        [1, 1]
    """
    return jnp.polysub(_poly(a1, "polysub", "a1"), _poly(a2, "polysub", "a2"))


def polymul(a1: ArrayLike, a2: ArrayLike) -> Array:
    """Product of two polynomials (integer coefficients give integers).

    Args:
        a1 (Union[Tensor, int, float]): Coefficients, highest power first.
        a2 (Union[Tensor, int, float]): Coefficients of the second polynomial.

    Returns:
        Tensor, 1-D coefficients of the product.

    Raises:
        ValueError: a coefficient array is not 1-D.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.polymul(mnp.array([1, 2]), mnp.array([1, 2])).tolist()
        [1, 4, 4]
    """
    a1, a2 = _poly(a1, "polymul", "a1"), _poly(a2, "polymul", "a2")
    out = jnp.polymul(a1, a2)
    dt = jnp.result_type(a1, a2)
    # Products of integer coefficients are integers (jnp computes them in float).
    return jnp.rint(out).astype(dt) if jnp.issubdtype(dt, jnp.integer) else out


def polyder(p: ArrayLike, m: int = 1) -> Array:
    """The `m`-th derivative of a polynomial (integer coefficients stay integers).

    Args:
        p (Union[Tensor, int, float]): Coefficients, highest power first.
        m (int): Order of the derivative, non-negative. Default: ``1``.

    Returns:
        Tensor, 1-D coefficients of the derivative.

    Raises:
        ValueError: `m` is negative or `p` is not 1-D.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.polyder(mnp.array([1, 2, 3])).tolist()
        [2, 2]
    """
    m = check_int(m, "m", fname="polyder")
    if m < 0:
        raise ValueError(f"polyder: `m` must be non-negative, got {m}")
    p = _poly(p, "polyder", "p")
    out = jnp.polyder(p, m)
    # Derivatives of integer coefficients are integers (jnp computes them in float).
    return out.astype(p.dtype) if jnp.issubdtype(p.dtype, jnp.integer) else out


def polyint(p: ArrayLike, m: int = 1, k: ArrayLike | None = None) -> Array:
    """The `m`-th antiderivative of a polynomial, with integration constants `k`.

    Args:
        p (Union[Tensor, int, float]): Coefficients, highest power first.
        m (int): Order of the antiderivative, non-negative. Default: ``1``.
        k (Union[Tensor, float, None]): Integration constants, one per order (a scalar for
            all); ``None`` uses zeros. Default: ``None``.

    Returns:
        Tensor, 1-D coefficients, `m` longer than `p`.

    Raises:
        ValueError: `m` is negative or `p` is not 1-D.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.polyint(mnp.array([3.0, 2.0])).tolist()
        [1.5, 2.0, 0.0]
    """
    m = check_int(m, "m", fname="polyint")
    if m < 0:
        raise ValueError(f"polyint: `m` must be non-negative, got {m}")
    return jnp.polyint(_poly(p, "polyint", "p"), m, array_like(k))


def polyval(p: ArrayLike, x: ArrayLike) -> Array:
    """The polynomial `p` evaluated at `x`.

    Args:
        p (Union[Tensor, int, float]): Coefficients, highest power first.
        x (Union[Tensor, int, float]): Points to evaluate at.

    Returns:
        Tensor, of `x`'s shape (integer inputs give integers).

    Raises:
        ValueError: `p` is not 1-D.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.polyval(mnp.array([1.0, 2.0]), mnp.array([0.0, 1.0])).tolist()
        [2.0, 3.0]
    """
    return jnp.polyval(_poly(p, "polyval", "p"), array_like(x))
