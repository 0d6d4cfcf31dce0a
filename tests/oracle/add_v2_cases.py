"""MindSpore 2.10's AddV2 (``ops.operations.math_ops.AddV2``): Add without broadcasting
(ValueError for operands of different shapes, a Python scalar included), refusing bool operands
(TypeError), with Add's gradient.

Each case is a function ``case(ms)`` of the framework module returning JSON data: the result,
or ``{"error": <exception type name>}``. gen_add_v2_golden.py records MindSpore's answers in
tests/golden/add_v2.json; tests/ops/test_add_v2.py runs the same functions with
``ms = msfunc``. This module must not import MindSpore or msfunc at top level.
"""

import numpy as np


def _outcome(run):
    try:
        out = run()
    except Exception as exc:  # the exception's type is the answer
        return {"error": type(exc).__name__}
    if isinstance(out, tuple):
        return {"value": [np.asarray(o.asnumpy()).tolist() for o in out]}
    return {"value": np.asarray(out.asnumpy()).tolist(), "dtype": str(out.dtype).lower()}


def _add_v2(ms):
    # MindSpore keeps the class in ops.operations.math_ops only; msfunc's class forms are all
    # in ops.operations (its `mindspore` alias maps math_ops there)
    operations = ms.ops.operations
    return (getattr(operations, "AddV2", None) or operations.math_ops.AddV2)()


def _add(ms, a, b):
    op = _add_v2(ms)
    return _outcome(lambda: op(a if np.isscalar(a) else ms.Tensor(a), ms.Tensor(b)))


def float32(ms):
    return _add(ms, np.array([1.0, 2.5], np.float32), np.array([3.0, 4.0], np.float32))


def int32(ms):
    return _add(ms, np.array([1, 2], np.int32), np.array([3, 4], np.int32))


def no_broadcast(ms):
    return _add(ms, np.array([[1.0], [2.0]], np.float32), np.array([3.0, 4.0], np.float32))


def scalar_operand(ms):
    return _add(ms, 2.0, np.array([3.0], np.float32))


def bools(ms):
    return _add(ms, np.array([True]), np.array([False]))


def gradient(ms):
    op = _add_v2(ms)
    x = ms.Tensor(np.array([1.0, 2.0], np.float32))
    y = ms.Tensor(np.array([3.0, 4.0], np.float32))
    return _outcome(lambda: ms.grad(lambda a, b: op(a, b) * a, (0, 1))(x, y))


CASES = {
    name: fn
    for name, fn in dict(globals()).items()
    if callable(fn) and not name.startswith("_") and fn.__module__ == __name__
}
