"""Mixed precision's "auto" level for a function: while one runs, the ops MindSpore lists as safe
in low precision (matrix products, dense layers, convolutions) take their float inputs in it.

The active float keys JAX's jit and trace caches, so a function compiled inside such a run is
compiled afresh outside it (see `msfunc._jax_private.jit_context_option`).
"""

from __future__ import annotations

import contextlib

import jax.numpy as jnp

from .._jax_private import jit_context_option

# the numpy name of the active low-precision float; "" when no "auto" run is active
_LOW = jit_context_option("msfunc_amp_auto_dtype", "")


@contextlib.contextmanager
def auto_precision(dtype):
    """Run the block at mixed precision's "auto" level with low-precision float `dtype`.

    Example:
        >>> with auto_precision(jnp.float16):
        ...     low_precision(jnp.ones(2, jnp.float32)).dtype.name
        'float16'
        >>> low_precision(jnp.ones(2, jnp.float32)).dtype.name
        'float32'
    """
    previous = _LOW.value
    _LOW.set_local(jnp.dtype(dtype).name)
    try:
        yield
    finally:
        _LOW.set_local(previous)


def low_precision(*arrays):
    """The arrays with their float ones cast to the active "auto" float (unchanged outside).

    One array in, one out; several in, a tuple out.

    Example:
        >>> pair = low_precision(jnp.ones(2, jnp.float32), jnp.arange(2, dtype=jnp.int32))
        >>> [a.dtype.name for a in pair]
        ['float32', 'int32']
    """
    name = _LOW.value
    if name:
        arrays = tuple(
            a.astype(name) if hasattr(a, "dtype") and jnp.issubdtype(a.dtype, jnp.floating) else a
            for a in arrays
        )
    return arrays[0] if len(arrays) == 1 else arrays


def low_precision_op(fn):
    """`fn` with its positional array inputs through `low_precision` (an op on the list).

    Example:
        >>> with auto_precision(jnp.float16):
        ...     low_precision_op(jnp.matmul)(jnp.ones((1, 2)), jnp.ones(2)).dtype.name
        'float16'
    """

    def run(*args, **kwargs):
        if _LOW.value:
            args = low_precision(*args) if len(args) > 1 else (low_precision(*args),)
        return fn(*args, **kwargs)

    run.__name__ = getattr(fn, "__name__", "op")
    return run
