"""Write tests/golden/ops_kernel_results.json: real MindSpore 2.10's answers (CPU) for Inv on
integers, Unique's order, nearest crop_and_resize and AvgPool rounding (outputs and gradients,
PyNative and GRAPH mode); read by tests/ops/test_ops_kernel_results.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py ops_kernel_results
"""

import json
import pathlib
import sys

import mindspore as ms
import numpy as np
from core_codec import error_name  # (run as a script: tests/oracle is on sys.path)
from mindspore import nn, ops
from mindspore.common.api import _pynative_executor
from mindspore.ops import composite as C
from mindspore.ops import operations as P

OUT = pathlib.Path(__file__).resolve().parents[1] / "golden" / "ops_kernel_results.json"
INV_INPUT = [-300, -7, -2, -1, 1, 2, 3, 120]
UNIQUE_INPUT = [5.0, -1.0, 0.0, 5.0, 2.5, -1.0, 7.0, 0.0]
# 1 x 6 x 5 x 2 image; the first box puts sample points on .5 pixel positions
CROP_IMAGE = np.arange(60).reshape(1, 6, 5, 2)
CROP_BOXES = [[0.0, 0.5, 1.0, 0.0], [0.1, 0.0, 0.7, 0.75]]
# integer values: the window sums are exact, so only the division can round differently
AVG2_INPUT = (np.arange(36) * 7 % 23 - 11).astype(np.float32).reshape(1, 1, 6, 6)
AVG3_INPUT = np.arange(72, dtype=np.float32).reshape(1, 3, 2, 3, 4)


class _Wrap(nn.Cell):
    def __init__(self, op):
        super().__init__()
        self.op = op

    def construct(self, x):
        return self.op(x)


def _pool_case(op, x):
    net = _Wrap(op)
    y = net(ms.Tensor(x))
    sens = np.arange(1, y.size + 1, dtype=np.float32).reshape(y.shape)
    g = C.GradOperation(get_all=True, sens_param=True)(net)(ms.Tensor(x), ms.Tensor(sens))
    return {"output": y.asnumpy().tolist(), "sens": sens.tolist(), "grad": g[0].asnumpy().tolist()}


def _error_name(fn):
    return error_name(fn, _pynative_executor.sync)


def main(out):
    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    golden = {}
    golden["inv"] = {
        dt: ops.inv(ms.Tensor(np.array(INV_INPUT, dt))).asnumpy().tolist()
        for dt in ("int16", "int32", "int64")
    }
    golden["inv_zero"] = {
        dt: int(ops.inv(ms.Tensor(np.array([0], dt))).asnumpy()[0])
        for dt in ("int16", "int32", "int64")
    }
    golden["inv_rejects"] = {
        dt: _error_name(lambda dt=dt: ops.inv(ms.Tensor(np.ones(2, dt))))
        for dt in ("int8", "uint8")
    }
    y, idx = P.Unique()(ms.Tensor(np.array(UNIQUE_INPUT, np.float32)))
    golden["unique"] = {"values": y.asnumpy().tolist(), "indices": idx.asnumpy().tolist()}
    golden["crop_nearest"] = {
        dt: P.CropAndResize("nearest", 0.5)(
            ms.Tensor(CROP_IMAGE.astype(dt)),
            ms.Tensor(np.array(CROP_BOXES, np.float32)),
            ms.Tensor(np.array([0, 0], np.int32)),
            (3, 3),
        )
        .asnumpy()
        .tolist()
        for dt in ("int16", "uint8", "float32")
    }
    golden["avg_pool"] = {}
    for mode_name, mode in (("pynative", ms.PYNATIVE_MODE), ("graph", ms.GRAPH_MODE)):
        ms.set_context(mode=mode)
        golden["avg_pool"][mode_name] = {
            "same2d": _pool_case(P.AvgPool(kernel_size=3, strides=2, pad_mode="SAME"), AVG2_INPUT),
            "valid3d": _pool_case(
                P.AvgPool3D(kernel_size=(2, 2, 3), strides=1, pad_mode="VALID"), AVG3_INPUT
            ),
        }
    with open(out, "w") as f:
        json.dump(golden, f, indent=0, sort_keys=True)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else OUT)
