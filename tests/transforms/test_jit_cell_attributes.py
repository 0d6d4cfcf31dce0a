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
