"""Golden values from real MindSpore 2.10 for its float32 CPU softmax cross-entropy kernels and
the ends of its Exp and Softmax kernels:

- ``nn.SoftmaxCrossEntropyWithLogits`` with sparse labels and every reduction (the sparse
  kernel for ``"mean"``, the dense one otherwise), with one-hot and soft labels, and the
  gradients with respect to the logits;
- the ``SparseSoftmaxCrossEntropyWithLogits`` primitive (loss and ``is_grad=True``) and the
  dense ``SoftmaxCrossEntropyWithLogits`` primitive (loss and backprop);
- a probability that underflows (a logit gap of 87: MindSpore's mean loss is inf) and
  subnormal softmax outputs (kept by MindSpore, where XLA's CPU code flushes them to 0);
- Exp over [-88, -86.5] and [88.3, 88.8], where its two-step scaling by 2^(n-1) and 2 shows.

Writes tests/golden/cpu_softmax_ce.npz. Regenerate with real MindSpore 2.10
(tests/oracle/README.md)::

    python tests/oracle/run.py cpu_softmax_ce

`cases(ms)` is a plain MindSpore program; tests/ops/test_cpu_softmax_ce.py runs the same
function with ``ms = msfunc``. This module must not import MindSpore (or msfunc) at top level.
"""

import os
import sys

import numpy as np
from case_tables import record_arrays

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_PATH = os.path.join(HERE, "..", "golden", "cpu_softmax_ce.npz")


def inputs():
    """Logits, labels and the Exp grids (counts that are multiples of 8: every value takes
    the kernel's vector loop, whichever way its thread pool splits them)."""
    rng = np.random.RandomState(11)
    logits = rng.normal(0, 3, (64, 10)).astype(np.float32)
    wide = rng.normal(0, 20, (32, 37)).astype(np.float32)
    labels = rng.randint(0, 10, 64).astype(np.int32)
    wide_labels = rng.randint(0, 37, 32).astype(np.int64)
    soft = rng.uniform(0, 1, (32, 37)).astype(np.float32)
    soft /= soft.sum(1, keepdims=True)
    gap = np.array([[0, 87], [0, 86], [3, 1], [0, 90]], np.float32)
    tiny = np.tile(np.array([0, -86, -86.5, -86.9, -87, -80, -50, -10], np.float32), (4, 2))
    low = np.linspace(-88, -86.5, 4096, dtype=np.float32)
    high = np.linspace(88.3, 88.8, 4096, dtype=np.float32)
    return {
        "logits": logits,
        "labels": labels,
        "wide": wide,
        "wide_labels": wide_labels,
        "soft": soft,
        "gap": gap,
        "gap_labels": np.zeros(4, np.int32),
        "tiny": tiny,
        "exp_ends": np.concatenate([low, high]),
    }


def cases(ms):
    """name -> list of results for the framework `ms` (PyNative)."""
    nn, ops, Tensor = ms.nn, ms.ops, ms.Tensor
    v = {k: Tensor(a) for k, a in inputs().items()}

    def loss_and_grad(loss, x, y):
        value = loss(x, y)
        grad = ops.GradOperation()(lambda t: loss(t, y).sum())(x)
        return [value, grad]

    out = {}
    for reduction in ("mean", "sum", "none"):
        loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction=reduction)
        out[f"sparse_{reduction}"] = loss_and_grad(loss, v["logits"], v["labels"]) + (
            loss_and_grad(loss, v["wide"], v["wide_labels"])
        )
    dense = nn.SoftmaxCrossEntropyWithLogits(sparse=False, reduction="mean")
    out["dense_soft"] = loss_and_grad(dense, v["wide"], v["soft"])
    out["sparse_primitive"] = [
        ops.SparseSoftmaxCrossEntropyWithLogits()(v["wide"], v["wide_labels"]),
        ops.SparseSoftmaxCrossEntropyWithLogits(is_grad=True)(v["wide"], v["wide_labels"]),
    ]
    out["dense_primitive"] = list(ops.SoftmaxCrossEntropyWithLogits()(v["wide"], v["soft"]))
    sparse_mean = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    out["underflow"] = [
        sparse_mean(v["gap"], v["gap_labels"]),
        sparse_mean(v["gap"][1:3], v["gap_labels"][1:3]),
    ]
    out["subnormal"] = [ops.softmax(v["tiny"], -1), sparse_mean(v["tiny"], v["gap_labels"][:4] + 1)]
    out["exp_ends"] = [ops.exp(v["exp_ends"])]
    return {name: [np.asarray(r.asnumpy()) for r in results] for name, results in out.items()}


def main():
    record_arrays(GOLDEN_PATH, cases)


if __name__ == "__main__":
    sys.exit(main())
