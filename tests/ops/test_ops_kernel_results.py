"""Results as MindSpore 2.10's CPU kernels give them: Inv on integers, Unique's order, nearest
crop_and_resize, AvgPool rounding (tests/oracle/gen_ops_kernel_results_golden.py)."""

import json

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from _paths import TESTS

import msfunc as ms
from msfunc import nn, ops
from msfunc.ops import composite as C
from msfunc.ops import operations as P

GOLDEN = json.loads((TESTS / "golden" / "ops_kernel_results.json").read_text())
INV_INPUT = [-300, -7, -2, -1, 1, 2, 3, 120]
UNIQUE_INPUT = [5.0, -1.0, 0.0, 5.0, 2.5, -1.0, 7.0, 0.0]
CROP_IMAGE = np.arange(60).reshape(1, 6, 5, 2)
CROP_BOXES = [[0.0, 0.5, 1.0, 0.0], [0.1, 0.0, 0.7, 0.75]]
# integer values: the window sums are exact, so only the division can round differently
AVG2_INPUT = (np.arange(36) * 7 % 23 - 11).astype(np.float32).reshape(1, 1, 6, 6)
AVG3_INPUT = np.arange(72, dtype=np.float32).reshape(1, 3, 2, 3, 4)


class _Wrap(nn.Cell):
    def __init__(self, op):
        super().__init__()
        self.op = op

    def construct(self, x):
        return self.op(x)


def _single_window_mask_valid(sizes, kernel):
    """Points of a stride-1 VALID pooling that lie in exactly one window."""
    counts = [
        np.array([min(i, n - k) - max(0, i - k + 1) + 1 for i in range(n)])
        for n, k in zip(sizes, kernel, strict=True)
    ]
    return np.multiply.outer(np.multiply.outer(counts[0], counts[1]), counts[2]) == 1


def _avg_pool_ops():
    return {
        "same2d": (P.AvgPool(kernel_size=3, strides=2, pad_mode="SAME"), AVG2_INPUT),
        "valid3d": (P.AvgPool3D(kernel_size=(2, 2, 3), strides=1, pad_mode="VALID"), AVG3_INPUT),
    }


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
    np.testing.assert_allclose(
        ops.inv(ms.Tensor(np.array([4.0, -0.5], np.float32))).asnumpy(), [0.25, -2.0]
    )


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
        ms.Tensor(CROP_IMAGE.astype(dt)),
        ms.Tensor(np.array(CROP_BOXES, np.float32)),
        ms.Tensor(np.array([0, 0], np.int32)),
        (3, 3),
    )
    np.testing.assert_array_equal(out.asnumpy(), np.array(GOLDEN["crop_nearest"][dt], np.float32))


def test_avg_pool_rounds_as_mindspore_eager_and_under_jit():
    # Bit-for-bit: a true division by the window count, not a multiply by its reciprocal.
    for name, (op, x) in _avg_pool_ops().items():
        for mode in ("pynative", "graph"):
            want = GOLDEN["avg_pool"][mode][name]
            sens = np.array(want["sens"], np.float32)
            if mode == "pynative":
                net = _Wrap(op)
                y = net(ms.Tensor(x))
                g = C.GradOperation(get_all=True, sens_param=True)(net)(
                    ms.Tensor(x), ms.Tensor(sens)
                )[0]
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
