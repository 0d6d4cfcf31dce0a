"""CelebADataset's attributes, usages, extensions, row orders (shuffle, shards), decrypt
and the exception types of bad arguments, against real MindSpore 2.10:
tests/golden/celeba_dataset.json from tests/oracle/gen_celeba_golden.py."""

import pytest
from _reader_golden import reader_golden

import msfunc.dataset as ds

cases, GOLDEN, source, test_rows_match_mindspore, test_errors_match_mindspore = reader_golden(
    "celeba_cases", "celeba_dataset.json"
)


def test_celeba_bad_input_at_iteration(source):
    data = ds.CelebADataset(source, decrypt=lambda path: "not bytes")
    with pytest.raises(RuntimeError, match="bytes"):
        list(data.create_tuple_iterator(output_numpy=True))
