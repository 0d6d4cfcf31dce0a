"""RegexReplace and RegexTokenizer with Unicode property classes (\\p{Han}, \\p{Ll}, ...)
against real MindSpore 2.10: tests/golden/text_regex.json from
tests/oracle/gen_text_regex_golden.py (cases in tests/oracle/text_regex_cases.py)."""

import json
import os
import sys

from _paths import TESTS

sys.path.insert(0, os.path.join(str(TESTS), "oracle"))
import text_regex_cases as cases  # noqa: E402

from msfunc.dataset import text  # noqa: E402

with open(os.path.join(str(TESTS), "golden", "text_regex.json"), encoding="utf-8") as _f:
    GOLDEN = json.load(_f)


def test_unicode_property_patterns_match_mindspore():
    got = json.loads(json.dumps(cases.outcome(text)))
    assert got["replace"] == GOLDEN["replace"]
    assert got["tokenize"] == GOLDEN["tokenize"]
