"""`OpByOp` runs a jitted function's trace one primitive at a time: eager JAX's values, bit
for bit, where the whole compiled program rounds otherwise."""

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from msfunc.transforms.eager_equality import same_values
from msfunc.transforms.op_by_op import OpByOp

X = jnp.asarray(np.random.default_rng(1).uniform(-3, 3, 512).astype(np.float32))


@jax.jit
def _inner(x):  # a pjit equation: eager code runs it as one compiled program too
    return jnp.log(jnp.exp(x)) * 2.2 * 3.3


def _mixed(x, power):
    y = _inner(x) + jax.nn.relu(x) * jax.nn.softplus(x)  # (custom_jvp equations)
    y = lax.fori_loop(0, 3, lambda i, c: c * 0.5 + jnp.tanh(c), y)  # (a while loop)
    top, where = lax.top_k(y, 4)  # (an equation with two results)
    g = jax.grad(lambda z: (jnp.exp(z) * jnp.exp(z * 0.3)).sum())(x)
    return {"y": y**power, "top": top, "where": where, "g": g, "x": x, "one": 1.0}


def test_runs_as_eager_jax_bit_for_bit_where_compiled_code_does_not():
    program = jax.jit(_mixed, static_argnums=1)
    eager = _mixed(X, 3)
    replayed = OpByOp(program, (1,))
    eager["one"] = program(X, 3)["one"]  # (jit's constant result: an array)
    assert same_values(replayed(X, 3), eager)
    assert same_values(replayed(X, 3), eager)  # (its schedule again)
    assert not same_values(program(X, 3), eager)  # (XLA's rewrites: the reason it exists)
    assert same_values(replayed(X[:100], 2)["g"], _mixed(X[:100], 2)["g"])  # another signature


def test_inside_a_trace_it_is_the_program_staged_whole():
    replayed = OpByOp(jax.jit(_mixed, static_argnums=1), (1,))
    staged = jax.jit(lambda x: replayed(x, 2)["y"])
    np.testing.assert_allclose(staged(X), _mixed(X, 2)["y"], rtol=1e-6)
    grads = jax.grad(lambda x: replayed(x, 1)["y"].sum())(X)
    np.testing.assert_allclose(grads, jax.grad(lambda x: _mixed(x, 1)["y"].sum())(X), rtol=1e-6)
