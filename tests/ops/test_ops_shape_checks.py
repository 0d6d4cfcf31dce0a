"""Shape and rank checks as MindSpore 2.10 makes them: broadcast_to, approximate_equal,
adaptive_max_pool2d (tests/oracle/gen_ops_shape_checks_golden.py)."""

import json

import numpy as np
import pytest
from _paths import TESTS

import msfunc as ms
from msfunc import Tensor, nn, ops
from msfunc.ops import operations as P

GOLDEN = json.loads((TESTS / "golden" / "ops_shape_checks.json").read_text())


@pytest.mark.parametrize(
    "shape, want",
    [
        ((2, -1, -1), (2, 4, 5)),
        ((3, 1, 4, 5), (3, 1, 4, 5)),
        ((-1, 5), (4, 5)),
        ((0, 4, 5), (0, 4, 5)),
    ],
)
def test_broadcast_to_valid_shapes(shape, want):
    x = np.arange(20, dtype=np.float32).reshape(4, 5)
    for out in (
        ops.broadcast_to(Tensor(x), shape),
        P.BroadcastTo(shape)(Tensor(x)),
        Tensor(x).broadcast_to(shape),
        Tensor(x).expand(*shape),
    ):
        np.testing.assert_array_equal(out.asnumpy(), np.broadcast_to(x, want))


@pytest.mark.parametrize(
    "shape, error",
    [
        ((2, -1, 4, 5), ValueError),  # -1 where the input has no axis
        ((-1, 4, 5), ValueError),
        ((2, -2, 5), ValueError),
        ((3, -1), ValueError),  # 4 does not broadcast to 3
        ((5,), ValueError),  # shorter than the input
        ((2, 4.0, 5), TypeError),
    ],
)
def test_broadcast_to_invalid_shapes_raise(shape, error):
    x = Tensor(np.ones((4, 5), np.float32))
    with pytest.raises(error, match="shape"):
        ops.broadcast_to(x, shape)
    with pytest.raises(error, match="BroadcastTo"):
        P.BroadcastTo(shape)(x)
    with pytest.raises(error, match="Tensor.broadcast_to"):  # the methods check alike
        x.broadcast_to(shape)
    with pytest.raises(error, match="Tensor.expand"):
        x.expand(*shape)


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
    values, indices = ops.adaptive_max_pool2d(
        ms.Tensor(np.zeros((0, 3, 4), np.float32)), (2, 2), True
    )
    assert list(values.shape) == GOLDEN["adaptive_max_pool2d_empty"]["shape"]
    assert indices.dtype == ms.int64
    # the indices still point at each window's maximum
    x = np.random.default_rng(0).permutation(24).reshape(2, 3, 4).astype(np.float32)
    v, i = ops.adaptive_max_pool2d(ms.Tensor(x), (2, 2), True)
    np.testing.assert_array_equal(
        np.take_along_axis(x.reshape(2, -1), i.asnumpy().reshape(2, -1), 1).reshape(2, 2, 2),
        v.asnumpy(),
    )


def test_fold_refuses_a_negative_output_size():
    # MindSpore 2.10 raises ValueError here (its own CPU test expects that type)
    with pytest.raises(ValueError, match="output_size"):
        ops.fold(Tensor(np.ones((16, 64, 4), np.float32)), Tensor([6, -1], ms.int32), [2, 2])
