"""Small helpers shared by helper B's functional op modules (argument checks, unwrapping)."""

import jax.numpy as jnp
import numpy as np

from ..common.parameter import unwrap
from ..common.tensor import canonical_dtype

__all__ = ["arr", "tup", "check_reduction", "reduce_loss", "dtype_or", "check_int"]


def arr(x, name="input"):
    """`x` as a jax array (unwrapping Parameters); TypeError naming `name` for non-arrays."""
    x = unwrap(x)
    if x is None or isinstance(x, (str, dict, set)):
        raise TypeError(f"`{name}` must be a Tensor, got {type(x).__name__}")
    return jnp.asarray(x)


def tup(v, n, name):
    """An int or a sequence of ints (or a concrete int array) as an `n`-tuple."""
    v = unwrap(v)
    if hasattr(v, "shape") and hasattr(v, "dtype") and jnp.issubdtype(v.dtype, jnp.integer):
        v = [int(i) for i in np.asarray(v).reshape(-1)] if np.ndim(v) else int(v)
    if isinstance(v, (tuple, list)):
        v = [int(i) if isinstance(i, np.integer) else i for i in v]
    if isinstance(v, int) and not isinstance(v, bool):
        return (v,) * n
    if isinstance(v, (tuple, list)) and all(isinstance(i, int) for i in v):
        if len(v) == 1:
            return tuple(v) * n
        if len(v) == n:
            return tuple(v)
    raise ValueError(f"`{name}` must be an int or a tuple of {n} ints, got {v!r}")


def check_int(v, name, minimum=None):
    """`v` if it is an int (>= minimum), else a TypeError/ValueError naming `name`."""
    if not isinstance(v, int) or isinstance(v, bool):
        raise TypeError(f"`{name}` must be an int, got {type(v).__name__}")
    if minimum is not None and v < minimum:
        raise ValueError(f"`{name}` must be >= {minimum}, got {v}")
    return v


_REDUCTIONS = ("none", "mean", "sum")


def check_reduction(reduction, allowed=_REDUCTIONS):
    """`reduction` if allowed, else ValueError."""
    if reduction not in allowed:
        raise ValueError(f"`reduction` must be one of {allowed}, got {reduction!r}")
    return reduction


def reduce_loss(loss, reduction):
    """Apply 'none' / 'mean' / 'sum'."""
    check_reduction(reduction)
    if reduction == "mean":
        return jnp.mean(loss)
    if reduction == "sum":
        return jnp.sum(loss)
    return loss


def dtype_or(dtype, default):
    """`dtype` (or `default` when None) as JAX stores it."""
    return canonical_dtype(default if dtype is None else dtype)
