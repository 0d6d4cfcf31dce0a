"""What the primitive tables share: constructor signatures, shape arguments, Parameter writes."""

import inspect

import jax
import jax.numpy as jnp
import numpy as np

from ...common.parameter import Parameter
from ...common.tensor import unwrap

__all__ = ["sig", "shape_arg", "write_back", "pair"]

_ARG = inspect.Parameter.POSITIONAL_OR_KEYWORD


def sig(*required, **defaults):
    """A primitive's constructor signature: `required` names, then `defaults` in order.

    Example:
        >>> str(sig("axis", keep_dims=False))
        '(axis, keep_dims=False)'
    """
    return inspect.Signature(
        [inspect.Parameter(n, _ARG) for n in required]
        + [inspect.Parameter(n, _ARG, default=v) for n, v in defaults.items()]
    )


def shape_arg(s):
    """A shape argument (int, sequence, or concrete array) as a tuple of ints.

    Example:
        >>> shape_arg(3), shape_arg(np.array([2, 3]))
        ((3,), (2, 3))
    """
    s = unwrap(s)
    if isinstance(s, (jax.Array, np.ndarray)):
        return tuple(int(v) for v in np.asarray(s).reshape(-1))
    return (s,) if isinstance(s, int) else tuple(s)


def write_back(var, value):
    """`value` written into `var` when it is a Parameter (which is returned); else `value`.

    Example:
        >>> write_back(jnp.zeros(2), jnp.ones(2)).tolist()
        [1.0, 1.0]
    """
    if isinstance(var, Parameter):
        var.set_data(jnp.asarray(value, unwrap(var).dtype))
        return var
    return value


def pair(v):
    """An int or a sequence as the pair of its last two entries.

    Example:
        >>> pair(3), pair([1, 1, 2, 3])
        ((3, 3), (2, 3))
    """
    v = unwrap(v)
    return (v, v) if isinstance(v, int) else tuple(v)[-2:]
