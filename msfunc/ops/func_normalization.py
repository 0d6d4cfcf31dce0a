"""Functional normalisation ops: batch, layer, group and RMS norm, their fused add forms, lrn."""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp

from ..common.args import check_int, tensor_arg
from ..common.parameter import Parameter
from ..common.tensor import unwrap

if TYPE_CHECKING:
    from collections.abc import Sequence

    from jax import Array
    from jax.typing import ArrayLike

__all__ = [
    "batch_norm",
    "layer_norm",
    "group_norm",
    "rms_norm",
    "add_rms_norm",
    "add_layer_norm",
    "lrn",
]


def _bcast_c(v, ndim):
    return jnp.reshape(v, (1, -1) + (1,) * (ndim - 2))


def batch_norm(
    input_x: ArrayLike,
    running_mean: Parameter | ArrayLike,
    running_var: Parameter | ArrayLike,
    weight: Parameter | ArrayLike | None,
    bias: Parameter | ArrayLike | None,
    training: bool = False,
    momentum: float = 0.1,
    eps: float = 1e-05,
) -> Array:
    """Batch normalisation over axis 1: ``(x - mean) / sqrt(var + eps) * weight + bias``.

    In training the batch's statistics are used, and running statistics held in Parameters
    are updated to ``(1 - momentum) * old + momentum * batch`` (the unbiased variance); in
    inference the running statistics are used.

    Args:
        input_x (Tensor): Shape ``(N, C, ...)``.
        running_mean (Union[Tensor, Parameter]): Shape ``(C,)``.
        running_var (Union[Tensor, Parameter]): Shape ``(C,)``.
        weight (Union[Tensor, None]): The scale, shape ``(C,)``; ``None`` leaves it out.
        bias (Union[Tensor, None]): The shift, shape ``(C,)``; ``None`` leaves it out.
        training (bool): Use and record the batch's statistics. Default: ``False``.
        momentum (float): The running statistics' update rate. Default: ``0.1``.
        eps (float): Added to the variance. Default: ``1e-05``.

    Returns:
        Tensor of `input_x`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1.0, 10.0], [3.0, 30.0]])  # (N=2, C=2)
        >>> mean = ms.Parameter(ms.Tensor([0.0, 0.0]), name="mean")
        >>> var = ms.Parameter(ms.Tensor([1.0, 1.0]), name="var")
        >>> w, b = ms.Tensor([1.0, 1.0]), ms.Tensor([0.0, 0.0])
        >>> print(ops.batch_norm(x, mean, var, w, b, training=True).asnumpy().round(4))
        [[-1. -1.]
         [ 1.  1.]]
        >>> print(mean.value())  # 0.9 * 0 + 0.1 * the batch mean
        [0.2 2. ]
    """
    x = tensor_arg(input_x, "input_x")
    if x.ndim < 2:
        raise ValueError(f"batch_norm: `input_x` must have at least 2 dims, got {x.ndim}")
    if training:
        axes = tuple(i for i in range(x.ndim) if i != 1)
        mean = jnp.mean(x, axis=axes)
        var = jnp.var(x, axis=axes)
        n = x.size // x.shape[1]
        unbiased = var * n / max(n - 1, 1)
        for box, new in ((running_mean, mean), (running_var, unbiased)):
            if isinstance(box, Parameter):
                old = unwrap(box)
                box.set_data(((1 - momentum) * old + momentum * new).astype(old.dtype))
    else:
        mean, var = tensor_arg(running_mean, "running_mean"), tensor_arg(running_var, "running_var")
    out = (x - _bcast_c(mean, x.ndim)) * jax.lax.rsqrt(_bcast_c(var, x.ndim) + eps)
    # mint.nn.functional.batch_norm leaves out the affine step when weight or bias is None
    if weight is not None:
        out = out * _bcast_c(tensor_arg(weight, "weight"), x.ndim)
    if bias is not None:
        out = out + _bcast_c(tensor_arg(bias, "bias"), x.ndim)
    return out


def layer_norm(
    input: ArrayLike,
    normalized_shape: int | Sequence[int],
    weight: ArrayLike | None = None,
    bias: ArrayLike | None = None,
    eps: float = 1e-05,
) -> Array:
    """Layer normalisation over the trailing `normalized_shape` axes:
    ``(x - mean) / sqrt(var + eps) * weight + bias``.

    Args:
        input (Tensor): The tensor.
        normalized_shape (Union[int, tuple[int]]): The trailing shape to normalise over.
        weight (Tensor, optional): The scale, of `normalized_shape`. Default: ``None``.
        bias (Tensor, optional): The shift, of `normalized_shape`. Default: ``None``.
        eps (float): Added to the variance. Default: ``1e-05``.

    Returns:
        Tensor of `input`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.layer_norm(ms.Tensor([[1.0, 2.0, 3.0]]), (3,)))  # sqrt(3/2) = 1.2247...
        [[-1.22...  0.      1.22...]]
    """
    x = tensor_arg(input)
    shape = (normalized_shape,) if isinstance(normalized_shape, int) else tuple(normalized_shape)
    if tuple(x.shape[x.ndim - len(shape) :]) != shape:
        raise ValueError(
            f"layer_norm: `normalized_shape` {shape} does not match the trailing "
            f"dims of input shape {x.shape}"
        )
    axes = tuple(range(x.ndim - len(shape), x.ndim))
    mean = jnp.mean(x, axis=axes, keepdims=True)
    var = jnp.var(x, axis=axes, keepdims=True)
    y = (x - mean) * jax.lax.rsqrt(var + eps)
    if weight is not None:
        y = y * tensor_arg(weight, "weight")
    if bias is not None:
        y = y + tensor_arg(bias, "bias")
    return y


def group_norm(
    input: ArrayLike,
    num_groups: int,
    weight: ArrayLike | None = None,
    bias: ArrayLike | None = None,
    eps: float = 1e-05,
) -> Array:
    """Group normalisation: the channels of ``(N, C, ...)`` split into `num_groups` groups,
    each normalised over its channels and positions, then scaled and shifted per channel.

    Args:
        input (Tensor): Shape ``(N, C, ...)``, ``C`` a multiple of `num_groups`.
        num_groups (int): The number of groups.
        weight (Tensor, optional): The scale, shape ``(C,)``. Default: ``None``.
        bias (Tensor, optional): The shift, shape ``(C,)``. Default: ``None``.
        eps (float): Added to the variance. Default: ``1e-05``.

    Returns:
        Tensor of `input`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[1.0, 3.0, 10.0, 30.0]])  # (N=1, C=4), two groups of two
        >>> print(ops.group_norm(x, 2, eps=0.0))
        [[-1.  1. -1.  1.]]
    """
    x = tensor_arg(input)
    check_int(num_groups, "num_groups", 1)
    n, c = x.shape[:2]
    if c % num_groups:
        raise ValueError(
            f"group_norm: channels ({c}) must be divisible by `num_groups` ({num_groups})"
        )
    g = x.reshape(n, num_groups, -1)
    mean = jnp.mean(g, axis=-1, keepdims=True)
    var = jnp.var(g, axis=-1, keepdims=True)
    y = ((g - mean) * jax.lax.rsqrt(var + eps)).reshape(x.shape)
    if weight is not None:
        y = y * _bcast_c(tensor_arg(weight, "weight"), x.ndim)
    if bias is not None:
        y = y + _bcast_c(tensor_arg(bias, "bias"), x.ndim)
    return y


def _rms(x, gamma, epsilon):
    axes = tuple(range(x.ndim - gamma.ndim, x.ndim))
    rstd = jax.lax.rsqrt(jnp.mean(jnp.square(x), axis=axes, keepdims=True) + epsilon)
    return x * rstd * gamma, rstd


def rms_norm(x: ArrayLike, gamma: ArrayLike, epsilon: float = 1e-06) -> tuple[Array, Array]:
    """RMS normalisation over the trailing axes of `gamma`'s rank:
    ``x / sqrt(mean(x ** 2) + epsilon) * gamma``.

    Args:
        x (Tensor): The tensor.
        gamma (Tensor): The scale, of `x`'s trailing shape.
        epsilon (float): Added to the mean square. Default: ``1e-06``.

    Returns:
        Tuple ``(y, rstd)``: the result and ``1 / sqrt(mean(x ** 2) + epsilon)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> y, rstd = ops.rms_norm(ms.Tensor([[3.0, 4.0]]), ms.Tensor([1.0, 1.0]))
        >>> print(y, rstd)  # rms = sqrt(12.5)
        [[0.848... 1.131...]] [[0.282...]]
    """
    return _rms(tensor_arg(x, "x"), tensor_arg(gamma, "gamma"), epsilon)


def add_rms_norm(
    x1: ArrayLike, x2: ArrayLike, gamma: ArrayLike, epsilon: float = 1e-06
) -> tuple[Array, Array, Array]:
    """`rms_norm` of the sum ``x1 + x2``, also returning the sum.

    Args:
        x1 (Tensor): The first addend.
        x2 (Tensor): The second addend.
        gamma (Tensor): The scale, of the trailing shape.
        epsilon (float): Added to the mean square. Default: ``1e-06``.

    Returns:
        Tuple ``(y, rstd, x1 + x2)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x1, x2 = ms.Tensor([[1.0, 2.0]]), ms.Tensor([[2.0, 2.0]])
        >>> y, rstd, s = ops.add_rms_norm(x1, x2, ms.Tensor([1.0, 1.0]))
        >>> print(y, s)
        [[0.848... 1.131...]] [[3. 4.]]
    """
    s = tensor_arg(x1, "x1") + tensor_arg(x2, "x2")
    y, rstd = _rms(s, tensor_arg(gamma, "gamma"), epsilon)
    return y, rstd, s


def add_layer_norm(
    x1: ArrayLike,
    x2: ArrayLike,
    gamma: ArrayLike,
    beta: ArrayLike,
    epsilon: float = 1e-05,
    additional_output: bool = False,
) -> tuple[Array, Array, Array, Array]:
    """Layer normalisation of the sum ``x1 + x2`` over the trailing axes of `gamma`'s rank.

    Args:
        x1 (Tensor): The first addend.
        x2 (Tensor): The second addend.
        gamma (Tensor): The scale, of the trailing shape.
        beta (Tensor): The shift, of the trailing shape.
        epsilon (float): Added to the variance. Default: ``1e-05``.
        additional_output (bool): Accepted for MindSpore's signature; the sum is always
            returned. Default: ``False``.

    Returns:
        Tuple ``(y, mean, rstd, x1 + x2)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x1, x2 = ms.Tensor([[1.0, 2.0]]), ms.Tensor([[0.0, 2.0]])
        >>> gamma, beta = ms.Tensor([1.0, 1.0]), ms.Tensor([0.0, 0.0])
        >>> y, mean, rstd, s = ops.add_layer_norm(x1, x2, gamma, beta, epsilon=0.0)
        >>> print(y, mean.reshape(-1), s)
        [[-1.  1.]] [2.5] [[1. 4.]]
    """
    s = tensor_arg(x1, "x1") + tensor_arg(x2, "x2")
    g = tensor_arg(gamma, "gamma")
    axes = tuple(range(s.ndim - g.ndim, s.ndim))
    mean = jnp.mean(s, axis=axes, keepdims=True)
    rstd = jax.lax.rsqrt(jnp.var(s, axis=axes, keepdims=True) + epsilon)
    return (s - mean) * rstd * g + tensor_arg(beta, "beta"), mean, rstd, s


def lrn(
    x: ArrayLike,
    depth_radius: int = 5,
    bias: float = 1.0,
    alpha: float = 1.0,
    beta: float = 0.5,
    norm_region: str = "ACROSS_CHANNELS",
) -> Array:
    """Local response normalisation across the channels of an ``(N, C, H, W)`` tensor:
    ``x / (bias + alpha * s) ** beta``, ``s`` the sum of squares over the channels within
    `depth_radius`.

    Args:
        x (Tensor): Shape ``(N, C, H, W)``.
        depth_radius (int): Channels on each side in the sum. Default: ``5``.
        bias (float): The offset. Default: ``1.0``.
        alpha (float): The scale of the sum. Default: ``1.0``.
        beta (float): The exponent. Default: ``0.5``.
        norm_region (str): Must be ``'ACROSS_CHANNELS'``. Default: ``'ACROSS_CHANNELS'``.

    Returns:
        Tensor of `x`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[[[1.0]], [[2.0]]]])  # (N=1, C=2, H=1, W=1)
        >>> print(ops.lrn(x, depth_radius=1).reshape(-1))  # x / sqrt(1 + 1 + 4)
        [0.408... 0.816...]
    """
    if norm_region != "ACROSS_CHANNELS":
        raise ValueError(f"lrn: `norm_region` must be 'ACROSS_CHANNELS', got {norm_region!r}")
    x = tensor_arg(x, "x")
    if x.ndim != 4:
        raise ValueError(f"lrn: `x` must be 4-D (NCHW), got {x.ndim}-D")
    r = check_int(depth_radius, "depth_radius", 0)
    sq = jnp.pad(jnp.square(x), ((0, 0), (r, r), (0, 0), (0, 0)))
    c = x.shape[1]
    window = sum(sq[:, i : i + c] for i in range(2 * r + 1))
    return x / (bias + alpha * window) ** beta
