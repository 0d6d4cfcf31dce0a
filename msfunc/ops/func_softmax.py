"""Functional softmax family and gated units: softmax, softmin, log_softmax, gumbel_softmax,
glu and swiglu."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import jax
import jax.numpy as jnp

from ..common import cpu_softmax, half_softmax
from ..common.args import dtype_arg, reduce_axes, tensor_arg
from ..common.seed import next_key

if TYPE_CHECKING:
    from jax import Array
    from jax.typing import ArrayLike

__all__ = ["softmax", "softmin", "log_softmax", "gumbel_softmax", "glu", "swiglu"]


def _axis_dtype(x, dtype):
    x = tensor_arg(x)
    return x.astype(dtype_arg(dtype, default=x.dtype)) if dtype is not None else x


def softmax(input: ArrayLike, axis: int | tuple[int, ...] = -1, *, dtype: Any = None) -> Array:
    """Softmax along `axis`: ``exp(x) / sum(exp(x))``, each slice a probability distribution.

    Args:
        input (Tensor): The logits.
        axis (Union[int, tuple[int]]): The axis or axes normalised over. Default: ``-1``.
        dtype (Union[mindspore.dtype, None]): When given, `input` is cast to it first.
            Default: ``None``.

    Returns:
        Tensor, of `input`'s shape.

    Raises:
        TypeError: If `axis` is not an int or tuple.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.softmax(ms.Tensor([1.0, 1.0])))
        [0.5 0.5]
        >>> print(ops.softmax(ms.Tensor([[0.0, 1.0], [2.0, 2.0]]), axis=1).asnumpy().round(4))
        [[0.2689 0.7311]
         [0.5    0.5   ]]
    """
    if not isinstance(axis, (int, tuple, list)):
        raise TypeError(f"softmax: `axis` must be an int or tuple, got {type(axis).__name__}")
    x = _axis_dtype(input, dtype)
    one_axis = axis[0] if isinstance(axis, (tuple, list)) and len(axis) == 1 else axis
    if isinstance(one_axis, int) and half_softmax.applies(x):
        return half_softmax.softmax(x, one_axis)  # MindSpore's float16 kernel
    return cpu_softmax.softmax(x, axis)  # pyright: ignore[reportArgumentType]


def softmin(x: ArrayLike, axis: int | tuple[int, ...] = -1, *, dtype: Any = None) -> Array:
    """Softmin along `axis`: ``softmax(-x)``, so the smallest entries weigh most.

    Args:
        x (Tensor): The input.
        axis (Union[int, tuple[int]]): The axis or axes normalised over. Default: ``-1``.
        dtype (Union[mindspore.dtype, None]): When given, `x` is cast to it first.
            Default: ``None``.

    Returns:
        Tensor, of `x`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.softmin(ms.Tensor([0.0, 1.0])).asnumpy().round(4))
        [0.7311 0.2689]
    """
    return jax.nn.softmax(-_axis_dtype(x, dtype), axis=axis)


def log_softmax(logits: ArrayLike, axis: int = -1) -> Array:
    """Log of the softmax along `axis`, ``x - logsumexp(x)``, computed stably.

    Args:
        logits (Tensor): The logits.
        axis (int): The axis normalised over. Default: ``-1``.

    Returns:
        Tensor, of `logits`' shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.log_softmax(ms.Tensor([0.0, 0.0, 0.0])).asnumpy().round(4))
        [-1.0986 -1.0986 -1.0986]
    """
    x = tensor_arg(logits, "logits")
    if x.ndim == 0:  # MindSpore takes a scalar at axis 0 or -1 as its one element
        reduce_axes(axis, 0)
        return x - x  # (0, NaN for a non-finite element, as over a length-1 axis)
    if half_softmax.applies(x):
        return half_softmax.log_softmax(x, axis)  # MindSpore runs it in float32
    return cpu_softmax.log_softmax(x, axis)


def glu(x: ArrayLike, axis: int = -1) -> Array:
    """Gated linear unit: `x` halved along `axis` into a and b, then ``a * sigmoid(b)``.

    Args:
        x (Tensor): The input; `axis` must have even length.
        axis (int): The axis split in two. Default: ``-1``.

    Returns:
        Tensor, of `x`'s shape with `axis` halved.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.glu(ms.Tensor([[1.0, 2.0, 0.0, 1.0]])).asnumpy().round(4))
        [[0.5    1.4621]]
    """
    a, b = jnp.split(tensor_arg(x, "x"), 2, axis=axis)
    return a * jax.nn.sigmoid(b)


def swiglu(input: ArrayLike, dim: int = -1) -> Array:
    """SwiGLU: `input` halved along `dim` into a and b, then ``silu(a) * b``.

    Args:
        input (Tensor): The input; `dim` must have even length.
        dim (int): The axis split in two. Default: ``-1``.

    Returns:
        Tensor, of `input`'s shape with `dim` halved.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.swiglu(ms.Tensor([1.0, 2.0])).asnumpy().round(4))
        [1.4621]
    """
    a, b = jnp.split(tensor_arg(input), 2, axis=dim)
    return jax.nn.silu(a) * b


def gumbel_softmax(logits: ArrayLike, tau: float = 1.0, hard: bool = False, dim: int = -1) -> Array:
    """A sample of the Gumbel-softmax distribution: ``softmax((logits + g) / tau)`` with g
    Gumbel noise drawn from the global seed.

    With `hard`, the result is the one-hot of its largest entry, while gradients flow
    as through the soft sample (straight-through).

    Args:
        logits (Tensor): Unnormalised log-probabilities.
        tau (float): The temperature, > 0. Default: ``1.0``.
        hard (bool): Whether to return one-hot samples. Default: ``False``.
        dim (int): The axis of the categories. Default: ``-1``.

    Returns:
        Tensor, of `logits`' shape.

    Raises:
        ValueError: If `tau` is not positive.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> y = ops.gumbel_softmax(ops.log(ms.Tensor([[0.2, 0.8]])), hard=True)
        >>> y.shape, float(y.sum())
        ((1, 2), 1.0)
    """
    x = tensor_arg(logits, "logits")
    if tau <= 0:
        raise ValueError(f"gumbel_softmax: `tau` must be > 0, got {tau}")
    g = jax.random.gumbel(next_key(), x.shape, x.dtype)
    y = jax.nn.softmax((x + g) / tau, axis=dim)
    if hard:
        idx = jnp.argmax(y, axis=dim)
        hard_y = jax.nn.one_hot(idx, x.shape[dim], axis=dim, dtype=y.dtype)
        y = hard_y - jax.lax.stop_gradient(y) + y
    return y
