"""ROC, auc, ConfusionMatrixMetric, BleuScore, Perplexity, Dice, the surface distances,
OcclusionSensitivity and CosineSimilarity against real MindSpore 2.10 (golden/metrics.json).

The scenarios live in tests/oracle/metrics_cases.py and run here with ``ms = msfunc``.
"""

import importlib.util
import json

import _alias_scenarios
import numpy as np
import pytest
from _paths import GOLDEN, ORACLE

import msfunc as ms

_spec = importlib.util.spec_from_file_location("metrics_cases", ORACLE / "metrics_cases.py")
cases = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cases)

with open(GOLDEN / "metrics.json") as _f:
    WANT = json.load(_f)


def _close(got, want, where):
    if isinstance(want, dict):
        assert sorted(got) == sorted(want), where
        for key in want:
            _close(got[key], want[key], f"{where}/{key}")
    elif isinstance(want, str) or (isinstance(want, list) and want and isinstance(want[0], str)):
        assert got == want, where
    elif isinstance(want, list) and want and isinstance(want[0], list):
        assert len(got) == len(want), where
        for i, (g, w) in enumerate(zip(got, want)):
            _close(g, w, f"{where}[{i}]")
    else:
        np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-7, err_msg=where)


@pytest.mark.parametrize("name", sorted(cases.CASES))
def test_metric_matches_mindspore(name):
    _close(cases.CASES[name](ms), WANT[name], name)


def test_metric_argument_errors():
    # the exception types MindSpore 2.10 raises for these (its own metric tests check them)
    with pytest.raises(TypeError):
        ms.train.ROC(pos_label=1.2)
    with pytest.raises(ValueError):  # scores (N, C) need class_num C
        ms.train.ROC().update(np.ones((3, 3)), np.array([1, 0, 1]))
    with pytest.raises(RuntimeError):
        ms.train.ROC().eval()
    unknown = ms.train.ConfusionMatrixMetric(metric_name="unknown")
    unknown.update(np.ones((1, 2, 2)), np.ones((1, 2, 2)))
    with pytest.raises(NotImplementedError):  # the name is read when the measure is taken
        unknown.eval()
    with pytest.raises(TypeError):
        ms.train.ConfusionMatrixMetric(skip_channel=1)
    with pytest.raises(RuntimeError):  # one label per row of probabilities
        ms.train.Perplexity().update(np.ones((3, 3)) / 3, np.array([1, 0]))
    with pytest.raises(ValueError):
        ms.train.BleuScore(n_gram=5)
    with pytest.raises(ValueError):
        ms.train.MeanSurfaceDistance(distance_metric="eucli")
    with pytest.raises(ValueError):  # the label is in neither map
        ms.train.HausdorffDistance().update(np.zeros((3, 3)), np.zeros((3, 3)), 1)
    with pytest.raises(TypeError):
        ms.train.Dice(smooth=1)
    with pytest.raises(TypeError):  # a number is not a batch (MindSpore's type)
        ms.train.Accuracy().update(1, 2)


def test_metrics_take_jax_arrays():
    # JAX arrays pass as numpy arrays do (MindSpore has none; numpy is the reference)
    import jax.numpy as jnp

    m = ms.train.Accuracy()
    m.update(jnp.array([[0.1, 0.9], [0.8, 0.2]]), jnp.array([1, 1]))
    assert m.eval() == 0.5


# the argument checks of metrics, against MindSpore 2.10 (tests/oracle/gen_metric_checks_golden.py,
# whose scenarios run here unchanged with ``ms = msfunc`` under the ``mindspore`` alias).
@pytest.mark.parametrize("name", _alias_scenarios.names("metric_checks"))
def test_matches_mindspore(name):
    _alias_scenarios.check("metric_checks", name)
