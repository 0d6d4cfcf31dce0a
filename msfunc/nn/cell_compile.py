"""Tracing a network on its inputs' shapes without running it: MindSpore's graph compile
(``Cell.compile``, ``_cell_graph_executor.compile``)."""

import jax
import numpy as np

from .. import _state

__all__ = ["trace_only"]


def _is_array(leaf):
    return isinstance(leaf, (jax.Array, np.ndarray, np.generic))


def trace_only(obj, args, kwargs, owner):
    """Trace ``obj(*args, **kwargs)`` on abstract values of its array inputs; other inputs
    stay Python constants, as in MindSpore's graph compile. The network's errors (a shape
    mismatch, a wrong type) are raised; nothing runs and no Parameter is written (`obj` goes
    into the trace as an argument, so its Parameters are traced too). `owner` names the
    caller in state errors.

    Example:
        >>> import numpy as np
        >>> import msfunc
        >>> trace_only(msfunc.nn.Dense(3, 2), (msfunc.Tensor(np.ones((4, 3), np.float32)),), {},
        ...            "example")
    """
    if callable(getattr(obj, "check_names", None)):
        obj.check_names()  # two Parameters of one name: an error of the network
    leaves, treedef = jax.tree.flatten((obj, args, kwargs))
    dynamic = [i for i, leaf in enumerate(leaves) if _is_array(leaf)]

    def run(values):
        filled = list(leaves)
        for i, value in zip(dynamic, values, strict=True):
            filled[i] = value
        fn, call_args, call_kwargs = jax.tree.unflatten(treedef, filled)
        # Traced for its errors; outputs may be any object. The frame takes the state the
        # call writes (the global random key a random layer draws from) and drops it; it
        # captures, so compiled Cells inside run inline, as in one traced program.
        with _state.Frame(capturing=True, owner=owner, graph=True):
            fn(*call_args, **call_kwargs)

    jax.eval_shape(run, [leaves[i] for i in dynamic])
