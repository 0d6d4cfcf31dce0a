"""Normalisation layers BatchNorm1d/2d/3d and LayerNorm (GroupNorm, InstanceNorm: per_sample_norm).

BatchNorm keeps its running statistics in non-trainable Parameters (attributes
``moving_mean``/``moving_variance``, named ``mean``/``variance`` as in MindSpore) and
updates them with MindSpore's convention ``moving = momentum * moving + (1 - momentum) * batch``
through ``set_data``, so the update is carried by msfunc's transforms (jit, grad, data_sink).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp

from ... import ops
from ...common import dtype as mstype
from ...common import kernel_chain
from ...common.arg_docs import document_args
from ...common.initializer import initializer
from ...common.parameter import Parameter
from ...common.tensor import unwrap
from ..cell import Cell
from ..cell_dtype import own_dtype_reads
from .basic import check_positive_int
from .kept_primitives import KeptPrimitive

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ...common.initializer import Initializer
    from ...common.tensor import Tensor

__all__ = ["BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "LayerNorm"]


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
        num_features: int,
        eps: float = 1e-5,
        momentum: float = 0.9,
        affine: bool = True,
        gamma_init: str | Initializer | Tensor = "ones",
        beta_init: str | Initializer | Tensor = "zeros",
        moving_mean_init: str | Initializer | Tensor = "zeros",
        moving_var_init: str | Initializer | Tensor = "ones",
        use_batch_statistics: bool | None = None,
        data_format: str = "NCHW",
        dtype: mstype.Number = mstype.float32,
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
        # MindSpore's BatchNorm reads its Parameters in float32 even in a to_float Cell, and
        # its CPU kernel has no float16 form: float16 input is normalised in float32 (in graph
        # mode a Conv2D's result unrounded) and the output rounded once
        with own_dtype_reads():
            if kernel_chain.applies(x):
                return kernel_chain.to16(self._normalize(kernel_chain.to32(x)))
            if x.dtype == jnp.float16:
                return self._normalize(x.astype(jnp.float32)).astype(x.dtype)
            return self._normalize(x)

    def _normalize(self, x):
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


# The Args entries of the batch and per-sample normalisations (the instance norms replace
# `momentum`'s; GroupNorm adds its own group and channel counts).
_NORM_ARGS = """
num_features (int): The channel count C (axis 1).
eps (float): Added to the variance for stability. Default: ``1e-5``.
momentum (float): The running statistics' decay: ``moving = momentum * moving +
    (1 - momentum) * batch``. Default: ``0.9``.
affine (bool): Whether gamma and beta are trained. Default: ``True``.
gamma_init (Union[str, Initializer, Tensor]): gamma's initializer. Default: ``"ones"``.
beta_init (Union[str, Initializer, Tensor]): beta's initializer. Default: ``"zeros"``.
moving_mean_init (Union[str, Initializer, Tensor]): The running mean's initializer.
    Default: ``"zeros"``.
moving_var_init (Union[str, Initializer, Tensor]): The running variance's
    initializer. Default: ``"ones"``.
use_batch_statistics (Union[bool, None]): ``None`` uses the batch's statistics in
    training and the running ones in inference; ``True``/``False`` forces one.
    Default: ``None``.
data_format (str): Only ``"NCHW"`` (channels first). Default: ``"NCHW"``.
dtype (mstype.Number): The Parameters' dtype. Default: ``mstype.float32``.
"""


@document_args(_NORM_ARGS)
class BatchNorm1d(_BatchNorm):
    """Batch normalisation of (N, C) or (N, C, L) input over all axes but the channel axis 1.

    Args:
        {args}

    Inputs:
        x (Tensor): (N, C) or (N, C, L).

    Outputs:
        Tensor of `x`'s shape.

    Example:
        >>> import msfunc as ms
        >>> bn = ms.nn.BatchNorm1d(2).set_train()
        >>> y = bn(ms.Tensor([[0.0, 1.0], [2.0, 3.0]]))
        >>> bn.moving_mean.value().tolist()       # 0.9 * 0 + 0.1 * batch mean
        [0.10000000149011612, 0.20000000298023224]
    """

    _ranks = (2, 3)


@document_args(_NORM_ARGS)
class BatchNorm2d(_BatchNorm):
    """Batch normalisation of NCHW input (running statistics in moving_mean/moving_variance).

    Args:
        {args}

    Inputs:
        x (Tensor): (N, C, H, W).

    Outputs:
        Tensor of `x`'s shape.

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


@document_args(_NORM_ARGS)
class BatchNorm3d(Cell):
    """Batch normalisation of NCDHW input; holds a BatchNorm2d as ``bn2d`` (MindSpore's
    parameter names ``bn2d.moving_mean`` ...).

    Args:
        {args}

    Inputs:
        x (Tensor): (N, C, D, H, W).

    Outputs:
        Tensor of `x`'s shape.

    Example:
        >>> import msfunc as ms
        >>> bn = ms.nn.BatchNorm3d(1).set_train()
        >>> x = ms.Tensor([1.0, 3.0]).reshape(2, 1, 1, 1, 1)  # (N=2, C=1, 1, 1, 1)
        >>> [round(v, 3) for v in bn(x).reshape(-1).tolist()]
        [-1.0, 1.0]
    """

    def __init__(
        self,
        num_features: int,
        eps: float = 1e-5,
        momentum: float = 0.9,
        affine: bool = True,
        gamma_init: str | Initializer | Tensor = "ones",
        beta_init: str | Initializer | Tensor = "zeros",
        moving_mean_init: str | Initializer | Tensor = "zeros",
        moving_var_init: str | Initializer | Tensor = "ones",
        use_batch_statistics: bool | None = None,
        dtype: mstype.Number = mstype.float32,
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

    Args:
        normalized_shape (Sequence[int]): The shape of gamma and beta: the input's dims from
            `begin_params_axis` on.
        begin_norm_axis (int): The first axis normalised over. Default: ``-1``.
        begin_params_axis (int): The first axis gamma and beta apply to. Default: ``-1``.
        gamma_init (Union[str, Initializer, Tensor]): gamma's initializer. Default: ``"ones"``.
        beta_init (Union[str, Initializer, Tensor]): beta's initializer. Default: ``"zeros"``.
        epsilon (float): Added to the variance for stability. Default: ``1e-7``.
        dtype (mstype.Number): The Parameters' dtype. Default: ``mstype.float32``.

    Inputs:
        input_x (Tensor): Its dims from `begin_params_axis` on are `normalized_shape`.

    Outputs:
        Tensor of `input_x`'s shape.

    Example:
        >>> import msfunc as ms
        >>> ln = ms.nn.LayerNorm((2,))
        >>> [round(v, 3) for v in ln(ms.Tensor([[1.0, 3.0]])).tolist()[0]]
        [-1.0, 1.0]
    """

    # MindSpore's primitive, which subclasses call (``y, _, _ = self.layer_norm(x, g, b)``)
    layer_norm = KeptPrimitive(
        lambda cell: ops.LayerNorm(cell.begin_norm_axis, cell.begin_params_axis, cell.epsilon)
    )

    def __init__(
        self,
        normalized_shape: Sequence[int],
        begin_norm_axis: int = -1,
        begin_params_axis: int = -1,
        gamma_init: str | Initializer | Tensor = "ones",
        beta_init: str | Initializer | Tensor = "zeros",
        epsilon: float = 1e-7,
        dtype: mstype.Number = mstype.float32,
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
