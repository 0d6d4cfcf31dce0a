"""Optimizer-update primitives (``ops.ApplyAdadelta`` ...) against real MindSpore 2.10.

tests/golden/optim_primitives.json (tests/oracle/gen_optim_primitives_golden.py) holds
MindSpore's outputs and the Parameters' values after one call.
"""

import json

import numpy as np
import pytest
from _paths import TESTS

import msfunc
from msfunc import ops

CASES = json.loads((TESTS / "golden" / "optim_primitives.json").read_text())


def _call(case, boxes):
    args = [
        boxes[k]
        if k in boxes
        else (
            np.asarray(case["inputs"][k], np.float32)
            if isinstance(case["inputs"][k], list)
            else case["inputs"][k]
        )
        for k in case["order"]
    ]
    return getattr(ops, case["name"])(**case["kwargs"])(*args)


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_optimizer_primitive_matches_mindspore(case):
    boxes = {
        k: msfunc.Parameter(msfunc.Tensor(np.asarray(v, np.float32)), name=k)
        for k, v in case["params"].items()
    }
    out = _call(case, boxes)
    outs = out if isinstance(out, tuple) else (out,)
    assert len(outs) == len(case["outputs"])
    for got, want in zip(outs, case["outputs"], strict=True):
        np.testing.assert_allclose(got.asnumpy(), want, rtol=1e-5, atol=1e-6)
    for k, box in boxes.items():
        np.testing.assert_allclose(box.asnumpy(), case["after"][k], rtol=1e-5, atol=1e-6)


def test_optimizer_primitive_writes_parameters_under_jit():
    case = next(c for c in CASES if c["name"] == "ApplyProximalAdagrad")
    boxes = {
        k: msfunc.Parameter(msfunc.Tensor(np.asarray(v, np.float32)), name=k)
        for k, v in case["params"].items()
    }
    step = msfunc.jit(lambda: _call(case, boxes))
    step()
    for k, box in boxes.items():
        np.testing.assert_allclose(box.asnumpy(), case["after"][k], rtol=1e-5, atol=1e-6)


def test_ftrl_l1_threshold_follows_the_documented_update():
    # var = (sign(linear) * l1 - linear) / quadratic where |linear| > l1, else 0
    var = msfunc.Parameter(msfunc.Tensor(np.array([0.5, -0.2, 0.1], np.float32)), name="var")
    accum = msfunc.Parameter(msfunc.Tensor(np.array([0.1, 0.2, 0.3], np.float32)), name="acc")
    linear = msfunc.Parameter(msfunc.Tensor(np.array([0.3, -0.4, 0.01], np.float32)), name="lin")
    grad = np.array([0.3, 0.1, -0.05], np.float32)
    lr, l1, l2, lr_power = 0.1, 0.05, 0.02, -0.5
    a0, w0, lin0 = accum.asnumpy(), var.asnumpy(), linear.asnumpy()
    a1 = a0 + grad * grad
    lin1 = lin0 + grad - (np.sqrt(a1) - np.sqrt(a0)) / lr * w0
    quadratic = np.sqrt(a1) / lr + 2 * l2
    want = np.where(np.abs(lin1) > l1, (np.sign(lin1) * l1 - lin1) / quadratic, 0.0)
    out = ops.ApplyFtrl()(var, accum, linear, grad, lr, l1, l2, lr_power)
    np.testing.assert_allclose(out.asnumpy(), want, rtol=1e-5, atol=1e-7)
    np.testing.assert_allclose(linear.asnumpy(), lin1, rtol=1e-5, atol=1e-6)
    assert out.asnumpy()[2] == 0.0  # |linear| <= l1


def test_adagrad_without_update_slots_keeps_accum():
    var = msfunc.Parameter(msfunc.Tensor(np.array([1.0, -1.0], np.float32)), name="var")
    accum = msfunc.Parameter(msfunc.Tensor(np.array([4.0, 1.0], np.float32)), name="acc")
    grad = np.array([0.5, 2.0], np.float32)
    ops.ApplyAdagrad(update_slots=False)(var, accum, 0.1, grad)
    np.testing.assert_allclose(accum.asnumpy(), [4.0, 1.0])
    np.testing.assert_allclose(var.asnumpy(), [1.0 - 0.1 * 0.5 / 2.0, -1.0 - 0.1 * 2.0], rtol=1e-6)
