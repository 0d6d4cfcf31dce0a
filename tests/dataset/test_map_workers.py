"""Map workers' own Python and numpy generators under `python_multiprocessing`, against real
MindSpore 2.10: tests/golden/map_workers.json from tests/oracle/gen_map_workers_golden.py
(cases in tests/oracle/map_workers_cases.py)."""

import json
import os
import random
import sys

import numpy as np
import pytest
from _paths import TESTS

sys.path.insert(0, os.path.join(str(TESTS), "oracle"))
import map_workers_cases as cases  # noqa: E402

import msfunc.dataset as ds  # noqa: E402

with open(os.path.join(str(TESTS), "golden", "map_workers.json")) as _f:
    GOLDEN = json.load(_f)


@pytest.fixture(autouse=True)
def _restore_seed():
    saved = ds.config._settings["seed"]
    yield
    ds.config._settings["seed"] = saved


@pytest.mark.parametrize("seed", [7, 1605])
def test_worker_draws_match_mindspore(seed):
    assert cases.draws(ds, seed) == GOLDEN[str(seed)]


def test_main_generators_are_left_as_they_were():
    ds.config.set_seed(7)
    expected = (random.random(), float(np.random.random()))
    ds.config.set_seed(7)
    cases.draws(ds, 7)  # (sets the seed again, then the workers draw)
    assert (random.random(), float(np.random.random())) == expected
    assert ds.config.get_seed() == 7
