"""Parameters of one compiled call that share a name: arguments, globals, closures, the
compiled Cell's own attributes and ParameterTuples. Each case ``case(ms)`` (ms: the
``mindspore`` module, or msfunc) returns per run ``"ok"`` or the class of the exception raised.
gen_parameter_names_golden.py records MindSpore 2.10's answers in
tests/golden/parameter_names.json; tests/transforms/test_parameter_names.py runs the same cases
with msfunc. No top-level import of MindSpore or msfunc.
"""


def _outcome(run):
    try:
        run()
        return "ok"
    except Exception as exc:  # noqa: BLE001 (the class is the answer)
        return type(exc).__name__


def jit_arguments(ms):
    """Parameter arguments of a jit function: equal names, the same object twice, a name a
    global Parameter has, keyword arguments, unnamed ones."""
    P, T = ms.Parameter, ms.Tensor
    shared = P(T(5), name="g")

    @ms.jit
    def add(x, y):
        return x + y

    @ms.jit
    def with_global(x):
        return x + shared

    same = P(T(1), name="s")
    runs = {
        "equal_names": lambda: add(P(T(1), name="x"), P(T(2), name="x")),
        "distinct_names": lambda: add(P(T(1), name="x"), P(T(2), name="y")),
        "same_object": lambda: add(same, same),
        "unnamed": lambda: add(P(T(1)), P(T(2))),
        "keyword": lambda: add(P(T(1), name="x"), y=P(T(2), name="x")),
        "name_of_a_global": lambda: with_global(P(T(1), name="g")),
    }
    return {name: _outcome(run) for name, run in runs.items()}


def free_parameters(ms):
    """Parameters a jit function reads from its closure: two with one name, unnamed ones, and
    two separate Dense layers (both hold a 'weight')."""
    import numpy as np

    P, T = ms.Parameter, ms.Tensor
    a, b = P(T([1.0]), name="name_a"), P(T([2.0]), name="name_a")
    c, d = P(T([1.0])), P(T([2.0]))
    first, second = ms.nn.Dense(2, 2), ms.nn.Dense(2, 2)
    x = T(np.ones((1, 2), np.float32))

    def same_name():
        return a + b

    def unnamed():
        return c + d

    def two_dense():
        return first(x) + second(x)

    return {fn.__name__: _outcome(ms.jit(fn)) for fn in (same_name, unnamed, two_dense)}


def _cells(ms):
    P, T, nn = ms.Parameter, ms.Tensor, ms.nn
    f32 = ms.float32
    outside = P(T([5.0], f32), name="myname")

    class TwoAttributes(nn.Cell):
        def __init__(self):
            super().__init__()
            self.param_a = P(T([1], f32), name="name_a")
            self.param_b = P(T([2], f32), name="name_a")

        def construct(self, x):
            return x + self.param_a + self.param_b

    class AttributeAndTuple(nn.Cell):
        def __init__(self):
            super().__init__()
            self.param_a = P(T([1], f32), name="name_a")
            self.group = ms.ParameterTuple((P(T([5], f32), name="name_a"),))

        def construct(self, x):
            return x + self.param_a + self.group[0]

    class Inner(nn.Cell):
        def __init__(self):
            super().__init__()
            self.param = P(T([1], f32), name="name_a")

        def construct(self, x):
            return x + self.param

    class TuplesOfTwoCells(nn.Cell):
        def __init__(self, one, two):
            super().__init__()
            self.first = ms.ParameterTuple(one.get_parameters())
            self.second = ms.ParameterTuple(two.get_parameters())

        def construct(self, x):
            return x + self.first[0] + self.second[0]

    class SubCells(nn.Cell):
        def __init__(self, one, two):
            super().__init__()
            self.one, self.two = one, two

        def construct(self, x):
            return self.one(x) + self.two(x)

    class ReadsGlobal(nn.Cell):
        def __init__(self):
            super().__init__()
            self.param = P(T([1], f32), name="myname")

        def construct(self, x):
            return x + self.param + outside

    class TakesParameter(nn.Cell):
        def __init__(self):
            super().__init__()
            self.param = P(T([1], f32), name="myname")

        def construct(self, p):
            return p + self.param

    return {
        "two_attributes": (TwoAttributes, T([1.0], f32)),
        "attribute_and_tuple": (AttributeAndTuple, T([1.0], f32)),
        "tuples_of_two_cells": (lambda: TuplesOfTwoCells(Inner(), Inner()), T([1.0], f32)),
        "sub_cells": (lambda: SubCells(Inner(), Inner()), T([1.0], f32)),
        "reads_global": (ReadsGlobal, T([1.0], f32)),
        "parameter_argument": (TakesParameter, P(T([1.0], f32), name="myname")),
    }


def cells(ms):
    """Cells whose construct uses equally named Parameters, in GRAPH_MODE and PYNATIVE_MODE."""
    out = {}
    try:
        for mode in ("GRAPH_MODE", "PYNATIVE_MODE"):
            ms.set_context(mode=getattr(ms, mode))
            for name, (make, x) in _cells(ms).items():
                out[f"{mode}/{name}"] = _outcome(lambda m=make, v=x: m()(v))
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    return out


CASES = {
    "jit_arguments": jit_arguments,
    "free_parameters": free_parameters,
    "cells": cells,
}
