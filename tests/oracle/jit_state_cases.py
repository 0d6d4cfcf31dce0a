"""Python state a compiled function reads, changed between two calls, as MindSpore 2.10 sees it.

Graph mode holds a Tensor named by a module global by reference (an item write, or a write
into the numpy array ``from_numpy`` shares, is seen by the next call; binding the name to
another Tensor is not), and a Tensor held by a closure or a Cell attribute as a constant, as
it holds Python numbers, lists and dicts read through globals and closures. A compiled Cell or
function keeps the Cell attribute values of its first compile; a Cell's ``set_train`` (its
phase) compiles another graph, which reads the values of that moment.

Each case is a function ``case(ms)`` of the framework module returning JSON data; the golden
file (tests/golden/jit_state.json) holds MindSpore's answers, written by
gen_jit_state_golden.py, and tests/transforms/test_jit_state.py runs the same
functions with ``ms = msfunc``. This module must not import MindSpore or msfunc at top level.
"""

import numpy as np

# module globals the compiled functions below read (each case binds them first)
G = H = U = FLAG = None
L = []


def _list(t):
    return np.asarray(t.asnumpy()).tolist()


def _ones(ms, n=3):
    return ms.Tensor(np.ones(n, np.float32))


def global_item_write(ms):
    """An item write into a global Tensor is seen; binding the name anew is not."""
    global G
    G = _ones(ms)

    @ms.jit
    def f(x):
        return x + G

    x = ms.Tensor(np.zeros(3, np.float32))
    out = [_list(f(x))]
    G[0] = 5
    out.append(_list(f(x)))
    G = ms.Tensor(np.full(3, 2, np.float32))
    out.append(_list(f(x)))
    return out


def global_from_numpy(ms):
    """A write into the numpy array a global ``from_numpy`` Tensor shares is seen."""
    global U
    n = np.ones(3, np.float32)
    U = ms.Tensor.from_numpy(n)

    @ms.jit
    def f(x):
        return x - U

    x = ms.Tensor(np.zeros(3, np.float32))
    out = [_list(f(x))]
    n[2] = 9
    out.append(_list(f(x)))
    return out


def global_list_item(ms):
    """A Tensor held in a global list is read by reference too."""
    L[:] = [_ones(ms)]

    @ms.jit
    def f(x):
        return x + L[0]

    x = ms.Tensor(np.zeros(3, np.float32))
    out = [_list(f(x))]
    L[0][0] = 8
    out.append(_list(f(x)))
    return out


def _shifted(x):
    return x + H


def graph_mode_cells(ms):
    """GRAPH_MODE Cells: a global read by a sub-Cell's construct and by a function it calls."""
    global G, H
    G, H = _ones(ms), ms.Tensor(np.arange(3, dtype=np.float32))

    class Inner(ms.nn.Cell):
        def construct(self, x):
            return x + G

    class Outer(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.inner = Inner()

        def construct(self, x):
            return self.inner(x) * _shifted(x)

    class Jitted(ms.nn.Cell):
        @ms.jit
        def construct(self, x):
            return x * G

    x = ms.Tensor(np.full(3, 2, np.float32))
    outer, jitted = Outer(), Jitted()
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        out = [_list(outer(x))]
        G[1] = 6
        H[2] = 7
        out.append(_list(outer(x)))
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    out.append(_list(jitted(x)))
    G[0] = 3
    out.append(_list(jitted(x)))
    return out


def closure_and_attribute(ms):
    """A Tensor held by a closure or a Cell attribute is a constant of the program."""
    c = _ones(ms)

    @ms.jit
    def f(x):
        return x * c

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.mask = _ones(ms)

        def construct(self, x):
            return x * self.mask

    net = Net()
    g = ms.jit(net.construct)
    x = ms.Tensor(np.full(3, 2, np.float32))
    out = [_list(f(x)), _list(g(x))]
    c[1] = 3
    net.mask[0] = 0
    out += [_list(f(x)), _list(g(x))]
    return out


def global_read_in_python(ms):
    """A global Tensor whose value a trace needs in Python (a loop count) still compiles."""
    global FLAG
    FLAG = ms.Tensor(2, ms.int32)

    @ms.jit
    def f(x):
        for _ in range(int(FLAG)):
            x = x * 2
        return x

    return _list(f(ms.Tensor(np.ones(2, np.float32))))


SCALE = 2.0
CONFIG = {"k": [1.0]}


def python_values_are_constants(ms):
    """A Python number, list or dict read through a global or a closure is a constant."""
    global SCALE
    SCALE, CONFIG["k"] = 2.0, [1.0]
    shift = [3.0]

    @ms.jit
    def f(x):
        return x * SCALE + CONFIG["k"][0] + shift[0]

    x = ms.Tensor(np.ones(2, np.float32))
    out = [_list(f(x))]
    SCALE, CONFIG["k"][0], shift[0] = 5.0, 7.0, 9.0
    out.append(_list(f(x)))
    return out


def _row(t):
    return np.asarray(t.asnumpy())[0].tolist()


def graph_mode_cell_attributes(ms):
    """A GRAPH_MODE Cell keeps the attribute values of its first compile (a sub-Cell's, its
    own, an object's it holds, which sub-Cell it holds); ``set_train`` compiles another."""

    class Inner(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.scale = 2.0

        def construct(self, x):
            return x * self.scale

    class Other(ms.nn.Cell):
        def construct(self, x):
            return x - 100

    class Settings:
        shift = 1.0

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.inner = Inner()
            self.drop = ms.nn.Dropout(p=0.5)
            self.k = 1.0
            self.settings = Settings()

        def construct(self, x):
            return self.drop(self.inner(x)) * self.k + self.settings.shift

    x = ms.Tensor(np.ones((2, 4), np.float32))
    net = Net()
    net.set_train(False)
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        out = [_row(net(x))]
        net.inner.scale = 3.0
        out.append(_row(net(x)))
        net.k = 10.0
        net.settings.shift = 5.0
        out.append(_row(net(x)))
        net.inner = Other()
        out.append(_row(net(x)))
        net.drop.p = 0.0  # (the training graph compiled next reads the values of now)
        net.set_train(True)
        out.append(_row(net(x)))
        out.append(_row(net(ms.Tensor(np.ones((3, 4), np.float32)))))
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    return out


def jit_attributes(ms):
    """A Cell's ``@jit`` method, ``jit(cell)`` and a ``jit`` function calling a Cell keep the
    attribute values of their first compile; ``set_train`` compiles the method again."""

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.k = 1.0

        @ms.jit
        def construct(self, x):
            return x * self.k + (0.0 if self.training else 1.0)

    class Plain(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.k = 1.0

        def construct(self, x):
            return x * self.k

    x = ms.Tensor(np.ones((2, 2), np.float32))
    net, called, plain = Net(), Net(), Plain()
    net.set_train(False)
    called.set_train(False)
    out = [_row(net(x))]
    net.k = 3.0
    out.append(_row(net(x)))
    net.set_train(True)
    out.append(_row(net(x)))

    @ms.jit
    def f(x):
        return called(x) + 1

    out.append(_row(f(x)))
    called.k = 5.0
    called.set_train(True)
    out.append(_row(f(x)))
    g = ms.jit(plain)
    out.append(_row(g(x)))
    plain.k = 7.0
    out.append(_row(g(x)))
    return out


def attributes_assigned_inside(ms):
    """``self.m = 3`` and ``self.total = x + 1`` inside a compiled construct: the Cell holds
    the values after the call (a Python value again after each call), and reads inside the
    call see them. (MindSpore 2.10 returns the first call's result again for other inputs
    once a Tensor was assigned so: one call of that here.)"""

    class Scale(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.m = 2

        @ms.jit
        def construct(self, x):
            self.m = 3
            return x * self.m

    class Total(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.total = 0

        @ms.jit
        def construct(self, x):
            self.total = x + 1
            return self.total * 2

    x = ms.Tensor(np.array([1, 2, 3], np.int32))
    scale, total = Scale(), Total()
    out = [_list(scale(x)), scale.m]
    scale.m = 5
    out += [_list(scale(x + 1)), scale.m]
    out += [_list(total(x)), _list(total.total)]
    return out


def global_lists_changed_inside(ms):
    """A compiled function that reverses, extends, pops or inserts into a global list changes
    it on every call (the list methods graph mode runs in place), and returns the global
    list itself."""
    global L
    L = [1, 2, 3, 4]

    class Net(ms.nn.Cell):
        @ms.jit
        def construct(self):
            L.reverse()
            return L

    net = Net()
    rows = []
    for _ in range(2):
        out = net()
        rows.append([list(out), out is L])

    @ms.jit
    def grow(x):
        L.extend([x * 2])
        L.insert(0, 7)
        L.pop(1)
        return L

    for value in (1.0, 3.0):
        out = grow(ms.Tensor(value))
        rows.append([len(L), out is L, L[0], float(L[-1])])
    return rows


CASES = {
    "global_item_write": global_item_write,
    "global_from_numpy": global_from_numpy,
    "global_list_item": global_list_item,
    "graph_mode_cells": graph_mode_cells,
    "closure_and_attribute": closure_and_attribute,
    "global_read_in_python": global_read_in_python,
    "python_values_are_constants": python_values_are_constants,
    "graph_mode_cell_attributes": graph_mode_cell_attributes,
    "jit_attributes": jit_attributes,
    "attributes_assigned_inside": attributes_assigned_inside,
    "global_lists_changed_inside": global_lists_changed_inside,
}
