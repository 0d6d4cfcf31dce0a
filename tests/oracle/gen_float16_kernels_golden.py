"""Golden values from real MindSpore 2.10 for where its CPU float16 kernels round: the
gradients of Tanh, Sqrt, Reciprocal and Div, ``scalar / tensor``, the sums of broadcast
gradients, MatMul and Dense, and a `to_float` Cell's Parameter used twice; its CPU Tanh
(float32, float16, and its gradient) over [-6, 6], where its approximant departs from tanh;
and a float16 MLP in graph mode, which computes in float32 from input to output.

Writes tests/golden/float16_kernels.npz (inputs and results, every case in PyNative mode and
the Tanh gradient in graph mode too).
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py float16_kernels

`cases(ms)` is a plain MindSpore program; tests/ops/test_float16_kernels.py runs the same
function with ``ms = msfunc``. This module must not import MindSpore (or msfunc) at top level.
"""

import os
import sys

import numpy as np
from case_tables import record_arrays

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_PATH = os.path.join(HERE, "..", "golden", "float16_kernels.npz")


def inputs():
    """The float16 operands every case reads (fixed by a seed, so both sides rebuild them)."""
    rng = np.random.RandomState(7)
    f16 = np.float16
    return {
        "x": rng.uniform(-2, 2, (8, 16)).astype(f16),
        "pos": rng.uniform(0.3, 3, (8, 16)).astype(f16),
        "dy": rng.randn(8, 16).astype(f16),
        "w": (rng.randn(16, 16) * 0.3).astype(f16),
        "b": rng.randn(16).astype(f16),
        "s": np.array(0.37, f16),
        "grid": np.linspace(-6, 6, 2001).astype(np.float32),
    }


def cases(ms):
    """name -> list of float16 results (forward then gradients) for the framework `ms`."""
    ops, nn, Tensor = ms.ops, ms.nn, ms.Tensor
    v = {k: Tensor(a) for k, a in inputs().items()}
    x, pos, dy, w, b, s, grid = (v[k] for k in ("x", "pos", "dy", "w", "b", "s", "grid"))

    def grads(fn, *args):
        out = fn(*args)
        sens = dy if out.shape == dy.shape else ops.ones_like(out)
        return [out] + list(ops.GradOperation(get_all=True, sens_param=True)(fn)(*args, sens))

    def scalar_over(t):
        return 3.0 / t

    def dense(t, weight, bias):
        return ops.dense(t, weight, bias)

    class TwoUses(nn.Cell):
        """A float32 Parameter read twice in a float16 Cell (as SciAI's LAAF reads its slopes)."""

        def __init__(self):
            super().__init__()
            self.a = ms.Parameter(Tensor(np.float32(0.1)), name="a")

        def construct(self, t):
            return (self.a * 10 * t).sum() + 1.0 / ops.exp(self.a)

    net = TwoUses()
    net.to_float(ms.float16)
    out = {
        "tanh": grads(ops.tanh, x),
        "sqrt": grads(ops.sqrt, pos),
        "reciprocal": grads(ops.reciprocal, pos),
        "div": grads(ops.div, x, pos),
        "scalar_over": grads(scalar_over, pos),
        "add_broadcast": grads(ops.add, x, b),
        "mul_scalar_tensor": grads(ops.mul, x, s),
        "bias_add": grads(ops.bias_add, x, b),
        "matmul": grads(ops.matmul, x, w),
        "dense": grads(dense, x, w, b),
        "two_uses": [ops.GradOperation(get_by_list=True)(net, ms.ParameterTuple([net.a]))(x)[0]],
        "tanh_float32": [ops.tanh(grid), ops.GradOperation()(lambda t: ops.tanh(t).sum())(grid)],
        "tanh_float16": [ops.tanh(grid.astype(ms.float16))],
    }
    ms.set_context(mode=ms.GRAPH_MODE)
    try:

        class TanhGrad(nn.Cell):
            def construct(self, t, sens):
                return ops.GradOperation(sens_param=True)(ops.tanh)(t, sens)

        out["tanh_graph"] = [TanhGrad()(x, dy)]

        def mlp():
            # graph mode runs a float16 MLP's MatMul, BiasAdd and Tanh in float32 throughout
            layers = [
                nn.Dense(16, 16, weight_init=Tensor(w), bias_init=Tensor(b), activation="tanh"),
                nn.Dense(16, 16, weight_init=Tensor(w.T), bias_init="zeros", activation="tanh"),
                nn.Dense(16, 16, weight_init=Tensor(w * 2), bias_init=Tensor(b)),
            ]
            return nn.SequentialCell(layers).to_float(ms.float16)

        out["mlp_graph"] = [mlp()(x), mlp()[0](x)]
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    return {name: [np.asarray(r.asnumpy()) for r in results] for name, results in out.items()}


def main():
    record_arrays(GOLDEN_PATH, cases)


if __name__ == "__main__":
    sys.exit(main())
