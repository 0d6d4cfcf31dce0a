"""Golden values from real MindSpore 2.10 for transform edge cases.

Writes tests/golden/transform_edges.json.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py transform_edges

Same protocol as ``gen_core_golden.py`` (whose codec and recorder it reuses): each scenario
is an ordinary MindSpore program ``scenario(ms, nn, ops, rec)``;
``tests/transforms/test_transform_edges.py``
runs the very same functions with ``ms = msfunc`` and compares structure and values.
This module must not import MindSpore (or msfunc) at top level.
"""

import os

# (tests/oracle is on sys.path: the scripts run from it; tests/_scenario_golden adds it)
import gen_core_golden as core
import numpy as np
from core_codec import f32

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_PATH = os.path.join(HERE, "..", "golden", "transform_edges.json")


def python_numbers_at_grad_position(ms, nn, ops, rec):
    """Python numbers at grad_position are constants: their entries leave the result."""
    t1, t3 = ms.Tensor(f32([1.0, 2.0])), ms.Tensor(f32([3.0, 4.0]))

    def prod3(x, y, z):
        return x * y * z

    rec("int_among_tensors", lambda: ms.grad(prod3, (0, 1, 2))(t1, 2, t3))
    rec("float_among_tensors", lambda: ms.grad(prod3, (0, 1, 2))(t1, 2.5, t3))
    rec("bool_among_tensors", lambda: ms.grad(prod3, (0, 1, 2))(t1, True, t3))
    rec("one_tensor_left_is_bare", lambda: ms.grad(prod3, (1, 2))(t1, 2, t3))
    rec("no_tensor_left", lambda: ms.grad(prod3, 1)(t1, 2, t3))
    rec("int_alone", lambda: ms.grad(prod3, (0, 1, 2))(1, 2, 3))
    rec("value_and_grad_int", lambda: ms.value_and_grad(prod3, (0, 1, 2))(t1, 2, t3))

    @ms.jit
    def grad_in_jit(a, b, c):
        return ms.grad(prod3, (0, 1, 2))(a, b, c)

    rec("int_among_tensors_in_jit", lambda: grad_in_jit(t1, 2, t3))

    def scale(x, k):
        return x * k

    rec("grad_operation_get_all_int", lambda: ops.GradOperation(get_all=True)(scale)(t1, 2))
    rec(
        "grad_operation_get_all_one_input",
        lambda: ops.GradOperation(get_all=True)(lambda x: x * 3)(t1),
    )

    class Scaled(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(f32([0.5, -1.5])), name="w")

        def construct(self, x, k):
            return (x * k * self.w).sum()

    net = Scaled()
    rec("with_weights", lambda: ms.grad(net, (0, 1), net.trainable_params())(t1, 2))
    rec("with_weights_no_tensor_left", lambda: ms.grad(net, 1, net.trainable_params())(t1, 2))


def bprop_parameter_dict(ms, nn, ops, rec):
    """A bprop returning ((dx,), {param: dparam}): accepted, Parameter gradients stay zero."""
    x = ms.Tensor(f32([3.0, 4.0]))

    class ByParameter(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(f32([1.0, 2.0])), name="w")
            self.b = ms.Parameter(ms.Tensor(f32([0.5, 0.5])), name="b")

        def construct(self, x):
            return x * self.w + self.b

        def bprop(self, x, out, dout):
            return (dout * 10,), {self.w: dout * 100}

    class ByName(ByParameter):
        def bprop(self, x, out, dout):
            return (dout * 10,), {"w": dout * 100}

    class Outer(nn.Cell):
        def __init__(self):
            super().__init__()
            self.inner = ByParameter()
            self.v = ms.Parameter(ms.Tensor(f32([2.0, -1.0])), name="v")

        def construct(self, x):
            return (self.inner(x) * self.v).sum()

    by_param, by_name, outer = ByParameter(), ByName(), Outer()
    rec("input", lambda: ms.grad(by_param, 0)(x))
    rec("weights", lambda: ms.grad(by_param, None, by_param.trainable_params())(x))
    rec("both", lambda: ms.grad(by_param, 0, by_param.trainable_params())(x))
    rec("value_and_grad", lambda: ms.value_and_grad(by_param, 0, by_param.trainable_params())(x))
    rec("by_name", lambda: ms.grad(by_name, 0, by_name.trainable_params())(x))
    rec("inside_outer", lambda: ms.grad(outer, 0, outer.trainable_params())(x))


def bprop_with_random_op(ms, nn, ops, rec):
    """A bprop Cell whose construct draws random numbers (dropout)."""
    x = ms.Tensor(np.arange(16, dtype=np.float32).reshape(1, 4, 2, 2) / 8)

    class Dropout2dCell(nn.Cell):
        def __init__(self):
            super().__init__()
            self.drop = ops.Dropout2D(keep_prob=0.5)

        def construct(self, x):
            y, _ = self.drop(x)
            return y * 2

        def bprop(self, x, out, dout):
            return (dout * 7 + x,)

    class DropoutCell(nn.Cell):
        def construct(self, x):
            return ops.dropout(x, p=0.5) * 2

        def bprop(self, x, out, dout):
            return (dout * 7 + x,)

    rec("dropout2d_grad", lambda: ms.grad(Dropout2dCell())(x))
    rec("dropout_grad", lambda: ms.grad(DropoutCell())(x))
    rec("dropout_forward_shape", lambda: DropoutCell()(x).shape)


SCENARIOS = [python_numbers_at_grad_position, bprop_parameter_dict, bprop_with_random_op]


run_scenario = core.run_nn_scenario


def main():
    core.write_scenario_golden(SCENARIOS, GOLDEN_PATH, "tests/oracle/gen_transform_edges_golden.py")


if __name__ == "__main__":
    main()
