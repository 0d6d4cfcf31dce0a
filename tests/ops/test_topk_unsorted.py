"""topk(sorted=False) returns its k entries in MindSpore 2.10 CPU's order (golden values)."""

import json

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from _paths import TESTS

import msfunc as ms
from msfunc import ops

GOLDEN = json.loads((TESTS / "golden" / "topk_unsorted.json").read_text())


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_order_matches_mindspore(name):
    case = GOLDEN[name]
    x = ms.Tensor(np.array(case["input"], dtype=case["dtype"]))
    v, i = ops.topk(x, case["k"], dim=case["dim"], largest=case["largest"], sorted=False)
    assert np.asarray(i).tolist() == case["indices"]
    np.testing.assert_array_equal(np.asarray(v), np.array(case["values"], dtype=case["dtype"]))
    if "primitive_indices" in case:
        pv, pi = ops.TopK(sorted=False)(x, case["k"])
        assert np.asarray(pi).tolist() == case["primitive_indices"]
        assert np.asarray(pv).tolist() == case["primitive_values"]


def test_under_jit_vmap_and_grad():
    case = GOLDEN["rows"]
    x = jnp.array(case["input"], jnp.float32)
    k = case["k"]
    i = jax.jit(lambda a: ops.topk(a, k, sorted=False)[1])(x)
    assert np.asarray(i).tolist() == case["indices"]
    iv = jax.vmap(lambda a: ops.topk(a, k, sorted=False)[1])(x)
    assert np.asarray(iv).tolist() == case["indices"]
    # the values are gathered from the input: their gradient is one at each chosen entry
    g = jax.grad(lambda a: ops.topk(a, k, sorted=False)[0].sum())(x)
    expected = np.zeros(x.shape, np.float32)
    np.put_along_axis(expected, np.array(case["indices"]), 1.0, axis=-1)
    np.testing.assert_array_equal(np.asarray(g), expected)
