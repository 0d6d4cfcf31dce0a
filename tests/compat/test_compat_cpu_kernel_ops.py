"""MindSpore's CPU-kernel primitives kept off ``mindspore.ops`` (``random_ops.Uniform`` ...)
against real MindSpore 2.10: tests/golden/cpu_kernel_ops.json
(tests/oracle/gen_cpu_kernel_ops_golden.py)."""

import json

import numpy as np
import pytest
from _paths import TESTS

import msfunc
from msfunc.compat.cpu_kernel_ops import Uniform

GOLDEN = json.loads((TESTS / "golden" / "cpu_kernel_ops.json").read_text())


def test_uniform_draws_mindspores_stream():
    want = GOLDEN["uniform"]
    u = Uniform(0.0, 1.0, seed=7, offset=3)
    x = msfunc.Tensor(np.zeros(5, np.float32))
    assert [u(x).asnumpy().tolist() for _ in range(3)] == want["pynative"]
    half = Uniform(0.5, 2.0, seed=3, offset=1)(msfunc.Tensor(np.zeros(4, np.float16)))
    assert half.dtype == msfunc.float16 and half.asnumpy().tolist() == want["half"]


def test_uniform_in_a_compiled_cell_goes_on_from_call_to_call():
    class Net(msfunc.nn.Cell):
        def __init__(self):
            super().__init__()
            self.u = Uniform(1.0, 3.0, seed=2, offset=0)

        def construct(self, x):
            return self.u(x)

    net = msfunc.jit(Net())
    x = msfunc.Tensor(np.zeros((2, 3), np.float64))
    got = [net(x).asnumpy().tolist() for _ in range(2)]
    assert got == GOLDEN["uniform"]["graph"]


def test_uniform_checks_its_arguments():
    with pytest.raises(TypeError, match="x"):
        Uniform()(msfunc.Tensor(np.zeros(3, np.int32)))
    with pytest.raises(TypeError, match="minval"):
        Uniform(minval=1, maxval=2.0)
    with pytest.raises(ValueError, match="maxval"):
        Uniform(minval=2.0, maxval=1.0)
