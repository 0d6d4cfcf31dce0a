"""MindSpore's profiler analysis paths (``mindspore.profiler.common`` path/file managers and
``mindspore.profiler.analysis`` trace events, lanes, creators and the timeline assembler) give
MindSpore 2.10's answers: the cases of tests/oracle/profiler_analysis_cases.py run here through
the ``mindspore`` alias against tests/golden/profiler_analysis.json."""

import pytest
from _paths import case_table, golden

from msfunc.compat import alias_mindspore, unalias_mindspore

_CASES = case_table("profiler_analysis_cases")
_GOLDEN = golden("profiler_analysis")


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
