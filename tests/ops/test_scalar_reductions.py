"""Reductions of a 0-d Tensor along axis 0 or -1 give MindSpore 2.10's values, shapes and
dtypes (its one element; argmax 0), and the ops MindSpore refuses that axis on raise its
exception type (golden values: tests/oracle/gen_scalar_reductions_golden.py)."""

import _alias_scenarios
import jax
import jax.numpy as jnp
import pytest

from msfunc import ops


@pytest.mark.parametrize("name", _alias_scenarios.names("scalar_reductions"))
def test_scalar_reductions_are_mindspores(name):
    _alias_scenarios.check("scalar_reductions", name)


def test_grad_through_a_scalar_norm_matches_jax():
    # the tutorial's loop: doubling until the norm along dim 0 passes a bound
    def f(a):
        b = a * 2
        while ops.norm(b, dim=0) < 1000:
            b = b * 2
        return b

    def g(a):
        b = a * 2
        while jnp.abs(b) < 1000:
            b = b * 2
        return b

    x = jnp.float32(0.37)
    assert float(f(x)) == float(g(x))
    assert float(jax.grad(lambda v: ops.norm(v, dim=0))(x)) == float(jax.grad(jnp.abs)(x))
