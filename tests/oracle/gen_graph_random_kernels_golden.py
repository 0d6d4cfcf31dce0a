"""Golden values from real MindSpore 2.10 (CPU) for seeded random primitives inside compiled
graphs: one kernel per call site of each compiled graph (seeded afresh when it compiles, going
on from call to call, apart from PyNative calls and other graphs), and call sites of equal
attributes and inputs merged into one draw; random functional ops (ops.rand, ops.uniform ...)
traced into a graph take their seeds as it compiles and go on so too.

Writes tests/golden/graph_random_kernels.json; read by tests/ops/test_graph_random_kernels.py.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py graph_random_kernels

Each scenario is a plain MindSpore program ``scenario(ms)`` returning a JSON-able record
(alias_scenarios.py). This module must not import MindSpore or msfunc at top level.
"""

import os

import numpy as np

# (tests/oracle is on sys.path: the scripts run from it; tests/_alias_scenarios adds it)
from alias_scenarios import write_golden

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "graph_random_kernels.json"
)


def _values(t):
    return np.round(t.asnumpy().astype(np.float64), 6).tolist()


def call_sites_merged(ms):
    """Same-shape draws of one primitive (or of two with equal seeds) in one graph are one
    draw; another shape is another call site; calls of the graph go on."""
    ops, nn = ms.ops, ms.nn
    ms.set_seed(0)
    ms.set_context(mode=ms.GRAPH_MODE)
    u, u_same = ops.UniformReal(seed=1), ops.UniformReal(seed=1)
    normal = ops.StandardNormal(seed=2)

    class Points(nn.Cell):
        def construct(self):
            a = u((3, 1))
            b = u((3, 1))
            c = u((2, 1))
            d = u_same((3, 1))
            return a, b, c, d, normal((2,)), normal((2,)) + a[0]

    net = Points()
    try:
        return [[_values(v) for v in net()] for _ in range(2)]
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def kernels_per_graph(ms):
    """One primitive in two compiled Cells and in PyNative calls: three streams; a new input
    shape compiles a new graph, whose kernel starts afresh."""
    ops, nn = ms.ops, ms.nn
    ms.set_seed(0)
    ms.set_context(mode=ms.GRAPH_MODE)
    u = ops.UniformReal(seed=1)

    class A(nn.Cell):
        def construct(self):
            return u((2,))

    class B(nn.Cell):
        def construct(self, x):
            return u((2,)) + x

    a, b = A(), B()
    zero = ms.Tensor(0.0)
    try:
        order = [a(), b(zero), u((2,)), a(), b(zero)]
        order += [b(ms.Tensor(np.zeros(2, np.float32))), b(zero), u((2,))]
        return [_values(v) for v in order]
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def uniform_int_in_graph(ms):
    """UniformInt with traced and constant bounds in a graph: MindSpore's values, and equal
    bounds merge two draws."""
    ops, nn = ms.ops, ms.nn
    ms.set_seed(0)
    ms.set_context(mode=ms.GRAPH_MODE)
    ui = ops.UniformInt(seed=4)

    class Traced(nn.Cell):
        def construct(self, lo, hi):
            return ui((3,), lo, hi), ui((3,), lo, hi)

    class Constant(nn.Cell):
        def construct(self):
            return ui((3,), ms.Tensor(0, ms.int32), ms.Tensor(100, ms.int32))

    lo, hi = ms.Tensor(0, ms.int32), ms.Tensor(100, ms.int32)
    try:
        traced = Traced()
        constant = Constant()
        out = [[_values(v) for v in traced(lo, hi)] for _ in range(2)]
        out += [_values(constant()) for _ in range(2)]
        return out
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def jit_function(ms):
    """The same in an ``ms.jit`` function under PyNative."""
    ops = ms.ops
    ms.set_seed(0)
    u = ops.UniformReal(seed=1)

    @ms.jit
    def draw():
        return u((2,)), u((2,))

    return [[_values(v) for v in draw()] for _ in range(2)] + [_values(u((2,)))]


def functional_ops_in_jit(ms):
    """Random functional ops in an ``ms.jit`` function: each call takes its seeds when the
    function compiles (one step of the op's counter) and goes on from call to call; PyNative
    calls before and after go on with the counter."""
    ops = ms.ops
    ms.set_seed(1234)

    @ms.jit
    def draw():
        return (
            ops.rand(2),
            ops.randn(2),
            ops.normal((2,), 0.0, 1.0),
            ops.standard_normal((2,)),
            ops.uniform((3, 1), ms.Tensor(0.0), ms.Tensor(1.0)),
            ops.uniform((3, 1), ms.Tensor(0.0), ms.Tensor(1.0)),
            ops.uniform((2,), ms.Tensor(0, ms.int32), ms.Tensor(100, ms.int32), dtype=ms.int32),
            ops.randint(0, 100, (2,)),
            ops.rand_like(ms.Tensor(np.zeros(2, np.float32))),
        )

    def eager():
        return [ops.rand(2), ops.uniform((2,), ms.Tensor(0.0), ms.Tensor(1.0))]

    out = [_values(v) for v in eager()]
    for _ in range(3):
        out += [_values(v) for v in draw()]
    return out + [_values(v) for v in eager()]


def functional_ops_in_graph_cell(ms):
    """ops.uniform and ops.normal in a GRAPH_MODE Cell, called three times."""
    ops, nn = ms.ops, ms.nn
    ms.set_seed(7)
    ms.set_context(mode=ms.GRAPH_MODE)

    class Points(nn.Cell):
        def construct(self, x):
            t = ops.uniform((4, 1), ms.Tensor(0.0), ms.Tensor(2.0))
            return x + t, ops.normal((4, 1), 0.0, 1.0)

    try:
        net = Points()
        x = ms.Tensor(np.zeros((4, 1), np.float32))
        return [[_values(v) for v in net(x)] for _ in range(3)]
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


SCENARIOS = [
    call_sites_merged,
    kernels_per_graph,
    uniform_int_in_graph,
    jit_function,
    functional_ops_in_jit,
    functional_ops_in_graph_cell,
]


if __name__ == "__main__":
    write_golden(SCENARIOS, GOLDEN_PATH)
