"""ops.interpolate's bicubic mode against real MindSpore 2.10
(tests/oracle/gen_ops_interpolate_golden.py), with and without align_corners."""

import json

import numpy as np
import pytest
from _paths import TESTS

import msfunc
from msfunc import ops

GOLDEN = json.loads((TESTS / "golden" / "ops_interpolate.json").read_text())


@pytest.mark.parametrize(
    "case", GOLDEN["bicubic"], ids=lambda c: f"{c['size']}-{c['align_corners']}"
)
def test_bicubic_interpolation_matches_mindspore(case):
    x = msfunc.Tensor(np.array(GOLDEN["input"], np.float32))
    got = ops.interpolate(
        x, size=tuple(case["size"]), mode="bicubic", align_corners=case["align_corners"]
    )
    np.testing.assert_allclose(got.asnumpy(), np.array(case["output"]), atol=1e-5)
