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


CASES = {"flags": flags, "mutable_clears": mutable_clears, "pynative_grad": pynative_grad}
