"""Functional neural-network ops: activations, normalisation, dense, embedding, dropout."""

import jax
import jax.numpy as jnp
import numpy as np

from ..common import low_precision
from ..common.args import check_int, dtype_arg, tensor_arg
from ..common.parameter import Parameter
from ..common.seed import next_key
from ..common.tensor import unwrap
from .seeded_draws import dropout_keep

__all__ = [
    "relu", "relu6", "gelu", "fast_gelu", "softmax", "softmin", "log_softmax", "sigmoid",
    "inplace_sigmoid", "logsigmoid", "silu", "mish", "elu", "selu", "celu", "hardtanh",
    "hardswish", "hardsigmoid", "hardshrink", "softshrink", "soft_shrink", "softplus",
    "softsign", "tanhshrink", "threshold", "leaky_relu", "prelu", "rrelu", "glu", "swiglu",
    "gumbel_softmax", "batch_norm", "layer_norm", "group_norm", "rms_norm", "add_rms_norm",
    "add_layer_norm", "lrn", "dense", "bidense", "bias_add", "embedding", "one_hot",
    "dropout", "dropout1d", "dropout2d", "dropout3d", "sequence_mask",
    "flash_attention_score", "rotary_position_embedding",
]


# --------------------------------------------------------------------------- activations
def relu(input, inplace=False):
    """max(x, 0).

    Example:
        >>> relu(jnp.array([-1.0, 2.0])).tolist()
        [0.0, 2.0]
    """
    return jax.nn.relu(tensor_arg(input))


def relu6(x):
    """min(max(x, 0), 6).

    Example:
        >>> relu6(jnp.array([-1.0, 3.0, 7.0])).tolist()
        [0.0, 3.0, 6.0]
    """
    return jax.nn.relu6(tensor_arg(x, "x"))


def gelu(input, approximate="none"):
    """GELU; ``approximate`` is 'none' (erf) or 'tanh'.

    Example:
        >>> print(gelu(jnp.array([-1.0, 0.0, 1.0])).round(4))
        [-0.1587  0.      0.8413]
        >>> print(gelu(jnp.array([1.0]), approximate='tanh').round(4))
        [0.8412]
    """
    if approximate not in ("none", "tanh"):
        raise ValueError(f"gelu: `approximate` must be 'none' or 'tanh', got {approximate!r}")
    return jax.nn.gelu(tensor_arg(input), approximate=approximate == "tanh")


def fast_gelu(x):
    """x * sigmoid(1.702 x).

    Example:
        >>> print(fast_gelu(jnp.array([-1.0, 0.0, 1.0])).round(4))
        [-0.1542  0.      0.8458]
    """
    x = tensor_arg(x, "x")
    return x * jax.nn.sigmoid(1.702 * x)


def _axis_dtype(x, dtype):
    x = tensor_arg(x)
    return x.astype(dtype_arg(dtype, default=x.dtype)) if dtype is not None else x


def softmax(input, axis=-1, *, dtype=None):
    """Softmax along `axis` (default -1).

    Example:
        >>> softmax(jnp.array([1.0, 1.0])).tolist()
        [0.5, 0.5]
        >>> print(softmax(jnp.array([[0.0, 1.0], [2.0, 2.0]]), axis=1).round(4))
        [[0.2689 0.7311]
         [0.5    0.5   ]]
    """
    if not isinstance(axis, (int, tuple, list)):
        raise TypeError(f"softmax: `axis` must be an int or tuple, got {type(axis).__name__}")
    return jax.nn.softmax(_axis_dtype(input, dtype), axis=axis)


def softmin(x, axis=-1, *, dtype=None):
    """softmax(-x).

    Example:
        >>> print(softmin(jnp.array([0.0, 1.0])).round(4))
        [0.7311 0.2689]
    """
    return jax.nn.softmax(-_axis_dtype(x, dtype), axis=axis)


def log_softmax(logits, axis=-1):
    """log(softmax(x)) along `axis`.

    Example:
        >>> print(log_softmax(jnp.array([0.0, 0.0, 0.0])).round(4))
        [-1.0986 -1.0986 -1.0986]
    """
    return jax.nn.log_softmax(tensor_arg(logits, "logits"), axis=axis)


def sigmoid(input):
    """1 / (1 + exp(-x)).

    Example:
        >>> print(sigmoid(jnp.array([-1.0, 0.0, 1.0])).round(4))
        [0.2689 0.5    0.7311]
    """
    return jax.nn.sigmoid(tensor_arg(input))


def inplace_sigmoid(input):
    """Sigmoid, written back when `input` is a Parameter.

    Example:
        >>> p = Parameter(jnp.array([0.0, 2.0]), name='p')
        >>> inplace_sigmoid(p) is p
        True
        >>> print(p.asnumpy().round(4))
        [0.5    0.8808]
    """
    out = jax.nn.sigmoid(tensor_arg(input))
    if isinstance(input, Parameter):
        input.set_data(out)
        return input
    return out


def logsigmoid(x):
    """log(sigmoid(x)).

    Example:
        >>> print(logsigmoid(jnp.array([-1.0, 0.0, 1.0])).round(4))
        [-1.3133 -0.6931 -0.3133]
    """
    return jax.nn.log_sigmoid(tensor_arg(x, "x"))


def silu(input):
    """x * sigmoid(x).

    Example:
        >>> print(silu(jnp.array([-1.0, 0.0, 1.0])).round(4))
        [-0.2689  0.      0.7311]
    """
    return jax.nn.silu(tensor_arg(input))


def mish(x):
    """x * tanh(softplus(x)).

    Example:
        >>> print(mish(jnp.array([-1.0, 0.0, 1.0])).round(4))
        [-0.3034  0.      0.8651]
    """
    x = tensor_arg(x, "x")
    return x * jnp.tanh(jax.nn.softplus(x))


def elu(input_x, alpha=1.0):
    """ELU.

    Example:
        >>> print(elu(jnp.array([-1.0, 0.0, 2.0])).round(4))
        [-0.6321  0.      2.    ]
        >>> print(elu(jnp.array([-1.0]), alpha=2.0).round(4))
        [-1.2642]
    """
    return jax.nn.elu(tensor_arg(input_x, "input_x"), alpha)


def selu(input_x):
    """Scaled ELU.

    Example:
        >>> print(selu(jnp.array([-1.0, 0.0, 1.0])).round(4))
        [-1.1113  0.      1.0507]
    """
    return jax.nn.selu(tensor_arg(input_x, "input_x"))


def celu(x, alpha=1.0):
    """CELU.

    Example:
        >>> print(celu(jnp.array([-1.0, 0.0, 2.0]), 0.5).round(4))
        [-0.4323  0.      2.    ]
    """
    if alpha == 0:
        raise ValueError("celu: `alpha` must not be 0")
    return jax.nn.celu(tensor_arg(x, "x"), alpha)


def hardtanh(input, min_val=-1.0, max_val=1.0):
    """clip(x, min_val, max_val).

    Example:
        >>> hardtanh(jnp.array([-2.0, 0.5, 2.0])).tolist()
        [-1.0, 0.5, 1.0]
        >>> hardtanh(jnp.array([-2.0, 0.5, 2.0]), min_val=0.0, max_val=0.25).tolist()
        [0.0, 0.25, 0.25]
    """
    return jnp.clip(tensor_arg(input), min_val, max_val)


def hardswish(input):
    """x * relu6(x + 3) / 6.

    Example:
        >>> print(hardswish(jnp.array([-1.0, 0.0, 1.0, 4.0])).round(4))
        [-0.3333  0.      0.6667  4.    ]
    """
    x = tensor_arg(input)
    return x * jax.nn.relu6(x + 3) / 6


def hardsigmoid(input):
    """relu6(x + 3) / 6.

    Example:
        >>> print(hardsigmoid(jnp.array([-4.0, 0.0, 1.5, 4.0])).round(4))
        [0.   0.5  0.75 1.  ]
    """
    return jax.nn.relu6(tensor_arg(input) + 3) / 6


def hardshrink(input, lambd=0.5):
    """x where |x| > lambd else 0.

    Example:
        >>> hardshrink(jnp.array([-1.0, 0.2, 0.5, 1.0])).tolist()
        [-1.0, 0.0, 0.0, 1.0]
    """
    x = tensor_arg(input)
    return jnp.where(jnp.abs(x) > lambd, x, jnp.zeros_like(x))


def softshrink(input, lambd=0.5):
    """Shrink x toward 0 by lambd.

    Example:
        >>> softshrink(jnp.array([-2.0, 0.25, 1.0])).tolist()
        [-1.5, 0.0, 0.5]
        >>> softshrink(jnp.array([-2.0, 0.25, 1.0]), lambd=0.125).tolist()
        [-1.875, 0.125, 0.875]
    """
    if lambd < 0:
        raise ValueError(f"softshrink: `lambd` must be >= 0, got {lambd}")
    x = tensor_arg(input)
    return jnp.where(x > lambd, x - lambd, jnp.where(x < -lambd, x + lambd, jnp.zeros_like(x)))


soft_shrink = softshrink


def softplus(input, beta=1, threshold=20):
    """log(1 + exp(beta x)) / beta, linear above `threshold`.

    Example:
        >>> print(softplus(jnp.array([-1.0, 0.0, 1.0])).round(4))
        [0.3133 0.6931 1.3133]
        >>> softplus(jnp.array([30.0]), beta=1, threshold=20).tolist()
        [30.0]
    """
    x = tensor_arg(input)
    bx = beta * x
    safe = jnp.where(bx > threshold, jnp.zeros_like(bx), bx)
    return jnp.where(bx > threshold, x, jax.nn.softplus(safe) / beta)


def softsign(x):
    """x / (1 + |x|).

    Example:
        >>> softsign(jnp.array([-3.0, 0.0, 1.0])).tolist()
        [-0.75, 0.0, 0.5]
    """
    return jax.nn.soft_sign(tensor_arg(x, "x"))


def tanhshrink(input):
    """x - tanh(x).

    Example:
        >>> print(tanhshrink(jnp.array([-1.0, 0.0, 1.0])).round(4))
        [-0.2384  0.      0.2384]
    """
    x = tensor_arg(input)
    return x - jnp.tanh(x)


def threshold(input, thr, value):
    """x where x > thr else value.

    Example:
        >>> threshold(jnp.array([1.0, 2.0, 3.0]), 2.0, -1.0).tolist()
        [-1.0, -1.0, 3.0]
    """
    x = tensor_arg(input)
    return jnp.where(x > thr, x, jnp.asarray(value, x.dtype))


def leaky_relu(input, alpha=0.2):
    """x if x >= 0 else alpha x.

    Example:
        >>> print(leaky_relu(jnp.array([-1.0, 0.0, 2.0])).round(4))
        [-0.2  0.   2. ]
        >>> leaky_relu(jnp.array([-4.0]), alpha=0.5).tolist()
        [-2.0]
    """
    x = tensor_arg(input)
    return jnp.where(x >= 0, x, alpha * x)


def prelu(input, weight):
    """Leaky ReLU with a learnt slope per channel (axis 1).

    Example:
        >>> x = jnp.array([[-1.0, -1.0], [2.0, 2.0]])  # (N=2, C=2)
        >>> prelu(x, jnp.array([0.25, 0.5])).tolist()
        [[-0.25, -0.5], [2.0, 2.0]]
    """
    x, w = tensor_arg(input), tensor_arg(weight, "weight")
    if w.ndim != 1:
        raise ValueError(f"prelu: `weight` must be 1-D, got shape {w.shape}")
    if x.ndim >= 2 and w.size > 1:
        w = w.reshape((1, -1) + (1,) * (x.ndim - 2))
    return jnp.where(x >= 0, x, w * x)


def rrelu(input, lower=1.0 / 8, upper=1.0 / 3):
    """Leaky ReLU with a random slope in [lower, upper] per element (draws from the global key).

    Example:
        >>> y = rrelu(jnp.array([-1.0, -1.0, -1.0, 2.0]), lower=0.1, upper=0.3)
        >>> bool(((y[:3] <= -0.1) & (y[:3] >= -0.3)).all()), y[3].tolist()
        (True, 2.0)
    """
    if lower > upper:
        raise ValueError(f"rrelu: `lower` ({lower}) must be <= `upper` ({upper})")
    x = tensor_arg(input)
    slope = jax.random.uniform(next_key(), x.shape, x.dtype if jnp.issubdtype(x.dtype, jnp.floating)
                               else jnp.float32, lower, upper)
    return jnp.where(x >= 0, x, slope * x)


def glu(x, axis=-1):
    """a * sigmoid(b) where a, b are halves of x along `axis`.

    Example:
        >>> print(glu(jnp.array([[1.0, 2.0, 0.0, 1.0]])).round(4))
        [[0.5    1.4621]]
    """
    a, b = jnp.split(tensor_arg(x, "x"), 2, axis=axis)
    return a * jax.nn.sigmoid(b)


def swiglu(input, dim=-1):
    """silu(a) * b where a, b are halves along `dim`.

    Example:
        >>> print(swiglu(jnp.array([1.0, 2.0])).round(4))
        [1.4621]
    """
    a, b = jnp.split(tensor_arg(input), 2, axis=dim)
    return jax.nn.silu(a) * b


def gumbel_softmax(logits, tau=1.0, hard=False, dim=-1):
    """Sample from the Gumbel-softmax distribution (one-hot when `hard`). Draws the global key.

    Example:
        >>> y = gumbel_softmax(jnp.log(jnp.array([[0.2, 0.8]])), hard=True)
        >>> y.shape, float(y.sum())
        ((1, 2), 1.0)
    """
    x = tensor_arg(logits, "logits")
    if tau <= 0:
        raise ValueError(f"gumbel_softmax: `tau` must be > 0, got {tau}")
    g = jax.random.gumbel(next_key(), x.shape, x.dtype)
    y = jax.nn.softmax((x + g) / tau, axis=dim)
    if hard:
        idx = jnp.argmax(y, axis=dim)
        hard_y = jax.nn.one_hot(idx, x.shape[dim], axis=dim, dtype=y.dtype)
        y = hard_y - jax.lax.stop_gradient(y) + y
    return y


# --------------------------------------------------------------------------- normalisation
def _bcast_c(v, ndim):
    return jnp.reshape(v, (1, -1) + (1,) * (ndim - 2))


def batch_norm(input_x, running_mean, running_var, weight, bias, training=False, momentum=0.1,
               eps=1e-05):
    """Batch normalisation over axis 1 (NC...). In training, running stats held in Parameters
    are updated as ``(1 - momentum) * old + momentum * batch`` (unbiased variance).

    Example:
        >>> x = jnp.array([[1.0, 10.0], [3.0, 30.0]])  # (N=2, C=2)
        >>> mean, var = Parameter(jnp.zeros(2), name='mean'), Parameter(jnp.ones(2), name='var')
        >>> print(batch_norm(x, mean, var, jnp.ones(2), jnp.zeros(2), training=True).round(3))
        [[-1. -1.]
         [ 1.  1.]]
        >>> mean.asnumpy().tolist()  # 0.9 * 0 + 0.1 * batch mean
        [0.2, 2.0]
    """
    x = tensor_arg(input_x, "input_x")
    if x.ndim < 2:
        raise ValueError(f"batch_norm: `input_x` must have at least 2 dims, got {x.ndim}")
    w, b = tensor_arg(weight, "weight"), tensor_arg(bias, "bias")
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
    inv = jax.lax.rsqrt(_bcast_c(var, x.ndim) + eps)
    return (x - _bcast_c(mean, x.ndim)) * inv * _bcast_c(w, x.ndim) + _bcast_c(b, x.ndim)


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05):
    """Normalise over the trailing `normalized_shape` dims.

    Example:
        >>> print(layer_norm(jnp.array([[1.0, 2.0, 3.0]]), (3,)).round(4))
        [[-1.2247  0.      1.2247]]
    """
    x = tensor_arg(input)
    shape = (normalized_shape,) if isinstance(normalized_shape, int) else tuple(normalized_shape)
    if tuple(x.shape[x.ndim - len(shape):]) != shape:
        raise ValueError(f"layer_norm: `normalized_shape` {shape} does not match the trailing "
                         f"dims of input shape {x.shape}")
    axes = tuple(range(x.ndim - len(shape), x.ndim))
    mean = jnp.mean(x, axis=axes, keepdims=True)
    var = jnp.var(x, axis=axes, keepdims=True)
    y = (x - mean) * jax.lax.rsqrt(var + eps)
    if weight is not None:
        y = y * tensor_arg(weight, "weight")
    if bias is not None:
        y = y + tensor_arg(bias, "bias")
    return y


def group_norm(input, num_groups, weight=None, bias=None, eps=1e-05):
    """Group normalisation of (N, C, ...) over `num_groups` channel groups.

    Example:
        >>> x = jnp.array([[1.0, 3.0, 10.0, 30.0]])  # (N=1, C=4), two groups of two
        >>> print(group_norm(x, 2).round(4))
        [[-1.  1. -1.  1.]]
    """
    x = tensor_arg(input)
    check_int(num_groups, "num_groups", 1)
    n, c = x.shape[:2]
    if c % num_groups:
        raise ValueError(f"group_norm: channels ({c}) must be divisible by `num_groups` "
                         f"({num_groups})")
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


def rms_norm(x, gamma, epsilon=1e-06):
    """RMS normalisation over gamma's trailing dims; returns ``(y, rstd)``.

    Example:
        >>> y, rstd = rms_norm(jnp.array([[3.0, 4.0]]), jnp.ones(2))
        >>> print(y.round(4), rstd.round(4))
        [[0.8485 1.1314]] [[0.2828]]
    """
    return _rms(tensor_arg(x, "x"), tensor_arg(gamma, "gamma"), epsilon)


def add_rms_norm(x1, x2, gamma, epsilon=1e-06):
    """rms_norm(x1 + x2); returns ``(y, rstd, x1 + x2)``.

    Example:
        >>> x1, x2 = jnp.array([[1.0, 2.0]]), jnp.array([[2.0, 2.0]])
        >>> y, rstd, s = add_rms_norm(x1, x2, jnp.ones(2))
        >>> print(y.round(4), s)
        [[0.8485 1.1314]] [[3. 4.]]
    """
    s = tensor_arg(x1, "x1") + tensor_arg(x2, "x2")
    y, rstd = _rms(s, tensor_arg(gamma, "gamma"), epsilon)
    return y, rstd, s


def add_layer_norm(x1, x2, gamma, beta, epsilon=1e-05, additional_output=False):
    """layer_norm(x1 + x2) over gamma's dims; returns ``(y, mean, rstd, x1 + x2)``.

    Example:
        >>> x1, x2 = jnp.array([[1.0, 2.0]]), jnp.array([[0.0, 2.0]])
        >>> out = add_layer_norm(x1, x2, jnp.ones(2), jnp.zeros(2))  # (y, mean, rstd, x1 + x2)
        >>> print(out[0].round(4), out[1].ravel(), out[3])
        [[-1.  1.]] [2.5] [[1. 4.]]
    """
    s = tensor_arg(x1, "x1") + tensor_arg(x2, "x2")
    g = tensor_arg(gamma, "gamma")
    axes = tuple(range(s.ndim - g.ndim, s.ndim))
    mean = jnp.mean(s, axis=axes, keepdims=True)
    rstd = jax.lax.rsqrt(jnp.var(s, axis=axes, keepdims=True) + epsilon)
    return (s - mean) * rstd * g + tensor_arg(beta, "beta"), mean, rstd, s


def lrn(x, depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, norm_region="ACROSS_CHANNELS"):
    """Local response normalisation across channels of NCHW input:
    ``x / (bias + alpha * sum_{|c'-c| <= r} x_c'^2) ** beta``.

    Example:
        >>> x = jnp.array([[[[1.0]], [[2.0]]]])  # (N=1, C=2, H=1, W=1)
        >>> print(lrn(x, depth_radius=1).ravel().round(4))  # x / sqrt(1 + 1 + 4)
        [0.4082 0.8165]
    """
    if norm_region != "ACROSS_CHANNELS":
        raise ValueError(f"lrn: `norm_region` must be 'ACROSS_CHANNELS', got {norm_region!r}")
    x = tensor_arg(x, "x")
    if x.ndim != 4:
        raise ValueError(f"lrn: `x` must be 4-D (NCHW), got {x.ndim}-D")
    r = check_int(depth_radius, "depth_radius", 0)
    sq = jnp.pad(jnp.square(x), ((0, 0), (r, r), (0, 0), (0, 0)))
    c = x.shape[1]
    window = sum(sq[:, i:i + c] for i in range(2 * r + 1))
    return x / (bias + alpha * window) ** beta


# --------------------------------------------------------------------------- linear layers
def dense(input, weight, bias=None):
    """x @ weight.T + bias.

    Example:
        >>> x, w = jnp.array([[1.0, 2.0]]), jnp.array([[1.0, 0.0], [1.0, 1.0], [0.0, 2.0]])
        >>> dense(x, w, jnp.array([0.0, 0.0, 1.0])).tolist()
        [[1.0, 3.0, 5.0]]
    """
    x, w = tensor_arg(input), tensor_arg(weight, "weight")
    # a 1-D weight is one output unit: the last axis contracts away (MindSpore's Dense)
    y = low_precision.matmul(x, w.T if w.ndim == 2 else w)
    return y if bias is None else jnp.add(*low_precision.broadcast_operands(
        y, tensor_arg(bias, "bias")))


def bidense(input1, input2, weight, bias=None):
    """Bilinear map ``y_o = x1^T W_o x2 + b_o`` with weight of shape (out, in1, in2).

    Example:
        >>> w = jnp.ones((1, 2, 3))  # (out, in1, in2)
        >>> bidense(jnp.array([[1.0, 2.0]]), jnp.array([[1.0, 1.0, 1.0]]), w).tolist()
        [[9.0]]
    """
    x1, x2 = tensor_arg(input1, "input1"), tensor_arg(input2, "input2")
    w = tensor_arg(weight, "weight")
    y = jnp.einsum("...i,oij,...j->...o", x1, w, x2)
    return y if bias is None else y + tensor_arg(bias, "bias")


def bias_add(input_x, bias):
    """Add a per-channel bias on axis 1.

    Example:
        >>> bias_add(jnp.zeros((1, 2, 2)), jnp.array([1.0, 2.0])).tolist()
        [[[1.0, 1.0], [2.0, 2.0]]]
    """
    x, b = tensor_arg(input_x, "input_x"), tensor_arg(bias, "bias")
    if b.ndim != 1 or x.ndim < 2 or b.shape[0] != x.shape[1]:
        raise ValueError(f"bias_add: `bias` must be 1-D with length x.shape[1]; got bias "
                         f"{b.shape} for input {x.shape}")
    return x + low_precision.broadcast_to(_bcast_c(b, x.ndim), x.shape)


def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0,
              scale_grad_by_freq=False):
    """Rows of `weight` selected by integer `input` (renormalised to `max_norm` if given).

    Example:
        >>> w = jnp.array([[0.0, 0.0], [1.0, 1.0], [3.0, 4.0]])
        >>> embedding(jnp.array([2, 1]), w).tolist()
        [[3.0, 4.0], [1.0, 1.0]]
        >>> print(embedding(jnp.array([2]), w, max_norm=1.0).round(4))
        [[0.6 0.8]]
    """
    idx, w = tensor_arg(input), tensor_arg(weight, "weight")
    if not jnp.issubdtype(idx.dtype, jnp.integer):
        raise TypeError(f"embedding: `input` must be an integer tensor, got {idx.dtype}")
    rows = w[idx]
    if max_norm is not None:
        norms = jnp.linalg.norm(rows, ord=norm_type, axis=-1, keepdims=True)
        rows = rows * jnp.where(norms > max_norm, max_norm / (norms + 1e-7), 1.0)
    if padding_idx is not None:
        pad = padding_idx % w.shape[0]
        rows = jnp.where((idx == pad)[..., None], jax.lax.stop_gradient(rows), rows)
    return rows


def one_hot(indices, depth, on_value=1, off_value=0, axis=-1):
    """One-hot encode `indices` with `depth` classes on `axis`.

    Example:
        >>> one_hot(jnp.array([0, 2]), 3).tolist()
        [[1, 0, 0], [0, 0, 1]]
        >>> one_hot(jnp.array([1]), 2, on_value=5, off_value=-1).tolist()
        [[-1, 5]]
    """
    idx = tensor_arg(indices, "indices")
    depth = int(depth)
    on, off = jnp.asarray(on_value), jnp.asarray(off_value)
    dtype = jnp.result_type(on, off)
    mask = jax.nn.one_hot(idx, depth, axis=axis, dtype=jnp.bool_)
    return jnp.where(mask, on.astype(dtype), off.astype(dtype))


# --------------------------------------------------------------------------- dropout
def _check_p(p):
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"dropout: `p` must be in [0, 1], got {p}")


def dropout(input, p=0.5, training=True, seed=None):
    """Zero elements with probability `p` and scale the rest by 1/(1-p) (global key).

    Example:
        >>> y = dropout(jnp.ones(1000), p=0.5)  # kept entries scaled by 1 / (1 - p)
        >>> sorted(set(y.tolist())), 400 < int((y > 0).sum()) < 600
        ([0.0, 2.0], True)
        >>> dropout(jnp.ones(3), p=0.5, training=False).tolist()
        [1.0, 1.0, 1.0]
    """
    _check_p(p)
    x = tensor_arg(input)
    if not training or p == 0:
        return x
    if p == 1:
        return jnp.zeros_like(x)
    keep = dropout_keep("dropout", seed, x.shape, 1 - p)  # MindSpore's mask when seeded
    if keep is None:
        keep = jax.random.bernoulli(next_key(), 1 - p, x.shape)
    return x * keep.astype(x.dtype) * jnp.asarray(np.float32(1.0 / (1 - p)), x.dtype)


def _channel_dropout(x, p, training, nd):
    _check_p(p)
    x = tensor_arg(x)
    if x.ndim not in (nd + 1, nd + 2):
        raise ValueError(f"dropout{nd}d: input must be {nd + 1}-D or {nd + 2}-D, got {x.ndim}-D")
    if not training or p == 0:
        return x
    mask_shape = x.shape[:x.ndim - nd] + (1,) * nd
    keep = jax.random.bernoulli(next_key(), 1 - p, mask_shape)
    return jnp.where(keep, x / (1 - p) if p < 1 else x, jnp.zeros_like(x))


def dropout1d(input, p=0.5, training=True):
    """Zero whole channels of (N, C, L) input.

    Example:
        >>> y = dropout1d(jnp.ones((1, 8, 3)), p=0.5)
        >>> bool(((y == 0) | (y == 2)).all()), bool((y.min(2) == y.max(2)).all())
        (True, True)
    """
    return _channel_dropout(input, p, training, 1)


def dropout2d(input, p=0.5, training=True):
    """Zero whole channels of (N, C, H, W) input.

    Example:
        >>> y = dropout2d(jnp.ones((1, 8, 2, 2)), p=0.5)
        >>> bool(((y == 0) | (y == 2)).all()), bool((y.min((2, 3)) == y.max((2, 3))).all())
        (True, True)
    """
    return _channel_dropout(input, p, training, 2)


def dropout3d(input, p=0.5, training=True):
    """Zero whole channels of (N, C, D, H, W) input.

    Example:
        >>> y = dropout3d(jnp.ones((1, 8, 2, 2, 2)), p=0.5)
        >>> bool(((y == 0) | (y == 2)).all()), bool((y.min((2, 3, 4)) == y.max((2, 3, 4))).all())
        (True, True)
    """
    return _channel_dropout(input, p, training, 3)


def sequence_mask(lengths, maxlen=None):
    """Boolean mask ``[..., j] = j < lengths[...]``.

    Example:
        >>> sequence_mask(jnp.array([1, 3]), 4).tolist()
        [[True, False, False, False], [True, True, True, False]]
    """
    ln = tensor_arg(lengths, "lengths")
    if maxlen is None:
        maxlen = int(jnp.max(ln))
    return jnp.arange(int(maxlen)) < ln[..., None]


# --------------------------------------------------------------------------- attention
def _to_bnsd(t, layout, heads):
    if layout == "BNSD":
        return t
    if layout == "BSND":
        return jnp.swapaxes(t, 1, 2)
    if layout == "BSH":
        b, s, h = t.shape
        return t.reshape(b, s, heads, h // heads).transpose(0, 2, 1, 3)
    if layout == "SBH":
        s, b, h = t.shape
        return t.reshape(s, b, heads, h // heads).transpose(1, 2, 0, 3)
    raise ValueError(f"`input_layout` must be BSH, SBH, BSND or BNSD, got {layout!r}")


def _from_bnsd(t, layout):
    b, n, s, d = t.shape
    if layout == "BNSD":
        return t
    if layout == "BSND":
        return jnp.swapaxes(t, 1, 2)
    if layout == "BSH":
        return t.transpose(0, 2, 1, 3).reshape(b, s, n * d)
    return t.transpose(2, 0, 1, 3).reshape(s, b, n * d)


def flash_attention_score(query, key, value, head_num, real_shift=None, drop_mask=None,
                          padding_mask=None, attn_mask=None, prefix=None, actual_seq_qlen=None,
                          actual_seq_kvlen=None, keep_prob=1.0, scalar_value=1.0,
                          pre_tokens=2147483647, next_tokens=2147483647, inner_precise=0,
                          input_layout="BSH", sparse_mode=0):
    """Scaled dot-product attention in MindSpore's layouts (plain XLA, not a fused kernel).

    `attn_mask` entries that are True/1 are masked out; `real_shift` is added to the scores;
    keys and values may have fewer heads than queries (grouped-query attention).

    Example:
        >>> q = k = jnp.ones((1, 2, 4))  # (batch, seq, hidden) for layout BSH
        >>> v = jnp.array([[[1.0, 2.0, 3.0, 4.0], [3.0, 4.0, 5.0, 6.0]]])
        >>> flash_attention_score(q, k, v, head_num=2).tolist()  # equal scores: the mean of v
        [[[2.0, 3.0, 4.0, 5.0], [2.0, 3.0, 4.0, 5.0]]]
    """
    if sparse_mode not in (0,) or prefix is not None or actual_seq_qlen is not None:
        raise ValueError("flash_attention_score: only sparse_mode=0 without prefix / actual "
                         "sequence lengths is supported on JAX")
    q = _to_bnsd(tensor_arg(query, "query"), input_layout, head_num)
    kh = head_num
    k0 = tensor_arg(key, "key")
    if input_layout in ("BSH", "SBH"):
        kh = head_num * k0.shape[-1] // tensor_arg(query, "query").shape[-1]
    k = _to_bnsd(k0, input_layout, kh)
    v = _to_bnsd(tensor_arg(value, "value"), input_layout, kh)
    if k.shape[1] != q.shape[1]:
        rep = q.shape[1] // k.shape[1]
        k, v = jnp.repeat(k, rep, axis=1), jnp.repeat(v, rep, axis=1)
    scores = jnp.einsum("bnqd,bnkd->bnqk", q, k) * scalar_value
    if real_shift is not None:
        scores = scores + tensor_arg(real_shift, "real_shift")
    if attn_mask is not None:
        m = tensor_arg(attn_mask, "attn_mask").astype(bool)
        scores = jnp.where(m, jnp.finfo(scores.dtype).min, scores)
    # softmax in at least float32 (half-precision inputs), never below the input precision
    p = jax.nn.softmax(scores.astype(jnp.promote_types(scores.dtype, jnp.float32)),
                       axis=-1).astype(q.dtype)
    if keep_prob < 1.0:
        keep = jax.random.bernoulli(next_key(), keep_prob, p.shape)
        p = jnp.where(keep, p / keep_prob, 0)
    return _from_bnsd(jnp.einsum("bnqk,bnkd->bnqd", p, v), input_layout)


def rotary_position_embedding(x, cos, sin, mode=0):
    """Rotary embedding ``x * cos + rotate(x) * sin``; mode 0 rotates halves, 1 pairs.

    Example:
        >>> x = jnp.array([[[[1.0, 2.0]]]])
        >>> cos, sin = jnp.zeros((1, 1, 1, 2)), jnp.ones((1, 1, 1, 2))
        >>> rotary_position_embedding(x, cos, sin).tolist()  # (-x2, x1)
        [[[[-2.0, 1.0]]]]
    """
    x, c, s = tensor_arg(x, "x"), tensor_arg(cos, "cos"), tensor_arg(sin, "sin")
    if mode == 0:
        x1, x2 = jnp.split(x, 2, axis=-1)
        rot = jnp.concatenate([-x2, x1], axis=-1)
    elif mode == 1:
        x1, x2 = x[..., 0::2], x[..., 1::2]
        rot = jnp.stack([-x2, x1], axis=-1).reshape(x.shape)
    else:
        raise ValueError(f"rotary_position_embedding: `mode` must be 0 or 1, got {mode}")
    return x * c + rot * s

