"""Layer subclasses calling the primitives MindSpore's layers keep (``self.conv2d``,
``self.layer_norm``, ``self.matmul``), a bias-free Dense's ``bias`` and ``squeeze(axis=...)``
are MindSpore 2.10's: tests/oracle/gen_layer_primitives_golden.py, run here under the alias."""

import _alias_scenarios
import pytest


@pytest.mark.parametrize("name", _alias_scenarios.names("layer_primitives"))
def test_layer_primitives_match_mindspore(name):
    # (convolutions sum in oneDNN's order under MindSpore: records of 5 decimals within 1e-4)
    _alias_scenarios.check("layer_primitives", name, atol=1e-4)
