"""Graph mode's float32 chains of float16 ops on CPU: each case of
tests/oracle/gen_float16_graph_chain_golden.py, run with msfunc, equals MindSpore 2.10's bits."""

import sys

import numpy as np
import pytest
from _numerics import mindspore_numerics
from _paths import GOLDEN, ORACLE

import msfunc as ms

sys.path.insert(0, str(ORACLE))
import gen_float16_graph_chain_golden as gen  # noqa: E402

GOLDEN_FILE = np.load(GOLDEN / "float16_graph_chain.npz")
NAMES = sorted({key.split(".")[0] for key in GOLDEN_FILE.files} - {"mindspore"})


@pytest.fixture(scope="module")
def results():
    # a MindSpore program's numerics (the `mindspore` alias switches them on)
    with mindspore_numerics():
        return gen.cases(ms)


@pytest.mark.parametrize("name", NAMES)
def test_bits_equal_mindspores(results, name):
    for i, value in enumerate(results[name]):
        want = GOLDEN_FILE[f"{name}.{i}"]
        assert value.dtype == want.dtype, (name, i)
        np.testing.assert_array_equal(value, want, err_msg=f"{name} result {i}")


def test_pynative_rounds_after_each_op():
    # the chain is graph mode's: PyNative rounds the square before the mean
    with mindspore_numerics():
        x = ms.Tensor(gen.inputs()["x"])
        eager = ms.ops.ReduceMean()(ms.ops.square(x), 1).asnumpy()
    rounded = np.mean(np.square(gen.inputs()["x"]).astype(np.float32), 1).astype(np.float16)
    np.testing.assert_array_equal(eager, rounded)
