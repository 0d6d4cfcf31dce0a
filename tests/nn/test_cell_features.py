"""Cell features: repr, hooks (forward, backward, ops.HookBackward/InsertGradientOf; what they
receive inside grad), flags, apply, recompute, pickling.

What MindSpore decides (repr strings, hook signatures and values, flags) comes from real
MindSpore 2.10 (tests/golden/cell_features.json, written by
tests/oracle/gen_cell_features_golden.py, whose scenarios run here unchanged with
``ms = msfunc``); jit, recompute and pickling are checked against eager msfunc, raw JAX
written by hand and the jaxpr.
"""

import copy
import json
import pickle

import _scenario_golden
import jax
import jax.numpy as jnp
import numpy as np
import pytest
from _paths import TESTS, case_table

import msfunc as ms
from msfunc import nn, ops

gen, GOLDEN, SCENARIOS = _scenario_golden.load("gen_cell_features_golden", "cell_features.json")


_msfunc_result = _scenario_golden.cached_runs(gen, SCENARIOS, ms, nn, ops)


@pytest.mark.parametrize("scenario", sorted(SCENARIOS))
def test_matches_mindspore(scenario):
    got = _msfunc_result(scenario)
    assert "__scenario__" not in got, got.get("__scenario__")
    problems = []
    for case, expected in GOLDEN[scenario].items():
        if case not in got:
            problems.append(f"{scenario}/{case}: the msfunc run did not reach this case")
            continue
        problems += _scenario_golden.differences(expected, got[case], f"{scenario}/{case}")
    assert not problems, "\n".join(problems)


def test_golden_file_covers_every_scenario():
    assert sorted(GOLDEN) == sorted(SCENARIOS)


# -- hooks under jit and GRAPH_MODE ----------------------------------------------------
class _Mul(nn.Cell):
    def construct(self, a, b):
        return a * b * 3


class _Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.mul = _Mul()

    def construct(self, a, b):
        z = self.mul(a + a, b)
        return z * z


X, Y = jnp.array([1.0, 2.0]), jnp.array([3.0, 0.5])


def _expected(case):
    return np.array([item["v"] for item in GOLDEN["cell_hooks"][case]["items"]])


def _hook_all(cell):
    return [
        cell.register_forward_pre_hook(lambda c, args: (args[0] * 2, args[1])),
        cell.register_forward_hook(lambda c, args, out: out + 1),
        cell.register_backward_pre_hook(lambda c, gout: (gout[0] * 10,)),
        cell.register_backward_hook(lambda c, gin, gout: (gin[0] * 100, gin[1])),
    ]


def test_hooks_under_jit_match_mindspore_and_follow_registration():
    net = _Net()
    step = ms.jit(ms.grad(net, grad_position=(0, 1)))
    np.testing.assert_allclose(step(X, Y), _expected("grad_after_remove"))
    handles = _hook_all(net.mul)  # registered after a compiled call: the next call re-traces
    np.testing.assert_allclose(step(X, Y), _expected("grad"))
    np.testing.assert_allclose(step(X, Y), _expected("grad"))
    for handle in handles:
        handle.remove()
    np.testing.assert_allclose(step(X, Y), _expected("grad_after_remove"))


def test_hooks_in_graph_mode_follow_registration():
    ms.set_context(mode=ms.GRAPH_MODE)
    net = _Net()
    np.testing.assert_allclose(net(X, Y), [324.0, 36.0])
    handles = _hook_all(net.mul)
    np.testing.assert_allclose(net(X, Y), GOLDEN["cell_hooks"]["forward"]["v"])
    handles[1].remove()
    np.testing.assert_allclose(net(X, Y), [1296.0, 144.0])  # (4x * y * 3) ** 2
    for handle in handles:
        handle.remove()
    np.testing.assert_allclose(net(X, Y), [324.0, 36.0])


def test_python_hooks_run_at_trace_time_under_jit():
    calls = []
    dense = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
    dense.register_forward_hook(lambda c, args, out: calls.append(type(out._array()).__name__))
    step = ms.jit(lambda x: dense(x))
    step(jnp.ones((1, 2)))
    traced = len(calls)
    step(jnp.ones((1, 2)))
    assert len(calls) == traced >= 1  # run while tracing, not on each call
    assert set(calls) == {"DynamicJaxprTracer"}


def test_removing_every_hook_restores_the_compiled_program():
    traces = []

    class Counting(nn.Cell):
        def construct(self, x):
            traces.append(1)
            return x * 2

    cell = Counting()
    step = ms.jit(lambda x: cell(x))
    step(X)
    handle = cell.register_forward_hook(lambda c, args, out: out + 1)
    np.testing.assert_allclose(step(X), X * 2 + 1)
    handle.remove()
    assert "_cell_hooks" not in cell.__dict__
    np.testing.assert_allclose(step(X), X * 2)
    assert len(traces) == 2  # the hook-free program was reused


def test_backward_hooks_inside_raw_jax_grad_and_vmap():
    net = _Net()
    _hook_all(net.mul)
    grads = jax.jit(jax.grad(lambda a, b: jnp.asarray(net(a, b).sum()), argnums=(0, 1)))(X, Y)
    np.testing.assert_allclose(grads, _expected("grad"))
    per_row = jax.vmap(jax.grad(lambda a, b: jnp.asarray(net(a, b).sum())))(
        jnp.stack([X, X]), jnp.stack([Y, Y])
    )
    np.testing.assert_allclose(per_row, np.stack([_expected("grad")[0]] * 2))


def test_gradient_hook_ops_under_jit():
    hook = ops.HookBackward(lambda grads: grads[0] * 2)
    clip = ops.InsertGradientOf(lambda g: jnp.clip(g, -1.0, 1.0))
    got = ms.jit(
        ms.grad(lambda a, b: (hook(a * b) ** 2).sum() + (clip(a) * b).sum(), grad_position=(0, 1))
    )(X, Y)
    # by hand: d/da of (ab)^2 doubled = 4ab^2; clip(b) for the second term
    np.testing.assert_allclose(got[0], 4 * X * Y**2 + np.clip(Y, -1, 1))
    np.testing.assert_allclose(got[1], 4 * X**2 * Y + X)


def test_hook_errors_name_the_problem():
    dense = nn.Dense(2, 1)
    with pytest.raises(TypeError, match="hook_fn"):
        dense.register_forward_hook("not a function")
    with pytest.raises(TypeError, match="hook_fn"):
        ops.HookBackward(3)
    with pytest.raises(TypeError, match="Tensor"):
        ops.HookBackward(print)("text")
    dense.register_backward_hook(lambda c, gin, gout: (gin[0], gin[0]))
    with pytest.raises(ValueError, match="1 gradient"):
        ms.grad(lambda x: dense(x).sum())(jnp.ones((1, 2)))
    bad_shape = ops.HookBackward(lambda grads: jnp.ones(3))
    with pytest.raises(ValueError, match="shape"):
        ms.grad(lambda x: bad_shape(x).sum())(jnp.ones(2))


# -- recompute ---------------------------------------------------------------------------
def _mlp():
    w1 = np.linspace(-1.0, 1.0, 12, dtype=np.float32).reshape(4, 3)
    w2 = np.linspace(0.5, -0.5, 8, dtype=np.float32).reshape(2, 4)
    return (
        nn.SequentialCell(
            [
                nn.Dense(3, 4, weight_init=ms.Tensor(w1), bias_init="zeros", activation="tanh"),
                nn.Dense(4, 2, weight_init=ms.Tensor(w2), bias_init="ones"),
            ]
        ),
        w1,
        w2,
    )


def _mlp_loss_by_hand(w1, w2, x):
    return ((jnp.tanh(x @ w1.T) @ w2.T + 1.0) ** 2).sum()


def test_recompute_keeps_gradients_and_checkpoints_the_program():
    net, w1, w2 = _mlp()
    net[0].recompute()
    x = jnp.array([[0.5, -1.0, 2.0], [1.5, 0.0, -0.5]])
    loss_fn = ms.value_and_grad(lambda x: (net(x) ** 2).sum(), None, net.trainable_params())
    loss, grads = ms.jit(loss_fn)(x)
    want_loss, (gw1, gw2) = jax.value_and_grad(_mlp_loss_by_hand, argnums=(0, 1))(w1, w2, x)
    np.testing.assert_allclose(loss, want_loss, rtol=1e-6)
    np.testing.assert_allclose(grads[0], gw1, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(grads[2], gw2, rtol=1e-5, atol=1e-6)
    jaxpr = str(jax.make_jaxpr(jax.grad(lambda n, x: jnp.asarray((n(x) ** 2).sum())))(net, x))
    assert "checkpoint" in jaxpr or "remat" in jaxpr
    plain, _, _ = _mlp()
    assert "checkpoint" not in str(
        jax.make_jaxpr(jax.grad(lambda n, x: jnp.asarray(n(x).sum())))(plain, x)
    )


# -- pickling and copies -----------------------------------------------------------------
def test_a_cell_called_in_graph_mode_pickles_and_deep_copies():
    ms.set_context(mode=ms.GRAPH_MODE)
    net, _, _ = _mlp()
    x = jnp.ones((1, 3))
    want = np.asarray(net(x))
    assert "_msfunc_graph" in net.__dict__
    for clone in (pickle.loads(pickle.dumps(net)), copy.deepcopy(net)):
        assert not any(k.startswith("_msfunc_") for k in clone.__dict__)
        np.testing.assert_allclose(clone(x), want)
        clone[1].bias.set_data(jnp.zeros(2))  # the copy owns its Parameters and program
        assert not np.allclose(clone(x), want)
    np.testing.assert_allclose(net(x), want)


# -- to_float and cast_param -------------------------------------------------------------
def test_cast_param_follows_to_float():
    dense = nn.Dense(2, 1)
    assert dense.cast_param(dense.weight) is dense.weight
    dense.to_float(ms.bfloat16)
    assert dense.cast_param(dense.weight).dtype == jnp.bfloat16
    assert dense.weight.dtype == jnp.float32  # the stored value keeps its dtype
    assert dense(jnp.ones((1, 2))).dtype == jnp.bfloat16
    with pytest.raises(TypeError, match="param"):
        dense.cast_param(jnp.ones(2))


# What Cell hooks receive inside ms.grad, against MindSpore 2.10's answers
# (tests/golden/cell_hooks.json, from tests/oracle/cell_hook_cases.py): the same functions,
# run here with ``ms = msfunc``.
_CELL_HOOK_CASES = case_table("cell_hook_cases").CASES
_CELL_HOOKS_GOLDEN = json.loads((TESTS / "golden" / "cell_hooks.json").read_text())


@pytest.mark.parametrize("name", sorted(_CELL_HOOK_CASES))
def test_case_matches_mindspore(name):
    assert _CELL_HOOK_CASES[name](ms) == _CELL_HOOKS_GOLDEN[name]
