"""Optimizer behaviour: documented rules where MindSpore's CPU kernels are missing or deviate
(numpy references), atomic gradient checks, learning-rate API and the learning-rate helpers'
argument checks, jit; the Adam variants (lazy, offload) and the optimizers' argument checks
(MindSpore's exception types)."""

import math

import numpy as np
import pytest

import msfunc as ms
from msfunc import nn
from msfunc.nn import dynamic_lr

W = np.array([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]], np.float32)
B = np.array([0.1, -0.2, 0.3], np.float32)
GRADS = [
    (
        np.array([[0.3, -0.6, 0.9], [-1.2, 0.1, 0.45]], np.float32) * (k + 1) * (-1) ** k,
        np.array([0.2, -0.1, 0.05], np.float32) * (k + 1),
    )
    for k in range(5)
]


def _params():
    return [
        ms.Parameter(ms.Tensor(W), name="fc.weight"),
        ms.Parameter(ms.Tensor(B), name="fc.bias"),
    ]


def _run(opt, params):
    for g in GRADS:
        opt(tuple(ms.Tensor(x) for x in g))
    return [p.asnumpy() for p in params]


def test_momentum_nesterov_documented_rule(monkeypatch):
    # MindSpore's GPU kernel applies Nesterov; on CPU, as MindSpore's CPU kernel, it does not
    # (that case is checked against MindSpore in test_optim_golden.py).
    import msfunc.context

    monkeypatch.setattr(msfunc.context, "running_device_target", lambda: "GPU")
    params = _params()
    got = _run(nn.Momentum(params, 0.1, 0.9, use_nesterov=True), params)
    ws, vs = [W.copy(), B.copy()], [np.zeros_like(W), np.zeros_like(B)]
    for g in GRADS:
        for i in range(2):
            vs[i] = 0.9 * vs[i] + g[i]
            ws[i] = ws[i] - (0.1 * g[i] + 0.1 * 0.9 * vs[i])
    for a, b in zip(got, ws):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)


def test_ftrl_documented_rule():
    params = _params()
    got = _run(nn.FTRL(params, learning_rate=0.1, l1=0.01, l2=0.02), params)
    ws = [W.astype(np.float64), B.astype(np.float64)]
    acc = [np.full_like(w, 0.1) for w in ws]
    lin = [np.zeros_like(w) for w in ws]
    for g in GRADS:
        for i in range(2):
            an = acc[i] + g[i] ** 2
            lin[i] = lin[i] + g[i] - (np.sqrt(an) - np.sqrt(acc[i])) / 0.1 * ws[i]
            quad = np.sqrt(an) / 0.1 + 0.04
            ws[i] = np.where(np.abs(lin[i]) > 0.01, (np.sign(lin[i]) * 0.01 - lin[i]) / quad, 0)
            acc[i] = an
    for a, b in zip(got, ws):
        np.testing.assert_allclose(a, b, rtol=1e-4, atol=1e-6)


def test_lamb_documented_rule():
    """MindSpore 2.10 has no CPU Lamb kernel: checked against its documented formula."""
    params = _params()
    got = _run(nn.Lamb(params, learning_rate=0.01, weight_decay=0.1), params)
    ws = [W.astype(np.float64), B.astype(np.float64)]
    m = [np.zeros_like(w) for w in ws]
    v = [np.zeros_like(w) for w in ws]
    for t, g in enumerate(GRADS, 1):
        for i in range(2):
            m[i] = 0.9 * m[i] + 0.1 * g[i]
            v[i] = 0.999 * v[i] + 0.001 * g[i] ** 2
            upd = (m[i] / (1 - 0.9**t)) / (np.sqrt(v[i] / (1 - 0.999**t)) + 1e-6) + 0.1 * ws[i]
            ratio = np.clip(np.linalg.norm(ws[i]) / np.linalg.norm(upd), 0, 10)
            ws[i] = ws[i] - 0.01 * ratio * upd
    for a, b in zip(got, ws):
        np.testing.assert_allclose(a, b, rtol=1e-4, atol=1e-6)


def test_lars_documented_rule():
    """MindSpore 2.10 has no CPU LARSUpdate kernel: checked against its documented formula."""
    params = _params()
    opt = nn.LARS(nn.Momentum(params, 0.1, 0.9, weight_decay=0.01), coefficient=0.01)
    got = _run(opt, params)
    ws = [W.astype(np.float64), B.astype(np.float64)]
    vs = [np.zeros_like(w) for w in ws]
    for g in GRADS:
        for i, name in enumerate(("fc.weight", "fc.bias")):
            gi = g[i].astype(np.float64)
            if "bias" not in name:
                wn, gn = np.linalg.norm(ws[i]), np.linalg.norm(gi)
                trust = 0.01 * wn / (gn + 0.01 * wn + 1e-5)
                gi = trust * (gi + 0.01 * ws[i])
            vs[i] = 0.9 * vs[i] + gi
            ws[i] = ws[i] - 0.1 * vs[i]
    for a, b in zip(got, ws):
        np.testing.assert_allclose(a, b, rtol=1e-4, atol=1e-6)
    assert [n for n, _ in opt.parameters_and_names()][:3] == [
        "global_step",
        "learning_rate",
        "fake_param",
    ]


@pytest.mark.parametrize("compiled", [False, True])
def test_bad_gradients_raise_before_any_update(compiled):
    params = _params()
    opt = nn.Adam(params, 0.1)
    before = {n: p.asnumpy().copy() for n, p in opt.parameters_and_names()}
    step = ms.jit(lambda gs: opt(gs)) if compiled else opt
    good_w = ms.Tensor(GRADS[0][0])
    cases = [
        ((good_w,), ValueError, "got 1 gradients for 2"),
        ((good_w, ms.Tensor(np.ones(4, np.float32))), ValueError, "'fc.bias' has shape"),
        ((good_w, ms.Tensor(np.ones(3, np.int32))), TypeError, "'fc.bias' has dtype"),
        # one Tensor for a tuple: a TypeError, and the RuntimeError MindSpore raises
        (good_w, TypeError, "must be a tuple"),
        (good_w, RuntimeError, "must be a tuple"),
    ]
    for grads, err, msg in cases:
        with pytest.raises(err, match=msg):
            step(grads)
    for n, p in opt.parameters_and_names():
        np.testing.assert_array_equal(p.asnumpy(), before[n], err_msg=n)


def test_learning_rate_api_and_groups():
    params = _params()
    groups = [{"params": [params[0]], "lr": 0.2}, {"params": [params[1]]}]
    opt = nn.SGD(groups, learning_rate=0.1)
    assert [p.name for p in opt.learning_rate] == ["learning_rate_group_0", "learning_rate"]
    assert opt.get_lr_parameter(params[0]).name == "learning_rate_group_0"
    assert [round(float(x), 3) for x in opt.get_lr()] == [0.2, 0.1]
    opt(tuple(ms.Tensor(np.ones_like(x)) for x in (W, B)))
    np.testing.assert_allclose(params[0].asnumpy(), W - 0.2, rtol=1e-6)
    np.testing.assert_allclose(params[1].asnumpy(), B - 0.1, rtol=1e-6)
    with pytest.raises(ValueError, match="not updated by this optimizer"):
        opt.get_lr_parameter(ms.Parameter(ms.Tensor([1.0]), name="other"))
    with pytest.raises(KeyError, match="group keys"):
        nn.SGD([{"params": params, "momentum": 0.1}])
    listed = nn.Momentum(_params(), ms.Tensor(np.array([0.3, 0.2], np.float32)), 0.9)
    assert round(float(listed.get_lr()), 3) == 0.3
    listed(tuple(ms.Tensor(np.ones_like(x)) for x in (W, B)))
    assert round(float(listed.get_lr()), 3) == 0.2
    # a generator of rates is a dynamic rate too (MindSpore 2.10: dynamic_lr, first 0.3)
    generated = nn.Momentum(_params(), (r for r in (0.3, 0.2)), 0.9)
    assert generated.dynamic_lr and round(float(generated.get_lr()), 3) == 0.3


def test_jit_step_equals_eager_with_schedule():
    eager_p, jit_p = _params(), _params()
    eager = nn.Adam(eager_p, nn.CosineDecayLR(0.001, 0.01, 4), use_amsgrad=True)
    compiled = nn.Adam(jit_p, nn.CosineDecayLR(0.001, 0.01, 4), use_amsgrad=True)
    step = ms.jit(lambda g0, g1: compiled((g0, g1)))
    for g in GRADS:
        eager(tuple(ms.Tensor(x) for x in g))
        step(ms.Tensor(g[0]), ms.Tensor(g[1]))
    for (n, a), (_, b) in zip(eager.parameters_and_names(), compiled.parameters_and_names()):
        np.testing.assert_allclose(a.asnumpy(), b.asnumpy(), rtol=1e-5, err_msg=n)


def test_transformation_composes_with_optax():
    import jax.numpy as jnp
    import optax

    tx = optax.chain(optax.clip_by_global_norm(1.0), nn.optim.ms_momentum(0.9))
    params = (jnp.ones(3),)
    state = tx.init(params)
    updates, state = tx.update((jnp.full(3, 10.0),), state, params, learning_rate=(0.1,))
    np.testing.assert_allclose(updates[0], -0.1 * 10 / np.sqrt(300), rtol=1e-5)


@pytest.mark.parametrize("momentum", [0.0, 0.9])
def test_compiled_step_takes_only_the_state_the_update_reads(momentum):
    w = ms.Parameter(ms.Tensor(np.ones(3, np.float32)), name="w")
    opt = nn.SGD([w], learning_rate=0.1, momentum=momentum)
    step = ms.jit(lambda g: opt((g,)))
    for _ in range(2):
        step(ms.Tensor(np.full(3, 2.0, np.float32)))
    lifted = {p.name for p in step._params}
    # plain SGD never reads its accumulators, so they are not inputs of the program
    assert ("accum.w" in lifted) == (momentum > 0) and ("stat.w" in lifted) == (momentum > 0)
    # MindSpore's SGD: the first step seeds the accumulator with the gradient
    want = 1 - 0.1 * 2 - 0.1 * (2 + momentum * 2)
    np.testing.assert_allclose(w.asnumpy(), np.full(3, want, np.float32), rtol=1e-6)
    assert int(opt.global_step.asnumpy()[0]) == 2


LR_BAD = [
    (lambda: dynamic_lr.piecewise_constant_lr([1.0, 2.0, True], [0.1, 0.2, 0.3]), TypeError),
    (lambda: dynamic_lr.piecewise_constant_lr([10, 20, 30], [1, 2, 1]), TypeError),
    (lambda: dynamic_lr.piecewise_constant_lr([20, 10, 30], [0.1, 0.2, 0.3]), ValueError),
    (lambda: dynamic_lr.exponential_decay_lr(True, 0.9, 30, 3, 2), TypeError),
    (lambda: dynamic_lr.exponential_decay_lr(0.1, "a", 30, 3, 2), TypeError),
    (lambda: dynamic_lr.exponential_decay_lr(0.1, 0.9, 2.0, 3, 2), TypeError),
    (lambda: dynamic_lr.exponential_decay_lr(0.1, 0.9, 30, True, 2), TypeError),
    (lambda: dynamic_lr.exponential_decay_lr(0.1, 0.9, 30, 3, 2, 1), TypeError),
    (lambda: dynamic_lr.exponential_decay_lr(-1.0, 0.9, 30, 3, 2), ValueError),
    (lambda: dynamic_lr.exponential_decay_lr(math.inf, 0.9, 30, 3, 2), ValueError),
    (lambda: dynamic_lr.cosine_decay_lr(0.2, 0.1, 30, 3, 2), ValueError),
    (lambda: dynamic_lr.polynomial_decay_lr(0.1, 0.01, 30, 3, 2, True), TypeError),
    (lambda: dynamic_lr.polynomial_decay_lr(0.1, 0.01, 30, 3, 2, 0.5, 1), TypeError),
    (lambda: nn.ExponentialDecayLR(0.1, 0.9, 4, 1), TypeError),
    (lambda: nn.ExponentialDecayLR(0.1, 0.9, 4.0), TypeError),
    (lambda: nn.PolynomialDecayLR(0.1, 0.0, 4, 0.0), ValueError),
    (lambda: nn.CosineDecayLR(0, 0.1, 4), TypeError),
    (lambda: nn.WarmUpLR(0.1, 0), ValueError),
]


@pytest.mark.parametrize("make, error", LR_BAD)
def test_learning_rate_arguments_are_checked(make, error):
    with pytest.raises(error):
        make()


def test_learning_rate_zero_where_mindspore_allows_it():
    assert dynamic_lr.cosine_decay_lr(0.0, 0.1, 3, 1, 2)[0] == pytest.approx(0.1)
    assert dynamic_lr.piecewise_constant_lr([1, 1, 2], [0.1, 0.2, 0.3]) == [0.1, 0.3]
    assert float(nn.WarmUpLR(0.0, 4)(ms.Tensor(2))) == 0.0


def test_adam_lazy_and_offload_update_as_adam():
    """Dense gradients: lazy Adam and offloaded Adam compute Adam's numbers."""
    results = []
    for kwargs in ({}, {"use_lazy": True}, {"use_offload": True}):
        ps = _params()
        opt = nn.Adam(ps, learning_rate=0.1, **kwargs)
        for g in GRADS[:2]:
            opt(tuple(ms.Tensor(x) for x in g))
        results.append([p.asnumpy() for p in ps])
    offload = _params()
    opt = nn.AdamOffload(offload, learning_rate=0.1)
    for g in GRADS[:2]:
        opt(tuple(ms.Tensor(x) for x in g))
    results.append([p.asnumpy() for p in offload])
    for a, b in zip(results[0], results[1]):
        np.testing.assert_array_equal(a, b)
    # the offload kernel orders its multiply-adds differently: the same numbers to rounding
    for other in results[2:]:
        for a, b in zip(results[0], other):
            np.testing.assert_allclose(a, b, rtol=1e-6, atol=1e-7)


@pytest.mark.parametrize(
    "kwargs, error",
    [
        (dict(use_lazy=True, use_offload=True), ValueError),
        (dict(use_lazy=True, use_amsgrad=True), ValueError),
        (dict(use_offload=True, use_amsgrad=True), ValueError),
        (dict(use_lazy=1), TypeError),
        (dict(use_fast=True), KeyError),
    ],
)
def test_adam_variant_checks(kwargs, error):
    with pytest.raises(error):
        nn.Adam(_params(), **kwargs)


class _Iterable:
    """Not a list: an object whose __iter__ yields Parameters."""

    def __init__(self, params):
        self.params = params

    def __iter__(self):
        return iter(self.params)


@pytest.mark.parametrize(
    "make", [list, tuple, iter, _Iterable, ms.ParameterTuple, lambda ps: (p for p in ps)]
)
def test_params_any_iterable_of_parameters(make):
    ps = _params()
    opt = nn.SGD(make(ps), learning_rate=0.5)
    assert [p.name for p in opt.parameters] == [p.name for p in ps]


@pytest.mark.parametrize(
    "params, error",
    [
        (None, ValueError),
        ([], ValueError),
        (iter([]), ValueError),
        (9, TypeError),
        ((1, 2, 3), TypeError),
        ("abc", TypeError),
        (ms.Parameter(ms.Tensor([1.0]), name="x"), TypeError),  # one Parameter, not a list
    ],
)
def test_params_rejected(params, error):
    with pytest.raises(error):
        nn.SGD(params)


def test_base_optimizer_has_no_update():
    opt = nn.Optimizer(0.1, _params())
    assert opt.learning_rate.asnumpy() == np.float32(0.1)
    with pytest.raises(NotImplementedError):
        opt.construct()


class _Decay(nn.Cell):
    def construct(self, step):
        return ms.Tensor(0.1, ms.float32)


@pytest.mark.parametrize(
    "build, error",
    [
        (lambda ps: nn.ASGD(ps, lambd=1), TypeError),
        (lambda ps: nn.ASGD(ps, alpha=1), TypeError),
        (lambda ps: nn.ASGD(ps, t0=1), TypeError),
        (lambda ps: nn.RMSProp(ps, momentum=1), TypeError),
        (lambda ps: nn.RMSProp(ps, epsilon=1), TypeError),
        (lambda ps: nn.RMSProp(ps, momentum=-0.1), ValueError),
        (lambda ps: nn.RMSProp(ps, centered=1), TypeError),
        (lambda ps: nn.Rprop(ps, etas=[0.5, 1.2]), TypeError),
        (lambda ps: nn.Rprop(ps, step_sizes=[1e-6, 50.0]), TypeError),
        (lambda ps: nn.Rprop(ps, etas=(0.5, 2)), TypeError),
        (lambda ps: nn.Rprop(ps, etas=(0.5, 1.2, 1.3)), ValueError),
        (lambda ps: nn.SGD(ps, weight_decay=_Decay()), TypeError),
        (
            lambda ps: nn.SGD([{"params": ps[:1], "weight_decay": _Decay()}, {"params": ps[1:]}]),
            TypeError,
        ),
    ],
)
def test_argument_types(build, error):
    with pytest.raises(error):
        build(_params())


def test_lazy_adam_moves_only_the_rows_of_a_sparse_gradient():
    """Against LazyAdam written in numpy: repeated rows are summed, other rows and their
    moments stay, the L2 term is added to the named rows only."""
    w0 = np.arange(12, dtype=np.float32).reshape(4, 3) / 7 - 0.5
    steps = [
        ([0, 2, 0], np.array([[0.5, -1.0, 2.0], [1.0, 1.0, -3.0], [0.25, 0.0, 1.0]], np.float32)),
        ([3], np.array([[2.0, -0.5, 0.1]], np.float32)),
    ]
    w = ms.Parameter(ms.Tensor(w0), name="table")
    opt = nn.Adam([w], learning_rate=0.1, weight_decay=0.01, use_lazy=True)
    p, m, v = w0.astype(np.float64), np.zeros((4, 3)), np.zeros((4, 3))
    b1, b2, eps = 0.9, 0.999, 1e-8
    for t, (rows, values) in enumerate(steps, start=1):
        opt((ms.RowTensor(ms.Tensor(np.array(rows, np.int32)), ms.Tensor(values), (4, 3)),))
        g = np.zeros((4, 3))
        np.add.at(g, rows, values)
        named = sorted(set(rows))
        g[named] += 0.01 * p[named]
        # MindSpore's kernel takes 1 - beta in float32 (1 - 0.999f is 0.00099998...)
        m[named] = b1 * m[named] + float(1 - np.float32(b1)) * g[named]
        v[named] = b2 * v[named] + float(1 - np.float32(b2)) * g[named] ** 2
        lr_t = 0.1 * np.sqrt(1 - b2**t) / (1 - b1**t)
        p[named] -= lr_t * m[named] / (np.sqrt(v[named]) + eps)
        np.testing.assert_allclose(w.asnumpy(), p, rtol=1e-5, atol=1e-7)
        np.testing.assert_allclose(opt.moment1[0].asnumpy(), m, rtol=1e-5, atol=1e-8)
        np.testing.assert_allclose(opt.moment2[0].asnumpy(), v, rtol=1e-5, atol=1e-10)
