"""AdaFactor against real MindSpore 2.10 (tests/oracle/gen_adafactor_golden.py), the Adam
variants, and the optimizers' argument checks (MindSpore's exception types)."""

import os

import numpy as np
import pytest
from _paths import TESTS

import msfunc as ms
from msfunc import nn

GOLDEN = np.load(os.path.join(str(TESTS), "golden", "adafactor.npz"))
STEPS = 4

ADAFACTOR_CONFIGS = {
    "default": dict(),
    "manual_lr_no_moment": dict(
        learning_rate=0.05, relative_step=False, scale_parameter=False, beta1=0.0, weight_decay=0.1
    ),
    "manual_lr_scaled": dict(
        learning_rate=0.1,
        relative_step=False,
        scale_parameter=True,
        weight_decay=0.2,
        eps=(1e-20, 1e-2),
        clip_threshold=0.5,
        beta1=0.5,
    ),
    "warmup_compressed": dict(warmup_init=True, decay_rate=0.5, beta1=0.8, compression=True),
    "groups_list_lr": dict(
        learning_rate=[0.1, 0.05, 0.02, 0.01], relative_step=False, scale_parameter=False
    ),
}


def _params():
    return [
        ms.Parameter(ms.Tensor(GOLDEN["inputs/w0"]), name="fc.weight"),
        ms.Parameter(ms.Tensor(GOLDEN["inputs/b0"]), name="fc.bias"),
        ms.Parameter(ms.Tensor(GOLDEN["inputs/k0"]), name="conv.weight"),
    ]


def _grads(k):
    return tuple(ms.Tensor(GOLDEN[f"inputs/grad{k}_{i}"]) for i in range(3))


@pytest.mark.parametrize("case", list(ADAFACTOR_CONFIGS))
def test_adafactor_matches_mindspore(case):
    ps = _params()
    kwargs = dict(ADAFACTOR_CONFIGS[case])
    params = [{"params": [ps[0]]}, {"params": ps[1:]}] if case == "groups_list_lr" else ps
    opt = nn.AdaFactor(params, **kwargs)
    names = [n for n, _ in opt.parameters_and_names()]
    golden_names = GOLDEN[f"{case}/names"].tolist()
    # MindSpore holds one unnamed placeholder where msfunc keeps no first moment at all.
    assert names == [n for n in golden_names if not n.startswith("Parameter$")]
    for k in range(STEPS):
        opt(_grads(k))
        for name, p in opt.parameters_and_names():
            want = GOLDEN[f"{case}/{k}/{name}"]
            assert p.shape == want.shape and p.asnumpy().dtype == want.dtype, (case, k, name)
            np.testing.assert_allclose(
                p.asnumpy(), want, rtol=2e-5, atol=1e-7, err_msg=f"{case} step {k} {name}"
            )


def test_adafactor_group_learning_rates_follow_the_plain_update():
    """Groups with their own "lr" (MindSpore 2.10 fails at run time there): each Parameter
    moves exactly as under an AdaFactor of its own with that rate."""
    grouped = _params()
    opt = nn.AdaFactor(
        [{"params": [grouped[0]], "lr": 0.2}, {"params": grouped[1:]}],
        learning_rate=0.05,
        relative_step=False,
        beta1=0.5,
    )
    alone = _params()
    singles = [
        nn.AdaFactor([alone[0]], learning_rate=0.2, relative_step=False, beta1=0.5),
        nn.AdaFactor(alone[1:], learning_rate=0.05, relative_step=False, beta1=0.5),
    ]
    for k in range(2):
        g = _grads(k)
        opt(g)
        singles[0]((g[0],))
        singles[1](g[1:])
    for a, b in zip(grouped, alone):
        np.testing.assert_allclose(a.asnumpy(), b.asnumpy(), rtol=1e-6)


def test_adafactor_float16_parameters_update_in_float32():
    w16 = ms.Parameter(ms.Tensor(GOLDEN["inputs/w0"].astype(np.float16)), name="w")
    w32 = ms.Parameter(
        ms.Tensor(GOLDEN["inputs/w0"].astype(np.float16).astype(np.float32)), name="w"
    )
    g = GOLDEN["inputs/grad0_0"].astype(np.float16)
    nn.AdaFactor([w16])((ms.Tensor(g),))
    nn.AdaFactor([w32])((ms.Tensor(g.astype(np.float32)),))
    assert w16.dtype == np.float16
    np.testing.assert_allclose(w16.asnumpy(), w32.asnumpy().astype(np.float16), rtol=1e-3)


def test_adafactor_trains_under_jit():
    w = ms.Parameter(ms.Tensor(GOLDEN["inputs/w0"]), name="w")
    eager = ms.Parameter(ms.Tensor(GOLDEN["inputs/w0"]), name="w")
    opt, opt_eager = nn.AdaFactor([w]), nn.AdaFactor([eager])
    step = ms.jit(lambda g: opt((g,)))
    for k in range(2):
        step(_grads(k)[0])
        opt_eager((_grads(k)[0],))
    np.testing.assert_allclose(w.asnumpy(), eager.asnumpy(), rtol=1e-6)


@pytest.mark.parametrize(
    "kwargs, error",
    [
        (dict(learning_rate=0.1), ValueError),  # needs relative_step=False
        (dict(relative_step=False), ValueError),  # needs a learning rate
        (dict(warmup_init=True, relative_step=False, learning_rate=0.1), ValueError),
        (dict(eps=[1e-30]), ValueError),
        (dict(eps=(1e-30, 1)), TypeError),
        (dict(clip_threshold=1), TypeError),
        (dict(decay_rate=1.0), ValueError),
        (dict(weight_decay=1.0), ValueError),
        (dict(scale_parameter=1), TypeError),
        (dict(beta1=-0.1), ValueError),
    ],
)
def test_adafactor_argument_checks(kwargs, error):
    with pytest.raises(error):
        nn.AdaFactor(_params(), **kwargs)


def test_adam_lazy_and_offload_update_as_adam():
    """Dense gradients: lazy Adam and offloaded Adam compute Adam's numbers."""
    results = []
    for kwargs in ({}, {"use_lazy": True}, {"use_offload": True}):
        ps = _params()
        opt = nn.Adam(ps, learning_rate=0.1, **kwargs)
        for k in range(2):
            opt(_grads(k))
        results.append([p.asnumpy() for p in ps])
    offload = _params()
    opt = nn.AdamOffload(offload, learning_rate=0.1)
    for k in range(2):
        opt(_grads(k))
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
