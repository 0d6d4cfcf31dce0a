"""Golden values from real MindSpore 2.10 for graph mode's float16 gradient sums on CPU: where a
value feeds several ops, the backward graph sums its contributions with AddN, a float16 kernel
(each contribution rounded to float16, the sum taken in float16), also for values passed
between float32-only kernels (MatMul, Tanh) and inside a backward pass the loss itself holds
(a loss made of the network's input gradient, differentiated by its weights), where the forward
pass the loss runs and the one the gradient runs are one (MindSpore merges them), while three
runs of it (or two by the loss itself; a run read by a ZerosLike counts, one read by a OnesLike
does not) are differentiated apart.

Writes tests/golden/float16_addn.npz (inputs are rebuilt from a seed on both sides).
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py float16_addn

`cases(ms)` is a plain MindSpore program; tests/ops/test_float16_addn.py runs the same function
with ``ms = msfunc``. This module must not import MindSpore (or msfunc) at top level.
"""

import os
import sys

import numpy as np
from case_tables import record_arrays

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_PATH = os.path.join(HERE, "..", "golden", "float16_addn.npz")


def inputs():
    """Weights (float32, cast to float16 by the cells) and float16 inputs, from a seed."""
    rng = np.random.RandomState(5)
    return {
        "w1": (rng.randn(12, 2) * 0.9).astype(np.float32),
        "b1": (rng.randn(12) * 0.3).astype(np.float32),
        "w2": (rng.randn(12, 12) * 0.4).astype(np.float32),
        "w3": (rng.randn(1, 12) * 0.5).astype(np.float32),
        "x": rng.uniform(-1, 1, (48, 2)).astype(np.float16),
        "dy": rng.randn(48, 12).astype(np.float16),
        "t": rng.uniform(-1, 1, (48, 1)).astype(np.float16),
    }


def cases(ms):
    """name -> list of results for the framework `ms`, every case in GRAPH_MODE."""
    ops, nn, Tensor = ms.ops, ms.nn, ms.Tensor
    v = inputs()

    class Mlp(nn.Cell):
        """Three Dense layers with tanh: MatMul, BiasAdd and Tanh chain in float32."""

        def __init__(self):
            super().__init__()
            self.net = nn.SequentialCell(
                [
                    nn.Dense(2, 12, weight_init=Tensor(v["w1"]), bias_init=Tensor(v["b1"])),
                    nn.Tanh(),
                    nn.Dense(12, 12, weight_init=Tensor(v["w2"]), bias_init="zeros"),
                    nn.Tanh(),
                    nn.Dense(12, 1, weight_init=Tensor(v["w3"]), bias_init="zeros"),
                ]
            )

        def construct(self, t):
            return self.net(t)

    class Residual(nn.Cell):
        """A loss holding the network's input gradient (a PINN's residual)."""

        def __init__(self, u):
            super().__init__()
            self.u = u  # (an attribute: to_float reaches its layers)
            self.grad = ops.GradOperation(get_all=True)(u)

        def construct(self, t):
            d = self.grad(t)[0]
            return ops.ReduceMean()(ops.square(d[:, 0:1] - d[:, 1:2] * 0.25))

    class TwoInputs(nn.Cell):
        """The network of two inputs joined by a Concat (whose gradient is a split)."""

        def __init__(self, mlp):
            super().__init__()
            self.mlp = mlp

        def construct(self, t, s):
            return self.mlp(ops.concat([t, s], 1))

    class Merged(nn.Cell):
        """A loss holding the network's value and its gradient: MindSpore computes the forward
        pass once for both, so the contributions of both paths meet in one AddN."""

        def __init__(self, u):
            super().__init__()
            self.u = u
            self.grad = ops.GradOperation(get_all=True, sens_param=True)(u)

        def construct(self, t, s):
            value = self.u(t, s)
            d_t, d_s = self.grad(t, s, ops.ones_like(value))
            return ops.ReduceSum()(ops.square(d_t - value * 0.5 + d_s))

    class Shared(nn.Cell):
        """A tanh layer whose output feeds a MatMul, a Square and an Exp: three gradient
        contributions, two of them from float32-only kernels."""

        def __init__(self):
            super().__init__()
            self.d = nn.Dense(2, 12, weight_init=Tensor(v["w1"]), bias_init=Tensor(v["b1"]))
            self.e = nn.Dense(12, 12, weight_init=Tensor(v["w2"]), bias_init="zeros")

        def construct(self, t):
            h = ops.tanh(self.d(t))
            return self.e(h) + ops.square(h) * 0.5 + ops.exp(h)

    class SensGrad(nn.Cell):
        """The network's input gradient with a sensitivity made from the network's own output
        (the cell runs the network itself, then the gradient)."""

        def __init__(self, u):
            super().__init__()
            self.u = u
            self.grad = ops.GradOperation(get_all=True, sens_param=True)(u)

        def construct(self, t, s):
            return self.grad(t, s, ops.ones_like(self.u(t, s)))

    class Pair(nn.Cell):
        """The network's value and half of it (two outputs)."""

        def __init__(self, u):
            super().__init__()
            self.u = u

        def construct(self, t, s):
            y = self.u(t, s)
            return y, y * 0.5

    class OneHotGrad(nn.Cell):
        """The first output's input gradient, the second's sensitivity a ZerosLike of it (as
        SciAI's `grad`): MindSpore keeps the run that ZerosLike reads, so the loss's run, this
        cell's and the gradient's are three, differentiated apart."""

        def __init__(self, u):
            super().__init__()
            self.u = u
            self.grad = ops.GradOperation(get_all=True, sens_param=True)(u)

        def construct(self, t, s):
            first, second = self.u(t, s)
            return self.grad(t, s, (ops.ones_like(first), ops.zeros_like(second)))

    class ThreeRuns(nn.Cell):
        """`Repeated` with `OneHotGrad`."""

        def __init__(self, u):
            super().__init__()
            self.u = u
            self.grad = OneHotGrad(u)

        def construct(self, t, s):
            value = self.u(t, s)[0]
            d_t, d_s = self.grad(t, s)
            return ops.ReduceSum()(ops.square(d_t - value * 0.5 + d_s))

    class Repeated(nn.Cell):
        """A loss holding the network's value and its gradient taken by `SensGrad`: three
        runs of the forward pass, which MindSpore differentiates apart (one backward chain
        per run, summed at the weights), unlike `Merged`'s two."""

        def __init__(self, u):
            super().__init__()
            self.u = u
            self.grad = SensGrad(u)

        def construct(self, t, s):
            value = self.u(t, s)
            d_t, d_s = self.grad(t, s)
            return ops.ReduceSum()(ops.square(d_t - value * 0.5 + d_s))

    class Twice(nn.Cell):
        """The network run twice on the same inputs by the loss: two runs, kept apart."""

        def __init__(self, u):
            super().__init__()
            self.u = u

        def construct(self, t, s):
            return ops.ReduceSum()(ops.square(self.u(t, s))) + ops.ReduceSum()(self.u(t, s))

    class WeightGrads(nn.Cell):
        def __init__(self, net, sens=False):
            super().__init__()
            self.net, self.params = net, ms.ParameterTuple(net.trainable_params())
            self.grad = ops.GradOperation(get_by_list=True, sens_param=sens)

        def construct(self, *args):
            return self.grad(self.net, self.params)(*args)

    residual = Residual(Mlp())
    residual.to_float(ms.float16)
    merged = Merged(TwoInputs(Mlp()))
    merged.to_float(ms.float16)
    shared = Shared()
    shared.to_float(ms.float16)
    repeated = Repeated(TwoInputs(Mlp()))
    repeated.to_float(ms.float16)
    twice = Twice(TwoInputs(Mlp()))
    twice.to_float(ms.float16)
    three = ThreeRuns(Pair(TwoInputs(Mlp())))
    three.to_float(ms.float16)
    x, dy, t = Tensor(v["x"]), Tensor(v["dy"]), Tensor(v["t"])
    saved = ms.get_context("mode")
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        out = {
            "second_order": [residual(x), *WeightGrads(residual)(x)],
            "shared": [shared(x), *WeightGrads(shared, sens=True)(x, dy)],
            "merged": [merged(t, x[:, :1]), *WeightGrads(merged)(t, x[:, :1])],
            "repeated": [repeated(t, x[:, :1]), *WeightGrads(repeated)(t, x[:, :1])],
            "twice": [twice(t, x[:, :1]), *WeightGrads(twice)(t, x[:, :1])],
            "three_runs": [three(t, x[:, :1]), *WeightGrads(three)(t, x[:, :1])],
        }
    finally:
        ms.set_context(mode=saved)
    return {name: [np.asarray(r.asnumpy()) for r in results] for name, results in out.items()}


def main():
    record_arrays(GOLDEN_PATH, cases)


if __name__ == "__main__":
    sys.exit(main())
