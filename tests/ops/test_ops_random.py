"""Random ops: determinism under msfunc.set_seed, moments, shapes, dtypes,
jax.vmap with explicit keys-free args, and errors."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import msfunc
from msfunc.ops import func_activation as A
from msfunc.ops import func_candidate_sampling as CS
from msfunc.ops import func_nn as F
from msfunc.ops import func_random as R
from msfunc.ops import func_sampling as S
from msfunc.ops import func_softmax as SM

N = 20000

SAMPLERS = {
    "rand": lambda: R.rand(N),
    "randn": lambda: R.randn(N),
    "rand_like": lambda: R.rand_like(jnp.zeros(N)),
    "randn_like": lambda: R.randn_like(jnp.zeros(N)),
    "randint": lambda: R.randint(0, 10, (N,)),
    "randint_like": lambda: R.randint_like(jnp.zeros(N, jnp.int32), 0, 10),
    "normal": lambda: R.normal((N,), 1.0, 2.0),
    "uniform": lambda: R.uniform((N,), jnp.array(-1.0), jnp.array(3.0)),
    "standard_normal": lambda: R.standard_normal((N,)),
    "standard_laplace": lambda: R.standard_laplace((N,)),
    "laplace": lambda: R.laplace((N,), 1.0, 0.5),
    "bernoulli": lambda: S.bernoulli(jnp.zeros(N), 0.3),
    "gamma": lambda: S.gamma((N,), jnp.array(2.0), jnp.array(4.0)),
    "random_poisson": lambda: S.random_poisson((N,), jnp.array([4.0]))[:, 0],
    "multinomial": lambda: S.multinomial(jnp.array([1.0, 3.0]), N),
    "random_categorical": lambda: S.random_categorical(jnp.log(jnp.array([[1.0, 3.0]])), N)[0],
}

# (mean, variance) of each distribution above
MOMENTS = {
    "rand": (0.5, 1 / 12),
    "randn": (0.0, 1.0),
    "rand_like": (0.5, 1 / 12),
    "randn_like": (0.0, 1.0),
    "randint": (4.5, 99 / 12),
    "randint_like": (4.5, 99 / 12),
    "normal": (1.0, 4.0),
    "uniform": (1.0, 16 / 12),
    "standard_normal": (0.0, 1.0),
    "standard_laplace": (0.0, 2.0),
    "laplace": (1.0, 0.5),
    "bernoulli": (0.3, 0.21),
    "gamma": (0.5, 0.125),
    "random_poisson": (4.0, 4.0),
    "multinomial": (0.75, 0.1875),
    "random_categorical": (0.75, 0.1875),
}


@pytest.mark.parametrize("name", sorted(SAMPLERS))
def test_moments(name):
    msfunc.set_seed(3)
    x = np.asarray(SAMPLERS[name](), np.float64)
    mean, var = MOMENTS[name]
    assert x.shape == (N,)
    tol = 5 * np.sqrt(var / N)
    assert abs(x.mean() - mean) < tol, (x.mean(), mean)
    assert abs(x.var() - var) < 0.1 * var, (x.var(), var)


@pytest.mark.parametrize("name", ["rand", "randn", "randint", "bernoulli", "multinomial"])
def test_set_seed_determinism_and_stream_advances(name):
    msfunc.set_seed(11)
    a, b = np.asarray(SAMPLERS[name]()), np.asarray(SAMPLERS[name]())
    msfunc.set_seed(11)
    a2 = np.asarray(SAMPLERS[name]())
    np.testing.assert_array_equal(a, a2)
    assert not np.array_equal(a, b)


def test_shapes_and_dtypes():
    assert R.rand(2, 3).shape == (2, 3) and R.rand((2, 3)).dtype == jnp.float32
    assert R.randn(4, dtype=msfunc.common.dtype.float16).dtype == jnp.float16
    assert R.randint(0, 5, (3,)).dtype == msfunc.common.promotion.INDEX  # MindSpore: int64
    assert R.normal((3, 1), jnp.zeros(4), 1.0).shape == (3, 4)
    assert sorted(np.asarray(S.randperm(6)).tolist()) == list(range(6))
    assert sorted(np.asarray(S.shuffle(jnp.arange(5))).tolist()) == list(range(5))
    assert R.uniform((4,), 0, 5, dtype=msfunc.common.dtype.int32).dtype == jnp.int32


def test_randperm_takes_its_count_as_a_tensor():
    # MindSpore 2.10: ops.randperm(Tensor([5]), seed=3) and ops.randperm(5, seed=3) both
    # give [3, 4, 0, 2, 1]
    for n in (5, jnp.array([5]), jnp.array(5)):
        assert np.asarray(S.randperm(n, seed=3)).tolist() == [3, 4, 0, 2, 1]
    with pytest.raises(TypeError, match="`n`"):
        S.randperm(jnp.array([5, 6]))


def test_multinomial_without_replacement_is_distinct():
    msfunc.set_seed(0)
    s = np.asarray(S.multinomial(jnp.ones((3, 6)), 6, replacement=False))
    for row in s:
        assert sorted(row.tolist()) == list(range(6))
    with pytest.raises(ValueError, match="num_samples"):
        S.multinomial(jnp.ones(3), 4, replacement=False)


def test_choice_with_mask_picks_true_entries():
    msfunc.set_seed(0)
    x = jnp.array([[True, False, True], [False, True, False]])
    idx, mask = S.choice_with_mask(x, count=5)
    assert idx.shape == (5, 2) and mask.tolist() == [True, True, True, False, False]
    picked = {tuple(r) for r in np.asarray(idx)[np.asarray(mask)].tolist()}
    assert picked == {(0, 0), (0, 2), (1, 1)}


def test_candidate_samplers():
    msfunc.set_seed(0)
    s, te, se = CS.log_uniform_candidate_sampler(jnp.array([[1], [3]]), 1, 4, True, 10)
    assert len(set(np.asarray(s).tolist())) == 4 and te.shape == (2, 1) and se.shape == (4,)
    p = (np.log(3) - np.log(2)) / np.log(11)
    _, te, _ = CS.log_uniform_candidate_sampler(jnp.array([[1], [3]]), 1, 4, False, 10)
    np.testing.assert_allclose(te[0, 0], 4 * p, rtol=1e-5)  # no draw rejected: p * num_sampled
    s, te, se = CS.uniform_candidate_sampler(jnp.array([[1]]), 1, 3, False, 5)
    np.testing.assert_allclose(se, 3 / 5 * np.ones(3), rtol=1e-6)


def test_dropout_scales_and_respects_training():
    msfunc.set_seed(0)
    x = jnp.ones((200, 100))
    y = np.asarray(F.dropout(x, 0.25))
    assert np.all(np.isclose(y, 0.0) | np.isclose(y, 1 / 0.75))
    assert abs((y == 0).mean() - 0.25) < 0.02
    np.testing.assert_array_equal(F.dropout(x, 0.25, training=False), x)
    z = np.asarray(F.dropout2d(jnp.ones((50, 40, 3, 3)), 0.5))
    assert np.all(z.reshape(50, 40, 9).std(-1) == 0)  # whole channels dropped


def test_random_ops_under_vmap_with_explicit_args():
    msfunc.set_seed(1)
    out = jax.vmap(lambda m: R.normal((3,), m, 1.0))(jnp.arange(4.0))
    assert out.shape == (4, 3)
    assert np.all(np.abs(np.asarray(out).mean(1) - np.arange(4.0)) < 4)


def test_random_ops_under_msfunc_jit_if_available():
    jit = getattr(msfunc, "jit", None)
    if jit is None:
        pytest.skip("msfunc.jit not available yet")
    f = jit(lambda: R.randn(3))
    msfunc.set_seed(5)
    a, b = np.asarray(f()), np.asarray(f())
    assert not np.array_equal(a, b)  # the carried key advances between calls
    msfunc.set_seed(5)
    np.testing.assert_array_equal(np.asarray(f()), a)


def test_gumbel_softmax_and_rrelu():
    msfunc.set_seed(0)
    y = np.asarray(SM.gumbel_softmax(jnp.zeros((4, 5)), hard=True))
    assert np.all(y.sum(-1) == 1) and set(np.unique(y).tolist()) <= {0.0, 1.0}
    r = np.asarray(A.rrelu(-jnp.ones(1000)))
    assert np.all((r <= -1 / 8) & (r >= -1 / 3))


@pytest.mark.parametrize(
    "call,exc,match",
    [
        (lambda: R.randint(5, 1, (2,)), ValueError, "low < high"),
        (lambda: R.rand(2, seed="x"), TypeError, "seed"),
        (lambda: R.standard_normal((2, -1)), TypeError, "shape"),
        (lambda: S.bernoulli(jnp.ones(2), 1.5), ValueError, r"\[0, 1\]"),
        (lambda: S.choice_with_mask(jnp.ones(3)), TypeError, "bool"),
        (lambda: R.rand(2, dtype=jnp.int32), ValueError, "floating"),
    ],
)
def test_bad_arguments(call, exc, match):
    with pytest.raises(exc, match=match):
        call()


def test_ops_randn_like_defaults_to_float32():
    x = msfunc.Tensor(np.ones((2, 3), np.float16))
    assert msfunc.ops.randn_like(x).asnumpy().dtype == np.float32
    assert msfunc.ops.rand_like(x).asnumpy().dtype == np.float16
    with pytest.raises(ValueError, match="dtype"):
        msfunc.ops.rand(2, dtype=msfunc.int32)
