"""vmap's `fn` kinds against MindSpore 2.10 (tests/golden/vmap_fn_kinds.json): a bare primitive
is refused with RuntimeError when the mapped function is called, in PyNative and graph mode
alike; functional ops and functions calling a primitive are mapped."""

import pytest
from _paths import case_table, golden

import msfunc as ms

_CASES = case_table("vmap_fn_kinds_cases").CASES
_GOLDEN = golden("vmap_fn_kinds")


@pytest.mark.parametrize("name", sorted(_CASES))
def test_vmap_fn_kind_matches_mindspore(name):
    assert _CASES[name](ms) == _GOLDEN[name]
