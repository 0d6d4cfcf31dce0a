"""Variable-length sequences and graph mode's isconstant / is_sequence_*_unknown questions give
MindSpore 2.10's answers (tests/golden/dynamic_sequence.json, from the case functions of
tests/oracle/dynamic_sequence_cases.py run here with msfunc)."""

import pytest
from _paths import case_table, golden

import msfunc as ms
from msfunc.compat import alias_mindspore, unalias_mindspore
from msfunc.compat import dynamic_sequence as F

_CASES = case_table("dynamic_sequence_cases").CASES
_GOLDEN = golden("dynamic_sequence")


@pytest.fixture
def aliased():
    alias_mindspore()  # (the cases import MindSpore's private module paths)
    yield
    unalias_mindspore()


@pytest.mark.parametrize("name", sorted(_CASES))
def test_case_matches_mindspore(name, aliased):
    assert _CASES[name](ms, F) == _GOLDEN[name]


def test_dynamic_sequences_cross_jit_boundaries():
    """A variable-length sequence passed in stays one inside, and comes back as one."""
    x = ms.mutable([1, 2], True)
    inner = ms.jit(lambda s: (F.is_sequence_shape_unknown(s), s + [3]))
    known, out = inner(x)
    assert known and isinstance(out, F.DynamicList) and [int(v) for v in out] == [1, 2, 3]
