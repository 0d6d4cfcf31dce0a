"""Golden values from real MindSpore 2.10 (CPU) for names reached by internal module paths:
`mindspore.common.np_dtype.bfloat16` and `ops.composite.multitype_ops`' zeros_like.

Writes tests/golden/internal_paths.json; read by tests/compat/test_compat_internal_paths.py.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py internal_paths

Each scenario is a plain MindSpore program ``scenario(ms)`` returning a JSON-able record
(alias_scenarios.py). This module must not import MindSpore or msfunc at top level.
"""

import os

import numpy as np

# (tests/oracle is on sys.path: the scripts run from it; tests/_alias_scenarios adds it)
from alias_scenarios import write_golden

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "internal_paths.json"
)


def np_dtype_bfloat16(ms):
    """`mindspore.common.np_dtype.bfloat16` rounds like bfloat16 and makes bfloat16 Tensors."""
    from mindspore.common import np_dtype

    x = np.array([1.00390625, 1.01171875, 3.14159, -2.5e-3], dtype=np_dtype.bfloat16)
    t = ms.Tensor(x)
    return {
        "rounded": x.astype(np.float32).tolist(),
        "tensor_dtype": str(t.dtype).lower(),
        "asnumpy_is_bf16": t.asnumpy().dtype == np_dtype.bfloat16,
    }


def multitype_zeros_like(ms):
    """`ops.composite.multitype_ops.zeros_like_impl.zeros_like` of a Tensor."""
    from mindspore.ops.composite.multitype_ops.zeros_like_impl import zeros_like

    out = zeros_like(ms.Tensor(np.array([[1.5, 2.0]], np.float32)))
    return {"value": out.asnumpy().tolist(), "dtype": str(out.dtype).lower()}


SCENARIOS = [np_dtype_bfloat16, multitype_zeros_like]


if __name__ == "__main__":
    write_golden(SCENARIOS, GOLDEN_PATH)
