"""`jit`'s fast dispatch: the program held from the last call, run with a few checks."""

from __future__ import annotations

import jax

from .._jax_private import ArrayImpl
from .._state import EPOCH
from ..common.constant_fold import CONVERSION_ERRORS
from ..common.tensor import Tensor, wrap
from . import static_outputs

__all__ = ["MISS", "call_fast", "arrays_of", "Retrace", "CONCRETIZATION_ERRORS"]

_new = object.__new__
# What a trace raises where Python needs a traced value: the eager fallback's cue. A boolean
# mask index (``x[x > 0]``) needs the mask's value too: its result's shape depends on it.
CONCRETIZATION_ERRORS = (*CONVERSION_ERRORS, jax.errors.NonConcreteBooleanIndexError)


class Retrace(Exception):
    """Raised out of a trace that touched Parameters it had not lifted."""

    def __init__(self, params):
        super().__init__(f"{len(params)} Parameters to lift")
        self.params = params


MISS = object()  # `call_fast`: the fast path does not apply to this call


def call_fast(jitted, args):
    """`jitted`'s last program run on `args` (Tensors and arrays), or `MISS` where the full
    path must run: no program held, something changed since the last call, another kind of
    argument, or a new signature whose trace found Parameters.

    The program is the plain one (a function that touches no Parameter) or the one that
    takes the Parameters' values and returns their writes, committed here. The caller has
    checked that no trace is running (eager code). Shared by `Jitted.__call__` and PyNative
    transforms' compiled calls (`auto_compile`): a few checks, then JAX's C++ dispatch.

    Example:
        >>> import msfunc as ms
        >>> f = ms.jit(lambda x: x + 1)
        >>> call_fast(f, (ms.Tensor(1.0),)) is MISS  # not called yet: no program held
        True
    """
    held = jitted._held
    if held is None or jitted._epoch != EPOCH[0]:
        return MISS
    if len(args) == 1:  # (the common case, without building a list: 0.1 us of a ~1 us path)
        kind = type(args[0])
        if kind is Tensor:
            arrays = (args[0]._value,)
        elif kind is ArrayImpl:
            arrays = args
        else:
            return MISS
    else:
        arrays = arrays_of(args)
        if arrays is None:
            return MISS
    params = jitted._params
    general = held is jitted._compiled_arrays  # (else the plain program)
    traces = jitted._traces
    try:
        if general:
            values = tuple([p._value for p in params])
            out, writes = held(values, tuple(arrays), jitted._token)
        else:
            out = held(*arrays)
    except (Retrace, *CONCRETIZATION_ERRORS):
        return MISS  # (a new signature's trace: the full path handles it)
    if general:
        if writes and traces != jitted._traces and not jitted._graph:
            jitted._before = (params, values)  # (PyNative checks a new signature's writes)
        for i, value in writes.items():
            params[i]._value = value
    elif params:  # (the plain trace created Parameters)
        out, writes = out
        jitted._commit(params, writes, True)
        jitted._held = None
    if jitted._static_outputs:  # (a new signature's trace returned Python values)
        jitted._held = None
        return wrap(static_outputs.release(out))
    if type(out) is ArrayImpl:  # (one result: no tree to walk)
        tensor = _new(Tensor)
        tensor._value = out
        return tensor
    return wrap(out)


def arrays_of(args):
    """The arrays of `args` when each is a Tensor (not a `const_arg` one) or a concrete jax
    array, else None."""
    arrays = []
    for a in args:
        kind = type(a)
        if kind is Tensor:
            if a.__dict__.get("_const_arg"):
                return None  # (a compile-time constant: `split_arguments` keys it)
            arrays.append(a._value)
        elif kind is ArrayImpl:
            arrays.append(a)
        else:
            return None
    return arrays
