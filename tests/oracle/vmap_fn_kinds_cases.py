"""What MindSpore 2.10's vmap does with the kinds of `fn`: a bare primitive instance is refused
(RuntimeError, in PyNative and graph mode and inside jit) while a functional op or a function
wrapping the primitive is mapped.

Each case is a function ``case(ms)`` of the framework module returning JSON data: the mapped
result, or ``{"error": <exception type name>}``. gen_vmap_fn_kinds_golden.py records MindSpore's
answers in tests/golden/vmap_fn_kinds.json; tests/transforms/test_vmap_fn_kinds.py runs the same
functions with ``ms = msfunc``. This module must not import MindSpore or msfunc at top level.
"""

import numpy as np


def _outcome(ms, mode, run):
    ms.set_context(mode=mode)
    x = ms.Tensor(np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 7.0]], np.float32))
    try:
        return {"value": run(x).asnumpy().tolist()}
    except Exception as exc:  # the exception's type is the answer
        return {"error": type(exc).__name__}
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def _add_primitive(ms, x):
    return ms.vmap(ms.ops.Add(), in_axes=(1, 1), out_axes=0)(x, x)


def _neg_primitive(ms, x):
    return ms.vmap(ms.ops.Neg(), in_axes=1)(x)


def _add_function(ms, x):
    return ms.vmap(ms.ops.add, in_axes=(1, 0), out_axes=0)(x, x.T)


def _wrapped_primitive(ms, x):
    add = ms.ops.Add()

    def fn(a, b):
        return add(a, b)

    return ms.vmap(fn, in_axes=(1, None))(x, x[:, 0])


def primitive_pynative(ms):
    return _outcome(ms, ms.PYNATIVE_MODE, lambda x: _add_primitive(ms, x))


def primitive_graph_mode(ms):
    return _outcome(ms, ms.GRAPH_MODE, lambda x: _add_primitive(ms, x))


def unary_primitive_graph_mode(ms):
    return _outcome(ms, ms.GRAPH_MODE, lambda x: _neg_primitive(ms, x))


def primitive_inside_jit(ms):
    add = ms.ops.Add()

    @ms.jit
    def run(x):
        return ms.vmap(add, in_axes=(1, 1))(x, x)

    return _outcome(ms, ms.PYNATIVE_MODE, run)


def functional_op_pynative(ms):
    return _outcome(ms, ms.PYNATIVE_MODE, lambda x: _add_function(ms, x))


def functional_op_graph_mode(ms):
    return _outcome(ms, ms.GRAPH_MODE, lambda x: _add_function(ms, x))


def wrapped_primitive_graph_mode(ms):
    return _outcome(ms, ms.GRAPH_MODE, lambda x: _wrapped_primitive(ms, x))


CASES = {
    name: fn
    for name, fn in dict(globals()).items()
    if callable(fn) and not name.startswith("_") and fn.__module__ == __name__
}
