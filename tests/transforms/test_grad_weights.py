"""ms.grad / ms.value_and_grad with respect to Parameters (weights), Parameter writes inside
the differentiated function, and property tests, against hand-written JAX."""

import jax
import jax.numpy as jnp
import numpy as np
from _grad_common import X, Y, assert_no_tracers, close, f2
from hypothesis import given, settings
from hypothesis import strategies as st

import msfunc as ms
import msfunc.numpy as mnp
from msfunc import nn


class TwoLayer(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(3, 4)
        self.fc2 = nn.Dense(4, 2)
        self.scale = ms.Parameter(ms.Tensor(1.5), name="scale", requires_grad=False)

    def construct(self, x):
        return self.fc2(jnp.tanh(self.fc1(x))) * self.scale


def twolayer_raw(params, scale, x):
    w1, b1, w2, b2 = params
    return (jnp.tanh(x @ w1.T + b1) @ w2.T + b2) * scale


BATCH = jnp.array([[0.1, -0.3, 0.8], [1.0, 0.5, -0.2]])


TARGET = jnp.array([[0.0, 1.0], [1.0, 0.0]])


def raw_values(net):
    return tuple(p.value() for p in net.trainable_params())


def net_loss(net):
    def loss(x, t):
        return jnp.mean((net(x) - t) ** 2)

    return loss


def raw_loss(params, scale, x, t):
    return jnp.mean((twolayer_raw(params, scale, x) - t) ** 2)


def test_weights_trainable_params_only():
    net = TwoLayer()
    got = ms.grad(net_loss(net), None, net.trainable_params())(BATCH, TARGET)
    ref = jax.grad(raw_loss)(raw_values(net), net.scale.value(), BATCH, TARGET)
    assert isinstance(got, tuple) and len(got) == 4
    for g, r in zip(got, ref, strict=True):
        close(g, r)
    assert_no_tracers(net.get_parameters())


def test_weights_and_inputs():
    net = TwoLayer()
    in_g, w_g = ms.grad(net_loss(net), (0, 1), net.trainable_params())(BATCH, TARGET)
    ref_w, ref_x, ref_t = jax.grad(raw_loss, argnums=(0, 2, 3))(
        raw_values(net), net.scale.value(), BATCH, TARGET
    )
    close(in_g[0], ref_x)
    close(in_g[1], ref_t)
    for g, r in zip(w_g, ref_w, strict=True):
        close(g, r)


def test_weights_with_int_position():
    net = TwoLayer()
    x_g, w_g = ms.grad(net_loss(net), 0, net.trainable_params())(BATCH, TARGET)
    ref_w, ref_x = jax.grad(raw_loss, argnums=(0, 2))(
        raw_values(net), net.scale.value(), BATCH, TARGET
    )
    close(x_g, ref_x)
    assert isinstance(w_g, tuple) and len(w_g) == 4
    close(w_g[3], ref_w[3])


def test_weights_from_optimizer_parameters():
    net = TwoLayer()
    opt = nn.SGD(net.trainable_params(), learning_rate=0.1)
    got = ms.grad(net_loss(net), None, opt.parameters)(BATCH, TARGET)
    ref = jax.grad(raw_loss)(raw_values(net), net.scale.value(), BATCH, TARGET)
    assert len(got) == 4
    for g, r in zip(got, ref, strict=True):
        close(g, r)


def test_weights_single_parameter_gives_bare_gradient():
    net = TwoLayer()
    got = ms.grad(net_loss(net), None, net.fc2.weight)(BATCH, TARGET)
    ref = jax.grad(raw_loss)(raw_values(net), net.scale.value(), BATCH, TARGET)
    assert not isinstance(got, tuple)
    close(got, ref[2])


def test_weights_list_order_is_kept():
    net = TwoLayer()
    weights = [net.fc2.bias, net.fc1.weight]
    got = ms.grad(net_loss(net), None, weights)(BATCH, TARGET)
    ref = jax.grad(raw_loss)(raw_values(net), net.scale.value(), BATCH, TARGET)
    assert isinstance(got, tuple) and len(got) == 2
    close(got[0], ref[3])
    close(got[1], ref[0])


def test_weights_parameter_tuple_and_untrainable_parameter():
    net = TwoLayer()
    got = ms.grad(net_loss(net), None, ms.ParameterTuple([net.scale, net.fc1.bias]))(BATCH, TARGET)
    ref_w, ref_s = jax.grad(raw_loss, argnums=(0, 1))(
        raw_values(net), net.scale.value(), BATCH, TARGET
    )
    # As in MindSpore 2.10, an explicitly requested requires_grad=False Parameter gets zeros.
    close(got[0], jnp.zeros_like(ref_s))
    close(got[1], ref_w[1])


def test_same_parameter_twice_in_weights_gets_its_gradient_twice():
    # MindSpore 2.10: grad(fn, None, [w, w]) gives the full gradient at both places.
    w = ms.Parameter(ms.Tensor([0.5, 2.0]), name="w_twice")
    got = ms.grad(lambda x: jnp.sum(w * x), None, [w, w])(jnp.array([1.0, 2.0]))
    assert len(got) == 2
    close(got[0], [1.0, 2.0])
    close(got[1], [1.0, 2.0])


def test_unused_weight_gets_zero_gradient():
    net = TwoLayer()
    unused = ms.Parameter(ms.Tensor([[1.0, 2.0]]), name="unused")
    got = ms.grad(net_loss(net), None, [net.fc2.bias, unused])(BATCH, TARGET)
    assert got[1].shape == (1, 2)
    assert np.all(np.asarray(got[1]) == 0)


def test_weights_value_and_grad_has_aux_fusion_form():
    net = TwoLayer()
    opt = nn.SGD(net.trainable_params(), learning_rate=0.1)

    def forward(x, t):
        logits = net(x)
        return jnp.mean((logits - t) ** 2), logits

    (loss, logits), grads = ms.value_and_grad(forward, None, opt.parameters, has_aux=True)(
        BATCH, TARGET
    )
    values = raw_values(net)
    close(loss, raw_loss(values, net.scale.value(), BATCH, TARGET))
    close(logits, twolayer_raw(values, net.scale.value(), BATCH))
    ref = jax.grad(raw_loss)(values, net.scale.value(), BATCH, TARGET)
    for g, r in zip(grads, ref, strict=True):
        close(g, r)


def test_weights_do_not_change_parameter_values():
    net = TwoLayer()
    before = [np.asarray(p.value()) for p in net.get_parameters()]
    ms.grad(net_loss(net), 0, net.trainable_params())(BATCH, TARGET)
    for b, p in zip(before, net.get_parameters(), strict=True):
        np.testing.assert_array_equal(b, np.asarray(p.value()))


def test_parameter_used_directly_in_arithmetic():
    w = ms.Parameter(ms.Tensor([2.0, -1.0, 0.5]), name="w_direct")
    got = ms.grad(lambda x: jnp.sum((w * x) ** 2), None, w)(X)
    close(got, 2 * (w.value() * X) * X)
    got_both = ms.grad(lambda x: mnp.sum(mnp.sin(w * x)), 0, [w])(X)
    close(got_both[0], jnp.cos(w.value() * X) * w.value())
    close(got_both[1][0], jnp.cos(w.value() * X) * X)


def test_return_ids_inputs_and_weights():
    net = TwoLayer()
    in_g, w_g = ms.grad(net_loss(net), (0, 1), net.trainable_params(), return_ids=True)(
        BATCH, TARGET
    )
    ref_w, ref_x, ref_t = jax.grad(raw_loss, argnums=(0, 2, 3))(
        raw_values(net), net.scale.value(), BATCH, TARGET
    )
    assert [pos for pos, _ in in_g] == [0, 1]
    close(in_g[0][1], ref_x)
    close(in_g[1][1], ref_t)
    assert [name for name, _ in w_g] == ["fc1.weight", "fc1.bias", "fc2.weight", "fc2.bias"]
    for (_, g), r in zip(w_g, ref_w, strict=True):
        close(g, r)


def test_return_ids_weights_only_and_positions_reordered():
    net = TwoLayer()
    w_g = ms.grad(net_loss(net), None, [net.fc2.bias], return_ids=True)(BATCH, TARGET)
    assert len(w_g) == 1 and w_g[0][0] == "fc2.bias"
    in_g = ms.grad(f2, (1, 0), return_ids=True)(X, Y)
    assert [pos for pos, _ in in_g] == [1, 0]
    close(in_g[0][1], jax.grad(f2, argnums=1)(X, Y))


def test_return_ids_value_and_grad():
    value, g = ms.value_and_grad(f2, (0, 1), return_ids=True)(X, Y)
    close(value, f2(X, Y))
    assert g[0][0] == 0 and g[1][0] == 1
    close(g[1][1], jax.grad(f2, argnums=1)(X, Y))


def test_grad_of_cell_directly():
    net = TwoLayer()
    got = ms.grad(net)(BATCH)
    ref = jax.grad(lambda x: jnp.sum(twolayer_raw(raw_values(net), net.scale.value(), x)))(BATCH)
    close(got, ref)


def test_grad_operation_forms():
    net = TwoLayer()
    loss = net_loss(net)
    weights = net.trainable_params()
    ref_w, ref_x, ref_t = jax.grad(raw_loss, argnums=(0, 2, 3))(
        raw_values(net), net.scale.value(), BATCH, TARGET
    )
    close(ms.ops.GradOperation()(loss)(BATCH, TARGET), ref_x)
    all_g = ms.ops.GradOperation(get_all=True)(loss)(BATCH, TARGET)
    close(all_g[0], ref_x)
    close(all_g[1], ref_t)
    by_list = ms.ops.GradOperation(get_by_list=True)(loss, weights)(BATCH, TARGET)
    for g, r in zip(by_list, ref_w, strict=True):
        close(g, r)
    both = ms.ops.GradOperation(get_all=True, get_by_list=True)(loss, weights)(BATCH, TARGET)
    close(both[0][1], ref_t)
    close(both[1][0], ref_w[0])
    sens = ms.ops.GradOperation(sens_param=True)(lambda x: x * 3.0)(X, Y)
    close(sens, 3.0 * Y)


class RunningMean(nn.Cell):
    """Dense layer that tracks a running mean of its outputs in a non-trainable Parameter."""

    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(3, 2)
        self.moving = ms.Parameter(ms.Tensor([0.0, 0.0]), name="moving", requires_grad=False)
        self.count = ms.Parameter(ms.Tensor(0, ms.int32), name="count", requires_grad=False)

    def construct(self, x):
        y = self.fc(x)
        self.moving.set_data(0.9 * self.moving + 0.1 * jnp.mean(y, axis=0))
        self.count.set_data(self.count + 1)
        return jnp.sum(y**2) + jnp.sum(self.moving)


def running_ref(w, b, moving, x):
    y = x @ w.T + b
    new_moving = 0.9 * moving + 0.1 * jnp.mean(y, axis=0)
    return jnp.sum(y**2) + jnp.sum(new_moving), new_moving


def test_write_inside_grad_is_committed_with_concrete_value():
    net = RunningMean()
    w, b = net.fc.weight.value(), net.fc.bias.value()
    moving0 = net.moving.value()
    grads = ms.grad(net, None, net.trainable_params())(BATCH)
    (ref_w, ref_b), new_moving = jax.grad(running_ref, argnums=(0, 1), has_aux=True)(
        w, b, moving0, BATCH
    )
    close(grads[0], ref_w)
    close(grads[1], ref_b)
    assert_no_tracers(net.get_parameters())
    close(net.moving.value(), new_moving)
    assert int(net.count.value()) == 1


def test_write_inside_value_and_grad_twice_and_under_jit():
    net = RunningMean()
    w, b = net.fc.weight.value(), net.fc.bias.value()
    grad_fn = ms.value_and_grad(net, 0, net.trainable_params())
    moving = net.moving.value()
    for _ in range(2):
        loss, _ = grad_fn(BATCH)
        ref_loss, moving = running_ref(w, b, moving, BATCH)
        close(loss, ref_loss)
    close(net.moving.value(), moving)
    step = ms.jit(lambda x: grad_fn(x)[0])
    for _ in range(2):
        loss = step(BATCH)
        ref_loss, moving = running_ref(w, b, moving, BATCH)
        close(loss, ref_loss)
        assert_no_tracers(net.get_parameters())
    close(net.moving.value(), moving)
    assert int(net.count.value()) == 4


def test_write_inside_grad_wrt_inputs_only():
    net = RunningMean()
    w, b = net.fc.weight.value(), net.fc.bias.value()
    g = ms.grad(net)(BATCH)
    ref_g, new_moving = jax.grad(running_ref, argnums=3, has_aux=True)(
        w, b, net.moving.value() * 0, BATCH
    )
    close(g, ref_g)
    close(net.moving.value(), new_moving)
    assert_no_tracers(net.get_parameters())


def test_write_of_a_differentiated_weight_is_committed():
    w = ms.Parameter(ms.Tensor([1.0, 2.0]), name="w_self_update")

    def fn(x):
        out = jnp.sum(w * x)
        w.set_data(w * 2.0)  # the written value depends on the traced weight
        return out

    g = ms.grad(fn, None, w)(jnp.array([3.0, 4.0]))
    close(g, [3.0, 4.0])
    close(w.value(), [2.0, 4.0])
    assert_no_tracers([w])


def test_training_loop_with_sgd_matches_raw_jax():
    net = TwoLayer()
    opt = nn.SGD(net.trainable_params(), learning_rate=0.05)
    grad_fn = ms.value_and_grad(net_loss(net), None, opt.parameters)
    params = raw_values(net)
    scale = net.scale.value()
    for _ in range(3):
        loss, grads = grad_fn(BATCH, TARGET)
        opt(grads)
        ref_loss, ref_g = jax.value_and_grad(raw_loss)(params, scale, BATCH, TARGET)
        params = tuple(p - 0.05 * g for p, g in zip(params, ref_g, strict=True))
        close(loss, ref_loss)
    for p, r in zip(net.trainable_params(), params, strict=True):
        close(p.value(), r, rtol=1e-5, atol=1e-6)
    assert_no_tracers(net.get_parameters())
    assert_no_tracers(opt.get_parameters())


UNARY = {
    "sin": (mnp.sin, jnp.sin, np.sin),
    "cos": (mnp.cos, jnp.cos, np.cos),
    "tanh": (mnp.tanh, jnp.tanh, np.tanh),
    "square": (mnp.square, jnp.square, np.square),
    "softexp": (lambda v: mnp.exp(0.3 * v), lambda v: jnp.exp(0.3 * v), lambda v: np.exp(0.3 * v)),
}


def polynomial(coeffs, x):
    out = 0.0
    for c in reversed(coeffs):
        out = out * x + c
    return out


def composition(names, coeffs, which):
    def build(x):
        v = polynomial(coeffs, x)
        for n in names:
            v = UNARY[n][which](v)
        return v

    return build


coeff_st = st.lists(st.floats(-2, 2, allow_nan=False, width=32), min_size=1, max_size=4)


names_st = st.lists(st.sampled_from(sorted(UNARY)), min_size=0, max_size=3)


point_st = st.floats(-1.5, 1.5, allow_nan=False, width=32)


@settings(max_examples=20, deadline=None)
@given(coeffs=coeff_st, names=names_st, x=point_st)
def test_property_scalar_composition(coeffs, names, x):
    ms_f = composition(names, coeffs, 0)
    jax_f = composition(names, coeffs, 1)
    np_f = composition(names, coeffs, 2)
    got = ms.grad(ms_f)(ms.Tensor(x))
    ref = jax.grad(jax_f)(jnp.float32(x))
    close(got, ref, rtol=1e-5, atol=1e-5)
    h = 1e-5
    fd = (np_f(np.float64(x) + h) - np_f(np.float64(x) - h)) / (2 * h)
    close(got, fd, rtol=2e-3, atol=2e-3)


@settings(max_examples=15, deadline=None)
@given(
    coeffs=coeff_st,
    names=names_st,
    xs=st.lists(point_st, min_size=2, max_size=2),
    ws=st.lists(point_st, min_size=2, max_size=2),
)
def test_property_weights_and_inputs(coeffs, names, xs, ws):
    w = ms.Parameter(ms.Tensor(ws), name="w_prop")
    ms_inner = composition(names, coeffs, 0)
    jax_inner = composition(names, coeffs, 1)
    np_inner = composition(names, coeffs, 2)

    def ms_loss(x, y):
        return mnp.sum(ms_inner(w * x) * y)

    def jax_loss(wv, x, y):
        return jnp.sum(jax_inner(wv * x) * y)

    x = jnp.array(xs, jnp.float32)
    y = jnp.array([0.7, -1.3], jnp.float32)
    (gx, gy), gw = ms.grad(ms_loss, (0, 1), w)(x, y)
    rw, rx, ry = jax.grad(jax_loss, argnums=(0, 1, 2))(w.value(), x, y)
    close(gx, rx, rtol=1e-5, atol=1e-5)
    close(gy, ry, rtol=1e-5, atol=1e-5)
    close(gw, rw, rtol=1e-5, atol=1e-5)
    # finite differences on the weight, in float64 numpy
    w64, x64, y64 = (np.asarray(v, np.float64) for v in (w.value(), x, y))
    fd = np.zeros(2)
    for i in range(2):
        e = np.zeros(2)
        e[i] = 1e-5
        fd[i] = (
            np.sum(np_inner((w64 + e) * x64) * y64) - np.sum(np_inner((w64 - e) * x64) * y64)
        ) / 2e-5
    close(gw, fd, rtol=2e-3, atol=2e-3)
    assert_no_tracers([w])
