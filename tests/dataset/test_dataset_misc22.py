"""vision.MixUp, ImageFolderDataset's decrypt and TrivialAugmentWide, against real MindSpore 2.10:
tests/golden/dataset_misc22.json from tests/oracle/gen_dataset_misc22_golden.py (cases in
tests/oracle/dataset_misc22_cases.py)."""

import json
import os
import sys

import pytest
from _paths import TESTS

sys.path.insert(0, os.path.join(str(TESTS), "oracle"))
import dataset_misc22_cases as cases  # noqa: E402

import msfunc.dataset as ds  # noqa: E402
from msfunc.dataset import transforms, vision  # noqa: E402

with open(os.path.join(str(TESTS), "golden", "dataset_misc22.json")) as _f:
    GOLDEN = json.load(_f)


@pytest.fixture(autouse=True)
def _seed():
    seed = ds.config.get_seed()
    ds.config.set_seed(3)
    yield
    ds.config.set_seed(seed)


def _json(value):
    return json.loads(json.dumps(value))


def test_mix_up_matches_mindspore():
    assert _json(cases.mix_up(ds, vision, transforms)) == GOLDEN["mix_up"]


def test_image_folder_decrypt_matches_mindspore(tmp_path):
    got = cases.image_folder_decrypt(ds, vision, str(tmp_path / "if"))
    assert _json(got) == GOLDEN["image_folder_decrypt"]


def test_trivial_augment_wide_matches_mindspore():
    assert _json(cases.trivial_augment_wide(ds, vision)) == GOLDEN["trivial_augment_wide"]


def test_bbox_bounds_match_mindspore():
    assert _json(cases.bbox_bounds(ds, vision)) == GOLDEN["bbox_bounds"]


def test_line_reader_matches_mindspore(tmp_path):
    got = cases.line_reader(ds, str(tmp_path / "lines"))
    assert _json(got) == GOLDEN["line_reader"]


def test_schema_matches_mindspore(tmp_path):
    assert _json(cases.schema(ds, str(tmp_path / "schema"))) == GOLDEN["schema"]


def test_iterators_match_mindspore():
    assert _json(cases.iterators(ds)) == GOLDEN["iterators"]


def test_concat_matches_mindspore():
    assert _json(cases.concat(ds)) == GOLDEN["concat"]


def test_csv_tail_matches_mindspore(tmp_path):
    assert _json(cases.csv_tail(ds, str(tmp_path / "csv"))) == GOLDEN["csv_tail"]


def test_save_names_match_mindspore(tmp_path):
    assert _json(cases.save_names(ds, str(tmp_path / "save"))) == GOLDEN["save_names"]


def test_vocab_checks_match_mindspore():
    assert _json(cases.vocab_checks(ds)) == GOLDEN["vocab_checks"]


def test_resized_crop_checks_match_mindspore():
    assert _json(cases.resized_crop_checks(vision)) == GOLDEN["resized_crop_checks"]
