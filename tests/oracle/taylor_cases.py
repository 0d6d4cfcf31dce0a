"""Taylor-mode differentiation (``ops.jet`` / ``ops.derivative``) as MindSpore 2.10 computes it:
one input or a tuple of inputs, one output or several, ``tan`` among the operators.

Each case is a function ``case(ms)`` of the framework module returning JSON data;
gen_taylor_golden.py records MindSpore's answers in tests/golden/taylor.json and
tests/transforms/test_taylor.py runs the same functions with ``ms = msfunc``. This module must
not import MindSpore or msfunc at top level.
"""

import numpy as np


def _lists(value):
    if isinstance(value, (tuple, list)):
        return [_lists(v) for v in value]
    return np.round(np.asarray(value.asnumpy(), np.float64), 4).tolist()


def _exp_tan(ms):
    def fn(x):
        return ms.ops.tan(ms.ops.exp(x))

    return fn


def _mixed(ms):
    def fn(x, y):
        a, b = ms.ops.sin(x), ms.ops.cos(y)
        return ms.ops.exp(a * b + a / b)

    return fn


def _pair(ms):
    def fn(x, y):
        return ms.ops.sin(x) * y, ms.ops.cos(y)

    return fn


def _series(ms, *rows):
    return ms.Tensor(np.array(rows, np.float32))


def jet_tan(ms):
    x = ms.Tensor(np.array([1.0, 0.5], np.float32))
    out = ms.ops.jet(_exp_tan(ms), x, _series(ms, [1.0, 1.0], [0.0, 0.5], [0.0, 0.0]))
    return _lists(out)


def jet_two_inputs(ms):
    x = ms.Tensor(np.array([1.0, 0.3], np.float32))
    y = ms.Tensor(np.array([0.5, 1.0], np.float32))
    sx = _series(ms, [1.0, 1.0], [0.0, 0.0])
    sy = _series(ms, [1.0, 0.5], [0.2, 0.0])
    return _lists(ms.ops.jet(_mixed(ms), (x, y), (sx, sy)))


def jet_two_outputs(ms):
    x = ms.Tensor(np.array([1.0, 0.3], np.float32))
    y = ms.Tensor(np.array([0.5, 1.0], np.float32))
    sx = _series(ms, [1.0, 1.0], [0.0, 0.0])
    sy = _series(ms, [1.0, 0.5], [0.0, 0.0])
    return _lists(ms.ops.jet(_pair(ms), (x, y), (sx, sy)))


def derivative_two_inputs(ms):
    x = ms.Tensor(np.array([1.0, 0.3], np.float32))
    y = ms.Tensor(np.array([0.5, 1.0], np.float32))
    return _lists(ms.ops.derivative(_mixed(ms), (x, y), 2))


def derivative_two_outputs(ms):
    x = ms.Tensor(np.array([1.0, 0.3], np.float32))
    y = ms.Tensor(np.array([0.5, 1.0], np.float32))
    return _lists(ms.ops.derivative(_pair(ms), (x, y), 2))


def derivative_tan(ms):
    return _lists(ms.ops.derivative(_exp_tan(ms), ms.Tensor(np.array([0.2], np.float32)), 2))


def _chain_cell(ms):
    class Chain(ms.nn.Cell):
        """sin, cos and exp as Primitive instances, in a Cell (compiled in GRAPH_MODE)."""

        def __init__(self):
            super().__init__()
            self.sin, self.cos, self.exp = ms.ops.Sin(), ms.ops.Cos(), ms.ops.Exp()

        def construct(self, x):
            a = self.sin(x)
            b = self.cos(a)
            return a + b - self.exp(b)

    return Chain()


def _in_graph_mode(ms, run):
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        return run()
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def jet_cell_graph_mode(ms):
    x = ms.Tensor(np.array([1.0, 0.4], np.float32))
    series = _series(ms, [1.0, 1.0], [0.0, 0.5], [0.0, 0.0])
    return _in_graph_mode(ms, lambda: _lists(ms.ops.jet(_chain_cell(ms), x, series)))


def derivative_cell_graph_mode(ms):
    x = ms.Tensor(np.array([1.0, 0.4], np.float32))
    return _in_graph_mode(ms, lambda: _lists(ms.ops.derivative(_chain_cell(ms), x, 3)))


CASES = {
    name: fn
    for name, fn in dict(globals()).items()
    if callable(fn) and not name.startswith("_") and fn.__module__ == __name__
}
