"""The (seed, seed2) pair each call of a seeded random op takes, counted as MindSpore counts.

MindSpore gives every call of a random functional op (``ops.rand``, ``ops.randn`` ...) a new
kernel with attributes ``(global seed, counter)``: the counter of the pair (op name, op seed)
starts at the op seed and steps by a fixed constant after every call, and `set_seed` puts
every counter back to its start. The global seed is the one `set_seed` gave (0 becomes a
fixed default); with neither a global nor an op seed the kernel seeds itself at random.

The counters are msfunc state cells, so `msfunc.jit` and `data_sink` carry them like
Parameters: a compiled step takes the same pairs, call after call, as the eager one.
"""

import jax
import jax.numpy as jnp

from .. import _state
from .._jax_private import Tracer, trace_ctx
from .._state import read, write
from .seed import ON_RESEED, get_seed

__all__ = ["op_seeds", "graph_op_seeds", "reset_op_seeds", "nested_trace"]

DEFAULT_GRAPH_SEED = 87654321
_MAXINT32 = 2**31 - 1
_STEP = 3528531795 ^ 3449720151  # the counter's step (MindSpore's key constants 0 ^ 2)

_counters = {}


class _CounterBox(_state.Box):
    """One (op name, op seed) counter, reduced mod 2**31 - 1 (MindSpore truncates it so)."""

    __slots__ = ("_value", "name", "requires_grad", "start")

    def __init__(self, kernel_name, op_seed):
        self.name, self.requires_grad = f"msfunc.op_seed.{kernel_name}.{op_seed}", False
        self.start = op_seed % _MAXINT32
        with jax.ensure_compile_time_eval():  # concrete even when made inside a trace
            self._value = jnp.asarray(self.start, jnp.uint32)

    def __repr__(self):
        return f"<msfunc op seed counter {self.name} {self._value!r}>"


def reset_op_seeds():
    """Put every counter back to its op seed (`set_seed` calls this)."""
    for box in _counters.values():
        write(box, jnp.asarray(box.start, jnp.uint32))


ON_RESEED.append(reset_op_seeds)


def nested_trace():
    """Inside a JAX trace nested in an msfunc transform's (where state cannot be written)."""
    stack = _state.frames()
    return bool(stack) and trace_ctx.trace is not stack[-1].trace


def _seeded(op_seed):
    """(global seed, op seed) as MindSpore seeds a kernel, or None where it seeds at random."""
    global_seed = get_seed()
    global_seed = DEFAULT_GRAPH_SEED if global_seed == 0 else (global_seed or 0)
    op_seed = 0 if op_seed is None else int(op_seed)
    if global_seed == 0 and op_seed == 0:
        return None
    return global_seed, op_seed


def _counter(kernel_name, op_seed):
    """The op-seed counter of `kernel_name` at `op_seed`, made at its first use."""
    key = (kernel_name, op_seed)
    box = _counters.get(key)
    if box is None:
        box = _counters[key] = _CounterBox(kernel_name, op_seed)
    return box


def op_seeds(op_seed, kernel_name):
    """``(seed, seed2)`` for this call of op `kernel_name` given `op_seed` (None: 0), and the
    counter stepped; None when MindSpore would seed the kernel at random, or where a counter
    cannot be carried (a JAX trace nested in a transform, msfunc.vmap). `seed2` is a
    Python int in eager code and a traced uint32 inside a compiled function.

    Example:
        >>> import msfunc
        >>> msfunc.set_seed(1)
        >>> op_seeds(None, "rand"), op_seeds(None, "rand")
        ((1, 0), (1, 533697028))
    """
    seeds = _seeded(op_seed)
    if seeds is None or nested_trace() or _state.vmap_axes():
        return None
    global_seed, op_seed = seeds
    box = _counter(kernel_name, op_seed)
    count = read(box)
    write(box, (count + jnp.uint32(_STEP)) % jnp.uint32(_MAXINT32))
    if not isinstance(count, jax.core.Tracer):
        count = int(count)
    return global_seed % _MAXINT32, count


def graph_op_seeds(op_seed, kernel_name, sites, traced):
    """``(seed, seed2)`` for a call of op `kernel_name` traced into a compiled graph: as
    MindSpore compiles a graph, each call of a random functional op takes its pair then, once,
    stepping the counter; calls of the compiled graph step it no more. `sites` (a dict kept
    across the traces of one compiled signature) holds the pairs taken, so a graph traced
    again takes the same pairs; `traced` (a dict of this trace) counts its calls. None where
    `op_seeds` gives None or the counter is not concrete here.

    Example:
        >>> import msfunc
        >>> msfunc.set_seed(1)
        >>> graph_op_seeds(None, "rand", {}, {}), op_seeds(None, "rand")
        ((1, 0), (1, 533697028))
    """
    seeds = _seeded(op_seed)
    if seeds is None:
        return None
    global_seed, op_seed = seeds
    key = (kernel_name, op_seed)
    ordinal = traced.setdefault(("op_seeds", key), [0])
    site = (key, ordinal[0])
    ordinal[0] += 1
    if site in sites:
        return sites[site]
    box = _counter(kernel_name, op_seed)
    count = box._value
    if isinstance(count, Tracer):
        return None
    count = int(count)
    with jax.ensure_compile_time_eval():  # stepped now, as MindSpore's compiler steps it
        box._value = jnp.asarray((count + _STEP) % _MAXINT32, jnp.uint32)
    sites[site] = (global_seed % _MAXINT32, count)
    return sites[site]
