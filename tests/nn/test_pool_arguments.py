"""The pooling layers keep `kernel_size` and `stride` as MindSpore 2.10 does (an int stays an
int, 1-D pools as 2-D ones) and raise its exception types for bad ones
(tests/golden/pool_arguments.json, from tests/oracle/pool_argument_cases.py)."""

import pytest
from _paths import case_table, golden

from msfunc import nn

_CASES = case_table("pool_argument_cases")
_GOLDEN = golden("pool_arguments")["cases"]
_GOT = _CASES.cases(nn)


@pytest.mark.parametrize("layer", _CASES.LAYERS)
def test_layer_matches_mindspore(layer):
    assert _GOT[layer] == _GOLDEN[layer]
