"""Shared helpers: turn arguments into arrays and resolve MindSpore dtype arguments."""

import jax
import jax.numpy as jnp
import numpy as np

from ..common.parameter import Parameter, unwrap
from ..common.tensor import canonical_dtype


def arr(x):
    """`x` as something jax.numpy accepts: Parameters unwrapped, lists/tuples made arrays."""
    if isinstance(x, Parameter):
        return unwrap(x)
    if isinstance(x, (list, tuple)):
        return jnp.asarray([arr(i) for i in x]) if any(
            isinstance(i, Parameter) for i in x) else jnp.asarray(x)
    return x


def seq(xs):
    """A sequence of arrays with every Parameter unwrapped (the sequence itself kept)."""
    if isinstance(xs, Parameter):
        return unwrap(xs)
    if isinstance(xs, (list, tuple)):
        return [seq(x) if isinstance(x, (list, tuple)) else unwrap(x) for x in xs]
    return xs


def dtype_arg(dtype, fname, argname="dtype"):
    """`dtype` canonicalised for JAX (None stays None); TypeError naming the argument."""
    if dtype is None:
        return None
    try:
        return canonical_dtype(dtype)
    except TypeError as err:
        raise TypeError(f"{fname}: `{argname}` must be a dtype (e.g. msfunc.float32), "
                        f"got {dtype!r}") from err


def cast(result, dtype, fname):
    """Cast `result` (or each item of a tuple) to `dtype` when given."""
    dtype = dtype_arg(dtype, fname)
    if dtype is None:
        return result
    if isinstance(result, tuple):
        return tuple(r.astype(dtype) for r in result)
    return result.astype(dtype)


def to_float(x):
    """`x` as an array with a floating dtype (integers and bools become float32)."""
    x = jnp.asarray(x)
    if not jnp.issubdtype(x.dtype, jnp.inexact):
        x = x.astype(jnp.float32)
    return x


def is_concrete(x):
    """True when `x` holds a value now (not a tracer inside jit/vmap/grad)."""
    return not isinstance(x, jax.core.Tracer)


def check_int(value, fname, argname):
    """`value` as a Python int; TypeError naming the argument otherwise."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{fname}: `{argname}` must be an int, got {type(value).__name__}")
    return int(value)
