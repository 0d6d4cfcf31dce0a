"""ms.jvp / ms.vjp / ms.jacfwd / ms.jacrev against raw JAX, with MindSpore's return structures."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import msfunc as ms
from msfunc import nn


def close(a, b, rtol=1e-5, atol=1e-6):
    np.testing.assert_allclose(np.asarray(a), np.asarray(b), rtol=rtol, atol=atol)


def tree_close(a, b):
    # msfunc returns Tensors where the raw-JAX reference has arrays: compare the arrays.
    a = ms.common.tensor.unwrap(a, pytrees=True)
    la, lb = jax.tree.leaves(a), jax.tree.leaves(b)
    assert jax.tree.structure(a) == jax.tree.structure(b)
    for x, y in zip(la, lb, strict=True):
        close(x, y)


X = jnp.array([0.5, -1.0, 2.0])
Y = jnp.array([1.5, 0.25, -0.75])
V = jnp.array([1.0, -2.0, 0.5])


def f_two(x, y):
    return jnp.sin(x) * y**2


def f_multi(x):
    return jnp.exp(0.5 * x), jnp.sum(x**3)


# --------------------------------------------------------------------------- jvp


def test_jvp_single_input():
    out, t = ms.jvp(jnp.tanh, X, V)
    ref_out, ref_t = jax.jvp(jnp.tanh, (X,), (V,))
    close(out, ref_out)
    close(t, ref_t)


def test_jvp_tuple_inputs():
    out, t = ms.jvp(f_two, (X, Y), (V, 2 * V))
    ref_out, ref_t = jax.jvp(f_two, (X, Y), (V, 2 * V))
    close(out, ref_out)
    close(t, ref_t)


def test_jvp_several_outputs():
    out, t = ms.jvp(f_multi, X, V)
    ref_out, ref_t = jax.jvp(f_multi, (X,), (V,))
    assert isinstance(out, tuple) and isinstance(t, tuple)
    tree_close(out, ref_out)
    tree_close(t, ref_t)


def test_jvp_has_aux_one_aux_is_bare():
    def fn(x):
        return x**2, jnp.cos(x)

    out, t, aux = ms.jvp(fn, X, V, has_aux=True)
    close(out, X**2)
    close(t, 2 * X * V)
    close(aux, jnp.cos(X))


def test_jvp_has_aux_several_aux_is_tuple():
    def fn(x):
        return x**2, jnp.cos(x), x + 1

    out, t, aux = ms.jvp(fn, X, V, has_aux=True)
    close(t, 2 * X * V)
    assert isinstance(aux, tuple) and len(aux) == 2
    close(aux[1], X + 1)


def test_jvp_reads_parameters_and_python_floats():
    w = ms.Parameter(ms.Tensor([2.0, 3.0, 4.0]), name="w_jvp")
    out, t = ms.jvp(lambda x: jnp.sum(w * x**2), X, V)
    close(out, jnp.sum(w.value() * X**2))
    close(t, jnp.sum(w.value() * 2 * X * V))
    out, t = ms.jvp(lambda x: x**3, 2.0, 1.0)
    close(out, 8.0)
    close(t, 12.0)


def test_jvp_mismatched_tangents_is_value_error():
    with pytest.raises(ValueError):
        ms.jvp(f_two, (X, Y), (V,))
    with pytest.raises(ValueError):
        ms.jvp(jnp.sin, X, jnp.ones(2))


# --------------------------------------------------------------------------- vjp


def test_vjp_single_input_returns_tuple():
    out, vjp_fn = ms.vjp(jnp.tanh, X)
    grads = vjp_fn(V)
    ref_out, ref_fn = jax.vjp(jnp.tanh, X)
    close(out, ref_out)
    assert isinstance(grads, tuple) and len(grads) == 1
    close(grads[0], ref_fn(V)[0])


def test_vjp_two_inputs():
    out, vjp_fn = ms.vjp(f_two, X, Y)
    grads = vjp_fn(V)
    ref = jax.vjp(f_two, X, Y)[1](V)
    assert isinstance(grads, tuple) and len(grads) == 2
    close(grads[0], ref[0])
    close(grads[1], ref[1])


def test_vjp_several_outputs_cotangent_tuple():
    out, vjp_fn = ms.vjp(f_multi, X)
    ct = (V, jnp.array(3.0))
    grads = vjp_fn(ct)
    ref = jax.vjp(f_multi, X)[1](ct)
    assert isinstance(grads, tuple) and len(grads) == 1
    close(grads[0], ref[0])


def test_vjp_fn_reusable_and_linear():
    _, vjp_fn = ms.vjp(f_two, X, Y)
    a = vjp_fn(V)
    b = vjp_fn(2 * V)
    close(b[0], 2 * a[0])
    close(b[1], 2 * a[1])


def test_vjp_has_aux():
    def fn(x, y):
        return x * y, jnp.sum(x), y - 1

    out, vjp_fn, aux = ms.vjp(fn, X, Y, has_aux=True)
    close(out, X * Y)
    assert isinstance(aux, tuple) and len(aux) == 2
    close(aux[0], jnp.sum(X))
    grads = vjp_fn(V)
    close(grads[0], V * Y)
    close(grads[1], V * X)
    _, _, aux1 = ms.vjp(lambda x: (x * 2, jnp.sum(x)), X, has_aux=True)
    close(aux1, jnp.sum(X))  # a single aux comes back bare


def test_vjp_with_weights():
    net = nn.Dense(3, 2)

    def fn(x):
        return jnp.tanh(net(x))

    xb = jnp.stack([X, Y])
    out, vjp_fn = ms.vjp(fn, xb, weights=net.trainable_params())
    ct = jnp.array([[1.0, 2.0], [-1.0, 0.5]])
    in_g, w_g = vjp_fn(ct)

    def raw(w, b, x):
        return jnp.tanh(x @ w.T + b)

    ref_out, ref_fn = jax.vjp(raw, net.weight.value(), net.bias.value(), xb)
    rw, rb, rx = ref_fn(ct)
    close(out, ref_out)
    assert isinstance(in_g, tuple) and len(in_g) == 1
    close(in_g[0], rx)
    assert isinstance(w_g, tuple) and len(w_g) == 2
    close(w_g[0], rw)
    close(w_g[1], rb)
    single = ms.vjp(fn, xb, weights=net.bias)[1](ct)[1]
    close(single, rb)
    for p in net.get_parameters():
        assert not isinstance(p._value, jax.core.Tracer)


def test_vjp_integer_input_gets_the_truncated_gradient():
    # As MindSpore (golden cases in test_grad_input_kinds.py): the float gradient of the
    # integer input, cast to its dtype truncating toward zero.
    n = jnp.array([1, 2, 3], jnp.int32)
    _, vjp_fn = ms.vjp(lambda x, k: x * k, X, n)
    gx, gn = vjp_fn(V)
    close(gx, V * n)
    assert gn.dtype == jnp.int32
    np.testing.assert_array_equal(np.asarray(gn), np.trunc(np.asarray(V * X)).astype(np.int32))


# --------------------------------------------------------------------------- jacobians


@pytest.mark.parametrize("name", ["jacfwd", "jacrev"])
def test_jacobian_int_position(name):
    got = getattr(ms, name)(f_two)(X, Y)
    close(got, getattr(jax, name)(f_two)(X, Y))
    got = getattr(ms, name)(f_two, grad_position=1)(X, Y)
    close(got, getattr(jax, name)(f_two, argnums=1)(X, Y))


@pytest.mark.parametrize("name", ["jacfwd", "jacrev"])
def test_jacobian_tuple_position(name):
    got = getattr(ms, name)(f_two, grad_position=(1, 0))(X, Y)
    ref = getattr(jax, name)(f_two, argnums=(1, 0))(X, Y)
    assert isinstance(got, tuple) and len(got) == 2
    close(got[0], ref[0])
    close(got[1], ref[1])


@pytest.mark.parametrize("name", ["jacfwd", "jacrev"])
def test_jacobian_has_aux(name):
    def fn(x, y):
        return f_two(x, y), x * 10.0

    jac, aux = getattr(ms, name)(fn, grad_position=0, has_aux=True)(X, Y)
    close(jac, getattr(jax, name)(f_two)(X, Y))
    close(aux, X * 10.0)

    def fn3(x):
        return jnp.sin(x), x + 1, jnp.sum(x)

    jac, aux = getattr(ms, name)(fn3, has_aux=True)(X)
    close(jac, jnp.diag(jnp.cos(X)))
    assert isinstance(aux, tuple) and len(aux) == 2


@pytest.mark.parametrize("name", ["jacfwd", "jacrev"])
def test_jacobian_several_outputs_and_matrix_input(name):
    m = jnp.arange(6.0).reshape(2, 3) / 4

    def fn(a):
        return a @ a.T, jnp.sum(jnp.sin(a), axis=0)

    got = getattr(ms, name)(fn)(m)
    ref = getattr(jax, name)(fn)(m)
    tree_close(got, ref)


@pytest.mark.parametrize("name", ["jacfwd", "jacrev"])
def test_jacobian_reads_a_parameter(name):
    w = ms.Parameter(ms.Tensor([[1.0, 2.0, 0.5], [0.0, -1.0, 3.0]]), name="w_jac")
    got = getattr(ms, name)(lambda x: jnp.tanh(w @ x))(X)
    ref = getattr(jax, name)(lambda x: jnp.tanh(w.value() @ x))(X)
    close(got, ref)


def test_jacrev_integer_input_gets_zero_jacobian():
    n = jnp.array([1, 2, 3], jnp.int32)
    jx, jn = ms.jacrev(lambda x, k: x * k, grad_position=(0, 1))(X, n)
    close(jx, jnp.diag(n.astype(jnp.float32)))
    assert np.asarray(jn).shape == (3, 3)
    assert np.all(np.asarray(jn) == 0)


@pytest.mark.parametrize("name", ["jacfwd", "jacrev"])
def test_jacobian_bad_grad_position(name):
    with pytest.raises((TypeError, ValueError), match="grad_position"):
        getattr(ms, name)(f_two, grad_position="0")(X, Y)
    with pytest.raises((TypeError, ValueError), match="grad_position"):
        getattr(ms, name)(f_two, grad_position=3)(X, Y)


@settings(max_examples=12, deadline=None)
@given(
    xs=st.lists(st.floats(-2, 2, allow_nan=False, width=32), min_size=3, max_size=3),
    vs=st.lists(st.floats(-2, 2, allow_nan=False, width=32), min_size=3, max_size=3),
)
def test_property_jvp_vjp_adjoint(xs, vs):
    """<J v, u> from jvp equals <v, J^T u> from vjp, and both match jax."""
    x = jnp.array(xs, jnp.float32)
    v = jnp.array(vs, jnp.float32)
    u = jnp.array([0.3, -1.1, 0.8], jnp.float32)

    def fn(a):
        return jnp.tanh(a) * jnp.roll(a, 1) + a**2

    _, jv = ms.jvp(fn, x, v)
    _, vjp_fn = ms.vjp(fn, x)
    (jtu,) = vjp_fn(u)
    close(jv, jax.jvp(fn, (x,), (v,))[1], rtol=1e-5, atol=1e-5)
    close(jtu, jax.vjp(fn, x)[1](u)[0], rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(float(jnp.dot(jv, u)), float(jnp.dot(v, jtu)), rtol=1e-4, atol=1e-4)
    close(ms.jacfwd(fn)(x), ms.jacrev(fn)(x), rtol=1e-5, atol=1e-5)
