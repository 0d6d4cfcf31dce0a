"""msfunc.dataset against golden values from MindSpore 2.10 (tests/oracle/gen_dataset_golden.py).

The scenarios are the oracle's own functions, run here with ds = msfunc.dataset.
"""

import importlib.util
import json

import numpy as np
import pytest
from _paths import TESTS

import msfunc.dataset as ds

HERE = TESTS
_spec = importlib.util.spec_from_file_location(
    "gen_dataset_golden", HERE / "oracle" / "gen_dataset_golden.py"
)
gen = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gen)
GOLDEN = json.loads((HERE / "golden" / "dataset.json").read_text())


def _ours():
    out = {}
    for scenario in gen.SCENARIOS:
        scenario(ds, lambda key, value: out.__setitem__(key, value))
    return out


OURS = _ours()


def _normal(value):
    return json.loads(
        json.dumps(value, default=lambda v: list(v) if isinstance(v, tuple) else v.tolist())
    )


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_matches_mindspore(key):
    ours, want = _normal(OURS[key]), GOLDEN[key]
    if key.startswith(("resize_float", "rescale", "normalize", "onehot_smooth")):
        np.testing.assert_allclose(np.array(ours), np.array(want), rtol=1e-6, atol=1e-6)
    else:
        assert ours == want
