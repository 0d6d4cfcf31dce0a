"""TextFileDataset's row orders (shuffle modes, workers, shards, epochs) and the exception
types of bad arguments, against real MindSpore 2.10: tests/golden/text_file_dataset.json
from tests/oracle/gen_text_file_golden.py."""

import os

import pytest
from _reader_golden import reader_golden

import msfunc.dataset as ds

cases, GOLDEN, source, test_rows_match_mindspore, test_errors_match_mindspore = reader_golden(
    "text_file_cases", "text_file_dataset.json"
)


def test_text_file_bad_input_at_iteration(source):
    with pytest.raises(ValueError, match="no file matches"):
        ds.TextFileDataset(os.path.join(os.path.dirname(source), "none_*.txt"))
