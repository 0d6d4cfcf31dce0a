"""Parameter writes no msfunc transform carries raise, naming the Parameter; no tracer leaks."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax import lax

import msfunc as ms
from msfunc import nn


def assert_no_tracers(params):
    for p in params:
        assert not isinstance(p._value, jax.core.Tracer), (
            f"Parameter {p.name!r} holds a leaked tracer: {type(p._value).__name__}"
        )


def make_param(name="leaky_w"):
    return ms.Parameter(ms.Tensor([1.0, 2.0]), name=name)


def writer(param):
    def step(x):
        param.set_data(param * x)
        return x * 2.0

    return step


RAW_TRANSFORMS = {
    "jax.jit": lambda f: jax.jit(f)(jnp.array(2.0)),
    "jax.grad": lambda f: jax.grad(lambda x: f(x))(jnp.array(2.0)),
    "jax.vmap": lambda f: jax.vmap(f)(jnp.ones(2)),
    "lax.scan": lambda f: lax.scan(lambda c, x: (f(c), None), jnp.array(1.0), jnp.ones(3)),
    "jax.eval_shape": lambda f: jax.eval_shape(f, jnp.array(2.0)),
    "jax.jvp": lambda f: jax.jvp(f, (jnp.array(2.0),), (jnp.array(1.0),)),
}


@pytest.mark.parametrize("transform", sorted(RAW_TRANSFORMS))
def test_write_inside_raw_jax_transform_raises_naming_parameter(transform):
    w = make_param(f"closed_over_{transform.replace('.', '_')}")
    with pytest.raises(ValueError, match=w.name):
        RAW_TRANSFORMS[transform](writer(w))
    assert_no_tracers([w])
    np.testing.assert_array_equal(np.asarray(w.value()), [1.0, 2.0])  # unchanged


@pytest.mark.parametrize("how", ["set_data", "assign_value", "ops.assign"])
def test_every_write_api_is_guarded(how):
    w = make_param(f"guarded_{how.replace('.', '_')}")
    do = {
        "set_data": lambda x: w.set_data(x),
        "assign_value": lambda x: w.assign_value(x),
        "ops.assign": lambda x: ms.ops.assign(w, x),
    }[how]

    def fn(x):
        do(x * 3.0)
        return x

    with pytest.raises(ValueError, match=w.name):
        jax.jit(fn)(jnp.ones(2))
    assert_no_tracers([w])


def test_raw_jit_nested_in_msfunc_transforms_raises():
    w = make_param("nested_in_ms")
    step = writer(w)
    with pytest.raises(ValueError, match="nested_in_ms"):
        ms.grad(lambda x: jax.jit(step)(x))(jnp.array(2.0))
    with pytest.raises(ValueError, match="nested_in_ms"):
        ms.grad(lambda x: jnp.sum(jax.jit(step)(x) * w), None, w)(jnp.array(2.0))
    with pytest.raises(ValueError, match="nested_in_ms"):
        ms.jit(lambda x: jax.jit(step)(x))(jnp.array(2.0))
    with pytest.raises(ValueError, match="nested_in_ms"):
        ms.vmap(lambda x: jax.vmap(step)(x))(jnp.ones((2, 3)))
    assert_no_tracers([w])
    np.testing.assert_array_equal(np.asarray(w.value()), [1.0, 2.0])


def test_msfunc_transform_inside_raw_jax_jit_raises():
    w = make_param("ms_inside_raw")
    step = writer(w)
    with pytest.raises(ValueError, match="ms_inside_raw"):
        jax.jit(lambda x: ms.grad(lambda v: jnp.sum(step(v) * w))(x))(jnp.array(2.0))
    with pytest.raises(ValueError, match="ms_inside_raw"):
        jax.jit(lambda x: ms.jvp(step, x, x))(jnp.array(2.0))
    with pytest.raises(ValueError, match="ms_inside_raw"):
        jax.jit(lambda x: ms.vmap(lambda v: (w.set_data(w * 2.0), v)[1])(x))(jnp.ones(3))
    assert_no_tracers([w])


def test_per_element_write_inside_ms_vmap_raises_naming_parameter():
    w = make_param("elementwise_w")
    with pytest.raises(ValueError, match="elementwise_w"):
        ms.vmap(writer(w))(jnp.ones(3))
    assert_no_tracers([w])


def test_ms_jit_called_inside_raw_jax_jit_does_not_leak():
    w = make_param("ms_jit_in_raw_jit")
    step = ms.jit(writer(w))
    with pytest.raises(ValueError, match="ms_jit_in_raw_jit"):
        jax.jit(lambda x: step(x))(jnp.array(2.0))
    assert_no_tracers([w])


def test_ms_jit_called_inside_raw_jax_grad_does_not_leak():
    w = make_param("ms_jit_in_raw_grad")
    step = ms.jit(writer(w))
    step(jnp.array(1.0))  # compiled and warm
    with pytest.raises(ValueError, match="ms_jit_in_raw_grad"):
        jax.grad(lambda x: step(x))(jnp.array(2.0))
    assert_no_tracers([w])


def test_graph_mode_cell_called_inside_raw_jax_jit_does_not_leak():
    class Counter(nn.Cell):
        def __init__(self):
            super().__init__()
            self.total = ms.Parameter(ms.Tensor(0.0), name="graph_total", requires_grad=False)

        def construct(self, x):
            self.total.set_data(self.total + jnp.sum(x))
            return x * 2.0

    cell = Counter()
    ms.set_context(mode=ms.GRAPH_MODE)
    with pytest.raises(ValueError, match="graph_total"):
        jax.jit(lambda x: cell(x))(jnp.ones(2))
    assert_no_tracers(cell.get_parameters())


def test_optimizer_step_inside_raw_jax_jit_raises_naming_a_weight():
    net = nn.Dense(2, 1)
    opt = nn.SGD(net.trainable_params(), learning_rate=0.1)
    grads = tuple(jnp.ones_like(p.value()) for p in net.trainable_params())
    with pytest.raises(ValueError, match="weight|bias|global_step"):
        jax.jit(lambda g: opt(g))(grads)
    assert_no_tracers(list(net.get_parameters()) + list(opt.get_parameters()))


def test_reads_inside_raw_jax_jit_raise_instead_of_baking_the_value():
    w = make_param("read_only")
    with pytest.raises(ValueError, match="read_only.*baked"):
        jax.jit(lambda x: w * x)(jnp.array(3.0))
    # Non-staging raw transforms see the current value on every call: reads are fine.
    np.testing.assert_allclose(np.asarray(jax.grad(lambda x: jnp.sum(w * x))(1.0)), 3.0)
    np.testing.assert_allclose(
        np.asarray(jax.vmap(lambda x: w * x)(jnp.ones((2, 1)))), [[1.0, 2.0], [1.0, 2.0]]
    )
    assert_no_tracers([w])


def test_cell_passed_as_argument_to_raw_jit_never_mutates_original():
    class Counter(nn.Cell):
        def __init__(self):
            super().__init__()
            self.total = ms.Parameter(ms.Tensor(0.0), name="arg_total", requires_grad=False)

        def construct(self, x):
            self.total.set_data(self.total + jnp.sum(x))
            return self.total.value()

    cell = Counter()
    out = jax.jit(lambda c, x: c(x))(cell, jnp.ones(3))
    np.testing.assert_allclose(float(out), 3.0)
    assert float(cell.total.value()) == 0.0
    assert_no_tracers(cell.get_parameters())


# --------------------------------------------------------------------------- msfunc transforms


class Stateful(nn.Cell):
    """Dense layer + a running statistic written on every forward pass."""

    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(3, 2)
        self.stat = ms.Parameter(ms.Tensor([0.0, 0.0]), name="stat", requires_grad=False)

    def construct(self, x):
        y = jnp.tanh(self.fc(x))
        self.stat.set_data(0.5 * self.stat + 0.5 * jnp.mean(y, axis=0))
        return y


XB = jnp.array([[0.1, 0.2, 0.3], [-0.5, 0.4, 1.0]])


def _sweep_cases(net, opt):
    loss = lambda x: jnp.sum(net(x) ** 2)  # noqa: E731
    grad_w = ms.value_and_grad(loss, None, opt.parameters)

    def train(x):
        value, grads = grad_w(x)
        opt(grads)
        return value

    return {
        "grad_inputs": lambda: ms.grad(loss)(XB),
        "grad_weights": lambda: ms.grad(loss, 0, net.trainable_params())(XB),
        "value_and_grad_aux": lambda: ms.value_and_grad(
            lambda x: (loss(x), net.stat.value()), None, net.fc.weight, has_aux=True
        )(XB),
        "jit_train": lambda: ms.jit(train)(XB),
        "eager_train": lambda: train(XB),
        "grad_of_jit": lambda: ms.grad(ms.jit(loss), None, net.fc.bias)(XB),
        "jit_of_grad": lambda: ms.jit(ms.grad(loss, None, net.fc.weight))(XB),
        "nested_grad": lambda: ms.grad(
            lambda x: jnp.sum(ms.grad(loss)(x) ** 2), None, net.fc.weight
        )(XB),
        "vmap": lambda: ms.vmap(lambda x: jnp.sum(net.fc(x)))(XB),
        "vmap_grad": lambda: ms.vmap(
            ms.grad(lambda x: jnp.sum(net.fc(x) ** 2), None, net.fc.weight)
        )(XB),
        "jvp": lambda: ms.jvp(loss, XB, jnp.ones_like(XB)),
        "vjp": lambda: ms.vjp(loss, XB, weights=net.fc.weight)[1](jnp.array(1.0)),
        "jacfwd": lambda: ms.jacfwd(net)(XB),
        "jacrev": lambda: ms.jacrev(net)(XB),
        "graph_mode": lambda: (
            ms.set_context(mode=ms.GRAPH_MODE),
            net(XB),
            ms.set_context(mode=ms.PYNATIVE_MODE),
        ),
    }


SWEEP = [
    "eager_train",
    "grad_inputs",
    "grad_of_jit",
    "grad_weights",
    "graph_mode",
    "jacfwd",
    "jacrev",
    "jit_of_grad",
    "jit_train",
    "jvp",
    "nested_grad",
    "value_and_grad_aux",
    "vjp",
    "vmap",
    "vmap_grad",
]


@pytest.mark.parametrize("case", SWEEP)
def test_no_tracer_in_any_box_after_msfunc_transforms(case):
    net = Stateful()
    opt = nn.Adam(net.trainable_params(), learning_rate=0.01)
    before = float(net.stat.value()[0])
    cases = _sweep_cases(net, opt)
    assert sorted(cases) == SWEEP
    cases[case]()
    if "jit" in case or case == "graph_mode":
        cases[case]()  # a second (cached) call too
    params = list(net.get_parameters()) + list(opt.get_parameters())
    assert_no_tracers(params)
    for p in params:
        assert np.all(np.isfinite(np.asarray(p.value()))), p.name
    if case not in ("vmap", "vmap_grad"):
        assert float(net.stat.value()[0]) != before, "the running statistic was not committed"


def test_running_statistic_value_after_jit_train_steps():
    net = Stateful()
    opt = nn.SGD(net.trainable_params(), learning_rate=0.1)
    grad_w = ms.value_and_grad(lambda x: jnp.sum(net(x) ** 2), None, opt.parameters)

    @ms.jit
    def train(x):
        value, grads = grad_w(x)
        opt(grads)
        return value

    w, b = net.fc.weight.value(), net.fc.bias.value()
    stat = jnp.zeros(2)
    for _ in range(3):
        y = jnp.tanh(XB @ w.T + b)
        stat = 0.5 * stat + 0.5 * jnp.mean(y, axis=0)
        gw, gb = jax.grad(lambda w, b: jnp.sum(jnp.tanh(XB @ w.T + b) ** 2), argnums=(0, 1))(w, b)
        train(XB)
        w, b = w - 0.1 * gw, b - 0.1 * gb
    np.testing.assert_allclose(np.asarray(net.stat.value()), np.asarray(stat), rtol=1e-5)
    np.testing.assert_allclose(np.asarray(net.fc.weight.value()), np.asarray(w), rtol=1e-5)
    assert_no_tracers(list(net.get_parameters()) + list(opt.get_parameters()))


def test_failed_transform_leaves_state_usable():
    w = make_param("after_failure")

    def bad(x):
        w.set_data(w * x)
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        ms.grad(bad)(jnp.array(2.0))
    with pytest.raises(RuntimeError):
        ms.jit(bad)(jnp.array(2.0))
    assert_no_tracers([w])
    # the frame stack is clean: a plain eager write goes straight to the box
    w.set_data(ms.Tensor([5.0, 6.0]))
    np.testing.assert_array_equal(np.asarray(w.value()), [5.0, 6.0])
    g = ms.grad(lambda x: jnp.sum(w * x), None, w)(jnp.array([1.0, 1.0]))
    np.testing.assert_array_equal(np.asarray(g), [1.0, 1.0])
