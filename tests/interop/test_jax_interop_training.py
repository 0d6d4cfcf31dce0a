"""Training written the Equinox way over Cells (a Cell as the pytree of parameters, optax,
jax.jit, jax.vmap over an ensemble, jax.tree.map) and Flax NNX mixed with Cells both ways,
each against the same training over plain pytrees of arrays."""

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx

import msfunc as ms
from msfunc import nn
from msfunc.nn.flax_interop import CellModule, FlaxCell

RNG = np.random.default_rng(0)
X = RNG.normal(size=(8, 3)).astype(np.float32)
Y = RNG.normal(size=(8, 1)).astype(np.float32)
W1, B1 = RNG.normal(size=(4, 3)).astype(np.float32), RNG.normal(size=4).astype(np.float32)
W2, B2 = RNG.normal(size=(1, 4)).astype(np.float32), RNG.normal(size=1).astype(np.float32)


class MLP(nn.Cell):
    def __init__(self):
        super().__init__()
        self.hidden = nn.Dense(3, 4, ms.Tensor(W1), ms.Tensor(B1), activation="tanh")
        self.out = nn.Dense(4, 1, ms.Tensor(W2), ms.Tensor(B2))

    def construct(self, x):
        return self.out(self.hidden(x))


def mlp_plain(p, x):
    return jnp.tanh(x @ p["w1"].T + p["b1"]) @ p["w2"].T + p["b2"]


def _train(params, loss_of, steps=4):
    """The Equinox-style loop: value_and_grad over the parameter pytree, optax.adam, jit."""
    tx = optax.adam(0.05)

    @jax.jit
    def step(params, state):
        loss, grads = jax.value_and_grad(loss_of)(params)
        updates, state = tx.update(grads, state, params)
        return optax.apply_updates(params, updates), state, loss

    state, losses = tx.init(params), []
    for _ in range(steps):
        params, state, loss = step(params, state)
        losses.append(float(loss))
    return params, losses


def test_equinox_style_loop_over_a_cell_matches_a_plain_pytree():
    loss_fn = nn.MSELoss()
    x, y = ms.Tensor(X), ms.Tensor(Y)
    net, losses = _train(MLP(), lambda n: loss_fn(n(x), y))
    plain, want = _train(
        {"w1": W1, "b1": B1, "w2": W2, "b2": B2}, lambda p: jnp.mean((mlp_plain(p, X) - Y) ** 2)
    )
    assert type(net) is MLP and isinstance(net.hidden.weight, ms.Parameter)
    np.testing.assert_allclose(losses, want, rtol=1e-5)
    np.testing.assert_allclose(net.hidden.weight.asnumpy(), plain["w1"], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(net.out.bias.asnumpy(), plain["b2"], rtol=1e-5, atol=1e-6)
    # The trained Cell is an ordinary Cell: msfunc calls it as any other.
    np.testing.assert_allclose(net(x).asnumpy(), mlp_plain(plain, X), rtol=1e-5, atol=1e-6)


def test_vmap_over_a_stacked_ensemble_of_cells():
    scales = np.array([1.0, -0.5, 2.0], np.float32)
    nets = [nn.Dense(3, 1, ms.Tensor(s * W2[:, :3]), ms.Tensor(s * B2)) for s in scales]
    stacked = jax.tree.map(lambda *leaves: jnp.stack(leaves), *nets)
    assert type(stacked) is nn.Dense and stacked.weight.shape == (3, 1, 3)
    out = jax.vmap(lambda n: n(ms.Tensor(X)))(stacked)
    want = np.stack([X @ (s * W2[:, :3]).T + s * B2 for s in scales])
    assert isinstance(out, ms.Tensor)
    np.testing.assert_allclose(out.asnumpy(), want, rtol=1e-5, atol=1e-6)
    # A per-member gradient, with in_axes given as a Cell-shaped tree of axes.
    axes = jax.tree.map(lambda _: 0, stacked)
    grads = jax.vmap(jax.grad(lambda n: (n(ms.Tensor(X)) ** 2).mean()), in_axes=(axes,))(stacked)
    want_w = [2 * ((X @ (s * W2[:, :3]).T + s * B2) * X).mean(0) for s in scales]
    np.testing.assert_allclose(grads.weight.asnumpy()[:, 0], np.stack(want_w), rtol=1e-5)


def test_tree_map_to_non_arrays_keeps_the_cell_structure_and_prints():
    net = MLP()
    shapes = jax.tree.map(jnp.shape, net)
    assert jax.tree.leaves(shapes) == [4, 3, 4, 1, 4, 1]  # as for a dict of the arrays
    assert repr(shapes.hidden.weight) == "Parameter (name=hidden.weight, leaf=(4, 3))"
    assert str(jax.tree.map(lambda _: None, ms.Tensor(X))) == "Tensor(leaf=None)"
    # eval_shape gives the Cell with ShapeDtypeStructs in its leaves.
    abstract = jax.eval_shape(lambda n: n, net)
    assert abstract.out.weight._value.shape == (1, 4)
    assert "ShapeDtypeStruct" in repr(abstract.out.weight)


class FlaxInside(nn.Cell):
    def __init__(self):
        super().__init__()
        self.lin = nnx.Linear(3, 4, rngs=nnx.Rngs(0))  # becomes a FlaxCell
        self.out = nn.Dense(4, 1, ms.Tensor(W2), ms.Tensor(B2))

    def construct(self, x):
        return self.out(jax.nn.relu(self.lin(x)))


def test_flax_module_inside_a_cell_trained_by_jax_grad_and_optax():
    cell = FlaxInside()
    assert isinstance(cell.lin, FlaxCell)
    kernel, bias = cell.lin.kernel.asnumpy(), cell.lin.bias.asnumpy()
    x, y = ms.Tensor(X), ms.Tensor(Y)
    cell, losses = _train(cell, lambda n: ((n(x) - y) ** 2).mean())

    def plain_loss(p):
        return jnp.mean((jax.nn.relu(X @ p["k"] + p["b"]) @ p["w2"].T + p["b2"] - Y) ** 2)

    plain, want = _train({"k": kernel, "b": bias, "w2": W2, "b2": B2}, plain_loss)
    np.testing.assert_allclose(losses, want, rtol=1e-5)
    np.testing.assert_allclose(cell.lin.kernel.asnumpy(), plain["k"], rtol=1e-5, atol=1e-6)


class CellInside(nnx.Module):
    def __init__(self):
        self.body = CellModule(nn.Dense(3, 4, ms.Tensor(W1), ms.Tensor(B1), activation="tanh"))
        self.head = nnx.Linear(4, 1, rngs=nnx.Rngs(1))

    def __call__(self, x):
        return self.head(self.body(x))


def test_cell_inside_a_flax_module_trained_by_jax_grad_and_optax():
    graphdef, state = nnx.split(CellInside())
    kernel, bias = np.asarray(state["head"]["kernel"][...]), np.asarray(state["head"]["bias"][...])
    state, losses = _train(state, lambda s: jnp.mean((nnx.merge(graphdef, s)(X) - Y) ** 2))
    plain, want = _train(
        {"w1": W1, "b1": B1, "w2": kernel.T, "b2": bias},
        lambda p: jnp.mean((mlp_plain(p, X) - Y) ** 2),
    )
    np.testing.assert_allclose(losses, want, rtol=1e-5)
    np.testing.assert_allclose(
        np.asarray(state["body"]["p_weight"][...]), plain["w1"], rtol=1e-5, atol=1e-6
    )


def _full_flatten(cell):
    """The Cell flattened without the remembered result (msfunc's reference encoder)."""
    from msfunc.nn._pytree import _Flattener

    flat = _Flattener()
    skeleton = flat.cell(cell, "")
    return flat.children, (tuple(flat.keys), skeleton)


def test_a_rebuilt_cell_flattens_as_it_is_now_after_changes():
    # The loop above flattens the Cell JAX rebuilt on the previous step; what msfunc
    # remembers of that rebuild must give way to any change made to it since.
    leaves, treedef = jax.tree.flatten(MLP())
    changes = {
        "nothing": lambda c: None,
        "set_train": lambda c: c.set_train(True),
        "hyper-parameter": lambda c: setattr(c.hidden, "activation_flag", False),
        "new Parameter": lambda c: setattr(c.out, "bias", ms.Parameter(ms.Tensor([7.0]))),
        "set_data": lambda c: c.out.bias.set_data(ms.Tensor([5.0])),
        "list attribute": lambda c: setattr(c, "sizes", [1, 2]),
    }
    for name, change in changes.items():
        cell = jax.tree.unflatten(treedef, leaves)
        change(cell)
        got_leaves, got = jax.tree.flatten(cell)
        want_children, want_aux = _full_flatten(cell)
        assert got.node_data()[1] == want_aux, name
        for g, w in zip(got_leaves, jax.tree.leaves(want_children), strict=True):
            np.testing.assert_array_equal(g, w)
        changed = name in ("set_train", "hyper-parameter", "list attribute")
        assert (got != treedef) == changed, name
    cell = jax.tree.unflatten(treedef, leaves)
    cell.sizes = [1, 2]
    before = jax.tree.structure(cell)
    cell.sizes.append(3)  # in place: a list is never remembered
    assert jax.tree.structure(cell) != before


def test_what_a_cell_remembers_of_its_flatten_goes_with_it():
    import gc

    from msfunc.nn import _pytree

    net = MLP()
    for _ in net.parameters_and_names():  # flattening while its attributes are walked
        jax.tree.flatten(net)
    rebuilt = [jax.tree.unflatten(*reversed(jax.tree.flatten(net))) for _ in range(3)]
    keys = {id(cell) for cell in rebuilt}
    assert keys <= set(_pytree._MEMOS)  # each rebuilt Cell is remembered...
    del rebuilt
    gc.collect()
    # ...and forgotten with it (other tests' Cells collected here may leave too: not counted)
    assert not keys & set(_pytree._MEMOS)


def _described(value, seen=None):
    """A Cell graph written out: types, attribute order, values, and which objects are one."""
    seen = {} if seen is None else seen
    if id(value) in seen:
        return ("same as", seen[id(value)])
    if isinstance(value, (ms.Parameter, ms.Tensor, jax.Array, np.ndarray)):
        seen[id(value)] = len(seen)
        return (type(value).__name__, getattr(value, "name", None), np.asarray(value).tolist())
    if isinstance(value, nn.Cell):
        seen[id(value)] = len(seen)
        return (type(value), [(k, _described(v, seen)) for k, v in vars(value).items()])
    if isinstance(value, (list, tuple)):
        return (type(value), [_described(v, seen) for v in value])
    if isinstance(value, dict):
        return (dict, [(k, _described(v, seen)) for k, v in value.items()])
    return value


def test_a_cell_rebuilt_by_compiled_code_equals_the_decoded_one():
    # From its second rebuild on, a Cell's skeleton is rebuilt by code compiled for it
    # (msfunc.nn._pytree._rebuilder); it must give what the generic decoder gives.
    shared_dense = nn.Dense(2, 2)
    net = MLP()
    net.twin = net.hidden  # one sub-Cell twice
    net.tied = net.out.weight  # one Parameter twice
    net.group = ms.ParameterTuple([net.hidden.bias, ms.Parameter(ms.Tensor([3.0]), name="g")])
    net.blocks = [shared_dense, nn.ReLU(), shared_dense]
    net.pair = (ms.Tensor([1.0, 2.0]), 3, "three")
    net.table = {"dense": nn.Dense(2, 1), "scale": 0.5, "data": np.ones(2, np.float32)}
    setattr(net, "not-an-identifier", ms.Tensor([4.0]))
    looped = MLP()
    looped.__dict__["me"] = looped  # the root held in its own subtree: decoded generically
    for cell in (net, looped, nn.Dense(3, 2)):
        leaves, treedef = jax.tree.flatten(cell)
        decoded = _described(jax.tree.unflatten(treedef, leaves))
        for _ in range(2):  # the second rebuild compiles, the third reuses the compiled code
            rebuilt = jax.tree.unflatten(treedef, leaves)
            assert _described(rebuilt) == decoded
            got_leaves, got = jax.tree.flatten(rebuilt)
            want_children, want_aux = _full_flatten(rebuilt)
            assert got.node_data()[1] == want_aux
            assert len(got_leaves) == len(jax.tree.leaves(want_children))
        compiled = treedef.node_data()[1][1][5].rebuild  # the root's fields hold the code
        assert callable(compiled) == (cell is not looped)
    assert _described(jax.tree.unflatten(treedef, leaves)) != _described(net)  # can fail
