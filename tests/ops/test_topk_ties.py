"""Sorted top-k in MindSpore programs orders equal values as MindSpore 2.10's CPU kernel does
(golden values from tests/oracle/gen_topk_ties_golden.py), also under jit, vmap and grad."""

import json

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from _numerics import mindspore_numerics
from _paths import TESTS

import msfunc as ms
from msfunc import ops

GOLDEN = json.loads((TESTS / "golden" / "topk_ties.json").read_text())
CASES = sorted(name for name in GOLDEN if not name.startswith("_"))


@pytest.mark.parametrize("name", CASES)
def test_order_matches_mindspore(name):
    case = GOLDEN[name]
    x = ms.Tensor(np.array(case["input"], dtype=case["dtype"]))
    with mindspore_numerics():
        v, i = ops.topk(x, case["k"], dim=case["dim"], largest=case["largest"])
        assert np.asarray(i).tolist() == case["indices"]
        np.testing.assert_array_equal(np.asarray(v), np.array(case["values"], case["dtype"]))
        if "primitive_indices" in case:
            assert np.asarray(ops.TopK()(x, case["k"])[1]).tolist() == case["primitive_indices"]
            assert np.asarray(x.topk(case["k"])[1]).tolist() == case["method_indices"]


def test_under_jit_vmap_and_grad():
    case = GOLDEN["rows"]
    x = jnp.array(case["input"], jnp.float32)
    k = case["k"]
    with mindspore_numerics():
        assert np.asarray(jax.jit(lambda a: ops.topk(a, k)[1])(x)).tolist() == case["indices"]
        assert np.asarray(jax.vmap(lambda a: ops.topk(a, k)[1])(x)).tolist() == case["indices"]
        grad = jax.grad(lambda a: ops.topk(a, k)[0].sum())(x)
    chosen = np.zeros(x.shape, np.float32)
    np.put_along_axis(chosen, np.array(case["indices"]), 1.0, axis=-1)
    np.testing.assert_array_equal(np.asarray(grad), chosen)


def test_outside_mindspore_programs_xla_decides():
    # (no host round trip for JAX users: the values are the same, ties in XLA's order)
    x = jnp.array(GOLDEN["distinct"]["input"], jnp.float32)
    v, i = ops.topk(x, 9)
    assert np.asarray(i).tolist() == GOLDEN["distinct"]["indices"]
    assert "pure_callback" not in str(jax.make_jaxpr(lambda a: ops.topk(a, 9))(x))
