"""msfunc.hal (``mindspore.hal``) against real MindSpore 2.10 (tests/golden/hal.json).

The scenarios of tests/oracle/hal_cases.py run here with msfunc: the CPU device queries and
a contiguous tensor handle's reads (write-through and mixed dtypes included) must match.
"""

import json
import pathlib
import sys

import pytest

import msfunc
import msfunc.hal

sys.path.insert(0, str(pathlib.Path(__file__).parents[1] / "oracle"))
import hal_cases  # noqa: E402

GOLDEN = json.loads((pathlib.Path(__file__).parents[1] / "golden" / "hal.json").read_text())


@pytest.mark.parametrize("scenario", hal_cases.SCENARIOS, ids=lambda f: f.__name__)
def test_matches_mindspore(scenario):
    got = {}
    scenario(msfunc, msfunc.hal, got.__setitem__)
    assert got.keys() <= GOLDEN.keys()
    for key, value in got.items():
        assert json.loads(json.dumps(value)) == GOLDEN[key], key
