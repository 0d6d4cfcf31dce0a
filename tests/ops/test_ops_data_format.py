"""``ops.DataFormatDimMap`` against MindSpore 2.10 (tests/golden/ops_data_format.json).

The golden file comes from tests/oracle/gen_ops_data_format_golden.py.
"""

import json

import numpy as np
import pytest
from _paths import TESTS

import msfunc
from msfunc import ops

GOLDEN = json.loads((TESTS / "golden" / "ops_data_format.json").read_text())


@pytest.mark.parametrize("case", GOLDEN["cases"], ids=lambda c: f"{c['src']}-{c['dst']}")
@pytest.mark.parametrize("dtype", [np.int32, np.int64])
def test_data_format_dim_map_matches_mindspore(case, dtype):
    x = msfunc.Tensor(np.array(GOLDEN["x"], dtype))
    y = ops.DataFormatDimMap(case["src"], case["dst"])(x).asnumpy()
    assert y.dtype == dtype
    assert y.tolist() == case["y"]


@pytest.mark.parametrize(
    "formats, x, error",
    [
        (("NHWC", "HWNC"), np.zeros(2, np.int32), ValueError),
        (("NHWC", "NCHW"), np.zeros(2, np.float32), TypeError),
        (("NHWC", "NCHW"), np.zeros(2, np.int16), TypeError),
    ],
)
def test_data_format_dim_map_rejects_what_mindspore_rejects(formats, x, error):
    with pytest.raises(error, match="DataFormatDimMap"):
        ops.DataFormatDimMap(*formats)(msfunc.Tensor(x))
