"""PyNative programs compiled by themselves give eager code's numbers exactly: a program
whose XLA rewrites change roundings runs one primitive at a time from then on (each as eager
code runs it), or eagerly where even that differs."""

import jax
import numpy as np
import pytest

import msfunc as ms
from msfunc import ops
from msfunc.transforms import auto_compile, op_by_op
from msfunc.transforms.eager_equality import same_values

_RNG = np.random.default_rng(0)
A = ms.Tensor(_RNG.uniform(-3, 3, 4096).astype(np.float32))
B = ms.Tensor(_RNG.uniform(0.5, 3, 4096).astype(np.float32))

# each is rewritten by XLA's algebraic simplifier into ops that round differently
REWRITTEN = {
    "log_of_exp": lambda a, b: (ops.log(ops.exp(a)) * b).sum(),
    "product_of_exps": lambda a, b: (ops.exp(a) * ops.exp(b) * a).sum(),
    "constant_factors": lambda a, b: (a * 2.2 * 3.3 * b).sum(),
    "softmax": lambda a, b: (ops.softmax(a * b) * a).sum(),
}


@pytest.fixture(autouse=True)
def _pynative():
    ms.set_context(mode=ms.PYNATIVE_MODE, pynative_auto_compile=True)
    yield
    ms.set_context(pynative_auto_compile=True)


def _gradients(fn, auto):
    ms.set_context(pynative_auto_compile=auto)
    grad = ms.grad(fn, grad_position=(0, 1))
    return [grad(A, B) for _ in range(3)]


@pytest.mark.parametrize("name", sorted(REWRITTEN))
def test_compiled_gradients_equal_eager_ones_exactly(name):
    with pytest.warns(RuntimeWarning, match="pynative_exact=False"):
        compiled = _gradients(REWRITTEN[name], True)
    # the whole program differed: its trace runs op by op from then on
    assert auto_compile.last_call_compiled() and auto_compile.last_call_op_by_op()
    eager = _gradients(REWRITTEN[name], False)
    for got, want in zip(compiled, eager):
        assert same_values(got, want)


def test_new_signatures_of_a_function_run_op_by_op_and_exactly():
    def log_of_exp(a, b):  # (its own code: a table of its own)
        return (ops.log(ops.exp(a)) * b).sum()

    with pytest.warns(RuntimeWarning, match="one op at a time"):
        _gradients(log_of_exp, True)
    grad = ms.grad(log_of_exp, grad_position=(0, 1))
    half_a, half_b = A[:2048], B[:2048]
    got = [grad(half_a, half_b) for _ in range(3)]  # a new signature: no new warning
    assert auto_compile.last_call_op_by_op()
    ms.set_context(pynative_auto_compile=False)
    assert all(same_values(g, grad(half_a, half_b)) for g in got)


def test_a_function_op_by_op_cannot_run_exactly_runs_eagerly(monkeypatch):
    def nudged(schedule, flat):  # an op-by-op run that rounds otherwise than eager code
        return [np.nextafter(x, np.float32(np.inf)) for x in run(schedule, flat)]

    run = op_by_op._Schedule.__call__
    monkeypatch.setattr(op_by_op._Schedule, "__call__", nudged)

    def log_of_exp(a, b):
        return (ops.log(ops.exp(a)) * b).sum()

    with pytest.warns(RuntimeWarning, match="runs eagerly"):
        compiled = _gradients(log_of_exp, True)
    assert not auto_compile.last_call_compiled()
    for got, want in zip(compiled, _gradients(log_of_exp, False)):
        assert same_values(got, want)


def test_pynative_exact_false_keeps_the_compiled_program():
    def log_of_exp(a, b):  # (its own code: a function made eager stays so)
        return (ops.log(ops.exp(a)) * b).sum()

    ms.set_context(pynative_exact=False)
    try:
        compiled = _gradients(log_of_exp, True)
        assert auto_compile.last_call_compiled()
    finally:
        ms.set_context(pynative_exact=True)
    eager = _gradients(log_of_exp, False)
    assert not all(same_values(got, want) for got, want in zip(compiled, eager))


def test_a_program_that_rounds_as_eager_code_stays_compiled():
    def energy(a, b):
        return (ops.tanh(a) * b + a * a).sum()

    compiled = _gradients(energy, True)
    assert auto_compile.last_call_compiled()
    for got, want in zip(compiled, _gradients(energy, False)):
        assert same_values(got, want)


def test_same_values_compares_numbers_dtypes_and_leaves():
    x = np.array([0.0, np.nan, 1.0], np.float32)
    assert same_values((x, 1), (np.array([-0.0, np.nan, 1.0], np.float32), 1))
    assert not same_values(
        x, np.array([0.0, np.nan, np.nextafter(np.float32(1), np.float32(2))], np.float32)
    )
    assert not same_values((x,), (x, x))
    assert not same_values(x, x.astype(np.float64))


def test_pullbacks_of_forward_programs_run_op_by_op_equal_eager_ones():
    def rewritten(a):  # (its forward program is rewritten whole: it runs op by op)
        return ops.exp(a) * ops.exp(a * 0.3) * 2.2

    def pullbacks(auto):
        ms.set_context(pynative_auto_compile=auto)
        return [ms.vjp(rewritten, A)[1](B)[0] for _ in range(3)]

    with pytest.warns(RuntimeWarning, match="one op at a time"):
        compiled = pullbacks(True)
    assert auto_compile.last_call_op_by_op()
    for got, want in zip(compiled, pullbacks(False)):
        assert same_values(got, want)


def test_parameters_a_program_writes_are_compared_and_written_as_eager_code_writes_them():
    running = ms.Parameter(ms.Tensor(np.zeros(4096, np.float32)), name="running")

    def loss_and_statistics(a, b):  # (the write is rewritten compiled: log(exp(a)) -> a)
        ops.assign(running, ops.log(ops.exp(a)) * 0.9 + running * 0.1)
        return (a * b).sum()

    def written(auto):
        running.set_data(ms.Tensor(np.zeros(4096, np.float32)))
        ms.set_context(pynative_auto_compile=auto)
        grads = [ms.grad(loss_and_statistics)(A, B) for _ in range(3)]
        return grads, running.asnumpy().copy()

    with pytest.warns(RuntimeWarning, match="one op at a time"):
        grads, state = written(True)
    assert auto_compile.last_call_op_by_op()
    eager_grads, eager_state = written(False)
    assert same_values(grads, eager_grads) and same_values(state, eager_state)


def test_each_new_input_signature_is_checked_against_eager_code():
    def log_of_exp(a, b):  # exact at one shape's first program? checked at every shape
        return (ops.log(ops.exp(a)) * b).sum()

    grad = ms.grad(log_of_exp, grad_position=(0, 1))
    ms.set_context(pynative_exact=False)  # (the first shape's program kept unchecked)
    try:
        for _ in range(2):
            grad(A[:8], B[:8])
        assert auto_compile.last_call_compiled() and not auto_compile.last_call_op_by_op()
    finally:
        ms.set_context(pynative_exact=True)
    with pytest.warns(RuntimeWarning, match="one op at a time"):
        got = grad(A, B)  # a new signature of a compiled function: checked
    assert auto_compile.last_call_op_by_op()
    ms.set_context(pynative_auto_compile=False)
    assert same_values(got, grad(A, B))


def test_a_pullback_compiled_whole_is_kept_only_where_it_gives_the_op_by_op_numbers(monkeypatch):
    from msfunc.transforms import reverse

    def nudged(pullback, cotangent):  # a whole pullback program that rounds otherwise
        return jax.tree.map(lambda g: g * np.float32(1 + 2**-20), whole(pullback, cotangent))

    whole = reverse._apply_pullback
    monkeypatch.setattr(reverse, "_apply_pullback", nudged)
    monkeypatch.setattr(reverse, "_PULLBACK_EXACT", {})

    def forward(a):  # (its forward program rounds as eager code)
        return ops.tanh(a) * a

    def pullbacks(auto):
        ms.set_context(pynative_auto_compile=auto)
        return [ms.vjp(forward, A)[1](B)[0] for _ in range(3)]

    compiled = pullbacks(True)
    assert auto_compile.last_call_compiled() and not auto_compile.last_call_op_by_op()
    assert list(reverse._PULLBACK_EXACT.values()) == [False]  # judged once, then op by op
    for got, want in zip(compiled, pullbacks(False)):
        assert same_values(got, want)
