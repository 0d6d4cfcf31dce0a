"""What Cell hooks receive inside ``ms.grad`` in PyNative mode, as MindSpore 2.10 gives it.

Each case is a function ``case(ms)`` of the framework module returning JSON data; the golden
file (tests/golden/cell_hooks.json) holds MindSpore's answers, written by gen_cell_hooks_golden.py,
and tests/nn/test_cell_features.py runs the same functions with ``ms = msfunc``. This module must
not import MindSpore or msfunc at top level.
"""

import numpy as np


def _names(values):
    return [type(v).__name__ for v in values]


def _lists(values):
    return [np.asarray(v.asnumpy()).tolist() for v in values]


def hooks_see_tensors(ms):
    """What Cell hooks receive inside ``ms.grad`` (PyNative)."""
    nn = ms.nn
    seen = {}

    def forward_hook(cell, inputs, outputs):
        seen["forward_output_type"] = type(outputs).__name__
        seen["forward_output_str"] = str(outputs)
        return outputs + outputs

    def backward_pre_hook(cell, grad_output):
        seen["backward_pre_types"] = _names(grad_output)
        seen["backward_pre_values"] = _lists(grad_output)

    def backward_hook(cell, grad_input, grad_output):
        seen["backward_input_types"] = _names(grad_input)
        seen["backward_output_types"] = _names(grad_output)
        seen["backward_input_values"] = _lists(grad_input)

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.relu = nn.ReLU()
            self.relu.register_forward_hook(forward_hook)
            self.relu.register_backward_pre_hook(backward_pre_hook)
            self.relu.register_backward_hook(backward_hook)

        def construct(self, x, y):
            return self.relu(x + y)

    x = ms.Tensor(np.array([1.0, -3.0], np.float32))
    y = ms.Tensor(np.array([1.0, 1.0], np.float32))
    grads = ms.grad(Net(), grad_position=(0, 1))(x, y)
    seen["grads"] = _lists(grads)
    return seen


def backward_hook_on_undifferentiated_input(ms):
    """A backward hook whose Cell's input is not differentiated (gradients by weights only):
    it still runs, with None for that input's gradient, and what it returns is unused."""
    nn = ms.nn
    seen = []

    def backward_hook(cell, grad_input, grad_output):
        seen.append([g is None for g in grad_input] + _lists(grad_output))
        return (ms.Tensor(np.full((1, 2), 10.0, np.float32)),)

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.dense = nn.Dense(2, 2, weight_init="ones", bias_init="zeros")
            self.dense.register_backward_hook(backward_hook)

        def construct(self, x):
            return self.dense(x) * 2

    net = Net()
    x = ms.Tensor(np.array([[1.0, 2.0]], np.float32))
    weights = ms.ParameterTuple(net.trainable_params())
    grads = ms.ops.GradOperation(get_by_list=True)(net, weights)(x)
    return {"seen": seen, "grads": _lists(grads)}


def hooks_run_before_a_bad_grad_position(ms):
    """pynative tutorial: PyNative ``value_and_grad`` with a ``grad_position`` past the inputs
    runs the forward pass and the backward hooks, then raises RuntimeError."""
    nn = ms.nn
    seen = []

    def backward_hook(cell, grad_input, grad_output):
        seen.append(["backward"] + _lists(grad_input) + _lists(grad_output))

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.relu = nn.ReLU()
            self.relu.register_backward_hook(backward_hook)

        def construct(self, x):
            seen.append("forward")
            return self.relu(x + x)

    x = ms.Tensor(np.ones([1], np.float32))
    try:
        ms.value_and_grad(Net(), grad_position=(0, 1))(x)
        seen.append("no error")
    except Exception as exc:  # noqa: BLE001  (the type is the answer)
        seen.append(type(exc).__name__)
    return seen


CASES = {
    "hooks_run_before_a_bad_grad_position": hooks_run_before_a_bad_grad_position,
    "hooks_see_tensors": hooks_see_tensors,
    "backward_hook_on_undifferentiated_input": backward_hook_on_undifferentiated_input,
}
