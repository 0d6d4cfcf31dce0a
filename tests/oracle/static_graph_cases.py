"""MindSpore static-graph programs (``@ms.jit``, GRAPH_MODE), one per form of tensor control flow.

Plain MindSpore code: ``tests/oracle/static_graph_programs.py`` runs it under real
MindSpore 2.10 and ``tests/transforms/test_static_graph_programs.py`` runs the same text with
``import mindspore`` answered by msfunc. Each ``CASES`` entry builds fresh state and
returns ``{"run": callable, "calls": [argument tuples], "state": callable or None,
"graph_mode": bool}``; numpy arrays in the calls become Tensors, other values pass as
they are. All weights are fixed numpy arrays.
"""

import mindspore as ms
import numpy as np
from mindspore import Parameter, Tensor, nn, ops


def f32(values):
    return np.asarray(values, dtype=np.float32)


# -- if / elif / else and conditional expressions -----------------------------------------------
@ms.jit
def if_elif_else(x):
    s = x.sum()
    if s > 4:
        y = x * 2
    elif s > 0:
        y = x + 1
    else:
        y = -x
    return y


@ms.jit
def conditional_expression(x):
    y = x * 3 if x.mean() > 0 else x / 2
    z = y.max() if y.min() < 0 else y.min()
    return y, z


@ms.jit
def piecewise_nested(x):
    if x < 0:
        if x < -2:
            y = -2 * x - 2
        else:
            y = x * x
    else:
        if x > 3:
            y = ops.sqrt(x) + 7 - ops.sqrt(Tensor(3.0, ms.float32))
        elif x > 1:
            y = 2 * x - 1
        else:
            y = x * x
    return y


@ms.jit
def early_return(x):
    if x.sum() > 0:
        return x * 3
    if x.sum() < -3:
        return x - 10
    w = x - 1
    return w * w


# -- loops ---------------------------------------------------------------------------------------
@ms.jit
def while_break_continue(x, limit):
    total = x.sum() * 0
    i = Tensor(0, ms.int32)
    while i < 10:
        i = i + 1
        if i % 3 == 0:
            continue
        total = total + x.sum() * i
        if total > limit:
            break
    return total, i


@ms.jit
def for_range_tensor(x, n):
    acc = x
    for i in range(n):
        acc = acc * 0.5 + i
    return acc


@ms.jit
def for_over_rows(x):
    acc = x[0] * 0
    for row in x:
        if row.sum() > 0:
            acc = acc + row * 2
        else:
            acc = acc - row
    return acc


class Stack(nn.Cell):
    """A CellList walked in a for loop, a tensor-conditioned rescale after each layer."""

    def __init__(self):
        super().__init__()
        weights = [
            f32([[0.5, -1.0], [1.5, 0.25]]),
            f32([[-0.75, 0.5], [0.25, 1.0]]),
            f32([[1.0, 0.0], [-0.5, 0.5]]),
        ]
        self.layers = nn.CellList(
            [
                nn.Dense(2, 2, weight_init=Tensor(w), bias_init=Tensor(f32([0.1, -0.2])))
                for w in weights
            ]
        )

    @ms.jit
    def construct(self, x):
        for layer in self.layers:
            x = layer(x)
            if x.sum() > 0:
                x = x * 0.5
        for scale in [1.0, -2.0]:
            x = x * scale + 1
        return x


@ms.jit
def constant_tensors(x):
    n = Tensor(3)
    acc = x
    for i in range(int(n * 2)):
        acc = acc + i
    k = Tensor(x.shape[0]) * 2
    if bool(n * k > 10):
        acc = acc * float(k)
    return acc + k.item(), x.shape, x.shape[0] * 2


# -- Parameters written in branches and loops --------------------------------------------------
class Accumulate(nn.Cell):
    def __init__(self):
        super().__init__()
        self.total = Parameter(Tensor(f32([0.0, 0.0])), name="total")
        self.steps = Parameter(Tensor(f32(0.0)), name="steps")
        self.assign = ops.Assign()

    @ms.jit
    def construct(self, x):
        if x.sum() > 0:
            self.assign(self.total, self.total + x)
        else:
            self.assign(self.steps, self.steps - 2)
        while self.steps < 3:
            self.assign(self.steps, self.steps + 1)
        return self.total * self.steps


# -- programs: a Newton solver, a training step with an early stop, a GRAPH_MODE Cell ------------
@ms.jit
def newton_sqrt(a):
    x = a
    steps = Tensor(0, ms.int32)
    while ops.abs(x * x - a).max() > 1e-4:
        x = x - (x * x - a) / (2 * x)
        steps = steps + 1
    return x, steps


def build_train_until():
    net = nn.Dense(2, 1, weight_init=Tensor(f32([[0.3, -0.2]])), bias_init=Tensor(f32([0.1])))
    loss_fn = nn.MSELoss()
    optimizer = nn.SGD(net.trainable_params(), learning_rate=0.05)

    def forward_fn(data, label):
        return loss_fn(net(data), label)

    grad_fn = ms.value_and_grad(forward_fn, None, optimizer.parameters)

    @ms.jit
    def train_until(data, label, tol):
        loss = forward_fn(data, label)
        for _ in range(6):
            loss, grads = grad_fn(data, label)
            if loss < tol:
                break
            optimizer(grads)
        return loss

    return train_until, net


class Gate(nn.Cell):
    """Run in GRAPH_MODE without a decorator."""

    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(
            2, 2, weight_init=Tensor(f32([[1.0, -0.5], [0.5, 2.0]])), bias_init="zeros"
        )

    def construct(self, x):
        y = self.dense(x)
        if y.sum() > 1:
            y = y * 2
        elif y.sum() < -1:
            y = ops.relu(y)
        return y


# -- the table --------------------------------------------------------------------------------
def _function(fn, calls):
    return lambda: {"run": fn, "calls": calls, "state": None, "graph_mode": False}


def _cell(cls, calls, graph_mode=False):
    def build():
        net = cls()
        return {
            "run": net,
            "calls": calls,
            "graph_mode": graph_mode,
            "state": lambda: [p.asnumpy() for p in net.get_parameters()],
        }

    return build


def _train_until():
    run, net = build_train_until()
    x = f32([[1.0, 2.0], [0.5, -1.0], [-1.5, 0.5]])
    y = f32([[1.0], [0.0], [-1.0]])
    return {
        "run": run,
        "calls": [(x, y, f32(10.0)), (x, y, f32(0.01)), (x, y, f32(0.01))],
        "graph_mode": False,
        "state": lambda: [p.asnumpy() for p in net.get_parameters()],
    }


ROWS = f32([[1.0, -2.0], [0.5, 0.75], [-1.0, -0.5]])
CASES = {
    "if_elif_else": _function(
        if_elif_else, [(f32([3.0, 2.0]),), (f32([0.5, 0.25]),), (f32([-1.0, 0.5]),)]
    ),
    "conditional_expression": _function(
        conditional_expression, [(f32([1.0, -0.5]),), (f32([-2.0, 0.5]),)]
    ),
    "piecewise_nested": _function(
        piecewise_nested, [(f32(v),) for v in (-3.0, -1.5, 0.5, 2.0, 5.0)]
    ),
    "early_return": _function(
        early_return, [(f32([1.0, 2.0]),), (f32([-5.0, 1.0]),), (f32([-1.0, 0.5]),)]
    ),
    "while_break_continue": _function(
        while_break_continue, [(f32([1.0, 0.5]), f32(8.0)), (f32([1.0, 0.5]), f32(100.0))]
    ),
    "for_range_tensor": _function(
        for_range_tensor, [(f32([1.0, 2.0]), np.int32(0)), (f32([1.0, 2.0]), np.int32(4))]
    ),
    "for_over_rows": _function(for_over_rows, [(ROWS,), (-ROWS,)]),
    "for_over_celllist": _cell(Stack, [(f32([[1.0, 2.0]]),), (f32([[-1.0, -3.0]]),)]),
    "constant_tensors": _function(
        constant_tensors, [(f32([1.0, 2.0]),), (f32([[1.0], [2.0], [3.0]]),)]
    ),
    "parameter_writes": _cell(
        Accumulate, [(f32([1.0, 2.0]),), (f32([-1.0, 0.5]),), (f32([0.5, 0.5]),)]
    ),
    "newton_sqrt": _function(newton_sqrt, [(f32([2.0, 10.0]),), (f32([0.25, 3.0]),)]),
    "train_until": _train_until,
    "graph_mode_cell": _cell(
        Gate, [(f32([[1.0, 1.0]]),), (f32([[-1.0, -2.0]]),), (f32([[0.1, -0.2]]),)], graph_mode=True
    ),
}


def as_inputs(call):
    """The Tensors (and Python values) of one call."""
    return tuple(
        Tensor(a)
        if isinstance(a, np.ndarray)
        else (Tensor(np.asarray(a)) if isinstance(a, np.generic) else a)
        for a in call
    )
