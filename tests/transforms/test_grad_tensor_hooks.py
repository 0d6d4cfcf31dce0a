"""Tensor.register_hook inside and around grad (on an intermediate Tensor, on an input, on a
Parameter; handles removing hooks) and GradOperation over a `mutable` tuple (differentiated
in GRAPH_MODE, a constant in PYNATIVE_MODE).

Checked against real MindSpore 2.10 (scenarios `tensor_hooks` and `mutable_grad` of
tests/oracle/gen_replayed_scenarios_golden.py, replayed here with msfunc;
its values in tests/golden/replayed_scenarios.json).
"""

import gc

import _scenario_replay
import pytest

import msfunc
from msfunc import context


@pytest.mark.parametrize(
    "scenario, case",
    [(s, c) for s in ("tensor_hooks", "mutable_grad") for c in _scenario_replay.cases(s)],
)
def test_matches_mindspore(scenario, case):
    _scenario_replay.check(scenario, case)


def test_leaf_hooks_keep_transforms_eager_until_removed():
    gc.collect()  # (earlier tests' hooked Parameters may wait in reference cycles)
    x = msfunc.Tensor([2.0])
    handle = x.register_hook(lambda g: g * 5)
    square = msfunc.grad(lambda t: (t * t).sum())
    assert not context.AUTO_COMPILE[0]  # a compiled program would not see the hook
    assert [float(square(x)[0]) for _ in range(4)] == [20.0] * 4
    handle.remove()
    assert context.AUTO_COMPILE[0]
    assert [float(square(x)[0]) for _ in range(4)] == [4.0] * 4
