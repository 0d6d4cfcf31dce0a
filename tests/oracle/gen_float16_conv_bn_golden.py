"""Golden values from real MindSpore 2.10 for float16 convolution blocks in graph mode on CPU:
Conv2D, BiasAdd and BatchNorm have no float16 CPU kernel, so a Conv2D's float32 result reaches
the BatchNorm after it unrounded and only the BatchNorm's output is rounded, while a float16
kernel (Sub, ReLU) reads the convolution's result rounded. Forward values and gradients
(through Conv2DBackpropInput/Filter and BatchNormGrad, also float32-only) of small
``nn.Conv2d -> nn.BatchNorm2d -> ReLU`` blocks under ``to_float(float16)``; BatchNorm reads
gamma and beta in float32 there, in graph mode and PyNative alike. AdaptiveAvgPool2D has a
float16 kernel that sums each window in float32 and rounds the mean once, and its gradient
rounds ``dout / count`` once.

Writes tests/golden/float16_conv_bn.npz (inputs are rebuilt from a seed on both sides).
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py float16_conv_bn

`cases(ms)` is a plain MindSpore program; tests/ops/test_float16_conv_bn.py runs the same
function with ``ms = msfunc``. This module must not import MindSpore (or msfunc) at top level.
"""

import os
import sys

import numpy as np
from case_tables import record_arrays

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_PATH = os.path.join(HERE, "..", "golden", "float16_conv_bn.npz")


def inputs():
    """The operands every case reads (fixed by a seed, so both sides rebuild them)."""
    rng = np.random.RandomState(5)
    return {
        "x": rng.randn(4, 3, 10, 10).astype(np.float32),
        "w1": (rng.randn(8, 3, 3, 3) / 5).astype(np.float32),
        "w2": (rng.randn(8, 8, 3, 3) / 8).astype(np.float32),
        "b1": (rng.randn(8) * 0.3).astype(np.float32),
        "gamma": (1 + rng.randn(8) * 0.2).astype(np.float32),
        "beta": (rng.randn(8) * 0.2).astype(np.float32),
        "r": rng.randn(4, 8, 10, 10).astype(np.float32),
        "p": rng.randn(4, 8, 4, 4).astype(np.float16),
        "dp": (rng.randn(4, 8, 1, 1) * 1e-3).astype(np.float16),
        # gamma just below a float16 tie: rounded to float16 first, the product rounds up
        "g_tie": np.array([1.0004886, 1.0], np.float32),
    }


def cases(ms):
    """name -> list of results for the framework `ms`, every case in GRAPH_MODE."""
    ops, nn, Tensor = ms.ops, ms.nn, ms.Tensor
    v = inputs()
    x, r = Tensor(v["x"]), Tensor(v["r"])

    def conv(w, bias=None):
        return nn.Conv2d(
            w.shape[1],
            w.shape[0],
            3,
            pad_mode="pad",
            padding=1,
            has_bias=bias is not None,
            weight_init=Tensor(w),
            bias_init=None if bias is None else Tensor(bias),
        )

    class Block(nn.Cell):
        """conv (with bias) -> BatchNorm -> ReLU, then a shared conv read by a float16 Sub
        and by a second BatchNorm."""

        def __init__(self):
            super().__init__()
            self.c1 = conv(v["w1"], v["b1"])
            self.bn1 = nn.BatchNorm2d(8, gamma_init=Tensor(v["gamma"]), beta_init=Tensor(v["beta"]))
            self.c2 = conv(v["w2"])
            self.bn2 = nn.BatchNorm2d(8)

        def construct(self, t):
            f = ops.relu(self.bn1(self.c1(t)))
            u = f - self.c2(f)  # (Sub: a float16 kernel reads the conv rounded)
            return ops.relu(self.bn2(self.c2(u))) + u

    class Loss(nn.Cell):
        def __init__(self, net):
            super().__init__()
            self.net = net

        def construct(self, t):
            return (self.net(t).astype(ms.float32) * r).sum()

    out = {}
    saved = ms.get_context("mode")
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        net = Block()
        net.to_float(ms.float16)
        net.set_train(True)
        # (c1.bias is left out: a BatchNorm follows it, so its gradient is zero up to
        # rounding noise)
        params = [p for p in net.trainable_params() if not p.name.endswith("bias")]
        grads = ops.GradOperation(get_all=True, get_by_list=True)(
            Loss(net), ms.ParameterTuple(params)
        )(x)
        out["block"] = [net(x)] + [grads[0][0]] + list(grads[1])
        pool = nn.AdaptiveAvgPool2d(1)
        out["pool"] = [
            pool(Tensor(v["p"])),
            ops.GradOperation(sens_param=True)(pool)(Tensor(v["p"]), Tensor(v["dp"])),
        ]
        # (PyNative reads gamma in float32 too: the same msfunc path, left out for time)
        bn = nn.BatchNorm2d(2, gamma_init=Tensor(v["g_tie"]))
        wrapped = nn.SequentialCell([bn])
        wrapped.to_float(ms.float16)
        wrapped.set_train(True)
        t = Tensor(np.array([-3.0, -3.0, 3.0, 3.0], np.float32).reshape(2, 2, 1, 1))
        out["bn_gamma"] = [wrapped(t), bn.moving_mean.value()]
    finally:
        ms.set_context(mode=saved)
    return {name: [np.asarray(r.asnumpy()) for r in results] for name, results in out.items()}


def main():
    record_arrays(GOLDEN_PATH, cases)


if __name__ == "__main__":
    sys.exit(main())
