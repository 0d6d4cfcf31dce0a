"""Norm functional ops: norm, vector/matrix norms, renorm and norm clipping."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import jax
import jax.numpy as jnp

from ..common.args import asarray, norm_axis, reduce_axes
from .func_math import abs_sign_grad

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
    # (MindSpore's norm over given axes has slope 0 at a zero vector; over all, NaN as JAX)
    return _vector_norm(x, degree, axes, keepdim, safe=dim is not None or degree != 2)


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
    return _vector_norm(a, ord, ax, keepdims, safe=ord != 2)


def _safe_root(total, root):
    """``total ** root`` (``sqrt`` for 1/2), with MindSpore's slope 0 where `total` is 0
    (JAX's is infinite there, and the chain rule gives NaN)."""
    zero = total == 0
    safe = jnp.where(zero, jnp.ones_like(total), total)
    out = jnp.sqrt(safe) if root == 0.5 else jnp.power(safe, jnp.asarray(root, safe.dtype))
    return jnp.where(zero, jnp.zeros_like(out), out)


def _vector_norm(x, ord, axis, keepdims, safe):
    """JAX's vector norms, differentiated as MindSpore's: |x| with slope sign(x) (0 at 0),
    and, with `safe`, a norm of zeros with slope 0. The values of ``jnp.linalg.vector_norm``."""
    if not jnp.issubdtype(x.dtype, jnp.floating) or ord == 0:
        return jnp.linalg.vector_norm(x, ord=cast(Any, ord), axis=axis, keepdims=keepdims)
    if ord is None or ord == 2:
        if not safe:
            return jnp.linalg.vector_norm(x, ord=2, axis=axis, keepdims=keepdims)
        return _safe_root(jnp.sum(x * x, axis=axis, keepdims=keepdims), 0.5)
    magnitude = abs_sign_grad(x)
    if ord == float("inf"):
        return jnp.max(magnitude, axis=axis, keepdims=keepdims, initial=0)
    if ord == -float("inf"):
        return jnp.min(magnitude, axis=axis, keepdims=keepdims)
    if ord == 1:
        return jnp.sum(magnitude, axis=axis, keepdims=keepdims)
    if isinstance(ord, str):
        return jnp.linalg.vector_norm(x, ord=cast(Any, ord), axis=axis, keepdims=keepdims)
    powered = magnitude ** jnp.asarray(ord, magnitude.dtype)
    return _safe_root(jnp.sum(powered, axis=axis, keepdims=keepdims), 1.0 / ord)


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
    out = _matrix_norm(moved, ord)
    if keepdims:
        out = jnp.expand_dims(out, tuple(sorted(ax)))
    return out


def _matrix_norm(a, ord):
    """JAX's matrix norms of the last two axes, the sum and max norms differentiated as
    MindSpore's (|x| with slope sign(x), see `_vector_norm`)."""
    if not jnp.issubdtype(a.dtype, jnp.floating):
        return jnp.linalg.matrix_norm(a, ord=cast(Any, ord))
    # 1 and -1: the largest and smallest column sum of |a|; inf and -inf: of the row sums
    sums = {1: -2, -1: -2, float("inf"): -1, -float("inf"): -1}
    if isinstance(ord, str) or ord not in sums:
        return jnp.linalg.matrix_norm(a, ord=cast(Any, ord))
    total = jnp.sum(abs_sign_grad(a), axis=sums[ord])
    return jnp.max(total, axis=-1) if ord > 0 else jnp.min(total, axis=-1)


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
