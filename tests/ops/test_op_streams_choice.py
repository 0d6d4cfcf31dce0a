"""ops.bernoulli (with a seed), ops.random_categorical, ops.choice_with_mask, ops.rrelu,
ops.multinomial_with_replacement and the Bernoulli, RandomCategorical, RandomChoiceWithMask,
TruncatedNormal and ParameterizedTruncatedNormal primitives draw MindSpore 2.10's exact
values, eager and compiled.

Golden arrays come from `tests/oracle/gen_op_streams_choice.py` run under real MindSpore
(PyNative); the same case functions run here with msfunc and are compared bit for bit.
"""

import os
import sys

import numpy as np
import pytest
from _paths import TESTS

import msfunc
from msfunc.ops import seeded_choices

sys.path.insert(0, os.path.join(str(TESTS), "oracle"))
import gen_op_streams_choice as oracle  # noqa: E402

GOLDEN = np.load(oracle.GOLDEN_PATH)


@pytest.fixture(autouse=True)
def _fresh_bernoulli_primitives():
    """MindSpore ran each case in a process whose ops.bernoulli had not yet used its seeds."""
    seeded_choices._bernoulli_primitives.clear()


def _check(got, prefix):
    assert f"{prefix}/{len(got)}" not in GOLDEN.files
    for i, value in enumerate(got):
        expected = GOLDEN[f"{prefix}/{i}"]
        value = np.asarray(value)
        assert value.shape == expected.shape and value.dtype == expected.dtype, (
            i,
            value.shape,
            value.dtype,
            expected.shape,
            expected.dtype,
        )
        np.testing.assert_array_equal(value, expected, err_msg=f"{prefix}/{i}")


@pytest.mark.parametrize("seed", oracle.SEEDS)
@pytest.mark.parametrize("name", sorted(oracle.CASES))
def test_draws_match_mindspore(name, seed):
    _check(oracle.run_case(msfunc, name, seed), f"{name}/{seed}")


def _compiled(fn, *inputs):
    """`fn` under msfunc.jit, which must compile (no eager fallback) and run twice."""
    import warnings

    step = msfunc.jit(fn)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # (a fallback to eager code warns)
        return step(*inputs), step(*inputs)


def test_compiled_bernoulli_goes_on_from_call_to_call():
    """Compiled, the kernels' carried block positions give the eager calls' draws in turn."""
    x5 = msfunc.Tensor(np.zeros(5, np.float32))
    p7 = msfunc.Tensor(oracle._array(7, (7,), salt=1))
    first, second = _compiled(
        lambda x, p: (
            msfunc.ops.bernoulli(x, 0.5, seed=1070),
            msfunc.ops.bernoulli(msfunc.ops.zeros_like(p), p, seed=1071),
        ),
        x5,
        p7,
    )
    np.testing.assert_array_equal(first[0].asnumpy(), GOLDEN["bernoulli/7/0"])
    np.testing.assert_array_equal(second[0].asnumpy(), GOLDEN["bernoulli/7/1"])
    np.testing.assert_array_equal(first[1].asnumpy(), GOLDEN["bernoulli/7/5"])


def test_compiled_categorical_and_choice_take_traced_inputs():
    """Logits and masks computed inside the compiled step reach the host kernels each run;
    the RandomCategorical primitive and choice_with_mask's op seeds go on across runs."""
    logits = msfunc.Tensor(np.log(np.array([[0.1, 0.2, 0.3, 0.4], [0.25] * 4], np.float32)))
    mask = msfunc.Tensor(np.array([[1, 0, 1, 1], [0, 1, 1, 0]], np.float32))
    prim = msfunc.ops.RandomCategorical(msfunc.int64)
    msfunc.set_seed(7)
    first, second = _compiled(
        lambda lg, m: (
            msfunc.ops.random_categorical(lg * 1.0, 6, seed=27),
            prim(lg, 3, 27),
            *msfunc.ops.choice_with_mask(m > 0.5, 4),
        ),
        logits,
        mask,
    )
    for i, run in enumerate((first, second)):
        np.testing.assert_array_equal(run[0].asnumpy(), GOLDEN["categorical/7/0"])
        np.testing.assert_array_equal(run[1].asnumpy(), GOLDEN[f"categorical/7/{7 + i}"])
        np.testing.assert_array_equal(run[2].asnumpy(), GOLDEN[f"choice/7/{2 * i}"])
        np.testing.assert_array_equal(run[3].asnumpy(), GOLDEN[f"choice/7/{2 * i + 1}"])


def test_compiled_truncated_normal_goes_on_from_call_to_call():
    """The TruncatedNormal kernel's engine is carried out of each compiled run."""
    prim = msfunc.ops.TruncatedNormal(seed=8)
    first, second = _compiled(lambda: prim((2, 3)))
    np.testing.assert_array_equal(first.asnumpy(), GOLDEN["truncated_normal/7/0"])
    np.testing.assert_array_equal(second.asnumpy(), GOLDEN["truncated_normal/7/3"])
    prim = msfunc.ops.ParameterizedTruncatedNormal(seed=8)
    wide = [msfunc.Tensor(np.array(v)) for v in ([0.0, 1.0], [1.0, 2.0], [-3.0, -2.0], [3.0, 5.0])]
    first, second = _compiled(lambda *p: prim((2, 3), *p), *wide)
    np.testing.assert_array_equal(first.asnumpy(), GOLDEN["parameterized/7/0"])
    np.testing.assert_array_equal(second.asnumpy(), GOLDEN["parameterized/7/1"])


def test_compiled_multinomial_with_replacement_takes_traced_weights():
    rows = oracle._array(7, (3, 6), salt=6)
    rows[1, 2] = rows[2, 0] = rows[2, 5] = 0.0
    first, _ = _compiled(
        lambda x: msfunc.ops.multinomial_with_replacement(x * 1.0, 12, 0, 8, True),
        msfunc.Tensor(rows),
    )
    np.testing.assert_array_equal(first.asnumpy(), GOLDEN["multinomial_philox/7/0"])


def test_unseeded_bernoulli_and_categorical_stay_random():
    """Without a seed (bernoulli) or with seed 0 (random_categorical) MindSpore seeds the
    kernel from the clock: msfunc draws from its own stream, so two calls differ."""
    x = msfunc.Tensor(np.zeros(64, np.float32))
    draws = {msfunc.ops.bernoulli(x).asnumpy().tobytes() for _ in range(2)}
    logits = msfunc.Tensor(np.zeros((1, 64), np.float32))
    classes = {msfunc.ops.random_categorical(logits, 64).asnumpy().tobytes() for _ in range(2)}
    assert len(draws) == 2 and len(classes) == 2


def test_unseeded_choice_with_mask_writes_mindspores_coordinates():
    """Unseeded, the positions are msfunc's draw but the coordinates keep the layout of
    MindSpore's kernel (golden choice/1/4: a 3-D input gives (i // row, 0, i % row))."""
    x = np.zeros((2, 3, 4), bool)
    x[0, 1, 2] = x[1, 2, 3] = x[1, 0, 0] = True
    index, mask = msfunc.ops.choice_with_mask(msfunc.Tensor(x), 5)
    chosen = {tuple(row) for row in index.asnumpy()[mask.asnumpy()].tolist()}
    assert chosen == {(0, 0, 6), (1, 0, 11), (1, 0, 0)}
    assert mask.asnumpy().tolist().count(False) == 2
    golden = GOLDEN["choice/1/4"][GOLDEN["choice/1/5"]]
    assert (golden[:, 1] == 0).all() and golden.shape[1] == 3
