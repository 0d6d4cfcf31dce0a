"""Golden values from real MindSpore 2.10 (CPU) for ``nn.SparseToDense``: the dense Tensor of a
COOTensor, its gradients and a dense input refused.

Writes tests/golden/nn_sparse.json; read by tests/nn/test_nn.py.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py nn_sparse

Each scenario is a plain MindSpore program ``scenario(ms)`` returning a JSON-able record
(alias_scenarios.py). This module must not import MindSpore or msfunc at top level.
"""

import os

# (tests/oracle is on sys.path: the scripts run from it; tests/_alias_scenarios adds it)
from alias_scenarios import exception_kind, write_golden

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "nn_sparse.json"
)


def sparse_to_dense(ms):
    """``nn.SparseToDense`` of a COOTensor, and its gradients (the indices' are zeros)."""

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.to_dense = ms.nn.SparseToDense()

        def construct(self, indices, values):
            return self.to_dense(ms.COOTensor(indices, values, (3, 4)))

    indices = ms.Tensor([[0, 1], [1, 2]])
    values = ms.Tensor([1.0, 2.0], ms.float32)
    grads = ms.ops.GradOperation(get_all=True)(Net())(indices, values)
    try:
        ms.nn.SparseToDense()(ms.Tensor([1.0]))
        refused = "accepted"
    except Exception as exc:  # noqa: BLE001 - the type is the record
        refused = exception_kind(exc)
    return {
        "dense": Net()(indices, values).asnumpy().tolist(),
        "grads": [[str(g.dtype).lower(), g.asnumpy().tolist()] for g in grads],
        "dense_tensor_input": refused,
    }


SCENARIOS = [sparse_to_dense]


if __name__ == "__main__":
    write_golden(SCENARIOS, GOLDEN_PATH)
