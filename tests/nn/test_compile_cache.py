"""``Cell.compile_cache`` and ``cells_compile_cache`` against MindSpore 2.10 (golden)."""

from _paths import case_table, golden

import msfunc as ms
from msfunc.compat.executors import cells_compile_cache
from msfunc.nn.compile_cache import cells_compile_cache as own


def test_counts_match_mindspore():
    record = {}
    case_table("compile_cache_cases").counts(ms, cells_compile_cache, record.__setitem__)
    assert record == golden("compile_cache")


def test_mapping_reads_live_cells():
    net = ms.nn.ReLU()
    assert own is cells_compile_cache
    assert id(net) in set(cells_compile_cache) and cells_compile_cache[id(net)] == set()
    assert "set()" in repr(cells_compile_cache)
