"""Operand checks some MindSpore primitives make before computing: dtypes their CPU kernels
lack (TypeError) and operands that must agree (ValueError), for the class forms here."""

import jax.numpy as jnp
import numpy as np

from ...context import mindspore_dtype_checks

__all__ = ["refusing_bool", "square_sum_all"]


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
