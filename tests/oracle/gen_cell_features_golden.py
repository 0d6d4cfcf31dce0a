"""Golden values from real MindSpore 2.10 for Cell features: repr, hooks, flags, apply.

Writes tests/golden/cell_features.json.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py cell_features

Same protocol as ``gen_core_golden.py`` (whose codec and recorder it reuses): each scenario
is an ordinary MindSpore program ``scenario(ms, nn, ops, rec)``; ``tests/nn/test_cell_features.py``
runs the very same functions with ``ms = msfunc`` and compares structure and values.
This module must not import MindSpore (or msfunc) at top level.
"""

import os

# (tests/oracle is on sys.path: the scripts run from it; tests/_scenario_golden adds it)
import gen_core_golden as core
from core_codec import f32

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_PATH = os.path.join(HERE, "..", "golden", "cell_features.json")


def network_repr(ms, nn, ops, rec):
    """How a network prints: nested Cells, Dense with and without bias and activation."""

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.features = nn.SequentialCell(
                [nn.Dense(4, 8), nn.ReLU(), nn.Dense(8, 3, has_bias=False, activation="relu")]
            )
            self.act = nn.Tanh()
            self.head = nn.Dense(3, 2, activation=nn.Sigmoid())

        def construct(self, x):
            return self.head(self.act(self.features(x)))

    class TwoLines(nn.Cell):
        def __init__(self):
            super().__init__()
            self.inner = nn.Flatten()

        def extend_repr(self):
            return "first=1\nsecond=2"

    class OneLine(nn.Cell):
        def extend_repr(self):
            return "k=3"

    rec("nested_net", lambda: repr(Net()))
    rec("str_is_repr", lambda: str(nn.SequentialCell([nn.Dense(2, 2), nn.ReLU()])))
    rec("dense_without_bias", lambda: repr(nn.Dense(3, 4, has_bias=False)))
    rec("cell_list", lambda: repr(nn.CellList([nn.Dense(2, 2), nn.ReLU()])))
    rec("cell_dict", lambda: repr(nn.CellDict({"a": nn.Dense(2, 2), "b": nn.ReLU()})))
    rec("empty_sequential", lambda: repr(nn.SequentialCell()))
    rec(
        "activations",
        lambda: [
            repr(c)
            for c in (
                nn.ReLU(),
                nn.ReLU6(),
                nn.Sigmoid(),
                nn.Tanh(),
                nn.SiLU(),
                nn.GELU(),
                nn.Softmax(),
                nn.LogSoftmax(),
                nn.LeakyReLU(0.1),
                nn.ELU(),
                nn.Identity(),
                nn.Flatten(),
            )
        ],
    )
    rec(
        "losses",
        lambda: [
            repr(c)
            for c in (nn.MSELoss(), nn.L1Loss(), nn.BCEWithLogitsLoss(), nn.CrossEntropyLoss())
        ],
    )
    dense = nn.Dense(2, 2)
    rec(
        "train_one_step",
        lambda: repr(
            nn.TrainOneStepCell(
                nn.WithLossCell(dense, nn.MSELoss()),
                nn.Momentum(dense.trainable_params(), 0.1, 0.9),
            )
        ),
    )
    rec("multiline_extend_repr", lambda: repr(TwoLines()))
    rec("one_line_extend_repr", lambda: repr(OneLine()))


# Layers whose text does not depend on object addresses or on Parameter's repr (which
# prints dtypes as ``Float32`` in MindSpore and ``float32`` in msfunc).
LAYER_SPECS = [
    ("Dense", (3, 4), {}),
    ("Dense", (3, 4), {"has_bias": False, "activation": "relu"}),
    ("Dropout", (), {"p": 0.3}),
    ("Dropout", (), {"keep_prob": 0.7}),
    ("Dropout1d", (), {"p": 0.2}),
    ("Dropout2d", (), {"p": 0.2}),
    ("Dropout3d", (), {}),
    (
        "Conv1d",
        (2, 4, 3),
        {"stride": 2, "pad_mode": "pad", "padding": 1, "dilation": 2, "weight_init": "ones"},
    ),
    ("Conv2d", (2, 4, 3), {"weight_init": "ones", "bias_init": "zeros", "has_bias": True}),
    ("Conv2d", (2, 4, 3), {"pad_mode": "pad", "padding": (1, 1, 2, 2), "weight_init": "ones"}),
    ("Conv3d", (2, 4, 3), {"weight_init": "ones"}),
    ("Conv1dTranspose", (2, 4, 3), {"stride": 2, "weight_init": "ones"}),
    ("Conv2dTranspose", (2, 4, 3), {"weight_init": "ones"}),
    ("MaxPool1d", (3, 2), {}),
    ("MaxPool2d", ((2, 3),), {"stride": (1, 2)}),
    ("MaxPool2d", (2,), {"pad_mode": "same"}),
    ("MaxPool3d", (2,), {}),
    ("AvgPool1d", (2,), {}),
    ("AvgPool2d", (), {"kernel_size": 2, "stride": 2, "pad_mode": "pad", "padding": 1}),
    ("AvgPool3d", (2, 2), {}),
    ("AdaptiveAvgPool2d", (2,), {}),
    ("AdaptiveMaxPool2d", (2,), {}),
    ("LPPool2d", (2, 2), {}),
    ("GroupNorm", (2, 4), {}),
    ("Unflatten", (1, (2, 2)), {}),
    ("Unfold", ([1, 2, 2, 1], [1, 1, 1, 1], [1, 1, 1, 1]), {}),
    ("Upsample", (), {"scale_factor": 2.0}),
    ("PixelShuffle", (2,), {}),
    ("Pad", (((1, 1), (2, 2)),), {}),
    ("ZeroPad2d", (1,), {}),
    ("ConstantPad2d", (1, 0.5), {}),
    ("ReflectionPad1d", (1,), {}),
    ("ReplicationPad3d", (1,), {}),
    ("Threshold", (0.1, 20.0), {}),
    ("LeakyReLU", (0.1,), {}),
    ("PReLU", (), {}),
    ("Hardtanh", (), {}),
    ("CELU", (), {}),
    ("LRN", (), {}),
    ("GLU", (), {}),
    ("LSTMCell", (3, 4), {}),
    ("MultiheadAttention", (4, 2), {}),
    ("SmoothL1Loss", (), {}),
    ("CTCLoss", (), {}),
    ("TripletMarginLoss", (), {}),
    ("DiceLoss", (), {}),
]


def layer_reprs(ms, nn, ops, rec):
    """How each layer prints (its extend_repr)."""
    for i, (name, args, kwargs) in enumerate(LAYER_SPECS):
        rec(f"{i:02d}_{name}", lambda c=getattr(nn, name), a=args, k=kwargs: repr(c(*a, **k)))


def cell_hooks(ms, nn, ops, rec):
    """All four hooks on one Cell: values forward and backward, then removed."""
    x, y = ms.Tensor(f32([1.0, 2.0])), ms.Tensor(f32([3.0, 0.5]))

    class Mul(nn.Cell):
        def construct(self, a, b):
            return a * b * 3

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.mul = Mul()

        def construct(self, a, b):
            z = self.mul(a + a, b)
            return z * z

    seen = {}

    def pre(cell, inputs):
        seen["pre_count"] = len(inputs)
        return inputs[0] * 2, inputs[1]

    def fwd(cell, inputs, out):
        return out + 1

    def bpre(cell, grad_output):
        seen["bpre"] = grad_output
        return (grad_output[0] * 10,)

    def bhook(cell, grad_input, grad_output):
        seen["bhook"] = (grad_input, grad_output)
        return (grad_input[0] * 100, grad_input[1])

    net = Net()
    handles = [
        net.mul.register_forward_pre_hook(pre),
        net.mul.register_forward_hook(fwd),
        net.mul.register_backward_pre_hook(bpre),
        net.mul.register_backward_hook(bhook),
    ]
    rec("forward", lambda: net(x, y))
    rec("inputs_seen_by_pre_hook", lambda: seen["pre_count"])
    rec("grad", lambda: ms.grad(net, grad_position=(0, 1))(x, y))
    rec("seen_by_backward_pre_hook", lambda: seen["bpre"])
    rec("seen_by_backward_hook", lambda: seen["bhook"])
    rec("value_and_grad", lambda: ms.value_and_grad(net, grad_position=0)(x, y))
    for handle in handles:
        handle.remove()
    handles[0].remove()  # a second remove does nothing
    rec("forward_after_remove", lambda: net(x, y))
    rec("grad_after_remove", lambda: ms.grad(net, grad_position=(0, 1))(x, y))


def hook_signatures(ms, nn, ops, rec):
    """Tuple outputs, non-Tensor inputs, with_kwargs, prepend, single-value returns."""
    x, y = ms.Tensor(f32([1.0, 2.0])), ms.Tensor(f32([3.0, 0.5]))
    seen = {}

    class Two(nn.Cell):
        def construct(self, a, n, b):
            return a * n, a * b

    class Outer(nn.Cell):
        def __init__(self):
            super().__init__()
            self.two = Two()

        def construct(self, a, b):
            p, q = self.two(a, 3, b)
            return (p * q).sum()

    def bpre(cell, grad_output):
        seen["bpre"] = grad_output
        return (grad_output[0] * 2, grad_output[1])

    def bhook(cell, grad_input, grad_output):
        seen["bhook"] = (grad_input, grad_output)

    outer = Outer()
    outer.two.register_backward_pre_hook(bpre)
    outer.two.register_backward_hook(bhook)
    rec("tuple_output_grad", lambda: ms.grad(outer, grad_position=(0, 1))(x, y))
    rec("tuple_output_bpre_saw", lambda: seen["bpre"])
    rec("int_input_skipped_by_bhook", lambda: seen["bhook"])

    class Pair(nn.Cell):
        def construct(self, a):
            return a + 1, a * 2

    pair = Pair()
    pair.register_forward_pre_hook(lambda cell, args: args[0] * 10)
    pair.register_forward_hook(lambda cell, args, out: None)
    rec("single_value_from_pre_hook", lambda: pair(x))
    handle = pair.register_forward_hook(lambda cell, args, out: out[0])
    rec("forward_hook_replaces_output", lambda: pair(x))
    handle.remove()

    class Scale(nn.Cell):
        def construct(self, a, scale=1.0):
            return a * scale

    scale = Scale()
    scale.register_forward_pre_hook(
        lambda cell, args, kwargs: (args, {"scale": 5.0}), with_kwargs=True
    )
    scale.register_forward_hook(
        lambda cell, args, kwargs, out: out + kwargs["scale"], with_kwargs=True
    )
    rec("with_kwargs", lambda: scale(x, scale=2.0))

    order = []

    class Plain(nn.Cell):
        def construct(self, a):
            return a

    plain = Plain()
    plain.register_forward_hook(lambda cell, args, out: order.append("first"))
    plain.register_forward_hook(lambda cell, args, out: order.append("second"))
    plain.register_forward_hook(lambda cell, args, out: order.append("prepended"), prepend=True)

    def run_plain():
        plain(x)
        return list(order)

    rec("prepend_order", run_plain)


def weights_and_hooks(ms, nn, ops, rec):
    """Backward hooks replace input gradients only; backward pre-hooks reach the weights."""
    x = ms.Tensor(f32([[1.0, 2.0]]))
    weight, bias = ms.Tensor(f32([[0.5, -1.0]])), ms.Tensor(f32([0.25]))

    def build():
        return nn.Dense(2, 1, weight_init=weight, bias_init=bias)

    with_bhook = build()
    with_bhook.register_backward_hook(lambda cell, gin, gout: (gin[0] * 10,))
    rec(
        "backward_hook_input_and_weights",
        lambda: ms.grad(with_bhook, 0, with_bhook.trainable_params())(x),
    )
    with_bpre = build()
    with_bpre.register_backward_pre_hook(lambda cell, gout: (gout[0] * 3,))
    rec(
        "backward_pre_hook_input_and_weights",
        lambda: ms.grad(with_bpre, 0, with_bpre.trainable_params())(x),
    )


def gradient_hook_ops(ms, nn, ops, rec):
    """ops.HookBackward and ops.InsertGradientOf (PyNative)."""
    x, y = ms.Tensor(f32([1.0, 2.0])), ms.Tensor(f32([3.0, 0.5]))
    seen = {}

    def double_first(grads):
        seen["single"] = grads
        return grads[0] * 2

    hook = ops.HookBackward(double_first)

    def f(a, b):
        z = hook(a * b)
        return (z * z).sum()

    rec("hook_backward_single", lambda: ms.grad(f, grad_position=(0, 1))(x, y))
    rec("hook_backward_single_saw", lambda: seen["single"])

    two = ops.HookBackward(lambda grads: (grads[0] * 2, grads[1] * 3))

    def g(a, b):
        p, q = two(a, b)
        return (p * q).sum()

    rec("hook_backward_two", lambda: ms.grad(g, grad_position=(0, 1))(x, y))
    watch = ops.HookBackward(lambda grads: None)
    rec(
        "hook_backward_none",
        lambda: ms.grad(lambda a, b: (watch(a) * b).sum(), grad_position=(0, 1))(x, y),
    )
    rec("hook_backward_forward", lambda: watch(x))

    def clip(dx):
        return ops.clip_by_value(dx, -1.0, 1.0)

    clipper = ops.InsertGradientOf(clip)
    rec(
        "insert_gradient_of_clip",
        lambda: ms.grad(lambda a, b: (clipper(a) * b).sum(), grad_position=(0, 1))(x, y),
    )
    rec("insert_gradient_of_forward", lambda: clipper(x))


def flags_and_apply(ms, nn, ops, rec):
    """get_flags/add_flags, to_float's flags, recompute's flag, apply's order, set_grad."""
    rec("to_float16_flags", lambda: nn.Dense(2, 2).to_float(ms.float16).get_flags())

    def float16_then_32():
        dense = nn.Dense(2, 2)
        dense.to_float(ms.float16)
        dense.to_float(ms.float32)
        return dense.get_flags(), dense.fp16, dense.fp32

    rec("to_float_overwrites", float16_then_32)
    rec(
        "to_float_reaches_children",
        lambda: nn.SequentialCell([nn.Dense(2, 2)]).to_float(ms.float16)[0].get_flags(),
    )
    rec("to_float_float64", lambda: nn.Dense(2, 2).to_float(ms.float64))

    def added():
        cell = nn.ReLU()
        cell.add_flags(sink_mode=True)
        cell.add_flags(other=2)
        return cell.get_flags(), cell.sink_mode

    rec("add_flags", added)

    class Flagged(nn.Cell):
        def __init__(self):
            super().__init__(flags={"a": 1})

    rec("init_flags", lambda: (Flagged().get_flags(), Flagged().a))

    def recursive():
        net = nn.SequentialCell([nn.Dense(2, 2)])
        net.add_flags_recursive(x=True)
        return net.get_flags(), net[0].get_flags()

    rec("add_flags_recursive", recursive)

    def recomputed():
        net = nn.SequentialCell([nn.Dense(2, 2), nn.SequentialCell([nn.ReLU()])])
        net.recompute()
        return net.get_flags(), net[0].get_flags()

    rec("recompute_flags", recomputed)
    rec("recompute_unknown_keyword", lambda: nn.Dense(2, 2).recompute(unknown=1))

    def applied():
        order = []
        net = nn.SequentialCell([nn.Dense(2, 2), nn.SequentialCell([nn.ReLU(), nn.Dense(2, 1)])])
        returned = net.apply(lambda cell: order.append(type(cell).__name__))
        return order, returned is net

    rec("apply_order", applied)

    def set_grad():
        net = nn.Dense(2, 2)
        before = net.requires_grad
        returned = net.set_grad()
        return before, net.requires_grad, returned is net

    rec("set_grad", set_grad)


def float16_attributes(ms, nn, ops, rec):
    """A `to_float(float16)` Cell casts its float32 Tensor attributes as it casts its inputs
    and Parameters: ``y * self.ratio`` stays float16, in graph and PyNative mode."""
    import numpy as np

    class Scaled(nn.Cell):
        def __init__(self):
            super().__init__()
            self.dense = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
            self.ratio = ms.Tensor(2.659207, ms.float32)

        def construct(self, x):
            y = self.dense(x)
            return y * self.ratio * y * 500

    x = ms.Tensor(np.array([[0.3, -0.41], [0.123, 0.77], [0.9, 0.05]], np.float32))
    for mode, name in ((ms.PYNATIVE_MODE, "pynative"), (ms.GRAPH_MODE, "graph")):

        def run(mode=mode):
            ms.set_context(mode=mode)
            try:
                net = Scaled().to_float(ms.float16)
                out = net(x)
                return out.dtype == ms.float16, out, net.ratio.dtype == ms.float32
            finally:
                ms.set_context(mode=ms.PYNATIVE_MODE)

        rec(f"tensor_attribute_{name}", run)


def cell_dict_keys(ms, nn, ops, rec):
    """CellDict refuses keys that are empty, dotted or already attributes (KeyError) and
    container Cells as values (TypeError); it takes other names and replaces its own keys."""

    def put(key, value):
        def run():
            d = nn.CellDict({"relu": nn.ReLU()})
            d[key] = value
            return sorted(d.keys())

        return run

    for key in ["ok", "_private", "relu", "", "a.b", ".x", "training", "construct", "keys"]:
        rec(f"key_{key or 'empty'}", put(key, nn.ReLU()))
    rec("key_int", put(1, nn.ReLU()))
    rec("value_none", put("x", None))
    rec("value_cell_dict", put("x", nn.CellDict({"a": nn.ReLU()})))
    rec("value_cell_list", put("x", nn.CellList([nn.ReLU()])))
    rec("value_sequential", put("x", nn.SequentialCell([nn.ReLU()])))
    rec("init_sequential", lambda: nn.CellDict({"x": nn.SequentialCell([nn.ReLU()])}))


SCENARIOS = [
    cell_dict_keys,
    network_repr,
    layer_reprs,
    cell_hooks,
    hook_signatures,
    weights_and_hooks,
    gradient_hook_ops,
    flags_and_apply,
    float16_attributes,
]


run_scenario = core.run_nn_scenario


def main():
    core.write_scenario_golden(SCENARIOS, GOLDEN_PATH, "tests/oracle/gen_cell_features_golden.py")


if __name__ == "__main__":
    main()
