"""Ops against real MindSpore 2.10 (tests/golden/ops_parity_cpu_a.json) and independent
references: Inv on integers, Unique's order, nearest crop_and_resize, AvgPool rounding, the
seeded log-uniform candidate sampler (Philox4x32-10), approximate_equal's and
adaptive_max_pool2d's input checks."""

import json
import pathlib

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import msfunc as ms
from msfunc import nn, ops
from msfunc.ops import composite as C
from msfunc.ops import operations as P
from msfunc.ops.philox import philox_uint32, uniform_doubles

GOLDEN = json.loads((pathlib.Path(__file__).parent / "golden" / "ops_parity_cpu_a.json")
                    .read_text())
# the oracle's inputs (tests/oracle/gen_ops_parity_cpu_a_golden.py)
INV_INPUT = [-300, -7, -2, -1, 1, 2, 3, 120]
UNIQUE_INPUT = [5.0, -1.0, 0.0, 5.0, 2.5, -1.0, 7.0, 0.0]
CROP_IMAGE = np.arange(60).reshape(1, 6, 5, 2)
CROP_BOXES = [[0.0, 0.5, 1.0, 0.0], [0.1, 0.0, 0.7, 0.75]]
# integer values: the window sums are exact, so only the division can round differently
AVG2_INPUT = (np.arange(36) * 7 % 23 - 11).astype(np.float32).reshape(1, 1, 6, 6)
AVG3_INPUT = np.arange(72, dtype=np.float32).reshape(1, 3, 2, 3, 4)
TRUE_CLASSES = np.array([[1, 7], [0, 4], [3, 3]], np.int64)


@pytest.mark.parametrize("dt", ["int16", "int32", "int64"])
def test_inv_of_integers_truncates_and_keeps_the_dtype(dt):
    x = np.array(INV_INPUT, dt)
    y = ops.inv(ms.Tensor(x))
    assert y.dtype == np.dtype(dt)
    np.testing.assert_array_equal(y.asnumpy(), np.reciprocal(x))  # numpy's integer 1/x
    np.testing.assert_array_equal(P.Inv()(ms.Tensor(x)).asnumpy(), GOLDEN["inv"][dt])
    assert int(ops.inv(ms.Tensor(np.array([0], dt))).asnumpy()[0]) == GOLDEN["inv_zero"][dt]


def test_inv_rejects_the_dtypes_mindspore_rejects():
    for dt, err in GOLDEN["inv_rejects"].items():
        assert err == "TypeError"
        with pytest.raises(TypeError, match="int16"):
            ops.inv(ms.Tensor(np.ones(2, dt)))
    np.testing.assert_allclose(ops.inv(ms.Tensor(np.array([4.0, -0.5], np.float32))).asnumpy(),
                               [0.25, -2.0])


def test_unique_primitive_keeps_first_appearance_order():
    x = np.array(UNIQUE_INPUT, np.float32)
    values, indices = P.Unique()(ms.Tensor(x))
    _, first = np.unique(x, return_index=True)
    expect = x[np.sort(first)]
    np.testing.assert_array_equal(values.asnumpy(), expect)
    np.testing.assert_array_equal(expect[indices.asnumpy()], x)
    assert values.asnumpy().tolist() == GOLDEN["unique"]["values"]
    assert indices.asnumpy().tolist() == GOLDEN["unique"]["indices"]


@pytest.mark.parametrize("dt", ["int16", "uint8", "float32"])
def test_crop_and_resize_nearest_rounds_halves_away_from_zero(dt):
    out = P.CropAndResize("nearest", 0.5)(
        ms.Tensor(CROP_IMAGE.astype(dt)), ms.Tensor(np.array(CROP_BOXES, np.float32)),
        ms.Tensor(np.array([0, 0], np.int32)), (3, 3))
    np.testing.assert_array_equal(out.asnumpy(), np.array(GOLDEN["crop_nearest"][dt], np.float32))


def _avg_pool_ops():
    return {"same2d": (P.AvgPool(kernel_size=3, strides=2, pad_mode="SAME"), AVG2_INPUT),
            "valid3d": (P.AvgPool3D(kernel_size=(2, 2, 3), strides=1, pad_mode="VALID"),
                        AVG3_INPUT)}


class _Wrap(nn.Cell):
    def __init__(self, op):
        super().__init__()
        self.op = op

    def construct(self, x):
        return self.op(x)


def _single_window_mask_valid(sizes, kernel):
    """Points of a stride-1 VALID pooling that lie in exactly one window."""
    counts = [np.array([min(i, n - k) - max(0, i - k + 1) + 1 for i in range(n)])
              for n, k in zip(sizes, kernel, strict=True)]
    return np.multiply.outer(np.multiply.outer(counts[0], counts[1]), counts[2]) == 1


def test_avg_pool_rounds_as_mindspore_eager_and_under_jit():
    # Bit-for-bit: a true division by the window count, not a multiply by its reciprocal.
    for name, (op, x) in _avg_pool_ops().items():
        for mode in ("pynative", "graph"):
            want = GOLDEN["avg_pool"][mode][name]
            sens = np.array(want["sens"], np.float32)
            if mode == "pynative":
                net = _Wrap(op)
                y = net(ms.Tensor(x))
                g = C.GradOperation(get_all=True, sens_param=True)(net)(ms.Tensor(x),
                                                                         ms.Tensor(sens))[0]
            else:
                def forward_and_grad(a, s, op=op):
                    out, pullback = jax.vjp(lambda v: jnp.asarray(op(v)), a)
                    return out, pullback(s)[0]

                y, g = jax.jit(forward_and_grad)(jnp.asarray(x), jnp.asarray(sens))
            np.testing.assert_array_equal(np.asarray(y), np.array(want["output"], np.float32))
            want_g, g = np.array(want["grad"], np.float32), np.asarray(g)
            if name == "same2d":
                np.testing.assert_array_equal(g, want_g)
            else:
                # where windows overlap, the gradient is a sum whose order may differ (1 ulp);
                # a point in one window only is its sensitivity / 12, exactly MindSpore's
                one = _single_window_mask_valid((2, 3, 4), (2, 2, 3))
                np.testing.assert_array_equal(g[..., one], want_g[..., one])
                np.testing.assert_array_max_ulp(g, want_g, maxulp=1)


def test_philox_matches_published_known_answers():
    # Random123's known-answer vectors for Philox4x32-10 (counter, key) -> four words
    m64 = 2 ** 64 - 1
    assert [hex(w) for w in philox_uint32(0, 0, 0, 4)] == [
        "0x6627e8d5", "0xe169c58d", "0xbc57ac4c", "0x9b00dbd8"]
    assert [hex(w) for w in philox_uint32(m64, m64, m64, 4)] == [
        "0x408f276d", "0x41c83b0e", "0xa20bc7c6", "0x6d5451fd"]
    assert [hex(w) for w in philox_uint32(0x299F31D0A4093822, 0x0370734413198A2E,
                                          0x85A308D3243F6A88, 4)] == [
        "0xd16cfe09", "0x94fdcceb", "0x5001e420", "0x24126ea1"]
    # consecutive blocks continue the counter; doubles lie in [0, 1)
    assert philox_uint32(7, 3, 5, 12)[4:].tolist() == philox_uint32(7, 3, 6, 8).tolist()
    d = uniform_doubles(philox_uint32(1, 2, 0, 2000))
    assert d.min() >= 0.0 and d.max() < 1.0 and abs(d.mean() - 0.5) < 0.05


def _log_uniform_p(c, range_max):
    return np.log((c + 2.0) / (c + 1.0)) / np.log(range_max + 1.0)


def test_log_uniform_candidate_sampler_gives_mindspore_seeded_draws():
    for case in GOLDEN["sampler"]:
        seed, num_true, num_sampled, unique, range_max = case["args"]
        t = ms.Tensor(TRUE_CLASSES[:, :num_true])
        s, te, se = ops.log_uniform_candidate_sampler(t, num_true, num_sampled, unique,
                                                      range_max, seed)
        assert s.dtype == np.int64 and te.dtype == np.float32
        assert s.asnumpy().tolist() == case["sampled"]
        np.testing.assert_allclose(te.asnumpy(), case["true"], rtol=1e-6)
        np.testing.assert_allclose(se.asnumpy(), case["sampled_expected"], rtol=1e-6)
        p = _log_uniform_p(np.asarray(case["sampled"]), range_max)
        if unique:
            assert len(set(case["sampled"])) == num_sampled
            # 1 - (1 - p)^tries for one number of draws tries >= num_sampled
            tries = np.log1p(-se.asnumpy().astype(np.float64)) / np.log1p(-p)
            assert np.allclose(tries, np.round(tries[0]), rtol=1e-4) and tries[0] >= num_sampled
        else:
            np.testing.assert_allclose(se.asnumpy(), p * num_sampled, rtol=1e-6)
    # the same draws under jit; a primitive goes on in its stream call after call
    first = GOLDEN["sampler"][0]
    jitted = jax.jit(lambda t: ops.log_uniform_candidate_sampler(t, 2, 5, True, 5, 1)[0])
    assert np.asarray(jitted(jnp.asarray(TRUE_CLASSES))).tolist() == first["sampled"]
    prim = P.LogUniformCandidateSampler(2, 5, True, 8, 1)
    assert [prim(ms.Tensor(TRUE_CLASSES))[0].asnumpy().tolist()
            for _ in range(3)] == GOLDEN["sampler_calls"]
    # compiled, the primitive's stream goes on on every run too (not once at trace time)
    prim = P.LogUniformCandidateSampler(2, 5, True, 8, 1)
    step = ms.jit(lambda t: prim(t)[0])
    assert [step(ms.Tensor(TRUE_CLASSES)).asnumpy().tolist()
            for _ in range(3)] == GOLDEN["sampler_calls"]


def test_log_uniform_candidate_sampler_checks_its_arguments():
    t = ms.Tensor(TRUE_CLASSES)
    with pytest.raises(ValueError, match="num_sampled"):
        ops.log_uniform_candidate_sampler(t, 2, 6, True, 5, 0)
    with pytest.raises(TypeError, match="true_classes"):
        ops.log_uniform_candidate_sampler(ms.Tensor(TRUE_CLASSES.astype(np.float32)), 2)
    with pytest.raises(ValueError, match="num_true"):
        ops.log_uniform_candidate_sampler(t, 1)
    with pytest.raises(ValueError, match="seed"):
        ops.log_uniform_candidate_sampler(t, 2, seed=-1)


def test_approximate_equal_rank_limit_as_mindspore():
    for rank, err in GOLDEN["approximate_equal_rank"].items():
        x = ms.Tensor(np.zeros((1,) * int(rank), np.float32))
        if err is None:
            assert ops.approximate_equal(x, x, 0.5).asnumpy().all()
        else:
            with pytest.raises(RuntimeError, match="at most 7"):
                ops.approximate_equal(x, x, 0.5)
            with pytest.raises(RuntimeError, match="at most 7"):
                P.ApproximateEqual(0.5)(x, x)


def test_adaptive_max_pool2d_input_ranks_and_empty_batch():
    for shape, err in GOLDEN["adaptive_max_pool2d"].items():
        x = ms.Tensor(np.ones(json.loads(shape), np.float32))
        if err is None:
            assert nn.AdaptiveMaxPool2d((2, 2))(x).shape[-2:] == (2, 2)
        else:
            with pytest.raises(ValueError, match="3 or 4 dimensions"):
                nn.AdaptiveMaxPool2d((2, 2))(x)
    values, indices = ops.adaptive_max_pool2d(ms.Tensor(np.zeros((0, 3, 4), np.float32)), (2, 2),
                                              True)
    assert list(values.shape) == GOLDEN["adaptive_max_pool2d_empty"]["shape"]
    assert indices.dtype == ms.int64
    # the indices still point at each window's maximum
    x = np.random.default_rng(0).permutation(24).reshape(2, 3, 4).astype(np.float32)
    v, i = ops.adaptive_max_pool2d(ms.Tensor(x), (2, 2), True)
    np.testing.assert_array_equal(np.take_along_axis(x.reshape(2, -1), i.asnumpy().reshape(2, -1),
                                                     1).reshape(2, 2, 2), v.asnumpy())
