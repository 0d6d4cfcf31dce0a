"""``mindspore.mint.nn``: torch-style Cells (Linear, activations, losses) over msfunc.

Each Cell stores its constructor's arguments and calls the
`msfunc.mint.nn.functional` function of the same family; ``Linear`` is msfunc's
``nn.Dense`` under torch's argument names.

Example:
    >>> import jax.numpy as jnp
    >>> from msfunc.mint import nn
    >>> nn.Softmax(dim=1)(jnp.zeros((1, 2))).tolist()
    [[0.5, 0.5]]
"""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING

from ...common import dtype as mstype
from ...nn import Cell, Dense
from .._coverage import module_getattr
from .._docstrings import render
from . import functional
from ._cell_examples import CELL_EXAMPLES
from ._docs import CELL_ARGS, CELL_DOCS, DOCS
from .conv_transpose import ConvTranspose2d  # noqa: F401  (public: SUPPORTED lists it)
from .layers import (  # noqa: F401  (public: SUPPORTED lists them)
    BatchNorm1d,
    BatchNorm2d,
    BatchNorm3d,
    ConstantPad1d,
    ConstantPad2d,
    ConstantPad3d,
    Conv1d,
    Conv2d,
    Conv3d,
    Embedding,
    GroupNorm,
    LayerNorm,
    PReLU,
    ReflectionPad1d,
    ReflectionPad2d,
    ReflectionPad3d,
    ReplicationPad1d,
    ReplicationPad2d,
    ReplicationPad3d,
    SyncBatchNorm,
    ZeroPad1d,
    ZeroPad2d,
    ZeroPad3d,
)
from .layers import __all__ as _LAYERS

if TYPE_CHECKING:
    from ...common.dtype import Float
    from ...common.initializer import Initializer
    from ...common.tensor import Tensor

__all__ = ["Cell", "Linear"]


class Linear(Dense):
    """A fully connected layer ``y = x @ weight.T + bias`` with torch's argument names.

    msfunc's ``nn.Dense`` under torch's names (``in_features``, ``bias=True``).

    Args:
        in_features (int): The size of each input's last dim.
        out_features (int): The size of each output's last dim.
        bias (bool): Whether a learnt bias is added. Default: ``True``.
        weight_init (Tensor | str | Initializer | None): How the (out_features, in_features)
            weight starts; ``None``: msfunc's ``nn.Dense`` default. Default: ``None``.
        bias_init (Tensor | str | Initializer | None): How the bias starts; ``None``: the
            ``nn.Dense`` default. Default: ``None``.
        dtype (Float | None): The dtype of the Parameters; ``None`` gives float32. Default:
            ``None``.

    Example:
        >>> import jax.numpy as jnp
        >>> layer = Linear(3, 2, weight_init="ones", bias_init="zeros")
        >>> layer(jnp.ones((1, 3), jnp.float32)).tolist()
        [[3.0, 3.0]]
    """

    def __init__(
        self,
        in_features: int,
        out_features: int,
        bias: bool = True,
        weight_init: Tensor | str | Initializer | None = None,
        bias_init: Tensor | str | Initializer | None = None,
        dtype: Float | None = None,
    ) -> None:
        super().__init__(
            in_features,
            out_features,
            weight_init=weight_init,
            bias_init=bias_init,
            has_bias=bias,
            dtype=dtype or mstype.float32,
        )


_CELL_CLASSES = []  # the names `_cell_class` made, in order


def _cell_class(name, function, signature, call_args=("input",), training_arg=False):
    """A Cell class whose constructor takes the arguments of `signature` (a function declaring
    them) and calls `function` on its inputs with them; its docstring and annotations come
    from the function's written entry (`_docs`)."""
    init_sig = inspect.signature(signature)
    _CELL_CLASSES.append(name)

    def __init__(self, *args, **kwargs):
        Cell.__init__(self)
        bound = init_sig.bind(*args, **kwargs)
        bound.apply_defaults()
        self._options = dict(bound.arguments)

    def construct(self, *inputs):
        options = dict(self._options)
        options.pop("inplace", None)
        if training_arg:
            options["training"] = self.training
        return function(*inputs, **options)

    entry = CELL_DOCS.get(name) or DOCS[function.__name__]
    entry = entry._replace(args={**CELL_ARGS, **entry.args, "inplace": CELL_ARGS["inplace"]})
    doc, init_sig = render(
        name,
        init_sig,
        entry,
        CELL_EXAMPLES[name],
        kind="class",
        calls=f"A Cell calling ``mint.nn.functional.{function.__name__}`` on its input with "
        "the constructor's arguments.",
    )
    __init__.__signature__ = inspect.Signature(
        [
            inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD),
            *init_sig.parameters.values(),
        ],
        return_annotation="None",
    )
    return type(
        name,
        (Cell,),
        {"__init__": __init__, "construct": construct, "__doc__": doc, "__module__": __name__},
    )


F = functional
# One line per Cell: its name, the functional it calls, its constructor's signature.
ReLU = _cell_class("ReLU", F.relu, lambda: None)
ReLU6 = _cell_class("ReLU6", F.relu6, lambda inplace=False: None)
Sigmoid = _cell_class("Sigmoid", F.sigmoid, lambda: None)
Tanh = _cell_class("Tanh", F.tanh, lambda: None)
SiLU = _cell_class("SiLU", F.silu, lambda inplace=False: None)
Mish = _cell_class("Mish", F.mish, lambda: None)
SELU = _cell_class("SELU", F.selu, lambda inplace=False: None)
LogSigmoid = _cell_class("LogSigmoid", F.logsigmoid, lambda: None)
Hardsigmoid = _cell_class("Hardsigmoid", F.hardsigmoid, lambda inplace=False: None)
Hardswish = _cell_class("Hardswish", F.hardswish, lambda inplace=False: None)
Hardtanh = _cell_class(
    "Hardtanh", F.hardtanh, lambda min_val=-1.0, max_val=1.0, inplace=False: None
)
Hardshrink = _cell_class("Hardshrink", F.hardshrink, lambda lambd=0.5: None)
Softshrink = _cell_class("Softshrink", F.softshrink, lambda lambd=0.5: None)
ELU = _cell_class("ELU", F.elu, lambda alpha=1.0, inplace=False: None)
GELU = _cell_class("GELU", F.gelu, lambda approximate="none": None)
GLU = _cell_class("GLU", F.glu, lambda dim=-1: None)
Threshold = _cell_class("Threshold", F.threshold, lambda threshold, value, inplace=False: None)
Softmax = _cell_class("Softmax", F.softmax, lambda dim=None: None)
LogSoftmax = _cell_class("LogSoftmax", F.log_softmax, lambda dim=None: None)
Flatten = _cell_class("Flatten", F.flatten, lambda start_dim=1, end_dim=-1: None)
PixelShuffle = _cell_class("PixelShuffle", F.pixel_shuffle, lambda upscale_factor: None)
MSELoss = _cell_class("MSELoss", F.mse_loss, lambda reduction="mean": None)
L1Loss = _cell_class("L1Loss", F.l1_loss, lambda reduction="mean": None)
SmoothL1Loss = _cell_class(
    "SmoothL1Loss", F.smooth_l1_loss, lambda reduction="mean", beta=1.0: None
)
SoftMarginLoss = _cell_class("SoftMarginLoss", F.soft_margin_loss, lambda reduction="mean": None)
CrossEntropyLoss = _cell_class(
    "CrossEntropyLoss",
    F.cross_entropy,
    lambda weight=None, ignore_index=-100, reduction="mean", label_smoothing=0.0: None,
)
NLLLoss = _cell_class(
    "NLLLoss", F.nll_loss, lambda weight=None, ignore_index=-100, reduction="mean": None
)
BCELoss = _cell_class("BCELoss", F.binary_cross_entropy, lambda weight=None, reduction="mean": None)
BCEWithLogitsLoss = _cell_class(
    "BCEWithLogitsLoss",
    F.binary_cross_entropy_with_logits,
    lambda weight=None, reduction="mean", pos_weight=None: None,
)
KLDivLoss = _cell_class("KLDivLoss", F.kl_div, lambda reduction="mean", log_target=False: None)
CosineEmbeddingLoss = _cell_class(
    "CosineEmbeddingLoss", F.cosine_embedding_loss, lambda margin=0.0, reduction="mean": None
)
AdaptiveAvgPool1d = _cell_class(
    "AdaptiveAvgPool1d", F.adaptive_avg_pool1d, lambda output_size: None
)
AdaptiveAvgPool2d = _cell_class(
    "AdaptiveAvgPool2d", F.adaptive_avg_pool2d, lambda output_size: None
)
MaxPool2d = _cell_class(
    "MaxPool2d",
    F.max_pool2d,
    lambda kernel_size, stride=None, padding=0, dilation=1, return_indices=False, ceil_mode=False: (
        None
    ),
)
AvgPool2d = _cell_class(
    "AvgPool2d",
    F.avg_pool2d,
    lambda kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True, divisor_override=None: (  # noqa: E501 (a torch signature: one lambda, not splittable)
        None
    ),
)
AvgPool1d = _cell_class(
    "AvgPool1d",
    F.avg_pool1d,
    lambda kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True: None,
)
AvgPool3d = _cell_class(
    "AvgPool3d",
    F.avg_pool3d,
    lambda kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True, divisor_override=None: (  # noqa: E501 (a torch signature: one lambda, not splittable)
        None
    ),
)
AdaptiveAvgPool3d = _cell_class(
    "AdaptiveAvgPool3d", F.adaptive_avg_pool3d, lambda output_size: None
)
AdaptiveMaxPool1d = _cell_class(
    "AdaptiveMaxPool1d", F.adaptive_max_pool1d, lambda output_size, return_indices=False: None
)
AdaptiveMaxPool2d = _cell_class(
    "AdaptiveMaxPool2d", F.adaptive_max_pool2d, lambda output_size, return_indices=False: None
)
Fold = _cell_class(
    "Fold", F.fold, lambda output_size, kernel_size, dilation=1, padding=0, stride=1: None
)
Unfold = _cell_class("Unfold", F.unfold, lambda kernel_size, dilation=1, padding=0, stride=1: None)
Upsample = _cell_class(
    "Upsample",
    F.interpolate,
    lambda size=None, scale_factor=None, mode="nearest", align_corners=None, recompute_scale_factor=None: (  # noqa: E501 (a torch signature: one lambda, not splittable)
        None
    ),
)
Dropout = _cell_class("Dropout", F.dropout, lambda p=0.5, inplace=False: None, training_arg=True)
Dropout2d = _cell_class(
    "Dropout2d", F.dropout2d, lambda p=0.5, inplace=False: None, training_arg=True
)


class Identity(Cell):
    """Returns its input (arguments are accepted and ignored, as in torch).

    Example:
        >>> Identity(3, unused=True)(2.0)
        2.0
    """

    def __init__(self, *args, **kwargs):
        super().__init__()

    def construct(self, input):
        return input


class UpsamplingNearest2d(Cell):
    """Nearest-neighbour 2-D upsampling of (N, C, H, W) input to `size` or by `scale_factor`.

    Args:
        size (int | tuple[int, int] | None): The output's (H, W) (give this or
            `scale_factor`). Default: ``None``.
        scale_factor (float | tuple[float, float] | None): The multiplier of H and W.
            Default: ``None``.

    Example:
        >>> import jax.numpy as jnp
        >>> UpsamplingNearest2d(scale_factor=2.0)(jnp.ones((1, 1, 2, 2))).shape
        (1, 1, 4, 4)
    """

    _mode, _align_corners = "nearest", None

    def __init__(
        self,
        size: int | tuple[int, int] | None = None,
        scale_factor: float | tuple[float, float] | None = None,
    ) -> None:
        super().__init__()
        self.size, self.scale_factor = size, scale_factor

    def construct(self, input):
        return F.interpolate(input, self.size, self.scale_factor, self._mode, self._align_corners)


class UpsamplingBilinear2d(UpsamplingNearest2d):
    """Bilinear 2-D upsampling of (N, C, H, W) input with aligned corners (torch's rule for
    this Cell).

    Args:
        size (int | tuple[int, int] | None): The output's (H, W) (give this or
            `scale_factor`). Default: ``None``.
        scale_factor (float | tuple[float, float] | None): The multiplier of H and W.
            Default: ``None``.

    Example:
        >>> import jax.numpy as jnp
        >>> UpsamplingBilinear2d(size=(1, 3))(jnp.array([[[[0.0, 2.0]]]])).tolist()
        [[[[0.0, 1.0, 2.0]]]]
    """

    _mode, _align_corners = "bilinear", True


class MaxUnpool2d(Cell):
    """Inverse of 2-D max pooling: each value goes back to its recorded position, zeros
    elsewhere; it is called with the pooled values, their indices and optionally the
    output size.

    Args:
        kernel_size (int | tuple[int, int]): The pooling's window.
        stride (int | tuple[int, int] | None): The pooling's step; ``None`` makes it
            `kernel_size`. Default: ``None``.
        padding (int | tuple[int, int]): The pooling's padding. Default: ``0``.

    Example:
        >>> import jax.numpy as jnp
        >>> MaxUnpool2d(2)(jnp.array([[[[5.0]]]]), jnp.array([[[[3]]]])).tolist()
        [[[[0.0, 0.0], [0.0, 5.0]]]]
    """

    def __init__(
        self,
        kernel_size: int | tuple[int, int],
        stride: int | tuple[int, int] | None = None,
        padding: int | tuple[int, int] = 0,
    ) -> None:
        super().__init__()
        self.kernel_size, self.stride, self.padding = kernel_size, stride, padding

    def construct(self, input, indices, output_size=None):
        return F.max_unpool2d(
            input, indices, self.kernel_size, self.stride, self.padding, output_size
        )


def upsample_nearest2d_op(
    x: Tensor,
    output_size: tuple[int, int] | None = None,
    scales: tuple[float, float] | None = None,
) -> Tensor:
    """MindSpore's nearest upsampling kernel: (N, C, H, W) to `output_size` or by `scales`.

    Args:
        x (Tensor): The input, (N, C, H, W).
        output_size (tuple[int, int] | None): The output's (H, W). Default: ``None``.
        scales (tuple[float, float] | None): The multipliers of H and W (when no
            `output_size`). Default: ``None``.

    Returns:
        Tensor, (N, C, H_out, W_out).

    Example:
        >>> import jax.numpy as jnp
        >>> upsample_nearest2d_op(jnp.ones((1, 1, 1, 2)), scales=(2.0, 1.0)).shape
        (1, 1, 2, 2)
    """
    return F.interpolate(x, output_size, scales, "nearest")


def upsample_bilinear2d_op(
    x: Tensor,
    output_size: tuple[int, int] | None = None,
    scales: tuple[float, float] | None = None,
    align_corners: bool = False,
) -> Tensor:
    """MindSpore's bilinear upsampling kernel: (N, C, H, W) to `output_size` or by `scales`.

    Args:
        x (Tensor): The input, (N, C, H, W).
        output_size (tuple[int, int] | None): The output's (H, W). Default: ``None``.
        scales (tuple[float, float] | None): The multipliers of H and W (when no
            `output_size`). Default: ``None``.
        align_corners (bool): Whether the corner pixels of input and output align.
            Default: ``False``.

    Returns:
        Tensor, (N, C, H_out, W_out).

    Example:
        >>> import jax.numpy as jnp
        >>> upsample_bilinear2d_op(jnp.ones((1, 1, 2, 2)), (3, 3)).shape
        (1, 1, 3, 3)
    """
    return F.interpolate(x, output_size, scales, "bilinear", align_corners)


cross_entropy = functional.cross_entropy  # MindSpore also exposes these two here
nllloss = functional.nll_loss
kl_div_ext = functional.kl_div  # and these kernel handles of kl_div and mse_loss
mse_loss_ext = functional.mse_loss
SUPPORTED = sorted(
    {
        "Cell",
        "Linear",
        "Identity",
        "Dropout",
        "Dropout2d",
        "cross_entropy",
        "nllloss",
        "kl_div_ext",
        "mse_loss_ext",
        "UpsamplingNearest2d",
        "UpsamplingBilinear2d",
        "MaxUnpool2d",
        "upsample_nearest2d_op",
        "upsample_bilinear2d_op",
        "ConvTranspose2d",
        *_CELL_CLASSES,
        *_LAYERS,
    }
)
__all__ = SUPPORTED + ["functional"]
__getattr__ = module_getattr("mindspore.mint.nn", __name__, {})
