"""runtime.set_memory checks its settings as MindSpore 2.10 does (tests/golden/runtime_memory.json,
from tests/oracle/runtime_memory_cases.py): sizes "<number>GB", level "O0"/"O1", once per
process."""

import pytest
from _paths import case_table, golden

from msfunc.compat import runtime

_CASES = case_table("runtime_memory_cases").CASES
_GOLDEN = golden("runtime_memory")


@pytest.mark.parametrize("name", sorted(_CASES))
def test_set_memory_matches_mindspore(name):
    runtime._MEMORY.clear()  # (a fresh process)
    try:
        assert _CASES[name](runtime) == _GOLDEN[name]
    finally:
        runtime._MEMORY.clear()
