"""mint functions with no single msfunc op of the same shape: torch's ``index_add``,
``triangular_solve`` and ``conv_tbc``, and MindSpore's compiler-registry decorators.

The three functions take and return arrays; `msfunc.mint` publishes them with Tensors in and
out (and ``Tensor`` in the place of the array types in their signatures).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

import jax
import jax.numpy as jnp

from .. import ops
from ..compat.constexpr import constexpr  # noqa: F401  (mint.constexpr)

if TYPE_CHECKING:
    from jax import Array
    from jax.typing import ArrayLike

_F = TypeVar("_F")

__all__ = ["index_add", "triangular_solve", "conv_tbc"]
DECORATORS = ["constexpr", "jit_forbidden_register", "jit_view_unsupported"]


def index_add(
    input: ArrayLike, dim: int, index: ArrayLike, source: ArrayLike, *, alpha: float = 1
) -> Array:
    """`input` with the slices of ``alpha * source`` added at the positions `index` gives
    along `dim` (repeated indices add up).

    Args:
        input (Tensor): The tensor added to.
        dim (int): The dimension `index` indexes.
        index (Tensor): 1-D integer indices, one per slice of `source` along `dim`.
        source (Tensor): The slices added, shaped like `input` but for `dim`, of length
            ``len(index)``.
        alpha (float): The multiplier of `source`. Default: ``1``.

    Returns:
        Tensor, shaped like `input`.

    Example:
        >>> import jax.numpy as jnp
        >>> index_add(jnp.zeros(3), 0, jnp.array([0, 2]), jnp.array([1.0, 2.0]), alpha=2).tolist()
        [2.0, 0.0, 4.0]
    """
    x, src = jnp.asarray(input), jnp.asarray(source)
    moved = (
        jnp.moveaxis(x, dim, 0)
        .at[jnp.asarray(index)]
        .add(jnp.moveaxis(src * alpha, dim, 0).astype(x.dtype))
    )
    return jnp.moveaxis(moved, 0, dim)


def triangular_solve(
    b: ArrayLike,
    A: ArrayLike,  # noqa: N803  (torch's name)
    upper: bool = True,
    transpose: bool = False,
    unitriangular: bool = False,
) -> tuple[Array, Array]:
    """The solution X of ``A X = b`` for a triangular matrix `A` (batched).

    Args:
        b (Tensor): The right-hand sides, (..., N, K).
        A (Tensor): The triangular matrices, (..., N, N); the other triangle is not read.
        upper (bool): Whether `A` is upper (``True``) or lower triangular. Default: ``True``.
        transpose (bool): Whether to solve ``A.T X = b`` instead. Default: ``False``.
        unitriangular (bool): Whether the diagonal of `A` is taken as ones. Default:
            ``False``.

    Returns:
        tuple[Tensor, Tensor], ``(X, A)``: the solution and `A` itself (torch's pair).

    Example:
        >>> import jax.numpy as jnp
        >>> x, _ = triangular_solve(jnp.array([[2.0], [2.0]]), jnp.array([[2.0, 0.0], [1.0, 1.0]]),
        ...                         upper=False)
        >>> x.tolist()
        [[1.0], [1.0]]
    """
    a, rhs = jnp.asarray(A), jnp.asarray(b)
    solution = jax.lax.linalg.triangular_solve(
        a, rhs, left_side=True, lower=not upper, transpose_a=transpose, unit_diagonal=unitriangular
    )
    return solution, a


def conv_tbc(input: ArrayLike, weight: ArrayLike, bias: ArrayLike, pad: int = 0) -> Array:
    """1-D convolution of time-batch-channel input, with `pad` zeros at both ends of time.

    Args:
        input (Tensor): The input, (T, B, C_in).
        weight (Tensor): The kernel, (K, C_in, C_out).
        bias (Tensor): The bias, (C_out,).
        pad (int): Zeros added before and after the time dim. Default: ``0``.

    Returns:
        Tensor, (T + 2 * pad - K + 1, B, C_out).

    Example:
        >>> import jax.numpy as jnp
        >>> conv_tbc(jnp.ones((3, 1, 1)), jnp.ones((2, 1, 1)), jnp.zeros(1)).reshape(-1).tolist()
        [2.0, 2.0]
    """
    x, w = jnp.asarray(input), jnp.asarray(weight)
    out = jax.lax.conv_general_dilated(
        x, w.astype(x.dtype), (1,), [(pad, pad)], dimension_numbers=("WNC", "WIO", "WNC")
    )
    return out + jnp.asarray(bias)


def jit_forbidden_register(fn: _F) -> _F:
    """MindSpore's registry of functions its graph compiler refuses; `fn` is returned as is
    (msfunc.jit traces any Python function).

    Args:
        fn (Callable): The function registered.

    Returns:
        Callable, `fn` itself.

    Example:
        >>> jit_forbidden_register(len) is len
        True
    """
    return fn


def jit_view_unsupported(fn: _F) -> _F:
    """MindSpore's registry of view functions its graph compiler cannot take; `fn` is
    returned as is.

    Args:
        fn (Callable): The function registered.

    Returns:
        Callable, `fn` itself.

    Example:
        >>> jit_view_unsupported(len) is len
        True
    """
    return fn


_ = ops  # (the table in __init__ forwards the other new names to msfunc.ops)
