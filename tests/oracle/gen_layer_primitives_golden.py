"""Golden values from real MindSpore 2.10 (CPU) for layer subclasses that call the primitives
MindSpore's layers keep (``self.conv2d``, ``self.layer_norm``, ``self.matmul``), as MindCV's
weight-standardised convolutions and channel-first LayerNorms do; a bias-free Dense's ``bias``;
``Tensor.squeeze(axis=...)``.

Writes tests/golden/layer_primitives.json; read by tests/nn/test_layer_primitives.py.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py layer_primitives

Each scenario is a plain MindSpore program ``scenario(ms)`` returning a JSON-able record
(alias_scenarios.py). This module must not import MindSpore or msfunc at top level.
"""

import os

import numpy as np

# (tests/oracle is on sys.path: the scripts run from it; tests/_alias_scenarios adds it)
from alias_scenarios import write_golden

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "layer_primitives.json"
)


def _values(t):
    return np.round(np.asarray(t.asnumpy(), np.float64).ravel(), 5).tolist()


def _input(ms, *shape):
    return ms.Tensor(np.sin(np.arange(np.prod(shape)) * 0.37).reshape(shape).astype(np.float32))


def standardised_convolution(ms):
    """A Conv2d subclass standardising its weight, then calling ``self.conv2d``."""
    ops = ms.ops

    class StdConv2d(ms.nn.Conv2d):
        def construct(self, x):
            w = self.weight
            mean = ops.ReduceMean(keep_dims=True)(w, [1, 2, 3])
            var = w.var((1, 2, 3), keepdims=True)
            return self.conv2d(x, (w - mean) / ops.sqrt(var + 1e-10))

    out = {}
    for kwargs in (
        {"pad_mode": "pad", "padding": 1, "stride": 2},
        {"pad_mode": "same", "dilation": 2},
        {"pad_mode": "valid", "group": 2},
    ):
        net = StdConv2d(4, 6, 3, weight_init="ones", **kwargs)
        net.weight.set_data(_input(ms, *net.weight.shape))
        x = _input(ms, 2, 4, 7, 7)
        y = net(x)
        g = ms.grad(lambda a, net=net: (net(a) ** 2).sum())(x)
        out[kwargs["pad_mode"]] = [list(y.shape), _values(y)[:40], _values(g)[:40]]
    return out


def channel_first_layer_norm(ms):
    """A LayerNorm subclass normalising NCHW channels through ``self.layer_norm``."""
    ops = ms.ops

    class ChannelLayerNorm(ms.nn.LayerNorm):
        def construct(self, x):
            x = ops.transpose(x, (0, 2, 3, 1))
            y, _, _ = self.layer_norm(x, self.gamma, self.beta)
            return ops.transpose(y, (0, 3, 1, 2))

    net = ChannelLayerNorm((3,), epsilon=1e-6)
    net.gamma.set_data(ms.Tensor(np.array([1.0, 2.0, 0.5], np.float32)))
    x = _input(ms, 2, 3, 2, 2)
    return {"out": _values(net(x)), "grad": _values(ms.grad(lambda a: (net(a) * a).sum())(x))}


def dense_primitive_and_bias(ms):
    """A bias-free Dense has ``bias`` None; its ``matmul`` is x times the weight transposed."""
    net = ms.nn.Dense(3, 2, has_bias=False)
    net.weight.set_data(_input(ms, 2, 3))
    x = _input(ms, 4, 3)
    return {
        "bias_is_none": net.bias is None,
        "matmul": _values(net.matmul(x, net.weight)),
        "biased_bias_is_none": ms.nn.Dense(3, 2).bias is None,
    }


def squeeze_keyword(ms):
    """``Tensor.squeeze(axis=...)`` with an int, a tuple and None."""
    x = _input(ms, 2, 1, 1, 3)
    return [list(x.squeeze(axis=a).shape) for a in (1, (1, 2), None, 0)]


SCENARIOS = [
    standardised_convolution,
    channel_first_layer_norm,
    dense_primitive_and_bias,
    squeeze_keyword,
]


if __name__ == "__main__":
    write_golden(SCENARIOS, GOLDEN_PATH)
