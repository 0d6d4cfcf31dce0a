"""VOCDataset's detection columns, class indexes, segmentation masks, hidden metadata
column, row orders and the exception types of bad input, against real MindSpore 2.10:
tests/golden/voc_dataset.json from tests/oracle/gen_voc_golden.py."""

from _reader_golden import reader_golden

import msfunc.dataset as ds

cases, GOLDEN, source, test_rows_match_mindspore, test_errors_match_mindspore = reader_golden(
    "voc_cases", "voc_dataset.json"
)


def test_voc_metadata_column_hidden_until_renamed(source):
    # (MindSpore's iterators leave out "_meta-" columns: 2 of the 3 here)
    data = ds.VOCDataset(source, shuffle=False, extra_metadata=True)
    assert [len(row) for row in data.create_tuple_iterator(output_numpy=True)] == [2] * 4
