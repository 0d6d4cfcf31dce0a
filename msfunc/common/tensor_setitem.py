"""``t[index] = value`` on an immutable array: the updated array, for every index MindSpore takes.

Ints, slices, ellipsis, None, integer arrays and lists, tuples of these go
through ``array.at[index].set``; boolean masks become ``jnp.where`` so they also
work under ``jit`` and ``vmap`` (where the number of selected elements is unknown).
The value is cast to the array's dtype, as MindSpore does.
"""

import jax
import jax.numpy as jnp
import numpy as np

__all__ = ["set_items"]


def _unwrap(x):
    from .tensor import unwrap, unwrap_index

    return unwrap_index(x) if isinstance(x, (tuple, list)) else unwrap(x)


def _is_bool_mask(index):
    if isinstance(index, (bool, np.bool_)):
        return False
    if isinstance(index, (jax.Array, jax.core.Tracer, np.ndarray)):
        return index.dtype == np.bool_
    if isinstance(index, list):
        return np.asarray(index).dtype == np.bool_
    return False


def set_items(array, index, value):
    """`array` with ``array[index]`` replaced by `value` (broadcast, cast to array's dtype).

    Example:
        >>> import jax.numpy as jnp
        >>> set_items(jnp.zeros(3), jnp.array([True, False, True]), 2).tolist()
        [2.0, 0.0, 2.0]
    """
    index = _unwrap(index)
    value = _unwrap(value)
    if isinstance(value, (list, tuple)):
        value = np.asarray(value)
    value = jnp.asarray(value, dtype=array.dtype)
    if _is_bool_mask(index):
        mask = jnp.asarray(index)
        if mask.shape != array.shape[:mask.ndim]:
            raise IndexError(f"Tensor.__setitem__: the boolean mask has shape {mask.shape}, "
                             f"which does not match the leading dims of {array.shape}")
        selected = array.shape[mask.ndim:]
        if value.ndim <= len(selected) and _broadcasts(value.shape, selected):
            mask = mask.reshape(mask.shape + (1,) * len(selected))
            return jnp.where(mask, value, array)
        # One value per selected element (``x[mask] = values``): needs a concrete mask.
        return array.at[np.nonzero(np.asarray(mask))].set(value)
    if isinstance(index, tuple) and any(_is_bool_mask(i) for i in index):
        index = tuple(np.nonzero(np.asarray(i))[0] if _is_bool_mask(i) and np.ndim(i) == 1
                      else i for i in index)
    return array.at[index].set(value)


def _broadcasts(shape, target):
    try:
        return np.broadcast_shapes(shape, target) == tuple(target)
    except ValueError:
        return False
