"""Word vectors (Vectors, GloVe, FastText, CharNGram) read from small synthetic files and
looked up with ToVectors give MindSpore 2.10's arrays, and bad files and arguments raise
MindSpore's exception types.

Golden values come from `tests/oracle/gen_text_vectors_golden.py` run under real
MindSpore; the same case functions run here with msfunc on the same files.
"""

import os
import sys

import numpy as np
import pytest
from _paths import TESTS

import msfunc

sys.path.insert(0, os.path.join(str(TESTS), "oracle"))
import gen_text_vectors_golden as oracle  # noqa: E402

GOLDEN = np.load(oracle.GOLDEN_PATH)


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    path = tmp_path_factory.mktemp("vectors")
    oracle.write_files(str(path))
    return str(path)


@pytest.mark.parametrize("name", sorted(oracle.CASES))
def test_case_matches_mindspore(name, folder):
    got = oracle.run_case(msfunc, name, folder)
    assert f"{name}/{len(got)}" not in GOLDEN.files
    for i, value in enumerate(got):
        expected = GOLDEN[f"{name}/{i}"]
        assert value.shape == expected.shape, (i, value.shape, expected.shape)
        assert value.dtype == expected.dtype, (i, value.dtype, expected.dtype)
        np.testing.assert_array_equal(value, expected, err_msg=str(i))


def test_refusals_match_mindspore_types(folder):
    wrong = {
        name: (oracle.refused(msfunc, name, folder), str(GOLDEN[f"refused/{name}"]))
        for name in oracle.REFUSED
    }
    assert {k: v for k, v in wrong.items() if v[0] != v[1]} == {}
