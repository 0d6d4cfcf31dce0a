"""Normalisation layers: BatchNorm1d/2d/3d, LayerNorm, GroupNorm, InstanceNorm1d/2d/3d.

BatchNorm keeps its running statistics in non-trainable Parameters (attributes
``moving_mean``/``moving_variance``, named ``mean``/``variance`` as in MindSpore) and
updates them with MindSpore's convention ``moving = momentum * moving + (1 - momentum) * batch``
through ``set_data``, so the update is carried by msfunc's transforms (jit, grad, data_sink).
"""

import jax
import jax.numpy as jnp

from ... import ops
from ...common import dtype as mstype
from ...common.initializer import initializer
from ...common.parameter import Parameter
from ...common.tensor import unwrap
from ..cell import Cell
from .basic import check_positive_int

__all__ = [
    "BatchNorm1d",
    "BatchNorm2d",
    "BatchNorm3d",
    "LayerNorm",
    "GroupNorm",
    "InstanceNorm1d",
    "InstanceNorm2d",
    "InstanceNorm3d",
]


def _check_unit(value, name, who):
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise ValueError(f"{who}: `{name}` must be a float in [0, 1], got {value!r}")
    return float(value)


def _check_eps(value, who):
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
        raise ValueError(f"{who}: `eps` must be a positive float, got {value!r}")
    return float(value)


def _channel_shape(v, ndim):
    return jnp.reshape(v, (1, -1) + (1,) * (ndim - 2))


class _NormParams(Cell):
    """gamma/beta (trainable unless affine=False) and moving_mean/moving_variance."""

    def _make_params(
        self, num_features, affine, gamma_init, beta_init, moving_mean_init, moving_var_init, dtype
    ):
        self.moving_mean = Parameter(
            initializer(moving_mean_init, num_features, dtype), name="mean", requires_grad=False
        )
        self.moving_variance = Parameter(
            initializer(moving_var_init, num_features, dtype), name="variance", requires_grad=False
        )
        self.gamma = Parameter(
            initializer(gamma_init, num_features, dtype), name="gamma", requires_grad=affine
        )
        self.beta = Parameter(
            initializer(beta_init, num_features, dtype), name="beta", requires_grad=affine
        )


class _BatchNorm(_NormParams):
    _ranks = (4,)

    def __init__(
        self,
        num_features,
        eps=1e-5,
        momentum=0.9,
        affine=True,
        gamma_init="ones",
        beta_init="zeros",
        moving_mean_init="zeros",
        moving_var_init="ones",
        use_batch_statistics=None,
        data_format="NCHW",
        dtype=mstype.float32,
    ):
        super().__init__()
        who = type(self).__name__
        self.num_features = check_positive_int(num_features, "num_features", who)
        self.eps = _check_eps(eps, who)
        self.momentum = _check_unit(momentum, "momentum", who)
        if use_batch_statistics not in (None, True, False):
            raise ValueError(
                f"{who}: `use_batch_statistics` must be None, True or False, got "
                f"{use_batch_statistics!r}"
            )
        if data_format != "NCHW":
            raise ValueError(f"{who}: only `data_format` 'NCHW' is supported, got {data_format!r}")
        self.affine, self.use_batch_statistics = bool(affine), use_batch_statistics
        self._make_params(
            num_features,
            self.affine,
            gamma_init,
            beta_init,
            moving_mean_init,
            moving_var_init,
            dtype,
        )

    def _uses_batch_stats(self):
        if self.use_batch_statistics is None:
            return self.training
        return self.use_batch_statistics

    def construct(self, x):
        x = unwrap(x)
        who = type(self).__name__
        if x.ndim not in self._ranks:
            raise ValueError(
                f"{who}: input must be {' or '.join(map(str, self._ranks))}-D, "
                f"got {x.ndim}-D (shape {x.shape})"
            )
        if x.shape[1] != self.num_features:
            raise ValueError(
                f"{who}: input has {x.shape[1]} channels, expected {self.num_features}"
            )
        gamma, beta = self.gamma.value(), self.beta.value()
        if not self._uses_batch_stats():
            mean, var = self.moving_mean.value(), self.moving_variance.value()
        else:
            axes = tuple(i for i in range(x.ndim) if i != 1)
            mean = jnp.mean(x, axis=axes)
            var = jnp.mean(jnp.square(x - _channel_shape(mean, x.ndim)), axis=axes)
            n = x.size // x.shape[1]
            # The running variance is the unbiased estimate; the statistics are not
            # differentiated through the running averages.
            unbiased = jax.lax.stop_gradient(var * (n / max(n - 1, 1)))
            m = self.momentum
            old_mean, old_var = self.moving_mean.value(), self.moving_variance.value()
            self.moving_mean.set_data(
                (m * old_mean + (1 - m) * jax.lax.stop_gradient(mean)).astype(old_mean.dtype)
            )
            self.moving_variance.set_data((m * old_var + (1 - m) * unbiased).astype(old_var.dtype))
        inv = jax.lax.rsqrt(jnp.asarray(_channel_shape(var, x.ndim) + self.eps))
        return (x - _channel_shape(mean, x.ndim)) * inv * _channel_shape(
            gamma, x.ndim
        ) + _channel_shape(beta, x.ndim)

    def extend_repr(self):
        return (
            f"num_features={self.num_features}, eps={self.eps}, momentum={self.momentum}, "
            f"gamma={self.gamma}, beta={self.beta}, moving_mean={self.moving_mean}, "
            f"moving_variance={self.moving_variance}"
        )


class BatchNorm1d(_BatchNorm):
    """Batch normalisation of (N, C) or (N, C, L) input over all axes but the channel axis 1.

    Example:
        >>> import msfunc as ms
        >>> bn = ms.nn.BatchNorm1d(2).set_train()
        >>> y = bn(ms.Tensor([[0.0, 1.0], [2.0, 3.0]]))
        >>> bn.moving_mean.value().tolist()       # 0.9 * 0 + 0.1 * batch mean
        [0.10000000149011612, 0.20000000298023224]
    """

    _ranks = (2, 3)


class BatchNorm2d(_BatchNorm):
    """Batch normalisation of NCHW input (running statistics in moving_mean/moving_variance).

    Example:
        >>> import msfunc as ms
        >>> bn = ms.nn.BatchNorm2d(2).set_train()
        >>> x = ms.Tensor([[[[1.0]], [[10.0]]], [[[3.0]], [[30.0]]]])  # (N=2, C=2, 1, 1)
        >>> [round(v, 3) for v in bn(x).reshape(-1).tolist()]  # each channel: -1, 1
        [-1.0, -1.0, 1.0, 1.0]
        >>> [round(v, 4) for v in bn.moving_mean.asnumpy().tolist()]  # 0.9 * 0 + 0.1 * mean
        [0.2, 2.0]
    """

    _ranks = (4,)


class BatchNorm3d(Cell):
    """Batch normalisation of NCDHW input; holds a BatchNorm2d as ``bn2d`` (MindSpore's
    parameter names ``bn2d.moving_mean`` ...).

    Example:
        >>> import msfunc as ms
        >>> bn = ms.nn.BatchNorm3d(1).set_train()
        >>> x = ms.Tensor([1.0, 3.0]).reshape(2, 1, 1, 1, 1)  # (N=2, C=1, 1, 1, 1)
        >>> [round(v, 3) for v in bn(x).reshape(-1).tolist()]
        [-1.0, 1.0]
    """

    def __init__(
        self,
        num_features,
        eps=1e-5,
        momentum=0.9,
        affine=True,
        gamma_init="ones",
        beta_init="zeros",
        moving_mean_init="zeros",
        moving_var_init="ones",
        use_batch_statistics=None,
        dtype=mstype.float32,
    ):
        super().__init__()
        self.num_features = num_features
        self.bn2d = BatchNorm2d(
            num_features,
            eps,
            momentum,
            affine,
            gamma_init,
            beta_init,
            moving_mean_init,
            moving_var_init,
            use_batch_statistics,
            dtype=dtype,
        )

    def construct(self, x):
        x = unwrap(x)
        if x.ndim != 5:
            raise ValueError(f"BatchNorm3d: input must be 5-D (NCDHW), got {x.ndim}-D")
        n, c, d, h, w = x.shape
        return self.bn2d(x.reshape(n, c, d * h, w)).reshape(x.shape)


class LayerNorm(Cell):
    """Normalise over the axes from `begin_norm_axis` on; gamma/beta of shape
    `normalized_shape` apply from `begin_params_axis` on (epsilon default 1e-7).

    Example:
        >>> import msfunc as ms
        >>> ln = ms.nn.LayerNorm((2,))
        >>> [round(v, 3) for v in ln(ms.Tensor([[1.0, 3.0]])).tolist()[0]]
        [-1.0, 1.0]
    """

    def __init__(
        self,
        normalized_shape,
        begin_norm_axis=-1,
        begin_params_axis=-1,
        gamma_init="ones",
        beta_init="zeros",
        epsilon=1e-7,
        dtype=mstype.float32,
    ):
        super().__init__()
        if not isinstance(normalized_shape, (tuple, list)):
            raise TypeError(
                "LayerNorm: `normalized_shape` must be a tuple or list, got "
                f"{type(normalized_shape).__name__}"
            )
        self.normalized_shape = tuple(normalized_shape)
        self.begin_norm_axis, self.begin_params_axis = begin_norm_axis, begin_params_axis
        self.epsilon = _check_eps(epsilon, "LayerNorm")
        self.gamma = Parameter(initializer(gamma_init, self.normalized_shape, dtype), name="gamma")
        self.beta = Parameter(initializer(beta_init, self.normalized_shape, dtype), name="beta")

    def construct(self, input_x):
        x = unwrap(input_x)
        start = self.begin_norm_axis % x.ndim
        axes = tuple(range(start, x.ndim))
        mean = jnp.mean(x, axis=axes, keepdims=True)
        var = jnp.mean(jnp.square(x - mean), axis=axes, keepdims=True)
        y = (x - mean) * jax.lax.rsqrt(jnp.asarray(var + self.epsilon))
        pstart = self.begin_params_axis % x.ndim
        if tuple(x.shape[pstart:]) != self.normalized_shape:
            raise ValueError(
                f"LayerNorm: input dims from axis {pstart} are {x.shape[pstart:]}, "
                f"expected `normalized_shape` {self.normalized_shape}"
            )
        return y * self.gamma.value() + self.beta.value()

    def extend_repr(self):
        return (
            f"normalized_shape={self.normalized_shape}, begin_norm_axis="
            f"{self.begin_norm_axis}, begin_params_axis={self.begin_params_axis}, "
            f"gamma={self.gamma}, beta={self.beta}"
        )


class GroupNorm(Cell):
    """Group normalisation of (N, C, ...) over `num_groups` groups of channels.

    Example:
        >>> import msfunc as ms
        >>> x = ms.Tensor([[1.0, 3.0, 10.0, 30.0]]).reshape(1, 4, 1, 1)  # two groups
        >>> [round(v, 3) for v in ms.nn.GroupNorm(2, 4)(x).reshape(-1).tolist()]
        [-1.0, 1.0, -1.0, 1.0]
    """

    def __init__(
        self,
        num_groups,
        num_channels,
        eps=1e-5,
        affine=True,
        gamma_init="ones",
        beta_init="zeros",
        dtype=mstype.float32,
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
        num_features,
        eps=1e-5,
        momentum=0.1,
        affine=True,
        gamma_init="ones",
        beta_init="zeros",
        dtype=mstype.float32,
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


class InstanceNorm1d(_InstanceNorm):
    """Instance normalisation of (N, C, L).

    Example:
        >>> import msfunc as ms
        >>> x = ms.Tensor([[[1.0, 3.0], [10.0, 30.0]]])  # (N=1, C=2, L=2)
        >>> [round(v, 3) for v in ms.nn.InstanceNorm1d(2)(x).reshape(-1).tolist()]
        [-1.0, 1.0, -1.0, 1.0]
    """

    _rank = 3


class InstanceNorm2d(_InstanceNorm):
    """Instance normalisation of (N, C, H, W).

    Example:
        >>> import msfunc as ms
        >>> x = ms.Tensor([[[[1.0, 3.0]], [[10.0, 30.0]]]])  # (N=1, C=2, H=1, W=2)
        >>> [round(v, 3) for v in ms.nn.InstanceNorm2d(2)(x).reshape(-1).tolist()]
        [-1.0, 1.0, -1.0, 1.0]
    """

    _rank = 4


class InstanceNorm3d(_InstanceNorm):
    """Instance normalisation of (N, C, D, H, W).

    Example:
        >>> import msfunc as ms
        >>> x = ms.Tensor([1.0, 3.0]).reshape(1, 1, 1, 1, 2)  # (N=1, C=1, 1, 1, W=2)
        >>> [round(v, 3) for v in ms.nn.InstanceNorm3d(1)(x).reshape(-1).tolist()]
        [-1.0, 1.0]
    """

    _rank = 5
