"""`Generator`: a random stream as MindSpore models it, a (seed, offset) pair held in Parameters.

A draw takes the current seed and offset and advances the offset (`_step`); `key` turns
that pair into a `jax.random` key, so two generators in the same state give the same
numbers. The pair lives in Parameters, so steps taken inside `msfunc.jit` or a Cell in
GRAPH_MODE are carried out like any Parameter write. The state is 16 bytes, the seed then
the offset as little-endian int64, as MindSpore's ``get_state`` returns it.
"""

from __future__ import annotations

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


def manual_seed(seed: int) -> Generator:  # noqa: A002 - MindSpore's name
    """Seed the default generator (the one MindSpore's random ops draw from) and restart it.

    Args:
        seed (int): The new seed.

    Returns:
        Generator, the default generator.

    Example:
        >>> import msfunc as ms
        >>> g = ms.manual_seed(13)
        >>> print(type(g).__name__, ms.initial_seed())
        Generator 13
    """
    return default_generator.manual_seed(seed)


def initial_seed() -> int:
    """The default generator's seed.

    Returns:
        int, the seed last given to `manual_seed` (or drawn by `seed`).

    Example:
        >>> import msfunc as ms
        >>> _ = ms.manual_seed(7)
        >>> print(ms.initial_seed())
        7
    """
    return default_generator.initial_seed()


def get_rng_state() -> Tensor:
    """The default generator's state, to restore later with `set_rng_state`.

    Returns:
        Tensor, uint8 of shape (16,): the seed, then the offset, as little-endian int64.

    Example:
        >>> import msfunc as ms
        >>> _ = ms.manual_seed(13)
        >>> print(ms.get_rng_state())
        [13  0  0  0  0  0  0  0  0  0  0  0  0  0  0  0]
    """
    return default_generator.get_state()


def set_rng_state(state: Tensor) -> None:
    """Restore the default generator to a state `get_rng_state` returned.

    Args:
        state (Tensor): The uint8 Tensor of shape (16,) from `get_rng_state`.

    Returns:
        None.

    Example:
        >>> import msfunc as ms
        >>> _ = ms.manual_seed(13)
        >>> state = ms.get_rng_state()
        >>> _ = ms.manual_seed(99)
        >>> ms.set_rng_state(state)
        >>> print(ms.initial_seed())
        13
    """
    default_generator.set_state(state)
