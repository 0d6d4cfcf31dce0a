"""msfunc.dataset.text against MindSpore 2.10 (golden from tests/oracle/gen_text_golden.py).

The scenarios of tests/oracle/text_cases.py run here with msfunc; each recorded value is
compared with what MindSpore recorded for the same program.
"""

import json
import os
import sys

import numpy as np
import pytest
from _paths import TESTS

sys.path.insert(0, os.path.join(str(TESTS), "oracle"))
import text_cases  # noqa: E402

import msfunc as ms  # noqa: E402
import msfunc.dataset as ds  # noqa: E402
import msfunc.dataset.transforms as T  # noqa: E402
from msfunc.dataset import text  # noqa: E402

with open(os.path.join(str(TESTS), "golden", "text.json"), encoding="utf-8") as f:
    GOLDEN = json.load(f)


def _close(ours, theirs, where):
    """Equal, floats to float32 precision (json keeps float32 values as doubles)."""
    if isinstance(theirs, float) or isinstance(ours, float):
        assert ours == pytest.approx(theirs, rel=1e-6, nan_ok=True), where
    elif isinstance(theirs, list) and isinstance(ours, list) and len(ours) == len(theirs):
        for i, (a, b) in enumerate(zip(ours, theirs)):
            _close(a, b, f"{where}[{i}]")
    elif isinstance(theirs, dict) and isinstance(ours, dict) and ours.keys() == theirs.keys():
        for k in theirs:
            _close(ours[k], theirs[k], f"{where}.{k}")
    else:
        assert ours == theirs, where


@pytest.mark.parametrize("scenario", text_cases.SCENARIOS, ids=lambda s: s.__name__)
def test_matches_mindspore(scenario):
    seen = []

    def rec(key, value):
        seen.append(key)
        _close(
            json.loads(json.dumps(text_cases.encode(value), ensure_ascii=False)), GOLDEN[key], key
        )

    scenario(ms, ds, text, T, rec)
    assert seen, "the scenario recorded nothing"


def test_every_golden_value_is_checked():
    keys = []
    for scenario in text_cases.SCENARIOS:
        scenario(ms, ds, text, T, lambda key, value: keys.append(key))
    assert sorted(keys) == sorted(GOLDEN)


def test_bad_arguments():
    vocab = text.Vocab.from_list(["a"])
    with pytest.raises(ValueError, match="unknown_token"):
        text.Lookup(vocab, "<unk>")
    with pytest.raises(ValueError, match="twice"):
        text.Vocab.from_list(["a"], ["<p>", "<p>"])
    with pytest.raises(ValueError, match="non-negative"):
        vocab.ids_to_tokens(-1)
    with pytest.raises(ValueError, match="rank 1"):
        text.Ngram(2)(np.array([["a"]]))
    with pytest.raises(ValueError, match="positive int"):
        text.SlidingWindow(0)
    with pytest.raises(TypeError, match="numpy array"):
        text.PythonTokenizer(str.split)("a b")


def test_text_columns_come_out_of_iterators_as_numpy():
    data = ds.NumpySlicesDataset(["a b"], column_names=["t"], shuffle=False)
    row = next(data.map(text.WhitespaceTokenizer(), ["t"]).create_tuple_iterator())
    assert isinstance(row[0], np.ndarray) and row[0].tolist() == ["a", "b"]


def test_import_mindspore_dataset_text_is_msfunc():
    from msfunc.compat import alias_mindspore, unalias_mindspore

    alias_mindspore()
    try:
        import mindspore.dataset.text as ms_text

        assert ms_text.BertTokenizer is text.BertTokenizer and ms_text.Vocab is text.Vocab
    finally:
        unalias_mindspore()
