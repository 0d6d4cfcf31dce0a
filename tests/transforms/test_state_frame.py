"""The state frame under composition: no Parameter baked into a cached trace, no stale mode,
sharing kept through pytrees, thread-local frames. Each check against hand-written JAX."""

import threading

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax import lax

import msfunc as ms
from msfunc import nn
from msfunc.errors import StateError

W = ms.Parameter(ms.Tensor([2.0, 3.0]), name="frame_w")


def _scan_body(c, x):
    return c + x * W, None


@jax.jit
def _jit_helper(x):
    return x * W


def _remat_helper(x):
    return jax.checkpoint(lambda y: y * W)(x)


NESTED = {
    "lax.scan body": lambda x: lax.scan(_scan_body, jnp.zeros(2), jnp.stack([x, x]))[0] / 2,
    "lax.cond branch": lambda x: lax.cond(x[0] > -1e9, lambda v: v * W, lambda v: v - W, x),
    "jax.checkpoint": _remat_helper,
    "module-level jax.jit": _jit_helper,
}


@pytest.mark.parametrize("kind", sorted(NESTED))
def test_nested_jax_trace_in_msfunc_jit_sees_later_updates(kind):
    """A Parameter read inside a cached nested trace follows set_data, for new shapes too."""
    fn = ms.jit(NESTED[kind])
    x = jnp.ones(2)
    W.set_data(ms.Tensor([2.0, 3.0]))
    np.testing.assert_allclose(fn(x), [2.0, 3.0])
    W.set_data(ms.Tensor([5.0, 7.0]))
    np.testing.assert_allclose(fn(x), [5.0, 7.0])
    np.testing.assert_allclose(fn(2 * x), [10.0, 14.0])  # a second signature: fresh trace
    W.set_data(ms.Tensor([2.0, 3.0]))


def test_parameter_read_in_raw_jit_raises_and_grad_through_helper_is_right():
    w = ms.Parameter(ms.Tensor([1.0, 2.0]), name="helper_w")

    @jax.jit
    def helper(x):
        return jnp.sum(x * w)

    with pytest.raises(StateError, match="helper_w"):
        helper(jnp.ones(2))
    # Under msfunc.grad the read is carried: gradient w.r.t. w is x, and it follows set_data.
    g = ms.grad(lambda x: helper(x) * jnp.sum(w), None, w)
    x = jnp.array([3.0, 4.0])
    expected = jax.grad(lambda wv: jnp.sum(x * wv) * jnp.sum(wv))(jnp.array([1.0, 2.0]))
    np.testing.assert_allclose(g(x), expected, rtol=1e-6)
    w.set_data(ms.Tensor([2.0, 2.0]))
    expected = jax.grad(lambda wv: jnp.sum(x * wv) * jnp.sum(wv))(jnp.array([2.0, 2.0]))
    np.testing.assert_allclose(g(x), expected, rtol=1e-6)


class _Moded(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(ms.Tensor([1.0, 1.0]), name="w")
        self.scale = 1.0
        self.table = {"shift": 0.0}

    def construct(self, x):
        y = x * self.w * self.scale + self.table["shift"]
        return y * 2.0 if self.training else y


@pytest.mark.parametrize("how", ["GRAPH_MODE", "jit closure", "jit argument"])
def test_mode_and_attribute_changes_after_compiling_are_seen(how):
    net = _Moded()
    if how == "GRAPH_MODE":
        ms.set_context(mode=ms.GRAPH_MODE)
        call = net
    elif how == "jit closure":
        call = ms.jit(lambda x: net(x))
    else:
        jitted = ms.jit(lambda n, x: n(x))
        call = lambda x: jitted(net, x)  # noqa: E731
    x = jnp.array([1.0, 2.0])
    net.set_train(True)
    np.testing.assert_allclose(call(x), [2.0, 4.0])
    net.set_train(False)
    np.testing.assert_allclose(call(x), [1.0, 2.0])
    net.scale = 3.0
    np.testing.assert_allclose(call(x), [3.0, 6.0])
    net.table["shift"] = 1.0  # changed in place
    np.testing.assert_allclose(call(x), [4.0, 7.0])
    net.set_train(True)  # back to a state compiled before: still right
    np.testing.assert_allclose(call(x), [8.0, 14.0])


def test_replacing_subcell_or_parameter_after_compiling_is_seen():
    class Outer(nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc = _Moded()

        def construct(self, x):
            return self.fc(x)

    net = Outer()
    step = ms.jit(lambda x: net(x))
    x = jnp.array([1.0, 2.0])
    np.testing.assert_allclose(step(x), [1.0, 2.0])
    net.fc.w = ms.Parameter(ms.Tensor([5.0, 5.0]), name="w2")
    np.testing.assert_allclose(step(x), [5.0, 10.0])
    replacement = _Moded()
    replacement.scale = -1.0
    net.fc = replacement
    np.testing.assert_allclose(step(x), [-1.0, -2.0])


def test_raw_jit_mutation_of_static_container_retraces():
    net = _Moded()
    f = jax.jit(lambda n, x: n(x))
    x = jnp.array([1.0, 2.0])
    np.testing.assert_allclose(f(net, x), [1.0, 2.0])
    net.table["shift"] = 10.0
    np.testing.assert_allclose(f(net, x), [11.0, 12.0])


def _linear_train_cell():
    net = nn.Dense(2, 1, weight_init="zeros", bias_init="zeros")
    loss = nn.WithLossCell(net, nn.MSELoss())
    return nn.TrainOneStepCell(loss, nn.SGD(net.trainable_params(), learning_rate=0.1))


def test_raw_jit_round_trip_keeps_parameter_sharing():
    x = jnp.array([[1.0, 2.0], [3.0, -1.0]])
    y = jnp.array([[1.0], [2.0]])
    cell = _linear_train_cell()
    leaves = jax.tree.leaves(cell)
    step = jax.jit(lambda s, a, b: (s(a, b), s))
    losses = []
    for _ in range(4):
        loss, cell = step(cell, x, y)
        losses.append(float(loss))
    assert len(jax.tree.leaves(cell)) == len(leaves)
    rebuilt = jax.tree.map(lambda v: v, cell)
    assert rebuilt.network._backbone.weight is rebuilt.optimizer.parameters[0]
    # Reference: the same SGD steps written by hand.
    w, b = jnp.zeros((1, 2)), jnp.zeros(1)
    expected = []
    for _ in range(4):

        def loss_fn(w, b):
            return jnp.mean((x @ w.T + b - y) ** 2)

        value, (gw, gb) = jax.value_and_grad(loss_fn, (0, 1))(w, b)
        expected.append(float(value))
        w, b = w - 0.1 * gw, b - 0.1 * gb
    np.testing.assert_allclose(losses, expected, rtol=1e-5)


class _Buffered(nn.Cell):
    def __init__(self, offset):
        super().__init__()
        self.w = ms.Parameter(ms.Tensor([offset, offset]), name="w")
        self.offset = jnp.array([offset, -offset])  # a plain array attribute

    def construct(self, x):
        return x * self.w + self.offset


def test_ensemble_vmap_stacks_array_attributes():
    members = [_Buffered(1.0), _Buffered(2.0), _Buffered(3.0)]
    ensemble = nn.CellList(members)
    x = jnp.array([[1.0, 1.0], [2.0, 2.0], [3.0, 3.0]])
    out = ms.vmap(ensemble)(x)
    expected = np.stack([np.asarray(m(xi)) for m, xi in zip(members, x)])
    np.testing.assert_allclose(out, expected)


def test_python_constants_of_different_types_compile_separately():
    fill = ms.jit(lambda x, v: jnp.full(x.shape, v))
    x = jnp.zeros(2)
    assert fill(x, 1).dtype == jnp.asarray(1).dtype  # JAX's default int and float
    assert fill(x, 1.0).dtype == jnp.asarray(1.0).dtype
    assert fill(x, True).dtype == jnp.bool_


class _Lazy(nn.Cell):
    def construct(self, x):
        if not hasattr(self, "w"):
            self.w = ms.Parameter(jnp.ones(x.shape[-1]) * 2.0, name="lazy_w")
        self.w.set_data(self.w + 1.0)
        return x * self.w


def test_parameter_created_inside_jit_gets_a_concrete_value():
    net = _Lazy()
    step = ms.jit(lambda x: net(x))
    x = jnp.array([1.0, 1.0])
    np.testing.assert_allclose(step(x), [3.0, 3.0])
    assert not isinstance(net.w.value(), jax.core.Tracer)
    np.testing.assert_allclose(net(x), [4.0, 4.0])  # eager afterwards
    net.w.set_data(ms.Tensor([0.0, 0.0]))
    np.testing.assert_allclose(step(x), [1.0, 1.0])  # the compiled step follows set_data


def test_msfunc_jit_of_a_writing_cell_inside_raw_jit():
    class Counter(nn.Cell):
        def __init__(self):
            super().__init__()
            self.total = ms.Parameter(ms.Tensor(0.0), name="count", requires_grad=False)

        def construct(self, x):
            self.total.set_data(self.total + jnp.sum(x))
            return self.total.value()

    counter = Counter()
    inner = ms.jit(lambda c, x: c(x))
    out, updated = jax.jit(lambda c, x: (inner(c, x), c))(counter, jnp.ones(3))
    assert float(out) == 3.0 and float(updated.total.value()) == 3.0
    assert float(counter.total.value()) == 0.0  # the original is untouched


def test_random_op_in_cond_branch_inside_jit_draws_fresh_numbers():
    step = ms.jit(
        lambda x: lax.cond(
            x > 0, lambda: jnp.asarray(ms.ops.rand(3)), lambda: jnp.zeros(3, jnp.float32)
        )
    )
    a, b = step(jnp.array(1.0)), step(jnp.array(1.0))
    assert not np.allclose(a, b)
    assert np.all((np.asarray(a) >= 0) & (np.asarray(a) < 1))


def test_random_op_in_scan_body_inside_jit_says_how_to_pass_keys():
    step = ms.jit(lambda xs: lax.scan(lambda c, x: (c + ms.ops.rand(1), None), jnp.zeros(1), xs)[0])
    with pytest.raises(StateError, match="scan.*jax.random.split"):
        step(jnp.ones(3))


def test_data_sink_inside_jit_is_refused_clearly():
    w = ms.Parameter(ms.Tensor(0.0), name="sink_w")

    def step(x):
        w.set_data(w + jnp.sum(x))
        return w * 1.0

    sink = ms.data_sink(step, [(jnp.ones(2),)] * 4, sink_size=2)
    with pytest.raises(ValueError, match="data_sink.*Python"):
        ms.jit(lambda: sink() * 10.0)()
    assert float(w.value()) == 0.0
    assert float(sink()) == 4.0  # called from Python it runs its own compiled loop


def test_two_parameters_with_one_explicit_name_are_refused():
    class Twins(nn.Cell):
        def __init__(self):
            super().__init__()
            self.a = ms.Parameter(ms.Tensor(1.0), name="same")
            self.b = ms.Parameter(ms.Tensor(2.0), name="same")

    # As in MindSpore, listing them works and compiling the network (check_names) refuses.
    assert [p.name for p in Twins().trainable_params()] == ["same", "same"]
    with pytest.raises(ValueError, match="same"):
        Twins().check_names()


def test_two_threads_train_their_own_jitted_steps_at_once():
    x = jnp.array([[1.0, 2.0], [3.0, -1.0]])
    y = jnp.array([[1.0], [2.0]])

    def train(results, key, barrier):
        cell = _linear_train_cell()
        step = ms.jit(lambda a, b: cell(a, b))
        barrier.wait()
        results[key] = [float(step(x, y)) for _ in range(20)]

    reference = {}
    train(reference, "alone", threading.Barrier(1))
    results, barrier = {}, threading.Barrier(2)
    threads = [threading.Thread(target=train, args=(results, k, barrier)) for k in "ab"]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results["a"] == reference["alone"] == results["b"]


def test_eager_read_in_other_thread_never_sees_a_grad_tracer():
    w = ms.Parameter(ms.Tensor([1.0, 2.0]), name="thread_w")
    seen, inside = [], threading.Event()
    release = threading.Event()

    def reader():
        inside.wait()
        seen.append(w.value())
        release.set()

    def loss(x):
        inside.set()
        release.wait(5)
        return jnp.sum(w * x)

    t = threading.Thread(target=reader)
    t.start()
    ms.grad(loss, None, w)(jnp.ones(2))
    t.join()
    assert not isinstance(seen[0], jax.core.Tracer)


# -- property: random compositions against an uncached reference ----------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


class _Scaled(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(ms.Tensor([0.5, -1.0, 2.0]), name="w")
        self.scale = 1.0

    def construct(self, x):
        y = jnp.sin(x * self.w) * self.scale
        return y * 2.0 if self.training else y


def _base(w, scale, training, x):
    y = jnp.sin(x * w) * scale
    return y * 2.0 if training else y


def _wrap(kind, g, grad, vmap, jit):
    if kind == "jit":
        return jit(g)
    if kind == "grad":
        return lambda x: grad(lambda y: jnp.sum(jnp.sin(g(y))))(x)
    if kind == "vmap":
        return lambda x: jnp.sum(vmap(g)(jnp.stack([x, 2.0 * x])), 0)
    if kind == "scan":
        # (a lax carry keeps its pytree type: the array in, the array out)
        return lambda x: lax.scan(
            lambda c, _: (jnp.asarray(0.5 * g(c) + 0.5 * c), None), jnp.asarray(x), None, length=2
        )[0]
    return lambda x: lax.cond(jnp.sum(x) > -100.0, g, lambda y: -g(y), x)


_KINDS = st.sampled_from(["jit", "grad", "vmap", "scan", "cond"])
_CHANGES = st.lists(
    st.tuples(
        st.sampled_from(["w", "train", "scale"]), st.floats(-2.0, 2.0, allow_nan=False, width=32)
    ),
    min_size=1,
    max_size=3,
)


@settings(max_examples=12, deadline=None)
@given(kinds=st.lists(_KINDS, min_size=1, max_size=3), changes=_CHANGES, outer_jit=st.booleans())
def test_compositions_follow_state_changes(kinds, changes, outer_jit):
    net = _Scaled()
    program = net
    for kind in kinds:
        program = _wrap(kind, program, ms.grad, ms.vmap, ms.jit)
    if outer_jit:
        program = ms.jit(program)
    x = jnp.array([0.3, -0.7, 1.1])
    # A lax body with no msfunc transform around it would bake the Parameter: refused.
    carried = outer_jit
    for kind in reversed(kinds):
        if kind in ("scan", "cond") and not carried:
            with pytest.raises(StateError, match="'w'"):
                program(x)
            return
        carried = carried or kind in ("jit", "grad", "vmap")
    for what, value in [("none", 0.0), *changes]:
        if what == "w":
            net.w.set_data(ms.Tensor([value, 1.0, -value]))
        elif what == "train":
            net.set_train(value > 0)
        elif what == "scale":
            net.scale = value
        reference = functools_partial_base(net)
        for kind in kinds:
            reference = _wrap(kind, reference, jax.grad, jax.vmap, lambda f: f)
        np.testing.assert_allclose(
            np.asarray(program(x)), np.asarray(reference(x)), rtol=2e-5, atol=2e-6
        )


def functools_partial_base(net):
    """The model as a pure function of x with today's values closed over (a fresh closure)."""
    w, scale, training = net.w.value(), net.scale, net.training
    return lambda x: _base(w, scale, training, x)


def test_ensemble_of_train_step_cells_trains_each_member_like_alone():
    x = jnp.array([[[1.0, 2.0]], [[3.0, -1.0]]])
    y = jnp.array([[[1.0]], [[2.0]]])
    members = [_linear_train_cell() for _ in range(2)]
    alone = [_linear_train_cell() for _ in range(2)]
    ensemble = ms.vmap(nn.CellList(members))
    for _ in range(3):
        losses = ensemble(x, y)
        expected = [float(cell(x[i], y[i])) for i, cell in enumerate(alone)]
        np.testing.assert_allclose(losses, expected, rtol=1e-5)
    for m, a in zip(members, alone):
        np.testing.assert_allclose(
            m.network._backbone.weight.value(), a.network._backbone.weight.value(), rtol=1e-5
        )


def test_traced_value_assigned_to_a_cell_attribute_is_refused_naming_it():
    class Caching(nn.Cell):
        def construct(self, x):
            self.last = x * 2.0
            return x

    net = Caching()
    with pytest.raises(StateError, match="Caching.last"):
        ms.jit(lambda x: net(x))(jnp.ones(2))
    assert "last" not in net.__dict__
    np.testing.assert_allclose(net(jnp.ones(2)), [1.0, 1.0])  # eager assignment is fine


def test_first_random_draw_of_the_process_may_happen_inside_jit():
    # The global key is created on first use: inside a trace it must still be concrete.
    import subprocess
    import sys

    script = (
        "import numpy as np, msfunc as ms\n"
        "f = ms.jit(lambda x: x + ms.ops.rand(3))\n"
        "x = ms.Tensor(np.zeros(3))\n"
        "a, b = np.asarray(f(x)), np.asarray(f(x))\n"
        "assert not np.allclose(a, b) and ((a >= 0) & (a < 1)).all(), (a, b)\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True)


# Compiled (PyNative auto-compile) and op by op: the read inside the inner transform is lifted
# by the outer frame, so it enters the cached cond branch as an argument, not a constant.
@pytest.mark.parametrize("auto_compile", [True, False])
@pytest.mark.parametrize("inner", ["grad", "vmap"])
def test_set_data_seen_through_transform_inside_cond_inside_grad(inner, auto_compile):
    ms.set_context(pynative_auto_compile=auto_compile)
    net = _Scaled()
    program = net
    for kind in (inner, "cond", "grad"):
        program = _wrap(kind, program, ms.grad, ms.vmap, ms.jit)
    x = jnp.array([0.3, -0.7, 1.1], jnp.float32)
    program(x)
    net.w.set_data(ms.Tensor([0.0, 1.0, -0.0]))
    reference = functools_partial_base(net)
    for kind in (inner, "cond", "grad"):
        reference = _wrap(kind, reference, jax.grad, jax.vmap, lambda f: f)
    try:
        np.testing.assert_allclose(np.asarray(program(x)), np.asarray(reference(x)), atol=1e-5)
    finally:
        ms.set_context(pynative_auto_compile=True)
