"""MindSpore's type promotion over JAX's: with 64-bit types on, nothing becomes float64 unasked."""

import jax
import numpy as np

from .dtype import Type as _MsType

__all__ = ["X64", "INDEX", "WIDENING_OPS", "narrow", "narrow_tree"]

#: Whether 64-bit types are on (decided once at import by ``msfunc/_x64.py``).
X64 = bool(jax.config.jax_enable_x64)
#: The index dtype MindSpore returns (int64), as JAX can hold it.
INDEX = jax.dtypes.canonicalize_dtype(np.int64)

#: ops whose MindSpore result is 64-bit whatever their inputs: never narrowed.
WIDENING_OPS = frozenset({"float_power"})

_NARROWER = {np.dtype(np.float64): np.dtype(np.float32),
             np.dtype(np.complex128): np.dtype(np.complex64)}
_WEAK = (bool, int, float, complex, np.generic)


def _asks_wide(arg):
    """True when `arg` makes a 64-bit float result legitimate: an array holding float64 or
    complex128, or float64/complex128 named as a dtype. Python and numpy scalars do not."""
    if isinstance(arg, _WEAK):
        return False
    if isinstance(arg, (np.dtype, str, type, _MsType)):
        try:
            return np.dtype(arg) in _NARROWER
        except TypeError:
            return False
    dtype = getattr(arg, "dtype", None)
    if dtype is not None:
        return dtype in _NARROWER
    if isinstance(arg, (tuple, list)):
        return any(map(_asks_wide, arg))
    return False


def narrow(out, args, kwargs=None):
    """`out`, cast to float32 (complex64) when it is 64-bit only by JAX's promotion.

    JAX promotes integers, and integers with Python floats, to its default float, which is
    float64 when 64-bit types are on. MindSpore promotes them to float32: a float64 result
    comes only from a float64 operand or a float64 asked for by dtype. `out` is an array.

    Example:
        >>> import jax.numpy as jnp
        >>> ints = jnp.arange(3)
        >>> str(narrow(ints / 2, (ints, 2)).dtype)
        'float32'
    """
    if not X64:
        return out
    target = _NARROWER.get(out.dtype)
    if target is None or any(map(_asks_wide, args)):
        return out
    if kwargs and any(map(_asks_wide, kwargs.values())):
        return out
    return out.astype(target)


def narrow_tree(out, args, kwargs=None):
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
        return type(out)(narrow_tree(v, args, kwargs) for v in out)
    if isinstance(out, (jax.Array, jax.core.Tracer)):
        return narrow(out, args, kwargs)
    return out
