"""mint's arithmetic, shape, indexing and creation functions whose torch-style behaviour is more
than a renaming of an msfunc op (the reductions are in `_torch_reductions`).

They take and return arrays; `msfunc.mint` publishes them with Tensors in and out (and
``Tensor`` in the place of the array types in their signatures).
"""

from __future__ import annotations

import numbers
from typing import TYPE_CHECKING

import jax.numpy as jnp

from .. import ops
from ..common import dtype as mstype

if TYPE_CHECKING:
    from collections.abc import Sequence

    from jax import Array
    from jax.typing import ArrayLike

    from ..common.dtype import Number

__all__ = [
    "add",
    "bmm",
    "clone",
    "diag",
    "empty",
    "empty_like",
    "fix",
    "flatten",
    "item",
    "linspace",
    "meshgrid",
    "mm",
    "scatter_add",
    "select",
    "squeeze",
    "sub",
    "transpose",
    "vdot",
]


def _both_bool(input, other) -> bool:
    return all(jnp.result_type(v) == jnp.bool_ and not isinstance(v, bool) for v in (input, other))


def _check_alpha(name, alpha, input, other) -> bool:
    """TypeError for an `alpha` MindSpore refuses: a non-number; a float scaling an integer or
    bool result (it could not stay one); a bool with non-bool operands; and anything but 1
    with two bool Tensors (its CPU kernels take those with the default alpha only). Returns
    whether both operands are bool Tensors (the caller's next question)."""
    if not isinstance(alpha, numbers.Number):
        raise TypeError(f"mint.{name}: `alpha` must be a number, got {alpha!r}")
    if _both_bool(input, other):
        if isinstance(alpha, bool) or alpha != 1:
            raise TypeError(f"mint.{name}: two bool tensors take only alpha=1, got {alpha!r}")
        return True
    result = jnp.result_type(input, other)
    if isinstance(alpha, bool):
        raise TypeError(f"mint.{name}: a bool `alpha` needs bool operands, got {result}")
    if isinstance(alpha, float) and not jnp.issubdtype(result, jnp.inexact):
        raise TypeError(f"mint.{name}: a float `alpha` ({alpha}) cannot scale {result} operands")
    return False


def add(input: ArrayLike, other: ArrayLike, *, alpha: float = 1) -> Array:
    """``input + alpha * other``, element by element.

    Args:
        input (Tensor): The first operand.
        other (Tensor): The second operand; it broadcasts against `input`.
        alpha (float): The multiplier of `other`; a float only with floating operands.
            Default: ``1``.

    Returns:
        Tensor, of the broadcast shape of `input` and `other`.

    Example:
        >>> add(1.0, 2.0, alpha=3).tolist()
        7.0
    """
    if _check_alpha("add", alpha, input, other):
        return jnp.logical_or(input, other)  # (MindSpore's bool rule)
    return ops.add(input, other if alpha == 1 else ops.mul(other, alpha))


def sub(input: ArrayLike, other: ArrayLike, *, alpha: float = 1) -> Array:
    """``input - alpha * other``, element by element.

    Args:
        input (Tensor): The first operand.
        other (Tensor): The operand subtracted; it broadcasts against `input`.
        alpha (float): The multiplier of `other`; a float only with floating operands.
            Default: ``1``.

    Returns:
        Tensor, of the broadcast shape of `input` and `other`.

    Example:
        >>> sub(1.0, 2.0, alpha=3).tolist()
        -5.0
    """
    if _check_alpha("sub", alpha, input, other):
        return jnp.logical_xor(input, other)  # (MindSpore's bool rule)
    return ops.sub(input, other if alpha == 1 else ops.mul(other, alpha))


def transpose(input: ArrayLike, dim0: int, dim1: int) -> Array:
    """`input` with dimensions `dim0` and `dim1` swapped.

    Args:
        input (Tensor): The input tensor.
        dim0 (int): The first dimension.
        dim1 (int): The second dimension.

    Returns:
        Tensor, the two dimensions swapped.

    Example:
        >>> import jax.numpy as jnp
        >>> transpose(jnp.zeros((2, 3, 4)), 0, 2).shape
        (4, 3, 2)
    """
    return jnp.swapaxes(jnp.asarray(input), dim0, dim1)


def flatten(input: ArrayLike, start_dim: int = 0, end_dim: int = -1) -> Array:
    """`input` with dimensions `start_dim` .. `end_dim` merged into one.

    Args:
        input (Tensor): The input tensor.
        start_dim (int): The first dimension merged. Default: ``0``.
        end_dim (int): The last dimension merged. Default: ``-1``.

    Returns:
        Tensor, those dimensions merged (all by default: 1-D).

    Example:
        >>> import jax.numpy as jnp
        >>> flatten(jnp.zeros((2, 3, 4)), 1).shape
        (2, 12)
    """
    return ops.flatten(jnp.asarray(input), start_dim=start_dim, end_dim=end_dim)


def squeeze(input: ArrayLike, dim: int | Sequence[int] | None = None) -> Array:
    """`input` without its dimensions of size 1 (only those of `dim`, when given).

    A dimension of `dim` whose size is not 1 is left as it is (torch's rule).

    Args:
        input (Tensor): The input tensor.
        dim (int | Sequence[int] | None): The dimension(s) to remove; ``None``: every one of
            size 1. Default: ``None``.

    Returns:
        Tensor, those dimensions removed.

    Example:
        >>> import jax.numpy as jnp
        >>> squeeze(jnp.zeros((1, 2, 1)), 0).shape
        (2, 1)
    """
    x = jnp.asarray(input)
    if dim is None:
        return jnp.squeeze(x)
    dims = (dim,) if isinstance(dim, int) else tuple(dim)
    return jnp.squeeze(x, axis=tuple(d for d in dims if x.shape[d] == 1))


def linspace(start: float, end: float, steps: int, *, dtype: Number | None = None) -> Array:
    """`steps` evenly spaced values from `start` to `end`, both included.

    Args:
        start (float): The first value.
        end (float): The last value.
        steps (int): How many values.
        dtype (Number | None): The dtype of the result; ``None`` gives float32. Default: ``None``.

    Returns:
        Tensor, 1-D, of length `steps`.

    Example:
        >>> linspace(0, 1, 3).tolist()
        [0.0, 0.5, 1.0]
    """
    return jnp.linspace(start, end, steps, dtype=dtype or mstype.float32)


def meshgrid(*tensors: ArrayLike, indexing: str | None = None) -> tuple[Array, ...]:
    """Coordinate grids from 1-D `tensors`: one grid per tensor, each of the shape of all.

    Args:
        *tensors (Tensor): The 1-D coordinate vectors (or one list of them).
        indexing (str | None): ``'ij'`` (matrix indexing, torch's default) or ``'xy'``
            (Cartesian: the first two dims swapped). Default: ``None``.

    Returns:
        tuple[Tensor, ...], one grid per input.

    Example:
        >>> import jax.numpy as jnp
        >>> [g.shape for g in meshgrid(jnp.zeros(2), jnp.zeros(3))]
        [(2, 3), (2, 3)]
    """
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        tensors = tuple(tensors[0])
    return tuple(jnp.meshgrid(*tensors, indexing=indexing or "ij"))


def diag(input: ArrayLike, diagonal: int = 0) -> Array:
    """The `diagonal`-th diagonal of a matrix, or a matrix with a vector on that diagonal.

    Args:
        input (Tensor): A matrix (2-D) or a vector (1-D).
        diagonal (int): Which diagonal: 0 the main one, positive above it, negative below.
            Default: ``0``.

    Returns:
        Tensor, 1-D from a matrix, 2-D from a vector.

    Example:
        >>> diag([1.0, 2.0]).tolist()
        [[1.0, 0.0], [0.0, 2.0]]
    """
    return jnp.diag(jnp.asarray(input), k=diagonal)


def select(input: ArrayLike, dim: int, index: int) -> Array:
    """The slice of `input` at `index` along `dim`, that dimension removed.

    Args:
        input (Tensor): The input tensor.
        dim (int): The dimension indexed.
        index (int): The position taken.

    Returns:
        Tensor, one dimension fewer.

    Example:
        >>> import jax.numpy as jnp
        >>> select(jnp.arange(6).reshape(2, 3), 1, 2).tolist()
        [2, 5]
    """
    return jnp.take(jnp.asarray(input), index, axis=dim)


def scatter_add(input: ArrayLike, dim: int, index: ArrayLike, src: ArrayLike) -> Array:
    """`input` with each element of `src` added at the position `index` gives along `dim`.

    For ``dim=0``: ``out[index[i][j]][j] += src[i][j]``; repeated indices add up.

    Args:
        input (Tensor): The tensor added to.
        dim (int): The dimension `index` indexes.
        index (Tensor): Integer indices, shaped like `src`.
        src (Tensor): The values added.

    Returns:
        Tensor, shaped like `input`.

    Example:
        >>> import jax.numpy as jnp
        >>> scatter_add(jnp.zeros(3), 0, jnp.array([0, 0, 2]), jnp.ones(3)).tolist()
        [2.0, 0.0, 1.0]
    """
    return ops.tensor_scatter_elements(input, index, src, axis=dim, reduction="add")


def vdot(input: ArrayLike, other: ArrayLike) -> Array:
    """Dot product of two 1-D tensors, the first conjugated.

    Args:
        input (Tensor): The first vector (conjugated when complex).
        other (Tensor): The second vector, as long as `input`.

    Returns:
        Tensor, 0-D.

    Example:
        >>> float(vdot([1.0, 2.0], [3.0, 4.0]))
        11.0
    """
    return jnp.vdot(jnp.asarray(input), jnp.asarray(other))


def mm(input: ArrayLike, mat2: ArrayLike) -> Array:
    """Matrix product of two 2-D tensors: (N, M) by (M, P).

    Args:
        input (Tensor): The left matrix, (N, M).
        mat2 (Tensor): The right matrix, (M, P).

    Returns:
        Tensor, (N, P).

    Raises:
        ValueError: either operand is not 2-D.

    Example:
        >>> import jax.numpy as jnp
        >>> mm(jnp.eye(2), jnp.ones((2, 3))).shape
        (2, 3)
    """
    a, b = jnp.asarray(input), jnp.asarray(mat2)
    if a.ndim != 2 or b.ndim != 2:
        raise ValueError(
            f"mint.mm: `input` and `mat2` must be 2-D, got shapes {a.shape}, {b.shape}"
        )
    return jnp.matmul(a, b)


def bmm(input: ArrayLike, mat2: ArrayLike) -> Array:
    """Batched matrix product of two 3-D tensors: (B, N, M) by (B, M, P).

    Args:
        input (Tensor): The left batch, (B, N, M).
        mat2 (Tensor): The right batch, (B, M, P), of `input`'s dtype.

    Returns:
        Tensor, (B, N, P).

    Raises:
        ValueError: an operand is not 3-D, or the batch or inner sizes differ.
        TypeError: the dtypes differ, or they are bool.

    Example:
        >>> import jax.numpy as jnp
        >>> bmm(jnp.ones((2, 3, 4)), jnp.ones((2, 4, 5))).shape
        (2, 3, 5)
    """
    a, b = jnp.asarray(input), jnp.asarray(mat2)
    if a.ndim != 3 or b.ndim != 3:
        raise ValueError(
            f"mint.bmm: `input` and `mat2` must be 3-D, got shapes {a.shape}, {b.shape}"
        )
    if a.shape[0] != b.shape[0] or a.shape[2] != b.shape[1]:
        raise ValueError(f"mint.bmm: cannot multiply batches of shapes {a.shape} and {b.shape}")
    if a.dtype != b.dtype or a.dtype == jnp.bool_:
        raise TypeError(
            f"mint.bmm: `input` and `mat2` must share a non-bool dtype, got {a.dtype}, {b.dtype}"
        )
    return jnp.matmul(a, b)


def fix(input: ArrayLike) -> Array:
    """Each element of `input` rounded toward zero (torch's alias of trunc).

    Args:
        input (Tensor): The input tensor.

    Returns:
        Tensor, shaped like `input`.

    Example:
        >>> fix([-1.5, 1.5]).tolist()
        [-1.0, 1.0]
    """
    return jnp.trunc(jnp.asarray(input))


def clone(input: ArrayLike) -> Array:
    """A copy of `input`.

    Args:
        input (Tensor): The input tensor.

    Returns:
        Tensor, equal to `input`.

    Example:
        >>> clone([1.0]).tolist()
        [1.0]
    """
    return jnp.array(input, copy=True)


def item(input: ArrayLike) -> bool | int | float | complex:
    """The Python number a one-element tensor holds.

    Args:
        input (Tensor): A tensor of one element.

    Returns:
        bool | int | float | complex, the element.

    Example:
        >>> item([2.5])
        2.5
    """
    return jnp.asarray(input).item()


def empty(
    *size: int | Sequence[int], dtype: Number | None = None, device: str | None = None
) -> Array:
    """A tensor of shape `size`, filled with zeros (JAX has no uninitialised memory).

    Args:
        *size (int | Sequence[int]): The shape, as separate ints or one sequence.
        dtype (Number | None): The dtype; ``None`` gives float32. Default: ``None``.
        device (str | None): Accepted for torch's signature; JAX places the array. Default:
            ``None``.

    Returns:
        Tensor, of shape `size`.

    Example:
        >>> empty(2, 3).shape
        (2, 3)
    """
    if len(size) == 1 and isinstance(size[0], (list, tuple)):
        size = tuple(size[0])
    return jnp.zeros(size, dtype=dtype or mstype.float32)


def empty_like(
    input: ArrayLike, *, dtype: Number | None = None, device: str | None = None
) -> Array:
    """A zero-filled tensor shaped like `input`.

    Args:
        input (Tensor): The tensor whose shape (and dtype) is taken.
        dtype (Number | None): The dtype; ``None`` keeps `input`'s. Default: ``None``.
        device (str | None): Accepted for torch's signature; JAX places the array. Default:
            ``None``.

    Returns:
        Tensor, shaped like `input`.

    Example:
        >>> import jax.numpy as jnp
        >>> empty_like(jnp.ones((2, 2))).shape
        (2, 2)
    """
    return jnp.zeros_like(jnp.asarray(input), dtype=dtype)
