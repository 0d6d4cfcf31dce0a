"""MindSpore 2.10 defines no gradient for Gcd and Lcm: its grad raises RuntimeError where one is
on the differentiated path (PyNative and graph mode), and is unaffected by one that is not.

Each case is a function ``case(ms)`` of the framework module returning JSON data: the gradient,
or ``{"error": <exception type name>}``. gen_gcd_lcm_grad_golden.py records MindSpore's answers
in tests/golden/gcd_lcm_grad.json; tests/ops/test_gcd_lcm_grad.py runs the same functions with
``ms = msfunc``. This module must not import MindSpore or msfunc at top level.
"""

import numpy as np


def _plain(value):
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return np.asarray(value.asnumpy()).tolist()


def _outcome(ms, mode, run):
    ms.set_context(mode=mode)
    a = ms.Tensor(np.array([7, 8, 9]), ms.int32)
    b = ms.Tensor(np.array([14, 6, 12]), ms.int32)
    try:
        return {"value": _plain(run(a, b))}
    except Exception as exc:  # the exception's type is the answer
        return {"error": type(exc).__name__}
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def gcd_pynative(ms):
    return _outcome(ms, ms.PYNATIVE_MODE, ms.grad(ms.ops.gcd, (0, 1)))


def gcd_graph_mode(ms):
    def fn(x, y):
        return ms.ops.gcd(x, y)

    return _outcome(ms, ms.GRAPH_MODE, ms.jit(ms.grad(fn, (0, 1))))


def lcm_pynative(ms):
    return _outcome(ms, ms.PYNATIVE_MODE, ms.grad(ms.ops.lcm, 1))


def gcd_primitive_pynative(ms):
    gcd = ms.ops.Gcd()

    def fn(x, y):
        return gcd(x, y) * 2

    return _outcome(ms, ms.PYNATIVE_MODE, ms.grad(fn, 0))


def gcd_off_the_path(ms):
    def fn(x, y):
        return x.astype(ms.float32) * ms.ops.gcd(y, y).astype(ms.float32)

    return _outcome(ms, ms.PYNATIVE_MODE, ms.grad(fn, 0))


CASES = {
    name: fn
    for name, fn in dict(globals()).items()
    if callable(fn) and not name.startswith("_") and fn.__module__ == __name__
}
