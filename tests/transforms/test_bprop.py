"""User bprops (Cell.bprop, ms.custom_bprop), checked with bprops that differ from the math."""

import _scenario_replay
import jax
import jax.numpy as jnp
import numpy as np
import pytest

import msfunc as ms
from msfunc import nn


def close(a, b, rtol=1e-5, atol=1e-6):
    np.testing.assert_allclose(np.asarray(a), np.asarray(b), rtol=rtol, atol=atol)


def assert_no_tracers(params):
    for p in params:
        assert not isinstance(p._value, jax.core.Tracer), p.name


X = jnp.array([0.5, 1.5, -0.8])
Y = jnp.array([1.0, -2.0, 0.3])


class FakeGrad(nn.Cell):
    """Forward sin(x) * y * w; bprop deliberately says d/dx = x**2 * dout, d/dy = 3 * dout."""

    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(ms.Tensor([2.0, 3.0, 0.5]), name="w")

    def construct(self, x, y):
        return jnp.sin(x) * y * self.w

    def bprop(self, x, y, out, dout):
        return x**2 * dout, 3.0 * dout


def fake_raw(x, y):
    """The same rule as a raw jax.custom_vjp (w fixed at its initial value)."""
    w = jnp.array([2.0, 3.0, 0.5])

    @jax.custom_vjp
    def f(x, y):
        return jnp.sin(x) * y * w

    f.defvjp(lambda x, y: (f(x, y), (x, y)), lambda r, d: (r[0] ** 2 * d, 3.0 * d))
    return f(x, y)


def test_forward_uses_construct():
    close(FakeGrad()(X, Y), jnp.sin(X) * Y * jnp.array([2.0, 3.0, 0.5]))


def test_bprop_gives_input_gradients():
    gx, gy = ms.grad(FakeGrad(), (0, 1))(X, Y)
    close(gx, X**2)
    close(gy, jnp.full(3, 3.0))
    ref = jax.grad(lambda x, y: jnp.sum(fake_raw(x, y)), argnums=(0, 1))(X, Y)
    close(gx, ref[0])
    close(gy, ref[1])


def test_bprop_receives_out_and_dout():
    seen = {}

    class Spy(nn.Cell):
        def construct(self, x):
            return jnp.exp(x)

        def bprop(self, x, out, dout):
            seen["out"], seen["dout"] = out, dout
            return (out * dout * 10.0,)

    sens = jnp.array([1.0, 2.0, 3.0])
    # Eagerly: a compiled call (PyNative auto-compile) would hand bprop traced values.
    ms.set_context(pynative_auto_compile=False)
    try:
        g = ms.grad(Spy(), sens_param=True)(X, sens)
    finally:
        ms.set_context(pynative_auto_compile=True)
    close(seen["out"], jnp.exp(X))
    close(seen["dout"], sens)
    close(g, jnp.exp(X) * sens * 10.0)


def test_bprop_receives_tensors():
    # As in MindSpore, a bprop's inputs, out and dout are Tensors (it may call asnumpy).
    class MulAdd(nn.Cell):
        def construct(self, x, y):
            return 2 * x + y

        def bprop(self, x, y, out, dout):
            assert [float(t.asnumpy()) for t in (x, y, out, dout)] == [1.0, 2.0, 4.0, 1.0]
            return dout, y

    g = ms.ops.GradOperation(get_all=True)(MulAdd())(ms.Tensor(1.0), ms.Tensor(2.0))
    assert [float(t) for t in g] == [1.0, 2.0]


def test_bprop_with_value_and_grad():
    value, (gx, gy) = ms.value_and_grad(lambda x, y: jnp.sum(FakeGrad()(x, y)), (0, 1))(X, Y)
    close(value, jnp.sum(jnp.sin(X) * Y * jnp.array([2.0, 3.0, 0.5])))
    close(gx, X**2)
    close(gy, jnp.full(3, 3.0))


def test_own_parameters_get_zero_gradient():
    cell = FakeGrad()
    (gx, gy), gw = ms.grad(cell, (0, 1), cell.trainable_params())(X, Y)
    close(gx, X**2)
    assert len(gw) == 1 and gw[0].shape == (3,)
    assert np.all(np.asarray(gw[0]) == 0)
    only_w = ms.grad(cell, None, cell.w)(X, Y)
    assert np.all(np.asarray(only_w) == 0)
    assert_no_tracers(cell.get_parameters())


def test_bprop_reads_own_parameter_in_backward():
    class Scaled(nn.Cell):
        def __init__(self):
            super().__init__()
            self.k = ms.Parameter(ms.Tensor(4.0), name="k")

        def construct(self, x):
            return x * self.k

        def bprop(self, x, out, dout):
            return (dout * self.k * self.k,)  # k**2 instead of k

    cell = Scaled()
    close(ms.grad(cell)(X), jnp.full(3, 16.0))
    close(ms.jit(ms.grad(cell))(X), jnp.full(3, 16.0))
    cell.k.set_data(ms.Tensor(3.0))
    close(ms.grad(cell)(X), jnp.full(3, 9.0))


def test_bprop_single_input_may_return_bare_gradient_or_tuple():
    class Bare(nn.Cell):
        def construct(self, x):
            return x * 2.0

        def bprop(self, x, out, dout):
            return dout * 5.0

    close(ms.grad(Bare())(X), jnp.full(3, 5.0))


# --------------------------------------------------------------------------- composition


def test_bprop_under_jit():
    cell = FakeGrad()
    gx, gy = ms.jit(ms.grad(cell, (0, 1)))(X, Y)
    close(gx, X**2)
    close(gy, jnp.full(3, 3.0))
    gx, gy = ms.grad(ms.jit(cell), (0, 1))(X, Y)
    close(gx, X**2)
    close(gy, jnp.full(3, 3.0))


def test_bprop_in_graph_mode():
    ms.set_context(mode=ms.GRAPH_MODE)
    gx, gy = ms.grad(FakeGrad(), (0, 1))(X, Y)
    close(gx, X**2)
    close(gy, jnp.full(3, 3.0))


def test_bprop_under_vmap():
    cell = FakeGrad()
    xs = jnp.stack([X, 2 * X])
    ys = jnp.stack([Y, Y - 1])
    out = ms.vmap(cell)(xs, ys)
    close(out, jnp.stack([cell(X, Y), cell(2 * X, Y - 1)]))
    gx, gy = ms.vmap(ms.grad(lambda x, y: jnp.sum(cell(x, y)), (0, 1)))(xs, ys)
    close(gx, xs**2)
    close(gy, jnp.full((2, 3), 3.0))
    gx = ms.grad(lambda x: jnp.sum(ms.vmap(cell)(x, ys)))(xs)
    close(gx, xs**2)


def test_bprop_nested_grad_differentiates_the_bprop():
    cell = FakeGrad()
    # first derivative w.r.t. x is x**2 (from bprop); its derivative is 2x.
    g2 = ms.grad(lambda x: jnp.sum(ms.grad(cell)(x, Y)))(X)
    close(g2, 2 * X)
    ref = jax.grad(lambda x: jnp.sum(jax.grad(lambda v: jnp.sum(fake_raw(v, Y)))(x)))(X)
    close(g2, ref)


def test_gradient_reversal_layer_inside_a_network():
    class Reverse(nn.Cell):
        def construct(self, x):
            return x

        def bprop(self, x, out, dout):
            return (-dout,)

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc = nn.Dense(3, 2)
            self.rev = Reverse()

        def construct(self, x):
            return jnp.sum(jnp.tanh(self.rev(self.fc(x))) ** 2)

    net = Net()
    xb = jnp.stack([X, Y])
    gx, gw = ms.grad(net, 0, net.trainable_params())(xb)
    w, b = net.fc.weight.value(), net.fc.bias.value()
    ref_w, ref_b, ref_x = jax.grad(
        lambda w, b, x: jnp.sum(jnp.tanh(x @ w.T + b) ** 2), argnums=(0, 1, 2)
    )(w, b, xb)
    close(gx, -ref_x)
    close(gw[0], -ref_w)
    close(gw[1], -ref_b)
    close(net(xb), jnp.sum(jnp.tanh(xb @ w.T + b) ** 2))
    assert_no_tracers(net.get_parameters())


def test_bprop_integer_input_gets_zero_gradient():
    class IntIn(nn.Cell):
        def construct(self, x, n):
            return x * n

        def bprop(self, x, n, out, dout):
            return dout * 4.0, dout * 0

    gx, gn = ms.grad(IntIn(), (0, 1))(X, jnp.array([1, 2, 3]))
    close(gx, jnp.full(3, 4.0))
    assert np.all(np.asarray(gn) == 0)


# --------------------------------------------------------------------------- errors


def test_bprop_too_few_gradients_is_clear_error():
    class TooFew(nn.Cell):
        def construct(self, x, y):
            return x * y

        def bprop(self, x, y, out, dout):
            return (dout,)

    with pytest.raises(ValueError, match="bprop"):
        ms.grad(TooFew(), (0, 1))(X, Y)


def test_bprop_wrong_shape_gradient_is_clear_error():
    class WrongShape(nn.Cell):
        def construct(self, x):
            return x * 2.0

        def bprop(self, x, out, dout):
            return (jnp.ones((7,)),)

    with pytest.raises(ValueError, match="shape"):
        ms.grad(WrongShape())(X)


# --------------------------------------------------------------------------- custom_bprop


def mul_bprop(x, y, out, dout):
    return dout * 7.0, dout * y * 0.5


@ms.custom_bprop(mul_bprop)
def fake_mul(x, y):
    return x * y


def test_custom_bprop_forward_and_gradients():
    close(fake_mul(X, Y), X * Y)
    gx, gy = ms.grad(fake_mul, (0, 1))(X, Y)
    close(gx, jnp.full(3, 7.0))
    close(gy, Y * 0.5)


def test_custom_bprop_receives_out():
    def bp(x, out, dout):
        return (out * dout,)  # claims d exp(2x)/dx = exp(2x)

    @ms.custom_bprop(bp)
    def exp2(x):
        return jnp.exp(2 * x)

    close(ms.grad(exp2)(X), jnp.exp(2 * X))


def test_custom_bprop_jit_vmap_nested():
    def loss(x, y):
        return jnp.sum(fake_mul(x, y) ** 2)

    # d loss/dx = 2 * out * 7, d loss/dy = 2 * out * y * 0.5
    gx, gy = ms.jit(ms.grad(loss, (0, 1)))(X, Y)
    close(gx, 14.0 * X * Y)
    close(gy, X * Y * Y)
    xs, ys = jnp.stack([X, -X]), jnp.stack([Y, 2 * Y])
    gx = ms.vmap(ms.grad(loss))(xs, ys)
    close(gx, 14.0 * xs * ys)
    # nested: d loss/dx = 14 * out with out = fake_mul(x, y); its d/dy goes through the
    # bprop again (d out/dy := 0.5 * y), so d/dy sum(14 * out) = 7 * y, not the true 14 * x.
    close(ms.grad(lambda y: jnp.sum(ms.grad(loss)(X, y)), 0)(Y), 7.0 * Y)


def test_custom_bprop_with_parameter_argument_and_weights():
    w = ms.Parameter(ms.Tensor([1.0, 2.0, 3.0]), name="w_custom")
    gw = ms.grad(lambda y: jnp.sum(fake_mul(w, y)), None, w)(Y)
    close(gw, jnp.full(3, 7.0))
    assert_no_tracers([w])


def test_custom_bprop_wrong_count_is_clear_error():
    @ms.custom_bprop(lambda x, y, out, dout: (dout,))
    def bad(x, y):
        return x * y

    with pytest.raises(ValueError, match="bprop"):
        ms.grad(bad, (0, 1))(X, Y)


def test_custom_bprop_rejects_non_callable():
    with pytest.raises(TypeError):
        ms.custom_bprop(3)


@pytest.mark.parametrize("case", _scenario_replay.cases("bprop_entries"))
def test_bprop_entry_count_matches_mindspore(case):
    # MindSpore 2.10 (tests/golden/replayed_scenarios.json): entries past the inputs are
    # ignored; too few is an error (RuntimeError there, a ValueError too here)
    _scenario_replay.check("bprop_entries", case)


def test_custom_vjp_gives_the_rule_of_defbwd():
    # MindSpore's ops.function.grad.grad_func.custom_vjp: the rule is given after the function
    from msfunc.transforms.bprop import custom_vjp

    @custom_vjp
    def mul_add(x, y):
        return 2 * x + y

    with pytest.raises(TypeError, match="defbwd"):
        mul_add(ms.Tensor(1.0), ms.Tensor(2.0))
    mul_add.defbwd(lambda x, y, out, dout: (2 * dout, 2 * y))
    x, y = ms.Tensor(1.0), ms.Tensor(5.0)
    assert float(mul_add(x, y)) == 7.0
    gx, gy = ms.grad(mul_add, (0, 1))(x, y)
    assert (float(gx), float(gy)) == (2.0, 10.0)
    # integer inputs keep integer gradients, as MindSpore's vjp gives them
    _, pullback = ms.vjp(mul_add, ms.Tensor(1, ms.int32), ms.Tensor(2, ms.int32))
    grads = pullback(ms.Tensor(1, ms.int32))
    assert [int(g) for g in grads] == [2, 4] and all(g.dtype == np.int32 for g in grads)
