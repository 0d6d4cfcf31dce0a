"""MindRecord's argument errors: each case ``case(mindrecord, folder)`` makes one bad call
and returns the exception's class name (MindSpore's MindRecord
raises its own classes, ``ParamValueError`` ...). gen_mindrecord_errors_golden.py records
MindSpore 2.10's in tests/golden/mindrecord_errors.json and tests/dataset/
test_mindrecord_errors.py runs the same cases with msfunc. No top-level import of MindSpore
or msfunc.
"""

import os

import numpy as np


def _raised(call):
    try:
        call()
    except Exception as exc:  # noqa: BLE001  (the class is what is recorded)
        return type(exc).__name__
    return None


def _small_file(mr, folder):
    path = os.path.join(folder, "small.mindrecord")
    writer = mr.FileWriter(path, 1)
    writer.add_schema({"label": {"type": "int32"}, "name": {"type": "string"}}, "s")
    writer.add_index(["label"])
    writer.write_raw_data([{"label": i % 3, "name": f"n{i}"} for i in range(6)])
    writer.commit()
    return path


def writer_arguments(mr, folder):
    """FileWriter's shard count, overwrite flag, schema and index."""
    path = os.path.join(folder, "w.mindrecord")
    return {
        "shard_num_none": _raised(lambda: mr.FileWriter(path, None)),
        "shard_num_str": _raised(lambda: mr.FileWriter(path, "1")),
        "shard_num_1001": _raised(lambda: mr.FileWriter(path, 1001)),
        "shard_num_0": _raised(lambda: mr.FileWriter(path, 0)),
        "overwrite_int": _raised(lambda: mr.FileWriter(path, 1, 1)),
        "index_before_schema": _raised(lambda: mr.FileWriter(path).add_index(["label"])),
        "schema_bad_type": _raised(
            lambda: mr.FileWriter(path).add_schema({"a": {"type": "int9"}}, "d")
        ),
        "schema_not_dict": _raised(lambda: mr.FileWriter(path).add_schema([1], "d")),
    }


def reader_arguments(mr, folder):
    """FileReader's and MindPage's consumer counts and page lookups."""
    path = _small_file(mr, folder)
    page = mr.MindPage(path)
    page.category_field = "label"
    return {
        "reader_consumer_none": _raised(lambda: mr.FileReader(path, None)),
        "reader_consumer_str": _raised(lambda: mr.FileReader(path, "1")),
        "page_consumer_none": _raised(lambda: mr.MindPage(path, None)),
        "page_consumer_str": _raised(lambda: mr.MindPage(path, "1")),
        "by_id_str_page": _raised(lambda: page.read_at_page_by_id(0, "0", 1)),
        "by_id_str_size": _raised(lambda: page.read_at_page_by_id(0, 0, "b")),
        "by_name_str_page": _raised(lambda: page.read_at_page_by_name("1", "e", 1)),
        "by_name_int_name": _raised(lambda: page.read_at_page_by_name(1, 0, 1)),
        "by_id_float": _raised(lambda: page.read_at_page_by_id(np.float32(0), 0, 1)),
    }


CASES = {"writer_arguments": writer_arguments, "reader_arguments": reader_arguments}
