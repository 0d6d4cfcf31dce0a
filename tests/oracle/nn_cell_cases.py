"""What the nn Cell case scripts (gen_nn_dense_golden.py, gen_nn_embedding_golden.py,
gen_nn_norms_golden.py, gen_nn_classification_losses_golden.py) share: fixed inputs, and the
writer that runs every case under real MindSpore 2.10 and stores its output.

A case is a function ``case(ms, nn)`` returning ``(net, args)``; the same text builds the
MindSpore net in the generator and the msfunc net in the test. Every input and Parameter comes
from a numpy array fixed by the case (``fixed_array``), never from a framework's random stream.
No top-level import of MindSpore or msfunc (the tests import these modules).
"""

import json
import os
import sys
import zlib

import numpy as np


def fixed_array(key, shape, low=-1.0, high=1.0):
    """A deterministic float32 array for `key`, uniform in [low, high)."""
    rng = np.random.default_rng(zlib.crc32(key.encode()))
    return rng.uniform(low, high, size=shape).astype(np.float32)


def tensor(ms, value, dtype=None):
    """``value`` as a Tensor of the framework ``ms`` (float32 unless ``dtype`` is given)."""
    return ms.Tensor(np.asarray(value), dtype or ms.float32)


def write_golden(cases, path):
    """Run every case with real MindSpore (PyNative, CPU) and store output value/shape/dtype."""
    import mindspore as ms
    from mindspore import nn

    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    out = {}
    for name, case in cases.items():
        net, args = case(ms, nn)
        value = net(*args).asnumpy()
        out[name] = {
            "value": value.astype(np.float64).tolist(),
            "shape": list(value.shape),
            "dtype": str(value.dtype),
        }
    tmp = f"{path}.tmp"
    with open(tmp, "w") as f:
        json.dump({"mindspore": ms.__version__, "cases": out}, f, indent=1)
    os.replace(tmp, path)
    print(f"wrote {len(out)} cases to {path}", file=sys.stderr)
