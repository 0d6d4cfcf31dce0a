"""Golden values from real MindSpore 2.10 for grad over non-Tensor inputs and outputs, a custom
Function that sets an attribute on a saved Tensor, the gradient through Assign, and integer
tangents and gradients of jvp and vjp.

Writes tests/golden/grad_input_kinds.json.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py grad_input_kinds

Same protocol as ``gen_grad_parity_golden.py``: each scenario is an ordinary MindSpore
program ``scenario(ms, nn, ops, rec)``;
``tests/transforms/test_grad_input_kinds.py`` runs the very same
functions with ``ms = msfunc`` and compares structure and values. This module must not
import MindSpore (or msfunc) at top level.
"""

import os

# (tests/oracle is on sys.path: the scripts run from it; tests/_scenario_golden adds it)
import gen_core_golden as core
import numpy as np
from core_codec import f32

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_PATH = os.path.join(HERE, "..", "golden", "grad_input_kinds.json")


def non_tensor_inputs(ms, nn, ops, rec):
    """None, strings, numbers, tuples and dicts beside Tensors at the grad positions."""
    pred, target = ms.Tensor(f32([0.2, 0.7])), ms.Tensor(f32([0.3, 0.1]))

    class Bce(nn.Cell):
        def __init__(self):
            super().__init__()
            self.bce = ops.BinaryCrossEntropy("none")

        def construct(self, a, b, weight=None):
            return self.bce(a, b, weight)

    get_all = ops.GradOperation(get_all=True)
    rec("none_weight_get_all", lambda: get_all(Bce())(pred, target, None))
    rec("none_weight_positions", lambda: ms.grad(Bce(), (0, 1, 2))(pred, target, None))
    rec("none_only_position_left", lambda: ms.grad(Bce(), (0, 2))(pred, target, None))

    def middle(a, w, b):
        return a * b

    rec("string_in_middle", lambda: get_all(middle)(pred, "s", target))
    rec("int_in_middle", lambda: get_all(middle)(pred, 3, target))
    rec("tuple_beside_tensor", lambda: get_all(lambda t, z: t[0] * z)((pred, target), target))
    rec(
        "tuple_beside_tensor_grad",
        lambda: ms.grad(lambda t, z: t[0] * z, (0, 1))((pred, target), target),
    )
    rec("dict_beside_tensor", lambda: get_all(lambda d, z: d["a"] * z * 2)({"a": pred}, target))

    class FirstCubed(nn.Cell):
        def construct(self, t):
            return t[0] * t[0] * t[0]

    # GradOperation differentiates Tensors only, also when nothing else is at the positions.
    both = ops.GradOperation(get_all=True, get_by_list=True)
    rec("lone_tuple_get_all_by_list", lambda: both(FirstCubed())((pred, target)))
    rec("lone_list_get_all", lambda: get_all(FirstCubed())([pred, target]))
    rec("lone_tuple_first", lambda: ops.GradOperation()(FirstCubed())((pred, target)))

    def from_dict(d):
        return 2 * d["a"] + 1

    rec("lone_dict_first_jit", lambda: ops.GradOperation()(ms.jit(from_dict))({"a": pred}))


def non_tensor_outputs(ms, nn, ops, rec):
    """Strings, None and numbers among the outputs: only the Tensors are differentiated."""
    x = ms.Tensor(f32([1.0, 2.0]))
    grad_first = ops.GradOperation()

    def with_string(t):
        return "aaa", t * 3

    def mixed(t):
        return t * 3, None, 5, (t * 2, "b")

    def with_list(t):
        return [t * 2, t * 3], t + 1

    rec("string_output", lambda: grad_first(with_string)(x))
    rec("string_output_jit", lambda: grad_first(ms.jit(with_string))(x))
    rec("mixed_outputs", lambda: grad_first(mixed)(x))
    rec("list_output_jit", lambda: grad_first(ms.jit(with_list))(x))
    rec("value_and_grad_string", lambda: ms.value_and_grad(with_string)(x))


def _function_base(ms):
    if ms.__name__ == "mindspore":
        return ms._Function
    from msfunc.compat.mindspore_private import _Function

    return _Function


def custom_function_attribute(ms, nn, ops, rec):
    """A custom Function's forward sets an attribute on a saved Tensor; backward reads it."""

    class CubeWithCache(_function_base(ms)):
        @staticmethod
        def forward(ctx, x, y):
            x2 = x * x
            x.cache = x2
            ctx.set_materialize_grads(False)
            ctx.save_for_backward(x)
            return x2 * y + 1, x2

        @staticmethod
        def backward(ctx, dout, dout1):
            (x,) = ctx.saved_tensors
            return dout * 5, x.cache * 2

    x, y = ms.Tensor(f32([2.0, 3.0])), ms.Tensor(f32([3.0, 1.0]))
    rec("get_all", lambda: ops.GradOperation(get_all=True)(CubeWithCache.apply)(x, y))


def assign_gradients(ms, nn, ops, rec):
    """No gradient reaches the value Assign/AssignAdd write, through the output or the Parameter."""

    class Writer(nn.Cell):
        def __init__(self, mode):
            super().__init__()
            self.p = ms.Parameter(ms.Tensor(f32([0.0, 1.0, 2.0])), name="p")
            self.mode = mode

        def construct(self, r):
            r = r * 2
            if self.mode == "assign_read":
                ops.assign(self.p, r)
                return self.p + r
            if self.mode == "assign_output":
                return ops.assign(self.p, r) * 1.5
            if self.mode == "assign_add_read":
                ops.assign_add(self.p, r)
                return self.p * r
            ops.Assign()(self.p, r)
            return self.p * 3 + r

    r = ms.Tensor(f32([1.0, 2.0, 3.0]))
    for mode in ("assign_read", "assign_output", "assign_add_read", "primitive_read"):
        rec(mode, lambda mode=mode: ms.grad(Writer(mode))(r))
    ensemble = nn.CellList([Writer("assign_read"), Writer("assign_read"), Writer("assign_read")])
    batch = ms.Tensor(f32([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]))
    rec("vmap_ensemble", lambda: ms.grad(ops.vmap(ensemble))(batch))


def integer_tangents(ms, nn, ops, rec):
    """jvp and vjp carry integer tangents and gradients (also under vmap); an integer input
    used as an index gets a zero gradient."""
    n = ms.Tensor(np.array([1, 2, 3], np.int32))
    x = ms.Tensor(f32([1.5, 2.5, -3.5]))

    def mul(a, b):
        return a * b

    def scaled(a, b):
        return a * 3.0, b * 2

    def jvp_of_mul(a, v):
        return ops.jvp(mul, a, v)

    rec("jvp_int_int", lambda: ops.jvp(mul, (n, n * 2), (n, n)))
    rec("jvp_int_float", lambda: ops.jvp(mul, (n, x), (n, x)))
    rec("jvp_float_and_int_outputs", lambda: ops.jvp(scaled, (x, n), (x, n)))
    rec("vmap_of_jvp_over_tuples", lambda: ops.vmap(jvp_of_mul)((n, n * 2), (n, n)))
    rec("vjp_int_float", lambda: ops.vjp(mul, n, x)[1](x))
    rec("vjp_int_int", lambda: ops.vjp(mul, n, n * 2)[1](n))

    def gather_twice(t, index):
        return ops.gather_elements(t, 0, index) * 2

    index = ms.Tensor(np.array([2, 0, 1], np.int32))
    rec("index_get_all", lambda: ops.GradOperation(get_all=True)(gather_twice)(x, index))
    rec("index_vjp", lambda: ops.vjp(gather_twice, x, index)[1](x))

    class IntegerWeight(nn.Cell):
        # an integer Parameter is differentiated like an integer input; IndexAdd wants its
        # operands in one dtype, an index beside them
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.arange(6).reshape(2, 3).astype(np.int32)), "w")

        def construct(self, idx, y):
            return ops.IndexAdd(1)(self.w, idx, y) * 2

    net = IntegerWeight()
    weights = ms.ParameterTuple(net.trainable_params())
    idx = ms.Tensor(np.array([2], np.int32))
    y = ms.Tensor(np.array([[5], [7]], np.int32))
    sens = ms.Tensor(np.array([[1, 2, 3], [4, 5, 6]], np.int32))
    grad_all = ops.GradOperation(get_all=True, get_by_list=True, sens_param=True)
    rec("integer_parameter_index_add", lambda: grad_all(net, weights)(idx, y, sens))
    by_list = ops.GradOperation(get_by_list=True)
    rec("integer_parameter_by_list", lambda: by_list(net, weights)(idx, y))


def same_tensor_twice(ms, nn, ops, rec):
    """One Tensor object passed in two argument slots: PyNative gives each slot the gradient
    of all its uses (on every call), graph mode each slot its own."""

    class Net(nn.Cell):
        def construct(self, x, y):
            return (x * y * y).sum()

    a = ms.Tensor(f32([2.0, 1.0]))
    b = ms.Tensor(f32([2.0, 1.0]))
    for mode, name in ((ms.PYNATIVE_MODE, "pynative"), (ms.GRAPH_MODE, "graph")):
        ms.set_context(mode=mode)
        get_all = ops.GradOperation(get_all=True)(Net())
        first = ms.grad(Net(), grad_position=0)
        rec(f"{name}_get_all", lambda g=get_all: [g(a, a) for _ in range(3)])
        rec(f"{name}_get_all_distinct", lambda g=get_all: g(a, b))
        rec(f"{name}_first_position", lambda g=first: [g(a, a) for _ in range(3)])
    ms.set_context(mode=ms.PYNATIVE_MODE)


SCENARIOS = [
    same_tensor_twice,
    non_tensor_inputs,
    non_tensor_outputs,
    custom_function_attribute,
    assign_gradients,
    integer_tangents,
]


run_scenario = core.run_nn_scenario


def main():
    core.write_scenario_golden(
        SCENARIOS, GOLDEN_PATH, "tests/oracle/gen_grad_input_kinds_golden.py"
    )


if __name__ == "__main__":
    main()
