"""Where MindSpore 2.10 takes gradient hooks. On a Tensor computed in the differentiated
function: one in graph mode (a Cell in GRAPH_MODE, a jit function, jit around grad: a second
register_hook raises RuntimeError), any number, applied in order, in PyNative code. On a
Parameter: not inside a graph-mode construct (ValueError), not when it does not require grad
(RuntimeError). A Cell's hook function must not be jit-decorated (TypeError).

Each case is a function ``case(ms)`` of the framework module returning JSON data: the gradient,
or ``{"error": <exception type name>}``. gen_tensor_hook_graph_golden.py records MindSpore's
answers in tests/golden/tensor_hook_graph.json; tests/transforms/test_tensor_hook_graph.py runs
the same functions with ``ms = msfunc``. This module must not import MindSpore or msfunc at top
level.
"""

import numpy as np


def _double(grad):
    return grad * 2


def _triple(grad):
    return grad * 3


def _net(ms, two):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.array([1.0, 2.0], np.float32)), name="w")

        def construct(self, x):
            x = x * self.w
            x.register_hook(_double)
            x.register_hook(_triple)
            return x * self.w

    class OneHookNet(Net):
        def construct(self, x):
            x = x * self.w
            x.register_hook(_triple)
            return x * self.w

    return Net() if two else OneHookNet()


def _outcome(ms, mode, run):
    ms.set_context(mode=mode)
    x = ms.Tensor(np.array([3.0, 4.0], np.float32))
    try:
        return {"value": np.asarray(run(x).asnumpy()).tolist()}
    except Exception as exc:  # the exception's type is the answer
        return {"error": type(exc).__name__}
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def two_hooks_pynative(ms):
    return _outcome(ms, ms.PYNATIVE_MODE, ms.grad(_net(ms, True)))


def two_hooks_graph_mode(ms):
    return _outcome(ms, ms.GRAPH_MODE, ms.grad(_net(ms, True)))


def one_hook_graph_mode(ms):
    return _outcome(ms, ms.GRAPH_MODE, ms.grad(_net(ms, False)))


def two_hooks_jit_function(ms):
    @ms.jit
    def fn(x):
        y = x * 2
        y.register_hook(_double)
        y.register_hook(_triple)
        return y * 2

    return _outcome(ms, ms.PYNATIVE_MODE, ms.grad(fn))


def two_hooks_jit_around_grad(ms):
    def fn(x):
        y = x * 2
        y.register_hook(_double)
        y.register_hook(_triple)
        return y * 2

    return _outcome(ms, ms.PYNATIVE_MODE, ms.jit(ms.grad(fn)))


def _branching(grad):
    if grad[0] < 10:  # Python control flow on the gradient: traced in a jit function
        return grad * 2
    return grad * 3


def branching_hook_jit_function(ms):
    @ms.jit
    def fn(x):
        y = x * 2
        y.register_hook(_branching)
        return y * 2

    return _outcome(ms, ms.PYNATIVE_MODE, ms.grad(fn))


def branching_hook_graph_mode(ms):
    class Net(ms.nn.Cell):
        def construct(self, x):
            y = x * 2
            y.register_hook(_branching)
            return y * 2

    return _outcome(ms, ms.GRAPH_MODE, ms.grad(Net()))


def hooks_of_unused_weights(ms):
    """Hooks on listed weights the output does not use (one read, one never read): they run
    on the zero gradient, and what they return is the weight's gradient."""
    seen = []

    def plus_five(grad):
        seen.append(np.asarray(grad.asnumpy()).tolist())
        return grad + 5

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.used = ms.Parameter(ms.Tensor(np.array([1.0, 2.0], np.float32)), name="used")
            self.read = ms.Parameter(ms.Tensor(np.array([1.0, 2.0], np.float32)), name="read")
            self.idle = ms.Parameter(ms.Tensor(np.array([1.0, 2.0], np.float32)), name="idle")
            self.handles = [w.register_hook(plus_five) for w in (self.used, self.read, self.idle)]

        def construct(self, x):
            _ = x * self.read
            return x * self.used * self.used

    net = Net()
    weights = ms.ParameterTuple(net.trainable_params())
    grads = ms.ops.GradOperation(get_by_list=True)(net, weights)
    out = _outcome(ms, ms.PYNATIVE_MODE, lambda x: ms.ops.stack(grads(x)))
    for handle in net.handles:
        handle.remove()
    return {"grads": out, "hooks_saw": sorted(seen)}


def _registration(run):
    try:
        run()
        return {"value": "registered"}
    except Exception as exc:  # the exception's type is the answer
        return {"error": type(exc).__name__}


def parameter_without_grad(ms):
    w = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="w", requires_grad=False)
    return _registration(lambda: w.register_hook(_double))


def parameter_with_grad(ms):
    w = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="w")
    return _registration(lambda: w.register_hook(_double))


def _parameter_hook_net(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.array([1.0, 2.0], np.float32)), name="w")

        def construct(self, x):
            self.w.register_hook(_double)
            return x * self.w

    return Net()


def parameter_hook_in_graph_construct(ms):
    net = _parameter_hook_net(ms)
    return _outcome(ms, ms.GRAPH_MODE, net)


def _registering_net(ms, after_use):
    """A Cell whose PyNative construct registers a hook on its Parameter on each call, before
    or after reading it."""

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.array([1.0, 2.0], np.float32)), name="w")

        def construct(self, x):
            if not after_use:
                self.w.register_hook(_double)
            y = (self.w * x).sum()
            if after_use:
                self.w.register_hook(_triple)
            return y

    return Net()


def _weight_grads(ms, after_use, how):
    net = _registering_net(ms, after_use)
    weights = net.trainable_params()
    if how == "grad":
        run = ms.grad(net, grad_position=None, weights=weights)
    elif how == "value_and_grad":
        run = ms.value_and_grad(net, grad_position=None, weights=weights)
    else:
        run = ms.ops.GradOperation(get_by_list=True)(net, weights)

    def twice(x):
        first, second = run(x), run(x)  # the second call meets the first call's hook too
        if how == "value_and_grad":
            first, second = first[1], second[1]
        return ms.ops.stack([first[0], second[0]])

    return _outcome(ms, ms.PYNATIVE_MODE, twice)


def parameter_hook_registered_in_construct(ms):
    return {
        f"{when}_{how}": _weight_grads(ms, when == "after", how)
        for when in ("before", "after")
        for how in ("grad", "value_and_grad", "GradOperation")
    }


def _forward_hook(cell, inputs, outputs):
    return outputs


def cell_hook_jit_function(ms):
    hook = ms.jit(_forward_hook)
    return _registration(lambda: ms.nn.ReLU().register_forward_hook(hook))


def cell_hook_plain_function(ms):
    return _registration(lambda: ms.nn.ReLU().register_forward_hook(_forward_hook))


CASES = {
    name: fn
    for name, fn in dict(globals()).items()
    if callable(fn) and not name.startswith("_") and fn.__module__ == __name__
}
