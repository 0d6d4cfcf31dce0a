"""nn.probability's distributions and bijectors against real MindSpore 2.10
(tests/oracle/gen_probability_golden.py, whose case functions run here with ``ms = msfunc``),
plus sample shapes/dtypes and argument checks (MindSpore's exception types)."""

import builtins

import numpy as np
import pytest
from _cell_golden import load

import msfunc as ms
import msfunc.nn.probability.bijector as msb
import msfunc.nn.probability.distribution as msd
from msfunc import nn

oracle, GOLDEN = load("gen_probability_golden")

# MindSpore 2.10 compares a Python float with a Tensor through Less in Bernoulli's mode and
# fails with TypeError; msfunc gives the mode (checked in test_bernoulli_mode).
KNOWN_MINDSPORE_BUGS = {"Bernoulli.mode"}


@pytest.mark.parametrize("name", sorted(set(oracle.CASES) - KNOWN_MINDSPORE_BUGS))
def test_matches_mindspore(name):
    want = GOLDEN[name]
    if "error" in want:
        with pytest.raises(getattr(builtins, want["error"])):
            cell, args = oracle.CASES[name](ms, nn)
            cell(*args)
        return
    cell, args = oracle.CASES[name](ms, nn)
    got = np.asarray(cell(*args))
    assert list(got.shape) == want["shape"]
    assert str(got.dtype) == want["dtype"]
    np.testing.assert_allclose(got, np.asarray(want["value"]), rtol=1e-4, atol=1e-5)


def test_bernoulli_mode():
    mode = msd.Bernoulli([0.3, 0.7]).mode()
    assert mode.dtype == ms.int32
    np.testing.assert_array_equal(np.asarray(mode), [0, 1])


SAMPLES = [
    (lambda: msd.Normal([0.0, 1.0], [1.0, 2.0]), ms.float32),
    (lambda: msd.Normal([0.0, 1.0], [1.0], dtype=ms.float16), ms.float16),
    (lambda: msd.Uniform([0.0, 1.0], [2.0, 3.0]), ms.float32),
    (lambda: msd.Exponential([1.0, 2.0]), ms.float32),
    (lambda: msd.Bernoulli([0.3, 0.6]), ms.int32),
    (lambda: msd.Geometric([0.3, 0.6], dtype=ms.float32), ms.float32),
    (lambda: msd.Poisson([1.0, 4.0]), ms.float32),
    (lambda: msd.Gamma([1.0, 2.0], [1.0]), ms.float32),
    (lambda: msd.Beta([1.0, 2.0], [2.0]), ms.float32),
    (lambda: msd.LogNormal([0.0, 1.0], [1.0]), ms.float32),
    (lambda: msd.Logistic([0.0, 1.0], [1.0]), ms.float32),
    (lambda: msd.Cauchy([0.0, 1.0], [1.0]), ms.float32),
    (lambda: msd.Gumbel([0.0, 1.0], [1.0]), ms.float32),
    (lambda: msd.Categorical([[0.2, 0.8], [0.5, 0.5]]), ms.int32),
    (lambda: msb.Exp()(msd.Normal([0.0, 1.0], [1.0])), ms.float32),
]


@pytest.mark.parametrize("index", range(len(SAMPLES)))
def test_sample_shape_and_dtype(index):
    make, dtype = SAMPLES[index]
    dist = make()
    out = dist.sample((3,))
    assert isinstance(out, ms.Tensor)
    assert out.shape == (3, 2)
    assert out.dtype == dtype
    assert dist("sample").shape == (2,)


def test_seeded_samples_repeat():
    ms.set_seed(5)
    first = np.asarray(msd.Normal(0.0, 1.0).sample((4,)))
    ms.set_seed(5)
    np.testing.assert_array_equal(np.asarray(msd.Normal(0.0, 1.0).sample((4,))), first)


def test_sample_overrides_and_bounds():
    out = np.asarray(msd.Uniform().sample((50,), ms.Tensor([2.0]), ms.Tensor([3.0])))
    assert out.shape == (50, 1) and (out >= 2.0).all() and (out <= 3.0).all()


BAD = [
    (lambda: msd.Normal([[2.0], [1.0]], [[2.0], [3.0], [4.0]]), ValueError),
    (lambda: msd.Normal(0.0, 1.0, dtype=ms.int32), TypeError),
    (lambda: msd.Normal(0.0, 1.0, name=1.0), TypeError),
    (lambda: msd.Normal(0.0, 1.0, seed="seed"), TypeError),
    (lambda: msd.Normal(0.0, 0.0), ValueError),
    (lambda: msd.Uniform(1.0, 0.0), ValueError),
    (lambda: msd.Bernoulli([1.0]), ValueError),
    (lambda: msd.Bernoulli([0.5], dtype=ms.bool_), TypeError),
    (lambda: msd.Categorical([0.5, 0.6]), ValueError),
    (lambda: msd.Gamma(3.0, [4.0]), TypeError),
    (lambda: msd.Normal()("prob", ms.Tensor([1.0])), TypeError),
    (lambda: msd.Normal(0.0, 1.0).prob([1.0]), TypeError),
    (
        lambda: msd.Normal(0.0, 1.0).kl_loss("Uniform", ms.Tensor([0.0]), ms.Tensor([1.0])),
        ValueError,
    ),
    (lambda: msd.Normal(0.0, 1.0).sample(3), TypeError),
    (lambda: msb.ScalarAffine(scale="scale"), TypeError),
    (lambda: msb.GumbelCDF(scale=0.0), ValueError),
    (lambda: msb.Invert(0.1), TypeError),
    (lambda: msb.Exp().forward(ms.Tensor([1], ms.int32)), TypeError),
    (lambda: msb.Exp().forward(1.0), TypeError),
]


@pytest.mark.parametrize("index", range(len(BAD)))
def test_bad_arguments(index):
    call, error = BAD[index]
    with pytest.raises(error):
        call()


def test_base_distribution_methods_are_not_implemented():
    class Bare(msd.Distribution):
        def __init__(self):
            super().__init__(None, ms.float32, "Bare", {"param_dict": {"rate": None}})

    for method in ("prob", "cdf", "mean", "sd", "entropy", "kl_loss", "cross_entropy", "sample"):
        with pytest.raises(NotImplementedError):
            Bare()(method, ms.Tensor([0.2]))


def test_bijector_keeps_value_dtype():
    out = msb.ScalarAffine(2.0, 1.0).forward(ms.Tensor([1.0], ms.float16))
    assert out.dtype == ms.float16
    np.testing.assert_allclose(np.asarray(out), [3.0])
