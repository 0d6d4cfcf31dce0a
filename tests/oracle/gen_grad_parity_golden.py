"""Golden values from real MindSpore 2.10 for GradOperation, ForwardValueAndGrad, _no_grad,
custom bprop shapes and CellList vmap.

Writes tests/golden/grad_parity.json.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py grad_parity

Same protocol as ``gen_transform_edges_golden.py``: each scenario is an ordinary MindSpore
program ``scenario(ms, nn, ops, rec)``; ``tests/transforms/test_grad_parity.py`` runs the very same
functions with ``ms = msfunc`` and compares structure and values. This module must not
import MindSpore (or msfunc) at top level.
"""

import os

# (tests/oracle is on sys.path: the scripts run from it; tests/_scenario_golden adds it)
import gen_core_golden as core
import numpy as np
from core_codec import f32

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_PATH = os.path.join(HERE, "..", "golden", "grad_parity.json")


def _three_weight_cell(ms, nn):
    class ThreeWeights(nn.Cell):
        def __init__(self):
            super().__init__()
            self.a = ms.Parameter(ms.Tensor(f32([2.0])), name="a")
            self.b = ms.Parameter(ms.Tensor(f32([3.0])), name="b")
            self.c = ms.Parameter(ms.Tensor(f32([0.5])), name="c", requires_grad=False)

        def construct(self, x):
            return self.a * x * self.b + self.c * x

    return ThreeWeights()


def grad_operation_weights(ms, nn, ops, rec):
    """get_by_list without weights, requires_grad=False weights, functions without weights."""
    x = ms.Tensor(f32([1.5]))
    net = _three_weight_cell(ms, nn)
    by_list = ops.GradOperation(get_by_list=True)
    both = ops.GradOperation(get_all=True, get_by_list=True)
    rec("by_list_no_weights_cell", lambda: by_list(net)(x))
    rec("all_and_list_no_weights_cell", lambda: both(net)(x))
    rec("by_list_explicit_frozen_weight", lambda: by_list(net, [net.a, net.c])(x))
    rec("all_and_list_explicit_frozen", lambda: both(net, [net.c, net.b])(x))
    rec("by_list_no_weights_function", lambda: by_list(lambda t: t * t)(x))
    rec("all_and_list_no_weights_function", lambda: both(lambda t: t * t)(x))
    rec("grad_frozen_weight", lambda: ms.grad(net, 0, [net.a, net.c])(x))

    class FreezesInForward(nn.Cell):
        def __init__(self):
            super().__init__()
            self.p = ms.Parameter(ms.Tensor(f32([4.0])), name="p")

        def construct(self, t):
            out = t * self.p
            self.p.requires_grad = False
            return out

    frozen_late = FreezesInForward()
    rec("requires_grad_cleared_in_forward", lambda: ms.grad(frozen_late, 0, [frozen_late.p])(x))

    class NoInputs(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(f32([1.0, 2.0])), name="w")

        def construct(self):
            return self.w * self.w

    no_inputs = NoInputs()
    rec("all_and_list_no_inputs", lambda: both(no_inputs)())
    rec("all_no_inputs", lambda: ops.GradOperation(get_all=True)(no_inputs)())


def grad_operation_keywords(ms, nn, ops, rec):
    """Keyword arguments reach the function; with sens_param, sens= is the sensitivity."""
    x = ms.Tensor(f32([1.0, -2.0, 0.5]))
    sens = ms.Tensor(f32([1.0, 2.0, 3.0]))

    def scaled(t, scale=1.0):
        return t * t * scale

    rec("keyword_passed", lambda: ops.GradOperation(get_all=True)(scaled)(x, scale=3.0))
    with_sens = ops.GradOperation(get_all=True, sens_param=True)(scaled)
    rec("sens_positional_with_keyword", lambda: with_sens(x, sens, scale=2.0))
    rec("sens_as_keyword", lambda: with_sens(x, sens=sens, scale=2.0))


def forward_value_and_grad(ms, nn, ops, rec):
    """nn.ForwardValueAndGrad: (output, gradients) chosen as GradOperation's."""
    x = ms.Tensor(f32([1.5]))
    net = _three_weight_cell(ms, nn)
    rec("default", lambda: nn.ForwardValueAndGrad(net)(x))
    rec(
        "all_and_list",
        lambda: nn.ForwardValueAndGrad(
            net, weights=ms.ParameterTuple(net.trainable_params()), get_all=True, get_by_list=True
        )(x),
    )
    rec(
        "list_with_sens",
        lambda: nn.ForwardValueAndGrad(
            net,
            weights=ms.ParameterTuple(net.trainable_params()),
            get_by_list=True,
            sens_param=True,
        )(x, ms.Tensor(f32([2.0]))),
    )

    class OnlyWeights(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(f32([2.0, 3.0])), name="w")

        def construct(self):
            return self.w * self.w

    only = OnlyWeights()
    rec(
        "no_inputs_all_and_list",
        lambda: nn.ForwardValueAndGrad(
            only, weights=ms.ParameterTuple(only.trainable_params()), get_all=True, get_by_list=True
        )(),
    )


def no_grad_blocks(ms, nn, ops, rec):
    """Values computed inside _no_grad carry no derivative (context manager, decorator)."""
    x = ms.Tensor(f32([2.0, -1.0]))

    class Blocked(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(f32([3.0, 0.5])), name="w")

        def construct(self, t):
            y = self.w * t + 1.0
            with ms._no_grad():
                m = ops.exp(y) * self.w
            return m * y

    class Decorated(nn.Cell):
        @ms._no_grad()
        def construct(self, t):
            return ops.sin(t) * t

    class Outer(nn.Cell):
        def __init__(self):
            super().__init__()
            self.inner = Decorated()

        def construct(self, t):
            return t * t + self.inner(t)

    blocked = Blocked()
    rec("context_manager_input", lambda: ms.grad(blocked)(x))
    rec("context_manager_weights", lambda: ms.grad(blocked, None, blocked.w)(x))
    rec("decorator_in_nested_cell", lambda: ms.grad(Outer())(x))
    rec("forward_value_unchanged", lambda: blocked(x))


def bprop_gradient_shapes(ms, nn, ops, rec):
    """A Cell bprop's gradient broadcast against its input is summed back to its shape."""
    x = ms.Tensor(f32([3.0, 3.0, 3.0]))
    y = ms.Tensor(f32([[1.0, 2.0, 3.0], [1.0, 2.0, 3.0]]))
    wide = ms.Tensor(f32([[1.0, 1.0, 1.0], [2.0, 2.0, 2.0]]))

    class WideBprop(nn.Cell):
        def construct(self, a, b):
            return a + b

        def bprop(self, a, b, out, dout):
            return wide, wide

    class IntegerBprop(nn.Cell):
        def construct(self, a, b):
            return a + b

        def bprop(self, a, b, out, dout):
            return wide.astype(ms.int32), wide.astype(ms.int32)

    class NoneForSecond(nn.Cell):
        def construct(self, a, b):
            return a * b

        def bprop(self, a, b, out, dout):
            return dout * b * 3.0, None

    all_grads = ops.GradOperation(get_all=True)
    rec(
        "none_is_a_zero_gradient",
        lambda: all_grads(NoneForSecond())(x, ms.Tensor(f32([2.0, 1.0, 0.5]))),
    )
    rec("summed_to_input", lambda: all_grads(WideBprop())(x, y))
    rec("cast_to_input_dtype", lambda: all_grads(IntegerBprop())(x, y))


def vmap_cell_list_graph_mode(ms, nn, ops, rec):
    """vmap over a CellList ensemble of Cells that write a Parameter, in GRAPH_MODE."""

    class Writer(nn.Cell):
        def __init__(self):
            super().__init__()
            self.ref = ms.Parameter(ms.Tensor(f32([0.0, 1.0])), name="ref")
            self.bias = ms.Parameter(ms.Tensor(f32([1.0, 1.0])), name="bias")

        def construct(self, t):
            ops.assign(self.ref, t * 2.0)
            return self.ref + self.bias

    members = [Writer(), Writer(), Writer()]
    batch = ms.Tensor(f32([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]))
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        rec("output", lambda: ops.vmap(nn.CellList(members), 0)(batch))
        rec("member_writes", lambda: tuple(m.ref.value() for m in members))
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def grad_position_edges(ms, nn, ops, rec):
    """Calls without inputs, positions past the inputs and an empty `grad_position`, in both
    modes (graph mode raises IndexError where PyNative raises RuntimeError), and a
    sensitivity given for an output of Python ints (a shape)."""

    class Weighted(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(f32([6.0])), name="w")
            self.b = ms.Parameter(ms.Tensor(f32([2.0])), name="b")

        def construct(self, *xs):
            out = self.w * self.b
            for x in xs:
                out = out * x
            return out

    class ShapeOf(nn.Cell):
        def construct(self, t):
            return ops.Shape()(t)

    x, y = ms.Tensor(f32([10.0])), ms.Tensor(f32([3.0]))
    ints = ms.Tensor(np.arange(4, dtype=np.int32))

    def cases(name, net, shape_net):
        rec(f"{name}_default_no_inputs", lambda: ops.GradOperation()(net)())
        rec(f"{name}_position_no_inputs", lambda: ms.grad(net, grad_position=0)())
        rec(f"{name}_position_past_inputs", lambda: ms.grad(net, grad_position=(0, 1))(x))
        rec(
            f"{name}_empty_positions_with_weights",
            lambda: ms.grad(net, grad_position=(), weights=net.trainable_params())(x, y),
        )
        rec(f"{name}_empty_positions_alone", lambda: ms.grad(net, grad_position=())(x, y))
        sens = shape_net(ints)
        rec(
            f"{name}_sens_for_a_shape",
            lambda: ops.GradOperation(get_all=True, sens_param=True)(shape_net)(ints, sens),
        )

    for mode, name in ((ms.PYNATIVE_MODE, "pynative"), (ms.GRAPH_MODE, "graph")):
        ms.set_context(mode=mode)
        try:
            cases(name, Weighted(), ShapeOf())
        finally:
            ms.set_context(mode=ms.PYNATIVE_MODE)


def get_grad_identifiers(ms, nn, ops, rec):
    """`get_grad` by input position and by Parameter, and an identifier that is not among
    the gradients (RuntimeError), eagerly and inside a graph-mode construct."""

    class Scaled(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(f32([2.0, 2.0])), name="w")

        def construct(self, x, y):
            return x * y * self.w, x, self.w

    class Pick(nn.Cell):
        def __init__(self, net, ident, with_ids):
            super().__init__()
            self.net, self.ident, self.with_ids = net, ident, with_ids
            self.weights = net.trainable_params()

        def construct(self, x, y):
            if self.with_ids:
                res = ms.grad(self.net, 0, self.weights, return_ids=True)(x, y)
            else:
                res = ms.grad(self.net, return_ids=True)(x, y)
            return ms.get_grad(res, self.ident)

    x, y = ms.Tensor(f32([1.0, 2.0])), ms.Tensor(f32([3.0, 3.0]))
    net = Scaled()
    res = ms.grad(net, 0, net.trainable_params(), return_ids=True)(x, y)
    rec("eager_position", lambda: ms.get_grad(res, 0))
    rec("eager_parameter", lambda: ms.get_grad(res, net.w))
    rec("eager_missing", lambda: ms.get_grad(res, 1))
    for mode, name in ((ms.PYNATIVE_MODE, "pynative"), (ms.GRAPH_MODE, "graph")):
        ms.set_context(mode=mode)
        try:
            rec(f"{name}_cell_position", lambda: Pick(net, 0, True)(x, y))
            rec(f"{name}_cell_missing", lambda: Pick(net, 1, True)(x, y))
            rec(f"{name}_cell_missing_no_ids", lambda: Pick(net, 1, False)(x, y))
        finally:
            ms.set_context(mode=ms.PYNATIVE_MODE)


def abs_slope_at_zero(ms, nn, ops, rec):
    """static_graph tutorial: |x| has slope 0 at x == 0 in MindSpore's gradient (AbsGrad is
    dy * sign(x)), through ops.abs, Tensor.abs, mint.abs, jit and the L1 losses."""
    x = ms.Tensor(f32([[0.0, 1.0], [-2.0, 3.0]]))
    zeros = ms.Tensor(f32(np.zeros((2, 2))))

    def through_jit(t):
        return ops.abs(t)

    rec("ops_abs", lambda: ms.grad(ops.abs)(x))
    rec("tensor_abs", lambda: ms.grad(lambda t: t.abs().sum())(x))
    rec("mint_abs", lambda: ms.grad(ms.mint.abs)(x))
    rec("jit_abs", lambda: ms.grad(ms.jit(through_jit))(x))
    rec("l1_loss_cell", lambda: ms.grad(lambda t: nn.L1Loss()(t, zeros))(x))
    rec("mae_loss_cell", lambda: ms.grad(lambda t: nn.MAELoss()(t, zeros))(x))
    rec("l1_loss_function", lambda: ms.grad(lambda t: ops.l1_loss(t, zeros))(x))


SCENARIOS = [
    abs_slope_at_zero,
    grad_operation_weights,
    grad_operation_keywords,
    forward_value_and_grad,
    no_grad_blocks,
    bprop_gradient_shapes,
    vmap_cell_list_graph_mode,
    grad_position_edges,
    get_grad_identifiers,
]


run_scenario = core.run_nn_scenario


def main():
    core.write_scenario_golden(SCENARIOS, GOLDEN_PATH, "tests/oracle/gen_grad_parity_golden.py")


if __name__ == "__main__":
    main()
