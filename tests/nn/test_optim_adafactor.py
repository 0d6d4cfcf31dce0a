"""AdaFactor against real MindSpore 2.10 (tests/oracle/gen_adafactor_golden.py): its updates,
group learning rates, float16 Parameters, jit, and its argument checks."""

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
