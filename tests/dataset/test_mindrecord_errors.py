"""MindRecord's bad arguments raise MindSpore 2.10's MindRecord exception classes
(tests/golden/mindrecord_errors.json, from the cases of tests/oracle/mindrecord_error_cases.py
run here with msfunc); each is also the builtin exception of its kind."""

import pytest
from _paths import case_table, golden

from msfunc import mindrecord

_CASES = case_table("mindrecord_error_cases").CASES
_GOLDEN = golden("mindrecord_errors")


@pytest.mark.parametrize("name", sorted(_CASES))
def test_case_matches_mindspore(name, tmp_path):
    assert _CASES[name](mindrecord, str(tmp_path)) == _GOLDEN[name]


def test_the_classes_are_also_builtin_exceptions():
    assert issubclass(mindrecord.ParamValueError, ValueError)
    assert issubclass(mindrecord.MRMGetMetaError, RuntimeError)
    assert issubclass(mindrecord.MRMInvalidSchemaError, mindrecord.MindRecordException)
