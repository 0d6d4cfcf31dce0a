"""The causes the corpus of real programs showed, against MindSpore 2.10's answers
(tests/golden/corpus_causes.json, from tests/oracle/corpus_cases.py)."""

import json
import pathlib
import sys

import pytest

import msfunc

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "oracle"))
from corpus_cases import CASES  # noqa: E402

GOLDEN = json.loads((pathlib.Path(__file__).resolve().parent / "golden"
                     / "corpus_causes.json").read_text())


@pytest.mark.parametrize("name", sorted(CASES))
def test_case_matches_mindspore(name):
    assert CASES[name](msfunc) == GOLDEN[name]
