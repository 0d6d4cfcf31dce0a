"""data_sink: compiled multi-step loops over a dataset, checked against eager step-by-step runs."""

import warnings

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import msfunc as ms
from msfunc import nn, ops


def _regression_data(steps, seed=0):
    rng = np.random.default_rng(seed)
    return [
        (
            rng.standard_normal((8, 3)).astype(np.float32),
            rng.standard_normal((8, 1)).astype(np.float32),
        )
        for _ in range(steps)
    ]


def _train_step(net, opt):
    loss_fn = nn.MSELoss()
    grad_fn = ms.value_and_grad(lambda x, y: loss_fn(net(x), y), None, opt.parameters)

    def step(x, y):
        loss, grads = grad_fn(x, y)
        opt(grads)
        return loss

    return step


def _fresh(seed_net=0):
    ms.set_seed(seed_net)
    net = nn.Dense(3, 1)
    opt = nn.Momentum(net.trainable_params(), learning_rate=0.05, momentum=0.9)
    return net, opt


def test_training_loop_matches_eager_steps():
    data = _regression_data(8)
    net, opt = _fresh()
    step = _train_step(net, opt)
    eager_losses = [float(step(x, y)) for x, y in data]

    net2, opt2 = _fresh()
    sink = ms.data_sink(_train_step(net2, opt2), data, sink_size=4)
    sunk = [float(sink()), float(sink())]
    np.testing.assert_allclose(sunk, [eager_losses[3], eager_losses[7]], rtol=1e-5)
    for a, b in zip(net.trainable_params(), net2.trainable_params()):
        np.testing.assert_allclose(a.asnumpy(), b.asnumpy(), rtol=1e-5, atol=1e-6)
    for a, b in zip(opt.get_parameters(), opt2.get_parameters()):
        np.testing.assert_allclose(a.asnumpy(), b.asnumpy(), rtol=1e-5, atol=1e-6)


def test_linear_regression_against_hand_written_sgd():
    """Plain SGD on a linear model, written out in numpy, is the reference."""
    data = _regression_data(6, seed=1)
    net = nn.Dense(3, 1)
    w0, b0 = net.weight.asnumpy().copy(), net.bias.asnumpy().copy()
    opt = nn.SGD(net.trainable_params(), learning_rate=0.1)
    sink = ms.data_sink(_train_step(net, opt), data, sink_size=3)
    sink(), sink()
    w, b = w0.astype(np.float64), b0.astype(np.float64)
    for x, y in data:
        r = x @ w.T + b - y  # MSELoss: mean of r**2
        gw = 2 * r.T @ x / r.size
        gb = 2 * r.sum(0) / r.size
        w, b = w - 0.1 * gw, b - 0.1 * gb
    np.testing.assert_allclose(net.weight.asnumpy(), w, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(net.bias.asnumpy(), b, rtol=1e-5, atol=1e-6)


def test_random_draws_advance_per_step_as_in_eager():
    data = [(np.float32(i),) for i in range(4)]

    def run(make):
        ms.set_seed(3)
        acc = ms.Parameter(jnp.zeros(5), name="acc")

        def step(shift):
            acc.set_data(acc * 2.0 + ops.standard_normal((5,)) + shift)
            return acc.value()

        return make(step), acc

    (eager, acc_e) = run(lambda step: [step(x) for (x,) in data][-1])
    (sunk, acc_s) = run(lambda step: ms.data_sink(step, data, sink_size=4)())
    np.testing.assert_allclose(sunk, eager, rtol=1e-5)
    np.testing.assert_allclose(acc_s.asnumpy(), acc_e.asnumpy(), rtol=1e-5)


def test_sink_is_one_compiled_scan():
    net, opt = _fresh()
    sink = ms.data_sink(_train_step(net, opt), _regression_data(4), sink_size=4)
    sink()
    lifted = {p.name for p in sink.lifted_parameters}
    assert {"weight", "bias", "moments.weight", "moments.bias"} <= lifted
    columns = (jnp.zeros((4, 8, 3)), jnp.zeros((4, 8, 1)))
    jaxpr = str(
        jax.make_jaxpr(sink._jitted._compiled_arrays, static_argnums=2)(
            tuple(p._value for p in sink.lifted_parameters), columns, sink._jitted._token
        )
    )
    assert jaxpr.count("scan[") == 1


def test_dataset_kinds_and_epochs():
    def step(x):
        return x * 2

    # a re-iterable list restarts when exhausted
    sink = ms.data_sink(step, [np.float32(1), np.float32(2), np.float32(3)], sink_size=2)
    assert [float(sink()), float(sink())] == [4.0, 2.0]

    # dict batches pass their values in order; objects with create_tuple_iterator
    class Dataset:
        def create_tuple_iterator(self):
            return iter([[np.ones(2, np.float32), np.full(2, 3.0, np.float32)]] * 2)

    assert ms.data_sink(lambda a, b: a + b, Dataset(), sink_size=2)().tolist() == [4.0, 4.0]
    dicts = [{"a": np.float32(1), "b": np.float32(5)}]
    assert float(ms.data_sink(lambda a, b: b - a, dicts)()) == 4.0

    # a one-shot generator runs out
    gen = (np.float32(i) for i in range(3))
    sink = ms.data_sink(step, gen, sink_size=2)
    assert float(sink()) == 2.0
    with pytest.raises(StopIteration):
        sink()


def test_bad_arguments_are_named():
    with pytest.raises(TypeError, match="fn"):
        ms.data_sink(3, [])
    with pytest.raises(ValueError, match="sink_size"):
        ms.data_sink(lambda x: x, [1.0], sink_size=0)
    with pytest.raises(TypeError, match="sink_size"):
        ms.data_sink(lambda x: x, [1.0], sink_size=1.5)
    with pytest.raises(TypeError, match="dataset"):
        ms.data_sink(lambda x: x, 42)
    ragged = [np.zeros(3, np.float32), np.zeros(2, np.float32)]
    with pytest.raises(ValueError, match="same shape"):
        ms.data_sink(lambda x: x.sum(), ragged, sink_size=2)()
    with pytest.raises(ValueError, match="no batches"):
        ms.data_sink(lambda x: x, [], sink_size=1)()


def test_parameter_changing_shape_is_refused():
    p = ms.Parameter(jnp.zeros(2), name="grows")

    def step(x):
        p.set_data(jnp.concatenate([p.value(), x[None]]))
        return x

    with pytest.raises(ValueError, match="grows"):
        ms.data_sink(step, [np.float32(1)] * 2, sink_size=2)()
    np.testing.assert_array_equal(p.asnumpy(), [0.0, 0.0])


def test_nested_jit_and_grad_inside_the_step():
    w = ms.Parameter(jnp.ones(3), name="w")

    @ms.jit
    def predict(x):
        return jnp.sum(w * x)

    def step(x):
        g = ms.grad(lambda v: predict(v) ** 2)(x)
        w.set_data(w - 0.1 * g)
        return predict(x)

    data = [(np.arange(3, dtype=np.float32) + i,) for i in range(3)]
    w_ref = np.ones(3)
    for (x,) in data:
        w_ref = w_ref - 0.1 * 2 * np.dot(w_ref, x) * w_ref
        last = np.dot(w_ref, x)
    out = ms.data_sink(step, data, sink_size=3)()
    np.testing.assert_allclose(out, last, rtol=1e-5)
    np.testing.assert_allclose(w.asnumpy(), w_ref, rtol=1e-5)


def test_tensor_control_flow_in_the_step_is_compiled_or_falls_back_to_eager_steps():
    w = ms.Parameter(ms.Tensor(0.0), name="w")

    def step(x):
        assert isinstance(x, ms.Tensor)  # (compiled and eager, the step gets Tensors)
        if x.expand_dims(0).sum() > 0:  # converted: a write in one branch only
            w.set_data(w + x.sum())
        return w * 1.0

    batches = [(ms.Tensor([1.0, 2.0]),), (ms.Tensor([-3.0, -4.0]),), (ms.Tensor([0.5, 0.5]),)]
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        out = ms.data_sink(step, batches, sink_size=3)()
    assert float(out) == float(w) == 1.0 + 2.0 + 0.5 + 0.5

    def positive_sum(x):  # a data-dependent shape: no compiled form, steps run eagerly
        assert isinstance(x, ms.Tensor)
        w.set_data(w + x[x > 0].sum())
        return w * 1.0

    w.set_data(ms.Tensor(0.0))
    sink = ms.data_sink(positive_sum, batches, sink_size=2)
    with pytest.warns(RuntimeWarning, match=r"test_data_sink.py:\d+: +w.set_data"):
        assert float(sink()) == 3.0
    out = sink()
    assert isinstance(out, ms.Tensor) and float(out) == 3.0 + 1.0 + 3.0  # batches 3, 1
