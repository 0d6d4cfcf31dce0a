"""ops.Custom(func_type="aot") and CustomRegOp against MindSpore 2.10 (golden custom_aot.json).

The scenarios of tests/oracle/custom_aot_cases.py compile their own small C++ kernel with g++
and run here with msfunc; gen_custom_aot_golden.py recorded what real MindSpore gave.
"""

import shutil

import pytest
from _paths import case_table, golden

import msfunc as ms
from msfunc import ops

CASES = case_table("custom_aot_cases")
GOLDEN = golden("custom_aot")

pytestmark = pytest.mark.skipif(shutil.which("g++") is None, reason="needs g++")


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    return CASES.build(str(tmp_path_factory.mktemp("aot")))


@pytest.mark.parametrize("scenario", CASES.SCENARIOS, ids=lambda s: s.__name__)
def test_scenario_matches_mindspore(scenario, library):
    record = {}
    scenario(ms, ops, library, record.__setitem__)
    if scenario.__name__ == "registration":  # (json keeps tuples as lists)
        record["registration"][0]["dtype_format"] = [
            [list(pair) for pair in row] for row in record["registration"][0]["dtype_format"]
        ]
    assert record == {scenario.__name__: GOLDEN[scenario.__name__]}


def test_kernel_under_jit_and_grad_with_bprop(library):
    sub = ops.Custom(
        f"{library}:SubTwice",
        (2, 3),
        ms.float32,
        "aot",
        bprop=lambda a, b, out, dout: (dout, -2 * dout),
    )
    x, y = ms.Tensor(CASES.A), ms.Tensor(CASES.B)
    out = ms.jit(lambda a, b: sub(a, b) * 1.0)(x, y)
    assert out.asnumpy().tolist() == (CASES.A - 2 * CASES.B).tolist()
    grads = ms.grad(lambda a, b: sub(a, b).sum(), grad_position=(0, 1))(x, y)
    assert [g.asnumpy().tolist() for g in grads] == [[[1.0] * 3] * 2, [[-2.0] * 3] * 2]


def test_missing_library_and_symbol(library):
    x = ms.Tensor(CASES.A)
    with pytest.raises(RuntimeError, match="does not exist"):
        ops.Custom("/nonexistent/k.so:f", (2, 3), ms.float32, "aot")(x, x)
    with pytest.raises(RuntimeError, match="no function"):
        ops.Custom(f"{library}:Absent", (2, 3), ms.float32, "aot")(x, x)
