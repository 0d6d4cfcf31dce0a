"""Nested msfunc transforms (grad/jac*/jit/vmap in any order) against hand-written JAX."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import msfunc as ms
import msfunc.numpy as mnp
from msfunc import nn


def close(a, b, rtol=1e-5, atol=1e-6):
    np.testing.assert_allclose(np.asarray(a), np.asarray(b), rtol=rtol, atol=atol)


def assert_no_tracers(params):
    for p in params:
        assert not isinstance(p._value, jax.core.Tracer), p.name


# --------------------------------------------------------------------------- pure functions


def tanh_derivatives(x):
    """Analytic 1st, 2nd, 3rd and 4th derivatives of tanh at x (float64)."""
    t = np.tanh(x)
    s = 1 - t**2
    d2 = -2 * t * s
    d3 = s * (6 * t**2 - 2)
    d4 = -2 * t * s * (6 * t**2 - 2) + s * 12 * t * s
    return s, d2, d3, d4


@pytest.mark.parametrize("x", [2.0, -0.7, 0.0])
def test_grad_of_grad_of_tanh_analytic(x):
    d = tanh_derivatives(np.float64(x))
    g1 = ms.grad(mnp.tanh)
    g2 = ms.grad(g1)
    g3 = ms.grad(g2)
    g4 = ms.grad(g3)
    for fn, ref in zip((g1, g2, g3, g4), d, strict=True):
        close(fn(x), ref, rtol=1e-4, atol=1e-5)


def test_grad_chain_issue_numbers():
    g = ms.grad(mnp.tanh)
    assert np.isclose(float(g(2.0)), 0.070650816, rtol=1e-6)
    assert np.isclose(float(ms.grad(g)(2.0)), -0.13621868, rtol=1e-6)
    assert np.isclose(float(ms.grad(ms.grad(g))(2.0)), 0.25265405, rtol=1e-5)


def cubic_sum(x):
    return jnp.sum(jnp.sin(x) * x**3)


XV = jnp.array([0.4, -1.1, 0.9])


def test_jacrev_of_grad_is_hessian():
    got = ms.jacrev(ms.grad(cubic_sum))(XV)
    close(got, jax.hessian(cubic_sum)(XV), rtol=1e-5, atol=1e-5)


def test_jacfwd_of_jacrev_is_hessian():
    def vec(x):
        return jnp.stack([jnp.sum(x**2 * jnp.cos(x)), x[0] * x[1] * x[2]])

    got = ms.jacfwd(ms.jacrev(vec))(XV)
    close(got, jax.jacfwd(jax.jacrev(vec))(XV), rtol=1e-5, atol=1e-5)


def test_jacrev_of_jacfwd_two_positions():
    def fn(x, y):
        return jnp.tanh(x) * y

    got = ms.jacrev(ms.jacfwd(fn, grad_position=(0, 1)), grad_position=1)(XV, XV + 1)
    ref = jax.jacrev(jax.jacfwd(fn, argnums=(0, 1)), argnums=1)(XV, XV + 1)
    for g, r in zip(got, ref, strict=True):
        close(g, r)


def test_grad_of_jit_and_jit_of_grad():
    jitted = ms.jit(cubic_sum)
    close(ms.grad(jitted)(XV), jax.grad(cubic_sum)(XV))
    close(ms.jit(ms.grad(cubic_sum))(XV), jax.grad(cubic_sum)(XV))
    close(
        ms.grad(ms.grad(lambda x: jitted(x) * 1.0 + 0.0))(1.3),
        jax.grad(jax.grad(lambda x: jnp.sin(x) * x**3))(1.3),
        rtol=1e-5,
    )


def test_jit_of_grad_of_grad_with_positions():
    def fn(x, y):
        return jnp.sum(jnp.exp(x * y))

    inner = ms.grad(fn, grad_position=1)
    outer = ms.jit(ms.grad(lambda x, y: jnp.sum(inner(x, y)), grad_position=(0, 1)))
    ref = jax.grad(lambda x, y: jnp.sum(jax.grad(fn, argnums=1)(x, y)), argnums=(0, 1))(XV, XV)
    got = outer(XV, XV)
    close(got[0], ref[0], rtol=1e-5)
    close(got[1], ref[1], rtol=1e-5)


def test_grad_of_vmap_and_jit_of_vmap():
    def per(a, x):
        return jnp.sum(jnp.sin(a * x))

    xs = jnp.arange(6.0).reshape(3, 2) / 5
    a = jnp.array([0.5, -1.5])
    total = lambda a, xs: jnp.sum(ms.vmap(per, in_axes=(None, 0))(a, xs))  # noqa: E731
    close(ms.grad(total)(a, xs), jax.grad(lambda a: sum(per(a, x) for x in xs))(a))
    close(ms.jit(ms.vmap(per, in_axes=(None, 0)))(a, xs), jnp.stack([per(a, x) for x in xs]))


def test_vmap_of_jacrev():
    xs = jnp.arange(6.0).reshape(3, 2) / 5
    got = ms.vmap(ms.jacrev(lambda x: jnp.sin(x) * x[0]))(xs)
    ref = jnp.stack([jax.jacrev(lambda x: jnp.sin(x) * x[0])(x) for x in xs])
    close(got, ref)


# --------------------------------------------------------------------------- Cells and weights


class Mlp(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(3, 5)
        self.fc2 = nn.Dense(5, 1)

    def construct(self, x):
        return self.fc2(jnp.tanh(self.fc1(x)))

    def energy(self, x):
        return jnp.sum(self.construct(x) ** 2)


def mlp_raw(params, x):
    w1, b1, w2, b2 = params
    return jnp.tanh(x @ w1.T + b1) @ w2.T + b2


def values(net):
    return tuple(p.value() for p in net.trainable_params())


XS = jnp.array([[0.2, -0.4, 1.0], [0.7, 0.1, -0.3], [-1.0, 0.5, 0.25], [0.0, 0.3, 0.6]])
TS = jnp.array([[0.5], [-0.5], [1.0], [0.0]])


def test_input_grad_of_cell_method_inside_weight_grad():
    net = Mlp()

    def penalty():
        gx = ms.grad(net.energy)(XS)  # d energy / d x, through the current (lifted) weights
        return jnp.sum(gx**2)

    got = ms.grad(penalty, None, net.trainable_params())()

    def raw_penalty(params):
        gx = jax.grad(lambda x: jnp.sum(mlp_raw(params, x) ** 2))(XS)
        return jnp.sum(gx**2)

    ref = jax.grad(raw_penalty)(values(net))
    for g, r in zip(got, ref, strict=True):
        close(g, r, rtol=1e-4, atol=1e-6)
    assert_no_tracers(net.get_parameters())


class GradNetWrtX(nn.Cell):
    """A Cell whose construct differentiates another Cell w.r.t. its input."""

    def __init__(self, net):
        super().__init__()
        self.net = net
        self.grad_fn = ms.grad(net.energy)

    def construct(self, x):
        return self.grad_fn(x)


def test_grad_wrt_weights_of_a_gradnet_cell_with_inputs_too():
    net = Mlp()
    gnet = GradNetWrtX(net)

    def loss(x):
        return jnp.sum(jnp.sin(gnet(x)))

    (gx, gw) = ms.grad(loss, 0, net.trainable_params())(XS)

    def raw_loss(params, x):
        return jnp.sum(jnp.sin(jax.grad(lambda v: jnp.sum(mlp_raw(params, v) ** 2))(x)))

    ref_w, ref_x = jax.grad(raw_loss, argnums=(0, 1))(values(net), XS)
    close(gx, ref_x, rtol=1e-4, atol=1e-6)
    for g, r in zip(gw, ref_w, strict=True):
        close(g, r, rtol=1e-4, atol=1e-6)


def test_third_order_mixed_weights_inputs():
    w = ms.Parameter(ms.Tensor([0.8, -0.3]), name="w3")

    def f(x):
        return jnp.sum(jnp.sin(w * x) * x)

    g1 = ms.grad(f)
    g2 = ms.grad(lambda x: jnp.sum(g1(x)))
    g3 = ms.grad(lambda x: jnp.sum(g2(x) * x), None, w)
    x = jnp.array([0.6, 1.7])

    def rf(wv, x):
        return jnp.sum(jnp.sin(wv * x) * x)

    r1 = jax.grad(rf, argnums=1)
    r2 = jax.grad(lambda wv, x: jnp.sum(r1(wv, x)), argnums=1)
    r3 = jax.grad(lambda wv, x: jnp.sum(r2(wv, x) * x))
    close(g3(x), r3(w.value(), x), rtol=1e-4, atol=1e-5)
    assert_no_tracers([w])


def test_weights_grad_of_weights_grad():
    w = ms.Parameter(ms.Tensor([0.5, 1.5]), name="ww")
    inner = ms.grad(lambda x: jnp.sum(jnp.exp(w * x)), None, w)
    got = ms.grad(lambda x: jnp.sum(inner(x) ** 2), (0,), w)(jnp.array([0.3, -0.2]))

    def rinner(wv, x):
        return jax.grad(lambda v: jnp.sum(jnp.exp(v * x)))(wv)

    ref = jax.grad(lambda wv, x: jnp.sum(rinner(wv, x) ** 2), argnums=(1, 0))(
        w.value(), jnp.array([0.3, -0.2])
    )
    close(got[0], ref[0])
    close(got[1], ref[1])


def test_grad_of_jit_with_weights_and_jit_of_grad_with_weights():
    net = Mlp()

    def loss(x, t):
        return jnp.mean((net(x) - t) ** 2)

    ref_w, ref_x = jax.grad(lambda p, x: jnp.mean((mlp_raw(p, x) - TS) ** 2), argnums=(0, 1))(
        values(net), XS
    )
    gx, gw = ms.grad(ms.jit(loss), 0, net.trainable_params())(XS, TS)
    close(gx, ref_x)
    for g, r in zip(gw, ref_w, strict=True):
        close(g, r)
    gx, gw = ms.jit(ms.grad(loss, 0, net.trainable_params()))(XS, TS)
    close(gx, ref_x)
    for g, r in zip(gw, ref_w, strict=True):
        close(g, r)
    assert_no_tracers(net.get_parameters())


def test_jit_train_step_with_second_order_loss_updates_in_place():
    net = Mlp()
    opt = nn.SGD(net.trainable_params(), learning_rate=0.1)

    def penalty(x):
        return jnp.mean(ms.grad(net.energy)(x) ** 2)

    grad_fn = ms.value_and_grad(penalty, None, opt.parameters)

    @ms.jit
    def step(x):
        loss, grads = grad_fn(x)
        opt(grads)
        return loss

    def raw_penalty(params, x):
        return jnp.mean(jax.grad(lambda v: jnp.sum(mlp_raw(params, v) ** 2))(x) ** 2)

    params = values(net)
    for _ in range(3):
        loss = step(XS)
        ref_loss, ref_g = jax.value_and_grad(raw_penalty)(params, XS)
        close(loss, ref_loss, rtol=1e-4)
        params = tuple(p - 0.1 * g for p, g in zip(params, ref_g, strict=True))
    for p, r in zip(net.trainable_params(), params, strict=True):
        close(p.value(), r, rtol=1e-4, atol=1e-6)
    assert_no_tracers(net.get_parameters())
    assert_no_tracers(opt.get_parameters())


# --------------------------------------------------------------------------- per-example grads


def test_vmap_grad_per_example_input_position():
    def loss(a, x):
        return jnp.sum(jnp.tanh(a * x) ** 2)

    a = jnp.array([0.3, -0.9, 1.2])
    got = ms.vmap(ms.grad(loss), in_axes=(None, 0))(a, XS)
    ref = jnp.stack([jax.grad(loss)(a, x) for x in XS])
    close(got, ref)


def test_vmap_grad_per_example_weights():
    net = Mlp()

    def loss(x, t):
        return jnp.sum((net(x) - t) ** 2)

    per_example = ms.vmap(ms.grad(loss, None, net.trainable_params()), in_axes=(0, 0))
    got = per_example(XS, TS)
    raw = jax.grad(lambda p, x, t: jnp.sum((mlp_raw(p, x) - t) ** 2))
    loop = [raw(values(net), x, t) for x, t in zip(XS, TS, strict=True)]
    for j, g in enumerate(got):
        assert g.shape[0] == XS.shape[0]
        close(g, jnp.stack([item[j] for item in loop]), rtol=1e-5, atol=1e-6)
    assert_no_tracers(net.get_parameters())


def test_vmap_value_and_grad_weights_and_inputs_has_aux():
    net = Mlp()

    def loss(x, t):
        out = net(x)
        return jnp.sum((out - t) ** 2), out

    fn = ms.vmap(ms.value_and_grad(loss, 0, net.trainable_params(), has_aux=True))
    (losses, outs), (gx, gw) = fn(XS, TS)
    raw = jax.value_and_grad(lambda p, x, t: jnp.sum((mlp_raw(p, x) - t) ** 2), argnums=(0, 1))
    for i, (x, t) in enumerate(zip(XS, TS, strict=True)):
        ref_loss, (ref_w, ref_x) = raw(values(net), x, t)
        close(losses[i], ref_loss)
        close(outs[i], mlp_raw(values(net), x))
        close(gx[i], ref_x)
        close(gw[0][i], ref_w[0])
        close(gw[3][i], ref_w[3])


def test_jit_of_vmap_of_grad_with_weights():
    net = Mlp()
    fn = ms.jit(ms.vmap(ms.grad(net.energy, None, net.fc1.weight)))
    got = fn(XS)
    raw = jax.grad(lambda p, x: jnp.sum(mlp_raw(p, x) ** 2))
    ref = jnp.stack([raw(values(net), x)[0] for x in XS])
    close(got, ref)
    close(fn(XS * 2), jnp.stack([raw(values(net), x)[0] for x in XS * 2]))


def test_grad_of_vmap_with_weights():
    net = Mlp()

    def batch_loss(x):
        return jnp.sum(ms.vmap(net.energy)(x))

    got = ms.grad(batch_loss, None, net.trainable_params())(XS)
    ref = jax.grad(lambda p: sum(jnp.sum(mlp_raw(p, x) ** 2) for x in XS))(values(net))
    for g, r in zip(got, ref, strict=True):
        close(g, r, rtol=1e-5, atol=1e-6)


# --------------------------------------------------------------------------- property


UNARY = {"sin": jnp.sin, "tanh": jnp.tanh, "square": jnp.square, "cos": jnp.cos}


@settings(max_examples=12, deadline=None)
@given(
    names=st.lists(st.sampled_from(sorted(UNARY)), min_size=1, max_size=3),
    x=st.floats(-1.5, 1.5, allow_nan=False, width=32),
    k=st.floats(0.25, 2.0, allow_nan=False, width=32),
)
def test_property_second_order_mixed_matches_jax(names, x, k):
    w = ms.Parameter(ms.Tensor(k), name="w_prop2")

    def body(v, scale):
        v = v * scale
        for n in names:
            v = UNARY[n](v)
        return v

    got = ms.grad(lambda v: ms.grad(lambda u: body(u, w))(v), (0,), w)(ms.Tensor(x))
    ref = jax.grad(lambda v, s: jax.grad(body)(v, s), argnums=(0, 1))(
        jnp.float32(x), jnp.float32(k)
    )
    close(got[0], ref[0], rtol=1e-4, atol=1e-5)
    close(got[1], ref[1], rtol=1e-4, atol=1e-5)
    assert_no_tracers([w])
