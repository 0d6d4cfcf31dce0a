"""The global seed and the random key stream every msfunc random op draws from.

The key is held in a Parameter, so it is ordinary msfunc state: msfunc.jit and
data_sink carry it (each compiled call draws fresh numbers) and eager code
advances it in place.
"""

import jax
import numpy as np

_seed = None
_key_param = None


def _key_box():
    global _key_param
    if _key_param is None:
        from .parameter import Parameter

        seed = 0 if _seed is None else _seed
        _key_param = Parameter(jax.random.key_data(jax.random.key(seed)),
                               name="msfunc.global_rng_key", requires_grad=False)
    return _key_param


def set_seed(seed):
    """Seed the global random stream.

    Example:
        >>> import msfunc
        >>> msfunc.set_seed(1)
    """
    global _seed
    if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool) or seed < 0:
        raise ValueError(f"set_seed: seed must be a non-negative int, got {seed!r}")
    _seed = int(seed)
    _key_box().set_data(jax.random.key_data(jax.random.key(_seed)))


def get_seed():
    """The seed last given to `set_seed`, or None."""
    return _seed


def next_key():
    """Split the global key and return a fresh `jax.random` key (advances the stream).

    Example:
        >>> import jax
        >>> from msfunc.common.seed import next_key
        >>> x = jax.random.normal(next_key(), (3,))
    """
    from .._state import read, write
    from ..transforms.vectorize import active_axis_names

    box = _key_box()
    key = jax.random.wrap_key_data(read(box))
    new, sub = jax.random.split(key)
    write(box, jax.random.key_data(new))
    # Inside msfunc.vmap every batch element gets its own draw.
    for axis in active_axis_names():
        sub = jax.random.fold_in(sub, jax.lax.axis_index(axis))
    return sub
