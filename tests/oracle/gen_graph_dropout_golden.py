"""Golden values from real MindSpore 2.10 (CPU) for seeded Dropout inside compiled graphs: each
call site of a Dropout layer or primitive in a compiled graph is a kernel of its own, starting
afresh from the layer's seeds when the graph compiles and going on from call to call, apart
from the PyNative kernel and from other graphs; and a graph that fills in place a Tensor a
constexpr helper built (MindFlow CAE-Transformer's attention mask) still compiles.

Writes tests/golden/graph_dropout.json; read by tests/nn/test_graph_dropout.py.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py graph_dropout

Each scenario is a plain MindSpore program ``scenario(ms)`` returning a JSON-able record
(alias_scenarios.py). This module must not import MindSpore or msfunc at top level.
"""

import os

import numpy as np

# (tests/oracle is on sys.path: the scripts run from it; tests/_alias_scenarios adds it)
from alias_scenarios import write_golden

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "graph_dropout.json"
)


def _values(t):
    return np.round(t.asnumpy().astype(np.float64), 6).ravel().tolist()


def _layer(ms, p=0.5):
    drop = ms.nn.Dropout(p=p)
    drop.set_train(True)
    return drop


def layer_call_sites(ms):
    """One layer at three call sites of a jit function (two of one shape), called twice; the
    PyNative calls after it start from the seeds again."""
    ms.set_seed(1)
    drop = _layer(ms)
    x = ms.Tensor(np.ones(16, np.float32))
    y = ms.Tensor(np.ones(12, np.float32))

    @ms.jit
    def step(x, y):
        return drop(x), drop(x * 2), drop(y)

    out = [[_values(v) for v in step(x, y)] for _ in range(2)]
    return out + [_values(drop(x)), _values(drop(x))]


def layer_in_two_graphs(ms):
    """A layer in PyNative, in one jit function and in another: three separate streams."""
    ms.set_seed(3)
    drop = _layer(ms, 0.3)
    x = ms.Tensor(np.arange(1, 13, dtype=np.float32).reshape(3, 4))

    @ms.jit
    def first(x):
        return drop(x)

    @ms.jit
    def second(x):
        return drop(x) + 1

    out = [_values(drop(x))]
    out += [_values(first(x)) for _ in range(2)]
    out += [_values(second(x)) for _ in range(2)]
    return out + [_values(first(x)), _values(drop(x))]


def primitive_call_sites(ms):
    """ops.Dropout with its own seeds: eagerly, then at three call sites of a jit function."""
    ms.set_seed(3)
    prim = ms.ops.Dropout(keep_prob=0.5, Seed0=1, Seed1=2)
    x = ms.Tensor(np.ones(16, np.float32))
    y = ms.Tensor(np.ones(12, np.float32))
    out = [_values(prim(x)[0]), _values(prim(x)[1])]

    @ms.jit
    def step(x, y):
        return prim(x)[0], prim(x * 3)[0], prim(y)[1]

    out += [[_values(v) for v in step(x, y)] for _ in range(2)]
    return out + [_values(prim(x)[0])]


def cell_layers_in_jit(ms):
    """A Cell whose two Dropout layers run in a jit training step."""
    ms.set_seed(0)

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.dense = ms.nn.Dense(4, 4, weight_init="ones", bias_init="zeros")
            self.drop1 = ms.nn.Dropout(p=0.25)
            self.drop2 = ms.nn.Dropout(p=0.5)

        def construct(self, x):
            h = self.drop1(self.dense(x))
            return self.drop2(h) + self.drop1(h)

    net = Net()
    net.set_train(True)
    x = ms.Tensor(np.linspace(-1, 1, 12).reshape(3, 4).astype(np.float32))

    @ms.jit
    def step(x):
        return net(x)

    return [_values(step(x)) for _ in range(3)] + [_values(net(x))]


def constexpr_tensor_filled(ms):
    """A jit function fills a Tensor that a constexpr helper built (as a masked fill does)
    and draws dropout masks: it compiles, so the masks are the graph kernels'."""
    ops = ms.ops
    ms.set_seed(5)
    drop = _layer(ms)

    @ms.ops.constexpr
    def ones(shape):
        return ms.Tensor(np.ones(shape), ms.float32)

    @ms.jit
    def step(x, mask):
        fill = ones(x.shape)
        fill[:] = -7.0
        return ops.Select()(mask, fill, drop(x)), drop(x * 2)

    x = ms.Tensor(np.arange(1, 9, dtype=np.float32))
    mask = ms.Tensor(np.array([True, False] * 4))
    return [[_values(v) for v in step(x, mask)] for _ in range(3)]


def built_tensor_written_traced(ms):
    """A jit function writes its input into a Tensor it built from numpy: each call sees its
    own input (the write is part of the compiled function)."""

    @ms.jit
    def step(x):
        buf = ms.Tensor(np.zeros(5, np.float32))
        buf[1:3] = x[:2]
        return buf + 1

    a = ms.Tensor(np.array([2.0, 3.0, 4.0], np.float32))
    b = ms.Tensor(np.array([-1.0, 5.0, 0.0], np.float32))
    return [_values(step(a)), _values(step(b)), _values(step(a))]


SCENARIOS = [
    layer_call_sites,
    layer_in_two_graphs,
    primitive_call_sites,
    cell_layers_in_jit,
    constexpr_tensor_filled,
    built_tensor_written_traced,
]


if __name__ == "__main__":
    write_golden(SCENARIOS, GOLDEN_PATH)
