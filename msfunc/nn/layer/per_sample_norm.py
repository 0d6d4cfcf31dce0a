"""Normalisation per sample: GroupNorm and InstanceNorm1d/2d/3d."""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp

from ... import ops
from ...common import dtype as mstype
from ...common.arg_docs import document_args
from ...common.initializer import initializer
from ...common.parameter import Parameter
from ...common.tensor import unwrap
from ..cell import Cell
from .basic import check_positive_int
from .normalization import _NORM_ARGS, _channel_shape, _check_eps, _check_unit, _NormParams

if TYPE_CHECKING:
    from ...common.initializer import Initializer
    from ...common.tensor import Tensor

__all__ = ["GroupNorm", "InstanceNorm1d", "InstanceNorm2d", "InstanceNorm3d"]


# GroupNorm counts `num_channels` in `num_groups` groups where the others take num_features.
_GROUP_ARGS = (
    _NORM_ARGS
    + """
num_groups (int): The number of groups; it divides `num_channels`.
num_channels (int): The channel count C (axis 1).
"""
)


@document_args(_GROUP_ARGS)
class GroupNorm(Cell):
    """Group normalisation of (N, C, ...) over `num_groups` groups of channels.

    Args:
        {args}

    Inputs:
        x (Tensor): (N, C, ...).

    Outputs:
        Tensor of `x`'s shape.

    Example:
        >>> import msfunc as ms
        >>> x = ms.Tensor([[1.0, 3.0, 10.0, 30.0]]).reshape(1, 4, 1, 1)  # two groups
        >>> [round(v, 3) for v in ms.nn.GroupNorm(2, 4)(x).reshape(-1).tolist()]
        [-1.0, 1.0, -1.0, 1.0]
    """

    def __init__(
        self,
        num_groups: int,
        num_channels: int,
        eps: float = 1e-5,
        affine: bool = True,
        gamma_init: str | Initializer | Tensor = "ones",
        beta_init: str | Initializer | Tensor = "zeros",
        dtype: mstype.Number = mstype.float32,
    ):
        super().__init__()
        self.num_groups = check_positive_int(num_groups, "num_groups", "GroupNorm")
        self.num_channels = check_positive_int(num_channels, "num_channels", "GroupNorm")
        if num_channels % num_groups:
            raise ValueError(
                f"GroupNorm: `num_channels` ({num_channels}) must be divisible by "
                f"`num_groups` ({num_groups})"
            )
        self.eps, self.affine = _check_eps(eps, "GroupNorm"), bool(affine)
        self.gamma = Parameter(
            initializer(gamma_init, num_channels, dtype), name="gamma", requires_grad=self.affine
        )
        self.beta = Parameter(
            initializer(beta_init, num_channels, dtype), name="beta", requires_grad=self.affine
        )

    def extend_repr(self):
        return f"num_groups={self.num_groups}, num_channels={self.num_channels}"

    def construct(self, x):
        x = unwrap(x)
        if x.ndim < 2 or x.shape[1] != self.num_channels:
            raise ValueError(
                f"GroupNorm: input must be (N, {self.num_channels}, ...), got shape {x.shape}"
            )
        return ops.group_norm(x, self.num_groups, self.gamma.value(), self.beta.value(), self.eps)


class _InstanceNorm(_NormParams):
    """Normalise each (sample, channel) over its spatial dims, scaled by gamma and beta."""

    _rank = 4

    def __init__(
        self,
        num_features: int,
        eps: float = 1e-5,
        momentum: float = 0.1,
        affine: bool = True,
        gamma_init: str | Initializer | Tensor = "ones",
        beta_init: str | Initializer | Tensor = "zeros",
        dtype: mstype.Number = mstype.float32,
    ):
        super().__init__()
        who = type(self).__name__
        self.num_features = check_positive_int(num_features, "num_features", who)
        self.eps = _check_eps(eps, who)
        self.momentum = _check_unit(momentum, "momentum", who)
        self.affine = bool(affine)
        self._make_params(num_features, self.affine, gamma_init, beta_init, "zeros", "ones", dtype)

    def construct(self, x):
        x = unwrap(x)
        who = type(self).__name__
        if x.ndim != self._rank or x.shape[1] != self.num_features:
            raise ValueError(
                f"{who}: input must be {self._rank}-D with {self.num_features} "
                f"channels, got shape {x.shape}"
            )
        axes = tuple(range(2, x.ndim))
        mean = jnp.mean(x, axis=axes, keepdims=True)
        var = jnp.mean(jnp.square(x - mean), axis=axes, keepdims=True)
        y = (x - mean) * jax.lax.rsqrt(jnp.asarray(var + self.eps))
        return y * _channel_shape(self.gamma.value(), x.ndim) + _channel_shape(
            self.beta.value(), x.ndim
        )


# The instance norms keep no running statistics: `momentum` is only recorded.
_INSTANCE_ARGS = (
    _NORM_ARGS
    + """
momentum (float): In [0, 1]; recorded only, as every call normalises with the
    instance's own statistics. Default: ``0.1``.
"""
)


@document_args(_INSTANCE_ARGS)
class InstanceNorm1d(_InstanceNorm):
    """Instance normalisation of (N, C, L).

    Args:
        {args}

    Inputs:
        x (Tensor): (N, C, L).

    Outputs:
        Tensor of `x`'s shape.

    Example:
        >>> import msfunc as ms
        >>> x = ms.Tensor([[[1.0, 3.0], [10.0, 30.0]]])  # (N=1, C=2, L=2)
        >>> [round(v, 3) for v in ms.nn.InstanceNorm1d(2)(x).reshape(-1).tolist()]
        [-1.0, 1.0, -1.0, 1.0]
    """

    _rank = 3


@document_args(_INSTANCE_ARGS)
class InstanceNorm2d(_InstanceNorm):
    """Instance normalisation of (N, C, H, W).

    Args:
        {args}

    Inputs:
        x (Tensor): (N, C, H, W).

    Outputs:
        Tensor of `x`'s shape.

    Example:
        >>> import msfunc as ms
        >>> x = ms.Tensor([[[[1.0, 3.0]], [[10.0, 30.0]]]])  # (N=1, C=2, H=1, W=2)
        >>> [round(v, 3) for v in ms.nn.InstanceNorm2d(2)(x).reshape(-1).tolist()]
        [-1.0, 1.0, -1.0, 1.0]
    """

    _rank = 4


@document_args(_INSTANCE_ARGS)
class InstanceNorm3d(_InstanceNorm):
    """Instance normalisation of (N, C, D, H, W).

    Args:
        {args}

    Inputs:
        x (Tensor): (N, C, D, H, W).

    Outputs:
        Tensor of `x`'s shape.

    Example:
        >>> import msfunc as ms
        >>> x = ms.Tensor([1.0, 3.0]).reshape(1, 1, 1, 1, 2)  # (N=1, C=1, 1, 1, W=2)
        >>> [round(v, 3) for v in ms.nn.InstanceNorm3d(1)(x).reshape(-1).tolist()]
        [-1.0, 1.0]
    """

    _rank = 5
