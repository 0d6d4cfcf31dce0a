"""mint.nn Cells with Parameters: Conv1d/2d, LayerNorm, GroupNorm, Embedding, PReLU, paddings."""

from __future__ import annotations

import inspect
import math
from typing import TYPE_CHECKING, Any

import jax.numpy as jnp

from ...common import dtype as mstype
from ...common.initializer import HeUniform, Normal, Uniform, initializer
from ...common.parameter import Parameter
from ...errors import UnsupportedError
from ...nn import Cell
from ...ops import func_normalization
from . import functional as F
from ._cell_examples import CELL_EXAMPLES

if TYPE_CHECKING:
    from collections.abc import Callable

    from ...common.dtype import Float
    from ...common.tensor import Tensor

# and the 12 padding Cells (ConstantPad1d ... ZeroPad3d), made at the end of the file
__all__ = [
    "Conv1d",
    "Conv2d",
    "Conv3d",
    "Embedding",
    "GroupNorm",
    "LayerNorm",
    "PReLU",
    "BatchNorm1d",
    "BatchNorm2d",
    "BatchNorm3d",
    "SyncBatchNorm",
]


def _tuple(value: int | tuple[int, ...], n: int) -> tuple[int, ...]:
    return (value,) * n if isinstance(value, int) else tuple(value)


class _ConvNd(Cell):
    _rank = 2

    def __init__(
        self,
        in_channels: int,
        out_channels: int,
        kernel_size: int | tuple[int, ...],
        stride: int | tuple[int, ...] = 1,
        padding: int | tuple[int, ...] | str = 0,
        dilation: int | tuple[int, ...] = 1,
        groups: int = 1,
        bias: bool = True,
        padding_mode: str = "zeros",
        dtype: Float | None = None,
    ) -> None:
        super().__init__()
        name = type(self).__name__
        if in_channels % groups or out_channels % groups:
            raise ValueError(
                f"{name}: `in_channels` ({in_channels}) and `out_channels` "
                f"({out_channels}) must be divisible by `groups` ({groups})"
            )
        if padding_mode != "zeros":
            raise ValueError(
                f"{name}: only padding_mode='zeros' is supported, got {padding_mode!r}"
            )
        kernel = _tuple(kernel_size, self._rank)
        dtype = dtype or mstype.float32
        self.stride, self.padding, self.dilation, self.groups = stride, padding, dilation, groups
        # torch's default: kaiming_uniform(a=sqrt(5)) weights, U(+-1/sqrt(fan_in)) bias
        self.weight = Parameter(
            initializer(
                HeUniform(math.sqrt(5)), [out_channels, in_channels // groups, *kernel], dtype
            ),
            name="weight",
        )
        fan_in = in_channels // groups * math.prod(kernel)
        self.bias = (
            Parameter(
                initializer(Uniform(1 / math.sqrt(fan_in)), [out_channels], dtype), name="bias"
            )
            if bias
            else None
        )

    def construct(self, input):
        # (the published functions: Tensors and Parameters in, a Tensor out, whatever the
        # array annotations of their definitions say)
        conv: Callable[..., Any] = {1: F.conv1d, 2: F.conv2d, 3: F.conv3d}[self._rank]
        return conv(
            input, self.weight, self.bias, self.stride, self.padding, self.dilation, self.groups
        )


_CONV_ARGS = """\
    The weight starts Kaiming-uniform (``a = sqrt(5)``) and the bias uniform in
    ``+-1 / sqrt(fan_in)``, as torch initialises them.

    Args:
        in_channels (int): The channels of the input.
        out_channels (int): The channels of the output.
        kernel_size (int | tuple[int, ...]): The size of the kernel.
        stride (int | tuple[int, ...]): The step of the kernel. Default: ``1``.
        padding (int | tuple[int, ...] | str): Zeros added on both sides of each spatial dim,
            or ``'same'`` or ``'valid'``. Default: ``0``.
        dilation (int | tuple[int, ...]): The spacing between kernel elements. Default: ``1``.
        groups (int): The number of groups the channels are split into; both channel counts
            divide by it. Default: ``1``.
        bias (bool): Whether a learnt bias is added. Default: ``True``.
        padding_mode (str): Only ``'zeros'`` is supported. Default: ``'zeros'``.
        dtype (Float | None): The dtype of the Parameters; ``None`` gives float32. Default:
            ``None``.

"""


class Conv1d(_ConvNd):
    """1-D convolution over (N, C, L) with torch's arguments and initialisation.

    {args}
    Example:
        >>> import jax.numpy as jnp
        >>> Conv1d(2, 3, 3, padding=1)(jnp.ones((1, 2, 5))).shape
        (1, 3, 5)
    """

    _rank = 1


class Conv2d(_ConvNd):
    """2-D convolution over (N, C, H, W) with torch's arguments and initialisation.

    {args}
    Example:
        >>> import jax.numpy as jnp
        >>> Conv2d(1, 4, 3, stride=2)(jnp.ones((2, 1, 7, 7))).shape
        (2, 4, 3, 3)
    """


class Conv3d(_ConvNd):
    """3-D convolution over (N, C, D, H, W) with torch's arguments and initialisation.

    {args}
    Example:
        >>> import jax.numpy as jnp
        >>> Conv3d(1, 2, 2)(jnp.ones((1, 1, 3, 3, 3))).shape
        (1, 2, 2, 2, 2)
    """

    _rank = 3


for _conv in (Conv1d, Conv2d, Conv3d):
    _conv.__doc__ = (_conv.__doc__ or "").replace("    {args}\n", _CONV_ARGS)


class _BatchNormNd(Cell):
    """torch's batch normalisation: Parameters ``weight``/``bias``, running statistics
    ``running_mean``/``running_var`` updated as ``(1 - momentum) * old + momentum * batch``."""

    _ranks = (4,)

    def __init__(
        self,
        num_features: int,
        eps: float = 1e-5,
        momentum: float = 0.1,
        affine: bool = True,
        track_running_stats: bool = True,
        dtype: Float | None = None,
    ) -> None:
        super().__init__()
        dtype = dtype or mstype.float32
        self.num_features, self.eps, self.momentum = num_features, eps, momentum
        self.affine, self.track_running_stats = affine, track_running_stats
        self.weight = Parameter(
            jnp.ones((num_features,), dtype), name="weight", requires_grad=affine
        )
        self.bias = Parameter(jnp.zeros((num_features,), dtype), name="bias", requires_grad=affine)
        self.running_mean = Parameter(
            jnp.zeros((num_features,), dtype), name="running_mean", requires_grad=False
        )
        self.running_var = Parameter(
            jnp.ones((num_features,), dtype), name="running_var", requires_grad=False
        )

    def construct(self, input):
        if jnp.ndim(input) not in self._ranks:
            raise ValueError(
                f"{type(self).__name__}: input must be "
                f"{' or '.join(map(str, self._ranks))}-D, got {jnp.ndim(input)}-D"
            )
        batch_stats = self.training or not self.track_running_stats
        # (the array function, which receives the Parameters themselves and updates them)
        return func_normalization.batch_norm(
            input,
            self.running_mean,
            self.running_var,
            self.weight,
            self.bias,
            batch_stats,
            self.momentum,
            self.eps,
        )


_BATCH_NORM_ARGS = """\
    In training the batch's statistics normalise the input and update the running ones as
    ``(1 - momentum) * running + momentum * batch``; in evaluation the running ones are used.

    Args:
        num_features (int): The number of channels C.
        eps (float): Added to the variance, for numerical stability. Default: ``1e-05``.
        momentum (float): The weight of the batch statistics in the running update. Default:
            ``0.1``.
        affine (bool): Whether ``weight`` and ``bias`` are learnt (else fixed at 1 and 0).
            Default: ``True``.
        track_running_stats (bool): Whether running statistics are kept and used in
            evaluation (else batch statistics always are). Default: ``True``.
        dtype (Float | None): The dtype of the Parameters; ``None`` gives float32. Default:
            ``None``.

"""


class BatchNorm1d(_BatchNormNd):
    """Batch normalisation of (N, C) or (N, C, L) input (torch's arguments and names).

    {args}
    Example:
        >>> import jax.numpy as jnp
        >>> bn = BatchNorm1d(2).set_train()
        >>> _ = bn(jnp.array([[0.0, 1.0], [2.0, 3.0]]))
        >>> bn.running_mean.value().tolist()
        [0.10000000149011612, 0.20000000298023224]
    """

    _ranks = (2, 3)


class BatchNorm2d(_BatchNormNd):
    """Batch normalisation of (N, C, H, W) input (torch's arguments and names).

    {args}
    Example:
        >>> import jax.numpy as jnp
        >>> BatchNorm2d(3)(jnp.ones((1, 3, 2, 2))).shape
        (1, 3, 2, 2)
    """


class BatchNorm3d(_BatchNormNd):
    """Batch normalisation of (N, C, D, H, W) input (torch's arguments and names).

    {args}
    Example:
        >>> import jax.numpy as jnp
        >>> BatchNorm3d(1)(jnp.ones((1, 1, 2, 2, 2))).shape
        (1, 1, 2, 2, 2)
    """

    _ranks = (5,)


class SyncBatchNorm(_BatchNormNd):
    """Batch normalisation of (N, C, ...) input whose batch statistics are meant to be those of
    the whole batch across the processes of `process_group` (torch's arguments and names).

    In one process (msfunc's setting, and MindSpore's on CPU) that batch is the local one, so
    the result is BatchNorm's; with several processes msfunc does not gather the statistics
    and says so rather than normalise with the local ones.

    {args}
        process_group (str | None): The communication group whose processes share the
            statistics; ``None`` is the world group. Default: ``None``.

    Example:
        >>> import jax.numpy as jnp
        >>> bn = SyncBatchNorm(1).set_train()
        >>> [round(v, 4) for v in bn(jnp.array([[[0.0]], [[2.0]]])).reshape(-1).tolist()]
        [-1.0, 1.0]
    """

    _ranks = (2, 3, 4, 5)

    def __init__(
        self,
        num_features: int,
        eps: float = 1e-5,
        momentum: float = 0.1,
        affine: bool = True,
        track_running_stats: bool = True,
        process_group: str | None = None,
        dtype: Float | None = None,
    ) -> None:
        super().__init__(num_features, eps, momentum, affine, track_running_stats, dtype)
        self.process_group = process_group

    def construct(self, input):
        from ...communication import get_group_size

        if (self.training or not self.track_running_stats) and get_group_size() > 1:
            raise UnsupportedError(
                "SyncBatchNorm: gathering batch statistics across processes is not supported "
                "by msfunc; use BatchNorm (local statistics) or run in one process"
            )
        return super().construct(input)


for _norm in (BatchNorm1d, BatchNorm2d, BatchNorm3d, SyncBatchNorm):
    _norm.__doc__ = (_norm.__doc__ or "").replace("    {args}\n", _BATCH_NORM_ARGS)
# (SyncBatchNorm's one more argument joins the shared list)
SyncBatchNorm.__doc__ = (SyncBatchNorm.__doc__ or "").replace(
    "``None``.\n\n        process_group", "``None``.\n        process_group"
)


class LayerNorm(Cell):
    """Layer normalisation over the trailing `normalized_shape` dims, then ``* weight + bias``.

    Args:
        normalized_shape (int | tuple[int, ...]): The trailing shape normalised.
        eps (float): Added to the variance, for numerical stability. Default: ``1e-05``.
        elementwise_affine (bool): Whether a learnt ``weight`` (ones at first) scales the
            result. Default: ``True``.
        bias (bool): Whether a learnt ``bias`` (zeros at first) is added too (with
            `elementwise_affine`). Default: ``True``.
        dtype (Float | None): The dtype of the Parameters; ``None`` gives float32. Default:
            ``None``.

    Example:
        >>> import jax.numpy as jnp
        >>> [round(v, 4) for v in LayerNorm(2)(jnp.array([[1.0, 3.0]]))[0].tolist()]
        [-1.0, 1.0]
    """

    def __init__(
        self,
        normalized_shape: int | tuple[int, ...],
        eps: float = 1e-05,
        elementwise_affine: bool = True,
        bias: bool = True,
        dtype: Float | None = None,
    ) -> None:
        super().__init__()
        shape = _tuple(normalized_shape, 1)
        dtype = dtype or mstype.float32
        self.normalized_shape, self.eps = shape, eps
        self.weight = (
            Parameter(jnp.ones(shape, dtype), name="weight") if elementwise_affine else None
        )
        self.bias = (
            Parameter(jnp.zeros(shape, dtype), name="bias") if elementwise_affine and bias else None
        )

    def construct(self, input):
        return F.layer_norm(input, self.normalized_shape, self.weight, self.bias, self.eps)


class GroupNorm(Cell):
    """Group normalisation of (N, C, ...) over `num_groups` groups of channels.

    Args:
        num_groups (int): The number of groups; it divides `num_channels`.
        num_channels (int): The number of channels C.
        eps (float): Added to the variance, for numerical stability. Default: ``1e-05``.
        affine (bool): Whether a learnt scale and shift per channel apply. Default: ``True``.
        dtype (Float | None): The dtype of the Parameters; ``None`` gives float32. Default:
            ``None``.

    Example:
        >>> import jax.numpy as jnp
        >>> [round(v, 4) for v in GroupNorm(1, 2)(jnp.array([[1.0, 3.0]]))[0].tolist()]
        [-1.0, 1.0]
    """

    def __init__(
        self,
        num_groups: int,
        num_channels: int,
        eps: float = 1e-05,
        affine: bool = True,
        dtype: Float | None = None,
    ) -> None:
        super().__init__()
        if num_channels % num_groups:
            raise ValueError(
                f"GroupNorm: `num_channels` ({num_channels}) must be divisible by "
                f"`num_groups` ({num_groups})"
            )
        dtype = dtype or mstype.float32
        self.num_groups, self.eps = num_groups, eps
        self.weight = Parameter(jnp.ones(num_channels, dtype), name="weight") if affine else None
        self.bias = Parameter(jnp.zeros(num_channels, dtype), name="bias") if affine else None

    def construct(self, input):
        return F.group_norm(input, self.num_groups, self.weight, self.bias, self.eps)


class Embedding(Cell):
    """A lookup table of `num_embeddings` vectors (N(0, 1) initialised, as in torch).

    Args:
        num_embeddings (int): The number of rows of the table.
        embedding_dim (int): The length of each row.
        padding_idx (int | None): A row set to zeros at first (and whose gradient is zero).
            Default: ``None``.
        max_norm (float | None): Rows looked up are renormalised to at most this norm.
            Default: ``None``.
        norm_type (float): The p of the p-norm used with `max_norm`. Default: ``2.0``.
        scale_grad_by_freq (bool): Accepted for torch's signature. Default: ``False``.
        sparse (bool): Accepted for torch's signature (gradients are dense). Default:
            ``False``.
        _weight (Tensor | None): A table to start from instead of the random one. Default:
            ``None``.
        _freeze (bool): Whether the table is not trained. Default: ``False``.
        dtype (Float | None): The dtype of the table; ``None`` gives float32. Default:
            ``None``.

    Example:
        >>> import jax.numpy as jnp
        >>> Embedding(4, 3)(jnp.array([[0, 2]])).shape
        (1, 2, 3)
    """

    def __init__(
        self,
        num_embeddings: int,
        embedding_dim: int,
        padding_idx: int | None = None,
        max_norm: float | None = None,
        norm_type: float = 2.0,
        scale_grad_by_freq: bool = False,
        sparse: bool = False,
        _weight: Tensor | None = None,
        _freeze: bool = False,
        dtype: Float | None = None,
    ) -> None:
        super().__init__()
        dtype = dtype or mstype.float32
        weight = (
            _weight
            if _weight is not None
            else initializer(Normal(1.0), [num_embeddings, embedding_dim], dtype)
        )
        if padding_idx is not None and _weight is None:
            weight = jnp.asarray(weight).at[padding_idx].set(0)
        self.padding_idx, self.max_norm, self.norm_type = padding_idx, max_norm, norm_type
        self.weight = Parameter(weight, name="weight", requires_grad=not _freeze)

    def construct(self, input):
        return F.embedding(input, self.weight, self.padding_idx, self.max_norm, self.norm_type)


class PReLU(Cell):
    """``max(0, x) + weight * min(0, x)`` with a learnt slope per channel (or one shared).

    Args:
        num_parameters (int): 1 (one slope shared) or the number of channels. Default: ``1``.
        init (float): The slopes' first value. Default: ``0.25``.
        dtype (Float | None): The dtype of the slopes; ``None`` gives float32. Default:
            ``None``.

    Example:
        >>> import jax.numpy as jnp
        >>> PReLU()(jnp.array([-2.0, 2.0])).tolist()
        [-0.5, 2.0]
    """

    def __init__(
        self, num_parameters: int = 1, init: float = 0.25, dtype: Float | None = None
    ) -> None:
        super().__init__()
        self.weight = Parameter(
            jnp.full((num_parameters,), init, dtype or mstype.float32), name="weight"
        )

    def construct(self, input):
        return F.prelu(input, self.weight)


def _padding_class(name, rank, mode, fill):
    """A padding Cell; `fill` is 'given' (ConstantPad: a value argument), 0.0 or None."""

    def __init__(self, padding, *value):
        Cell.__init__(self)
        if len(value) > (fill == "given"):
            raise TypeError(
                f"{name}: takes `padding`"
                + (" and `value`" if fill == "given" else "")
                + f", got {1 + len(value)}"
            )
        self.padding = _tuple(padding, 2 * rank)
        self.value = (value[0] if value else 0.0) if fill == "given" else fill

    def construct(self, input):
        return F.pad(input, self.padding, mode=mode, value=self.value)

    fills = {"constant": "with a constant", "reflect": "by reflection", "replicate": "with edges"}
    value_arg = "\n    value (float): The fill value. Default: ``0.0``." if fill == "given" else ""
    doc = (
        f"Pads the last {rank} dim(s) of its input {fills[mode] if fill != 0.0 else 'with zeros'}"
        f" ({mode!r} mode).\n\nArgs:\n    padding (int | tuple[int, ...]): The sizes added: "
        f"one for every side, or {2 * rank} as (last_before, last_after, ...), from the last "
        f"dim backwards.{value_arg}\n\nExample:\n{CELL_EXAMPLES[name]}"
    )
    params = [
        inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD),
        inspect.Parameter(
            "padding", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation="int | tuple[int, ...]"
        ),
    ]
    if fill == "given":
        params.append(
            inspect.Parameter(
                "value", inspect.Parameter.POSITIONAL_OR_KEYWORD, default=0.0, annotation="float"
            )
        )
    __init__.__signature__ = inspect.Signature(params, return_annotation="None")
    return type(
        name,
        (Cell,),
        {"__init__": __init__, "construct": construct, "__doc__": doc, "__module__": __name__},
    )


for _rank in (1, 2, 3):
    for _prefix, _mode, _fill in (
        ("Constant", "constant", "given"),
        ("Zero", "constant", 0.0),
        ("Reflection", "reflect", None),
        ("Replication", "replicate", None),
    ):
        _name = f"{_prefix}Pad{_rank}d"
        globals()[_name] = _padding_class(_name, _rank, _mode, _fill)
        __all__.append(_name)
