"""Functional activations: relu, gelu, softmax, sigmoid, the shrink and hard- families, glu."""

import jax
import jax.numpy as jnp

from ..common.args import dtype_arg, tensor_arg
from ..common.seed import next_key
from .func_random import uniform

__all__ = [
    "relu",
    "relu6",
    "gelu",
    "fast_gelu",
    "softmax",
    "softmin",
    "log_softmax",
    "sigmoid",
    "inplace_sigmoid",
    "logsigmoid",
    "silu",
    "mish",
    "elu",
    "selu",
    "celu",
    "hardtanh",
    "hardswish",
    "hardsigmoid",
    "hardshrink",
    "softshrink",
    "soft_shrink",
    "softplus",
    "softsign",
    "tanhshrink",
    "threshold",
    "leaky_relu",
    "prelu",
    "rrelu",
    "glu",
    "swiglu",
    "gumbel_softmax",
]


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
    """Sigmoid; msfunc.ops.inplace_sigmoid writes the result into a Tensor or Parameter `input`.

    Example:
        >>> print(inplace_sigmoid(jnp.array([0.0, 2.0])).round(4))
        [0.5    0.8808]
    """
    return jax.nn.sigmoid(tensor_arg(input))


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
    """Leaky ReLU with a random slope in [lower, upper] per element: the slopes are an
    `ops.uniform` draw of the input's shape, as MindSpore's are (its exact values when seeded).

    Example:
        >>> y = rrelu(jnp.array([-1.0, -1.0, -1.0, 2.0]), lower=0.1, upper=0.3)
        >>> bool(((y[:3] <= -0.1) & (y[:3] >= -0.3)).all()), y[3].tolist()
        (True, 2.0)
    """
    if lower > upper:
        raise ValueError(f"rrelu: `lower` ({lower}) must be <= `upper` ({upper})")
    x = tensor_arg(input)
    dtype = x.dtype if jnp.issubdtype(x.dtype, jnp.floating) else jnp.float32
    slope = uniform(x.shape, jnp.float32(lower), jnp.float32(upper)).astype(dtype)
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
