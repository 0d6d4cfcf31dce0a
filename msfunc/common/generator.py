"""`Generator`: a random stream as MindSpore models it, a (seed, offset) pair held in Parameters.

A draw takes the current seed and offset and advances the offset (`_step`); `key` turns
that pair into a `jax.random` key, so two generators in the same state give the same
numbers. The pair lives in Parameters, so steps taken inside `msfunc.jit` or a Cell in
GRAPH_MODE are carried out like any Parameter write. The state is 16 bytes, the seed then
the offset as little-endian int64, as MindSpore's ``get_state`` returns it.
"""

import secrets

import jax
import jax.numpy as jnp
import numpy as np

from .._state import read, write
from .parameter import Parameter
from .tensor import Tensor, unwrap, wrap

__all__ = [
    "Generator",
    "default_generator",
    "seed",
    "manual_seed",
    "initial_seed",
    "get_rng_state",
    "set_rng_state",
]


def _int64():
    return jnp.int64 if jax.config.jax_enable_x64 else jnp.int32


def _to_bytes(value):
    """An integer array value as 8 little-endian bytes (sign-extended from int32)."""
    if value.dtype.itemsize == 8:
        return jax.lax.bitcast_convert_type(value.astype(jnp.int64), jnp.uint8)
    low = jax.lax.bitcast_convert_type(value.astype(jnp.int32), jnp.uint8)
    high = jnp.where(value < 0, jnp.uint8(255), jnp.uint8(0))
    return jnp.concatenate([low, jnp.broadcast_to(high, (4,))])


class Generator:
    """A random-number generator state: a seed and an offset that every draw advances.

    Example:
        >>> import msfunc as ms
        >>> from msfunc.common.generator import Generator
        >>> g = Generator().manual_seed(5)
        >>> [int(x) for x in g._step(ms.Tensor(3))], [int(x) for x in g._step(ms.Tensor(1))]
        ([5, 0], [5, 3])
        >>> state = g.get_state()
        >>> h = Generator(); h.set_state(state); h.initial_seed()
        5
    """

    def __init__(self):
        # The Parameters are made on first use: `default_generator` exists from import on, and
        # an array made at import would start JAX's backend before jax.distributed.initialize.
        self._pair = None

    def _parameters(self):
        if self._pair is None:
            self._pair = (
                Parameter(jnp.zeros((), _int64()), name="generator_seed", requires_grad=False),
                Parameter(jnp.zeros((), _int64()), name="generator_offset", requires_grad=False),
            )
        return self._pair

    _seed = property(lambda self: self._parameters()[0])
    _offset = property(lambda self: self._parameters()[1])

    def manual_seed(self, seed):
        """Set the seed (an int) and restart the offset at 0; returns self."""
        if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool):
            raise TypeError(f"Generator.manual_seed: `seed` must be an int, got {seed!r}")
        write(self._seed, jnp.asarray(int(seed), _int64()))
        write(self._offset, jnp.zeros((), _int64()))
        return self

    def seed(self):
        """Seed with a fresh random number from the operating system; returns that seed."""
        value = secrets.randbits(31)
        self.manual_seed(value)
        return value

    def initial_seed(self):
        """The current seed, as an int."""
        return int(read(self._seed))

    def get_state(self):
        """The state as a uint8 Tensor of 16 bytes (seed, then offset)."""
        return wrap(jnp.concatenate([_to_bytes(read(self._seed)), _to_bytes(read(self._offset))]))

    def set_state(self, state):
        """Restore a state returned by `get_state`."""
        data = jnp.asarray(unwrap(state))
        if data.dtype != jnp.uint8 or data.shape != (16,):
            raise ValueError(
                "Generator.set_state: `state` must be the uint8 Tensor of shape "
                f"(16,) that get_state returns, got {data.dtype} {data.shape}"
            )
        words = np.frombuffer(np.asarray(data).tobytes(), "<i8")
        write(self._seed, jnp.asarray(words[0], _int64()))
        write(self._offset, jnp.asarray(words[1], _int64()))

    def _step(self, step):
        """The current (seed, offset) as Tensors; then the offset advances by `step`."""
        seed_value, offset = read(self._seed), read(self._offset)
        increment = jnp.asarray(unwrap(step)).astype(offset.dtype).reshape(())
        write(self._offset, offset + increment)
        return wrap(seed_value), wrap(offset)

    def key(self, step=1):
        """A `jax.random` key for the current (seed, offset); the offset advances by `step`.

        Example:
            >>> import jax
            >>> from msfunc.common.generator import Generator
            >>> a = jax.random.normal(Generator().manual_seed(1).key(), (2,))
            >>> b = jax.random.normal(Generator().manual_seed(1).key(), (2,))
            >>> bool((a == b).all())
            True
        """
        seed_value, offset = self._step(Tensor(step))
        key = jax.random.key(jnp.asarray(unwrap(seed_value)).astype(jnp.uint32))
        return jax.random.fold_in(key, jnp.asarray(unwrap(offset)).astype(jnp.uint32))

    def __repr__(self):
        return f"Generator(seed={self.initial_seed()}, offset={int(read(self._offset))})"


default_generator = Generator()


def seed():
    """Seed the default generator with a fresh random number; returns it."""
    return default_generator.seed()


def manual_seed(seed):  # noqa: A002 - MindSpore's name
    """Set the default generator's seed; returns the default generator.

    Example:
        >>> from msfunc.common import generator
        >>> generator.manual_seed(13).initial_seed()
        13
    """
    return default_generator.manual_seed(seed)


def initial_seed():
    """The default generator's seed.

    Example:
        >>> import msfunc as ms
        >>> ms.initial_seed() == ms.default_generator.initial_seed()
        True
    """
    return default_generator.initial_seed()


def get_rng_state():
    """The default generator's state (see `Generator.get_state`).

    Example:
        >>> import msfunc as ms
        >>> state = ms.get_rng_state()
        >>> state.shape, state.dtype
        ((16,), dtype('uint8'))
    """
    return default_generator.get_state()


def set_rng_state(state):
    """Restore the default generator's state.

    Example:
        >>> import msfunc as ms
        >>> state = ms.get_rng_state()
        >>> ms.set_rng_state(state)
        >>> bool((ms.get_rng_state() == state).all())
        True
    """
    default_generator.set_state(state)
