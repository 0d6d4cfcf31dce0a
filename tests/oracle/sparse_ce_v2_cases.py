"""SparseSoftmaxCrossEntropyWithLogitsV2 cases, shared by gen_sparse_ce_v2_golden.py (real
MindSpore) and tests/ops/test_sparse_ce_v2.py (msfunc): ``case(ms, P)`` gives the outputs, the
gradient of the summed loss, or the exception type bad inputs raise (P is the primitive)."""

import numpy as np

LOGITS = [[2.0, 3.0, 1.0, 4.0, 5.0], [2.0, 1.0, 2.0, 4.0, 3.0], [-1.0, 0.5, 0.0, 2.0, -3.0]]


def _run(ms, P, dtype, labels, label_dtype="int32"):
    logits = ms.Tensor(np.array(LOGITS, dtype))
    loss, backprop = P()(logits, ms.Tensor(np.array(labels, label_dtype)))
    return [
        loss.dtype == logits.dtype,
        loss.asnumpy().astype(float).round(3).tolist(),
        backprop.asnumpy().astype(float).round(3).tolist(),
    ]


def _grad(ms, P):
    labels = ms.Tensor(np.array([4, 0, 3], np.int32))
    loss = lambda x: P()(x, labels)[0].sum()  # noqa: E731
    return ms.grad(loss)(ms.Tensor(np.array(LOGITS, np.float32))).asnumpy().round(5).tolist()


def _error(ms, P, logits, labels):
    try:
        out = P()(ms.Tensor(np.array(logits)), ms.Tensor(np.array(labels)))
        [o.asnumpy() for o in out]  # (MindSpore's kernel raises when its results are read)
    except Exception as err:  # noqa: BLE001 - the type is what is recorded
        return type(err).__name__
    return None


CASES = {
    "float32": lambda ms, P: _run(ms, P, np.float32, [0, 1, 4]),
    "float16_int64": lambda ms, P: _run(ms, P, np.float16, [4, 0, 2], "int64"),
    "grad": _grad,
    "float64_logits": lambda ms, P: _error(ms, P, LOGITS, np.array([0, 1, 2], np.int32)),
    "float_labels": lambda ms, P: _error(ms, P, np.float32(LOGITS), [0.0, 1.0, 2.0]),
    "labels_rank2": lambda ms, P: _error(ms, P, np.float32(LOGITS), np.int32([[0], [1], [2]])),
    "label_out_of_range": lambda ms, P: _error(ms, P, np.float32(LOGITS), np.int32([0, 5, 1])),
}
