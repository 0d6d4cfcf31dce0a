"""Write tests/golden/ops_shape_checks.json: which input ranks real MindSpore 2.10 (CPU) lets
through approximate_equal and nn.AdaptiveMaxPool2d (the exception class otherwise), and what
adaptive_max_pool2d gives for an empty batch; read by tests/ops/test_ops_shape_checks.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py ops_shape_checks
"""

import json
import pathlib
import sys

import mindspore as ms
import numpy as np
from core_codec import error_name  # (run as a script: tests/oracle is on sys.path)
from mindspore import nn, ops
from mindspore.common.api import _pynative_executor

OUT = pathlib.Path(__file__).resolve().parents[1] / "golden" / "ops_shape_checks.json"


def _error_name(fn):
    return error_name(fn, _pynative_executor.sync)


def main(out):
    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    golden = {}
    golden["approximate_equal_rank"] = {
        str(r): _error_name(
            lambda r=r: ops.approximate_equal(
                ms.Tensor(np.zeros((1,) * r, np.float32)),
                ms.Tensor(np.zeros((1,) * r, np.float32)),
                0.5,
            ).asnumpy()
        )
        for r in (7, 8)
    }
    golden["adaptive_max_pool2d"] = {
        str(list(shape)): _error_name(
            lambda shape=shape: nn.AdaptiveMaxPool2d((2, 2))(
                ms.Tensor(np.ones(shape, np.float32))
            ).asnumpy()
        )
        for shape in ((), (4,), (3, 4), (2, 3, 4), (1, 2, 3, 4), (1, 1, 2, 3, 4))
    }
    values, indices = ops.adaptive_max_pool2d(
        ms.Tensor(np.zeros((0, 3, 4), np.float32)), (2, 2), True
    )
    golden["adaptive_max_pool2d_empty"] = {
        "shape": list(values.shape),
        "index_dtype": str(indices.dtype),
    }
    with open(out, "w") as f:
        json.dump(golden, f, indent=0, sort_keys=True)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else OUT)
