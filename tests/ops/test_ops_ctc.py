"""CTCGreedyDecoder and CTCLoss: decoded output, dtypes and argument checks against MindSpore
2.10 golden values (tests/oracle/gen_ops_ctc_golden.py)."""

import json

import numpy as np
import pytest
from _paths import TESTS

from msfunc import Tensor, ops
from msfunc.ops import operations as P

GOLDEN = json.loads((TESTS / "golden" / "ops_ctc.json").read_text())
# the decoder's fixed input as MindSpore got it: float32 values, int32 lengths
CTC_INPUTS = np.array(GOLDEN["ctc_inputs"], np.float32)
CTC_LENGTHS = np.array(GOLDEN["ctc_lengths"], np.int32)


@pytest.mark.parametrize("merge", [True, False])
def test_ctc_greedy_decoder_matches_mindspore(merge):
    out = P.CTCGreedyDecoder(merge_repeated=merge)(Tensor(CTC_INPUTS), Tensor(CTC_LENGTHS))
    for name, value in zip(("indices", "values", "shape", "log_probability"), out):
        np.testing.assert_array_equal(
            value.asnumpy(), GOLDEN[f"ctc_merge{int(merge)}_{name}"], err_msg=name
        )


def test_ctc_greedy_decoder_length_checks():
    x = Tensor(CTC_INPUTS)  # max_time 5, batch 3
    with pytest.raises(RuntimeError, match="should be less than"):
        P.CTCGreedyDecoder()(x, Tensor(np.array([6, 1, 1], np.int32)))
    with pytest.raises(ValueError, match="sequence_length"):
        P.CTCGreedyDecoder()(x, Tensor(np.array([1, 1], np.int32)))
    # a negative length decodes nothing, as a length of 0
    neg = P.CTCGreedyDecoder()(x, Tensor(np.array([5, 2, -3], np.int32)))
    zero = P.CTCGreedyDecoder()(x, Tensor(np.array([5, 2, 0], np.int32)))
    for a, b in zip(neg, zero):
        np.testing.assert_array_equal(a.asnumpy(), b.asnumpy())


def test_ctc_loss_argument_dtypes():
    rng = np.random.default_rng(0)
    lp = Tensor(np.log(rng.dirichlet(np.ones(3), size=(4, 2))).astype(np.float32))
    tg = Tensor(np.array([[1, 2], [1, 1]], np.int32))
    il = Tensor(np.array([4, 3], np.int32))
    with pytest.raises(TypeError, match="target_lengths.*Float32"):
        ops.ctc_loss(lp, tg, il, (0.5, 1.0))
    with pytest.raises(TypeError, match="targets"):
        ops.ctc_loss(lp, Tensor(np.array([[1.0, 2.0], [1.0, 1.0]], np.float32)), il, (2, 1))
    with pytest.raises(TypeError, match="log_probs"):
        ops.ctc_loss(Tensor(np.ones((4, 2, 3), np.int32)), tg, il, (2, 1))
    as_int32 = ops.ctc_loss(lp, tg, il, Tensor(np.array([2, 1], np.int32)))[0]
    as_tuple = ops.ctc_loss(lp, tg, il, (2, 1))[0]
    as_int64 = ops.ctc_loss(lp, tg, il, Tensor(np.array([2, 1], np.int64)))[0]
    assert float(as_int32) == float(as_tuple) == float(as_int64)
    assert np.isfinite(float(as_int32))


def test_ctc_greedy_decoder_dtypes_match_mindspore():
    x = np.random.RandomState(5).standard_normal((5, 3, 4))
    for key, error in GOLDEN["ctc_dtypes"].items():
        xd, ld = key.split("/")
        args = (Tensor(x.astype(xd)), Tensor(np.array([5, 2, 0]).astype(ld)))
        for fn in (P.CTCGreedyDecoder(), ops.ctc_greedy_decoder):
            if error:
                with pytest.raises(TypeError, match="sequence_length|inputs"):
                    fn(*args)
                assert error == "TypeError", key
            else:
                assert fn(*args)[3].dtype == xd, key


def test_ctc_loss_primitive_compiles_once_per_shape(monkeypatch):
    # run op by op, the CTC scan and its pullback were traced and compiled on every call.
    # Counted as traces of optax's loss (JAX's C++ dispatch cache is not a measure: it stays
    # empty whenever a test earlier in the worker left a state that turns its fast path off)
    import optax

    traces = []
    real = optax.ctc_loss
    monkeypatch.setattr(optax, "ctc_loss", lambda *a, **k: traces.append(1) or real(*a, **k))
    # a shape no other test uses, so the first call here must trace
    x = Tensor(np.random.RandomState(1).standard_normal((7, 2, 5)).astype(np.float32))
    labels = (Tensor(np.array([[0, 0], [0, 1], [1, 0]], np.int64)), Tensor([1, 2, 0]))
    lengths = Tensor(np.array([7, 4], np.int32))
    first = P.CTCLoss()(x, *labels, lengths)
    assert len(traces) == 1
    second = P.CTCLoss()(x, *labels, lengths)
    assert len(traces) == 1
    np.testing.assert_array_equal(first[0].asnumpy(), second[0].asnumpy())
