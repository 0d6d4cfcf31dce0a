"""nn.Cell: registration, names, traversal, modes and phase, containers (item assignment and
deletion too), and Cells as pytrees."""

from collections import OrderedDict

import jax
import jax.numpy as jnp
import numpy as np
import optax
import pytest

import msfunc as ms
from msfunc import nn


class Linear(nn.Cell):
    """The tutorial's hand-written linear layer."""

    def __init__(self, in_features, out_features):
        super().__init__()
        self.weight = ms.Parameter(
            ms.common.initializer.initializer("normal", [out_features, in_features], ms.float32),
            "weight",
        )
        self.bias = ms.Parameter(
            ms.common.initializer.initializer("zeros", [out_features], ms.float32), "bias"
        )

    def construct(self, x):
        return ms.ops.matmul(x, self.weight.transpose(0, 1)) + self.bias


class TwoLayer(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(3, 4)
        self.act = nn.ReLU()
        self.fc2 = Linear(4, 2)
        self.stat = ms.Parameter(ms.Tensor(0.0), requires_grad=False)

    def construct(self, x):
        return self.fc2(self.act(self.fc1(x)))


def test_linear_tutorial_cell_matches_numpy():
    net = Linear(3, 2)
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    expected = x @ net.weight.asnumpy().T + net.bias.asnumpy()
    np.testing.assert_allclose(net(ms.Tensor(x)), expected, rtol=1e-6)


def test_registration_names_and_traversal():
    net = TwoLayer()
    names = [p.name for p in net.trainable_params()]
    assert names == ["fc1.weight", "fc1.bias", "fc2.weight", "fc2.bias"]
    assert [p.name for p in net.untrainable_params()] == ["stat"]
    assert [n for n, _ in net.parameters_and_names()] == [
        "stat",
        "fc1.weight",
        "fc1.bias",
        "fc2.weight",
        "fc2.bias",
    ]
    assert list(net.parameters_dict()) == [
        "stat",
        "fc1.weight",
        "fc1.bias",
        "fc2.weight",
        "fc2.bias",
    ]
    assert [n for n, _ in net.cells_and_names()] == ["", "fc1", "act", "fc2"]
    assert list(net.name_cells()) == ["fc1", "act", "fc2"]
    assert net.cells()[0] is net.fc1
    net.update_parameters_name("net.")
    assert net.fc1.weight.name == "net.fc1.weight"


def test_insert_child_and_param():
    net = TwoLayer()
    net.insert_child_to_cell("extra", nn.Dense(2, 2))
    assert "extra" in net.name_cells()
    assert net.extra.weight.name == "weight"  # MindSpore does not prefix here
    net.insert_param_to_cell("gain", ms.Parameter(ms.Tensor(1.0)))
    assert net.gain.name == "gain"
    with pytest.raises(KeyError):
        net.insert_param_to_cell("a.b", ms.Parameter(ms.Tensor(1.0)))
    with pytest.raises(TypeError):
        net.insert_child_to_cell("x", 3)


def test_set_train_is_recursive_and_cells_start_in_inference():
    net = TwoLayer()
    assert not net.training and not net.fc1.training
    assert net.set_train() is net
    assert net.training and net.fc1.training and net.act.training
    net.set_train(False)
    assert not net.fc2.training
    assert net.set_grad() is net and net.requires_grad


def test_to_float_runs_in_half_precision():
    net = nn.Dense(3, 2).to_float(ms.float16)
    x = jnp.ones((1, 3))
    out = net(x)
    assert out.dtype == jnp.float16
    expected = x.astype(jnp.float16) @ net.weight.value().astype(
        jnp.float16
    ).T + net.bias.value().astype(jnp.float16)
    np.testing.assert_allclose(out, expected, rtol=1e-3)
    assert net.weight.dtype == jnp.float32


def test_containers():
    seq = nn.SequentialCell([nn.Dense(3, 4), nn.ReLU(), nn.Dense(4, 1)])
    assert [p.name for p in seq.trainable_params()] == ["0.weight", "0.bias", "2.weight", "2.bias"]
    x = jnp.ones((2, 3))
    ref = jax.nn.relu(x @ seq[0].weight.value().T + seq[0].bias.value())
    ref = ref @ seq[2].weight.value().T + seq[2].bias.value()
    np.testing.assert_allclose(seq(x), ref, rtol=1e-6)
    named = nn.SequentialCell(OrderedDict([("inp", nn.Dense(3, 2)), ("out", nn.Dense(2, 1))]))
    assert [p.name for p in named.trainable_params()][0] == "inp.weight"
    cl = nn.CellList([nn.Dense(2, 2)])
    cl.append(nn.Dense(2, 2))
    assert len(cl) == 2 and cl[1].weight.name == "1.weight"
    cd = nn.CellDict({"a": nn.ReLU()})
    cd["b"] = nn.Dense(1, 1)
    assert list(cd.keys()) == ["a", "b"] and "b" in cd
    with pytest.raises(TypeError):
        nn.SequentialCell([3])


def test_cells_are_pytrees_that_compose_with_jax():
    net = TwoLayer()
    x = jnp.ones((2, 3))
    np.testing.assert_allclose(jax.jit(lambda n, x: n(x))(net, x), net(x), rtol=1e-6)
    zeroed = jax.tree.map(jnp.zeros_like, net)
    assert isinstance(zeroed, TwoLayer) and zeroed.fc1.weight is not net.fc1.weight
    assert float(jnp.abs(net.fc1.weight.value()).sum()) > 0  # original untouched
    np.testing.assert_allclose(zeroed(x), jnp.zeros((2, 2)))
    # optax over a Cell.
    grads = jax.grad(lambda n: jnp.sum(n(x)))(net)
    tx = optax.sgd(0.1)
    updates, _ = tx.update(grads, tx.init(net))
    new_net = optax.apply_updates(net, updates)
    np.testing.assert_allclose(
        new_net.fc1.weight.value(),
        net.fc1.weight.value() - 0.1 * grads.fc1.weight.value(),
        rtol=1e-6,
    )


def test_jax_vmap_over_a_stacked_ensemble_of_cells():
    members = [nn.Dense(3, 2) for _ in range(4)]
    stacked = jax.tree.map(lambda *xs: jnp.stack(xs), *members)
    x = jnp.linspace(0, 1, 15).reshape(5, 3)
    out = jax.vmap(lambda cell, x: cell(x), in_axes=(0, None))(stacked, x)
    for i, m in enumerate(members):
        np.testing.assert_allclose(out[i], m(x), rtol=1e-6)


def test_cell_rebuilt_by_raw_jax_never_mutates_original():
    class Counter(nn.Cell):
        def __init__(self):
            super().__init__()
            self.count = ms.Parameter(ms.Tensor(0.0), requires_grad=False)

        def construct(self, x):
            self.count.set_data(self.count + 1)
            return x

    c = Counter()
    out_cell = jax.jit(lambda cell, x: (cell(x), cell)[1])(c, jnp.ones(1))
    assert float(out_cell.count.asnumpy()) == 1.0
    assert float(c.count.asnumpy()) == 0.0


def test_cell_phase_is_settable_and_reset_by_set_train():
    cell = nn.ReLU()
    assert cell.phase == "predict"
    cell.phase = "update_param"
    assert cell.phase == "update_param"
    cell.set_train()
    assert cell.phase == "train"
    with pytest.raises(TypeError):
        cell.phase = 1


def test_container_item_assignment_and_deletion():
    relu, dense = nn.ReLU(), nn.Dense(2, 2)
    seq = nn.SequentialCell(OrderedDict([("act", relu), ("fc", dense)]))
    seq[0] = dense
    assert seq[0] is seq[1] is dense and list(seq.name_cells()) == ["act", "fc"]
    with pytest.raises(TypeError):
        seq[1.0] = relu
    del seq[0]
    assert list(seq.name_cells()) == ["fc"]
    cells = nn.CellList([relu, dense, nn.ReLU()])
    del cells[1]
    assert list(cells.name_cells()) == ["0", "1"] and cells[1] is not dense
    cells += [dense]
    assert len(cells) == 3 and cells[2] is dense
    del cells[:]
    assert len(cells) == 0 and type(cells) is nn.CellList


def test_cell_compile_traces_without_running():
    class Counter(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.calls = ms.Parameter(ms.Tensor(np.zeros((), np.float32)), name="calls")
            self.w = ms.Parameter(ms.Tensor(np.ones((3, 2), np.float32)), name="w")

        def construct(self, x):
            self.calls += 1
            return ms.ops.matmul(x, self.w)

    net = Counter()
    assert net.compile(ms.Tensor(np.ones((4, 3), np.float32))) is None
    assert float(net.calls.asnumpy()) == 0.0  # traced, not run: nothing written
    with pytest.raises(RuntimeError):  # (MindSpore's compile reports matmul's shapes so too)
        net.compile(ms.Tensor(np.ones((4, 5), np.float32)))


@pytest.mark.parametrize(
    "layer",
    [nn.ReLU(), nn.Dense(4, 3), nn.Flatten(), nn.Softmax(), nn.BatchNorm2d(2)],
    ids=lambda layer: type(layer).__name__,
)
def test_builtin_construct_called_directly_gives_the_call_s_tensor(layer):
    # MindSpore programs call `layer.construct(x)` from eager code: a Tensor, as `layer(x)`
    x = ms.Tensor(np.random.default_rng(0).standard_normal((1, 2, 2, 4), np.float32))
    direct, called = layer.construct(x), layer(x)
    assert type(direct) is ms.Tensor
    np.testing.assert_array_equal(direct.asnumpy(), called.asnumpy())
