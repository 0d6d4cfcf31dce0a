"""How MindSpore 2.10's graph mode joins the values an ``if`` (or a loop with ``return``) on a
tensor gives on its two paths: which pairs join and which raise TypeError.

Each case is a function ``case(ms)`` of the framework module returning JSON data: the joined
result, or ``{"error": <exception type name>}``. gen_jit_join_golden.py records MindSpore's
answers in tests/golden/jit_join.json; tests/transforms/test_jit_branch_join.py runs the same
functions with ``ms = msfunc``. This module must not import MindSpore or msfunc at top level.
"""

import numpy as np


def _plain(value):
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if hasattr(value, "asnumpy"):
        return {"tensor": np.asarray(value.asnumpy()).tolist()}
    return value


def _outcome(fn, *args):
    try:
        return {"value": _plain(fn(*args))}
    except Exception as exc:  # the exception's type is the answer
        return {"error": type(exc).__name__}


def _args(ms):
    return ms.Tensor(2, ms.float32), ms.Tensor(6, ms.float32)


# What one path assigns (plain functions: graph mode cannot call a lambda held in a variable).
def _same(t):
    return t


def _pair_of(t):
    return t, t


def _int0(t):
    return 0


def _int1(t):
    return 1


def _int2(t):
    return 2


def _float(t):
    return 1.5


def _true(t):
    return True


def _false(t):
    return False


def _none(t):
    return None


def _three(t):
    return _MS[0].Tensor([1, 2, 3])


def _two(t):
    return _MS[0].Tensor([1, 2])


def _int32(t):
    return _MS[0].Tensor(3, _MS[0].int32)


_MS = [None]  # the framework module the helpers build tensors with


def _pair(ms, a, b):
    """``v = a(x)`` on the taken path, ``v = b(y)`` on the other."""
    _MS[0] = ms

    @ms.jit
    def pick(x, y):
        if x < y:
            v = a(x)
        else:
            v = b(y)
        return v

    return _outcome(pick, *_args(ms))


def tensor_vs_int_return(ms):
    @ms.jit
    def f(x, y):
        if x < y:
            return ms.Tensor([1, 2, 3])
        return 0

    return _outcome(f, *_args(ms))


def scalar_tensor_vs_int(ms):
    return _pair(ms, _same, _int0)


def tensor_vs_float(ms):
    return _pair(ms, _same, _float)


def shapes_differ(ms):
    return _pair(ms, _three, _two)


def tuple_vs_tensor(ms):
    return _pair(ms, _pair_of, _same)


def int_vs_int(ms):
    return _pair(ms, _int1, _int2)


def float_vs_int(ms):
    return _pair(ms, _float, _int2)


def bool_vs_int(ms):
    return _pair(ms, _true, _int1)


def bool_vs_bool(ms):
    return _pair(ms, _true, _false)


def none_vs_int(ms):
    return _pair(ms, _none, _int1)


def tensor_vs_none(ms):
    return _pair(ms, _same, _none)


def float32_vs_int32(ms):
    return _pair(ms, _same, _int32)


def early_return_then_number(ms):
    """One path returns a Tensor early, the other falls through to ``return 0``."""

    @ms.jit
    def f(x, y):
        if x < y:
            a = ms.Tensor([1, 2, 3])
        else:
            return 0
        return a

    return _outcome(f, *_args(ms))


def return_in_while(ms):
    @ms.jit
    def f(x):
        while x < 10:
            return ms.Tensor([1, 2, 3])
        return 0

    return _outcome(f, ms.Tensor([1], ms.float32))


def numbers_returned_early(ms):
    """Python ints of one type returned on three paths join (to the taken path's value)."""

    @ms.jit
    def f(x):
        if x.sum() > 0:
            return x * 3, 1
        if x.sum() < -3:
            return x, 2
        return x - 1, 3

    return [_outcome(f, ms.Tensor([v], ms.float32)) for v in (1.0, -5.0, -1.0)]


CASES = {
    name: fn
    for name, fn in dict(globals()).items()
    if callable(fn) and not name.startswith("_") and fn.__module__ == __name__
}
