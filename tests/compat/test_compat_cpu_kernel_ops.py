"""MindSpore's CPU-kernel primitives kept off ``mindspore.ops`` (``random_ops.Uniform`` ...)
against real MindSpore 2.10: tests/golden/cpu_kernel_ops.json
(tests/oracle/gen_cpu_kernel_ops_golden.py)."""

import json

import numpy as np
import pytest
from _paths import TESTS

import msfunc
from msfunc.compat.cpu_kernel_ops import Uniform

GOLDEN = json.loads((TESTS / "golden" / "cpu_kernel_ops.json").read_text())


def test_uniform_draws_mindspores_stream():
    want = GOLDEN["uniform"]
    u = Uniform(0.0, 1.0, seed=7, offset=3)
    x = msfunc.Tensor(np.zeros(5, np.float32))
    assert [u(x).asnumpy().tolist() for _ in range(3)] == want["pynative"]
    half = Uniform(0.5, 2.0, seed=3, offset=1)(msfunc.Tensor(np.zeros(4, np.float16)))
    assert half.dtype == msfunc.float16 and half.asnumpy().tolist() == want["half"]


def test_uniform_in_a_compiled_cell_goes_on_from_call_to_call():
    class Net(msfunc.nn.Cell):
        def __init__(self):
            super().__init__()
            self.u = Uniform(1.0, 3.0, seed=2, offset=0)

        def construct(self, x):
            return self.u(x)

    net = msfunc.jit(Net())
    x = msfunc.Tensor(np.zeros((2, 3), np.float64))
    got = [net(x).asnumpy().tolist() for _ in range(2)]
    assert got == GOLDEN["uniform"]["graph"]


def test_uniform_checks_its_arguments():
    with pytest.raises(TypeError, match="x"):
        Uniform()(msfunc.Tensor(np.zeros(3, np.int32)))
    with pytest.raises(TypeError, match="minval"):
        Uniform(minval=1, maxval=2.0)
    with pytest.raises(ValueError, match="maxval"):
        Uniform(minval=2.0, maxval=1.0)


SMALL = GOLDEN["small_kernels"]


@pytest.mark.parametrize(
    ("n", "dtype", "key"), [(2, np.float32, "no_repeat_2"), (3, np.float16, "no_repeat_3_half")]
)
def test_no_repeat_ngram_blocks_mindspores_tokens(n, dtype, key):
    seq = msfunc.Tensor(np.asarray(SMALL["seq"], np.int32))
    logits = msfunc.Tensor(np.asarray(SMALL["logits"], dtype))
    out = msfunc.ops.NoRepeatNGram(n)(seq, logits)
    assert out.dtype == logits.dtype
    np.testing.assert_array_equal(out.asnumpy().astype(np.float32), SMALL[key])


def test_no_repeat_ngram_under_vmap_matches_the_loop():
    seq = np.tile(np.asarray(SMALL["seq"], np.int32), (2, 1, 1, 1))
    logits = np.tile(np.asarray(SMALL["logits"], np.float32), (2, 1, 1, 1))
    op = msfunc.ops.NoRepeatNGram(2)
    # (vmap refuses a bare primitive, as MindSpore does: a function calling it maps)
    out = msfunc.ops.vmap(lambda s, x: op(s, x), (0, 0), 0)(
        msfunc.Tensor(seq), msfunc.Tensor(logits)
    )
    np.testing.assert_array_equal(out.asnumpy()[1], SMALL["no_repeat_2"])


def test_list_diff_keeps_order_and_positions():
    out, idx = msfunc.ops.ListDiff(out_idx=msfunc.int64)(
        msfunc.Tensor(np.array([4, 1, 2, 3, 4, 2, 6], np.int32)),
        msfunc.Tensor(np.array([1, 3, 5], np.int32)),
    )
    want_out, want_idx, _ = SMALL["list_diff"]
    assert out.asnumpy().tolist() == want_out and idx.asnumpy().tolist() == want_idx
    assert idx.dtype == msfunc.int64


def test_update_cache_writes_the_named_rows():
    from msfunc.compat.cpu_kernel_ops import UpdateCache

    indices, updates, want = SMALL["update_cache"]
    table = msfunc.Parameter(msfunc.Tensor(np.arange(20, dtype=np.float32).reshape(5, 4)), name="t")
    flag = UpdateCache()(
        table,
        msfunc.Tensor(np.asarray(indices, np.int32)),
        msfunc.Tensor(np.asarray(updates, np.float32)),
        6,
    )
    assert table.asnumpy().tolist() == want
    assert flag.asnumpy().tolist() == SMALL["update_cache_out"]


def test_concat_offset_and_copy_slices():
    from msfunc.compat.cpu_kernel_ops import ConcatOffsetV1, TensorCopySlices

    shapes = (msfunc.Tensor(np.array([2, 3], np.int32)), msfunc.Tensor(np.array([2, 1], np.int32)))
    assert [o.asnumpy().tolist() for o in ConcatOffsetV1()(-1, shapes)] == SMALL["concat_offsets"]
    x = msfunc.Tensor(np.zeros((4, 3), np.float32))
    value = msfunc.Tensor(np.full((2, 3), 2.0, np.float32))
    copied = TensorCopySlices()(x, value, (1, 0), (3, 3), (1, 1))
    assert copied.asnumpy().tolist() == SMALL["copy_slices"]


def test_assert_raises_when_the_condition_is_false(capsys):
    check = msfunc.ops.Assert(2)
    data = [msfunc.Tensor(np.array([1.0, 2.0, 3.0], np.float32))]
    assert check(True, data).asnumpy().tolist() == [0]
    with pytest.raises(RuntimeError):
        check(False, data)
    assert "[1. 2.]" in capsys.readouterr().out
    with pytest.raises(RuntimeError):  # compiled: checked when the program runs
        msfunc.jit(lambda c: check(c, data))(msfunc.Tensor(np.array(False)))


@pytest.mark.parametrize("name", ["shared", "per_class"])
def test_combined_nms_matches_mindspore(name):
    case = GOLDEN["combined_nms"][name]
    op = msfunc.ops.CombinedNonMaxSuppression(*case["attrs"])
    boxes = msfunc.Tensor(np.asarray(case["boxes"], np.float32))
    scores = msfunc.Tensor(np.asarray(case["scores"], np.float32))
    out = op(boxes, scores, *case["args"])
    for got, want in zip(out, case["outputs"], strict=True):
        np.testing.assert_allclose(got.asnumpy(), want, atol=1e-6)
