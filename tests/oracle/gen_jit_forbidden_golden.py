"""Golden values from real MindSpore 2.10 (CPU) for the APIs its graph compiler refuses inside
``jit``: initializer classes and functions, ``context`` and ``log`` functions, the Cell methods
that walk Parameters, ``Parameter.set_data`` and ``Tensor.assign_value``; the same calls run in
PyNative code. Also a variable first assigned in a while loop on a Tensor condition and read
after it, and functions, methods and Cells among a jit function's outputs.

Writes tests/golden/jit_forbidden.json; read by tests/transforms/test_jit_forbidden.py.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py jit_forbidden

Each scenario is a plain MindSpore program ``scenario(ms)`` returning a JSON-able record
(alias_scenarios.py). This module must not import MindSpore or msfunc at top level.
"""

import os

import numpy as np

# (tests/oracle is on sys.path: the scripts run from it; tests/_alias_scenarios adds it)
from alias_scenarios import exception_kind, write_golden

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "jit_forbidden.json"
)


def _calls(ms):
    """name -> f(x) calling one refused API (x a float32 Tensor of shape (3,))."""
    from mindspore import log as logger
    from mindspore.common.initializer import One, initializer

    class Inner(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.ones(3, np.float32)), name="w")

        def construct(self, x):
            return x * self.w

    inner = Inner()

    # (def, not lambda: MindSpore's jit parses the function's source)
    def initializer_class(x):
        One()
        return x

    def initializer_function(x):
        return initializer("ones", [2], ms.float32).init_data() * 0 + x[:2]

    def get_context(x):
        if ms.get_context("mode"):
            return x + 1
        return x

    def log_warning(x):
        logger.warning("a warning")
        return x

    def get_parameters(x):
        for p in inner.get_parameters():
            x = x * p
        return x

    def trainable_params(x):
        return x * len(inner.trainable_params())

    def assign_value(x):
        return x.assign_value(x + 1)

    def set_data(x):
        inner.w.set_data(x)
        return x

    return {
        f.__name__: f
        for f in (initializer_class, initializer_function, get_context, log_warning)
        + (get_parameters, trainable_params, assign_value, set_data)
    }


def _run(call):
    try:
        out = call()
    except Exception as exc:  # noqa: BLE001 - the type is the record
        return exception_kind(exc)
    return np.asarray(out.asnumpy()).tolist()


def refused_in_jit(ms):
    """Each API called inside a ``jit`` function: refused."""
    x = ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32))
    return {name: _run(lambda f=f: ms.jit(f)(x)) for name, f in _calls(ms).items()}


def run_in_pynative(ms):
    """The same calls in PyNative code run (their results)."""
    rec = {}
    for name, f in _calls(ms).items():
        x = ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32))
        rec[name] = _run(lambda f=f, x=x: f(x))
    return rec


def refused_in_graph_mode_cell(ms):
    """A Cell whose construct walks a sub-Cell's Parameters, run in GRAPH_MODE: refused;
    the same Cell in PyNative runs."""

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.inner = ms.nn.Dense(2, 2)

        def construct(self, x):
            return x * len(self.inner.untrainable_params())

    x = ms.Tensor(np.ones(2, np.float32))
    rec = {"pynative": _run(lambda: Net()(x))}
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        rec["graph"] = _run(lambda: Net()(x))
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    return rec


def while_body_variable(ms):
    """A variable first assigned in a while loop on a Tensor condition and read after it:
    refused by jit whether or not the loop runs; PyNative runs the loop."""

    def loop(x):
        while x < 0:
            y = x * 2
            x = x + 1
        return y

    def nested(x):
        for _ in range(2):
            while x < 0:
                y = x
                x = x + 1
        return y

    x = ms.Tensor(np.array([-2.0], np.float32))
    return {
        "jit": _run(lambda: ms.jit(loop)(x)),
        "jit_nested_in_for": _run(lambda: ms.jit(nested)(x)),
        "pynative": _run(lambda: loop(x)),
    }


def function_outputs(ms):
    """A jit function returning a function, a lambda in a tuple, a bound method, a Cell or a
    builtin (in a list too) is refused; a class is returned. In PyNative all return."""
    relu = ms.nn.ReLU()

    def helper(a):
        return a

    def function(x):
        return helper

    def lambda_in_tuple(x):
        return x, lambda: 1

    def method(x):
        return x.abs

    def cell(x):
        return relu

    def builtin(x):
        return len

    def in_list(x):
        return [x, helper]

    def a_class(x):
        return ms.nn.ReLU

    def kind(call):
        try:
            call()
            return "returned"
        except Exception as exc:  # noqa: BLE001 - the type is the record
            return exception_kind(exc)

    x = ms.Tensor(np.array([1.0], np.float32))
    cases = (function, lambda_in_tuple, method, cell, builtin, in_list, a_class)
    return {
        "jit": {f.__name__: kind(lambda f=f: ms.jit(f)(x)) for f in cases},
        "pynative": {f.__name__: kind(lambda f=f: f(x)) for f in cases},
    }


SCENARIOS = [refused_in_jit, run_in_pynative, refused_in_graph_mode_cell, while_body_variable]
SCENARIOS += [function_outputs]


if __name__ == "__main__":
    write_golden(SCENARIOS, GOLDEN_PATH)
