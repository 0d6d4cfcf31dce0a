"""``ops.Morph``: a Python function as one graph node (its own gradient or a custom
``bprop_fn``), refused in PyNative. Each case ``case(ms)`` returns JSON data (an error as its
exception class name). gen_morph_golden.py records MindSpore 2.10's answers in
tests/golden/morph.json; tests/ops/test_morph.py runs the same cases with msfunc. No top-level
import of MindSpore or msfunc.
"""

import numpy as np


def _lists(value):
    if isinstance(value, (tuple, list)):
        return [_lists(v) for v in value]
    return np.asarray(value.asnumpy()).tolist()


def _same(*args):
    return args[0]


def _scale(a, b, c=None):
    out = a * b
    return out if c is None else out * c


def _product(a, b):
    return a * b


def _product_bprop(a, b, out, dout):
    return dout * 10, (dout * a).sum() * 0 + 7


def _net(ms, morph, call):
    from mindspore import nn

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.array([1.0, 2.0], np.float32)), name="w")
            self.three = ms.Tensor(np.float32(3.0))
            self.two = ms.Tensor(np.float32(2.0))
            self.morph = morph

        def construct(self, x):
            v = x * self.w
            if call == "positional":
                v = self.morph(v, self.three)
            elif call == "keywords":
                v = self.morph(v, c=self.two, b=self.three)
            else:
                v = self.morph(self.morph(v, self.three), self.two)
            return v * self.w

    return Net()


def graph_forward_and_grads(ms):
    """Forward and GradOperation(get_all, get_by_list), positional and keyword inputs, a
    Morph called twice, a custom `bprop_fn`."""
    from mindspore import ops

    ms.set_context(mode=ms.GRAPH_MODE)
    x = ms.Tensor(np.array([5.0, 7.0], np.float32))
    out = {}
    try:
        for call in ("positional", "keywords", "twice"):
            net = _net(ms, ops.Morph(_scale, _same, _same), call)
            grads = ops.GradOperation(get_all=True, get_by_list=True)(net, net.trainable_params())
            out[call] = [_lists(net(x)), _lists(grads(x))]
        net = _net(ms, ops.Morph(_product, _same, _same, _product_bprop), "positional")
        out["bprop"] = [_lists(net(x)), _lists(ops.GradOperation(get_all=True)(net)(x))]
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    return out


def refusals(ms):
    """PyNative calls, and a `bprop_fn` with an `fn` that has defaults."""
    from mindspore import ops

    out = []
    x = ms.Tensor(np.array([1.0, 2.0], np.float32))
    for attempt in (
        lambda: ops.Morph(_scale, _same, _same)(x, x),
        lambda: _net(ms, ops.Morph(_scale, _same, _same), "positional")(x),
        lambda: ops.Morph(_scale, _same, _same, _product_bprop),
    ):
        try:
            attempt()
            out.append("no error")
        except Exception as exc:  # the class alone: the wording is each framework's own
            out.append(type(exc).__name__)
    return out


CASES = {"graph_forward_and_grads": graph_forward_and_grads, "refusals": refusals}
