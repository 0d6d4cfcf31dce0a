"""``mindspore.mint.nn.functional``: torch-style neural-network functions over msfunc's ops.

Example:
    >>> import jax.numpy as jnp
    >>> from msfunc.mint.nn import functional as F
    >>> F.softmax(jnp.zeros((1, 2)), dim=1).tolist()
    [[0.5, 0.5]]
"""

import jax
import jax.numpy as jnp

from ... import ops
from ...common.tensor import Tensor, canonical_dtype, unwrap
from .._adapt import TorchStyle
from .._coverage import module_getattr
from .._torch_semantics import flatten  # noqa: F401  (mint.nn.functional.flatten)
from .._torch_semantics import norm as norm_ext  # noqa: F401  (MindSpore's handle of mint.norm)
from ._docs import DOCS
from ._examples import FUNCTIONAL_EXAMPLES

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


def _pair(value, n):
    return (value,) * n if isinstance(value, int) else tuple(value)


def _conv(input, weight, bias, stride, padding, dilation, groups, n):
    x, w = jnp.asarray(input), jnp.asarray(weight)
    if isinstance(padding, str):
        pad = padding.upper()
    else:
        pad = [(p, p) for p in _pair(padding, n)]
    spatial = "DHW"[-n:]
    out = jax.lax.conv_general_dilated(
        x,
        w.astype(x.dtype),
        _pair(stride, n),
        pad,
        rhs_dilation=_pair(dilation, n),
        feature_group_count=groups,
        dimension_numbers=(f"NC{spatial}", f"OI{spatial}", f"NC{spatial}"),
    )
    if bias is not None:
        out = out + jnp.asarray(bias).reshape((1, -1) + (1,) * n)
    return out


def conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """1-D convolution (NCL), torch-style ``padding`` (an int, a tuple, 'same' or 'valid').

    Example:
        >>> import jax.numpy as jnp
        >>> conv1d(jnp.ones((1, 1, 4)), jnp.ones((1, 1, 2))).tolist()
        [[[2.0, 2.0, 2.0]]]
    """
    return _conv(input, weight, bias, stride, padding, dilation, groups, 1)


def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """2-D convolution (NCHW), torch-style ``padding``.

    Example:
        >>> import jax.numpy as jnp
        >>> conv2d(jnp.ones((1, 1, 3, 3)), jnp.ones((2, 1, 2, 2)), padding=1).shape
        (1, 2, 4, 4)
    """
    return _conv(input, weight, bias, stride, padding, dilation, groups, 2)


def conv3d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """3-D convolution (NCDHW), torch-style ``padding``.

    Example:
        >>> import jax.numpy as jnp
        >>> conv3d(jnp.ones((1, 1, 2, 2, 2)), jnp.ones((1, 1, 2, 2, 2))).tolist()
        [[[[[8.0]]]]]
    """
    return _conv(input, weight, bias, stride, padding, dilation, groups, 3)


def _pool(input, kernel_size, stride, padding, n, reducer, init):
    x = jnp.asarray(input)
    kernel = _pair(kernel_size, n)
    stride = kernel if stride is None else _pair(stride, n)
    pad = [(0, 0), (0, 0)] + [(p, p) for p in _pair(padding, n)]
    return jax.lax.reduce_window(x, init, reducer, (1, 1) + kernel, (1, 1) + stride, pad)


def avg_pool2d(
    input,
    kernel_size,
    stride=None,
    padding=0,
    ceil_mode=False,
    count_include_pad=True,
    divisor_override=None,
):
    """2-D average pooling (NCHW); padded zeros count toward the mean (torch's default).

    Example:
        >>> import jax.numpy as jnp
        >>> avg_pool2d(jnp.arange(16.0).reshape(1, 1, 4, 4), 2).tolist()
        [[[[2.5, 4.5], [10.5, 12.5]]]]
    """
    return ops.avg_pool2d(
        input,
        kernel_size,
        kernel_size if stride is None else stride,
        padding,
        ceil_mode,
        count_include_pad,
        divisor_override or 0,
    )


def adaptive_max_pool1d(input, output_size, return_indices=False):
    """1-D adaptive max pooling of (N, C, L) or (C, L): `output_size` windows over L, with
    each maximum's index along L when `return_indices`.

    Example:
        >>> import jax.numpy as jnp
        >>> values, where = adaptive_max_pool1d(jnp.array([[[1.0, 5.0, 2.0, 4.0, 3.0]]]), 2,
        ...                                     return_indices=True)
        >>> values.tolist(), where.tolist()
        ([[[5.0, 4.0]]], [[[1, 3]]])
    """
    # a height-1 image: the flat H*W index of the 2-D op is then the index along L
    out = ops.adaptive_max_pool2d(
        jnp.expand_dims(jnp.asarray(input), -2), (1, output_size), return_indices
    )
    return (
        tuple(jnp.squeeze(jnp.asarray(o), -2) for o in out)
        if return_indices
        else jnp.squeeze(jnp.asarray(out), -2)
    )


def normalize(input, p=2.0, dim=1, eps=1e-12):
    """`input` divided by its `p`-norm along `dim` (at least `eps`).

    Example:
        >>> import jax.numpy as jnp
        >>> normalize(jnp.array([[3.0, 4.0]], jnp.float32)).tolist()
        [[0.6000000238418579, 0.800000011920929]]
    """
    x = jnp.asarray(input)
    norm = jnp.sum(jnp.abs(x) ** p, axis=dim, keepdims=True) ** (1.0 / p)
    return x / jnp.maximum(norm, eps)


def one_hot(tensor, num_classes=-1):
    """One-hot int64 encoding (int32 unless jax_enable_x64); ``num_classes=-1`` infers it.

    Example:
        >>> import jax.numpy as jnp
        >>> one_hot(jnp.array([0, 2])).tolist()
        [[1, 0, 0], [0, 0, 1]]
    """
    indices = jnp.asarray(tensor)
    if num_classes < 0:
        num_classes = int(jnp.max(indices)) + 1
    return jax.nn.one_hot(indices, num_classes, dtype=canonical_dtype(jnp.int64))


def kl_div(input, target, reduction="mean", log_target=False):
    """KL divergence with `input` in log space (torch's kl_div).

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


def _avg_pool(
    n, input, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override=None
):
    pool = {1: ops.avg_pool1d, 3: ops.avg_pool3d}[n]
    extra = () if n == 1 else (divisor_override or 0,)
    return pool(
        input,
        kernel_size,
        kernel_size if stride is None else stride,
        padding,
        ceil_mode,
        count_include_pad,
        *extra,
    )


def avg_pool1d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
    """1-D average pooling (NCL); ``stride`` defaults to ``kernel_size`` (torch's default).

    Example:
        >>> import jax.numpy as jnp
        >>> avg_pool1d(jnp.arange(6.0).reshape(1, 1, 6), 2).tolist()
        [[[0.5, 2.5, 4.5]]]
    """
    return _avg_pool(1, input, kernel_size, stride, padding, ceil_mode, count_include_pad)


def avg_pool3d(
    input,
    kernel_size,
    stride=None,
    padding=0,
    ceil_mode=False,
    count_include_pad=True,
    divisor_override=None,
):
    """3-D average pooling (NCDHW); ``stride`` defaults to ``kernel_size``.

    Example:
        >>> import jax.numpy as jnp
        >>> avg_pool3d(jnp.ones((1, 1, 2, 2, 2)), 2).shape
        (1, 1, 1, 1, 1)
    """
    return _avg_pool(
        3, input, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override
    )


def _in_place(name, function, doc_args, doc_result):
    """A torch-style in-place function: `function`'s result written into a Tensor input."""

    def apply(input, *args, **kwargs):
        out = function(input, *args, **kwargs)
        if isinstance(input, Tensor):
            return input._assign(unwrap(out))  # a Parameter writes through the state frame
        return out

    apply.__name__ = apply.__qualname__ = name
    apply.__doc__ = (
        f"``{function.__name__}`` written into `input` when it is a Tensor "
        f"(returned); on an array, the result.\n\nExample:\n"
        f"    >>> import msfunc as ms\n    >>> x = ms.Tensor([-1.0, 0.0, 2.0])\n"
        f"    >>> {name}(x{doc_args}) is x, x.tolist()\n    (True, {doc_result})\n"
    )
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
