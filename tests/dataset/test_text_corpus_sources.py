"""The text-corpus readers (IMDB, Penn Treebank, WikiText, EnWik9, AG News, Amazon Review,
DBpedia, Sogou News, Yahoo Answers, Yelp Review): rows, dtypes, usages, shuffle orders,
samples, shards and the exception types of bad arguments, against real MindSpore 2.10:
tests/golden/text_corpus.json from tests/oracle/gen_text_corpus_golden.py."""

import json
import os
import sys

import pytest
from _paths import TESTS

sys.path.insert(0, os.path.join(str(TESTS), "oracle"))
import text_corpus_cases as cases  # noqa: E402

import msfunc.dataset as ds  # noqa: E402

with open(os.path.join(str(TESTS), "golden", "text_corpus.json")) as _f:
    GOLDEN = json.load(_f)


@pytest.fixture(scope="module")
def root(tmp_path_factory):
    return cases.write_folders(str(tmp_path_factory.mktemp("corpora")))


@pytest.mark.parametrize("reader", sorted({case[1] for case in cases.CASES.values()}))
def test_rows_match_mindspore(root, reader):
    names = [name for name, case in cases.CASES.items() if case[1] == reader]
    seed = ds.config.get_seed()
    try:
        got = {name: cases.outcome(ds, root, cases.CASES[name]) for name in names}
    finally:
        ds.config.set_seed(seed)
    assert got == {name: GOLDEN[name] for name in names}


def test_errors_match_mindspore(root):
    got = {name: cases.error_of(ds, root, bad) for name, bad in cases.BAD.items()}
    assert got == GOLDEN["__errors__"]
