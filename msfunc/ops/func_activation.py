"""Functional activations: relu and its leaky/parametric/random forms, gelu, sigmoid and
silu, the exponential units, and the shrink and hard- families."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp

from ..common import cpu_exp, cpu_reduce
from ..common.args import tensor_arg
from ..common.promotion import X64
from .func_random import uniform

if TYPE_CHECKING:
    from jax import Array
    from jax.typing import ArrayLike

__all__ = [
    "relu",
    "relu6",
    "gelu",
    "fast_gelu",
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
]


def relu(input: ArrayLike, inplace: bool = False) -> Array:
    """Rectified linear unit, ``max(input, 0)``, element-wise.

    Args:
        input (Tensor): The input.
        inplace (bool): Accepted for MindSpore's signature; the result is always a new
            tensor. Default: ``False``.

    Returns:
        Tensor, of `input`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.relu(ms.Tensor([-1.0, 2.0])))
        [0. 2.]
    """
    return _relu(tensor_arg(input))


# jitted: jax.nn.relu is a custom_jvp, which an eager call runs through JAX's Python path
# (about 100 us); compiled it dispatches in C++ (a trace inlines it, its rule kept)
_relu = jax.jit(jax.nn.relu)


def relu6(x: ArrayLike) -> Array:
    """ReLU capped at 6, ``min(max(x, 0), 6)``, element-wise.

    Args:
        x (Tensor): The input.

    Returns:
        Tensor, of the input's shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.relu6(ms.Tensor([-1.0, 3.0, 7.0])))
        [0. 3. 6.]
    """
    v = tensor_arg(x, "x")
    # (written out so the gradient is MindSpore's: 1 on (0, 6], 6 included, 0 at 0)
    return jnp.where(v > 6, jnp.asarray(6, v.dtype), jnp.where(v > 0, v, jnp.zeros((), v.dtype)))


def gelu(input: ArrayLike, approximate: str = "none") -> Array:
    """Gaussian error linear unit, ``input * Phi(input)`` with Phi the standard normal CDF.

    Args:
        input (Tensor): The input.
        approximate (str): ``"none"`` computes Phi with erf; ``"tanh"`` uses the tanh
            approximation. Default: ``"none"``.

    Returns:
        Tensor, of `input`'s shape and dtype.

    Raises:
        ValueError: If `approximate` is neither.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.gelu(ms.Tensor([-1.0, 0.0, 1.0])).asnumpy().round(4))
        [-0.1587  0.      0.8413]
        >>> print(ops.gelu(ms.Tensor([1.0]), approximate='tanh').asnumpy().round(4))
        [0.8412]
    """
    if approximate not in ("none", "tanh"):
        raise ValueError(f"gelu: `approximate` must be 'none' or 'tanh', got {approximate!r}")
    return jax.nn.gelu(tensor_arg(input), approximate=approximate == "tanh")


def fast_gelu(x: ArrayLike) -> Array:
    """A fast GELU approximation, ``x * sigmoid(1.702 * x)``.

    Args:
        x (Tensor): The input.

    Returns:
        Tensor, of the input's shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.fast_gelu(ms.Tensor([-1.0, 0.0, 1.0])).asnumpy().round(4))
        [-0.1542  0.      0.8458]
    """
    x = tensor_arg(x, "x")
    return x * jax.nn.sigmoid(1.702 * x)


def sigmoid(input: ArrayLike) -> Array:
    """Logistic sigmoid, ``1 / (1 + exp(-input))``, element-wise.

    Args:
        input (Tensor): The input.

    Returns:
        Tensor, of the input's shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.sigmoid(ms.Tensor([-1.0, 0.0, 1.0])).asnumpy().round(4))
        [0.2689 0.5    0.7311]
    """
    return cpu_exp.mindspore_sigmoid(tensor_arg(input))


def inplace_sigmoid(input: ArrayLike) -> Array:
    """Logistic sigmoid in place: ``ops.inplace_sigmoid`` writes the result into a Tensor or
    Parameter `input` and returns it.

    Args:
        input (Tensor): The tensor to transform and overwrite.

    Returns:
        Tensor, `input` itself holding the results.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([0.0, 2.0])
        >>> y = ops.inplace_sigmoid(x)
        >>> print(x.asnumpy().round(4), y is x)
        [0.5    0.8808] True
    """
    return cpu_exp.mindspore_sigmoid(tensor_arg(input))


def logsigmoid(x: ArrayLike) -> Array:
    """Log of the sigmoid, ``log(1 / (1 + exp(-x)))``, computed stably.

    Args:
        x (Tensor): The input.

    Returns:
        Tensor, of the input's shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.logsigmoid(ms.Tensor([-1.0, 0.0, 1.0])).asnumpy().round(4))
        [-1.3133 -0.6931 -0.3133]
    """
    return jax.nn.log_sigmoid(tensor_arg(x, "x"))


def silu(input: ArrayLike) -> Array:
    """Sigmoid linear unit (swish), ``input * sigmoid(input)``.

    Args:
        input (Tensor): The input.

    Returns:
        Tensor, of the input's shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.silu(ms.Tensor([-1.0, 0.0, 1.0])).asnumpy().round(4))
        [-0.2689  0.      0.7311]
    """
    x = tensor_arg(input)
    if cpu_reduce.float32_kernel_numerics(x):  # (MindSpore's CPU SiLU: x times its Sigmoid)
        return x * cpu_exp.sigmoid(x)
    return jax.nn.silu(x)


def mish(x: ArrayLike) -> Array:
    """Mish activation, ``x * tanh(softplus(x))``.

    Args:
        x (Tensor): The input.

    Returns:
        Tensor, of the input's shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.mish(ms.Tensor([-1.0, 0.0, 1.0])).asnumpy().round(4))
        [-0.3034  0.      0.8651]
    """
    x = tensor_arg(x, "x")
    if x.dtype in (jnp.float16, jnp.bfloat16):
        # MindSpore's kernel computes a 16-bit input in float32 and rounds once
        return mish(x.astype(jnp.float32)).astype(x.dtype)
    return x * jnp.tanh(jax.nn.softplus(x))


def elu(input_x: ArrayLike, alpha: float = 1.0) -> Array:
    """Exponential linear unit: `input_x` where positive, ``alpha * (exp(input_x) - 1)`` elsewhere.

    Args:
        input_x (Tensor): The input.
        alpha (float): The scale of the negative part. Default: ``1.0``.

    Returns:
        Tensor, of `input_x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.elu(ms.Tensor([-1.0, 0.0, 2.0])).asnumpy().round(4))
        [-0.6321  0.      2.    ]
        >>> print(ops.elu(ms.Tensor([-1.0]), alpha=2.0).asnumpy().round(4))
        [-1.2642]
    """
    return jax.nn.elu(tensor_arg(input_x, "input_x"), alpha)


def selu(input_x: ArrayLike) -> Array:
    """Scaled exponential linear unit: ``scale * elu(input_x, alpha)`` with the self-normalising
    constants scale = 1.0507 and alpha = 1.6733.

    Args:
        input_x (Tensor): The input.

    Returns:
        Tensor, of `input_x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.selu(ms.Tensor([-1.0, 0.0, 1.0])).asnumpy().round(4))
        [-1.1113  0.      1.0507]
    """
    return jax.nn.selu(tensor_arg(input_x, "input_x"))


def celu(x: ArrayLike, alpha: float = 1.0) -> Array:
    """Continuously differentiable ELU: ``max(0, x) + min(0, alpha * (exp(x / alpha) - 1))``.

    Args:
        x (Tensor): The input.
        alpha (float): The scale of the negative part, non-zero. Default: ``1.0``.

    Returns:
        Tensor, of `x`'s shape and dtype.

    Raises:
        ValueError: If `alpha` is 0.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.celu(ms.Tensor([-1.0, 0.0, 2.0]), 0.5).asnumpy().round(4))
        [-0.4323  0.      2.    ]
    """
    if alpha == 0:
        raise ValueError("celu: `alpha` must not be 0")
    return jax.nn.celu(tensor_arg(x, "x"), alpha)


def hardtanh(input: ArrayLike, min_val: float = -1.0, max_val: float = 1.0) -> Array:
    """Hard tanh: each element clipped to ``[min_val, max_val]``.

    Args:
        input (Tensor): The input.
        min_val (float): The lower bound. Default: ``-1.0``.
        max_val (float): The upper bound. Default: ``1.0``.

    Returns:
        Tensor, of `input`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.hardtanh(ms.Tensor([-2.0, 0.5, 2.0])))
        [-1.   0.5  1. ]
        >>> print(ops.hardtanh(ms.Tensor([-2.0, 0.5, 2.0]), min_val=0.0, max_val=0.25))
        [0.   0.25 0.25]
    """
    return jnp.clip(tensor_arg(input), min_val, max_val)


def hardswish(input: ArrayLike) -> Array:
    """Hard swish, ``input * relu6(input + 3) / 6``: a piecewise-linear swish.

    Args:
        input (Tensor): The input.

    Returns:
        Tensor, of the input's shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.hardswish(ms.Tensor([-1.0, 0.0, 1.0, 4.0])).asnumpy().round(4))
        [-0.3333  0.      0.6667  4.    ]
    """
    x = tensor_arg(input)
    return _by_six(x * jax.nn.relu6(x + 3))


def hardsigmoid(input: ArrayLike) -> Array:
    """Hard sigmoid, ``relu6(input + 3) / 6``: a piecewise-linear sigmoid.

    Args:
        input (Tensor): The input.

    Returns:
        Tensor, of the input's shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.hardsigmoid(ms.Tensor([-4.0, 0.0, 1.5, 4.0])).asnumpy().round(4))
        [0.   0.5  0.75 1.  ]
    """
    return _by_six(jax.nn.relu6(tensor_arg(input) + 3))


def _by_six(v):
    """``v / 6`` correctly rounded, as MindSpore's kernels divide. XLA turns a division by a
    constant into a multiplication by its rounded reciprocal (a last-bit difference in a third
    of float32 values); in float64 that error vanishes when the result is rounded back. Only
    on JAX's CPU backend with 64-bit types: float64 is slow on most GPUs and absent on TPUs."""
    if v.dtype in (jnp.float16, jnp.bfloat16, jnp.float32) and _float64_is_cheap():
        return (v.astype(jnp.float64) / 6).astype(v.dtype)
    return v / 6


@functools.cache
def _float64_is_cheap():
    return jax.default_backend() == "cpu" and X64


def hardshrink(input: ArrayLike, lambd: float = 0.5) -> Array:
    """Hard shrink: each element kept where ``|input| > lambd``, 0 elsewhere.

    Args:
        input (Tensor): The input.
        lambd (float): The threshold. Default: ``0.5``.

    Returns:
        Tensor, of `input`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.hardshrink(ms.Tensor([-1.0, 0.2, 0.5, 1.0])))
        [-1.  0.  0.  1.]
    """
    x = tensor_arg(input)
    return jnp.where(jnp.abs(x) > lambd, x, jnp.zeros_like(x))


def softshrink(input: ArrayLike, lambd: float = 0.5) -> Array:
    """Soft shrink: each element moved towards 0 by `lambd`, and 0 where ``|input| <= lambd``.

    ``ops.soft_shrink`` is the same function.

    Args:
        input (Tensor): The input.
        lambd (float): The shrink amount, >= 0. Default: ``0.5``.

    Returns:
        Tensor, of `input`'s shape and dtype.

    Raises:
        ValueError: If `lambd` is negative.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.softshrink(ms.Tensor([-2.0, 0.25, 1.0])))
        [-1.5  0.   0.5]
        >>> print(ops.softshrink(ms.Tensor([-2.0, 0.25, 1.0]), lambd=0.125))
        [-1.875  0.125  0.875]
    """
    if lambd < 0:
        raise ValueError(f"softshrink: `lambd` must be >= 0, got {lambd}")
    x = tensor_arg(input)
    return jnp.where(x > lambd, x - lambd, jnp.where(x < -lambd, x + lambd, jnp.zeros_like(x)))


soft_shrink = softshrink


def softplus(input: ArrayLike, beta: float = 1, threshold: float = 20) -> Array:
    """Softplus, ``log(1 + exp(beta * input)) / beta``, a smooth ReLU; linear (`input`
    itself) where ``beta * input > threshold``, for stability.

    Args:
        input (Tensor): The input.
        beta (float): The sharpness. Default: ``1``.
        threshold (float): Above it (in ``beta * input``) the result is `input`. Default: ``20``.

    Returns:
        Tensor, of `input`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.softplus(ms.Tensor([-1.0, 0.0, 1.0])).asnumpy().round(4))
        [0.3133 0.6931 1.3133]
        >>> print(ops.softplus(ms.Tensor([30.0]), beta=1, threshold=20))
        [30.]
    """
    x = tensor_arg(input)
    bx = beta * x
    safe = jnp.where(bx > threshold, jnp.zeros_like(bx), bx)
    return jnp.where(bx > threshold, x, jax.nn.softplus(safe) / beta)


def softsign(x: ArrayLike) -> Array:
    """Softsign, ``x / (1 + |x|)``, element-wise.

    Args:
        x (Tensor): The input.

    Returns:
        Tensor, of the input's shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.softsign(ms.Tensor([-3.0, 0.0, 1.0])))
        [-0.75  0.    0.5 ]
    """
    return jax.nn.soft_sign(tensor_arg(x, "x"))


def tanhshrink(input: ArrayLike) -> Array:
    """Tanh shrink, ``input - tanh(input)``, element-wise.

    Args:
        input (Tensor): The input.

    Returns:
        Tensor, of the input's shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.tanhshrink(ms.Tensor([-1.0, 0.0, 1.0])).asnumpy().round(4))
        [-0.2384  0.      0.2384]
    """
    x = tensor_arg(input)
    return x - jnp.tanh(x)


def threshold(input: ArrayLike, thr: float, value: float) -> Array:
    """Thresholding: each element kept where ``input > thr``, replaced by `value` elsewhere.

    Args:
        input (Tensor): The input.
        thr (float): The threshold.
        value (float): The replacement.

    Returns:
        Tensor, of `input`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.threshold(ms.Tensor([1.0, 2.0, 3.0]), 2.0, -1.0))
        [-1. -1.  3.]
    """
    x = tensor_arg(input)
    return jnp.where(x > thr, x, jnp.asarray(value, x.dtype))


def leaky_relu(input: ArrayLike, alpha: float = 0.2) -> Array:
    """Leaky ReLU: `input` where ``input >= 0``, ``alpha * input`` elsewhere.

    Args:
        input (Tensor): The input.
        alpha (float): The slope of the negative part. Default: ``0.2``.

    Returns:
        Tensor, of `input`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.leaky_relu(ms.Tensor([-1.0, 0.0, 2.0])).asnumpy().round(4))
        [-0.2  0.   2. ]
        >>> print(ops.leaky_relu(ms.Tensor([-4.0]), alpha=0.5))
        [-2.]
    """
    x = tensor_arg(input)
    return jnp.where(x >= 0, x, alpha * x)


def prelu(input: ArrayLike, weight: ArrayLike) -> Array:
    """Parametric ReLU: leaky ReLU whose negative slope is learnt, one per channel (axis 1).

    Args:
        input (Tensor): The input, channels on axis 1.
        weight (Tensor): The slopes, 1-D: one per channel, or a single one for all.

    Returns:
        Tensor, of `input`'s shape and dtype.

    Raises:
        ValueError: If `weight` is not 1-D.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor([[-1.0, -1.0], [2.0, 2.0]])  # (N=2, C=2)
        >>> print(ops.prelu(x, ms.Tensor([0.25, 0.5])))
        [[-0.25 -0.5 ]
         [ 2.    2.  ]]
    """
    x, w = tensor_arg(input), tensor_arg(weight, "weight")
    if w.ndim != 1:
        raise ValueError(f"prelu: `weight` must be 1-D, got shape {w.shape}")
    if w.size == 1:
        w = w.reshape(())  # one slope for all: the result keeps `input`'s shape, 0-D included
    elif x.ndim >= 2:
        w = w.reshape((1, -1) + (1,) * (x.ndim - 2))
    # `x > 0` picks the slope at 0, so the gradient there is `weight` (MindSpore's kernel)
    return jnp.where(x > 0, x, w * x)


def rrelu(input: ArrayLike, lower: float = 1.0 / 8, upper: float = 1.0 / 3) -> Array:
    """Randomised leaky ReLU: the negative part scaled by a random slope drawn per element.

    The slopes are an ``ops.uniform`` draw in ``[lower, upper]`` of the input's shape, as
    MindSpore's are (its exact values when seeded).

    Args:
        input (Tensor): The input.
        lower (float): The smallest slope. Default: ``1/8``.
        upper (float): The largest slope. Default: ``1/3``.

    Returns:
        Tensor, of `input`'s shape.

    Raises:
        ValueError: If `lower` > `upper`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> y = ops.rrelu(ms.Tensor([-1.0, -1.0, -1.0, 2.0]), lower=0.1, upper=0.3)
        >>> bool(((y[:3] <= -0.1) & (y[:3] >= -0.3)).all()), y[3].tolist()
        (True, 2.0)
    """
    if lower > upper:
        raise ValueError(f"rrelu: `lower` ({lower}) must be <= `upper` ({upper})")
    x = tensor_arg(input)
    dtype = x.dtype if jnp.issubdtype(x.dtype, jnp.floating) else jnp.float32
    slope = uniform(x.shape, jnp.float32(lower), jnp.float32(upper)).astype(dtype)
    return jnp.where(x >= 0, x, slope * x)
