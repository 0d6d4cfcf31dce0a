"""``GradOperation`` on calls with keyword inputs: MindSpore differentiates them after the
positional inputs, in the order of the call. Each case ``case(ms)`` returns the gradients as
nested lists. gen_grad_keyword_golden.py records MindSpore 2.10's answers in
tests/golden/grad_keyword.json; tests/transforms/test_grad_keyword_inputs.py runs the same cases
with msfunc. No top-level import of MindSpore or msfunc.
"""

import numpy as np


def _lists(value):
    if isinstance(value, (tuple, list)):
        return [_lists(v) for v in value]
    return np.asarray(value.asnumpy()).tolist()


def _grads(ms, mode, kinds, only=None):
    from mindspore import nn, ops

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.array([2.0], np.float32)), name="w")

        def construct(self, x, y=None, z=1.0):
            return x * y * self.w * z

    ms.set_context(mode=mode)
    x, y, z = (ms.Tensor(np.array([v], np.float32)) for v in (3.0, 5.0, 4.0))
    calls = {
        "x,y=": ((x,), {"y": y}),
        "x=,y=": ((), {"x": x, "y": y}),
        "y=,x=": ((), {"y": y, "x": x}),
        "x,y,z=": ((x, y), {"z": z}),
        "x,y=,z=": ((x,), {"z": z, "y": y}),
    }
    grads = {
        "first": ops.GradOperation(),
        "all": ops.GradOperation(get_all=True),
        "all_list": ops.GradOperation(get_all=True, get_by_list=True),
    }
    calls = {call: value for call, value in calls.items() if only is None or call in only}
    out = {}
    for label in kinds:
        grad, net = grads[label], Net()
        fn = grad(net, net.trainable_params()) if label == "all_list" else grad(net)
        out[label] = {call: _lists(fn(*a, **k)) for call, (a, k) in calls.items()}
    ms.set_context(mode=ms.PYNATIVE_MODE)
    return out


def pynative(ms):
    """PyNative mode: each kind of GradOperation, each call."""
    return _grads(ms, ms.PYNATIVE_MODE, ("first", "all", "all_list"))


def graph(ms):
    """GRAPH_MODE (a few calls: each compiles)."""
    return _grads(ms, ms.GRAPH_MODE, ("first", "all_list"), ("y=,x=", "x,y=,z="))


CASES = {"pynative": pynative, "graph": graph}
