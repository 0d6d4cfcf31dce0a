"""Linear algebra functional ops: matrix and tensor products, traces, cross products and
distances (decompositions: func_decompositions; packed factors: func_factorizations)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp
import jax.scipy.linalg as jsl

from ..common import low_precision as fp16
from ..common.arg_docs import document_args
from ..common.args import asarray, norm_axis
from ._amp_auto import low_precision, low_precision_op
from ._forward import forward

if TYPE_CHECKING:
    from jax import Array
    from jax.typing import ArrayLike


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
# the parameters that are not arrays
_TYPES = {"n": "int", "p": "int | float | str | None"}

for _name, (_fn, _params) in _FORWARDS.items():
    globals()[_name] = forward(
        _name, _fn, _params, "a = jnp.eye(2)", defaults={"p": None}, types=_TYPES
    )


def einsum(equation: str, *operands: ArrayLike | Sequence[ArrayLike]) -> Array:
    """Einstein summation: the product of `operands` summed over the indices `equation`
    names on its left side only.

    Args:
        equation (str): The subscripts, such as ``"ij,jk->ik"``; without ``->`` the output
            takes the indices that appear once, in alphabetical order.
        operands (Tensor): The tensors, one per comma-separated term (or one list of them).

    Returns:
        Tensor, with the axes of the output subscripts.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> a, b = ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), ms.Tensor([1.0, 10.0])
        >>> print(ops.einsum("ij,j->i", a, b))
        [21. 43.]
        >>> print(ops.einsum("ii", a))
        5.0
    """
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        operands = tuple(operands[0])
    arrays = [asarray(o) for o in operands]
    if len(arrays) > 1:
        arrays = low_precision(*arrays)
    elif arrays:
        arrays = [low_precision(arrays[0])]
    return jnp.einsum(equation, *arrays)


def einsum_ext(equation: str, *operands: ArrayLike | Sequence[ArrayLike]) -> Array:
    """Einstein summation over `operands` as `equation` says; an alias of ``ops.einsum``.

    Args:
        equation (str): The subscripts, such as ``"i,i->"``.
        operands (Tensor): The tensors, one per comma-separated term.

    Returns:
        Tensor, with the axes of the output subscripts.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.einsum_ext("i,i->", ms.Tensor([1.0, 2.0]), ms.Tensor([3.0, 4.0])))
        11.0
    """
    return einsum(equation, *operands)


def addmm(
    input: ArrayLike, mat1: ArrayLike, mat2: ArrayLike, *, beta: float = 1, alpha: float = 1
) -> Array:
    """``beta * input + alpha * (mat1 @ mat2)``.

    Args:
        input (Tensor): The matrix added, broadcast to shape (n, p).
        mat1 (Tensor): The left matrix, shape (n, m).
        mat2 (Tensor): The right matrix, shape (m, p).
        beta (number): The scale of `input`. Default: ``1``.
        alpha (number): The scale of the product. Default: ``1``.

    Returns:
        Tensor, shape (n, p).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> m = ms.Tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> print(ops.addmm(ms.Tensor([[1.0, 1.0], [1.0, 1.0]]), m, m, beta=2, alpha=0.5))
        [[ 5.5  7. ]
         [ 9.5 13. ]]
    """
    return beta * asarray(input) + alpha * jnp.matmul(asarray(mat1), asarray(mat2))


def addmv(
    input: ArrayLike, mat: ArrayLike, vec: ArrayLike, *, beta: float = 1, alpha: float = 1
) -> Array:
    """``beta * input + alpha * (mat @ vec)``.

    Args:
        input (Tensor): The vector added, broadcast to shape (n,).
        mat (Tensor): The matrix, shape (n, m).
        vec (Tensor): The vector, shape (m,).
        beta (number): The scale of `input`. Default: ``1``.
        alpha (number): The scale of the product. Default: ``1``.

    Returns:
        Tensor, shape (n,).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> m, v = ms.Tensor([[1.0, 2.0], [3.0, 4.0]]), ms.Tensor([1.0, 1.0])
        >>> print(ops.addmv(ms.Tensor([1.0, -1.0]), m, v, alpha=2))
        [ 7. 13.]
    """
    return beta * asarray(input) + alpha * jnp.matmul(asarray(mat), asarray(vec))


def addr(
    x: ArrayLike, vec1: ArrayLike, vec2: ArrayLike, *, beta: float = 1, alpha: float = 1
) -> Array:
    """``beta * x + alpha * outer(vec1, vec2)``.

    Args:
        x (Tensor): The matrix added, broadcast to shape (n, m).
        vec1 (Tensor): The left vector, shape (n,).
        vec2 (Tensor): The right vector, shape (m,).
        beta (number): The scale of `x`. Default: ``1``.
        alpha (number): The scale of the outer product. Default: ``1``.

    Returns:
        Tensor, shape (n, m).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1.0, 1.0, 1.0], [1.0, 1.0, 1.0]])
        >>> print(ops.addr(x, ms.Tensor([1.0, 2.0]), ms.Tensor([1.0, 2.0, 3.0]), beta=0.5))
        [[1.5 2.5 3.5]
         [2.5 4.5 6.5]]
    """
    return beta * asarray(x) + alpha * jnp.outer(asarray(vec1), asarray(vec2))


def addbmm(
    input: ArrayLike, batch1: ArrayLike, batch2: ArrayLike, *, beta: float = 1, alpha: float = 1
) -> Array:
    """``beta * input + alpha * sum_b(batch1[b] @ batch2[b])``: the batch of products summed.

    Args:
        input (Tensor): The matrix added, broadcast to shape (n, p).
        batch1 (Tensor): The left matrices, shape (b, n, m).
        batch2 (Tensor): The right matrices, shape (b, m, p).
        beta (number): The scale of `input`. Default: ``1``.
        alpha (number): The scale of the summed products. Default: ``1``.

    Returns:
        Tensor, shape (n, p).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> b1 = ms.Tensor([[[1.0], [2.0]], [[3.0], [4.0]]])  # (2, 2, 1)
        >>> b2 = ms.Tensor([[[1.0, 1.0]], [[1.0, -1.0]]])  # (2, 1, 2)
        >>> print(ops.addbmm(ms.Tensor([[0.0, 0.0], [0.0, 0.0]]), b1, b2))
        [[ 4. -2.]
         [ 6. -2.]]
    """
    return beta * asarray(input) + alpha * jnp.einsum(
        "bij,bjk->ik", asarray(batch1), asarray(batch2)
    )


# the Args entries of baddbmm and baddbmm_ext (see `document_args`)
_BADDBMM_ARGS = (
    "input (Tensor): The matrices added, broadcast to shape (b, n, p).",
    "batch1 (Tensor): The left matrices, shape (b, n, m).",
    "batch2 (Tensor): The right matrices, shape (b, m, p).",
    "beta (number): The scale of `input`. Default: ``1``.",
    "alpha (number): The scale of the products. Default: ``1``.",
)


@document_args(*_BADDBMM_ARGS)
def baddbmm(
    input: ArrayLike, batch1: ArrayLike, batch2: ArrayLike, beta: float = 1, alpha: float = 1
) -> Array:
    """``beta * input + alpha * (batch1[b] @ batch2[b])`` for each batch index b.

    Args:
        {args}

    Returns:
        Tensor, shape (b, n, p).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> b1 = ms.Tensor([[[1.0, 2.0]], [[3.0, 4.0]]])  # (2, 1, 2)
        >>> b2 = ms.Tensor([[[1.0], [1.0]], [[2.0], [1.0]]])  # (2, 2, 1)
        >>> print(ops.baddbmm(ms.Tensor([[[1.0]], [[1.0]]]), b1, b2, 1, 2).reshape(2))
        [ 7. 21.]
    """
    return beta * asarray(input) + alpha * jnp.matmul(asarray(batch1), asarray(batch2))


@document_args(*_BADDBMM_ARGS)
def baddbmm_ext(
    input: ArrayLike, batch1: ArrayLike, batch2: ArrayLike, *, beta: float = 1, alpha: float = 1
) -> Array:
    """``beta * input + alpha * (batch1[b] @ batch2[b])`` per batch, with keyword-only
    `beta` and `alpha` (otherwise ``ops.baddbmm``).

    Args:
        {args}

    Returns:
        Tensor, shape (b, n, p).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> b1, b2 = ms.Tensor([[[1.0, 2.0]]]), ms.Tensor([[[3.0], [4.0]]])
        >>> print(ops.baddbmm_ext(ms.Tensor([[[1.0]]]), b1, b2, beta=-1))
        [[[10.]]]
    """
    return baddbmm(input, batch1, batch2, beta, alpha)


def adjoint(x: ArrayLike) -> Array:
    """Conjugate transpose of the last two axes (the plain transpose for real input).

    Args:
        x (Tensor): A matrix or a batch of them, shape (..., n, m).

    Returns:
        Tensor, shape (..., m, n).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.adjoint(ms.Tensor([[1 + 1j, 2], [3, 4 - 2j]])))
        [[1.-1.j 3.-0.j]
         [2.-0.j 4.+2.j]]
    """
    return jnp.conj(jnp.swapaxes(asarray(x), -1, -2))


def batch_dot(x1: ArrayLike, x2: ArrayLike, axes: int | Sequence[int] | None = None) -> Array:
    """Per-sample tensor dot product: for each index of axis 0, the contraction of `axes`.

    Keras's ``batch_dot``: a result with one axis (one number per sample) gets a trailing
    axis of size 1.

    Args:
        x1 (Tensor): The first batch, at least 2-D.
        x2 (Tensor): The second batch, of the same batch size.
        axes (Union[int, tuple[int, int], list[int], None]): The axis of `x1` and of `x2`
            contracted (one int: the same for both; never 0, the batch axis). ``None``:
            the last axis of `x1` and the last (2-D `x2`) or second-to-last axis of `x2`.
            Default: ``None``.

    Returns:
        Tensor, batch axis first, then the remaining axes of `x1` and of `x2`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> print(ops.batch_dot(x, x, 1))
        [[ 5.]
         [25.]]
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


def tensor_dot(
    x1: ArrayLike, x2: ArrayLike, axes: int | Sequence[int] | Sequence[Sequence[int]]
) -> Array:
    """Tensor contraction: the sum of products over the given axes of `x1` and `x2`.

    Args:
        x1 (Tensor): The first tensor.
        x2 (Tensor): The second tensor.
        axes (Union[int, tuple, list]): An int n contracts the last n axes of `x1` with the
            first n of `x2`; a pair ``(axes_x1, axes_x2)`` (ints or sequences of them)
            names the axes to contract pairwise.

    Returns:
        Tensor, the axes of `x1` then of `x2` that are not contracted.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> a = ms.Tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> print(ops.tensor_dot(a, a, 1))
        [[ 7. 10.]
         [15. 22.]]
        >>> print(ops.tensor_dot(a, a, ((0, 1), (0, 1))))
        30.0
    """
    contract = axes
    if isinstance(axes, (list, tuple)) and len(axes) == 2:
        contract = tuple(tuple(a) if isinstance(a, (list, tuple)) else (a,) for a in axes)
    return jnp.tensordot(asarray(x1), asarray(x2), axes=contract)  # pyright: ignore[reportArgumentType]


def trace(input: ArrayLike) -> Array:
    """Sum of the main diagonal of a matrix.

    Args:
        input (Tensor): A 2-D tensor.

    Returns:
        Tensor, 0-D, of `input`'s dtype.

    Raises:
        ValueError: If `input` is not 2-D.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.trace(ms.Tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])))
        6.0
    """
    x = asarray(input)
    if x.ndim != 2:
        raise ValueError(f"trace: `input` must be 2-D, got rank {x.ndim}")
    return jnp.trace(x)


def vecdot(x: ArrayLike, y: ArrayLike, *, axis: int = -1) -> Array:
    """Dot product of vectors along `axis`: ``sum(conj(x) * y)``, batched over the other axes.

    Args:
        x (Tensor): The first vectors (conjugated when complex).
        y (Tensor): The second vectors; broadcast against `x`.
        axis (int): The axis the vectors lie along. Default: ``-1``.

    Returns:
        Tensor, the broadcast shape without `axis`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> print(ops.vecdot(x, ms.Tensor([1.0, 1.0])), ops.vecdot(x, x, axis=0))
        [3. 7.] [10. 20.]
    """
    return jnp.sum(jnp.conj(asarray(x)) * asarray(y), axis=axis)


def cross(input: ArrayLike, other: ArrayLike, dim: int | None = None) -> Array:
    """Cross product of 3-vectors lying along `dim`.

    Args:
        input (Tensor): The first vectors.
        other (Tensor): The second vectors; broadcast against `input`.
        dim (Union[int, None]): The axis of size 3; ``None`` takes the first such axis.
            Default: ``None``.

    Returns:
        Tensor, of the broadcast shape.

    Raises:
        ValueError: If `dim` is ``None`` and no axis has size 3.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.cross(ms.Tensor([1.0, 2.0, 3.0]), ms.Tensor([4.0, 5.0, 6.0])))
        [-3.  6. -3.]
    """
    a, b = jnp.broadcast_arrays(asarray(input), asarray(other))
    if dim is None:
        dims = [i for i, s in enumerate(a.shape) if s == 3]
        if not dims:
            raise ValueError(f"cross: no axis of size 3 in shape {a.shape}")
        dim = dims[0]
    return jnp.cross(a, b, axis=dim)


def cdist(x1: ArrayLike, x2: ArrayLike, p: float = 2.0) -> Array:
    """The p-norm distance between each row of `x1` and each row of `x2` (batched).

    Args:
        x1 (Tensor): Points, shape (..., n, d).
        x2 (Tensor): Points, shape (..., m, d).
        p (float): The norm's order, >= 0 (0 counts the differing coordinates, ``inf``
            takes the largest difference). Default: ``2.0``.

    Returns:
        Tensor, shape (..., n, m).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> a = ms.Tensor([[0.0, 0.0], [1.0, 1.0]])
        >>> b = ms.Tensor([[3.0, 4.0]])
        >>> print(ops.cdist(a, b), ops.cdist(a, b, p=1.0).reshape(2))
        [[5.       ]
         [3.6055512]] [7. 5.]
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


def dist(input: ArrayLike, other: ArrayLike, p: float = 2) -> Array:
    """The p-norm of ``input - other``, taken over all elements.

    Args:
        input (Tensor): The first tensor.
        other (Tensor): The second tensor; broadcast against `input`.
        p (float): The norm's order. Default: ``2``.

    Returns:
        Tensor, 0-D.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x, y = ms.Tensor([[1.0, 1.0], [1.0, 1.0]]), ms.Tensor([[4.0, 5.0], [1.0, 1.0]])
        >>> print(ops.dist(x, y), ops.dist(x, y, p=1))
        5.0 7.0
    """
    d = (asarray(input) - asarray(other)).reshape(-1)
    # jax annotates `ord` as int | str, though it takes any float order
    return jnp.linalg.vector_norm(d, ord=p)  # pyright: ignore[reportArgumentType]


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
    ]
)
