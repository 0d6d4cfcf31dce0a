"""Golden values from real MindSpore 2.10 for Norm, ClipByNorm and L1Regularizer
(tests/golden/nn_norms.json), read by tests/nn/test_nn_norms.py, which runs the same case
functions with ``ms = msfunc``.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py nn_norms

Cases follow tests/oracle/nn_cell_cases.py. This module must not import MindSpore or msfunc at
top level.
"""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from nn_cell_cases import fixed_array, tensor, write_golden  # noqa: E402

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "nn_norms.json"
)


def _norm(**kwargs):
    def case(ms, nn):
        return nn.Norm(**kwargs), (tensor(ms, fixed_array("norm.x", (2, 3, 4))),)

    return case


def _clip(clip_norm, x_dtype="float32"):
    def case(ms, nn):
        x = fixed_array("clip.x", (2, 3), -3.0, 3.0)
        return nn.ClipByNorm(), (tensor(ms, x, getattr(ms, x_dtype)), tensor(ms, clip_norm))

    return case


def _l1(ms, nn):
    return nn.L1Regularizer(0.3), (tensor(ms, fixed_array("l1.w", (3, 4))),)


def _l1_int(ms, nn):
    return nn.L1Regularizer(2), (tensor(ms, [[1, -2], [3, -4]], ms.int32),)


CASES = {
    "norm_all": _norm(),
    "norm_axis1_keep": _norm(axis=1, keep_dims=True),
    "norm_axes02": _norm(axis=(0, 2)),
    "clip_all": _clip(1.0),
    # (ClipByNorm with an `axis` is checked against numpy in the test: MindSpore 2.10's CPU
    # kernel divides some rows by another row's norm there.)
    "clip_large": _clip(100.0),
    "clip_float16": _clip(np.float16(1.0), x_dtype="float16"),
    "l1_float": _l1,
    "l1_int": _l1_int,
}


if __name__ == "__main__":
    write_golden(CASES, GOLDEN_PATH)
