"""grad over None/string/tuple/dict inputs and string outputs, attributes on a custom Function's
saved Tensors, the gradient through Assign, and integer tangents and gradients of jvp and vjp.

Structure and values come from real MindSpore 2.10 (tests/golden/grad_input_kinds.json,
written by tests/oracle/gen_grad_input_kinds_golden.py); the rest is checked against raw JAX.
"""

import _scenario_golden
import jax
import jax.numpy as jnp
import numpy as np
import pytest

import msfunc as ms
from msfunc import nn, ops

gen, GOLDEN, SCENARIOS = _scenario_golden.load(
    "gen_grad_input_kinds_golden", "grad_input_kinds.json"
)
test_matches_mindspore, test_golden_file_covers_every_scenario = _scenario_golden.case_tests(
    gen, GOLDEN, SCENARIOS, ms, nn, ops
)


def test_lone_container_input_is_differentiated_leaf_by_leaf():
    # With no Tensor at any grad position, a dict (like a tuple) is a pytree of inputs, as
    # in jax.grad (MindSpore returns ()).
    def loss(params):
        return jnp.sum(jnp.sin(params["w"]) * params["b"])

    params = {"w": jnp.array([0.3, -1.2], jnp.float32), "b": jnp.array(2.0, jnp.float32)}
    got = ms.grad(loss)(params)
    want = jax.grad(loss)(params)
    assert sorted(got) == ["b", "w"]
    for key in want:
        np.testing.assert_allclose(np.asarray(got[key]), want[key], rtol=1e-6)


def test_only_string_or_none_at_the_grad_positions_is_a_type_error():
    with pytest.raises(TypeError, match="position 0"):
        ms.grad(lambda s, x: x * 2.0)(None, 1.0)


def test_output_without_any_tensor_is_a_type_error():
    with pytest.raises(TypeError, match="str"):
        ms.grad(lambda x: ("only", "strings"))(ms.Tensor([1.0]))
