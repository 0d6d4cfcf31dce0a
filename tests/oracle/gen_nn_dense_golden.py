"""Golden values from real MindSpore 2.10 for BiDense (tests/golden/nn_dense.json), read by
tests/nn/test_nn_dense.py, which runs the same case functions with ``ms = msfunc``.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py nn_dense

Cases follow tests/oracle/nn_cell_cases.py. This module must not import MindSpore or msfunc at
top level.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from nn_cell_cases import fixed_array, tensor, write_golden  # noqa: E402

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "nn_dense.json"
)


def _bidense(shape1, shape2, has_bias=True):
    def case(ms, nn):
        in1, in2 = shape1[-1], shape2[-1]
        net = nn.BiDense(
            in1,
            in2,
            2,
            weight_init=tensor(ms, fixed_array("bd.w", (2, in1, in2))),
            bias_init=tensor(ms, fixed_array("bd.b", (2,))) if has_bias else None,
            has_bias=has_bias,
        )
        return net, (
            tensor(ms, fixed_array("bd.x1", shape1)),
            tensor(ms, fixed_array("bd.x2", shape2)),
        )

    return case


CASES = {
    "bidense_2d": _bidense((4, 3), (4, 2)),
    "bidense_3d_no_bias": _bidense((2, 3, 3), (2, 3, 4), has_bias=False),
}


if __name__ == "__main__":
    write_golden(CASES, GOLDEN_PATH)
