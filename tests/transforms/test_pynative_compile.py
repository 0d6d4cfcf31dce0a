"""PyNative transforms compile themselves: same values as eager, one trace per signature."""

import sys
import warnings

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import msfunc as ms
from msfunc import nn
from msfunc._jax_private import counting_eager_ops
from msfunc.transforms import auto_compile, compile_tables

X = np.array([0.3, -1.2, 2.0], np.float32)
EAGER = auto_compile.EAGER_CALLS  # calls that run eagerly before a function compiles
CHECK = 1  # a compiling call runs eagerly once more, its result compared exactly
SCALE = 2.0  # a module global read by `_scaled` (changed by a test)


@pytest.fixture(autouse=True)
def _pynative():
    ms.set_context(mode=ms.PYNATIVE_MODE, pynative_auto_compile=True)
    yield
    sys.setprofile(None)
    _RUNS.clear()
    ms.set_context(mode=ms.PYNATIVE_MODE, pynative_auto_compile=True)


# function name -> how often Python ran a function of that name (counted by `_count_runs`;
# by name, as a source-converted function is new code under the same name)
_RUNS = {}


def _count_runs(frame, event, arg):
    if event == "call" and frame.f_code.co_name in _RUNS:
        _RUNS[frame.f_code.co_name] += 1


def _watch(fn):
    """Count `fn`'s runs (its name must be unique among the functions a test runs)."""
    _RUNS[fn.__code__.co_name] = 0
    sys.setprofile(_count_runs)  # (removed by the `_pynative` fixture)
    return fn


def _runs(fn):
    return _RUNS[getattr(fn, "fn", fn).__code__.co_name]


class Counted:
    """A function whose Python runs are counted (once per trace when compiled).

    The count is taken from outside, by a profile hook: a counter the function changed
    itself would be Python state it writes, which (rightly) keeps it eager, as a PyNative
    side effect must run on every call. `_runs` reads it.
    """

    def __init__(self, fn):
        self.fn = _watch(fn)

    def __call__(self, *args):
        return self.fn(*args)


def _eager(call):
    ms.set_context(pynative_auto_compile=False)
    try:
        return call()
    finally:
        ms.set_context(pynative_auto_compile=True)


def _cube_sum(x):
    return (jnp.tanh(x) * x**2).sum()


def _vector(x):
    return jnp.sin(x) * x


def _tanh_cube(x):
    return jnp.tanh(x) * x**3


def _vjp_both(f, x):
    out, vjp_fn = ms.vjp(f, x)
    return out, vjp_fn(ms.Tensor(np.cos(X)))


CASES = {
    "grad": (lambda f: ms.grad(f), _cube_sum, lambda x: jax.grad(_cube_sum)(x)),
    "value_and_grad": (
        lambda f: ms.value_and_grad(f),
        _cube_sum,
        lambda x: jax.value_and_grad(_cube_sum)(x),
    ),
    "GradOperation": (
        lambda f: ms.ops.GradOperation(get_all=True)(f),
        _cube_sum,
        lambda x: (jax.grad(_cube_sum)(x),),
    ),
    "jacfwd": (lambda f: ms.jacfwd(f), _vector, lambda x: jax.jacfwd(_vector)(x)),
    "jacrev": (lambda f: ms.jacrev(f), _vector, lambda x: jax.jacrev(_vector)(x)),
    "vmap(grad(grad))": (
        lambda f: ms.vmap(ms.grad(ms.grad(f))),
        _tanh_cube,
        lambda x: jax.vmap(jax.grad(jax.grad(_tanh_cube)))(x),
    ),
    "jvp": (
        lambda f: lambda x: ms.jvp(f, x, jnp.ones_like(x)),
        _vector,
        lambda x: jax.jvp(_vector, (x,), (jnp.ones_like(x),)),
    ),
    "vjp": (
        lambda f: lambda x: _vjp_both(f, x),
        _vector,
        lambda x: (_vector(x), jax.vjp(_vector, x)[1](jnp.cos(x))),
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_compiled_equals_eager_and_raw_jax_with_one_trace(name):
    make, fn, reference = CASES[name]
    counted = Counted(fn)
    x = ms.Tensor(X)
    # A new transformed function per call, as in a loop: one trace for all of them.
    results = [make(counted)(x) for _ in range(EAGER + 3)]
    assert _runs(counted) == EAGER + 1 + CHECK
    eager = _eager(lambda: make(counted)(x))
    assert _runs(counted) == EAGER + 2 + CHECK
    want = reference(jnp.asarray(X))
    for got in results + [eager]:
        for g, w in zip(jax.tree.leaves(got), jax.tree.leaves(want)):
            np.testing.assert_allclose(np.asarray(g), np.asarray(w), rtol=2e-6, atol=1e-6)
    assert type(results[0]) is type(eager)
    first = jax.tree.leaves(results[0], is_leaf=lambda t: isinstance(t, ms.Tensor))[0]
    assert isinstance(first, ms.Tensor)


def test_new_signature_traces_once_more():
    counted = Counted(_cube_sum)
    grad_fn = ms.grad(counted)
    for _ in range(EAGER + 2):
        grad_fn(ms.Tensor(X))
    grad_fn(ms.Tensor(X[:2]))
    grad_fn(ms.Tensor(X[:2]))
    assert _runs(counted) == EAGER + 2 + 2 * CHECK  # (a new shape's program is checked too)


def test_compiled_calls_go_straight_to_the_program_and_follow_shapes():
    expected = {n: np.asarray(jax.grad(_cube_sum)(X[:n])) for n in (2, 3)}
    counted = Counted(_cube_sum)
    for n in (3, 3, 3, 3, 2, 2, 3, 2):  # compiled from the second call on
        grad_fn = ms.grad(counted)  # built inline: the object built before
        np.testing.assert_allclose(grad_fn(ms.Tensor(X[:n])).asnumpy(), expected[n], rtol=1e-6)
    assert auto_compile.last_call_compiled()
    # one eager run, one trace per shape, each shape's compiling call checked eagerly
    assert _runs(counted) == EAGER + 2 + 2 * CHECK


def test_transforms_of_functions_made_again_and_again_stay_bounded(monkeypatch):
    import gc
    import weakref

    monkeypatch.setattr(compile_tables, "MAX_TABLES", 4)
    made = []
    for i in range(6):  # a notebook cell run again: new code each time
        namespace = {}
        exec(f"def made(x):\n    return (x * {i + 1}.0).sum()\n", namespace)  # noqa: S102
        for _ in range(EAGER + 2):  # compiled, then straight to the program
            grad = ms.grad(namespace["made"])(ms.Tensor(X))
        np.testing.assert_allclose(grad.asnumpy(), np.full(3, i + 1.0, np.float32))
        made.append(weakref.ref(namespace["made"]))
        del namespace
    gc.collect()
    assert len(compile_tables.TABLES) <= 4  # the oldest tables (and their programs) dropped
    assert all(ref() is None for ref in made)  # no function kept alive by its transforms


def test_parameter_reads_follow_set_data_and_writes_are_committed_once():
    w = ms.Parameter(ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32)), name="w")
    calls = ms.Parameter(ms.Tensor(np.float32(0.0)), name="calls")

    @_watch
    def reads_and_writes(x):
        calls.set_data(calls + 1)
        return (w * x * x).sum()

    x = ms.Tensor(X)
    for n in range(1, EAGER + 3):
        np.testing.assert_allclose(
            ms.grad(reads_and_writes)(x).asnumpy(), 2 * np.array([1, 2, 3]) * X, rtol=1e-6
        )
        assert float(calls) == n
    w.set_data(ms.Tensor(np.array([-1.0, 0.5, 4.0], np.float32)))
    np.testing.assert_allclose(
        ms.grad(reads_and_writes)(x).asnumpy(), 2 * np.array([-1, 0.5, 4]) * X, rtol=1e-6
    )
    assert float(calls) == EAGER + 3
    # (finding the Parameters may trace twice; the compiling call runs eagerly too, from the
    # values it started with, to compare what it wrote)
    assert _runs(reads_and_writes) <= EAGER + 3


def test_train_step_without_jit_matches_eager_and_sees_optimizer_updates():
    def run(steps):
        net = nn.Dense(
            3,
            2,
            weight_init=ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3) / 10),
            bias_init="zeros",
        )
        opt = nn.SGD(net.trainable_params(), learning_rate=0.1)
        loss_fn = nn.MSELoss()
        x = ms.Tensor(np.ones((4, 3), np.float32))
        y = ms.Tensor(np.zeros((4, 2), np.float32))
        losses = []
        for _ in range(steps):
            grad_fn = ms.value_and_grad(lambda a, b: loss_fn(net(a), b), None, opt.parameters)
            loss, grads = grad_fn(x, y)
            opt(grads)
            losses.append(float(loss))
        return losses, net.weight.asnumpy()

    compiled, eager = run(3), _eager(lambda: run(3))
    np.testing.assert_allclose(compiled[0], eager[0], rtol=1e-5)
    np.testing.assert_allclose(compiled[1], eager[1], rtol=1e-5)
    assert compiled[0][0] > compiled[0][1] > compiled[0][2]


def _make_scaled(scale):
    return lambda x: (scale * x * x).sum()


def _scaled(x):
    return (SCALE * x * x).sum()


def test_changed_closure_and_global_scalars_are_seen():
    global SCALE
    x = ms.Tensor(X)
    for scale in (2.0, 3.0, 2.0):
        np.testing.assert_allclose(
            ms.grad(_make_scaled(scale))(x).asnumpy(), 2 * scale * X, rtol=1e-6
        )
    try:
        for SCALE in (2.0, 2.0, 5.0, 2.0):  # noqa: B007 - the global the function reads
            np.testing.assert_allclose(ms.grad(_scaled)(x).asnumpy(), 2 * SCALE * X, rtol=1e-6)
    finally:
        SCALE = 2.0


def test_a_scalar_changing_on_every_call_stops_compiling():
    counted = Counted(lambda x, s: (s * x).sum())
    x = ms.Tensor(X)
    for step in range(40):
        np.testing.assert_allclose(
            ms.grad(counted)(x, float(step)).asnumpy(), np.full(3, step, np.float32)
        )
    (entry,) = compile_tables.TABLES[id(counted)][1].entries.values()
    assert entry.eager and not entry.programs  # each call would compile: eager from now on


def test_tensor_control_flow_is_converted_and_compiled():
    @_watch
    def branches_on_sign(x):
        if x.sum() > 0:
            return (x * x).sum()
        return (3 * x).sum()

    grad_fn = ms.grad(branches_on_sign)
    for _ in range(EAGER + 1):
        np.testing.assert_allclose(grad_fn(ms.Tensor(X)).asnumpy(), 2 * X, rtol=1e-6)
    traced = _runs(branches_on_sign)
    for _ in range(2):
        np.testing.assert_allclose(grad_fn(ms.Tensor(-X)).asnumpy(), np.full(3, 3.0), rtol=1e-6)
    assert _runs(branches_on_sign) == traced


def test_first_call_with_tensor_control_flow_under_vmap_compiles_converted():
    def branchy(x):
        if x > 0:  # on a batched value: the eager vmap cannot branch on it
            return ms.ops.sin(x) * x
        return x**3

    x = np.array([0.7, -0.4], np.float32)
    want = np.where(x > 0, np.sin(x) * x, x**3)
    for _ in range(EAGER + 1):  # the first call too
        np.testing.assert_allclose(ms.vmap(branchy)(ms.Tensor(x)).asnumpy(), want, rtol=1e-6)
    assert auto_compile.last_call_compiled()


def test_untraceable_function_falls_back_silently_once():
    @_watch
    def positive_sum(x):
        return x[x > 0].sum()  # a data-dependent shape: cannot compile

    x = ms.Tensor(X)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for _ in range(EAGER + 1):  # the first compiled attempt fails and runs eagerly
            first = ms.grad(positive_sum)(x)
        before = _runs(positive_sum)
        second = ms.grad(positive_sum)(x)
    assert _runs(positive_sum) == before + 1  # the compiled attempt is not retried
    want = _eager(lambda: ms.grad(positive_sum)(x))
    np.testing.assert_array_equal(first.asnumpy(), want.asnumpy())
    np.testing.assert_array_equal(second.asnumpy(), np.array([1.0, 0.0, 1.0], np.float32))


def test_errors_reach_the_caller_with_their_type():
    def needs_two(x, y):
        return (x * y).sum()

    counted = Counted(needs_two)
    x, y = ms.Tensor(X), ms.Tensor(X)  # (two objects: one passed twice is one PyNative input)
    for _ in range(EAGER + 1):  # compiled from here on
        ms.grad(counted)(x, y)
    with pytest.raises(TypeError):
        ms.grad(counted)(x)
    for _ in range(EAGER + 1):
        ms.jvp(_vector, x, x)
    with pytest.raises(ValueError, match="tangent"):
        ms.jvp(_vector, x, ms.Tensor(X[:2]))
    # A failed call does not turn compilation off.
    runs = _runs(counted)
    np.testing.assert_allclose(ms.grad(counted)(x, y).asnumpy(), X)
    assert _runs(counted) == runs


def test_cell_training_flag_is_respected():
    class Scale(nn.Cell):
        def construct(self, x):
            return (x * x).sum() * (2.0 if self.training else 3.0)

    net = Scale()
    x = ms.Tensor(X)
    net.set_train(True)
    np.testing.assert_allclose(ms.grad(net)(x).asnumpy(), 4 * X, rtol=1e-6)
    net.set_train(False)
    np.testing.assert_allclose(ms.grad(net)(x).asnumpy(), 6 * X, rtol=1e-6)


def test_option_off_and_graph_mode_run_eagerly():
    counted = Counted(_cube_sum)
    x = ms.Tensor(X)
    ms.set_context(pynative_auto_compile=False)
    ms.grad(counted)(x)
    ms.grad(counted)(x)
    assert _runs(counted) == 2
    ms.set_context(pynative_auto_compile=True, mode=ms.GRAPH_MODE)
    ms.grad(counted)(x)
    assert _runs(counted) == 3
    assert ms.get_context("pynative_auto_compile") is True
    with pytest.raises(TypeError, match="pynative_auto_compile"):
        ms.set_context(pynative_auto_compile=1)


def test_inside_jit_nothing_extra_is_compiled():
    def cubed_inside_jit(x):
        return (x**3).sum()

    counted = Counted(cubed_inside_jit)
    step = ms.jit(lambda x: ms.grad(counted)(x) * 2)
    raw = jax.jit(lambda x: ms.grad(counted)(x) * 2)
    x = ms.Tensor(X)
    np.testing.assert_allclose(step(x).asnumpy(), 6 * X**2, rtol=1e-6)
    np.testing.assert_allclose(np.asarray(raw(jnp.asarray(X))), 6 * X**2, rtol=1e-6)
    step(x)
    assert _runs(counted) == 2  # one trace for each outer jit, none of its own
    assert id(cubed_inside_jit.__code__) not in compile_tables.TABLES  # no program of its own


def test_transforms_built_inline_are_reused_and_closures_are_not_held():
    import gc
    import weakref

    def build():
        return ms.vmap(ms.grad(ms.grad(_cube)))

    assert build() is build()  # the same options over the same function: one object
    assert ms.grad(_cube, grad_position=0) is not ms.value_and_grad(_cube, grad_position=0)
    with pytest.raises(TypeError):  # a value equal to a cached option is still checked
        ms.vmap(ms.grad(_cube), in_axes=0.0)
    xs = ms.Tensor(np.linspace(-1.0, 1.0, 5, dtype=np.float32))
    for _ in range(3):
        np.testing.assert_allclose(build()(xs).asnumpy(), 6 * xs.asnumpy(), rtol=1e-6)

    def closure_over(scale):
        return lambda x: (x * scale) ** 2

    f = closure_over(np.float32(3.0))
    g = ms.grad(f)
    np.testing.assert_allclose(g(ms.Tensor(1.0)).asnumpy(), 18.0)
    dead = weakref.ref(f)
    del f, g
    gc.collect()
    assert dead() is None  # nothing cached keeps a closure (and what it closes over) alive


def _cube(x):
    return x**3


def test_gradient_with_and_without_value_over_one_cell_keep_their_own_programs():
    class Scale(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.array([2.0], np.float32)), name="w")

        def construct(self, x):
            return (x * self.w).sum()

    net, x = Scale(), ms.Tensor(np.array([3.0], np.float32))
    grad_only, with_value = ms.ops.GradOperation()(net), nn.ForwardValueAndGrad(net)
    for _ in range(EAGER + 2):  # both compiled by now
        g = grad_only(x)
        value, g2 = with_value(x)
        np.testing.assert_allclose(g.asnumpy(), [2.0])
        np.testing.assert_allclose((value.asnumpy(), g2.asnumpy()[0]), (6.0, 2.0))


class _FakeOps:
    """Stands in for `counting_eager_ops`: every eager run evaluates `count` primitives."""

    count = 1000

    def __enter__(self):
        return lambda: self.count

    def __exit__(self, *exc):
        return False


@pytest.mark.parametrize("estimate, eager_calls", [(0.5, 1), (8.0, 4), (7.0, 4), (8.5, 5)])
def test_a_function_costly_to_compile_compiles_once_its_eager_time_would_pay_for_it(
    monkeypatch, estimate, eager_calls
):
    # Each eager call takes 2 s on a fake clock and evaluates 1000 primitives; compiling is
    # estimated at `estimate` s: the function runs eagerly until its eager calls took that
    # long (8 s: 4 calls), then compiles; one estimated under RENT_FROM_SECONDS (1 s)
    # compiles at its second call.
    ticks = iter(np.arange(0.0, 1000.0, 2.0))  # (each eager call reads its start and end)
    monkeypatch.setattr(auto_compile, "_clock", lambda: float(next(ticks)))
    monkeypatch.setattr(auto_compile, "counting_eager_ops", _FakeOps)
    monkeypatch.setattr(auto_compile, "RENT_FROM_SECONDS", 1.0)
    monkeypatch.setattr(auto_compile, "COMPILE_SECONDS_PER_OP", estimate / _FakeOps.count)
    want = jax.grad(_cube_sum)(X)
    counted = Counted(_cube_sum)
    compiled = []
    for _ in range(eager_calls + 2):
        grad = ms.grad(counted)(ms.Tensor(X))
        compiled.append(auto_compile.last_call_compiled())
        np.testing.assert_allclose(grad.asnumpy(), want, rtol=1e-6)
    assert compiled == [False] * eager_calls + [True, True]
    assert _runs(counted) == eager_calls + 1 + CHECK  # eager runs, one trace, its check


def test_eager_primitives_are_counted_alike_on_every_run():
    def run():
        with counting_eager_ops() as ops:
            _eager(lambda: ms.grad(_cube_sum)(ms.Tensor(X)))
        return ops()

    counts = [run() for _ in range(3)]
    assert counts[0] > 0 and len(set(counts)) == 1
    with counting_eager_ops() as outer:
        with counting_eager_ops() as inner:
            _eager(lambda: ms.grad(_cube_sum)(ms.Tensor(X)))
    assert outer() == inner() == counts[0]  # (nested blocks share one counter)
