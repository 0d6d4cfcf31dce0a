"""Seeded random ops draw MindSpore 2.10's exact numbers, call after call, eager and compiled.

Golden arrays come from `tests/oracle/gen_op_streams.py` run under real MindSpore (PyNative);
the same case functions run here with msfunc. Uniform, integer and dropout draws are
compared bit for bit; normal draws too where the C library's logf can be called (glibc),
else within 1 ulp (msfunc then rounds a double log).
"""

import os
import sys

import numpy as np
import pytest
from _paths import TESTS

import msfunc
import msfunc.numpy  # noqa: F401  (msfunc.numpy for the mnp case)

sys.path.insert(0, os.path.join(str(TESTS), "oracle"))
import gen_op_streams as oracle  # noqa: E402

GOLDEN = np.load(oracle.GOLDEN_PATH)


def _check(name, got, prefix):
    want = [GOLDEN[f"{prefix}/{i}"] for i in range(len(got))]
    assert f"{prefix}/{len(got)}" not in GOLDEN.files
    for value, expected in zip(got, want, strict=True):
        value = np.asarray(value)
        assert value.shape == expected.shape and value.dtype == expected.dtype
        if name in oracle.NORMAL_CASES and value.dtype.kind == "f":
            np.testing.assert_array_max_ulp(value, expected, maxulp=1)
        else:
            np.testing.assert_array_equal(value, expected)


@pytest.mark.parametrize("seed", oracle.SEEDS)
@pytest.mark.parametrize("name", sorted(oracle.CASES))
def test_draws_match_mindspore(name, seed):
    _check(name, oracle.run_case(msfunc, name, seed), f"{name}/{seed}")


@pytest.mark.parametrize("name", ["rand", "randn", "dropout", "multinomial"])
def test_compiled_draws_are_the_eager_ones(name):
    """A compiled function making the same calls takes the same seeds, so the same draws."""
    msfunc.set_seed(7)
    compiled = msfunc.jit(lambda: tuple(oracle.CASES[name](msfunc)))
    _check(name, [v.asnumpy() for v in compiled()], f"{name}/7")


def test_compiled_dropout_layer_goes_on_as_eager():
    """A Dropout layer built eagerly and called in a compiled function keeps one engine per
    input shape, carried from call to call: the masks are MindSpore's."""
    msfunc.set_seed(7)
    layer = msfunc.nn.Dropout(p=0.4)
    layer.set_train()
    x = msfunc.Tensor(oracle._x((64,), 2))
    y = msfunc.Tensor(oracle._x((3, 5), 3))
    compiled = msfunc.jit(lambda v: layer(v))
    _check(
        "dropout_layer",
        [compiled(x).asnumpy(), compiled(x).asnumpy(), compiled(y).asnumpy()],
        "dropout_layer/7",
    )


def test_compiled_step_goes_on_drawing():
    """Called again, a compiled step draws the next calls' numbers, as eager code would."""

    def step():
        return msfunc.ops.rand(5)

    msfunc.set_seed(1)
    eager = [step().asnumpy() for _ in range(3)]
    msfunc.set_seed(1)
    compiled = msfunc.jit(step)
    for expected in eager:
        np.testing.assert_array_equal(compiled().asnumpy(), expected)
    np.testing.assert_array_equal(eager[0], GOLDEN["rand/1/0"])


def test_unseeded_draws_stay_on_the_fast_stream():
    msfunc.common.seed._seed = None  # as a program that never seeds
    try:
        a, b = msfunc.ops.rand(4).asnumpy(), msfunc.ops.rand(4).asnumpy()
    finally:
        msfunc.set_seed(1)
    assert not np.array_equal(a, b)


def test_data_sink_draws_as_eager_steps():
    """A sunk loop of steps with Dropout and ops.rand takes the eager steps' draws."""
    rng = np.random.default_rng(0)
    data = [
        (
            rng.standard_normal((8, 3)).astype(np.float32),
            rng.standard_normal((8, 1)).astype(np.float32),
        )
        for _ in range(4)
    ]

    def fresh():
        msfunc.set_seed(5)
        net = msfunc.nn.SequentialCell(
            [msfunc.nn.Dense(3, 16), msfunc.nn.Dropout(p=0.3), msfunc.nn.Dense(16, 1)]
        )
        net.set_train()
        opt = msfunc.nn.SGD(net.trainable_params(), 0.05)
        loss_fn = msfunc.nn.MSELoss()

        def loss(x, y):
            return loss_fn(net(x) + 0.1 * msfunc.ops.rand(8, 1), y)

        grad_fn = msfunc.value_and_grad(loss, None, opt.parameters)

        def step(x, y):
            value, grads = grad_fn(x, y)
            opt(grads)
            return value

        return step

    step = fresh()
    eager = [float(step(msfunc.Tensor(x), msfunc.Tensor(y))) for x, y in data]
    sink = msfunc.data_sink(fresh(), data, sink_size=2)
    np.testing.assert_allclose([float(sink()), float(sink())], [eager[1], eager[3]], rtol=1e-6)
