"""``mindspore.scipy.ops`` and ``ops_wrapper``: primitive classes over msfunc.scipy's functions."""

import sys

import jax.numpy as jnp
import numpy as np
from jax import lax

from ..common.tensor import unwrap, wrap
from ..ops import MatrixSetDiagV3
from ..ops.func_decompositions import eig
from ..ops.primitives import Primitive, PrimitiveWithInfer, prim_attr_register
from ..scipy.linalg import _eigh, solve_triangular
from ..scipy.optimize import linear_sum_assignment

__all__ = [
    "Eig",
    "Eigh",
    "LU",
    "LinearSumAssignment",
    "MatrixSetDiagV3",
    "Primitive",
    "PrimitiveWithInfer",
    "SolveTriangular",
    "matrix_set_diag",
    "prim_attr_register",
    "solve_triangular",
]


class Eig(Primitive):
    """Eigenvalues and right eigenvectors of a general square matrix (complex outputs).

    With ``compute_v=False`` the second output is a zero scalar, as in MindSpore.

    Example:
        >>> import jax.numpy as jnp
        >>> w, v = Eig()(jnp.array([[2.0, 0.0], [0.0, 3.0]]))
        >>> sorted(w.asnumpy().real.tolist())
        [2.0, 3.0]
    """

    @prim_attr_register
    def __init__(self, compute_v=True):
        if not isinstance(compute_v, bool):
            raise TypeError(f"Eig: `compute_v` must be a bool, got {type(compute_v).__name__}")

    def construct(self, a):
        shape = tuple(jnp.shape(a))
        if len(shape) < 2 or shape[-1] != shape[-2]:
            raise ValueError(
                f"Eig: `a` must be a square matrix or a batch of them (..., n, n), "
                f"got shape {shape}"
            )
        w, v = eig(a)
        # without eigenvectors MindSpore still gives two outputs, the second a zero scalar
        return (w, v) if self.compute_v else (w, jnp.zeros((), w.dtype))


class Eigh(Primitive):
    """Eigenvalues (ascending) and eigenvectors of a symmetric / Hermitian matrix.

    Example:
        >>> import jax.numpy as jnp
        >>> w, v = Eigh()(jnp.array([[2.0, 1.0], [1.0, 2.0]]))
        >>> [round(x, 4) for x in w.tolist()]
        [1.0, 3.0]
    """

    @prim_attr_register
    def __init__(self, compute_eigenvectors=True, lower=True):
        for name, value in (("compute_eigenvectors", compute_eigenvectors), ("lower", lower)):
            if not isinstance(value, bool):
                raise TypeError(f"Eigh: `{name}` must be a bool, got {type(value).__name__}")

    def construct(self, a):
        return _eigh(a, lower=self.lower, eigvals_only=not self.compute_eigenvectors)


class LU(Primitive):
    """LU decomposition with partial pivoting: ``(lu, pivots, p)`` with ``a = p @ l @ u``.

    Example:
        >>> import jax.numpy as jnp
        >>> lu, piv, p = LU()(jnp.array([[1.0, 2.0], [3.0, 4.0]]))
        >>> piv.tolist(), p.tolist()
        ([1, 1], [[0, 1], [1, 0]])
    """

    @prim_attr_register
    def __init__(self):
        pass

    def construct(self, a):
        a = jnp.asarray(a)
        lu, pivots, perm = lax.linalg.lu(a)
        # lax gives perm with a[perm] = l @ u; MindSpore's p satisfies a = p @ l @ u
        p = jnp.swapaxes(jnp.eye(a.shape[-1], dtype=jnp.int32)[perm], -1, -2)
        return lu, pivots.astype(jnp.int32), p


class LinearSumAssignment(Primitive):
    """``(row_ind, col_ind)`` of the minimum (or maximum) cost assignment.

    Inputs: ``cost_matrix``, ``dimension_limit`` (use the first columns only;
    -1 or ``sys.maxsize`` for all), ``maximize``.

    Example:
        >>> import jax.numpy as jnp
        >>> cost = jnp.array([[4.0, 1.0, 3.0], [2.0, 0.0, 5.0], [3.0, 2.0, 2.0]])
        >>> LinearSumAssignment()(cost, sys.maxsize, False)[1].tolist()
        [1, 0, 2]
    """

    @prim_attr_register
    def __init__(self):
        pass

    def construct(self, cost_matrix, dimension_limit, maximize):
        if not isinstance(maximize, bool):
            raise TypeError(
                f"LinearSumAssignment: `maximize` must be a bool, got {type(maximize).__name__}"
            )
        limit = int(dimension_limit)
        return linear_sum_assignment(
            cost_matrix, maximize=maximize, dimension_limit=sys.maxsize if limit < 0 else limit
        )


class SolveTriangular(Primitive):
    """Solve ``a x = b`` for triangular `a` (``trans``: 'N', 'T' or 'C').

    Example:
        >>> import jax.numpy as jnp
        >>> a = jnp.array([[2.0, 0.0], [1.0, 1.0]])
        >>> SolveTriangular(lower=True)(a, jnp.array([2.0, 2.0])).tolist()
        [1.0, 1.0]
    """

    @prim_attr_register
    def __init__(self, lower=False, unit_diagonal=False, trans="N"):
        if trans not in ("N", "T", "C"):
            raise ValueError(f"SolveTriangular: `trans` must be 'N', 'T' or 'C', got {trans!r}")

    def construct(self, a, b):
        return solve_triangular(
            a, b, trans=self.trans, lower=self.lower, unit_diagonal=self.unit_diagonal
        )


_ALIGNMENTS = ("RIGHT_LEFT", "LEFT_RIGHT", "LEFT_LEFT", "RIGHT_RIGHT")


def _band(k, fn):
    """(lowest, highest) diagonal index from an int, a pair or a Tensor holding them."""
    k = unwrap(k)
    if isinstance(k, int):
        values = [k]
    elif isinstance(k, (tuple, list)):
        values = [int(unwrap(v)) for v in k]
    else:
        values = [int(v) for v in np.ravel(np.asarray(k))]
    if not 1 <= len(values) <= 2:
        raise ValueError(f"{fn}: `k` must be an int or a pair (low, high), got {values}")
    low, high = values[0], values[-1]
    if low > high:
        raise ValueError(f"{fn}: `k` = ({low}, {high}) must have low <= high")
    return low, high


def matrix_set_diag(input_x, diagonal, k=0, alignment="RIGHT_LEFT"):
    """Copy of `input_x` whose diagonals ``k`` (an int, or a band ``(low, high)``) of the
    innermost matrices are replaced by `diagonal`.

    For a band, ``diagonal[..., i, :]`` holds diagonal ``high - i``, padded to the longest
    one's length; `alignment` ("RIGHT_LEFT" ...) says whether superdiagonals (first word)
    and subdiagonals (second word) sit at the right or the left of their padded row.

    Example:
        >>> import numpy as np
        >>> x = np.zeros((3, 3), np.float32)
        >>> d = np.array([[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]], np.float32)  # diagonals 1 and 0
        >>> matrix_set_diag(x, d, k=(0, 1)).tolist()
        [[3.0, 1.0, 0.0], [0.0, 4.0, 2.0], [0.0, 0.0, 5.0]]
    """
    if alignment not in _ALIGNMENTS:
        raise ValueError(
            f"matrix_set_diag: `alignment` must be one of {_ALIGNMENTS}, got {alignment!r}"
        )
    x = jnp.asarray(unwrap(input_x))
    diag = jnp.asarray(unwrap(diagonal), x.dtype)
    if x.ndim < 2:
        raise ValueError(f"matrix_set_diag: `input_x` must be (..., M, N), got {x.shape}")
    low, high = _band(k, "matrix_set_diag")
    m, n = x.shape[-2:]
    if low <= -m or high >= n:
        raise ValueError(f"matrix_set_diag: `k` = ({low}, {high}) is outside a {m}x{n} matrix")
    if low == high:
        diag = diag[..., None, :]
    max_len = diag.shape[-1]
    super_right, sub_right = (word == "RIGHT" for word in alignment.split("_"))
    for i, d in enumerate(range(high, low - 1, -1)):
        length = min(m + min(d, 0), n - max(d, 0))
        right = super_right if d >= 0 else sub_right
        start = max_len - length if right else 0
        rows = np.arange(length) + max(-d, 0)
        cols = np.arange(length) + max(d, 0)
        x = x.at[..., rows, cols].set(diag[..., i, start : start + length])
    return wrap(x)
