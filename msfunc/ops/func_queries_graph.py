"""Shape/type queries and graph utilities: shape, rank, stop_gradient, depend, print_."""

import copy
import functools

import jax
import jax.numpy as jnp
import numpy as np

from .._state import write
from ..common.args import asarray, dtype_arg
from ..common.parameter import Parameter
from ..common.tensor import is_tensor as _is_tensor
from ..common.tensor import unwrap


def shape(input_x):
    """The shape of a tensor as a tuple of ints.

    Example:
        >>> shape(jnp.ones((2, 3)))
        (2, 3)
    """
    return tuple(asarray(input_x).shape)


def shape_(x):
    """Alias of `shape`.

    Example:
        >>> shape_(jnp.ones(2))
        (2,)
    """
    return shape(x)


def dyn_shape(input_x):
    """The shape as an int tensor.

    Example:
        >>> dyn_shape(jnp.ones((2, 3))).tolist()
        [2, 3]
    """
    return jnp.asarray(asarray(input_x).shape, jnp.int32)


def rank(input_x):
    """The number of axes.

    Example:
        >>> rank(jnp.ones((2, 3)))
        2
    """
    return asarray(input_x).ndim


def size(input_x):
    """The number of entries.

    Example:
        >>> size(jnp.ones((2, 3)))
        6
    """
    return int(np.prod(asarray(input_x).shape))


def numel(input):
    """Alias of `size`.

    Example:
        >>> numel(jnp.ones((2, 3)))
        6
    """
    return size(input)


def is_floating_point(input):
    """Whether the dtype is a floating type.

    Example:
        >>> is_floating_point(jnp.ones(1))
        True
    """
    return bool(jnp.issubdtype(asarray(input).dtype, jnp.floating))


def is_complex(input):
    """Whether the dtype is complex.

    Example:
        >>> is_complex(jnp.ones(1))
        False
    """
    return bool(jnp.issubdtype(asarray(input).dtype, jnp.complexfloating))


def is_nonzero(input):
    """Whether a one-element tensor is non-zero (a Python bool).

    Example:
        >>> is_nonzero(jnp.array([2.0]))
        True
    """
    x = asarray(input)
    if x.size != 1:
        raise ValueError(f"is_nonzero: `input` must have exactly one element, got {x.size}")
    return bool(x.reshape(()) != 0)


def stop_gradient(value):
    """`value` (any pytree of tensors) with gradients blocked.

    Example:
        >>> jax.grad(lambda x: stop_gradient(x) * x)(2.0).tolist()
        2.0
    """
    return jax.tree.map(
        lambda v: jax.lax.stop_gradient(unwrap(v)),
        value,
        is_leaf=lambda v: isinstance(v, Parameter),
    )


def stop_gradient_(input):
    """`stop_gradient`; a Parameter `input` is rebound to the blocked value.

    Example:
        >>> stop_gradient_(jnp.ones(1)).tolist()
        [1.0]
    """
    out = jax.lax.stop_gradient(input)
    if isinstance(input, Parameter):
        write(input, out)
    return out


def depend(value, expr):
    """`value` (JAX orders effects by data flow, so `expr` needs no extra edge).

    Example:
        >>> depend(jnp.ones(1), jnp.zeros(1)).tolist()
        [1.0]
    """
    return value


def deepcopy(input_x):
    """A copy of a tensor.

    Example:
        >>> deepcopy(jnp.ones(1)).tolist()
        [1.0]
    """
    x = input_x
    return jnp.array(x, copy=True) if _is_tensor(x) else copy.deepcopy(x)


def print_(*input_x):
    """Print tensors and strings (jax.debug.print, so it works under jit too).

    Example:
        >>> print_("x:", jnp.ones(1))  # doctest: +SKIP
    """
    vals = list(input_x)
    fmt = " ".join("{}" for _ in vals)
    jax.debug.print(fmt, *vals)


def partial(*args, **kwargs):
    """``functools.partial(fn, *rest, **keywords)`` for ``partial(fn, *rest, **keywords)``.

    Example:
        >>> partial(jnp.add, 1.0)(2.0).tolist()
        3.0
        >>> partial(lambda x, y: x - y, y=1.0)(x=3.0)
        2.0
    """
    if not args or not callable(args[0]):
        raise TypeError("partial: the first argument must be a callable")
    return functools.partial(*args, **kwargs)


def move_to(input, to="CPU", blocking=True):
    """Copy a tensor to a device kind ('CPU' or the default accelerator otherwise).

    Example:
        >>> move_to(jnp.ones(1), "CPU").tolist()
        [1.0]
    """
    if to not in ("CPU", "Ascend", "GPU", "cpu", "gpu"):
        raise ValueError(f"move_to: `to` must be 'CPU', 'GPU' or 'Ascend', got {to!r}")
    device = jax.devices("cpu")[0] if to.upper() == "CPU" else jax.devices()[0]
    out = jax.device_put(input, device)
    if blocking and not isinstance(out, jax.core.Tracer):  # a traced value has nothing to wait on
        out.block_until_ready()
    return out


def reshape_(input, shape):
    """Reshape; a Parameter `input` is rebound to the reshaped value.

    Example:
        >>> reshape_(jnp.ones(4), (2, 2)).shape
        (2, 2)
    """
    out = jnp.reshape(input, tuple(shape))
    if isinstance(input, Parameter):
        write(input, out)
    return out


def is_tensor(obj):
    """Whether `obj` is a Tensor: a Tensor or Parameter, or the jax array (traced or not) that
    ops receive in its place; lists, numbers and numpy arrays are not.

    Example:
        >>> import msfunc as ms, numpy as np
        >>> is_tensor(ms.Tensor([1.0])), is_tensor(jnp.ones(1)), is_tensor([1.0])
        (True, True, False)
        >>> is_tensor(np.ones(1))
        False
    """
    return _is_tensor(obj) or isinstance(obj, jax.Array)


def cast(input, dtype):
    """`input` converted to `dtype` (a MindSpore, numpy or JAX dtype).

    Example:
        >>> import msfunc as ms
        >>> ms.ops.cast(ms.Tensor([1.7, -1.7]), ms.int32).tolist()
        [1, -1]
    """
    return asarray(input).astype(dtype_arg(dtype, "cast"))


__all__ = [
    "cast",
    "shape",
    "shape_",
    "dyn_shape",
    "rank",
    "size",
    "numel",
    "is_floating_point",
    "is_complex",
    "is_nonzero",
    "stop_gradient",
    "stop_gradient_",
    "depend",
    "deepcopy",
    "print_",
    "partial",
    "move_to",
    "reshape_",
    "is_tensor",
]
