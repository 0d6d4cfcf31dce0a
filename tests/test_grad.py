"""ms.grad / ms.value_and_grad conventions against hand-written JAX and finite differences."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import msfunc as ms
import msfunc.numpy as mnp
from msfunc import nn

RTOL, ATOL = 1e-5, 1e-6


def close(a, b, rtol=RTOL, atol=ATOL):
    np.testing.assert_allclose(np.asarray(a), np.asarray(b), rtol=rtol, atol=atol)


def assert_no_tracers(params):
    for p in params:
        assert not isinstance(p._value, jax.core.Tracer), p.name


X = jnp.array([0.3, -1.2, 2.0])
Y = jnp.array([1.5, 0.7, -0.4])


def f2(x, y):
    return jnp.sum(jnp.sin(x) * y ** 2)


# --------------------------------------------------------------------------- grad_position


def test_default_position_is_first_input():
    got = ms.grad(f2)(X, Y)
    close(got, jax.grad(f2)(X, Y))


def test_int_position_second_input():
    got = ms.grad(f2, grad_position=1)(X, Y)
    close(got, jax.grad(f2, argnums=1)(X, Y))


@pytest.mark.parametrize("positions", [(0, 1), (1, 0), [0, 1]])
def test_tuple_position_gives_tuple_in_order(positions):
    got = ms.grad(f2, grad_position=positions)(X, Y)
    ref = jax.grad(f2, argnums=tuple(positions))(X, Y)
    assert isinstance(got, tuple) and len(got) == 2
    for g, r in zip(got, ref, strict=True):
        close(g, r)


def test_repeated_position_is_value_error():
    # MindSpore 2.10: "There are duplicate positions in `grad_position`" (ValueError).
    with pytest.raises(ValueError, match="grad_position"):
        ms.grad(f2, grad_position=(1, 1))(X, Y)
    with pytest.raises(ValueError, match="grad_position"):
        ms.value_and_grad(f2, grad_position=(0, 1, 0))(X, Y)


def test_one_element_tuple_gives_bare_gradient():
    # MindSpore: grad_position=(0,) returns the bare gradient (golden-checked elsewhere).
    got = ms.grad(f2, grad_position=(1,))(X, Y)
    assert not isinstance(got, tuple)
    close(got, jax.grad(f2, argnums=1)(X, Y))


def test_python_float_inputs_are_differentiated():
    got = ms.grad(lambda a, b: a ** 3 * b, (0, 1))(2.0, 0.5)
    close(got[0], 3 * 4.0 * 0.5)
    close(got[1], 8.0)


def test_non_differentiated_arguments_may_be_anything():
    def fn(x, scale, name):
        assert name == "tag"
        return jnp.sum(x * scale)

    close(ms.grad(fn)(X, 3, "tag"), jnp.full(3, 3.0))


def test_integer_input_gets_zero_gradient():
    n = jnp.array([1, 2, 3], jnp.int32)
    gx, gn = ms.grad(lambda x, n: jnp.sum(x * n), (0, 1))(X, n)
    close(gx, n.astype(jnp.float32))
    assert gn.shape == n.shape
    assert np.all(np.asarray(gn) == 0)


def test_integer_only_input_gets_zero_gradient():
    g = ms.grad(lambda n: n * 2)(ms.Tensor(5))
    assert np.asarray(g).shape == () and float(g) == 0.0


def test_python_int_at_grad_position_is_a_constant():
    # As in MindSpore, a Python int is not differentiated and leaves the result:
    # one gradient remains, so it is bare.
    g = ms.grad(lambda x, k: x * k, (0, 1))(2.0, 3)
    close(g, 3.0)


def test_tuple_input_with_an_integer_leaf_keeps_the_float_gradient():
    # A tuple at a grad position is differentiated leaf by leaf (msfunc's choice; MindSpore
    # returns ()); an integer leaf must not zero the gradient of its float neighbours.
    got = ms.grad(lambda xs: jnp.sum(xs[0] * xs[1]))((X, jnp.array([1, 2, 3])))
    close(got[0], [1.0, 2.0, 3.0])
    assert np.all(np.asarray(got[1]) == 0)


def test_keyword_arguments_pass_through_undifferentiated():
    # MindSpore 2.10: ms.grad(fn)(x, b=3.0) calls fn(x, b=3.0) and returns d/dx.
    def fn(a, b=1.0):
        return jnp.sum(a * b)

    close(ms.grad(fn)(X, b=3.0), jnp.full(3, 3.0))
    value, g = ms.value_and_grad(fn)(X, b=2.0)
    close(value, 2.0 * jnp.sum(X))
    close(g, jnp.full(3, 2.0))


def test_parameter_as_input():
    p = ms.Parameter(ms.Tensor([1.0, 2.0]), name="p_in")
    close(ms.grad(lambda v: jnp.sum(jnp.exp(v)))(p), jnp.exp(jnp.array([1.0, 2.0])))


# --------------------------------------------------------------------------- outputs


def test_non_scalar_output_uses_ones_sensitivity():
    def fn(x):
        return jnp.outer(jnp.sin(x), x)

    got = ms.grad(fn)(X)
    out, vjp_fn = jax.vjp(fn, X)
    close(got, vjp_fn(jnp.ones_like(out))[0])


def test_several_outputs_add_up():
    def fn(x, y):
        return x * y, jnp.sin(x), jnp.sum(x ** 2)

    got = ms.grad(fn, (0, 1))(X, Y)
    ref = jax.grad(lambda x, y: jnp.sum(x * y) + jnp.sum(jnp.sin(x)) + jnp.sum(x ** 2),
                   argnums=(0, 1))(X, Y)
    close(got[0], ref[0])
    close(got[1], ref[1])


def test_nested_output_structure_adds_up():
    def fn(x):
        return [x ** 2, (jnp.cos(x), {"k": 3 * x})]

    got = ms.grad(fn)(X)
    close(got, 2 * X - jnp.sin(X) + 3)


def test_sens_param_last_argument():
    sens = jnp.array([0.5, -2.0, 3.0])
    got = ms.grad(lambda x, y: jnp.sin(x) * y, (0, 1), sens_param=True)(X, Y, sens)
    _, vjp_fn = jax.vjp(lambda x, y: jnp.sin(x) * y, X, Y)
    ref = vjp_fn(sens)
    close(got[0], ref[0])
    close(got[1], ref[1])


def test_sens_param_with_several_outputs():
    def fn(x):
        return x * 2.0, jnp.sum(x ** 2)

    sens = (jnp.array([1.0, 2.0, 3.0]), jnp.array(10.0))
    got = ms.grad(fn, sens_param=True)(X, sens)
    close(got, 2.0 * sens[0] + 10.0 * 2 * X)


def test_sens_param_value_and_grad():
    sens = jnp.array([2.0, 2.0, 2.0])
    value, g = ms.value_and_grad(jnp.tanh, sens_param=True)(X, sens)
    close(value, jnp.tanh(X))
    close(g, 2.0 * (1 - jnp.tanh(X) ** 2))


def test_has_aux_grad_returns_grads_and_aux_tuple():
    def fn(x):
        return jnp.sum(x ** 3), x + 1.0, jnp.cos(x)

    grads, aux = ms.grad(fn, has_aux=True)(X)
    close(grads, 3 * X ** 2)  # aux outputs do not contribute
    assert isinstance(aux, tuple) and len(aux) == 2
    close(aux[0], X + 1.0)
    close(aux[1], jnp.cos(X))


def test_has_aux_single_aux_is_still_a_tuple():
    grads, aux = ms.grad(lambda x: (jnp.sum(x ** 2), x * 5.0), has_aux=True)(X)
    close(grads, 2 * X)
    assert isinstance(aux, tuple) and len(aux) == 1
    close(aux[0], X * 5.0)


def test_has_aux_value_and_grad_returns_whole_output():
    def fn(x, y):
        return jnp.sum(x * y), x - y

    (loss, diff), grads = ms.value_and_grad(fn, (0, 1), has_aux=True)(X, Y)
    close(loss, jnp.sum(X * Y))
    close(diff, X - Y)
    close(grads[0], Y)
    close(grads[1], X)


def test_has_aux_aux_is_not_differentiated_even_if_large():
    # Without has_aux the second output would add 100 * x to the gradient.
    grads, _ = ms.grad(lambda x: (jnp.sum(x), 100.0 * x), has_aux=True)(X)
    close(grads, jnp.ones(3))


def test_has_aux_with_single_output_is_value_error():
    with pytest.raises(ValueError):
        ms.grad(lambda x: jnp.sum(x), has_aux=True)(X)


def test_value_and_grad_value_matches_forward():
    value, g = ms.value_and_grad(f2, (0, 1))(X, Y)
    close(value, f2(X, Y))
    ref = jax.grad(f2, argnums=(0, 1))(X, Y)
    close(g[0], ref[0])
    close(g[1], ref[1])


def test_stop_gradient():
    got = ms.grad(lambda x: jnp.sum(x * ms.ops.stop_gradient(x ** 2)))(X)
    close(got, X ** 2)


# --------------------------------------------------------------------------- weights


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
        raw_values(net), net.scale.value(), BATCH, TARGET)
    close(in_g[0], ref_x)
    close(in_g[1], ref_t)
    for g, r in zip(w_g, ref_w, strict=True):
        close(g, r)


def test_weights_with_int_position():
    net = TwoLayer()
    x_g, w_g = ms.grad(net_loss(net), 0, net.trainable_params())(BATCH, TARGET)
    ref_w, ref_x = jax.grad(raw_loss, argnums=(0, 2))(
        raw_values(net), net.scale.value(), BATCH, TARGET)
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
    got = ms.grad(net_loss(net), None, ms.ParameterTuple([net.scale, net.fc1.bias]))(
        BATCH, TARGET)
    ref_w, ref_s = jax.grad(raw_loss, argnums=(0, 1))(
        raw_values(net), net.scale.value(), BATCH, TARGET)
    close(got[0], ref_s)  # requires_grad=False does not stop an explicit request
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
        BATCH, TARGET)
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
        BATCH, TARGET)
    ref_w, ref_x, ref_t = jax.grad(raw_loss, argnums=(0, 2, 3))(
        raw_values(net), net.scale.value(), BATCH, TARGET)
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
    ref = jax.grad(lambda x: jnp.sum(twolayer_raw(raw_values(net), net.scale.value(), x)))(
        BATCH)
    close(got, ref)


def test_grad_operation_forms():
    net = TwoLayer()
    loss = net_loss(net)
    weights = net.trainable_params()
    ref_w, ref_x, ref_t = jax.grad(raw_loss, argnums=(0, 2, 3))(
        raw_values(net), net.scale.value(), BATCH, TARGET)
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


# --------------------------------------------------------------------------- errors


def test_both_none_is_value_error():
    with pytest.raises(ValueError, match="grad_position"):
        ms.grad(f2, grad_position=None, weights=None)
    with pytest.raises(ValueError, match="grad_position"):
        ms.value_and_grad(f2, None, None)


@pytest.mark.parametrize("bad", ["0", 1.0, True, (), {0: 1}])
def test_bad_grad_position_type(bad):
    with pytest.raises((TypeError, ValueError), match="grad_position"):
        ms.grad(f2, grad_position=bad)(X, Y)


@pytest.mark.parametrize("bad", [-1, (0, -2), (0, "1"), (0, 1.0)])
def test_bad_grad_position_entries(bad):
    with pytest.raises((TypeError, ValueError), match="grad_position"):
        ms.grad(f2, grad_position=bad)(X, Y)


def test_grad_position_out_of_range():
    with pytest.raises((TypeError, ValueError), match="grad_position"):
        ms.grad(f2, grad_position=2)(X, Y)
    with pytest.raises((TypeError, ValueError), match="grad_position"):
        ms.value_and_grad(f2, grad_position=(0, 5))(X, Y)


@pytest.mark.parametrize("bad", [jnp.ones(3), "w", 3.0, [jnp.ones(2)], {"w": 1}])
def test_bad_weights_type(bad):
    with pytest.raises(TypeError, match="weights"):
        ms.grad(f2, None, bad)(X, Y)


def test_non_callable_fn():
    with pytest.raises(TypeError):
        ms.grad(3.0)


def test_non_array_input_at_grad_position():
    with pytest.raises(TypeError):
        ms.grad(lambda s: 1.0)("text")


# --------------------------------------------------------------------------- writes in forward


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
        return jnp.sum(y ** 2) + jnp.sum(self.moving)


def running_ref(w, b, moving, x):
    y = x @ w.T + b
    new_moving = 0.9 * moving + 0.1 * jnp.mean(y, axis=0)
    return jnp.sum(y ** 2) + jnp.sum(new_moving), new_moving


def test_write_inside_grad_is_committed_with_concrete_value():
    net = RunningMean()
    w, b = net.fc.weight.value(), net.fc.bias.value()
    moving0 = net.moving.value()
    grads = ms.grad(net, None, net.trainable_params())(BATCH)
    (ref_w, ref_b), new_moving = jax.grad(running_ref, argnums=(0, 1), has_aux=True)(
        w, b, moving0, BATCH)
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
        w, b, net.moving.value() * 0, BATCH)
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


# --------------------------------------------------------------------------- property tests

UNARY = {
    "sin": (mnp.sin, jnp.sin, np.sin),
    "cos": (mnp.cos, jnp.cos, np.cos),
    "tanh": (mnp.tanh, jnp.tanh, np.tanh),
    "square": (mnp.square, jnp.square, np.square),
    "softexp": (lambda v: mnp.exp(0.3 * v), lambda v: jnp.exp(0.3 * v),
                lambda v: np.exp(0.3 * v)),
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
@given(coeffs=coeff_st, names=names_st,
       xs=st.lists(point_st, min_size=2, max_size=2),
       ws=st.lists(point_st, min_size=2, max_size=2))
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
        fd[i] = (np.sum(np_inner((w64 + e) * x64) * y64)
                 - np.sum(np_inner((w64 - e) * x64) * y64)) / 2e-5
    close(gw, fd, rtol=2e-3, atol=2e-3)
    assert_no_tracers([w])
