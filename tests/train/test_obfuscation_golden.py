"""obfuscate_ckpt and load_obf_params_into_net against MindSpore 2.10 (golden/obfuscation.json).

The scenarios of tests/oracle/obfuscation_cases.py run here with ``ms = msfunc``; both
frameworks draw from numpy's seeded global generator, so the returned metadata and the
obfuscated checkpoint values must match MindSpore's.
"""

import json
import pathlib
import sys

import numpy as np
import pytest

import msfunc

sys.path.insert(0, str(pathlib.Path(__file__).parents[1] / "oracle"))
import obfuscation_cases  # noqa: E402

GOLDEN = json.loads((pathlib.Path(__file__).parents[1] / "golden" / "obfuscation.json").read_text())


@pytest.mark.parametrize("scenario", obfuscation_cases.SCENARIOS, ids=lambda f: f.__name__)
def test_matches_mindspore(scenario, tmp_path):
    got = {}
    scenario(msfunc, str(tmp_path), got.__setitem__)
    for key, value in got.items():
        expected = GOLDEN[key]
        if key.endswith("/params"):
            assert value.keys() == expected.keys(), key
            for name in value:
                np.testing.assert_array_equal(value[name], expected[name], err_msg=key + name)
        else:
            assert value == expected, key


def test_obfuscated_weights_undo_with_saved_metadata(tmp_path):
    """Scaling an obfuscated weight by the returned (inverted) scale gives the weight back."""
    net = msfunc.nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    (tmp_path / "src").mkdir()
    (tmp_path / "dst").mkdir()
    msfunc.save_checkpoint(net, str(tmp_path / "src" / "dense.ckpt"))
    config = {
        "obf_metadata_config": [
            {"name": "obf_metadata", "shape": [1], "save_metadata": True, "metadata_op": "invert"}
        ],
        "weight_obf_config": [
            {
                "target": "weight",
                "weight_obf_ops": [{"name": "mul", "input_x": "w", "input_y": "obf_metadata"}],
            }
        ],
    }
    config["obf_metadata_config"][0]["type"] = "random"
    saved = msfunc.obfuscate_ckpt(
        net, str(tmp_path / "src"), obf_config=config, saved_path=str(tmp_path / "dst")
    )
    obf = msfunc.load_checkpoint(str(tmp_path / "dst" / "dense_obf.ckpt"))["weight"].asnumpy()
    assert not np.allclose(obf, 1)
    np.testing.assert_allclose(obf * saved["obf_metadata"].astype(np.float32), 1, rtol=1e-3)
