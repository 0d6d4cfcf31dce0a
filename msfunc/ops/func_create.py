"""Tensor creation functional ops with MindSpore's default dtypes (float32; ints as int64)."""

from __future__ import annotations

import builtins
from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp
import numpy as np

from ..common import dtype as mstype
from ..common import kernel_chain
from ..common.args import asarray, dtype_arg, is_concrete
from ..common.cpu_ranges import float_bounds_arange, stepped_linspace
from ..common.promotion import X64, float32_scalar

if TYPE_CHECKING:
    from collections.abc import Sequence

    from jax import Array
    from jax.typing import ArrayLike, DTypeLike

    from ..common.dtype import Type


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
        values = np.asarray(shape)
        if values.ndim > 1:  # (MindSpore: only a scalar or a 1-D sequence is a shape)
            raise TypeError(f"`{name}` must be a scalar or 1-D, got shape {values.shape}")
        return tuple(int(s) for s in values.reshape(-1))
    except jax.errors.JAXTypeError:
        raise  # a traced size: jit specializes on it (or says where) rather than a bad type
    except (TypeError, ValueError) as exc:
        raise TypeError(f"`{name}` must be an int or a tuple of ints, got {shape!r}") from exc


def arange(
    start: float | Array = 0,
    end: float | Array | None = None,
    step: float | Array = 1,
    *,
    dtype: Type | None = None,
) -> Array:
    """Evenly stepped values on ``[start, end)``; ``arange(n)`` counts ``0 .. n - 1``.

    The result is float32 when a bound is a float (Python or tensor), else int64, unless
    `dtype` is given.

    Args:
        start (Union[int, float, Tensor]): The first value, or the end when `end` is
            ``None``. Default: ``0``.
        end (Union[int, float, Tensor, None]): The end (excluded). Default: ``None``.
        step (Union[int, float, Tensor]): The step, non-zero. Default: ``1``.
        dtype (mindspore.dtype, optional): The dtype of the result. Default: ``None``.

    Returns:
        1-D Tensor.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.arange(4), ops.arange(1.0, 2, 0.25))
        [0 1 2 3] [1.   1.25 1.5  1.75]
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
    first, end, step = values
    return float_bounds_arange(first, end, step, dt)


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


def range(start: Array, end: Array, step: Array, maxlen: int = 1000000) -> Array:
    """Evenly stepped values on ``[start, end)``: int64 for integer bounds, float32 for float ones.

    Args:
        start (Tensor): The first value, a 0-D (or one-element) tensor.
        end (Tensor): The end (excluded), a 0-D (or one-element) tensor.
        step (Tensor): The step, a non-zero 0-D (or one-element) tensor.
        maxlen (int): The most values MindSpore allocates for; not needed here.
            Default: ``1000000``.

    Returns:
        1-D Tensor.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.range(ms.Tensor(0), ms.Tensor(5), ms.Tensor(2)))
        [0 2 4]
    """
    bounds = []
    for name, v in (("start", start), ("end", end), ("step", step)):
        # (numbers and numpy values stay numpy: inside jit they are still concrete)
        v = v if isinstance(v, jax.Array) else np.asarray(v)
        if v.size != 1:
            raise ValueError(f"range: `{name}` must hold one value, got shape {v.shape}")
        # (MindSpore takes 1-element tensors as the value too; 0-d ones stay unstaged in jit)
        bounds.append(v.reshape(()) if v.ndim else v)
    s, e, d = bounds
    # MindSpore's Range kernel counts in int64 for integer bounds and float32 for float ones.
    floats = any(jnp.issubdtype(v.dtype, jnp.floating) for v in bounds)
    dt = jnp.dtype(jnp.float32 if floats else jnp.int64)
    if float(d) == 0:
        raise ValueError("range: `step` must not be zero")
    return jnp.arange(
        float(s) if dt.kind == "f" else int(s),
        float(e) if dt.kind == "f" else int(e),
        float(d) if dt.kind == "f" else int(d),
        dtype=dt,
    )


def linspace(start: float | ArrayLike, end: float | ArrayLike, steps: int) -> Array:
    """`steps` evenly spaced values from `start` to `end`, both included.

    Args:
        start (Union[float, Tensor]): The first value.
        end (Union[float, Tensor]): The last value.
        steps (int): How many values.

    Returns:
        1-D Tensor, float32 (float64 when a bound is a float64 tensor).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.linspace(0, 1, 5))
        [0.   0.25 0.5  0.75 1.  ]
    """
    s, e = float32_scalar(start), float32_scalar(end)  # (MindSpore's float32 scalars)
    dtypes = [getattr(v, "dtype", None) for v in (s, e)]
    floats = [d for d in dtypes if d is not None and jnp.issubdtype(d, jnp.floating)]
    return stepped_linspace(s, e, int(steps), jnp.result_type(jnp.float32, *floats))


def logspace(
    start: float, end: float, steps: int, base: int = 10, *, dtype: Type = mstype.float32
) -> Array:
    """`steps` values spaced evenly on a log scale: ``base ** linspace(start, end, steps)``.

    Args:
        start (float): The first exponent.
        end (float): The last exponent.
        steps (int): How many values.
        base (int): The base. Default: ``10``.
        dtype (mindspore.dtype): The dtype of the result. Default: ``mindspore.float32``.

    Returns:
        1-D Tensor.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.logspace(0.0, 2.0, 3))
        [  1.  10. 100.]
    """
    # MindSpore's kernel: float32 bounds, then exponents and powers in double, rounded once
    double = jnp.float64 if X64 else jnp.float32  # (float32 where 64-bit types are off)
    exps = stepped_linspace(float32_scalar(start), float32_scalar(end), int(steps), double)
    return jnp.power(jnp.asarray(base, double), exps).astype(dtype_arg(dtype))


def eye(n: int, m: int | None = None, dtype: Type | None = None) -> Array:
    """An ``n`` by ``m`` matrix with ones on the diagonal and zeros elsewhere.

    Args:
        n (int): The number of rows.
        m (int, optional): The number of columns; ``None`` means `n`. Default: ``None``.
        dtype (mindspore.dtype, optional): The dtype. Default: ``None`` (float32).

    Returns:
        Tensor of shape ``(n, m)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.eye(2, 3, ms.int32))
        [[1 0 0]
         [0 1 0]]
    """
    return jnp.eye(int(n), None if m is None else int(m), dtype=dtype_arg(dtype or mstype.float32))


def ones(shape: int | Sequence[int] | ArrayLike, dtype: Type | None = None) -> Array:
    """A tensor of ones.

    Args:
        shape (Union[int, tuple[int], Tensor]): The shape.
        dtype (mindspore.dtype, optional): The dtype. Default: ``None`` (float32).

    Returns:
        Tensor of shape `shape`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.ones((2, 2), ms.int32))
        [[1 1]
         [1 1]]
    """
    return jnp.ones(_shape(shape), dtype_arg(dtype or mstype.float32))


def zeros(size: int | Sequence[int] | ArrayLike, dtype: Type | None = None) -> Array:
    """A tensor of zeros.

    Args:
        size (Union[int, tuple[int], Tensor]): The shape.
        dtype (mindspore.dtype, optional): The dtype. Default: ``None`` (float32).

    Returns:
        Tensor of shape `size`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.zeros(3))
        [0. 0. 0.]
    """
    return jnp.zeros(_shape(size, "size"), dtype_arg(dtype or mstype.float32))


def ones_like(input: ArrayLike, *, dtype: Type | None = None) -> Array:
    """Ones of `input`'s shape (and dtype, unless `dtype` is given).

    Args:
        input (Tensor): The tensor whose shape to take.
        dtype (mindspore.dtype, optional): The dtype. Default: ``None``.

    Returns:
        Tensor of `input`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.ones_like(ms.Tensor([[2, 3]])))
        [[1 1]]
    """
    return jnp.ones_like(asarray(input), dtype=dtype_arg(dtype))


def zeros_like(input: ArrayLike, *, dtype: Type | None = None) -> Array:
    """Zeros of `input`'s shape (and dtype, unless `dtype` is given).

    Args:
        input (Tensor): The tensor whose shape to take.
        dtype (mindspore.dtype, optional): The dtype. Default: ``None``.

    Returns:
        Tensor of `input`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.zeros_like(ms.Tensor([[2.0, 3.0]]), dtype=ms.int32))
        [[0 0]]
    """
    array = asarray(input)
    if dtype is None and kernel_chain.applies(array):
        return kernel_chain.zeros_reading(array)  # (a traced float16 MindSpore program)
    return jnp.zeros_like(array, dtype=dtype_arg(dtype))


def full(
    size: int | Sequence[int] | ArrayLike,
    fill_value: float | ArrayLike,
    *,
    dtype: Type | None = None,
) -> Array:
    """A tensor of shape `size` filled with `fill_value`.

    Without `dtype`, a Python float gives float32, an int int64 and a bool bool (MindSpore
    2.10 gives int64 for a float too, truncating it; msfunc keeps the value).

    Args:
        size (Union[int, tuple[int], Tensor]): The shape.
        fill_value (Union[int, float, bool, Tensor]): The value.
        dtype (mindspore.dtype, optional): The dtype. Default: ``None``.

    Returns:
        Tensor of shape `size`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.full((2, 2), 1.5, dtype=ms.float32))
        [[1.5 1.5]
         [1.5 1.5]]
    """
    dt = dtype_arg(dtype) or _scalar_dtype(fill_value)
    return jnp.full(_shape(size, "size"), fill_value, dt)


def full_like(
    input: ArrayLike, fill_value: float | ArrayLike, *, dtype: Type | None = None
) -> Array:
    """A tensor of `input`'s shape (and dtype, unless `dtype` is given) filled with
    `fill_value`.

    Args:
        input (Tensor): The tensor whose shape to take.
        fill_value (Union[int, float, bool, Tensor]): The value.
        dtype (mindspore.dtype, optional): The dtype. Default: ``None``.

    Returns:
        Tensor of `input`'s shape.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.full_like(ms.Tensor([1.0, 2.0]), 3))
        [3. 3.]
    """
    return jnp.full_like(asarray(input), fill_value, dtype=dtype_arg(dtype))


def fill(type: Type, shape: int | Sequence[int], value: float | ArrayLike) -> Array:
    """A tensor of dtype `type` and shape `shape` filled with `value`.

    Args:
        type (mindspore.dtype): The dtype.
        shape (Union[int, tuple[int]]): The shape.
        value (Union[int, float, bool, Tensor]): The value.

    Returns:
        Tensor of shape `shape`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.fill(ms.float32, (2, 2), 3))
        [[3. 3.]
         [3. 3.]]
    """
    return jnp.full(_shape(shape), value, dtype_arg(type))


def fills(x: ArrayLike, value: float | ArrayLike) -> Array:
    """A tensor of `x`'s shape and dtype filled with `value`.

    Args:
        x (Tensor): The tensor whose shape and dtype to take.
        value (Union[int, float, Tensor]): The value.

    Returns:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.fills(ms.Tensor([[1.0, 2.0]]), 0.5))
        [[0.5 0.5]]
    """
    return full_like(x, value)


def scalar_to_tensor(input_x: float, dtype: Type = mstype.float32) -> Array:
    """A 0-D tensor holding the Python number `input_x`.

    Args:
        input_x (Union[int, float, bool]): The number.
        dtype (mindspore.dtype): The dtype. Default: ``mindspore.float32``.

    Returns:
        0-D Tensor.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> t = ops.scalar_to_tensor(1)
        >>> print(t, t.dtype == ms.float32)
        1.0 True
    """
    if not isinstance(input_x, (int, float, bool, np.number)):
        raise TypeError(f"scalar_to_tensor: `input_x` must be a number, got {input_x!r}")
    return jnp.asarray(input_x, dtype_arg(dtype))


def scalar_to_array(input_x: float) -> Array:
    """A 0-D tensor holding the Python number `input_x`: int64 for an int, float32 for a float.

    Args:
        input_x (Union[int, float]): The number.

    Returns:
        0-D Tensor.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> t = ops.scalar_to_array(2.0)
        >>> print(t, t.dtype == ms.float32)
        2.0 True
    """
    return jnp.asarray(input_x, _scalar_dtype(input_x))


def tuple_to_array(input_x: Sequence[float]) -> Array:
    """A 1-D tensor holding a tuple of numbers: int32 if all are ints, else float32.

    Args:
        input_x (tuple): The numbers.

    Returns:
        1-D Tensor.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> t = ops.tuple_to_array((1, 2, 3))
        >>> print(t, t.dtype == ms.int32)
        [1 2 3] True
    """
    if isinstance(input_x, builtins.range):  # (a range is a tuple of ints to MindSpore's graph)
        input_x = tuple(input_x)
    if not isinstance(input_x, (tuple, list)):
        raise TypeError(f"tuple_to_array: `input_x` must be a tuple, got {type(input_x).__name__}")
    dt = jnp.float32 if any(isinstance(v, float) for v in input_x) else jnp.int32
    return jnp.asarray(input_x, dt)


def scalar_cast(input_x: float, input_y: Type | DTypeLike) -> int | float | bool:
    """The Python number `input_x` converted to the Python type of dtype `input_y`.

    Args:
        input_x (Union[int, float, bool]): The number.
        input_y (mindspore.dtype): An int, float or bool dtype (the Python type it maps to).

    Returns:
        Union[int, float, bool].

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.scalar_cast(1.7, ms.int64), ops.scalar_cast(2, ms.float64))
        1 2.0
    """
    kind = np.dtype(dtype_arg(input_y)).kind
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
