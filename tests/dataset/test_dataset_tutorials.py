"""The dataset tutorials' operations against real MindSpore 2.10: tests/golden/
dataset_tutorials.json from tests/oracle/gen_dataset_tutorials_golden.py (cases in
tests/oracle/dataset_tutorials_cases.py)."""

import json
import os
import sys

from _paths import TESTS

sys.path.insert(0, os.path.join(str(TESTS), "oracle"))
import dataset_tutorials_cases as cases  # noqa: E402

import msfunc.dataset as ds  # noqa: E402
from msfunc.dataset import vision  # noqa: E402

with open(os.path.join(str(TESTS), "golden", "dataset_tutorials.json")) as _f:
    GOLDEN = json.load(_f)


def _json(value):
    return json.loads(json.dumps(value))


def _seeded(case, *args):
    seed = ds.config.get_seed()
    ds.config.set_seed(1234)
    try:
        return _json(case(*args))
    finally:
        ds.config.set_seed(seed)


def test_random_select_subpolicy_checks_its_policy_as_mindspore():
    assert _seeded(cases.subpolicy_checks, vision) == GOLDEN["subpolicy_checks"]


def test_random_select_subpolicy_draws_mindspores_choices():
    got = _seeded(cases.subpolicy_draws, ds, vision)
    assert got == GOLDEN["subpolicy_draws"]


def test_num_parallel_workers_bounds_match_mindspore(tmp_path):
    got = _seeded(cases.worker_checks, ds, str(tmp_path))
    assert got == GOLDEN["worker_checks"]


def test_cifar10_to_mr_writes_mindspores_rows_and_jpegs(tmp_path):
    from msfunc import mindrecord

    got = cases.cifar10_to_mr(mindrecord, str(tmp_path))
    assert _json(got) == GOLDEN["cifar10_to_mr"]


def test_filters_round_as_mindspores_kernel_on_loud_samples():
    from msfunc.dataset import audio

    assert _json(cases.loud_filters(audio)) == GOLDEN["loud_filters"]


def test_random_color_blends_as_opencvs_kernel():
    assert _json(cases.color_blends(vision)) == GOLDEN["color_blends"]


def test_iterating_a_node_with_two_consumers_is_refused_as_mindspore():
    assert _json(cases.tree_checks(ds)) == GOLDEN["tree_checks"]
