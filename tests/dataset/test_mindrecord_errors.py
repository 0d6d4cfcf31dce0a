"""MindRecord's bad arguments raise MindSpore 2.10's MindRecord exception classes
(tests/golden/mindrecord_errors.json, from the cases of tests/oracle/mindrecord_error_cases.py
run here with msfunc); each is also the builtin exception of its kind."""

import importlib
import json
import sys

import pytest
from _paths import GOLDEN, ORACLE

from msfunc import mindrecord

sys.path.insert(0, str(ORACLE))  # (the shared case tables of the golden generators)
_CASES = importlib.import_module("mindrecord_error_cases").CASES
_GOLDEN = json.loads((GOLDEN / "mindrecord_errors.json").read_text())


@pytest.mark.parametrize("name", sorted(_CASES))
def test_case_matches_mindspore(name, tmp_path):
    assert _CASES[name](mindrecord, str(tmp_path)) == _GOLDEN[name]


def test_the_classes_are_also_builtin_exceptions():
    assert issubclass(mindrecord.ParamValueError, ValueError)
    assert issubclass(mindrecord.MRMGetMetaError, RuntimeError)
    assert issubclass(mindrecord.MRMInvalidSchemaError, mindrecord.MindRecordException)
