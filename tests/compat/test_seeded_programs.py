"""Three small seeded training programs print MindSpore 2.10's loss at every step.

The programs are `tests/oracle/gen_seeded_programs.py`'s own functions, run here with
``ms = msfunc``; their losses were recorded from real MindSpore. Every random draw the
programs make (default initializers, Dropout, the shuffled dataset, ops.uniform's
collocation points, RandomCrop/RandomHorizontalFlip) must be MindSpore's for the losses
to agree.
"""

import json
import os
import sys

import numpy as np
import pytest
from _paths import TESTS

import msfunc
import msfunc.dataset as ds

sys.path.insert(0, os.path.join(str(TESTS), "oracle"))
import gen_seeded_programs as oracle  # noqa: E402

with open(oracle.GOLDEN_PATH) as _f:
    GOLDEN = json.load(_f)


@pytest.fixture(autouse=True)
def _no_dataset_seed():
    yield
    ds.config._settings["seed"] = None


@pytest.mark.parametrize("name", sorted(oracle.PROGRAMS))
def test_losses_match_mindspore(name):
    losses = oracle.PROGRAMS[name](msfunc)
    np.testing.assert_allclose(losses, GOLDEN[name], rtol=1e-5)
