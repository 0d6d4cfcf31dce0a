"""Seeded samples of nn.probability's Normal, Uniform and Bernoulli are MindSpore 2.10's
numbers: each case of tests/oracle/gen_distribution_samples_golden.py run with msfunc."""

import sys

import numpy as np
import pytest
from _numerics import assert_bits_equal, golden_names
from _paths import GOLDEN, ORACLE

import msfunc as ms

sys.path.insert(0, str(ORACLE))
import gen_distribution_samples_golden as gen  # noqa: E402

GOLDEN_FILE = np.load(GOLDEN / "distribution_samples.npz")
NAMES = golden_names(GOLDEN_FILE)


@pytest.fixture(scope="module")
def results():
    return gen.cases(ms)


@pytest.mark.parametrize("name", NAMES)
def test_samples_equal_mindspores(results, name):
    assert_bits_equal(results, GOLDEN_FILE, name)
