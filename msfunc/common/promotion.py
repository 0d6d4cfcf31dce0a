"""MindSpore's type promotion over JAX's: with 64-bit types on, nothing becomes float64 unasked."""

from typing import Any

import jax
import numpy as np

from .dtype import Type as _MsType

__all__ = [
    "X64",
    "INDEX",
    "WIDE",
    "float32_scalar",
    "narrow",
    "narrow_tree",
    "narrowed_dtype",
    "sum_dtype",
]

#: Whether 64-bit types are on (decided once at import by ``msfunc/_x64.py``).
X64 = bool(jax.config.jax_enable_x64)
#: The index dtype MindSpore returns (int64), as JAX can hold it.
INDEX = jax.dtypes.canonicalize_dtype(np.int64)
# The integer dtypes whose sums and products MindSpore returns in int64 (uint16 and wider
# unsigned ones keep their dtype).
_SUMMED_AS_INDEX = frozenset(
    np.dtype(t) for t in (np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8)
)


def sum_dtype(dtype):
    """The dtype MindSpore's ``sum`` / ``prod`` (ops, mint, Tensor methods) give for `dtype`
    when none is asked for: int64 for bool, signed ints and uint8, else None (`dtype` kept;
    JAX would widen every unsigned int to uint64).

    Example:
        >>> sum_dtype(np.uint8) == INDEX, sum_dtype(np.uint16), sum_dtype(np.float16)
        (True, dtype('uint16'), None)
    """
    dtype = np.dtype(dtype)
    if dtype in _SUMMED_AS_INDEX:
        return INDEX
    return dtype if dtype.kind == "u" else None


_NARROWER = {
    np.dtype(np.float64): np.dtype(np.float32),
    np.dtype(np.complex128): np.dtype(np.complex64),
}
#: The dtypes `narrow` may change; ``out.aval.dtype in WIDE`` is the cheap test for callers.
WIDE = frozenset(_NARROWER)
# mindspore.numpy also keeps integers at 32 bits unless an operand is 64-bit.
_NARROWER_INTS = {
    **_NARROWER,
    np.dtype(np.int64): np.dtype(np.int32),
    np.dtype(np.uint64): np.dtype(np.uint32),
}
_WEAK = (bool, int, float, complex, np.generic)


def _asks_wide(arg, wide):
    """True when `arg` makes a 64-bit result legitimate: an array of one of the `wide`
    dtypes, or one named as a dtype. Python and numpy scalars do not."""
    if isinstance(arg, _WEAK):
        return False
    if isinstance(arg, (np.dtype, str, type, _MsType)):
        try:
            return np.dtype(arg) in wide
        except (TypeError, ValueError):  # a string that names no dtype ("ij,jk->ik")
            return False
    dtype = getattr(arg, "dtype", None)
    if dtype is not None:
        return dtype in wide
    if isinstance(arg, (tuple, list)):
        return any(_asks_wide(a, wide) for a in arg)
    return False


def narrow(out, args, kwargs=None, ints=False):
    """`out`, cast to float32 (complex64) when it is 64-bit only by JAX's promotion.

    JAX promotes integers, and integers with Python floats, to its default float, which is
    float64 when 64-bit types are on. MindSpore promotes them to float32: a float64 result
    comes only from a float64 operand or a float64 asked for by dtype. `out` is an array.
    With `ints` (mindspore.numpy's rule) int64 results are narrowed to int32 alike.

    Example:
        >>> import jax.numpy as jnp
        >>> ints = jnp.arange(3)
        >>> str(narrow(ints / 2, (ints, 2)).dtype)
        'float32'
    """
    if not X64:
        return out
    dtype = narrowed_dtype(out.dtype, args, kwargs, ints)
    return out if dtype == out.dtype else out.astype(dtype)


def narrowed_dtype(dtype, args, kwargs=None, ints=False):
    """The dtype `narrow` gives a result of `dtype` computed from `args` and `kwargs`.

    Example:
        >>> import numpy as np
        >>> str(narrowed_dtype(np.dtype("float64"), (np.arange(2, dtype=np.int32), 1.5)))
        'float32'
    """
    wide = _NARROWER_INTS if ints else _NARROWER
    target = wide.get(dtype)
    if target is None or any(_asks_wide(a, wide) for a in args):
        return dtype
    if kwargs and any(_asks_wide(a, wide) for a in kwargs.values()):
        return dtype
    return target


def narrow_tree(out, args, kwargs=None, ints=False):
    """`narrow` applied to each array in a tuple or list result (other values kept).

    Example:
        >>> import jax.numpy as jnp
        >>> ints = jnp.arange(2)
        >>> [str(v.dtype) for v in narrow_tree((ints / 2, ints), (ints,))]
        ['float32', 'int64']
    """
    if not X64:
        return out
    if isinstance(out, (tuple, list)) and not hasattr(out, "_fields"):
        return type(out)(narrow_tree(v, args, kwargs, ints) for v in out)
    if isinstance(out, (jax.Array, jax.core.Tracer)):
        return narrow(out, args, kwargs, ints)
    return out


# beyond this a double rounds to float32's infinity (numpy warns of the overflow)
_FLOAT32_OVERFLOW = float(np.finfo(np.float32).max) * (1 + 2.0**-25)


def float32_scalar(value: Any) -> Any:
    """`value` as MindSpore takes a scalar operand into a Tensor operation: a Python float
    (or numpy float64) is a float32 scalar there, so its float32 rounding, still a Python
    float (weakly typed: the Tensor keeps its dtype); anything else unchanged.

    ``float64_tensor * 0.1`` multiplies by 0.10000000149011612 in MindSpore. For float32
    Tensors the rounding changes nothing; for integer Tensors it makes the float32 product
    exact where JAX would round a double product.

    Example:
        >>> float32_scalar(0.1), float32_scalar(3), float32_scalar(1e300)
        (0.10000000149011612, 3, inf)
    """
    if not isinstance(value, float):
        return value
    if abs(value) > _FLOAT32_OVERFLOW:
        return value * float("inf")
    return float(np.float32(value))
