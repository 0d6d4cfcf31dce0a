"""Fused optimizer-update primitives (``ops.ApplyRMSProp``, ``ops.FusedAdaFactor`` ...) against
real MindSpore 2.10.

tests/golden/fused_optim.json (tests/oracle/gen_fused_optim_golden.py) holds the Parameters'
values after one call of MindSpore's CPU kernels.
"""

import json

import numpy as np
import pytest
from _paths import TESTS

import msfunc
from msfunc import ops

CASES = json.loads((TESTS / "golden" / "fused_optim.json").read_text())


def _arg(case, key):
    value = case["inputs"][key]
    if key in case["int_inputs"]:
        return msfunc.Tensor(np.int32(value))
    if isinstance(value, list) and key != "epsilon":
        return msfunc.Tensor(np.asarray(value, np.float32))
    return tuple(value) if isinstance(value, list) else value


def _run(case):
    boxes = {
        k: msfunc.Parameter(msfunc.Tensor(np.asarray(v, np.float32)), name=k)
        for k, v in case["params"].items()
    }
    args = [boxes[k] if k in boxes else _arg(case, k) for k in case["order"]]
    out = getattr(ops, case["name"])(**case["kwargs"])(*args)
    return boxes, out


@pytest.mark.parametrize("case", CASES, ids=[f"{c['name']}-{i}" for i, c in enumerate(CASES)])
def test_fused_optimizer_writes_mindspores_values(case):
    boxes, _ = _run(case)
    for k, box in boxes.items():
        np.testing.assert_allclose(box.asnumpy(), case["after"][k], rtol=1e-5, atol=1e-6)


def test_fused_optimizer_returns_the_updated_parameters():
    case = next(c for c in CASES if c["name"] == "AdamWeightDecay")
    boxes, out = _run(case)
    assert [o.asnumpy().tolist() for o in out] == [
        boxes[k].asnumpy().tolist() for k in ("var", "m", "v")
    ]
    case = next(c for c in CASES if c["name"] == "FusedAdaFactor")
    _, out = _run(case)  # MindSpore's placeholder output: zeros of the parameter's shape
    want = np.zeros_like(np.asarray(case["after"]["param"]))
    np.testing.assert_array_equal(out[0].asnumpy(), want)


def test_fused_optimizer_writes_parameters_under_jit():
    case = next(c for c in CASES if c["name"] == "ApplyRMSProp")
    boxes = {
        k: msfunc.Parameter(msfunc.Tensor(np.asarray(v, np.float32)), name=k)
        for k, v in case["params"].items()
    }
    args = [boxes[k] if k in boxes else _arg(case, k) for k in case["order"]]
    op = ops.ApplyRMSProp()
    msfunc.jit(lambda: op(*args))()
    for k, box in boxes.items():
        np.testing.assert_allclose(box.asnumpy(), case["after"][k], rtol=1e-5, atol=1e-6)


def test_primitive_set_device_checks_the_target():
    op = ops.AdamWeightDecay()
    assert op.set_device("CPU") is op and op.primitive_target == "CPU"
    with pytest.raises(ValueError, match="device_target"):
        op.set_device("TPU")


def test_sparse_ftrl_divides_by_the_learning_rate_as_mindspore_does():
    # numpy float32 with true divisions (MindSpore's kernel), to the last bit: a product with
    # the reciprocal of lr is one ulp off
    f = np.float32
    root = np.sqrt(f(2))
    linear = f(2) - (root - f(1)) / f(0.001)
    want = -linear / (root / f(0.001))
    ones = np.ones((3, 2), np.float32)
    var, accum, lin = (msfunc.Parameter(msfunc.Tensor(ones), name=n) for n in "val")
    op = ops.SparseApplyFtrl(lr=0.001, l1=0.0, l2=0.0, lr_power=-0.5)
    op(var, accum, lin, msfunc.Tensor(ones), msfunc.Tensor(np.array([0, 1, 2], np.int32)))
    np.testing.assert_array_equal(var.asnumpy(), np.full((3, 2), want))
