"""Split MINDIR export (weights past TOTAL_SAVE written apart) against MindSpore 2.10.

The scenarios of tests/oracle/split_mindir_cases.py run here with msfunc: the weight files
must hold MindSpore's bytes (header, name order, 64-byte padding, the file split), be
read-only like the graph file, and the loaded graph must give the network's output.
"""

import json
import pathlib
import sys

import pytest

import msfunc

sys.path.insert(0, str(pathlib.Path(__file__).parents[1] / "oracle"))
import split_mindir_cases  # noqa: E402

GOLDEN = json.loads(
    (pathlib.Path(__file__).parents[1] / "golden" / "split_mindir.json").read_text()
)


@pytest.mark.parametrize("scenario", split_mindir_cases.SCENARIOS, ids=lambda f: f.__name__)
def test_matches_mindspore(scenario, tmp_path):
    got = {}
    scenario(msfunc, str(tmp_path), got.__setitem__)
    assert got.keys() == {k for k in GOLDEN if k.split("/")[0] == next(iter(got)).split("/")[0]}
    for key, value in got.items():
        assert value == GOLDEN[key], key
