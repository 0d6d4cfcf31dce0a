"""The causes the corpus of real programs showed, against MindSpore 2.10's answers
(tests/golden/corpus_causes.json, from tests/oracle/corpus_cases.py)."""

import json
import sys

import pytest
from _paths import TESTS

import msfunc

sys.path.insert(0, str(TESTS / "oracle"))
from corpus_cases import CASES  # noqa: E402

GOLDEN = json.loads((TESTS / "golden" / "corpus_causes.json").read_text())


@pytest.mark.parametrize("name", sorted(CASES))
def test_case_matches_mindspore(name):
    assert CASES[name](msfunc) == GOLDEN[name]
