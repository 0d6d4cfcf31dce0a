"""PyNative mode is eager: each point where a compiled call could differ from eager code.

Every case runs a short notebook-style session twice, with PyNative auto-compilation on
and off (the eager reference), or checks MindSpore 2.10's PyNative behaviour directly.
"""

import functools
import io
import random
import time
import types
import warnings
from contextlib import redirect_stdout

import numpy as np
import pytest

import msfunc as ms
from msfunc import nn, ops

X = np.array([0.5, -1.5, 2.0], np.float32)
SETTINGS = {"scale": 1.0}
FACTORS = [1.0]


@pytest.fixture(autouse=True)
def _pynative():
    ms.set_context(mode=ms.PYNATIVE_MODE, pynative_auto_compile=True)
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE, pynative_auto_compile=True)


def _both(session):
    """`session()` with auto-compilation on, then off: (compiled results, eager results)."""
    compiled = session()
    ms.set_context(pynative_auto_compile=False)
    try:
        eager = session()
    finally:
        ms.set_context(pynative_auto_compile=True)
    return compiled, eager


def _assert_same(compiled, eager):
    assert len(compiled) == len(eager)
    for got, want in zip(compiled, eager):
        np.testing.assert_allclose(np.asarray(got), np.asarray(want), rtol=1e-6)


class Scaled:
    factor = 1.0

    def __init__(self):
        self.scale = 1.0

    def loss(self, x):
        return (x * x * self.scale).sum()


def _global_two_deep():
    return SETTINGS["scale"]


def _routes():
    """(name, function of x, setter) for each way a program reads a setting."""
    space = types.SimpleNamespace(scale=1.0)
    obj = Scaled()
    held = Scaled()
    config = {"scale": 1.0}

    class WithConfig(nn.Cell):
        def __init__(self):
            super().__init__()
            self.config = types.SimpleNamespace(scale=1.0)

        def construct(self, x):
            return (x * x * self.config.scale).sum()

    cell = WithConfig()
    return [
        (
            "global dict",
            lambda x: (x * x * SETTINGS["scale"]).sum(),
            lambda v: SETTINGS.__setitem__("scale", v),
        ),
        ("global list", lambda x: (x * x * FACTORS[0]).sum(), lambda v: FACTORS.__setitem__(0, v)),
        (
            "class attribute",
            lambda x: (x * x * Scaled.factor).sum(),
            lambda v: setattr(Scaled, "factor", v),
        ),
        ("namespace", lambda x: (x * x * space.scale).sum(), lambda v: setattr(space, "scale", v)),
        ("bound method", obj.loss, lambda v: setattr(obj, "scale", v)),
        ("object through a lambda", lambda x: held.loss(x), lambda v: setattr(held, "scale", v)),
        (
            "partial",
            functools.partial(lambda x, c: (x * x * c["scale"]).sum(), c=config),
            lambda v: config.__setitem__("scale", v),
        ),
        (
            "global two calls deep",
            lambda x: (x * x * _global_two_deep()).sum(),
            lambda v: SETTINGS.__setitem__("scale", v),
        ),
        ("config held by a Cell", cell, lambda v: setattr(cell.config, "scale", v)),
    ]


TRANSFORMS = {
    "grad": lambda f, x: ms.grad(f)(x),
    "value_and_grad": lambda f, x: ms.value_and_grad(f)(x)[1],
    "jvp": lambda f, x: ms.jvp(f, x, ms.Tensor(np.ones(3, np.float32)))[1],
    "vjp": lambda f, x: ms.vjp(f, x)[1](ms.Tensor(np.float32(1.0)))[0],
    "jacfwd": lambda f, x: ms.jacfwd(f)(x),
    "jacrev": lambda f, x: ms.jacrev(f)(x),
}


@pytest.mark.parametrize("transform", sorted(TRANSFORMS))
def test_a_changed_setting_is_read_on_the_next_call(transform):
    apply = TRANSFORMS[transform]
    scales = (1.0, 1.0, 1.0, 2.0, 2.0, -0.5)

    def session():
        results = {}
        for name, fn, set_scale in _routes():
            SETTINGS["scale"], FACTORS[0], Scaled.factor = 1.0, 1.0, 1.0
            results[name] = []
            for scale in scales:
                set_scale(scale)
                results[name].append(apply(fn, ms.Tensor(X)).asnumpy())
        SETTINGS["scale"], FACTORS[0], Scaled.factor = 1.0, 1.0, 1.0
        return results

    compiled, eager = _both(session)
    for name, results in compiled.items():
        for got, want, scale in zip(results, eager[name], scales):
            np.testing.assert_allclose(got, want, rtol=1e-6, err_msg=f"{transform}: {name}")
            np.testing.assert_allclose(
                got, scale * results[0], rtol=1e-6, err_msg=f"{transform}: {name}"
            )


def test_weights_gradient_follows_a_changed_global():
    net = nn.Dense(3, 1, weight_init="ones", bias_init="zeros")

    def forward(x):
        return (net(x) * SETTINGS["scale"]).sum()

    grad_fn = ms.value_and_grad(forward, None, net.trainable_params())
    x = ms.Tensor(X.reshape(1, 3))
    for scale in (1.0, 1.0, 3.0):
        SETTINGS["scale"] = scale
        _, (weight_grad, _) = grad_fn(x)
        np.testing.assert_allclose(weight_grad.asnumpy(), scale * X.reshape(1, 3), rtol=1e-6)
    SETTINGS["scale"] = 1.0


@pytest.mark.parametrize("source", ["random.random", "np.random.rand", "time.monotonic"])
def test_random_draws_and_clocks_are_read_on_every_call(source):
    read = {
        "random.random": random.random,
        "np.random.rand": lambda: float(np.random.rand()),
        "time.monotonic": lambda: time.monotonic() % 1.0,
    }[source]

    def session():
        random.seed(3)
        np.random.seed(3)
        grad_fn = (
            ms.grad(lambda x: (x * read()).sum())
            if source != "time.monotonic"
            else ms.grad(lambda x: (x * (time.monotonic() % 1.0)).sum())
        )
        return [float(grad_fn(ms.Tensor(X))[0]) for _ in range(4)]

    compiled, eager = _both(session)
    assert len(set(compiled)) == 4  # a new draw on every call
    if source != "time.monotonic":
        assert compiled == eager


def test_python_side_effects_run_on_every_call():
    def session():
        calls, out = [], io.StringIO()
        counter = {"n": 0}

        def loss(x):
            calls.append(1)
            counter["n"] += 1
            y = (x * x).sum()
            print("loss", y)
            return y

        with redirect_stdout(out):
            for _ in range(4):
                ms.grad(loss)(ms.Tensor(X))
        return len(calls), counter["n"], out.getvalue()

    compiled, eager = _both(session)
    assert compiled == eager
    assert compiled[0] == 4 and compiled[2].count("loss 6.5\n") == 4


def test_values_inside_grad_are_concrete():
    seen = []

    def loss(x):
        y = (x * x).sum()
        print("value", y)
        seen.append(
            (float(y), y.item(), y.asnumpy().tolist(), int(y), float(np.sin(x.asnumpy()).sum()))
        )
        if y > 1:  # a Python branch on the value, as PyNative code writes it
            y = y * 2
        return y * float(y)  # (float() leaves the differentiation, as in MindSpore)

    out = io.StringIO()
    with redirect_stdout(out):
        grads = [ms.grad(loss)(ms.Tensor(X)).asnumpy() for _ in range(3)]
    total = float((X * X).sum())
    assert seen == [(total, total, total, int(total), float(np.sin(X).sum()))] * 3
    assert out.getvalue().count(f"value {total}") == 3
    for g in grads:  # d/dx of 2y * (2y) with the second factor constant: 2 * 2x * 2y
        np.testing.assert_allclose(g, 2 * 2 * X * 2 * total, rtol=1e-6)


def test_backward_hooks_receive_tensors():
    seen = []
    hook = ops.HookBackward(lambda grads: seen.append([type(g) for g in grads]))
    for _ in range(3):
        ms.grad(lambda x: (hook(x) * 2).sum())(ms.Tensor(X))
    assert seen == [[ms.Tensor]] * 3


def test_negative_zero_is_a_value_of_its_own():
    copysign = ms.jit(lambda a, b: np.copysign(a, b))
    assert (copysign(1.0, 0.0), copysign(1.0, -0.0)) == (1.0, -1.0)
    assert copysign(1.0, 0.0) == 1.0


class Counter(nn.Cell):
    def __init__(self):
        super().__init__()
        self.p = ms.Parameter(ms.Tensor(np.float32(0.0)), name="p")

    def construct(self, x):
        self.p += 1.0
        return self.p * x


def test_augmented_assignment_updates_the_parameter_in_place():
    # MindSpore 2.10 PyNative: the same Parameter, updated (value 1.0 after one call).
    net = Counter()
    original = net.p
    out = net(ms.Tensor(np.float32(2.0)))
    assert net.p is original and float(original) == 1.0 and float(out) == 2.0
    assert [p.name for p in net.trainable_params()] == ["p"]
    # Under value_and_grad: MindSpore 2.10 gives value 4.0 and gradient 2.0 for p.
    value, (grad_p,) = ms.value_and_grad(net, None, net.trainable_params())(
        ms.Tensor(np.float32(2.0))
    )
    assert (float(value), float(grad_p), float(net.p)) == (4.0, 2.0, 2.0)
    step = ms.jit(net)
    assert float(step(ms.Tensor(np.float32(2.0)))) == 6.0 and float(net.p) == 3.0


def test_print_under_jit_shows_runtime_values_on_every_call():
    import jax

    @ms.jit
    def double(x):
        print("x:", x)
        return x * 2

    out = io.StringIO()
    with redirect_stdout(out):
        for v in (1.0, 2.0, 3.0):
            double(ms.Tensor(np.array([v], np.float32)))
        jax.effects_barrier()
    # graph mode's text (tests/transforms/test_jit.py checks it against MindSpore's):
    # each argument on its own line, the runtime value of every call
    lines = out.getvalue().splitlines()
    assert lines[0::2] == ["x:"] * 3
    assert lines[1::2] == [
        f"Tensor(shape=[1], dtype=Float32, value=[ {v:.8e}])" for v in (1.0, 2.0, 3.0)
    ]


def _collect_while(n):
    values = []
    i = ms.Tensor(0)
    while i < n:
        values.append(i)
        i = i + 1
    return len(values)


LOG = []


def _log_branch(x):
    if x > 0:
        LOG.append("positive")
    else:
        LOG.append("negative")
    return x * 2


def _raise_in_branch(x):
    try:
        if x > 0:
            raise ValueError("positive")
        y = x
    except ValueError:
        y = x * 100
    return y


def test_python_effects_in_tensor_control_flow_under_jit_give_the_eager_result():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # (the eager fallback says why)
        collect = ms.jit(_collect_while)
        assert [collect(ms.Tensor(n)) for n in (3, 6, 0)] == [3, 6, 0]
        LOG.clear()
        ms.jit(_log_branch)(ms.Tensor(1.0))
        assert LOG == ["positive"]
        raising = ms.jit(_raise_in_branch)
        assert [float(raising(ms.Tensor(v))) for v in (-1.0, 1.0)] == [-1.0, 100.0]


def test_branches_of_two_dtypes_do_not_join_under_jit():
    def pick(x):
        if x > 0:
            return ms.Tensor(1, ms.int32)
        return ms.Tensor(1.0, ms.float32)

    with pytest.raises(TypeError, match="int32.*float32|float32.*int32"):
        ms.jit(pick)(ms.Tensor(1.0))
    # PyNative runs it as Python does.
    assert float(ms.grad(lambda x: pick(x) * x)(ms.Tensor(-1.0))) == 1.0


def _ensemble_member(seed):
    rng = np.random.default_rng(seed)
    net = nn.Dense(
        3,
        1,
        weight_init=ms.Tensor(rng.standard_normal((1, 3)).astype(np.float32)),
        bias_init="zeros",
    )
    return nn.TrainOneStepCell(
        nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params(), 0.1)
    )


def test_an_ensemble_of_train_steps_under_vmap_compiles_and_trains_each_member():
    x = np.random.default_rng(5).standard_normal((3, 8, 3)).astype(np.float32)
    y = np.ones((3, 8, 1), np.float32)
    ensemble = nn.CellList([_ensemble_member(s) for s in range(3)])
    step = ms.vmap(ensemble)
    losses = [step(ms.Tensor(x), ms.Tensor(y)).asnumpy() for _ in range(3)]
    assert auto_compile_last_call_compiled()
    members = [_ensemble_member(s) for s in range(3)]  # each trained alone: the reference
    for k in range(3):
        alone = [float(members[k](ms.Tensor(x[k]), ms.Tensor(y[k]))) for _ in range(3)]
        np.testing.assert_allclose([loss[k] for loss in losses], alone, rtol=1e-5)
        np.testing.assert_allclose(
            ensemble[k].trainable_params()[0].asnumpy(),
            members[k].trainable_params()[0].asnumpy(),
            rtol=1e-5,
        )


def auto_compile_last_call_compiled():
    from msfunc.transforms import auto_compile

    return auto_compile.last_call_compiled()


def test_a_config_changing_every_few_calls_compiles_once_per_value():
    from msfunc.transforms import auto_compile

    def loss(x):
        return (x * x * SETTINGS["scale"]).sum()

    compiled = []
    for scale in (1.0, 2.0, 1.0, 2.0):
        SETTINGS["scale"] = scale
        for _ in range(4):
            np.testing.assert_allclose(
                ms.grad(loss)(ms.Tensor(X)).asnumpy(), 2 * scale * X, rtol=1e-6
            )
            compiled.append(auto_compile.last_call_compiled())
    SETTINGS["scale"] = 1.0
    # A new value: its first call runs eagerly (checked), then its program; a value seen
    # before finds its program at once.
    assert compiled == [False, True, True, True] * 2 + [True] * 8
