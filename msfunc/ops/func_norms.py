"""Norm functional ops: norm, vector/matrix norms, renorm and norm clipping."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import jax
import jax.numpy as jnp

from ..common.args import asarray, norm_axis, reduce_axes

if TYPE_CHECKING:
    from collections.abc import Sequence

    from jax import Array
    from jax.typing import ArrayLike

    from ..common.dtype import Type


# --- norms ---------------------------------------------------------------------------------
def norm(
    A: ArrayLike,
    ord: float | str | None = None,
    dim: int | Sequence[int] | None = None,
    keepdim: bool = False,
    *,
    dtype: Type | None = None,
) -> Array:
    """A vector or matrix norm of `A`: the 2-norm of the flattened tensor when `ord` and
    `dim` are ``None``, a matrix norm over two axes, else a vector norm.

    Args:
        A (Tensor): The tensor.
        ord (Union[int, float, str, None]): The norm: a number for vector norms; ``'fro'``,
            ``'nuc'``, ``inf``, ``-inf``, 1, -1, 2 or -2 for matrix norms. Default: ``None``.
        dim (Union[int, tuple[int], None]): One axis (vector norm) or two (matrix norm).
            Default: ``None``.
        keepdim (bool): Keep the reduced axes with length 1. Default: ``False``.
        dtype (mindspore.dtype, optional): Compute in this dtype. Default: ``None``.

    Returns:
        Tensor, the norms.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[3.0, -4.0], [1.0, 1.0]])
        >>> print(ops.norm(ms.Tensor([3.0, 4.0])), ops.norm(x, 1, dim=1), ops.norm(x, float("inf")))
        5.0 [7. 2.] 7.0
    """
    x = asarray(A, dtype)
    if isinstance(dim, list):
        dim = tuple(dim)
    if ord is None and dim is None:
        out = jnp.linalg.vector_norm(x.reshape(-1), ord=2)
        return out.reshape((1,) * x.ndim) if keepdim else out
    if isinstance(dim, tuple) and len(dim) == 2 or dim is None and x.ndim == 2:
        return matrix_norm(x, "fro" if ord is None else ord, cast(Any, dim or (-2, -1)), keepdim)
    # (jax's stubs type `ord` as int | str; it takes float inf as well)
    degree = cast(Any, 2 if ord is None else ord)
    axes = reduce_axes(dim, x.ndim, "dim")
    return jnp.linalg.vector_norm(x, ord=degree, axis=cast(Any, axes), keepdims=keepdim)


def vector_norm(
    x: ArrayLike,
    ord: float = 2,
    axis: int | Sequence[int] | None = None,
    keepdims: bool = False,
    *,
    dtype: Type | None = None,
) -> Array:
    """The `ord`-norm of the vectors of `x` along `axis`: ``sum(|x| ** ord) ** (1 / ord)``.

    Args:
        x (Tensor): The tensor.
        ord (Union[int, float]): The degree; ``inf`` the largest magnitude, 0 the count of
            non-zeros. Default: ``2``.
        axis (Union[int, tuple[int], None]): Axes to reduce, ``None`` for all. Default: ``None``.
        keepdims (bool): Keep the reduced axes with length 1. Default: ``False``.
        dtype (mindspore.dtype, optional): Compute in this dtype. Default: ``None``.

    Returns:
        Tensor, the norms.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([3.0, -4.0])
        >>> print(ops.vector_norm(x), ops.vector_norm(x, 1), ops.vector_norm(x, float("inf")))
        5.0 7.0 4.0
    """
    a = asarray(x, dtype)
    ax = reduce_axes(axis, a.ndim)
    return jnp.linalg.vector_norm(a, ord=cast(Any, ord), axis=ax, keepdims=keepdims)


def matrix_norm(
    A: ArrayLike,
    ord: float | str = "fro",
    axis: Sequence[int] = (-2, -1),
    keepdims: bool = False,
    *,
    dtype: Type | None = None,
) -> Array:
    """The matrix norm of the matrices in axes `axis` of `A`.

    Args:
        A (Tensor): At least 2-D.
        ord (Union[int, float, str]): ``'fro'``, ``'nuc'``, ``inf``, ``-inf``, 1, -1, 2 or -2.
            Default: ``'fro'``.
        axis (tuple[int]): The two matrix axes. Default: ``(-2, -1)``.
        keepdims (bool): Keep the reduced axes with length 1. Default: ``False``.
        dtype (mindspore.dtype, optional): Compute in this dtype. Default: ``None``.

    Returns:
        Tensor, the norms.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> a = ms.Tensor([[1.0, -2.0], [3.0, 4.0]])
        >>> print(ops.matrix_norm(a, 1), ops.matrix_norm(a, float("inf")))  # max column, row sum
        6.0 7.0
    """
    a = asarray(A, dtype)
    ax = norm_axis(tuple(axis), a.ndim)
    moved = jnp.moveaxis(a, ax, (-2, -1))
    out = jnp.linalg.matrix_norm(moved, ord=cast(Any, ord))
    if keepdims:
        out = jnp.expand_dims(out, tuple(sorted(ax)))
    return out


def renorm(input: ArrayLike, p: int, axis: int, maxnorm: float) -> Array:
    """`input` with each slice along `axis` whose `p`-norm exceeds `maxnorm` scaled down to
    norm `maxnorm`.

    Args:
        input (Tensor): The tensor.
        p (int): The norm's degree.
        axis (int): The axis whose slices are renormalised.
        maxnorm (float): The largest norm allowed.

    Returns:
        Tensor of `input`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.renorm(ms.Tensor([[3.0, 4.0], [0.3, 0.4]]), 2, 0, 1.0))
        [[0.6 0.8]
         [0.3 0.4]]
    """
    x = asarray(input)
    ax = norm_axis(axis, x.ndim)
    others = tuple(i for i in range(x.ndim) if i != ax)
    n = jnp.linalg.vector_norm(x, ord=p, axis=others, keepdims=True)
    scale = jnp.where(n > maxnorm, maxnorm / (n + 1e-7), 1.0)
    return x * scale.astype(x.dtype)


def clip_by_norm(
    x: ArrayLike | Sequence[ArrayLike],
    max_norm: float,
    norm_type: float = 2.0,
    error_if_nonfinite: bool = False,
) -> Array | list[Array] | tuple[Array, ...]:
    """`x` scaled down so that its `norm_type`-norm is at most `max_norm` (a list of tensors
    by their joint norm).

    Args:
        x (Union[Tensor, list[Tensor], tuple[Tensor]]): The tensor or tensors.
        max_norm (Union[float, int]): The largest norm allowed.
        norm_type (Union[float, int]): The norm's degree. Default: ``2.0``.
        error_if_nonfinite (bool): Raise when the norm is NaN or infinite. Default: ``False``.

    Returns:
        Tensor, or a list of tensors, of `x`'s shapes.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.clip_by_norm(ms.Tensor([3.0, 4.0]), 1.0).asnumpy().round(4))
        [0.6 0.8]
    """
    many = isinstance(x, (list, tuple))
    xs = [asarray(t) for t in (x if many else [x])]
    norms = jnp.stack([jnp.linalg.vector_norm(t.reshape(-1), ord=norm_type) for t in xs])
    total = jnp.linalg.vector_norm(norms, ord=norm_type)
    if (
        error_if_nonfinite
        and not isinstance(total, jax.core.Tracer)
        and not bool(jnp.isfinite(total))
    ):
        raise RuntimeError("clip_by_norm: the total norm is not finite")
    coef = jnp.minimum(max_norm / (total + 1e-6), 1.0)
    out = [t * coef.astype(t.dtype) for t in xs]
    return cast(Any, type(x))(out) if many else out[0]


def clip_by_global_norm(
    x: ArrayLike | Sequence[ArrayLike], clip_norm: float = 1.0, use_norm: float | None = None
) -> Array | tuple[Array, ...]:
    """Tensors scaled by ``clip_norm / max(global_norm, clip_norm)``, where `global_norm` is
    the 2-norm of all of them together.

    Args:
        x (Union[Tensor, list[Tensor], tuple[Tensor]]): The tensors (or one).
        clip_norm (Union[float, int]): The largest global norm allowed. Default: ``1.0``.
        use_norm (float, optional): Must be ``None``; the global norm is computed.
            Default: ``None``.

    Returns:
        Tuple of tensors of the inputs' shapes (one Tensor for one).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> a, b = ops.clip_by_global_norm([ms.Tensor([3.0]), ms.Tensor([4.0])], 1.0)
        >>> print(a, b)
        [0.6] [0.8]
    """
    many = isinstance(x, (list, tuple))
    xs = [asarray(t) for t in (x if many else [x])]
    g = jnp.sqrt(sum(jnp.sum(jnp.square(t)) for t in xs)) if use_norm is None else asarray(use_norm)
    coef = clip_norm / jnp.maximum(g, clip_norm)
    out = [t * coef.astype(t.dtype) for t in xs]
    return tuple(out) if many else out[0]  # (a single tensor in: one out)


__all__ = [
    "clip_by_global_norm",
    "clip_by_norm",
    "matrix_norm",
    "norm",
    "renorm",
    "vector_norm",
]
