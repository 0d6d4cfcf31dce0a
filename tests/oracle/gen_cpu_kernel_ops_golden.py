"""Generate tests/golden/cpu_kernel_ops.json from real MindSpore 2.10's CPU kernels kept off
``mindspore.ops`` (``random_ops.Uniform`` ...).

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py cpu_kernel_ops
"""

import json
import os
import sys

import numpy as np


def uniform(ms):
    """Seeded Uniform: three calls of one primitive (PyNative), two of one in a GRAPH_MODE
    Cell on float64, and one on float16."""
    from mindspore import Tensor, nn
    from mindspore.ops.operations.random_ops import Uniform

    u = Uniform(0.0, 1.0, seed=7, offset=3)
    pynative = [u(Tensor(np.zeros(5), ms.float32)).asnumpy().tolist() for _ in range(3)]
    half = Uniform(0.5, 2.0, seed=3, offset=1)(Tensor(np.zeros(4), ms.float16)).asnumpy()

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.u = Uniform(1.0, 3.0, seed=2, offset=0)

        def construct(self, x):
            return self.u(x)

    ms.set_context(mode=ms.GRAPH_MODE)
    net = Net()
    graph = [net(Tensor(np.zeros((2, 3)), ms.float64)).asnumpy().tolist() for _ in range(2)]
    ms.set_context(mode=ms.PYNATIVE_MODE)
    return {"pynative": pynative, "half": half.tolist(), "graph": graph}


def main(out_path):
    import mindspore as ms

    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    record = {"uniform": uniform(ms)}
    tmp = out_path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(record, f)
    os.replace(tmp, out_path)
    print(f"wrote {sorted(record)} to {out_path}")


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    main(
        sys.argv[1]
        if len(sys.argv) > 1
        else os.path.join(here, "..", "golden", "cpu_kernel_ops.json")
    )
