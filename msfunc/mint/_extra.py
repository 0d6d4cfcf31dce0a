"""mint functions with no single msfunc op of the same shape: torch's ``index_add``,
``triangular_solve`` and ``conv_tbc``, and MindSpore's compiler-registry decorators."""

import jax
import jax.numpy as jnp

from .. import ops
from ..compat.constexpr import constexpr  # noqa: F401  (mint.constexpr)

__all__ = ["index_add", "triangular_solve", "conv_tbc"]
DECORATORS = ["constexpr", "jit_forbidden_register", "jit_view_unsupported"]


def index_add(input, dim, index, source, *, alpha=1):
    """`input` with ``alpha * source`` added at `index` along `dim` (torch's index_add).

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


def triangular_solve(b, A, upper=True, transpose=False, unitriangular=False):
    """Solve ``A X = b`` for triangular `A`: ``(X, A)`` (torch's triangular_solve).

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


def conv_tbc(input, weight, bias, pad=0):
    """1-D convolution of time-batch-channel input: `input` (T, B, C_in), `weight`
    (K, C_in, C_out), `bias` (C_out,), `pad` zeros at both ends of time.

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


def jit_forbidden_register(fn):
    """MindSpore's registry of functions its graph compiler refuses; `fn` is returned as is
    (msfunc.jit traces any Python function).

    Example:
        >>> jit_forbidden_register(len) is len
        True
    """
    return fn


def jit_view_unsupported(fn):
    """MindSpore's registry of view functions its graph compiler cannot take; `fn` is
    returned as is.

    Example:
        >>> jit_view_unsupported(len) is len
        True
    """
    return fn


_ = ops  # (the table in __init__ forwards the other new names to msfunc.ops)
