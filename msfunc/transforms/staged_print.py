"""``print`` inside a compiled function prints the runtime values on every call.

A traced function runs its Python once; a plain ``print(x)`` there would show a tracer
once. MindSpore's compiled functions print the value on every run, so while `msfunc.jit`
traces, ``print`` of arguments holding traced Tensors or arrays is staged into the program
as a host callback that prints what eager ``print`` prints; other prints run at once.
"""

from __future__ import annotations

import builtins
import contextlib
import threading

import jax

__all__ = ["printing_runtime_values"]

_print = builtins.print
_lock = threading.Lock()
_depth = [0]


def _is_traced(value):
    value = getattr(value, "_value", value)  # a Tensor: its array
    return isinstance(value, jax.core.Tracer)


def _staged_print(*args, **kwargs):
    positions = [i for i, a in enumerate(args) if _is_traced(a)]
    if not positions or kwargs.get("file") is not None:
        return _print(*args, **kwargs)
    from ..common.tensor import Tensor, unwrap

    arrays = [unwrap(args[i]) for i in positions]
    wrapped = [isinstance(args[i], Tensor) for i in positions]

    def show(*values):
        shown = list(args)
        for i, value, tensor in zip(positions, values, wrapped):
            shown[i] = Tensor(value) if tensor else value
        _print(*shown, **kwargs)

    try:
        jax.debug.callback(show, *arrays, ordered=True)
    except ValueError:  # (ordered effects are refused under vmap: print in any order)
        jax.debug.callback(show, *arrays)
    return None


@contextlib.contextmanager
def printing_runtime_values():
    """While a compiled function is traced, ``print`` stages traced values (see the module).

    Example:
        >>> import jax, jax.numpy as jnp
        >>> def f(x):
        ...     print("x is", x)
        ...     return x + 1
        >>> with printing_runtime_values():
        ...     g = jax.jit(f).lower(jnp.float32(1)).compile()
        >>> _ = g(jnp.float32(2)); _ = jax.effects_barrier()
        x is 2.0
    """
    with _lock:
        _depth[0] += 1
        builtins.print = _staged_print
    try:
        yield
    finally:
        with _lock:
            _depth[0] -= 1
            if not _depth[0]:
                builtins.print = _print
