"""Primitives MindSpore's ops unit tests build, against MindSpore 2.10 CPU's golden values:
the Ascend float-status primitives (checked inputs, no kernel) and NMSWithMask."""

import json

import jax
import numpy as np
import pytest
from _paths import TESTS

import msfunc as ms
from msfunc import ops

GOLDEN = json.loads((TESTS / "golden" / "ops_ut.json").read_text())
_INPUTS = {
    "python_float": 5.0,
    "int32_2d": ([3, 4], "int32"),
    "float64_8": ([8], "float64"),
    "float32_2d": ([3, 4], "float32"),
    "float32_3": ([3], "float32"),
    "float32_8": ([8], "float32"),
    "float16_8": ([8], "float16"),
}


def _outcome(fn):
    try:
        fn()
    except Exception as e:
        return type(e).__name__
    return "ok"


def _status_input(spec):
    return spec if isinstance(spec, float) else ms.Tensor(np.ones(spec[0], spec[1]))


@pytest.mark.parametrize("cls", ["NPUGetFloatStatus", "NPUClearFloatStatus"])
def test_float_status_checks_input_then_has_no_kernel(cls):
    op = getattr(ops, cls)()
    got = {name: _outcome(lambda s=spec: op(_status_input(s))) for name, spec in _INPUTS.items()}
    assert got == GOLDEN["float_status"][cls]
    with pytest.raises(TypeError, match="input_x"):
        op(5.0)
    assert (
        _outcome(ops.NPUAllocFloatStatus())
        == GOLDEN["float_status"]["NPUAllocFloatStatus"]["no_input"]
    )


_NMS = {k: v for k, v in GOLDEN["nms_with_mask"].items() if k != "refused"}


@pytest.mark.parametrize("name", sorted(_NMS))
def test_nms_with_mask_matches_mindspore(name):
    case = _NMS[name]
    boxes = ms.Tensor(np.array(case["boxes"], case["dtype"]))
    out, idx, keep = ops.NMSWithMask(case["iou_threshold"])(boxes)
    np.testing.assert_array_equal(
        np.asarray(out), np.array(case["sorted_boxes"]).astype(case["dtype"])
    )
    assert np.asarray(idx).tolist() == case["indices"]
    assert np.asarray(idx).dtype == np.int32
    assert np.asarray(keep).tolist() == case["keep"]


def test_nms_with_mask_under_jit_and_refusals():
    case = _NMS["random"]
    boxes = np.array(case["boxes"], np.float32)
    op = ops.NMSWithMask(case["iou_threshold"])
    keep = jax.jit(lambda b: op(b)[2])(boxes)
    assert np.asarray(keep).tolist() == case["keep"]
    refused = {
        "python_float": lambda: ops.NMSWithMask()(5.0),
        "int32": lambda: ops.NMSWithMask()(ms.Tensor(np.ones([3, 5], np.int32))),
        "rank3": lambda: ops.NMSWithMask()(ms.Tensor(np.ones([3, 5, 2], np.float32))),
        "four_columns": lambda: ops.NMSWithMask()(ms.Tensor(np.ones([3, 4], np.float32))),
    }
    got = {name: _outcome(fn) for name, fn in refused.items()}
    expected = dict(GOLDEN["nms_with_mask"]["refused"])
    assert expected.pop("int_threshold") == "TypeError"  # msfunc checks it when called
    assert got == expected
    with pytest.raises(TypeError, match="iou_threshold"):
        ops.NMSWithMask(1)(ms.Tensor(np.ones([3, 5], np.float32)))
