"""Flax NNX modules inside Cells (trained by msfunc under jit) and Cells inside Flax code,
against the same training written in raw JAX + optax."""

import jax
import jax.numpy as jnp
import numpy as np
import optax
import pytest
from flax import nnx

import msfunc as ms
from msfunc import nn
from msfunc.nn.flax_interop import CellModule, FlaxCell, as_cell
from msfunc.nn.optim import scale_by_ms_adam


class ConvNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv = nnx.Conv(1, 3, (3, 3), rngs=nnx.Rngs(0))  # assigned plain: wrapped
        self.fc = FlaxCell(nnx.Linear(3 * 16, 2, rngs=nnx.Rngs(1)))

    def construct(self, x):
        h = jax.nn.relu(self.conv(x))
        return self.fc(h.reshape(h.shape[0], -1))


def _data():
    rng = np.random.default_rng(0)
    return (
        rng.normal(size=(4, 4, 4, 1)).astype(np.float32),
        rng.normal(size=(4, 2)).astype(np.float32),
    )


def test_flax_layers_train_inside_a_cell_under_jit():
    x, y = _data()
    net = ConvNet()
    assert isinstance(net.conv, FlaxCell)
    names = [p.name for p in net.trainable_params()]
    assert sorted(names) == ["conv.bias", "conv.kernel", "fc.bias", "fc.kernel"]
    init = {p.name: p.asnumpy().copy() for p in net.trainable_params()}
    opt = nn.Adam(net.trainable_params(), learning_rate=0.01)
    grad_fn = ms.value_and_grad(lambda a, b: jnp.mean((net(a) - b) ** 2), None, opt.parameters)

    @ms.jit
    def step(a, b):
        loss, grads = grad_fn(a, b)
        opt(grads)
        return loss

    losses = [float(step(x, y)) for _ in range(5)]

    # The same five steps in raw JAX: nnx modules applied functionally, optax update.
    conv = nnx.Conv(1, 3, (3, 3), rngs=nnx.Rngs(0))
    fc = nnx.Linear(3 * 16, 2, rngs=nnx.Rngs(1))
    (cg, cs), (fg, fs) = nnx.split(conv), nnx.split(fc)
    for name, s in (("conv", cs), ("fc", fs)):
        for key in ("kernel", "bias"):
            np.testing.assert_array_equal(np.asarray(s[key][...]), init[f"{name}.{key}"])

    def loss_fn(states, a, b):
        h = jax.nn.relu(nnx.merge(cg, states[0])(a))
        return jnp.mean((nnx.merge(fg, states[1])(h.reshape(h.shape[0], -1)) - b) ** 2)

    tx = optax.chain(scale_by_ms_adam(0.9, 0.999, 1e-8), optax.scale(-0.01))
    states = (cs, fs)
    opt_state = tx.init(states)
    ref_losses = []
    value_and_grad = jax.jit(jax.value_and_grad(loss_fn))
    for _ in range(5):
        loss, g = value_and_grad(states, x, y)
        updates, opt_state = tx.update(g, opt_state)
        states = optax.apply_updates(states, updates)
        ref_losses.append(float(loss))
    np.testing.assert_allclose(losses, ref_losses, rtol=1e-5)
    np.testing.assert_allclose(
        net.fc.kernel.asnumpy(), np.asarray(states[1]["kernel"][...]), rtol=1e-5, atol=1e-7
    )


def test_flax_batchnorm_statistics_commit_under_jit():
    cell = FlaxCell(nnx.BatchNorm(2, momentum=0.9, rngs=nnx.Rngs(0)))
    assert [p.name for p in cell.untrainable_params()] == ["mean", "var"]
    x = np.array([[1.0, 2.0], [3.0, 6.0]], np.float32)
    cell.set_train(True)
    ms.jit(lambda a: cell(a))(x)
    np.testing.assert_allclose(cell.mean.asnumpy(), 0.1 * x.mean(0), rtol=1e-6)
    assert not isinstance(cell.mean._value, jax.core.Tracer)
    cell.set_train(False)
    out = np.asarray(cell(x))  # inference: running statistics
    want = (x - 0.1 * x.mean(0)) / np.sqrt(cell.var.asnumpy() + 1e-5)
    np.testing.assert_allclose(out, want, rtol=1e-5)


def test_as_cell_wraps_only_nnx_modules():
    assert isinstance(as_cell(nnx.Linear(2, 2, rngs=nnx.Rngs(0))), FlaxCell)
    dense = nn.Dense(2, 2)
    assert as_cell(dense) is dense
    with pytest.raises(TypeError, match="flax.nnx.Module"):
        FlaxCell(dense)


def test_cell_trains_inside_flax_like_in_msfunc():
    w0 = np.array([[0.5, -1.0, 0.25]], np.float32)
    x = np.array([[1.0, 2.0, 3.0], [0.5, -0.5, 1.0]], np.float32)
    y = np.array([[1.0], [0.0]], np.float32)
    flax_side = CellModule(nn.Dense(3, 1, ms.Tensor(w0), "zeros"))
    optimizer = nnx.Optimizer(flax_side, optax.sgd(0.1), wrt=nnx.Param)
    loss_of = lambda m: jnp.mean((m(x) - y) ** 2)
    for _ in range(3):
        grads = nnx.grad(loss_of)(flax_side)
        optimizer.update(flax_side, grads)
    ms_side = nn.Dense(3, 1, ms.Tensor(w0), "zeros")
    step = nn.TrainOneStepCell(
        nn.WithLossCell(ms_side, nn.MSELoss()), nn.SGD(ms_side.trainable_params(), 0.1)
    )
    for _ in range(3):
        step(ms.Tensor(x), ms.Tensor(y))
    np.testing.assert_allclose(
        np.asarray(flax_side.p_weight[...]), ms_side.weight.asnumpy(), rtol=1e-6
    )
    assert isinstance(flax_side, CellModule) and isinstance(flax_side, nnx.Module)


def test_flax_dropout_keys_are_plain_arrays_and_advance_under_jit():
    cell = FlaxCell(nnx.Dropout(0.5, rngs=nnx.Rngs(0)))
    assert sorted(cell.parameters_dict()) == ["rngs.count", "rngs.key"]
    assert cell.parameters_dict()["rngs.key"].dtype == np.uint32
    cell.set_train(True)
    run = ms.jit(lambda a: cell(a))
    x = np.ones((64,), np.float32)
    first, second = np.asarray(run(x)), np.asarray(run(x))
    assert set(np.unique(first)) <= {0.0, 2.0} and not np.array_equal(first, second)
    assert int(cell.parameters_dict()["rngs.count"].asnumpy()) == 2
    cell.set_train(False)
    np.testing.assert_array_equal(np.asarray(cell(x)), x)


def test_flax_cell_is_a_pytree_like_any_cell():
    cell = FlaxCell(nnx.Linear(2, 1, rngs=nnx.Rngs(0)))
    zeroed = jax.tree.map(jnp.zeros_like, cell)
    assert float(jnp.abs(np.asarray(zeroed(ms.Tensor([[1.0, 2.0]])))).sum()) == 0.0
    assert float(jnp.abs(cell.kernel.value()).sum()) > 0
