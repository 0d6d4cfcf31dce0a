"""Golden values from real MindSpore 2.10 (CPU) for Parameter behaviours: ``Parameter.set_data``
with a value of another shape or dtype, the names of unnamed Parameters in a ParameterTuple and
the Parameter a compiled function returns.

Writes tests/golden/parameter.json; read by tests/common/test_parameter.py.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py parameter

Each scenario is a plain MindSpore program ``scenario(ms)`` returning a JSON-able record
(alias_scenarios.py). This module must not import MindSpore or msfunc at top level.
"""

import os

import numpy as np

# (tests/oracle is on sys.path: the scripts run from it; tests/_alias_scenarios adds it)
from alias_scenarios import write_golden

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "parameter.json"
)


def parameter_set_data(ms):
    """``Parameter.set_data`` keeps the Parameter's dtype and takes the data's shape."""
    rec = {}
    data = {
        "bigger_float32": ms.Tensor(np.full((4, 5), 2, np.float32)),
        "rank1_float16": ms.Tensor(np.ones((3,), np.float16)),
        "same_shape_int32": ms.Tensor(np.full((2, 3), 3, np.int32)),
        "tensor_scalar": ms.Tensor(7.0),
        "python_float": 3.0,
    }
    for name, value in data.items():
        p = ms.Parameter(ms.Tensor(np.ones((2, 3), np.float32)), name="param")
        returned = p.set_data(value)
        rec[name] = {
            "returns_self": returned is p,
            "shape": list(p.shape),
            "dtype": str(p.dtype).lower(),
            "sum": float(p.asnumpy().sum()),
        }
    return rec


def parameter_tuple_names(ms):
    """Unnamed Parameters of a ParameterTuple assigned to a Cell are named ``Parameter$N``,
    counted per Cell; a Parameter listed twice is named once."""
    nn, Parameter, Tensor = ms.nn, ms.Parameter, ms.Tensor

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.a = Parameter(Tensor([1.0]), name="name_a")
            shared = Parameter(Tensor([2.0]))
            self.first = ms.ParameterTuple((shared, self.a, Parameter(Tensor([5.0])), shared))
            self.second = ms.ParameterTuple((Parameter(Tensor([7.0])),))

        def construct(self):
            return self.a + self.first[0]

    nets = [Net(), Net()]
    return {
        "first": [p.name for p in nets[0].first],
        "second": [p.name for p in nets[0].second],
        "another_cell": [p.name for p in nets[1].first],
        "parameters_and_names": sorted(n for n, _ in nets[0].parameters_and_names()),
        "output": nets[0]().asnumpy().tolist(),
    }


def graph_returned_parameter(ms):
    """A compiled function or a GRAPH_MODE Cell returning a Parameter alone, unwritten, returns
    the Parameter itself; written, or inside a tuple or list, a Tensor of its value."""
    ops = ms.ops
    w = ms.Parameter(ms.Tensor([1.0, 2.0]), name="w")

    @ms.jit
    def alone(x):
        return w

    @ms.jit
    def written(x):
        ops.assign(w, w * 2)
        return w

    @ms.jit
    def in_tuple(x):
        return (w,)

    class Net(ms.nn.Cell):
        def __init__(self, mode):
            super().__init__()
            self.p = ms.Parameter(ms.Tensor([3.0]), name="p")
            self.mode = mode

        def construct(self, x):
            if self.mode == "read":
                self.p + x  # noqa: B018  (the Parameter is read, not written)
                return self.p
            if self.mode == "assign":
                ops.assign(self.p, x)
                return self.p
            return [self.p, x]

    def kind(out, param):
        if isinstance(out, (tuple, list)):
            return [type(out).__name__] + [kind(v, param) for v in out]
        return "the Parameter" if out is param else type(out).__name__

    x = ms.Tensor([1.0])
    rec = {
        "jit_alone": kind(alone(x), w),
        "jit_written": kind(written(x), w),
        "jit_in_tuple": kind(in_tuple(x), w),
    }
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        for mode in ("read", "assign", "list"):
            net = Net(mode)
            out = net(x)
            rec[f"graph_cell_{mode}"] = kind(out, net.p)
            net.p.name = "renamed"
            rec[f"graph_cell_{mode}_name_after_rename"] = getattr(net(x), "name", None)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    return rec


SCENARIOS = [parameter_set_data, parameter_tuple_names, graph_returned_parameter]


if __name__ == "__main__":
    write_golden(SCENARIOS, GOLDEN_PATH)
