"""Helpers shared by helper A's functional-op modules (func_*.py): forwarding, axes, dtypes."""

import inspect

import jax.numpy as jnp

from ..common.parameter import Parameter, _unwrap_item, accepts_parameters, unwrap
from ..common.tensor import canonical_dtype

__all__ = ["forward", "asarray", "dtype_of", "Parameter", "unwrap", "accepts_parameters",
           "norm_axis", "is_float"]


def forward(name, fn, params=("input",), example="x = jnp.array([1.0, 2.0])", defaults=None):
    """`fn` as a MindSpore-named op: parameters `params` (MindSpore's names, so keywords
    work), Parameters accepted anywhere an array goes, a docstring with an example."""
    defaults = defaults or {}
    sig = inspect.Signature([
        inspect.Parameter(p, inspect.Parameter.POSITIONAL_OR_KEYWORD,
                          default=defaults.get(p, inspect.Parameter.empty)) for p in params])
    target = getattr(fn, "__name__", repr(fn))

    def op(*args, **kwargs):
        try:
            bound = sig.bind(*args, **kwargs)
        except TypeError as exc:
            raise TypeError(f"{name}{sig}: {exc}") from None
        bound.apply_defaults()
        values = [_unwrap_item(v) for v in bound.arguments.values()]
        return fn(*values)

    op.__name__ = op.__qualname__ = name
    op.__signature__ = sig
    op.__doc__ = (f"MindSpore ``ops.{name}``, computed by ``{target}``.\n\n"
                  f"Example:\n    >>> {example}\n    >>> F.{name}(...)  # doctest: +SKIP\n")
    op.__wrapped_fn__ = fn
    return op


def asarray(x, dtype=None):
    """`x` (array, Parameter, number, list) as a jax array."""
    x = unwrap(x)
    if dtype is not None:
        return jnp.asarray(x, dtype=canonical_dtype(dtype))
    if isinstance(x, float):
        return jnp.asarray(x, dtype=jnp.float32)
    return jnp.asarray(x)


def dtype_of(dtype):
    """A MindSpore dtype (or None) as the numpy dtype JAX stores."""
    return None if dtype is None else canonical_dtype(dtype)


def is_float(x):
    return jnp.issubdtype(jnp.result_type(x), jnp.inexact)


def norm_axis(axis, ndim, name="axis"):
    """Normalise an int/tuple/list/None axis argument; () means all axes."""
    if axis is None:
        return None
    if isinstance(axis, (list, tuple)):
        if len(axis) == 0:
            return None
        return tuple(_one_axis(a, ndim, name) for a in axis)
    return _one_axis(axis, ndim, name)


def _one_axis(a, ndim, name):
    try:
        a = int(unwrap(a))
    except TypeError as exc:
        raise TypeError(f"`{name}` must be an int or a tuple of ints, got {a!r}") from exc
    if not -max(ndim, 1) <= a < max(ndim, 1):
        raise ValueError(f"`{name}`={a} is out of range for a tensor of rank {ndim}")
    return a % max(ndim, 1)


_ = Parameter
