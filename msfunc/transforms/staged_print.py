"""``print`` inside a compiled function prints the runtime values on every call.

A traced function runs its Python once; a plain ``print(x)`` there would show a tracer
once. MindSpore's compiled functions print the value on every run, so while `msfunc.jit`
traces, ``print`` is staged into the program as an ordered host callback: values
computed at run time and constants alike print on every call, in program order (as graph
mode prints). Either way the text is graph mode's: each
argument on its own line, a Tensor of rank 0 as its value and any other Tensor as
``Tensor(shape=[2], dtype=Float32, value=[ 1.50000000e+00 -2.25000000e+00])`` (see
`graph_text`).
"""

from __future__ import annotations

import builtins
import contextlib
import functools
import threading

import jax
import numpy as np

__all__ = ["printing_runtime_values", "graph_text"]

_print = builtins.print
_lock = threading.Lock()
_depth = [0]


def _is_traced(value):
    value = getattr(value, "_value", value)  # a Tensor: its array
    return isinstance(value, jax.core.Tracer)


def graph_text(value):
    """How graph mode's ``print`` shows `value`: a Tensor of rank 0 as its number (a bool
    as 1 or 0), a Tensor of higher rank with its shape and dtype, floats as ``%.8e``; a bool
    as 1 or 0; a flat list or tuple of ints (or of floats) as a tuple, a dict as the tuple
    of its values, any other sequence flattened, one element a line; anything else as ``str``.

    Example:
        >>> import msfunc as ms
        >>> graph_text(ms.Tensor([1.5, -2.25])), graph_text(ms.Tensor(True)), graph_text("x")
        ('Tensor(shape=[2], dtype=Float32, value=[ 1.50000000e+00 -2.25000000e+00])', '1', 'x')
        >>> graph_text([1, 2]), graph_text((1.5,)), graph_text([[1, 2], ["a"]]), graph_text(True)
        ('(1, 2)', '( 1.50000000e+00)', '1\\n2\\na', '1')
    """
    from ..common.tensor import Tensor
    from ..common.tensor_format import dtype_name

    if isinstance(value, bool):
        return str(int(value))
    if isinstance(value, dict):
        value = tuple(value.values())
    if isinstance(value, (list, tuple)) and value:
        return _sequence_text(value)
    if not isinstance(value, Tensor):
        return str(value)
    array = np.asarray(value.asnumpy())
    if array.ndim == 0:
        return str(int(array)) if array.dtype == np.bool_ else str(array)
    formatter = {"float_kind": lambda v: f"{v: .8e}"}
    body = np.array2string(array, separator=" ", formatter=formatter, threshold=1000)
    body = "\n".join(line for line in body.splitlines() if line.strip())  # (no blank lines)
    return (
        f"Tensor(shape={list(array.shape)}, dtype={dtype_name(array.dtype)}, value="
        f"{chr(10) if array.ndim > 1 else ''}{body})"
    )


def _sequence_text(items):
    # graph mode prints a sequence of one Python number type as one tuple; any other
    # sequence (nested, strings, Tensors) element by element, each on its own line
    kinds = {type(v) for v in items}
    if kinds == {int}:
        return "(" + ", ".join(str(v) for v in items) + ")"
    if kinds == {float}:
        return "(" + ", ".join(f"{v: .8e}" for v in items) + ")"
    return "\n".join(graph_text(v) for v in _flat(items))


def _flat(items):
    for item in items:
        if isinstance(item, dict):
            item = tuple(item.values())
        if isinstance(item, (list, tuple)):
            yield from _flat(item)
        else:
            yield item


def _graph_print(*args, **kwargs):
    """Graph mode's ``print``: each argument on its own line (see `graph_text`)."""
    for value in args:
        _print(graph_text(value), **kwargs)


def _staged_print(*args, **kwargs):
    if kwargs.get("file") is not None:
        return _print(*args, **kwargs)
    kwargs.pop("sep", None)
    from ..common.tensor import Tensor, unwrap

    # traced values inside lists, tuples and dicts are staged too
    leaves, tree = jax.tree_util.tree_flatten(args, is_leaf=lambda v: isinstance(v, Tensor))
    positions = [i for i, leaf in enumerate(leaves) if _is_traced(leaf)]
    if not positions:
        # graph mode prints constants on every run too, in order with the staged values
        show = functools.partial(_graph_print, *args, **kwargs)
        return _stage(show, (), show)  # (under vmap: printed once, as it is traced)
    arrays = [unwrap(leaves[i]) for i in positions]
    wrapped = [isinstance(leaves[i], Tensor) for i in positions]

    def show(*values):
        shown = list(leaves)
        for i, value, tensor in zip(positions, values, wrapped):
            shown[i] = Tensor(value) if tensor else value
        _graph_print(*jax.tree_util.tree_unflatten(tree, shown), **kwargs)

    return _stage(show, arrays, lambda: jax.debug.callback(show, *arrays))


def _stage(show, arrays, unordered):
    """`show(*arrays)` staged into the program being traced, in order with its other prints;
    where ordered effects are refused (vmap), `unordered()` instead."""
    try:
        jax.debug.callback(show, *arrays, ordered=True)
    except ValueError:  # (ordered effects are refused under vmap: print in any order)
        unordered()
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
        x is
        2.0
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
