"""CSVDataset's quoting, typed columns, headers, delimiters, worker interleave, shards,
shuffles, parse failures and the exception types of bad arguments, against real
MindSpore 2.10: tests/golden/csv_dataset.json from tests/oracle/gen_csv_golden.py."""

import os

import pytest
from _reader_golden import reader_golden

import msfunc.dataset as ds

cases, GOLDEN, source, test_rows_match_mindspore, test_errors_match_mindspore = reader_golden(
    "csv_cases", "csv_dataset.json"
)


def test_csv_bad_input_at_iteration(source):
    data = ds.CSVDataset(os.path.join(source, "b.csv"), column_names=["n", "n", "f"])
    with pytest.raises(RuntimeError, match="repeats"):
        data.create_tuple_iterator()
