"""Tensor creation functional ops with MindSpore's default dtypes (float32; ints as int64)."""

import jax
import jax.numpy as jnp
import numpy as np

from ..common import dtype as mstype
from ..common.args import asarray, dtype_arg, is_concrete


def _scalar_dtype(*values):
    """MindSpore's dtype for Python scalars: float32 if any float, else int64 (bool for bools)."""
    vals = [v for v in values if v is not None]
    if any(hasattr(v, "dtype") for v in vals):
        return jnp.result_type(*[jnp.asarray(v) for v in vals])
    if vals and all(isinstance(v, bool) for v in vals):
        return np.dtype(bool)
    if any(isinstance(v, float) for v in vals):
        return dtype_arg(mstype.float32)
    return dtype_arg(mstype.int64)


def _shape(shape, name="shape"):
    if isinstance(shape, int):
        return (shape,)
    try:
        return tuple(int(s) for s in np.asarray(shape).reshape(-1))
    except jax.errors.JAXTypeError:
        raise  # a traced size: jit specializes on it (or says where) rather than a bad type
    except (TypeError, ValueError) as exc:
        raise TypeError(f"`{name}` must be an int or a tuple of ints, got {shape!r}") from exc


def arange(start=0, end=None, step=1, *, dtype=None):
    """``[start, end)`` in steps of `step` (``arange(n)`` counts from 0).

    Example:
        >>> arange(3).tolist(), arange(1.0, 2, 0.5).tolist()
        ([0, 1, 2], [1.0, 1.5])
    """
    if end is None:
        start, end = 0, start
    values = [
        _arange_bound(v, name) for v, name in ((start, "start"), (end, "end"), (step, "step"))
    ]
    # The result is float32 when a bound is a float (Python or tensor), else int64; a
    # tensor bound's own width does not matter.
    is_float = any(jnp.issubdtype(jnp.result_type(v), jnp.floating) for v in values)
    dt = dtype_arg(dtype) or dtype_arg(mstype.float32 if is_float else mstype.int64)
    if all(is_concrete(v) for v in values):
        s, e, d = (float(v) for v in values)
        if d == 0:
            raise ValueError("arange: `step` must not be zero")
        if (e - s) * d < 0:
            raise ValueError(
                f"arange: `step` ({d:g}) must have the sign of `end` - `start` ({e:g} - {s:g})"
            )
    return jnp.arange(*values, dtype=dt)


_ARANGE_TENSOR_DTYPES = (
    np.dtype(np.int32),
    np.dtype(np.int64),
    np.dtype(np.float32),
    np.dtype(np.float64),
)


def _arange_bound(value, name):
    """One bound of `arange`: a Python int/float or a 0-d int32/int64/float32/float64 tensor."""
    if isinstance(value, (int, float, np.integer, np.floating)) and not isinstance(value, bool):
        return value
    if (
        hasattr(value, "dtype")
        and jnp.ndim(value) == 0
        and np.dtype(value.dtype) in _ARANGE_TENSOR_DTYPES
    ):
        return value
    raise TypeError(
        f"arange: `{name}` must be an int, a float or a 0-d int32/int64/float32/"
        f"float64 tensor, got {type(value).__name__}"
    )


def range(start, end, step, maxlen=1000000):
    """``[start, end)`` in steps of `step`, with the dtype of the inputs.

    Example:
        >>> range(jnp.array(0), jnp.array(5), jnp.array(2)).tolist()
        [0, 2, 4]
    """
    s, e, d = start, end, step
    dt = jnp.result_type(*[jnp.asarray(v) for v in (s, e, d)])
    if float(d) == 0:
        raise ValueError("range: `step` must not be zero")
    return jnp.arange(
        float(s) if dt.kind == "f" else int(s),
        float(e) if dt.kind == "f" else int(e),
        float(d) if dt.kind == "f" else int(d),
        dtype=dt,
    )


def linspace(start, end, steps):
    """`steps` evenly spaced values from `start` to `end` inclusive: float32, or float64 when
    a bound is a float64 tensor.

    Example:
        >>> linspace(0, 1, 3).tolist()
        [0.0, 0.5, 1.0]
    """
    s, e = start, end
    floats = [
        v.dtype for v in (s, e) if hasattr(v, "dtype") and jnp.issubdtype(v.dtype, jnp.floating)
    ]
    return jnp.linspace(s, e, int(steps), dtype=jnp.result_type(jnp.float32, *floats))


def logspace(start, end, steps, base=10, *, dtype=mstype.float32):
    """``base ** linspace(start, end, steps)``.

    Example:
        >>> logspace(0.0, 2.0, 3).tolist()
        [1.0, 10.0, 100.0]
    """
    exps = jnp.linspace(start, end, int(steps), dtype=jnp.float32)
    return jnp.power(jnp.float32(base), exps).astype(dtype_arg(dtype))


def eye(n, m=None, dtype=None):
    """``n x m`` identity-like matrix (float32 by default).

    Example:
        >>> eye(2).tolist()
        [[1.0, 0.0], [0.0, 1.0]]
    """
    return jnp.eye(int(n), None if m is None else int(m), dtype=dtype_arg(dtype or mstype.float32))


def ones(shape, dtype=None):
    """Ones of `shape` (float32 by default).

    Example:
        >>> ones((2,)).tolist()
        [1.0, 1.0]
    """
    return jnp.ones(_shape(shape), dtype_arg(dtype or mstype.float32))


def zeros(size, dtype=None):
    """Zeros of `size` (float32 by default).

    Example:
        >>> zeros(2).tolist()
        [0.0, 0.0]
    """
    return jnp.zeros(_shape(size, "size"), dtype_arg(dtype or mstype.float32))


def ones_like(input, *, dtype=None):
    """Ones with the shape (and dtype, unless given) of `input`.

    Example:
        >>> ones_like(jnp.zeros(2)).tolist()
        [1.0, 1.0]
    """
    return jnp.ones_like(asarray(input), dtype=dtype_arg(dtype))


def zeros_like(input, *, dtype=None):
    """Zeros with the shape (and dtype, unless given) of `input`.

    Example:
        >>> zeros_like(jnp.ones(2)).tolist()
        [0.0, 0.0]
    """
    return jnp.zeros_like(asarray(input), dtype=dtype_arg(dtype))


def full(size, fill_value, *, dtype=None):
    """A tensor of `size` filled with `fill_value` (dtype from the value when not given).

    Example:
        >>> full((2,), 1.5).tolist()
        [1.5, 1.5]
    """
    dt = dtype_arg(dtype) or _scalar_dtype(fill_value)
    return jnp.full(_shape(size, "size"), fill_value, dt)


def full_like(input, fill_value, *, dtype=None):
    """A tensor like `input` filled with `fill_value`.

    Example:
        >>> full_like(jnp.zeros(2), 3.0).tolist()
        [3.0, 3.0]
    """
    return jnp.full_like(asarray(input), fill_value, dtype=dtype_arg(dtype))


def fill(type, shape, value):
    """A tensor of `shape` and dtype `type` filled with `value`.

    Example:
        >>> fill(jnp.float32, (2,), 3).tolist()
        [3.0, 3.0]
    """
    return jnp.full(_shape(shape), value, dtype_arg(type))


def fills(x, value):
    """A tensor like `x` filled with `value`.

    Example:
        >>> fills(jnp.zeros(2), 1.0).tolist()
        [1.0, 1.0]
    """
    return full_like(x, value)


def scalar_to_tensor(input_x, dtype=mstype.float32):
    """A 0-D tensor holding the Python number `input_x` (float32 by default).

    Example:
        >>> scalar_to_tensor(1).dtype.name
        'float32'
    """
    if not isinstance(input_x, (int, float, bool, np.number)):
        raise TypeError(f"scalar_to_tensor: `input_x` must be a number, got {input_x!r}")
    return jnp.asarray(input_x, dtype_arg(dtype))


def scalar_to_array(input_x):
    """A 0-D tensor from a Python number (int64 for ints, float32 for floats).

    Example:
        >>> scalar_to_array(2.0).tolist()
        2.0
    """
    return jnp.asarray(input_x, _scalar_dtype(input_x))


def tuple_to_array(input_x):
    """A 1-D tensor from a tuple of numbers (int32 for ints, float32 for floats).

    Example:
        >>> tuple_to_array((1, 2)).dtype.name
        'int32'
    """
    if not isinstance(input_x, (tuple, list)):
        raise TypeError(f"tuple_to_array: `input_x` must be a tuple, got {type(input_x).__name__}")
    dt = jnp.float32 if any(isinstance(v, float) for v in input_x) else jnp.int32
    return jnp.asarray(input_x, dt)


def scalar_cast(input_x, input_y):
    """Cast a Python scalar to the Python type of MindSpore dtype `input_y` (int, float, bool).

    Example:
        >>> scalar_cast(1.7, jnp.int64)
        1
    """
    kind = np.dtype(input_y).kind
    return {"i": int, "u": int, "f": float, "b": bool}.get(kind, float)(input_x)


__all__ = [
    "arange",
    "range",
    "linspace",
    "logspace",
    "eye",
    "ones",
    "zeros",
    "ones_like",
    "zeros_like",
    "full",
    "full_like",
    "fill",
    "fills",
    "scalar_to_tensor",
    "scalar_to_array",
    "tuple_to_array",
    "scalar_cast",
]
