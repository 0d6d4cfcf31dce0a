"""The image dataset readers (LSUNDataset, OmniglotDataset, SUN397Dataset, Caltech256Dataset,
Food101Dataset, LFWDataset ...): columns, dtypes, row orders (shuffle off, seeded shuffle,
shards, num_samples), usages, decoded pixels and the exception types of bad arguments, on
tiny synthetic folders, against real MindSpore 2.10: tests/golden/image_sources.json from
tests/oracle/gen_image_sources_golden.py."""

import json
import os
import sys

import pytest
from _paths import TESTS

sys.path.insert(0, os.path.join(str(TESTS), "oracle"))
import image_sources_cases as cases  # noqa: E402

import msfunc.dataset as ds  # noqa: E402

with open(os.path.join(str(TESTS), "golden", "image_sources.json")) as _f:
    GOLDEN = json.load(_f)


@pytest.fixture(scope="module")
def folders(tmp_path_factory):
    return {
        reader: cases.write_files(str(tmp_path_factory.mktemp(reader)), reader)
        for reader in cases.CASES
    }


@pytest.mark.parametrize("reader", sorted(cases.CASES))
def test_rows_match_mindspore(folders, reader):
    seed = ds.config.get_seed()
    try:
        got = {
            name: cases.outcome(ds, folders[reader], reader, case)
            for name, case in cases.CASES[reader].items()
        }
    finally:
        ds.config.set_seed(seed)
    want = {name: GOLDEN[reader][name] for name in cases.CASES[reader]}
    for name in want:
        assert got[name] == want[name], name


@pytest.mark.parametrize("reader", sorted(cases.CASES))
def test_errors_match_mindspore(folders, reader):
    got = {
        name: cases.error_of(ds, folders[reader], reader, kwargs)
        for name, kwargs in cases.BAD[reader].items()
    }
    assert got == GOLDEN[reader]["__errors__"]


def test_empty_folder_fails_when_read(tmp_path):
    # (MindSpore makes the dataset, and fails once its rows are read)
    data = ds.Caltech256Dataset(str(tmp_path))
    with pytest.raises(RuntimeError):
        list(data.create_tuple_iterator(output_numpy=True))
