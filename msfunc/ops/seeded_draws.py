"""MindSpore's exact draws for seeded random ops: the call's ``(seed, seed2)`` from the
carried op-seed counters, the values from MindSpore's CPU kernels computed on the host
(`kernel_streams`). Inside a compiled function the kernel runs as a host callback on every
call, with the counter a traced value, so compiled and eager code draw the same numbers.
"""

import functools

import jax
import jax.numpy as jnp
import numpy as np

from .. import _state
from .._state import read, write
from ..common.op_seeds import nested_trace, op_seeds
from . import kernel_streams
from .minstd import _M, mixed_seed

__all__ = ["kernel_draw", "dropout_keep", "DropoutStream"]

_KERNELS = {
    "uniform_real": (kernel_streams.uniform_real, np.float32),
    "standard_normal": (kernel_streams.standard_normal, np.float32),
    "uniform_int": (kernel_streams.uniform_int, np.int32),
}


def kernel_draw(kind, kernel_name, op_seed, shape, *bounds):
    """The values kernel `kind` ('uniform_real', 'standard_normal' or 'uniform_int' with
    `bounds` (low, high)) gives for this call of op `kernel_name` seeded `op_seed`, shaped
    `shape`; None when the call is unseeded (the caller then draws from msfunc's fast
    stream).

    Example:
        >>> import msfunc
        >>> msfunc.set_seed(1)
        >>> kernel_draw("uniform_real", "rand", None, (3,)).tolist()  # MindSpore's ops.rand(3)
        [0.5429620146751404, 0.8057862520217896, 0.36750099062919617]
    """
    seeds = op_seeds(op_seed, kernel_name)
    if seeds is None:
        return None
    seed, seed2 = seeds
    fn, dtype = _KERNELS[kind]
    shape = tuple(int(s) for s in shape)
    size = int(np.prod(shape, dtype=np.int64))
    host = functools.partial(_host, fn, seed, size, shape, bounds)
    if isinstance(seed2, int):
        return jnp.asarray(host(seed2))
    return jax.pure_callback(host, jax.ShapeDtypeStruct(shape, dtype), seed2)


def _host(fn, seed, size, shape, bounds, seed2):
    return fn(seed, int(seed2), size, *bounds).reshape(shape)


def _fresh_keep(seed, size, shape, keep_prob, seed2):
    state = mixed_seed(seed, int(seed2)) % _M or 1
    return kernel_streams.dropout_keep(state, size, keep_prob)[0].reshape(shape)


def dropout_keep(kernel_name, op_seed, shape, keep_prob):
    """The keep mask of this call of functional dropout (a kernel of its own, started afresh
    from the call's seeds); None when unseeded.

    Example:
        >>> import msfunc
        >>> msfunc.set_seed(1)
        >>> dropout_keep("dropout", None, (4,), 0.5).astype(int).tolist()
        [1, 0, 0, 0]
    """
    seeds = op_seeds(op_seed, kernel_name)
    if seeds is None:
        return None
    seed, seed2 = seeds
    shape = tuple(int(s) for s in shape)
    size = int(np.prod(shape, dtype=np.int64))
    host = functools.partial(_fresh_keep, seed, size, shape, keep_prob)
    if isinstance(seed2, int):
        return jnp.asarray(host(seed2))
    return jax.pure_callback(host, jax.ShapeDtypeStruct(shape, np.bool_), seed2)


class _EngineBox(_state.Box):
    """A Dropout kernel's engine state, carried like a Parameter's value."""

    __slots__ = ("_value", "name", "requires_grad")

    def __init__(self, state):
        self.name, self.requires_grad = "msfunc.dropout_engine", False
        with jax.ensure_compile_time_eval():
            self._value = jnp.asarray(state, jnp.uint32)


class DropoutStream:
    """The engines of one Dropout primitive: seeded when the layer is built (taking that
    call's op seeds, as MindSpore does); each input shape has an engine of its own (MindSpore
    builds a kernel per shape) that goes on from call to call. `keep` returns None when the
    layer is unseeded or the state cannot be carried (nested JAX traces, msfunc.vmap).

    Example:
        >>> import msfunc
        >>> msfunc.set_seed(1)
        >>> stream = DropoutStream()
        >>> stream.keep((4,), 0.5).astype(int).tolist(), stream.keep((4,), 0.5).astype(int).tolist()
        ([1, 0, 0, 0], [0, 1, 0, 1])
    """

    def __init__(self, kernel_name="dropout"):
        seeds = op_seeds(0, kernel_name)
        self._start = None
        if seeds is not None and isinstance(seeds[1], int):
            self._start = mixed_seed(*seeds) % _M or 1
        self._boxes = {}  # input shape -> its engine's state

    def keep(self, shape, keep_prob):
        if self._start is None or nested_trace() or _state.vmap_axes():
            return None
        shape = tuple(int(s) for s in shape)
        size = int(np.prod(shape, dtype=np.int64))
        if shape not in self._boxes:
            self._boxes[shape] = _EngineBox(self._start)
        box = self._boxes[shape]
        state = read(box)
        if not isinstance(state, jax.core.Tracer):
            keep, new = kernel_streams.dropout_keep(int(state), size, keep_prob)
            write(box, jnp.asarray(new, jnp.uint32))
            return jnp.asarray(keep.reshape(shape))

        def host(state):
            keep, new = kernel_streams.dropout_keep(int(state), size, keep_prob)
            return keep.reshape(shape), np.asarray(new, np.uint32)

        keep, new = jax.pure_callback(host, (jax.ShapeDtypeStruct(shape, np.bool_),
                                             jax.ShapeDtypeStruct((), np.uint32)), state)
        write(box, new)
        return keep
