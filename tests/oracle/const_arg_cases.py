"""``Tensor(const_arg=)``, ``Tensor.set_const_arg`` and ``mutable`` on such a Tensor: each case
``case(ms)`` returns JSON data (an error as its exception class name).
gen_const_arg_golden.py records MindSpore 2.10's answers in tests/golden/const_arg.json;
tests/compat/test_const_arg.py runs the same cases with msfunc. No top-level import of MindSpore
or msfunc.
"""

import numpy as np


def flags(ms):
    """The flag as made, set, cleared and defaulted; `set_const_arg` returns the Tensor."""
    x = ms.Tensor([1.0, 2.0], const_arg=True)
    y = ms.Tensor([1.0])
    out = [x.const_arg, y.const_arg]
    out.append(x.set_const_arg(False) is x)
    out.append(x.const_arg)
    out.append(y.set_const_arg() is y)
    out.append(y.const_arg)
    for bad in (1, None, "yes"):
        try:
            y.set_const_arg(bad)
            out.append("no error")
        except Exception as exc:  # the class alone: the wording is each framework's own
            out.append(type(exc).__name__)
    return out


def mutable_clears(ms):
    """`mutable` of a const Tensor (alone and in a tuple) drops the flag on the Tensor."""
    x = ms.Tensor([1.0], const_arg=True)
    y = ms.Tensor([2.0], const_arg=True)
    z = ms.mutable(x)
    ms.mutable((y,))
    return [x.const_arg, z.const_arg, y.const_arg]


def pynative_grad(ms):
    """PyNative GradOperation of a matmul: const Tensors, mutable ones, after clearing."""
    from mindspore import nn, ops  # (msfunc's alias answers this import too)

    class Net(nn.Cell):
        def construct(self, a, b):
            return ops.matmul(a, b)

    ms.set_context(mode=ms.PYNATIVE_MODE)
    grad = ops.GradOperation()
    x = ms.Tensor(np.array([[0.5, 0.6], [1.2, 1.3]], np.float32), const_arg=True)
    y = ms.Tensor(np.array([[0.25, 0.5], [1.0, 2.0]], np.float32), const_arg=True)
    out = [grad(Net())(x, y).asnumpy().tolist(), grad(Net())(ms.mutable(x), y).asnumpy().tolist()]
    out.append(grad(Net())(x.set_const_arg(False), y).asnumpy().tolist())
    return out


def _shapes(out):
    """The structure of a gradient result: a shape per Tensor, tuples as lists."""
    if isinstance(out, tuple):
        return [_shapes(v) for v in out]
    return list(out.shape)


def graph_grad(ms):
    """GRAPH_MODE GradOperation leaves a const Tensor out of the differentiated inputs (the
    gradient of it alone is ``()``), through a Cell, directly and inside ``jit``; ``mutable``
    of it (flag cleared) is differentiated again."""
    from mindspore import nn, ops

    class Net(nn.Cell):
        def construct(self, a, b):
            return ops.matmul(a, b)

    class Grad(nn.Cell):
        def __init__(self, get_all):
            super().__init__()
            self.net, self.grad = Net(), ops.GradOperation(get_all=get_all)

        def construct(self, a, b):
            return self.grad(self.net)(a, b)

    @ms.jit
    def in_jit(a, b):
        return ops.GradOperation(get_all=True)(Net())(a, b)

    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        x = ms.Tensor(np.ones((2, 3), np.float32), const_arg=True)
        y = ms.Tensor(np.ones((3, 2), np.float32))
        y_const = ms.Tensor(np.ones((3, 2), np.float32), const_arg=True)
        plain = ms.Tensor(np.ones((2, 3), np.float32))
        return [
            _shapes(Grad(False)(x, y)),
            _shapes(Grad(True)(x, y)),
            _shapes(Grad(True)(plain, y_const)),
            _shapes(ops.GradOperation()(Net())(x, y)),
            _shapes(in_jit(x, y)),
            _shapes(Grad(False)(ms.mutable(x), y)),
        ]
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def compile_phases(ms):
    """``_CellGraphExecutor.compile`` compiles a const Tensor input into the program: another
    const Tensor (even of equal values) is another phase; plain Tensors share one."""
    import importlib

    from mindspore import nn, ops

    executor = importlib.import_module("mindspore.common.api")._CellGraphExecutor()

    class Net(nn.Cell):
        def construct(self, a, b):
            return ops.matmul(a, b)

    net = Net()

    def phase(const):
        a = ms.Tensor(np.ones((2, 3), np.float32), const_arg=const)
        b = ms.Tensor(np.ones((3, 2), np.float32), const_arg=const)
        return executor.compile(net, a, b)[0]

    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        return [phase(True) == phase(True), phase(False) == phase(False)]
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


CASES = {
    "flags": flags,
    "mutable_clears": mutable_clears,
    "pynative_grad": pynative_grad,
    "graph_grad": graph_grad,
    "compile_phases": compile_phases,
}
