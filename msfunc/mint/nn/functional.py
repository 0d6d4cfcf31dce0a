"""``mindspore.mint.nn.functional``: torch-style neural-network functions over msfunc's ops.

Example:
    >>> import jax.numpy as jnp
    >>> from msfunc.mint.nn import functional as F
    >>> F.softmax(jnp.zeros((1, 2)), dim=1).tolist()
    [[0.5, 0.5]]
"""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp

from ... import ops
from ...common.tensor import Tensor, canonical_dtype, unwrap
from ...common.tensor_functions import tensor_namespace
from ...ops.registry import user_signature
from .._adapt import TorchStyle
from .._coverage import module_getattr
from .._docstrings import render
from .._torch_reductions import norm as norm_ext  # noqa: F401  (MindSpore's handle of mint.norm)
from .._torch_semantics import flatten  # noqa: F401  (mint.nn.functional.flatten)
from . import _conv_pool
from ._conv_pool import (  # noqa: F401  (public: SUPPORTED lists them)
    adaptive_max_pool1d,
    avg_pool1d,
    avg_pool2d,
    avg_pool3d,
    conv1d,
    conv2d,
    conv3d,
)
from ._docs import DOCS
from ._examples import FUNCTIONAL_EXAMPLES

if TYPE_CHECKING:
    from jax import Array
    from jax.typing import ArrayLike

# One line per function: its mint name, the msfunc op it calls and its torch-style signature.
_MADE = TorchStyle(__name__, FUNCTIONAL_EXAMPLES, DOCS)
relu = _MADE("relu", ops.relu, lambda input, inplace=False: None)
relu6 = _MADE("relu6", ops.relu6, lambda input, inplace=False: None)
sigmoid = _MADE("sigmoid", ops.sigmoid, lambda input: None)
tanh = _MADE("tanh", ops.tanh, lambda input: None)
silu = _MADE("silu", ops.silu, lambda input, inplace=False: None)
mish = _MADE("mish", ops.mish, lambda input: None)
selu = _MADE("selu", ops.selu, lambda input: None)
logsigmoid = _MADE("logsigmoid", ops.logsigmoid, lambda input: None)
hardsigmoid = _MADE("hardsigmoid", ops.hardsigmoid, lambda input: None)
hardswish = _MADE("hardswish", ops.hardswish, lambda input: None)
hardtanh = _MADE(
    "hardtanh", ops.hardtanh, lambda input, min_val=-1.0, max_val=1.0, inplace=False: None
)
hardshrink = _MADE("hardshrink", ops.hardshrink, lambda input, lambd=0.5: None)
softshrink = _MADE("softshrink", ops.softshrink, lambda input, lambd=0.5: None)
softplus = _MADE("softplus", ops.softplus, lambda input, beta=1, threshold=20: None)
elu = _MADE("elu", ops.elu, lambda input, alpha=1.0, inplace=False: None)
leaky_relu = _MADE(
    "leaky_relu",
    ops.leaky_relu,
    lambda input, negative_slope=0.01: None,
    renames={"negative_slope": "alpha"},
)
gelu = _MADE("gelu", ops.gelu, lambda input, approximate="none": None)
glu = _MADE("glu", ops.glu, lambda input, dim=-1: None)
prelu = _MADE("prelu", ops.prelu, lambda input, weight: None)
threshold = _MADE(
    "threshold",
    ops.threshold,
    lambda input, threshold, value, inplace=False: None,
    renames={"threshold": "thr"},
)
softmax = _MADE("softmax", ops.softmax, lambda input, dim=-1, dtype=None: None)
log_softmax = _MADE("log_softmax", ops.log_softmax, lambda input, dim=-1, *, dtype=None: None)
linear = _MADE("linear", ops.dense, lambda input, weight, bias=None: None)
conv_transpose2d = _MADE(
    "conv_transpose2d",
    ops.conv_transpose2d,
    lambda input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1: (
        None
    ),
)
dropout = _MADE("dropout", ops.dropout, lambda input, p=0.5, training=True, inplace=False: None)
dropout2d = _MADE(
    "dropout2d", ops.dropout2d, lambda input, p=0.5, training=True, inplace=False: None
)
embedding = _MADE(
    "embedding",
    ops.embedding,
    lambda input, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False: (  # noqa: E501 (a torch signature: one lambda, not splittable)
        None
    ),
)
layer_norm = _MADE(
    "layer_norm",
    ops.layer_norm,
    lambda input, normalized_shape, weight=None, bias=None, eps=1e-05: None,
)
group_norm = _MADE(
    "group_norm", ops.group_norm, lambda input, num_groups, weight=None, bias=None, eps=1e-05: None
)
batch_norm = _MADE(
    "batch_norm",
    ops.batch_norm,
    lambda input, running_mean, running_var, weight=None, bias=None, training=False, momentum=0.1, eps=1e-05: (  # noqa: E501 (a torch signature: one lambda, not splittable)
        None
    ),
)
pixel_shuffle = _MADE("pixel_shuffle", ops.pixel_shuffle, lambda input, upscale_factor: None)
unfold = _MADE(
    "unfold", ops.unfold, lambda input, kernel_size, dilation=1, padding=0, stride=1: None
)
fold = _MADE(
    "fold", ops.fold, lambda input, output_size, kernel_size, dilation=1, padding=0, stride=1: None
)
adaptive_avg_pool1d = _MADE(
    "adaptive_avg_pool1d", ops.adaptive_avg_pool1d, lambda input, output_size: None
)
adaptive_avg_pool2d = _MADE(
    "adaptive_avg_pool2d", ops.adaptive_avg_pool2d, lambda input, output_size: None
)
adaptive_max_pool2d = _MADE(
    "adaptive_max_pool2d",
    ops.adaptive_max_pool2d,
    lambda input, output_size, return_indices=False: None,
)
adaptive_avg_pool3d = _MADE(
    "adaptive_avg_pool3d", ops.adaptive_avg_pool3d, lambda input, output_size: None
)
adaptive_avg_pool3d_ext = _MADE(
    "adaptive_avg_pool3d_ext", ops.adaptive_avg_pool3d, lambda input, output_size: None
)
max_pool2d = _MADE(
    "max_pool2d",
    ops.max_pool2d,
    lambda input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False: (  # noqa: E501 (a torch signature: one lambda, not splittable)
        None
    ),
)
max_unpool2d = _MADE(
    "max_unpool2d",
    ops.max_unpool2d,
    lambda input, indices, kernel_size, stride=None, padding=0, output_size=None: None,
)
upsample = _MADE(
    "upsample",
    ops.interpolate,
    lambda input, size=None, scale_factor=None, mode="nearest", align_corners=None: None,
)
# MindSpore's kernel handles of functions above, under their own names
elu_ext = _MADE("elu_ext", ops.elu, lambda input, alpha=1.0: None)
hardtanh_op = _MADE("hardtanh_op", ops.hardtanh, lambda input, min_val=-1, max_val=1: None)
silu_func = _MADE("silu_func", ops.silu, lambda input: None)
threshold_op = _MADE(
    "threshold_op",
    ops.threshold,
    lambda input, threshold, value: None,
    renames={"threshold": "thr"},
)
interpolate = _MADE(
    "interpolate",
    ops.interpolate,
    lambda input, size=None, scale_factor=None, mode="nearest", align_corners=None, recompute_scale_factor=None: (  # noqa: E501 (a torch signature: one lambda, not splittable)
        None
    ),
)
grid_sample = _MADE(
    "grid_sample",
    ops.grid_sample,
    lambda input, grid, mode="bilinear", padding_mode="zeros", align_corners=None: None,
)
pad = _MADE(
    "pad", ops.pad, lambda input, pad, mode="constant", value=None: None, renames={"pad": "padding"}
)
mse_loss = _MADE("mse_loss", ops.mse_loss, lambda input, target, reduction="mean": None)
l1_loss = _MADE("l1_loss", ops.l1_loss, lambda input, target, reduction="mean": None)
smooth_l1_loss = _MADE(
    "smooth_l1_loss", ops.smooth_l1_loss, lambda input, target, reduction="mean", beta=1.0: None
)
soft_margin_loss = _MADE(
    "soft_margin_loss", ops.soft_margin_loss, lambda input, target, reduction="mean": None
)
cross_entropy = _MADE(
    "cross_entropy",
    ops.cross_entropy,
    lambda input, target, weight=None, ignore_index=-100, reduction="mean", label_smoothing=0.0: (
        None
    ),
)
nll_loss = _MADE(
    "nll_loss",
    ops.nll_loss,
    lambda input, target, weight=None, ignore_index=-100, reduction="mean": None,
)
binary_cross_entropy = _MADE(
    "binary_cross_entropy",
    ops.binary_cross_entropy,
    lambda input, target, weight=None, reduction="mean": None,
)
binary_cross_entropy_with_logits = _MADE(
    "binary_cross_entropy_with_logits",
    ops.binary_cross_entropy_with_logits,
    lambda input, target, weight=None, reduction="mean", pos_weight=None: None,
)
cosine_embedding_loss = _MADE(
    "cosine_embedding_loss",
    ops.cosine_embedding_loss,
    lambda input1, input2, target, margin=0.0, reduction="mean": None,
)
broadcast_to = _MADE("broadcast_to", ops.broadcast_to, lambda input, shape: None)
clamp = _MADE("clamp", ops.clamp, lambda input, min=None, max=None: None)

_FROM_TABLE = _MADE.names


def normalize(input: ArrayLike, p: float = 2.0, dim: int = 1, eps: float = 1e-12) -> Array:
    """`input` divided by its `p`-norm along `dim` (a norm below `eps` counts as `eps`).

    Args:
        input (Tensor): The input tensor.
        p (float): The order of the norm. Default: ``2.0``.
        dim (int): The dimension whose vectors are normalised. Default: ``1``.
        eps (float): The least divisor, against division by zero. Default: ``1e-12``.

    Returns:
        Tensor, shaped like `input`, its vectors along `dim` of norm 1.

    Example:
        >>> import jax.numpy as jnp
        >>> normalize(jnp.array([[3.0, 4.0]], jnp.float32)).tolist()
        [[0.6000000238418579, 0.800000011920929]]
    """
    x = jnp.asarray(input)
    norm = jnp.sum(jnp.abs(x) ** p, axis=dim, keepdims=True) ** (1.0 / p)
    return x / jnp.maximum(norm, eps)


def one_hot(tensor: ArrayLike, num_classes: int = -1) -> Array:
    """One-hot encoding of class indices: a 1 at each index, 0 elsewhere, on a new last dim.

    Args:
        tensor (Tensor): Non-negative integer class indices.
        num_classes (int): The length of the new dim; ``-1`` makes it the largest index
            plus one. Default: ``-1``.

    Returns:
        Tensor, int64 (int32 unless jax_enable_x64), of shape ``tensor.shape + (num_classes,)``.

    Example:
        >>> import jax.numpy as jnp
        >>> one_hot(jnp.array([0, 2])).tolist()
        [[1, 0, 0], [0, 0, 1]]
    """
    indices = jnp.asarray(tensor)
    if num_classes < 0:
        num_classes = int(jnp.max(indices)) + 1
    return jax.nn.one_hot(indices, num_classes, dtype=canonical_dtype(jnp.int64))


def kl_div(
    input: ArrayLike, target: ArrayLike, reduction: str = "mean", log_target: bool = False
) -> Array:
    """Kullback-Leibler divergence ``target * (log(target) - input)`` of `target` from the
    log-probabilities `input`, reduced.

    Args:
        input (Tensor): Log-probabilities.
        target (Tensor): Probabilities (log-probabilities when `log_target`), shaped like
            `input`.
        reduction (str): ``'none'``, ``'mean'`` (over elements), ``'batchmean'`` (the sum
            divided by the batch size: the true KL divergence) or ``'sum'``. Default:
            ``'mean'``.
        log_target (bool): Whether `target` is given in log space. Default: ``False``.

    Returns:
        Tensor, 0-D, or shaped like `input` when `reduction` is ``'none'``.

    Example:
        >>> import jax.numpy as jnp
        >>> float(kl_div(jnp.log(jnp.array([0.5, 0.5])), jnp.array([0.5, 0.5]), "sum"))
        0.0
    """
    x, t = jnp.asarray(input), jnp.asarray(target)
    pointwise = jnp.exp(t) * (t - x) if log_target else jax.scipy.special.xlogy(t, t) - t * x
    if reduction == "none":
        return pointwise
    if reduction == "sum":
        return pointwise.sum()
    if reduction == "batchmean":
        return pointwise.sum() / x.shape[0]
    if reduction == "mean":
        return pointwise.mean()
    raise ValueError(
        f"kl_div: `reduction` must be 'none', 'mean', 'sum' or 'batchmean', got {reduction!r}"
    )


# The written functions: Tensors in, Tensors out, with Tensor for the array types shown
_WRITTEN = [*_conv_pool.__all__, "normalize", "one_hot", "kl_div", "flatten", "norm_ext"]
tensor_namespace(globals(), _WRITTEN)
for _name in _WRITTEN:
    _written = globals()[_name].__wrapped__  # (what introspection and the reference read)
    _written.__signature__ = user_signature(_written)


def _in_place(name, function, doc_args, doc_result):
    """A torch-style in-place function: `function`'s result written into a Tensor input; its
    docstring and signature are `function`'s, its summary and result say where it writes."""

    def apply(input, *args, **kwargs):
        out = function(input, *args, **kwargs)
        if isinstance(input, Tensor):
            return input._assign(unwrap(out))  # a Parameter writes through the state frame
        return out

    apply.__name__ = apply.__qualname__ = name
    entry = DOCS[function.__name__]
    entry = entry._replace(
        summary=f"{entry.summary[:-1]}, written into `input`.",
        returns="Tensor, `input` itself when it is a Tensor (an array input gets the result).",
    )
    example = (
        f"    >>> import msfunc as ms\n    >>> x = ms.Tensor([-1.0, 0.0, 2.0])\n"
        f"    >>> {name}(x{doc_args}) is x, x.tolist()\n    (True, {doc_result})\n"
    )
    apply.__doc__, apply.__signature__ = render(name, inspect.signature(function), entry, example)
    return apply


# (relu, sigmoid, elu, hardtanh, silu, threshold: built from TABLE above)
relu_ = _in_place("relu_", relu, "", "[0.0, 0.0, 2.0]")
sigmoid_ = _in_place("sigmoid_", sigmoid, "", "[0.2689414322376251, 0.5, 0.8807970285415649]")  # noqa: E501
elu_ = _in_place("elu_", elu, ", 2.0", "[-1.264241099357605, 0.0, 2.0]")
inplace_elu = _in_place("inplace_elu", elu, ", 2.0", "[-1.264241099357605, 0.0, 2.0]")
hardtanh_ = _in_place("hardtanh_", hardtanh, ", 0.0, 1.0", "[0.0, 0.0, 1.0]")
inplace_silu = _in_place("inplace_silu", silu, "", "[-0.2689414322376251, 0.0, 1.7615940570831299]")  # noqa: E501
threshold_ = _in_place("threshold_", threshold, ", 1.0, 5.0", "[5.0, 5.0, 2.0]")

SUPPORTED = sorted(
    {
        *_FROM_TABLE,
        "conv1d",
        "conv2d",
        "conv3d",
        "max_pool2d",
        "avg_pool2d",
        "normalize",
        "one_hot",
        "kl_div",
        "flatten",
        "norm_ext",
        "avg_pool1d",
        "avg_pool3d",
        "relu_",
        "sigmoid_",
        "elu_",
        "inplace_elu",
        "hardtanh_",
        "inplace_silu",
        "threshold_",
    }
)
UNSUPPORTED = {}
__all__ = SUPPORTED
__getattr__ = module_getattr("mindspore.mint.nn.functional", __name__, UNSUPPORTED)
