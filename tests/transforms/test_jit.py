"""msfunc.jit: compile-once semantics, Parameter discovery, mutation, control flow, modes, and
Python inside jit as MindSpore's graph mode runs it."""

import math
import warnings

import jax
import jax.numpy as jnp
import numpy as np
import optax
import pytest
from _paths import case_table, golden

import msfunc as ms
from msfunc import nn


def counting(fn, counter):
    def wrapped(*args):
        counter.append(1)
        return fn(*args)

    return wrapped


def test_train_step_compiles_once_and_updates_in_place():
    ms.set_seed(1)
    net = nn.Dense(3, 2)
    opt = nn.SGD(net.trainable_params(), learning_rate=0.1)
    loss_fn = nn.MSELoss()
    w0, b0 = net.weight.asnumpy(), net.bias.asnumpy()

    def forward(x, y):
        return loss_fn(net(x), y)

    grad_fn = ms.value_and_grad(forward, None, opt.parameters)
    traces = []

    @ms.jit
    def step(x, y):
        traces.append(1)
        loss, grads = grad_fn(x, y)
        opt(grads)
        return loss

    x = jnp.arange(12.0).reshape(4, 3) / 10
    y = jnp.ones((4, 2))

    # Reference: the same two steps written in raw JAX.
    def raw_loss(p, x, y):
        return jnp.mean((x @ p["w"].T + p["b"] - y) ** 2)

    params = {"w": jnp.asarray(w0), "b": jnp.asarray(b0)}
    for _ in range(2):
        ref_loss, g = jax.value_and_grad(raw_loss)(params, x, y)
        params = jax.tree.map(lambda p, g: p - 0.1 * g, params, g)
        loss = step(x, y)
        np.testing.assert_allclose(loss, ref_loss, rtol=1e-6)
    np.testing.assert_allclose(net.weight.asnumpy(), params["w"], rtol=1e-6)
    np.testing.assert_allclose(net.bias.asnumpy(), params["b"], rtol=1e-6)
    n_first = len(traces)
    step(x, y)
    assert len(traces) == n_first, "same shapes must not retrace"
    step(jnp.ones((5, 3)), jnp.ones((5, 2)))
    assert len(traces) == n_first + 1, "a new shape retraces once"
    assert not isinstance(net.weight._value, jax.core.Tracer)
    assert int(opt.global_step.asnumpy()[0]) == 4


def test_parameter_reached_by_a_later_branch_is_not_baked_in():
    a = ms.Parameter(ms.Tensor([1.0]), name="a")
    b = ms.Parameter(ms.Tensor([10.0]), name="b")

    @ms.jit
    def f(x, use_b):
        return x * (b if use_b else a)

    x = jnp.ones(1)
    assert float(f(x, False)[0]) == 1.0
    assert float(f(x, True)[0]) == 10.0
    b.set_data(ms.Tensor([20.0]))
    a.set_data(ms.Tensor([2.0]))
    assert float(f(x, True)[0]) == 20.0
    assert float(f(x, False)[0]) == 2.0
    assert {p.name for p in f.lifted_parameters} == {"a", "b"}


def test_closure_update_seen_by_next_call():
    w = ms.Parameter(ms.Tensor(1.0), name="w")

    @ms.jit
    def read(x):
        return x * w

    assert float(read(jnp.float32(3.0))) == 3.0
    w.set_data(ms.Tensor(5.0))
    assert float(read(jnp.float32(3.0))) == 15.0


def test_jit_writes_and_returns_parameters_as_tensors():
    w = ms.Parameter(ms.Tensor([1.0, 2.0]), name="w")

    @ms.jit
    def double():
        w.set_data(w * 2)
        return w

    out = double()
    assert isinstance(out, ms.Tensor) and not isinstance(out, ms.Parameter)
    np.testing.assert_allclose(out, [2.0, 4.0])
    np.testing.assert_allclose(w.asnumpy(), [2.0, 4.0])
    double()
    np.testing.assert_allclose(w.asnumpy(), [4.0, 8.0])


def test_python_scalars_are_constants_and_cells_by_reference():
    net = nn.Dense(2, 2, weight_init="ones", bias_init="zeros")
    traces = []

    @ms.jit
    def f(cell, x, scale):
        traces.append(1)
        return cell(x) * scale

    x = jnp.ones((1, 2))
    np.testing.assert_allclose(f(net, x, 2.0), [[4.0, 4.0]])
    np.testing.assert_allclose(f(net, x, 3.0), [[6.0, 6.0]])
    net.weight.set_data(jnp.full((2, 2), 2.0))
    np.testing.assert_allclose(f(net, x, 3.0), [[12.0, 12.0]])


def test_value_dependent_shape_falls_back_with_warning_naming_the_line():
    @ms.jit
    def g(x):
        return x[jnp.nonzero(x > 0)[0]]  # a data-dependent shape: no compiled form

    with pytest.warns(RuntimeWarning, match=r"test_jit.py:\d+: return x\[jnp.nonzero"):
        np.testing.assert_allclose(g(jnp.array([1.0, -1.0])), [1.0])
    np.testing.assert_allclose(g(jnp.array([-1.0, 2.0])), [2.0])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        g(jnp.ones(2))  # warned once only


def test_boolean_mask_index_falls_back_with_warning():
    f = ms.jit(lambda x: x[x > 0].sum())  # the result's shape depends on the mask's values
    with pytest.warns(RuntimeWarning, match=r"test_jit.py:\d+: lambda x: x\[x > 0\]") as got:
        np.testing.assert_allclose(f(ms.Tensor([1.0, -1.0, 2.0])).asnumpy(), 3.0)
    assert got[0].filename == __file__  # filed under the user's line, not msfunc's


def test_while_and_for_loops_on_tensor_values():
    @ms.jit
    def collatz_steps(n):
        steps = 0
        while n > 1:  # compiled as a lax.while_loop (tests/transforms/test_jit_control_flow.py)
            n = jnp.where(n % 2 == 0, n // 2, 3 * n + 1)
            steps += 1
        return steps

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert int(collatz_steps(jnp.int32(6))) == 8

    traces = []

    @ms.jit
    def summed(x):
        traces.append(1)
        total = jnp.zeros(())
        for i in range(4):  # static range: unrolled at trace time, stays compiled
            total = total + x[i]
        return total

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert float(summed(jnp.arange(4.0))) == 6.0
        summed(jnp.arange(4.0) + 1)
    assert len(traces) == 1


def test_graph_mode_matches_pynative():
    ms.set_seed(3)
    net = nn.SequentialCell([nn.Dense(4, 8, activation="relu"), nn.Dense(8, 2)])
    x = jnp.linspace(-1, 1, 12).reshape(3, 4)
    eager = net(x)
    eager_grad = ms.grad(net, None, net.trainable_params())(x)
    ms.set_context(mode=ms.GRAPH_MODE)
    graph = net(x)
    graph_grad = ms.grad(net, None, net.trainable_params())(x)
    np.testing.assert_allclose(graph, eager, rtol=1e-6)
    for g, e in zip(graph_grad, eager_grad):
        np.testing.assert_allclose(g, e, rtol=1e-6)
    assert net.__dict__.get("_msfunc_graph") is not None


def test_jit_on_construct_method_reads_current_parameter():
    class Scale(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor([2.0]), name="w")

        @ms.jit
        def construct(self, x):
            return x * self.w

    net = Scale()
    np.testing.assert_allclose(net(jnp.ones(1)), [2.0])
    np.testing.assert_allclose(ms.grad(net, None, net.w)(jnp.full(1, 3.0)), [3.0])
    net.w.set_data(ms.Tensor([5.0]))
    np.testing.assert_allclose(net(jnp.ones(1)), [5.0])


def test_nested_jit_inlines_and_grad_of_jit_matches_jax():
    def h(x):
        return jnp.sin(x) * x

    inner = ms.jit(h)
    outer = ms.jit(lambda x: inner(x) + 1)
    np.testing.assert_allclose(outer(jnp.float32(1.0)), h(1.0) + 1, rtol=1e-6)
    np.testing.assert_allclose(ms.grad(ms.jit(h))(1.0), jax.grad(h)(1.0), rtol=1e-6)
    np.testing.assert_allclose(ms.jit(ms.grad(h))(jnp.float32(1.0)), jax.grad(h)(1.0), rtol=1e-6)


def test_adam_step_under_jit_matches_optax_reference():
    ms.set_seed(0)
    net = nn.Dense(3, 1)
    opt = nn.Adam(net.trainable_params(), learning_rate=0.01)
    params = (net.weight.value(), net.bias.value())
    tx = optax.chain(ms.nn.optim.scale_by_ms_adam(0.9, 0.999, 1e-8), optax.scale(-0.01))
    state = tx.init(params)
    x, y = jnp.ones((2, 3)), jnp.zeros((2, 1))

    def raw_loss(p):
        return jnp.mean((x @ p[0].T + p[1] - y) ** 2)

    grad_fn = ms.grad(lambda: jnp.mean((net(x) - y) ** 2), None, opt.parameters)

    @ms.jit
    def step():
        opt(grad_fn())

    for _ in range(3):
        step()
        updates, state = tx.update(jax.grad(raw_loss)(params), state, params)
        params = optax.apply_updates(params, updates)
    np.testing.assert_allclose(net.weight.asnumpy(), params[0], rtol=1e-5)
    np.testing.assert_allclose(net.bias.asnumpy(), params[1], rtol=1e-5)


def test_jit_rejects_bad_arguments():
    with pytest.raises(TypeError, match="function"):
        ms.jit(3)

    @ms.jit
    def f(x, opts):
        return x

    with pytest.raises(TypeError, match="neither an array nor hashable"):
        f(jnp.ones(1), _Unhashable())


class _Unhashable:
    __hash__ = None


def test_unexpected_keyword_in_compiled_code_is_runtime_and_type_error():
    # MindSpore's graph compiler raises RuntimeError for a keyword its callee does not take
    # (a Cell's construct, a primitive's call); PyNative raises Python's TypeError
    @ms.jit
    def f(x):
        return ms.ops.Softmax(-1)(x=x)

    with pytest.raises(RuntimeError, match="unexpected keyword") as info:
        f(ms.Tensor(np.ones((2, 3), np.float32)))
    assert isinstance(info.value, TypeError)
    with pytest.raises(TypeError, match="unexpected keyword") as info:
        ms.ops.Softmax(-1)(x=ms.Tensor(np.ones(3, np.float32)))
    assert not isinstance(info.value, RuntimeError)


# Python inside jit as graph mode runs it (ops.partial keywords, globals, returned dicts,
# iterators and numpy values, print, int()), against MindSpore 2.10's answers
# (tests/golden/jit_python.json, from tests/oracle/jit_python_cases.py): the same functions,
# run here with ``ms = msfunc``.
_JIT_PYTHON_CASES = case_table("jit_python_cases").CASES
_JIT_PYTHON_GOLDEN = golden("jit_python")


# cases of rules msfunc keeps for MindSpore programs only (the `import mindspore` alias)
_PROGRAM_RULE_CASES = {"graph_syntax_refusals", "dict_view_snapshots"}


@pytest.mark.parametrize("name", sorted(set(_JIT_PYTHON_CASES) - _PROGRAM_RULE_CASES))
def test_case_matches_mindspore(name):
    assert _JIT_PYTHON_CASES[name](ms) == _JIT_PYTHON_GOLDEN[name]


@pytest.mark.parametrize("name", sorted(_PROGRAM_RULE_CASES))
def test_program_rule_case_matches_mindspore(name, mindspore_checks):
    assert _JIT_PYTHON_CASES[name](ms) == _JIT_PYTHON_GOLDEN[name]


def test_msfunc_own_jit_runs_the_syntax_graph_mode_refuses():
    # outside MindSpore programs a compiled function may use try/import/del as Python does
    out = _JIT_PYTHON_CASES["graph_syntax_refusals"](ms)
    assert out["_with_try"] == 2.0 and out["_with_import"] == pytest.approx(1 + math.pi)
