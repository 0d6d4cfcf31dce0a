"""Seeded dataset orders are MindSpore 2.10's exactly: source shuffles (RandomSampler),
buffer shuffles, repeats and epochs of one iterator, and the seed precedence between
``ds.config.set_seed`` and ``msfunc.set_seed``.

Golden orders come from `tests/oracle/gen_dataset_streams.py` run under real MindSpore; the
same case functions run here with msfunc.dataset.
"""

import json
import os
import sys

import pytest
from _paths import TESTS

import msfunc
import msfunc.dataset as ds

sys.path.insert(0, os.path.join(str(TESTS), "oracle"))
import gen_dataset_streams as oracle  # noqa: E402

with open(oracle.GOLDEN_PATH) as f:
    GOLDEN = json.load(f)


@pytest.mark.parametrize("key", sorted(GOLDEN["cases"]))
def test_order_matches_mindspore(key):
    name, seed = key.rsplit("/", 1)
    assert oracle.run_case(ds, name, int(seed)) == GOLDEN["cases"][key]


def test_order_does_not_depend_on_workers():
    one = oracle.run_case(ds, "generator_workers", 7)
    ds.config.set_seed(7)
    data = ds.GeneratorDataset(oracle._Source(13), ["x"], shuffle=True, num_parallel_workers=1)
    it = data.create_tuple_iterator(num_epochs=2, output_numpy=True)
    assert [[int(r[0]) for r in it] for _ in range(2)] == one


def test_seed_precedence_matches_mindspore():
    assert oracle.precedence(msfunc, ds) == GOLDEN["precedence"] == [6, 3]


def test_ordered_map_keeps_big_rows_one_per_task():
    import numpy as np

    from msfunc.dataset._workers import ordered_map

    def ahead(size):
        """The most items computed beyond those the consumer has taken."""
        started, most = [0], 0

        def make(i):
            started[0] += 1
            return np.full(size, i, np.uint8)

        for taken, row in enumerate(ordered_map(make, range(48), workers=2, lookahead=2, chunk=8)):
            assert int(row[0]) == taken
            most = max(most, started[0] - taken)
        return most

    assert ahead(5 << 20) <= 4  # 5 MB rows: one item per task
    assert ahead(8) > 8  # small rows go 8 to a task
