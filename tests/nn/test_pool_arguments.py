"""The pooling layers keep `kernel_size` and `stride` as MindSpore 2.10 does (an int stays an
int, 1-D pools as 2-D ones) and raise its exception types for bad ones
(tests/golden/pool_arguments.json, from tests/oracle/pool_argument_cases.py)."""

import importlib
import json
import sys

import pytest
from _paths import GOLDEN, ORACLE

from msfunc import nn

sys.path.insert(0, str(ORACLE))  # (the shared case tables of the golden generators)
_CASES = importlib.import_module("pool_argument_cases")
_GOLDEN = json.loads((GOLDEN / "pool_arguments.json").read_text())["cases"]
_GOT = _CASES.cases(nn)


@pytest.mark.parametrize("layer", _CASES.LAYERS)
def test_layer_matches_mindspore(layer):
    assert _GOT[layer] == _GOLDEN[layer]
