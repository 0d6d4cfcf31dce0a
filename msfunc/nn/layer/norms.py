"""Norm, ClipByNorm and L1Regularizer: L2 and L1 norms of tensors as Cells."""

from __future__ import annotations

import math
import numbers

import jax.numpy as jnp

from ...common.tensor import Tensor, unwrap
from .._arg_checks import check_axes, check_flag
from ..cell import Cell

__all__ = ["Norm", "ClipByNorm", "L1Regularizer"]


def _tensor(value, name, who):
    """The array of a Tensor argument; anything else (a str, a numpy array) is a TypeError."""
    if not isinstance(value, Tensor):
        raise TypeError(f"{who}: `{name}` must be a Tensor, got {type(value).__name__}")
    return unwrap(value)


def _float_of(x):
    """`x` as floating point: integer and bool inputs become float32."""
    return x if jnp.issubdtype(x.dtype, jnp.floating) else x.astype(jnp.float32)


def _safe_sqrt(total):
    """sqrt with a zero gradient where `total` is 0 (an all-zero slice), not NaN."""
    positive = total > 0
    return jnp.where(positive, jnp.sqrt(jnp.where(positive, total, 1)), 0)


class Norm(Cell):
    """L2 norm ``sqrt(sum(x ** 2))`` over `axis`.

    Args:
        axis (Union[int, tuple[int]]): The axes reduced; ``()`` reduces every axis.
            Default: ``()``.
        keep_dims (bool): Keep the reduced axes with length 1. Default: ``False``.

    Inputs:
        x (Tensor): Any shape; integer input is computed in float32.

    Outputs:
        Tensor, floating point, the reduced shape.

    Example:
        >>> import msfunc as ms
        >>> float(ms.nn.Norm()(ms.Tensor([3.0, 4.0])))
        5.0
    """

    def __init__(self, axis: int | tuple[int, ...] = (), keep_dims: bool = False):
        super().__init__()
        self.axis = check_axes("Norm", "axis", axis)
        self.keep_dims = check_flag("Norm", "keep_dims", keep_dims)

    def construct(self, x):
        x = _float_of(jnp.asarray(unwrap(x)))
        axis = None if self.axis == () else self.axis
        if axis is not None:
            for a in axis if isinstance(axis, tuple) else (axis,):
                if not -x.ndim <= a < max(x.ndim, 1):
                    raise ValueError(
                        f"Norm: `axis` {self.axis} is out of range for a {x.ndim}-D input"
                    )
        return jnp.sqrt(jnp.sum(jnp.square(x), axis=axis, keepdims=self.keep_dims))

    def extend_repr(self):
        return f"axis={self.axis}, keep_dims={self.keep_dims}"


class ClipByNorm(Cell):
    """``x * clip_norm / max(l2_norm(x, axis), clip_norm)``: each slice over `axis` (every
    axis when None) is scaled down to L2 norm `clip_norm` if its norm is larger. The result
    is float32, with x's shape.

    Args:
        axis (Union[int, tuple[int], None]): The axes a norm is taken over; ``None`` is every
            axis. Default: ``None``.

    Inputs:
        x (Tensor): Floating point, any shape.
        clip_norm (Tensor): The largest norm kept, broadcastable to `x`.

    Outputs:
        Tensor, float32, of `x`'s shape.

    Example:
        >>> import msfunc as ms
        >>> clip = ms.nn.ClipByNorm()
        >>> clip(ms.Tensor([3.0, 4.0]), ms.Tensor(1.0)).tolist()
        [0.6000000238418579, 0.800000011920929]
    """

    def __init__(self, axis: int | tuple[int, ...] | None = None):
        super().__init__()
        self.axis = check_axes("ClipByNorm", "axis", axis, allow_none=True)

    def construct(self, x, clip_norm):
        x = _tensor(x, "x", "ClipByNorm")
        limit = _tensor(clip_norm, "clip_norm", "ClipByNorm")
        if not jnp.issubdtype(x.dtype, jnp.floating):
            raise TypeError(f"ClipByNorm: `x` must be a float tensor, got {x.dtype}")
        try:
            shape = jnp.broadcast_shapes(x.shape, limit.shape)
        except ValueError:
            shape = None
        if shape != x.shape:
            raise ValueError(
                f"ClipByNorm: `clip_norm` of shape {limit.shape} must broadcast "
                f"to x's shape {x.shape}"
            )
        x = x.astype(jnp.float32)
        limit = limit.astype(jnp.float32)
        norm = _safe_sqrt(jnp.sum(jnp.square(x), axis=self.axis, keepdims=True))
        return x * limit / jnp.maximum(norm, limit)


class L1Regularizer(Cell):
    """``scale * sum(|weights|)``, the L1 penalty of a weight tensor (float32 or wider).

    Args:
        scale (float): The penalty's positive, finite factor.

    Inputs:
        weights (Tensor): Numeric, any shape.

    Outputs:
        Tensor, a scalar of float32 or `weights`' wider float dtype.

    Example:
        >>> import msfunc as ms
        >>> float(ms.nn.L1Regularizer(0.5)(ms.Tensor([[1.0, -2.0], [-3.0, 4.0]])))
        5.0
    """

    def __init__(self, scale: float):
        super().__init__()
        if isinstance(scale, bool) or not isinstance(scale, numbers.Real):
            raise TypeError(
                f"L1Regularizer: `scale` must be an int or float, got {type(scale).__name__}"
            )
        if not math.isfinite(scale):
            raise ValueError(f"L1Regularizer: `scale` must be finite, got {scale!r}")
        if scale <= 0:
            raise ValueError(f"L1Regularizer: `scale` must be > 0, got {scale!r}")
        self.scale = float(scale)

    def construct(self, weights):
        w = _tensor(weights, "weights", "L1Regularizer")
        if w.dtype == jnp.bool_:
            raise TypeError("L1Regularizer: `weights` must be a numeric tensor, got bool")
        out_dtype = jnp.promote_types(w.dtype, jnp.float32)
        return self.scale * jnp.sum(jnp.abs(w.astype(out_dtype)))
