"""MindSpore's profiler parsers and viewers (``mindspore.profiler.analysis.parser`` /
``viewer``) write MindSpore 2.10's files: the cases of tests/oracle/profiler_viewer_cases.py
(framework TLV records, CANN exports and an assembled timeline turned into kernel_details.csv,
step_trace_time.csv, memory_record.csv, communication.json ...) run here through the
``mindspore`` alias against tests/golden/profiler_viewers.json."""

import pytest
from _paths import case_table, golden

from msfunc.compat import alias_mindspore, unalias_mindspore

_CASES = case_table("profiler_viewer_cases")
_GOLDEN = golden("profiler_viewers")


@pytest.fixture(scope="module")
def api():
    alias_mindspore()
    try:
        yield _CASES.load()
    finally:
        unalias_mindspore()


@pytest.mark.parametrize("name", sorted(_CASES.CASES))
def test_case_matches_mindspore(api, name):
    assert _CASES.CASES[name](api) == _GOLDEN[name]
