"""The fused ``ops.LSTM`` primitive (flat weights) against MindSpore 2.10's CPU kernel:
tests/golden/lstm_primitive.json (tests/oracle/gen_lstm_primitive_golden.py)."""

import json

import numpy as np
import pytest
from _paths import TESTS

import msfunc as ms
from msfunc import ops

CASES = json.loads((TESTS / "golden" / "lstm_primitive.json").read_text())


@pytest.mark.parametrize("name", sorted(CASES))
def test_lstm_primitive_matches_mindspore(name):
    case = CASES[name]
    inputs = [ms.Tensor(np.asarray(v, np.float32)) for v in case["inputs"]]
    out = ops.LSTM(*case["args"])(*inputs)
    for got, want in zip(out[:3], case["outputs"], strict=True):
        np.testing.assert_allclose(got.asnumpy(), want, rtol=1e-5, atol=1e-6)


def test_lstm_primitive_checks_the_weight_count():
    case = CASES["plain"]
    x, h, c, w = (np.asarray(v, np.float32) for v in case["inputs"])
    with pytest.raises(ValueError, match="weights"):
        ops.LSTM(*case["args"])(ms.Tensor(x), ms.Tensor(h), ms.Tensor(c), ms.Tensor(w[:-1]))
