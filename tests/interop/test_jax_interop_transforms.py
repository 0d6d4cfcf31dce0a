"""JAX's own transforms over functions taking and returning msfunc Tensors, Parameters and
Cells, each against the same program written with plain arrays."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import msfunc as ms
from msfunc import _jax_private as jax_array_protocol
from msfunc import nn, ops

X = np.array([0.5, -1.0, 2.0], np.float32)
DIR = np.array([1.0, 0.5, -2.0], np.float32)


def scalar_t(v):  # msfunc's ops and Tensor methods: Tensor in, Tensor out
    return (ops.sin(v) * v).sum()


def scalar_a(a):
    return jnp.sum(jnp.sin(a) * a)


def vector_t(v):
    return ops.sin(v) * v


def vector_a(a):
    return jnp.sin(a) * a


def _same(got, want, kind=ms.Tensor):
    """`got` has `want`'s tree with `kind` where `want` has arrays, and equal values."""
    got_leaves = jax.tree.leaves(got, is_leaf=lambda v: isinstance(v, ms.Tensor))
    want_leaves = jax.tree.leaves(want)
    assert len(got_leaves) == len(want_leaves)
    for g, w in zip(got_leaves, want_leaves):
        assert isinstance(g, kind), type(g)
        np.testing.assert_allclose(np.asarray(g), np.asarray(w), rtol=1e-6, atol=1e-7)


CASES = {
    "grad": lambda f, g, x, d: jax.grad(f)(x),
    "value_and_grad": lambda f, g, x, d: jax.value_and_grad(f)(x),
    "value_and_grad_aux": lambda f, g, x, d: jax.value_and_grad(
        lambda v: (f(v), g(v)), has_aux=True
    )(x),
    "grad_aux": lambda f, g, x, d: jax.grad(lambda v: (f(v), g(v)), has_aux=True)(x),
    "jacfwd": lambda f, g, x, d: jax.jacfwd(g)(x),
    "jacrev": lambda f, g, x, d: jax.jacrev(g)(x),
    "hessian": lambda f, g, x, d: jax.hessian(f)(x),
    "jvp": lambda f, g, x, d: jax.jvp(g, (x,), (d,)),
    "vjp": lambda f, g, x, d: jax.vjp(g, x)[1](d),
    "linearize": lambda f, g, x, d: jax.linearize(g, x)[1](d),
    "checkpoint": lambda f, g, x, d: jax.grad(jax.checkpoint(f))(x),
    "jit_grad": lambda f, g, x, d: jax.jit(jax.grad(f))(x),
    "grad_of_grad": lambda f, g, x, d: jax.grad(lambda v: jax.grad(f)(v).sum())(x),
    "vmap_grad": lambda f, g, x, d: jax.vmap(jax.grad(f))(
        jax.tree.map(lambda a: jnp.stack([a, 2 * a]), x)
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_transform_of_tensor_function_matches_arrays(name):
    run = CASES[name]
    got = run(scalar_t, vector_t, ms.Tensor(X), ms.Tensor(DIR))
    want = run(scalar_a, vector_a, jnp.asarray(X), jnp.asarray(DIR))
    _same(got, want)


def test_gradient_of_a_parameter_is_a_parameter_shaped_value():
    p = ms.Parameter(ms.Tensor(X), name="w")
    loss, g = jax.value_and_grad(scalar_t)(p)
    assert isinstance(loss, ms.Tensor) and isinstance(g, ms.Parameter) and g is not p
    np.testing.assert_allclose(np.asarray(g), jax.grad(scalar_a)(X), rtol=1e-6)
    np.testing.assert_array_equal(p.asnumpy(), X)  # the box itself is untouched


def test_gradient_of_a_cell_is_a_cell_shaped_pytree():
    rng = np.random.default_rng(0)
    w, b = rng.normal(size=(2, 3)).astype(np.float32), np.array([0.1, -0.2], np.float32)
    x, y = rng.normal(size=(4, 3)).astype(np.float32), rng.normal(size=(4, 2)).astype(np.float32)
    net = nn.Dense(3, 2, ms.Tensor(w), ms.Tensor(b), activation="tanh")
    loss_fn = nn.MSELoss()
    loss, grads = jax.value_and_grad(lambda n: loss_fn(n(ms.Tensor(x)), ms.Tensor(y)))(net)

    def plain(p):
        return jnp.mean((jnp.tanh(x @ p["w"].T + p["b"]) - y) ** 2)

    want_loss, want = jax.value_and_grad(plain)({"w": w, "b": b})
    assert type(grads) is nn.Dense and grads is not net
    assert isinstance(grads.weight, ms.Parameter) and isinstance(loss, ms.Tensor)
    np.testing.assert_allclose(float(loss), float(want_loss), rtol=1e-6)
    np.testing.assert_allclose(grads.weight.asnumpy(), want["w"], rtol=1e-5, atol=1e-7)
    np.testing.assert_allclose(grads.bias.asnumpy(), want["b"], rtol=1e-5, atol=1e-7)


def test_grad_output_hint_comes_before_jax_error_when_jax_internals_differ(monkeypatch):
    # Should a JAX release change what value_and_grad holds, msfunc's sentence is raised
    # rather than JAX's tree-structure error.
    monkeypatch.setattr(jax_array_protocol, "_PULLBACK", type("Other", (), {}))
    with pytest.raises(ValueError, match=r"returned an msfunc Tensor.*jnp\.asarray\(loss\)"):
        jax.grad(scalar_t)(ms.Tensor(X))
