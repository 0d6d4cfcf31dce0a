"""Argument helpers for msfunc.ops, msfunc.numpy and msfunc.scipy: arrays, ints, dtypes, axes.

Three conversions with distinct contracts:

- `asarray`: any array-like (Parameter, number, list) as a jax array; Python floats become
  float32 (MindSpore's default), `dtype` casts.
- `tensor_arg`: the same for an argument that must be a tensor: None, strings, dicts and sets
  raise a TypeError naming the argument.
- `array_like`: numpy-style leniency: lists and tuples made arrays,
  everything else handed to jax.numpy unchanged.
"""

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from .._jax_private import Tracer
from .constant_fold import CONVERSION_ERRORS, concrete
from .tensor import canonical_dtype, unwrap

__all__ = [
    "asarray",
    "reduce_axes",
    "refuse_scalar_axis",
    "tensor_arg",
    "array_like",
    "dtype_arg",
    "cast_result",
    "check_int",
    "int_tuple",
    "static_ints",
    "norm_axis",
    "is_float",
    "to_float",
    "is_concrete",
    "broadcast_target",
    "reshape_target",
]


def asarray(x, dtype=None):
    """`x` (array, Parameter, number, list) as a jax array; Python floats become float32.

    Example:
        >>> asarray(1.5).dtype, asarray([1, 2], dtype="float32").tolist()
        (dtype('float32'), [1.0, 2.0])
    """
    x = unwrap(x)
    if dtype is not None:
        return jnp.asarray(x, dtype=canonical_dtype(dtype))
    if isinstance(x, float):
        return jnp.asarray(x, dtype=jnp.float32)
    return jnp.asarray(x)


def tensor_arg(x, name="input"):
    """`x` as a jax array (Parameters unwrapped); TypeError naming `name` for non-arrays.

    Example:
        >>> tensor_arg([1.0, 2.0]).tolist()
        [1.0, 2.0]
        >>> tensor_arg(None, "logits")
        Traceback (most recent call last):
        TypeError: `logits` must be a Tensor, got NoneType
    """
    x = unwrap(x)
    if x is None or isinstance(x, (str, dict, set)):
        raise TypeError(f"`{name}` must be a Tensor, got {type(x).__name__}")
    return jnp.asarray(x)


def array_like(x):
    """`x` as something jax.numpy accepts: lists and tuples made arrays (the namespace's
    wrapper has already turned Tensors and Parameters into arrays).

    Example:
        >>> array_like((1, 2)).tolist(), array_like(3)
        ([1, 2], 3)
    """
    return jnp.asarray(x) if isinstance(x, (list, tuple)) else x


def dtype_arg(dtype, fname=None, argname="dtype", default=None):
    """`dtype` (or `default` when it is None) as JAX stores it; None when both are None.

    A value that is not a dtype raises a TypeError naming `argname` (and `fname`).

    Example:
        >>> dtype_arg("int8"), dtype_arg(None), dtype_arg(None, default="float16")
        (dtype('int8'), None, dtype('float16'))
    """
    if dtype is None:
        dtype = default
    if dtype is None:
        return None
    try:
        return canonical_dtype(dtype)
    except TypeError as err:
        where = f"{fname}: " if fname else ""
        raise TypeError(
            f"{where}`{argname}` must be a dtype (e.g. msfunc.float32), got {dtype!r}"
        ) from err


def cast_result(result, dtype, fname):
    """`result` (or each item of a tuple) cast to `dtype` when it is given.

    Example:
        >>> cast_result(jnp.arange(2), "float16", "sum").dtype
        dtype('float16')
    """
    dtype = dtype_arg(dtype, fname)
    if dtype is None:
        return result
    if isinstance(result, tuple):
        return tuple(r.astype(dtype) for r in result)
    return result.astype(dtype)


def check_int(value, name, minimum=None, *, fname=None):
    """`value` as a Python int (>= `minimum`); TypeError/ValueError naming `name` otherwise.

    Example:
        >>> check_int(3, "groups", 1)
        3
        >>> check_int(2.0, "num", fname="linspace")
        Traceback (most recent call last):
        TypeError: linspace: `num` must be an int, got float
    """
    where = f"{fname}: " if fname else ""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{where}`{name}` must be an int, got {type(value).__name__}")
    value = int(value)
    if minimum is not None and value < minimum:
        raise ValueError(f"{where}`{name}` must be >= {minimum}, got {value}")
    return value


def int_item(i):
    """An integer scalar (numpy's, a 0-d array such as a mutable int) as a Python int; any
    other value is returned as given.

    A traced one raises JAX's concretization error (graph mode then runs the call eagerly,
    as MindSpore compiles such dynamic sizes).

    Example:
        >>> int_item(jnp.asarray(-1)), int_item(np.int64(2)), int_item(1.5)
        (-1, 2, 1.5)
    """
    if isinstance(i, np.integer):
        return int(i)
    if getattr(i, "shape", None) == () and jnp.issubdtype(getattr(i, "dtype", float), jnp.integer):
        return int(i)
    return i


def int_tuple(v, n, name):
    """An int or a sequence of ints (or a concrete int array) as an `n`-tuple.

    Example:
        >>> int_tuple(2, 3, "stride"), int_tuple([1, jnp.asarray(2)], 2, "stride")
        ((2, 2, 2), (1, 2))
    """
    v = unwrap(v)
    if hasattr(v, "shape") and hasattr(v, "dtype") and jnp.issubdtype(v.dtype, jnp.integer):
        v = [int(i) for i in np.asarray(v).reshape(-1)] if np.ndim(v) else int(v)
    if isinstance(v, (tuple, list)):
        v = [int_item(unwrap(i)) for i in v]
    if isinstance(v, int) and not isinstance(v, bool):
        return (v,) * n
    if isinstance(v, (tuple, list)) and all(isinstance(i, int) for i in v):
        if len(v) == 1:
            return tuple(v) * n
        if len(v) == n:
            return tuple(v)
    raise ValueError(f"`{name}` must be an int or a tuple of {n} ints, got {v!r}")


def static_ints(v, name, fn) -> Any:
    """A length or axis argument that fixes an output shape, as Python ints (a tuple for a
    sequence), None kept.

    0-d arrays (``mutable(3)``, a Tensor) give their values: the output shape depends on
    them, so they must be concrete. Inside eager ``grad`` the primal value is read; a
    value traced by jit raises JAX's concretization error, on which msfunc's graph mode
    runs the call eagerly, as MindSpore compiles such dynamic shapes.

    Example:
        >>> static_ints((jnp.asarray(2), 3), "s", "fft2"), static_ints(None, "n", "fft")
        ((2, 3), None)
        >>> static_ints(1.5, "n", "fft")
        Traceback (most recent call last):
        TypeError: fft: `n` must be an int or a sequence of ints, got float
    """
    if v is None:
        return None
    if isinstance(v, (list, tuple)):
        return tuple(static_ints(i, name, fn) for i in v)
    v = unwrap(v)
    if isinstance(v, Tracer):
        primal = concrete(v)
        if primal is None:
            raise jax.errors.ConcretizationTypeError(
                v, f"{fn}: `{name}` fixes the output shape, so it must be known"
            )
        v = primal
    if isinstance(v, bool) or not isinstance(v, (int, np.integer, jax.Array, np.ndarray)):
        raise TypeError(
            f"{fn}: `{name}` must be an int or a sequence of ints, got {type(v).__name__}"
        )
    if not isinstance(v, (int, np.integer)) and (
        v.ndim or not jnp.issubdtype(v.dtype, jnp.integer)
    ):
        raise TypeError(
            f"{fn}: `{name}` must be an int or a 0-d integer Tensor, got {v.dtype} of shape "
            f"{tuple(v.shape)}"
        )
    return int(v)


def norm_axis(axis, ndim, name="axis"):
    """An int / tuple / list / concrete array / None axis argument as non-negative ints.

    None and () mean all axes (None is returned); a sequence gives a tuple.

    Example:
        >>> norm_axis(-1, 3), norm_axis([0, -1], 3), norm_axis((), 3)
        (2, (0, 2), None)
    """
    axis = unwrap(axis)
    if isinstance(axis, (jax.Array, np.ndarray)) and not isinstance(axis, jax.core.Tracer):
        axis = np.asarray(axis).tolist()
    if axis is None:
        return None
    if isinstance(axis, (list, tuple)):
        if len(axis) == 0:
            return None
        return tuple(_one_axis(a, ndim, name) for a in axis)
    return _one_axis(axis, ndim, name)


def reduce_axes(axis, ndim, name="axis"):
    """`norm_axis` for a reduction: a 0-d tensor takes axis 0 or -1 as its one element.

    MindSpore, like PyTorch, reduces a scalar over axis 0 or -1 as over a length-1 axis: the
    element itself (argmax 0). Every jnp reduction does that over None (all axes); other
    axes still raise ValueError.

    Example:
        >>> reduce_axes(0, 0), reduce_axes(-1, 2), reduce_axes((0, 1), 2)
        (None, 1, (0, 1))
    """
    axes = norm_axis(axis, ndim, name)
    return None if ndim == 0 else axes


def refuse_scalar_axis(axis, ndim, who, name="axis"):
    """Raise ValueError for an axis given on a 0-d tensor, where MindSpore's op has no axis
    to take (std, var, cummax: unlike the reductions of `reduce_axes`).

    Example:
        >>> refuse_scalar_axis(None, 0, "std"), refuse_scalar_axis(0, 1, "std")
        (None, None)
    """
    if ndim == 0 and axis is not None and not (isinstance(axis, (tuple, list)) and not axis):
        raise ValueError(f"{who}: `{name}`={axis!r} is out of range for a 0-d tensor")


def _one_axis(a, ndim, name):
    a = unwrap(a)
    primal = concrete(a)  # (a `mutable` axis traced by eager grad: its primal)
    if primal is not None:
        a = primal
    try:
        a = int(a)
    except CONVERSION_ERRORS:  # traced by jit: graph mode runs the call eagerly on it
        raise
    except (TypeError, ValueError) as exc:  # int("x") raises ValueError: still a wrong type
        raise TypeError(f"`{name}` must be an int or a tuple of ints, got {a!r}") from exc
    if not -max(ndim, 1) <= a < max(ndim, 1):
        raise ValueError(f"`{name}`={a} is out of range for a tensor of rank {ndim}")
    return a % max(ndim, 1)


def is_float(x):
    """True when `x` has a floating or complex dtype.

    Example:
        >>> is_float(1.0), is_float(jnp.arange(2))
        (True, False)
    """
    return jnp.issubdtype(jnp.result_type(x), jnp.inexact)


def to_float(x):
    """`x` as an array with a floating dtype (integers and bools become float32).

    Example:
        >>> to_float([1, 2]).dtype
        dtype('float32')
    """
    x = jnp.asarray(x)
    if not jnp.issubdtype(x.dtype, jnp.inexact):
        x = x.astype(jnp.float32)
    return x


def is_concrete(x):
    """True when `x` holds a value now (not a tracer inside jit/vmap/grad).

    Example:
        >>> seen = []
        >>> _ = jax.jit(lambda x: seen.append(is_concrete(x)) or x)(1.0)
        >>> is_concrete(jnp.ones(2)), seen
        (True, [False])
    """
    return not isinstance(x, jax.core.Tracer)


def reshape_target(shape, old_shape, who):
    """`shape` checked against the `old_shape` it reshapes: ints >= -1, at most one -1, and
    the same number of elements (ValueError otherwise, as MindSpore raises).

    Example:
        >>> reshape_target((2, -1), (6,), "reshape")
        (2, -1)
        >>> reshape_target((4, 2), (6,), "reshape")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        ValueError: reshape: cannot reshape 6 elements (shape (6,)) into shape (4, 2)...
    """
    shape = tuple(shape)
    size = int(np.prod(old_shape, dtype=np.int64))
    known = int(np.prod([s for s in shape if s != -1], dtype=np.int64))
    unknown = shape.count(-1)
    if (
        unknown > 1
        or any(s < -1 for s in shape)
        or (size != known if unknown == 0 else (known == 0 or size % known))
    ):
        raise ValueError(
            f"{who}: cannot reshape {size} elements (shape {tuple(old_shape)}) "
            f"into shape {shape} (at most one -1, the other sizes >= 0 with the "
            "same number of elements)"
        )
    return shape


def broadcast_target(x_shape, shape, who="broadcast_to"):
    """The shape `x_shape` broadcasts to under `shape`, where -1 keeps that axis of the input;
    raises before any tracing when `shape` names no valid broadcast.

    Example:
        >>> broadcast_target((4, 1), (2, -1, 3))
        (2, 4, 3)
    """
    shape = unwrap(shape)
    if isinstance(shape, (int, np.integer)) and not isinstance(shape, bool):
        shape = (shape,)
    elif hasattr(shape, "dtype") and np.issubdtype(shape.dtype, np.integer) and shape.ndim == 1:
        shape = tuple(np.asarray(shape).tolist())  # a concrete 1-D integer array
    if not isinstance(shape, (tuple, list)) or not all(
        isinstance(s, (int, np.integer)) and not isinstance(s, bool) for s in shape
    ):
        raise TypeError(f"{who}: `shape` must be a tuple of ints, got {shape!r}")
    shape = tuple(int(s) for s in shape)
    lead = len(shape) - len(x_shape)
    if lead < 0:
        raise ValueError(
            f"{who}: cannot broadcast shape {tuple(x_shape)} to the shorter shape {shape}"
        )
    target = []
    for i, s in enumerate(shape):
        if s == -1:
            if i < lead:
                raise ValueError(
                    f"{who}: -1 in `shape` {shape} at position {i} has no input "
                    f"axis to keep (the input has shape {tuple(x_shape)})"
                )
            s = x_shape[i - lead]
        elif s < 0:
            raise ValueError(f"{who}: `shape` entries must be >= 0 or -1, got {shape}")
        if i >= lead and x_shape[i - lead] not in (1, s):
            raise ValueError(
                f"{who}: cannot broadcast shape {tuple(x_shape)} to {shape}: "
                f"target axis {i} is {s} but the input's axis has size "
                f"{x_shape[i - lead]} (only a size-1 axis broadcasts)"
            )
        target.append(s)
    return tuple(target)
