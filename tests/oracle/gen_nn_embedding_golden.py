"""Golden values from real MindSpore 2.10 for EmbeddingLookup and MultiFieldEmbeddingLookup
(tests/golden/nn_embedding.json), read by tests/nn/test_nn_embedding.py, which runs the same
case functions with ``ms = msfunc``.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py nn_embedding

Cases follow tests/oracle/nn_cell_cases.py. This module must not import MindSpore or msfunc at
top level.
"""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from nn_cell_cases import tensor, write_golden  # noqa: E402

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "nn_embedding.json"
)
TABLE = np.arange(15, dtype=np.float32).reshape(5, 3) / 7 - 1
IDS = np.array([[0, 1, 2, 3, 4, 1], [4, 4, 0, 2, 1, 3]], np.int32)
VALUES = np.array([[1.0, 2.0, -0.5, 0.25, 3.0, 1.5], [0.5, -2.0, 1.0, 0.0, 0.75, 2.0]], np.float32)
FIELDS = np.array([[0, 0, 1, 1, 2, 0], [2, 2, 0, 3, 0, 1]], np.int32)  # field 3 empty in row 0


def _embedding_lookup(ms, nn):
    net = nn.EmbeddingLookup(5, 3, param_init=tensor(ms, TABLE))
    return net, (tensor(ms, [[0, 4], [6, -1], [2, 2]], ms.int32),)


def _multi_field(operator):
    def case(ms, nn):
        net = nn.MultiFieldEmbeddingLookup(5, 3, 4, param_init=tensor(ms, TABLE), operator=operator)
        return net, (
            tensor(ms, IDS, ms.int32),
            tensor(ms, VALUES),
            tensor(ms, FIELDS, ms.int32),
        )

    return case


CASES = {
    "embedding_lookup": _embedding_lookup,
    "multi_field_sum": _multi_field("SUM"),
    "multi_field_mean": _multi_field("MEAN"),
    "multi_field_max": _multi_field("MAX"),
}


if __name__ == "__main__":
    write_golden(CASES, GOLDEN_PATH)
