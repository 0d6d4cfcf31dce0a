"""Generate tests/golden/complex_grad.json: MindSpore 2.10's gradients with respect to complex
inputs (GradOperation, with and without a sensitivity).

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py complex_grad
"""

import json
import os
import sys

import numpy as np

Z = np.array([3.0 + 4.0j, 1.0 - 2.0j], np.complex64)
W = np.array([[0.2 + 0.1j, -0.5 + 0.3j]], np.complex64)
SENS = np.array([1.0 + 1.0j, 2.0 - 0.5j], np.complex64)


def main(out_path):
    import mindspore as ms
    from mindspore import Tensor, nn, ops
    from mindspore.ops.composite import GradOperation

    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")

    class Abs(nn.Cell):
        def construct(self, x):
            return ops.abs(x)

    class RealMatmul(nn.Cell):
        def construct(self, x):
            return ops.real(ops.matmul(Tensor(W), x.reshape(2, 1)))

    class Exp(nn.Cell):
        def construct(self, x):
            return ops.exp(x)

    def pair(t):
        a = t.asnumpy()
        return [a.real.tolist(), a.imag.tolist()]

    z = Tensor(Z)
    record = {
        "z": pair(z),
        "w": [W.real.tolist(), W.imag.tolist()],
        "sens": [SENS.real.tolist(), SENS.imag.tolist()],
        "abs": pair(GradOperation()(Abs())(z)),
        "real_matmul": pair(GradOperation()(RealMatmul())(z)),
        "exp_sens": pair(GradOperation(sens_param=True)(Exp())(z, Tensor(SENS))),
    }
    tmp = out_path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(record, f)
    os.replace(tmp, out_path)
    print(f"wrote {out_path}")


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    main(
        sys.argv[1]
        if len(sys.argv) > 1
        else os.path.join(here, "..", "golden", "complex_grad.json")
    )
