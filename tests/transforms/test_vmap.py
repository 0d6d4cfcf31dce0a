"""msfunc.vmap: MindSpore's in_axes/out_axes conventions, Cells, CellList ensembles, RNG."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import msfunc as ms
from msfunc import nn
from msfunc.common.seed import next_key


def test_in_axes_forms_match_a_python_loop():
    x = jnp.arange(12.0).reshape(3, 4)
    y = jnp.arange(4.0)
    f = lambda a, b: a * b + 1  # noqa: E731  (inline lambdas are fine here)
    np.testing.assert_allclose(ms.vmap(f, in_axes=(0, None))(x, y), x * y + 1)
    np.testing.assert_allclose(
        ms.vmap(f, in_axes=[1, None])(x.T, y), jnp.stack([x.T[:, i] * y + 1 for i in range(3)])
    )
    out = ms.vmap(f, in_axes=(0, None), out_axes=1)(x, y)
    np.testing.assert_allclose(out, (x * y + 1).T)


def test_nested_tuple_in_axes_and_broadcast_of_unmapped_output():
    def f(pair, c):
        a, b = pair
        return a + b, c * 2

    a, b = jnp.ones((3, 2)), jnp.arange(2.0)
    s, c2 = ms.vmap(f, in_axes=((0, None), None), out_axes=(0, 0))((a, b), jnp.float32(5.0))
    np.testing.assert_allclose(s, a + b)
    np.testing.assert_allclose(c2, jnp.full((3,), 10.0))  # unmapped output broadcast


def test_vmap_validation():
    with pytest.raises(ValueError, match="at least one"):
        ms.vmap(lambda x: x, in_axes=None)
    with pytest.raises(TypeError, match="in_axes"):
        ms.vmap(lambda x: x, in_axes="0")
    with pytest.raises(ValueError, match="entries"):
        ms.vmap(lambda x, y: x, in_axes=(0, 0, 0))(jnp.ones(2), jnp.ones(2))


def test_size_mismatch_names_the_users_arguments():
    # JAX names the arguments of the function it maps; msfunc's message carries the user's
    # names (`mask`, `weights`), not those of msfunc's own inner function
    def f(points, mask, weights):
        return (points * mask).sum() + weights.sum()

    with pytest.raises(ValueError) as info:
        ms.vmap(f)(jnp.ones((3, 2)), jnp.ones((3, 2)), jnp.ones((4, 2)))
    message = str(info.value)
    assert "argument weights" in message and "args[" not in message
    # a function with *args keeps JAX's own naming (its positions have no names)
    with pytest.raises(ValueError, match="inconsistent sizes"):
        ms.vmap(lambda *xs: xs[0])(jnp.ones((3, 2)), jnp.ones((4, 2)))


def test_cell_parameters_are_shared_across_the_batch():
    net = nn.Dense(3, 2)
    x = jnp.linspace(0, 1, 15).reshape(5, 3)
    out = ms.vmap(net)(x)
    np.testing.assert_allclose(out, net(x), rtol=1e-6)


def test_celllist_ensemble_maps_stacked_parameters():
    members = nn.CellList([nn.Dense(3, 2) for _ in range(4)])
    x = jnp.linspace(0, 1, 15).reshape(5, 3)
    shared = ms.vmap(members, in_axes=None)(x)
    per_member = ms.vmap(members, in_axes=0)(jnp.stack([x] * 4))
    for i, cell in enumerate(members):
        np.testing.assert_allclose(shared[i], cell(x), rtol=1e-6)
        np.testing.assert_allclose(per_member[i], cell(x), rtol=1e-6)
    with pytest.raises(ValueError, match="ensemble has 4"):
        ms.vmap(members, in_axes=0)(jnp.stack([x] * 3))
    with pytest.raises(ValueError, match="structured"):
        ms.vmap(nn.CellList([nn.Dense(3, 2), nn.Dense(3, 3)]))(x)


def test_per_example_gradients_with_weights():
    net = nn.Dense(3, 1)
    x = jnp.linspace(-1, 1, 12).reshape(4, 3)
    y = jnp.arange(4.0).reshape(4, 1)

    def loss(a, b):
        return jnp.sum((net(a) - b) ** 2)

    per_ex = ms.vmap(ms.grad(loss, None, net.trainable_params()), in_axes=(0, 0))(x, y)
    for i in range(4):
        ref = ms.grad(loss, None, net.trainable_params())(x[i], y[i])
        for g, r in zip(per_ex, ref):
            np.testing.assert_allclose(g[i], r, rtol=1e-5)


def test_composition_with_jit_grad_and_jacfwd():
    def f(x):
        return jnp.sin(x) * x**2

    x = jnp.linspace(0.1, 1.0, 5)
    np.testing.assert_allclose(ms.jit(ms.vmap(f))(x), f(x), rtol=1e-6)
    np.testing.assert_allclose(
        ms.grad(lambda v: ms.vmap(f)(v).sum())(x), jax.grad(lambda v: f(v).sum())(x), rtol=1e-6
    )
    nested = ms.vmap(ms.vmap(lambda a, b: a * b, in_axes=(0, None)), in_axes=(None, 0))
    np.testing.assert_allclose(nested(x, x), jnp.outer(x, x).T, rtol=1e-6)
    g = lambda v: jnp.stack([v[0] ** 2 * v[1], jnp.sin(v[1])])  # noqa: E731
    batch = jnp.stack([x, x + 1], axis=1)
    jac = ms.vmap(ms.jacfwd(g))(batch)
    np.testing.assert_allclose(jac, jax.vmap(jax.jacfwd(g))(batch), rtol=1e-6)


def test_random_ops_inside_vmap_differ_per_element_and_advance_stream():
    ms.set_seed(5)
    draws = ms.vmap(lambda x: x + jax.random.normal(next_key(), ()))(jnp.zeros(64))
    assert len(np.unique(np.asarray(draws))) == 64
    again = ms.vmap(lambda x: x + jax.random.normal(next_key(), ()))(jnp.zeros(64))
    assert not np.allclose(draws, again)
    ms.set_seed(5)
    replay = ms.vmap(lambda x: x + jax.random.normal(next_key(), ()))(jnp.zeros(64))
    np.testing.assert_array_equal(draws, replay)


@settings(max_examples=12, deadline=None)
@given(st.integers(1, 5), st.integers(1, 4), st.sampled_from([0, 1]))
def test_vmap_equals_jax_vmap(batch, width, axis):
    x = jnp.arange(batch * width, dtype=jnp.float32).reshape(batch, width)
    if axis == 1:
        x = x.T
    f = lambda v: jnp.tanh(v) * jnp.sum(v)  # noqa: E731
    np.testing.assert_allclose(ms.vmap(f, in_axes=axis)(x), jax.vmap(f, in_axes=axis)(x), rtol=1e-6)
