"""CocoDataset's columns for each task, class indexes, hidden metadata column, row orders
and the exception types of bad input, against real MindSpore 2.10:
tests/golden/coco_dataset.json from tests/oracle/gen_coco_golden.py."""

from _reader_golden import reader_golden

cases, GOLDEN, source, test_rows_match_mindspore, test_errors_match_mindspore = reader_golden(
    "coco_cases", "coco_dataset.json"
)
