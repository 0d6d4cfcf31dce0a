"""The global seed and the random key stream every msfunc random op draws from.

The key is held in a Parameter, so it is ordinary msfunc state: msfunc.jit and
data_sink carry it (each compiled call draws fresh numbers) and eager code
advances it in place.

Inside a JAX function traced within an msfunc transform (a `lax.cond` branch,
a `jax.checkpoint`-ed or `jax.jit`-ed helper), the key cannot be written: such
a trace cannot carry values out. There each draw folds a fresh counter into the
transform's key, and the transform advances the global key once afterwards,
so every call still draws new numbers. A loop body (`lax.scan`,
`lax.while_loop`, `lax.fori_loop`) runs its one trace many times, which would
repeat the same draw in every iteration: draws there raise `StateError` saying
how to pass keys in.
"""

from __future__ import annotations

import itertools

import jax
import numpy as np

from .. import _state
from .._jax_private import trace_ctx
from .._state import read, write
from ..errors import StateError

__all__ = ["set_seed", "get_seed", "next_key"]

_seed = None
_key_param = None
_nested_draws = itertools.count(1)
_LOOPS = ("scan", "while", "fori", "map")


class _KeyBox(_state.Box):
    """The box holding the global key: state the transforms carry like a Parameter's."""

    __slots__ = ("_value", "name", "requires_grad")

    def __init__(self, value):
        self._value, self.name, self.requires_grad = value, "msfunc.global_rng_key", False

    def value(self):
        return read(self)

    def __repr__(self):
        return f"<msfunc global random key {self._value!r}>"


def _key_box():
    global _key_param
    if _key_param is None:
        seed = 0 if _seed is None else _seed
        # Concrete even when the first draw happens inside a trace (JAX would stage it).
        with jax.ensure_compile_time_eval():
            _key_param = _KeyBox(jax.random.key_data(jax.random.key(seed)))
    return _key_param


def set_seed(seed: int) -> None:
    """Seed every random stream a MindSpore program draws from, as MindSpore does.

    The global random key of msfunc's random ops (and their per-op counters), numpy's
    global generator and the dataset pipelines (``ds.config.set_seed``) all restart, so a
    program seeded twice with the same value draws the same numbers.

    Args:
        seed (int): A non-negative seed.

    Returns:
        None.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> ms.set_seed(1); a = ms.ops.rand(3); x = np.random.rand()
        >>> ms.set_seed(1); b = ms.ops.rand(3); y = np.random.rand()
        >>> print(bool((a == b).all()), x == y)
        True True
    """
    global _seed
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise TypeError(f"set_seed: `seed` must be an int, got {type(seed).__name__}")
    if seed < 0:
        raise ValueError(f"set_seed: `seed` must be non-negative, got {seed}")
    from ..dataset import config as dataset_config  # the dataset package imports this one

    np.random.seed(int(seed))
    dataset_config.set_seed(int(seed))
    _seed = int(seed)
    for reset in ON_RESEED:  # (the op-level counters, once their module is loaded)
        reset()
    write(_key_box(), jax.random.key_data(jax.random.key(_seed)))


# Called by `set_seed` after seeding: modules holding seeded state register their reset here
# (so this module imports none of them).
ON_RESEED = []


def get_seed() -> int | None:
    """The global seed: the value last given to `set_seed`.

    Returns:
        Union[int, None], the seed, or ``None`` when `set_seed` was never called.

    Example:
        >>> import msfunc as ms
        >>> ms.set_seed(7)
        >>> print(ms.get_seed())
        7
    """
    return _seed


def next_key():
    """Split the global key and return a fresh `jax.random` key (advances the stream).

    Example:
        >>> import jax
        >>> from msfunc.common.seed import next_key
        >>> x = jax.random.normal(next_key(), (3,))
    """
    box = _key_box()
    stack = _state.frames()
    if stack and trace_ctx.trace is not stack[-1].trace:
        sub = _nested_draw(box, stack[-1])
    else:
        key = jax.random.wrap_key_data(read(box))
        new, sub = jax.random.split(key)
        write(box, jax.random.key_data(new))
    # Inside msfunc.vmap every batch element gets its own draw.
    for axis in _state.vmap_axes():
        sub = jax.random.fold_in(sub, jax.lax.axis_index(axis))
    return sub


def _nested_draw(box, frame):
    """A draw inside a JAX trace nested in `frame`'s (see the module docstring)."""
    trace = trace_ctx.trace
    while trace is not None and trace is not frame.trace:
        debug = getattr(getattr(trace, "frame", None), "debug_info", None)
        kind = str(getattr(debug, "traced_for", "") or "")
        if any(loop in kind for loop in _LOOPS):
            raise StateError(
                f"a random op was called inside a {kind} body traced within {frame.owner}: "
                "one trace of the body runs in every iteration, so msfunc's global random "
                "key cannot advance per iteration. Draw the keys before the loop and pass "
                "them in, e.g. keys = jax.random.split(msfunc.common.seed.next_key(), n) as "
                "the scanned `xs`, and use jax.random with each key inside the body."
            )
        trace = getattr(trace, "parent_trace", None)
    frame.rng_pending = True
    _state.new_isolation()  # later traces of the same helper must not reuse this draw
    return jax.random.fold_in(jax.random.wrap_key_data(read(box)), next(_nested_draws))


def _advance():
    """Advance the global key once at the current frame's level (after nested draws)."""
    box = _key_box()
    new, _ = jax.random.split(jax.random.wrap_key_data(read(box)))
    write(box, jax.random.key_data(new))


_state.on_rng_pending(_advance)
