"""GeneratorDataset's worker seeds, debug mode's strict maps and MnistDataset's late file checks,
against real MindSpore 2.10: tests/golden/dataset_misc23.json from
tests/oracle/gen_dataset_misc23_golden.py (cases in tests/oracle/dataset_misc23_cases.py)."""

import json
import os
import sys

import numpy as np
import pytest
from _paths import TESTS

sys.path.insert(0, os.path.join(str(TESTS), "oracle"))
import dataset_misc23_cases as cases  # noqa: E402

import msfunc.dataset as ds  # noqa: E402
from msfunc.dataset import transforms, vision  # noqa: E402

with open(os.path.join(str(TESTS), "golden", "dataset_misc23.json")) as _f:
    GOLDEN = json.load(_f)


@pytest.fixture(autouse=True)
def _seed():
    seed = ds.config.get_seed()
    ds.config.set_seed(1234)
    yield
    ds.config.set_seed(seed)


def _json(value):
    return json.loads(json.dumps(value))


def test_generator_worker_seeds_match_mindspore():
    got = cases.generator_worker_seeds(ds)
    assert _json(got) == GOLDEN["generator_worker_seeds"]


def test_debug_mode_ignores_error_samples_mode_as_mindspore():
    assert _json(cases.debug_error_samples(ds)) == GOLDEN["debug_error_samples"]


def test_mnist_checks_files_late_as_mindspore(tmp_path):
    got = cases.mnist_late_checks(ds, str(tmp_path / "mnist"))
    assert _json(got) == GOLDEN["mnist_late_checks"]


def test_eager_compose_returns_as_mindspore():
    got = cases.compose_eager(vision, transforms)
    assert _json(got) == GOLDEN["compose_eager"]


def test_decode_errors_match_mindspore(tmp_path):
    got = cases.decode_errors(ds, vision, str(tmp_path / "decode"))
    assert _json(got) == GOLDEN["decode_errors"]


def test_dict_columns_shapes_and_types_match_mindspore():
    assert _json(cases.dict_columns(ds)) == GOLDEN["dict_columns"]


def test_decoded_images_are_writable_as_mindspore():
    assert cases.decoded_writable(ds, vision) == GOLDEN["decoded_writable"]


def test_concat_sampler_checks_match_mindspore():
    assert _json(cases.concat_sampler_checks(ds)) == GOLDEN["concat_sampler_checks"]


def test_debug_mode_draws_match_mindspore(capsys):
    got = cases.debug_mode_draws(ds, transforms)
    capsys.readouterr()  # (debug mode prints each operation's inputs and outputs)
    assert _json(got) == GOLDEN["debug_mode_draws"]


def test_map_refuses_generator_results_as_mindspore():
    assert _json(cases.generator_results(ds)) == GOLDEN["generator_results"]


def test_wordpiece_offsets_match_mindspore():
    assert _json(cases.wordpiece_offsets(ds.text)) == GOLDEN["wordpiece_offsets"]


def test_float_bicubic_and_area_resizes_match_mindspore():
    got = cases.float_resizes(vision)
    assert sorted(got) == sorted(GOLDEN["float_resizes"])
    for key, (dtype, values) in GOLDEN["float_resizes"].items():
        assert got[key][0] == dtype, key
        np.testing.assert_allclose(got[key][1], values, rtol=1e-6, atol=1e-6, err_msg=key)


def test_minddataset_unknown_columns_fail_late_as_mindspore(tmp_path):
    got = cases.minddataset_unknown_columns(ds, str(tmp_path / "mindrecord"))
    assert _json(got) == GOLDEN["minddataset_unknown_columns"]


def test_rescale_rounds_as_mindspore():
    assert _json(cases.rescales(vision)) == GOLDEN["rescales"]
