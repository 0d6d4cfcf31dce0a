"""`ops.jet` / `ops.derivative` against MindSpore 2.10 (tests/golden/taylor.json): tuples of
inputs, several outputs, ``tan``, a GRAPH_MODE Cell; and their argument checks."""

import numpy as np
import pytest
from _numerics import mindspore_numerics
from _paths import case_table, golden

import msfunc as ms

_CASES = case_table("taylor_cases").CASES
_GOLDEN = golden("taylor")


@pytest.mark.parametrize("name", sorted(_CASES))
def test_taylor_matches_mindspore(name):
    got, want = _CASES[name](ms), _GOLDEN[name]
    assert len(got) == len(want) == 2  # (primals out, series out)
    for g, w in zip(got, want):
        np.testing.assert_allclose(np.asarray(g), np.asarray(w), rtol=2e-4, atol=2e-4)


@pytest.mark.parametrize("name", ["jet_cell_graph_mode", "derivative_cell_graph_mode"])
def test_taylor_under_mindspore_cpu_numerics(name):
    # A MindSpore program's exp is a custom-derivative CPU approximant: jet still traces it
    # (in a compiled Cell too) and differentiates the exact function to every order.
    with mindspore_numerics():
        got = _CASES[name](ms)
    for g, w in zip(got, _GOLDEN[name]):
        np.testing.assert_allclose(np.asarray(g), np.asarray(w), rtol=2e-4, atol=2e-4)


def test_series_must_match_the_primals():
    x = ms.Tensor([1.0, 2.0])
    with pytest.raises(TypeError, match="tuple of 2 Tensors"):
        ms.ops.jet(lambda a, b: a * b, (x, x), ms.Tensor([[1.0, 1.0]]))
    with pytest.raises(ValueError, match=r"item 0 must have shape .* = \(order, 2\), got \(1, 3\)"):
        ms.ops.jet(ms.ops.sin, x, ms.Tensor([[1.0, 1.0, 1.0]]))
