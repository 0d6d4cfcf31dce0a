"""A compiled Cell program never outlives the attributes it read: each route by which a
trace reads a Cell's state, changed between calls, gives what eager code gives."""

import numpy as np
import pytest

import msfunc as ms
from msfunc import nn

X = ms.Tensor(np.array([1.0, -2.0], np.float32))


class Leaf(nn.Cell):
    def __init__(self):
        super().__init__()
        self.t = ms.Tensor(1.0)
        self.k = 2.0
        self.blocks = [Scale()]  # a Cell in a plain list, never called

    def construct(self, x):
        return x


class Scale(nn.Cell):
    def __init__(self, s=3.0):
        super().__init__()
        self.s = s

    def construct(self, x):
        return x * self.s


class Net(nn.Cell):
    """Reads, without calling them, attributes of a sub-Cell and of a Cell in its list."""

    def __init__(self):
        super().__init__()
        self.sub = Leaf()
        self.own = ms.Tensor(1.0)

    def construct(self, x):
        return x * self.sub.t * self.sub.k * self.sub.blocks[0].s * self.own


class JittedNet(Net):
    @ms.jit
    def construct(self, x):
        return x * self.sub.t * self.sub.k * self.sub.blocks[0].s * self.own


CHANGES = {
    "sub-Cell Tensor": lambda n: setattr(n.sub, "t", ms.Tensor(5.0)),
    "sub-Cell number": lambda n: setattr(n.sub, "k", 7.0),
    "Cell in a list": lambda n: setattr(n.sub.blocks[0], "s", 0.5),
    "list item replaced": lambda n: n.sub.blocks.__setitem__(0, Scale(4.0)),
    "own Tensor": lambda n: setattr(n, "own", ms.Tensor(-1.0)),
}
CALLERS = {
    "GRAPH_MODE call": lambda: (Net(), "graph"),
    "msfunc.jit of a function calling it": lambda: (Net(), "jit"),
    "@msfunc.jit construct": lambda: (JittedNet(), "eager"),
}


def _outputs(net, how):
    if how == "graph":
        ms.set_context(mode=ms.GRAPH_MODE)
        call = net
    else:
        ms.set_context(mode=ms.PYNATIVE_MODE)
        call = ms.jit(lambda x: net(x)) if how == "jit" else net
    try:
        seen = [call(X).asnumpy()]
        for change in CHANGES.values():
            change(net)
            seen.append(call(X).asnumpy())
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    return seen


@pytest.mark.parametrize("caller", CALLERS)
def test_compiled_cell_programs_see_every_attribute_change(caller):
    net, how = CALLERS[caller]()
    got = _outputs(net, how)
    ms.set_context(pynative_auto_compile=False)
    try:
        want = _outputs(Net(), "eager")  # Net's construct run eagerly, line by line
    finally:
        ms.set_context(pynative_auto_compile=True)
    for i, (g, w) in enumerate(zip(got, want, strict=True)):
        np.testing.assert_allclose(g, w, rtol=1e-6, err_msg=f"after change {i}")
    assert len({float(w[0]) for w in want}) == len(want)  # every change changes the output


TRACES = []


class Logged(nn.Cell):
    """Reads `gain` (a class attribute until an instance one shadows it) and `table` in
    construct; a training loop logs into attributes it never reads."""

    gain = 2.0

    def __init__(self):
        super().__init__()
        self.table = {"bias": 1.0}
        self.body = nn.SequentialCell([Scale(1.0)])  # (iterating it reads which Cells only)
        self.history, self.step, self.last = [], 0, ms.Tensor(0.0)

    def construct(self, x):
        TRACES.append(self)  # (counts traces: construct runs only while tracing)
        return self.body(x) * self.gain + self.table["bias"]


class ReadsDict(Logged):
    def construct(self, x):
        TRACES.append(self)
        return x * self.__dict__.get("gain", 2.0) + self.table["bias"]


class OwnLookup(Logged):
    def __getattribute__(self, name):  # bypasses the record of what a trace read
        return super().__getattribute__(name)


@pytest.mark.parametrize("kind", [Logged, ReadsDict, OwnLookup])
def test_a_program_is_kept_while_only_attributes_it_never_read_change(kind):
    net = kind()
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        outs = []
        for _ in range(4):  # what a loop logging into the Cell does
            outs.append(float(net(ms.Tensor(1.0))))
            net.history.append(outs[-1])
            net.history = list(net.history)
            net.step += 1
            net.last = ms.Tensor(outs[-1])
        traces = sum(t is net for t in TRACES)
        net.gain = 5.0  # read (a class attribute until now): a new program
        outs.append(float(net(ms.Tensor(1.0))))
        net.table["bias"] = 0.0  # read, changed in place
        outs.append(float(net(ms.Tensor(1.0))))
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    if kind is Logged:
        assert traces <= 2  # (a first call may trace twice: discovery, then the program)
        assert outs == [3.0] * 4 + [6.0, 5.0]
    else:  # every attribute counts as read: each loop step traces again, nothing is stale
        assert traces >= 4
        assert outs == [3.0] * 4 + [6.0, 5.0]
