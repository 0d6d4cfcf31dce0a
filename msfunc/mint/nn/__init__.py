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

import inspect

import jax.numpy as jnp

from ...nn import Cell, Dense
from .._coverage import module_getattr
from . import functional
from .layers import *  # noqa: F403  (Conv2d, LayerNorm, Embedding, paddings, ...)
from .layers import __all__ as _LAYERS

__all__ = ["Cell", "Linear"]


class Linear(Dense):
    """``y = x @ weight.T + bias`` with torch's names (``in_features``, ``bias=True``).

    Example:
        >>> import jax.numpy as jnp
        >>> layer = Linear(3, 2, weight_init="ones", bias_init="zeros")
        >>> layer(jnp.ones((1, 3), jnp.float32)).tolist()
        [[3.0, 3.0]]
    """

    def __init__(self, in_features, out_features, bias=True, weight_init=None, bias_init=None,
                 dtype=None):
        super().__init__(in_features, out_features, weight_init=weight_init,
                         bias_init=bias_init, has_bias=bias, dtype=dtype or jnp.float32)


def _cell_class(name, function, signature, call_args=("input",), training_arg=False):
    """A Cell class whose constructor takes `signature` and calls `function` on its inputs."""
    namespace = {}
    exec(f"def init({signature}): pass", namespace)  # noqa: S102  (literal text below)
    init_sig = inspect.signature(namespace["init"])

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

    __init__.__signature__ = inspect.Signature(
        [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD),
         *init_sig.parameters.values()])
    doc = (f"``mint.nn.{name}({signature})``: calls "
           f"``mint.nn.functional.{function.__name__}`` on its inputs.")
    return type(name, (Cell,), {"__init__": __init__, "construct": construct, "__doc__": doc,
                                "__module__": __name__})


F = functional
CELLS = {
    "ReLU": (F.relu, ""), "ReLU6": (F.relu6, "inplace=False"), "Sigmoid": (F.sigmoid, ""),
    "Tanh": (F.tanh, ""), "SiLU": (F.silu, "inplace=False"), "Mish": (F.mish, ""),
    "SELU": (F.selu, "inplace=False"), "LogSigmoid": (F.logsigmoid, ""),
    "Hardsigmoid": (F.hardsigmoid, "inplace=False"), "Hardswish": (F.hardswish, "inplace=False"),
    "Hardtanh": (F.hardtanh, "min_val=-1.0, max_val=1.0, inplace=False"),
    "Hardshrink": (F.hardshrink, "lambd=0.5"), "Softshrink": (F.softshrink, "lambd=0.5"),
    "ELU": (F.elu, "alpha=1.0, inplace=False"), "GELU": (F.gelu, "approximate='none'"),
    "GLU": (F.glu, "dim=-1"), "Threshold": (F.threshold, "threshold, value, inplace=False"),
    "Softmax": (F.softmax, "dim=None"), "LogSoftmax": (F.log_softmax, "dim=None"),
    "Flatten": (F.flatten, "start_dim=1, end_dim=-1"),
    "PixelShuffle": (F.pixel_shuffle, "upscale_factor"),
    "MSELoss": (F.mse_loss, "reduction='mean'"), "L1Loss": (F.l1_loss, "reduction='mean'"),
    "SmoothL1Loss": (F.smooth_l1_loss, "reduction='mean', beta=1.0"),
    "SoftMarginLoss": (F.soft_margin_loss, "reduction='mean'"),
    "CrossEntropyLoss": (F.cross_entropy, "weight=None, ignore_index=-100, reduction='mean', "
                                          "label_smoothing=0.0"),
    "NLLLoss": (F.nll_loss, "weight=None, ignore_index=-100, reduction='mean'"),
    "BCELoss": (F.binary_cross_entropy, "weight=None, reduction='mean'"),
    "BCEWithLogitsLoss": (F.binary_cross_entropy_with_logits,
                          "weight=None, reduction='mean', pos_weight=None"),
    "KLDivLoss": (F.kl_div, "reduction='mean', log_target=False"),
    "CosineEmbeddingLoss": (F.cosine_embedding_loss, "margin=0.0, reduction='mean'"),
    "AdaptiveAvgPool1d": (F.adaptive_avg_pool1d, "output_size"),
    "AdaptiveAvgPool2d": (F.adaptive_avg_pool2d, "output_size"),
    "MaxPool2d": (F.max_pool2d, "kernel_size, stride=None, padding=0, dilation=1, "
                                "return_indices=False, ceil_mode=False"),
    "AvgPool2d": (F.avg_pool2d, "kernel_size, stride=None, padding=0, ceil_mode=False, "
                                "count_include_pad=True, divisor_override=None"),
    "AvgPool1d": (F.avg_pool1d, "kernel_size, stride=None, padding=0, ceil_mode=False, "
                                "count_include_pad=True"),
    "AvgPool3d": (F.avg_pool3d, "kernel_size, stride=None, padding=0, ceil_mode=False, "
                                "count_include_pad=True, divisor_override=None"),
    "AdaptiveAvgPool3d": (F.adaptive_avg_pool3d, "output_size"),
    "AdaptiveMaxPool1d": (F.adaptive_max_pool1d, "output_size, return_indices=False"),
    "AdaptiveMaxPool2d": (F.adaptive_max_pool2d, "output_size, return_indices=False"),
    "Fold": (F.fold, "output_size, kernel_size, dilation=1, padding=0, stride=1"),
    "Unfold": (F.unfold, "kernel_size, dilation=1, padding=0, stride=1"),
    "Upsample": (F.interpolate, "size=None, scale_factor=None, mode='nearest', "
                                "align_corners=None, recompute_scale_factor=None"),
}
for _name, (_function, _signature) in CELLS.items():
    globals()[_name] = _cell_class(_name, _function, _signature)
Dropout = _cell_class("Dropout", F.dropout, "p=0.5, inplace=False", training_arg=True)
Dropout2d = _cell_class("Dropout2d", F.dropout2d, "p=0.5, inplace=False", training_arg=True)


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
    """Nearest-neighbour 2-D upsampling to `size` or by `scale_factor`.

    Example:
        >>> import jax.numpy as jnp
        >>> UpsamplingNearest2d(scale_factor=2.0)(jnp.ones((1, 1, 2, 2))).shape
        (1, 1, 4, 4)
    """

    _mode, _align_corners = "nearest", None

    def __init__(self, size=None, scale_factor=None):
        super().__init__()
        self.size, self.scale_factor = size, scale_factor

    def construct(self, input):
        return F.interpolate(input, self.size, self.scale_factor, self._mode,
                             self._align_corners)


class UpsamplingBilinear2d(UpsamplingNearest2d):
    """Bilinear 2-D upsampling with aligned corners (torch's UpsamplingBilinear2d).

    Example:
        >>> import jax.numpy as jnp
        >>> UpsamplingBilinear2d(size=(1, 3))(jnp.array([[[[0.0, 2.0]]]])).tolist()
        [[[[0.0, 1.0, 2.0]]]]
    """

    _mode, _align_corners = "bilinear", True


class MaxUnpool2d(Cell):
    """Inverse of 2-D max pooling: each value goes back to its recorded position.

    Example:
        >>> import jax.numpy as jnp
        >>> MaxUnpool2d(2)(jnp.array([[[[5.0]]]]), jnp.array([[[[3]]]])).tolist()
        [[[[0.0, 0.0], [0.0, 5.0]]]]
    """

    def __init__(self, kernel_size, stride=None, padding=0):
        super().__init__()
        self.kernel_size, self.stride, self.padding = kernel_size, stride, padding

    def construct(self, input, indices, output_size=None):
        return F.max_unpool2d(input, indices, self.kernel_size, self.stride, self.padding,
                              output_size)


def upsample_nearest2d_op(x, output_size=None, scales=None):
    """MindSpore's nearest upsampling kernel: to `output_size` or by the two `scales`.

    Example:
        >>> import jax.numpy as jnp
        >>> upsample_nearest2d_op(jnp.ones((1, 1, 1, 2)), scales=(2.0, 1.0)).shape
        (1, 1, 2, 2)
    """
    return F.interpolate(x, output_size, scales, "nearest")


def upsample_bilinear2d_op(x, output_size=None, scales=None, align_corners=False):
    """MindSpore's bilinear upsampling kernel: to `output_size` or by the two `scales`.

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
SUPPORTED = sorted({"Cell", "Linear", "Identity", "Dropout", "Dropout2d", "cross_entropy",
                    "nllloss", "kl_div_ext", "mse_loss_ext", "UpsamplingNearest2d",
                    "UpsamplingBilinear2d", "MaxUnpool2d", "upsample_nearest2d_op",
                    "upsample_bilinear2d_op", *CELLS, *_LAYERS})
__all__ = SUPPORTED + ["functional"]
__getattr__ = module_getattr("mindspore.mint.nn", __name__, {})
