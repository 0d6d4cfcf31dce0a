"""FlopsUtilizationCollector against MindSpore 2.10 (tests/oracle/gen_flops_collector_golden.py,
whose scenarios run here unchanged with ``ms = msfunc`` under the ``mindspore`` alias), and
`step_flops` against the FLOPs written out by hand."""

import _alias_scenarios
import numpy as np
import pytest

import msfunc as ms
from msfunc.train.callback.flops import step_flops


@pytest.mark.parametrize("name", _alias_scenarios.names("flops_collector"))
def test_matches_mindspore(name):
    _alias_scenarios.check("flops_collector", name)


def test_scan_body_counts_once_per_iteration():
    import jax.numpy as jnp
    from jax import lax

    w = jnp.ones((4, 4), jnp.float32)

    def loop(x):
        return lax.scan(lambda c, _: (c @ w, None), jnp.asarray(x), None, length=5)[0]

    # 5 products of a (2, 4) by a (4, 4) matrix: 2 * (2 * 4) * 4 FLOPs each
    assert step_flops(loop, ms.Tensor(np.ones((2, 4), np.float32))) == 5 * 2 * (2 * 4) * 4
