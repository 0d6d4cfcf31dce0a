"""Golden values from real MindSpore 2.10 (CPU) for a Parameter held in an attribute and
reassigned inside a differentiated, compiled function (``self.w = f(self.w)``): the value goes
into the Parameter, later reads see it, and the gradient with respect to the Parameter is that
of its reads, none through the assigned expression; on a Cell and on a plain object.

Writes tests/golden/parameter_assign_grad.json; read by
tests/transforms/test_parameter_assign_grad.py. Regenerate with real MindSpore 2.10
(tests/oracle/README.md)::

    python tests/oracle/run.py parameter_assign_grad

Each scenario is a plain MindSpore program ``scenario(ms)`` returning a JSON-able record
(alias_scenarios.py). This module must not import MindSpore or msfunc at top level.
"""

import os

import numpy as np

# (tests/oracle is on sys.path: the scripts run from it; tests/_alias_scenarios adds it)
from alias_scenarios import write_golden

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "parameter_assign_grad.json"
)


def _train(ms, problem, steps=3):
    ops, nn = ms.ops, ms.nn
    opt = nn.SGD([problem.w], 0.1)
    grad_fn = ops.value_and_grad(problem.loss, None, opt.parameters)

    @ms.jit
    def step(x):
        loss, grads = grad_fn(x)
        return ops.depend(loss, opt(grads)), grads[0]

    x = ms.Tensor(np.array([1.0, 2.0], np.float32))
    out = []
    for _ in range(steps):
        loss, grad = step(x)
        out.append(
            [float(loss.asnumpy()[0]), float(grad.asnumpy()[0]), float(problem.w.asnumpy()[0])]
        )
    return out


def cell_attribute(ms):
    """A Cell reassigns its Parameter before using it: the gradient is the read's (x.sum())."""
    ops, nn = ms.ops, ms.nn

    class Problem(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor([1.0], ms.float32), name="w")

        def loss(self, x):
            self.w = ops.sigmoid(self.w) + 1.0
            return self.w * x.sum()

    return _train(ms, Problem())


def plain_object_attribute(ms):
    """The same on a plain object holding the Parameter (not a Cell)."""
    ops = ms.ops

    class Problem:
        def __init__(self):
            self.w = ms.Parameter(ms.Tensor([1.0], ms.float32), name="w")

        def loss(self, x):
            self.w = ops.sigmoid(self.w) + 1.0
            return self.w * x.sum()

    problem = Problem()
    record = _train(ms, problem)
    return record + [type(problem.w).__name__]


def read_before_and_after(ms):
    """A read before the assignment and one after: the gradient is the sum of the reads'."""
    ops, nn = ms.ops, ms.nn

    class Problem(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor([0.5], ms.float32), name="w")

        def loss(self, x):
            first = self.w * x[0]
            self.w = ops.exp(self.w) * 2.0
            return first + self.w * x[1]

    return _train(ms, Problem(), steps=2)


SCENARIOS = [cell_attribute, plain_object_attribute, read_before_and_after]


if __name__ == "__main__":
    write_golden(SCENARIOS, GOLDEN_PATH)
