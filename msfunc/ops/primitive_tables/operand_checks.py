"""Class forms whose MindSpore kernels check or bound their operands: dtypes their CPU kernels
lack (TypeError), operands that must agree (ValueError), and LpNorm's floor at epsilon."""

import jax.numpy as jnp
import numpy as np

from ...common.args import norm_axis
from ...context import mindspore_dtype_checks

__all__ = ["lp_norm", "refusing_bool", "square_sum_all"]


def _dtype(x):
    dtype = getattr(x, "dtype", None)  # (a traced operand has one; asarray would not do)
    return np.dtype(jnp.asarray(x).dtype if dtype is None else dtype)


def refusing_bool(name, fn):
    """A binary primitive's call that refuses bool operands, as MindSpore's arithmetic kernels
    (TruncateDiv, TruncateMod) do.

    Example:
        >>> call = refusing_bool("TruncateMod", jnp.fmod)
        >>> call(None, jnp.array([7]), jnp.array([2])).tolist()
        [1]
        >>> call(None, jnp.array([True]), jnp.array([True]))
        Traceback (most recent call last):
        TypeError: TruncateMod: operands of dtype bool are not supported, got bool and bool
    """

    def call(p, x, y):
        dx, dy = _dtype(x), _dtype(y)
        if dx == np.bool_ and dy == np.bool_:  # (one bool operand is promoted to the other's)
            raise TypeError(f"{name}: operands of dtype bool are not supported, got {dx} and {dy}")
        return fn(x, y)

    return call


def square_sum_all(p, x, y):
    """SquareSumAll: the sums of squares of two float tensors of one dtype and one shape
    (the checks of MindSpore's kernel, which also keeps to float16 and float32).

    Example:
        >>> x, y = jnp.ones(2, jnp.float32), jnp.full(2, 2.0, jnp.float32)
        >>> [float(s) for s in square_sum_all(None, x, y)]
        [2.0, 8.0]
    """
    dx, dy = _dtype(x), _dtype(y)
    for arg, dt in (("x", dx), ("y", dy)):
        # MindSpore's kernel has float16 and float32 forms only; msfunc's own API also takes
        # float64 (a JAX program's default), MindSpore programs (the alias) get the refusal
        if dt not in (np.float16, np.float32) and (mindspore_dtype_checks() or dt.kind != "f"):
            raise TypeError(f"SquareSumAll: `{arg}` must be float16 or float32, got {dt}")
    if dx != dy:
        raise TypeError(f"SquareSumAll: `x` and `y` must have one dtype, got {dx} and {dy}")
    if jnp.shape(x) != jnp.shape(y):
        raise ValueError(
            f"SquareSumAll: `x` and `y` must have one shape, got {jnp.shape(x)} and {jnp.shape(y)}"
        )
    return jnp.sum(jnp.square(x)), jnp.sum(jnp.square(y))


def lp_norm(p, x):
    """LpNorm: ``(sum |x| ** p) ** (1 / p)`` over `p.axis`, never below `p.epsilon` (MindSpore's
    kernel floors the norm there, a zero input included).

    Where a power above 2 of a float32 or 16-bit input underflows, it is summed in float64:
    MindSpore's kernel keeps float32's subnormal powers (``0.34 ** 90``), which XLA's CPU
    flushes to zero.

    Example:
        >>> from types import SimpleNamespace as Attrs
        >>> q = Attrs(axis=0, p=90, keep_dims=False, epsilon=1e-12)
        >>> x = jnp.array([[0.33854], [-0.13209]], jnp.float32)
        >>> [round(float(v), 5) for v in lp_norm(q, x)]
        [0.33854]
        >>> float(lp_norm(Attrs(axis=0, p=2, keep_dims=False, epsilon=0.5), jnp.zeros(3)))
        0.5
    """
    axes = norm_axis(p.axis, jnp.ndim(x))
    axes = tuple(range(jnp.ndim(x))) if axes is None else tuple(np.atleast_1d(axes).tolist())
    if p.p == 0:
        out = jnp.sum(x != 0, axes, keepdims=p.keep_dims).astype(x.dtype)
    elif p.p > 2 and _dtype(x).itemsize <= 4 and _dtype(x).kind == "f":
        out = jnp.sum(jnp.abs(x) ** p.p, axes, keepdims=p.keep_dims) ** (1.0 / p.p)
        wide = jnp.abs(x).astype(jnp.float64) ** p.p
        wide = (jnp.sum(wide, axes, keepdims=p.keep_dims) ** (1.0 / p.p)).astype(x.dtype)
        out = jnp.where(out == 0, wide, out)  # (only where the powers underflowed)
    elif len(axes) == 1:
        out = jnp.linalg.norm(x, ord=p.p, axis=axes[0], keepdims=p.keep_dims)
    else:
        out = jnp.sum(jnp.abs(x) ** p.p, axes, keepdims=p.keep_dims) ** (1.0 / p.p)
    return jnp.maximum(out, jnp.asarray(p.epsilon, out.dtype))
