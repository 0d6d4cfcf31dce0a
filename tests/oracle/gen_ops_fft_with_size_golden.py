"""Generate tests/golden/ops_fft_with_size.npz from real MindSpore 2.10's ``ops.FFTWithSize``.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py ops_fft_with_size

Each case is (constructor args, input); the npz holds the input (``CASE/x``) and MindSpore's
output (``CASE/y``), and ``cases`` lists the constructor args as JSON so
tests/ops/test_ops_fft_with_size.py replays the same calls on msfunc.
"""

import json
import os
import sys

import numpy as np

rng = np.random.RandomState(11)
REAL = rng.uniform(-2, 2, (2, 3, 4)).astype(np.float32)
SPEC = (rng.uniform(-2, 2, (2, 3, 3)) + 1j * rng.uniform(-2, 2, (2, 3, 3))).astype(np.complex64)

# (signal_ndim, inverse, real, norm, onesided, signal_sizes), input
CASES = [
    ((1, False, False, "backward", True, []), SPEC),
    ((2, True, False, "ortho", True, []), SPEC),
    ((3, False, False, "forward", True, []), SPEC.astype(np.complex128)),
    ((1, True, False, "forward", True, []), SPEC),
    ((1, False, True, "backward", True, []), REAL),
    ((2, False, True, "ortho", True, []), REAL.astype(np.float64)),
    ((1, False, True, "backward", False, []), REAL),
    ((1, False, True, "forward", True, []), np.arange(24, dtype=np.int32).reshape(2, 3, 4)),
    ((1, True, True, "backward", True, []), SPEC),
    ((1, True, True, "backward", True, [5]), SPEC),
    ((2, True, True, "ortho", True, [3, 5]), SPEC.astype(np.complex128)),
    ((3, True, True, "forward", True, []), SPEC),
    ((1, True, True, "backward", False, []), SPEC),
]


def main(out_path):
    import mindspore as ms
    from mindspore import Tensor, ops

    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    arrays, index = {}, []
    for i, (args, x) in enumerate(CASES):
        key = f"c{i:02d}"
        y = ops.FFTWithSize(*args[:5], signal_sizes=tuple(args[5]))(Tensor(x))
        arrays[f"{key}/x"] = x
        arrays[f"{key}/y"] = y.asnumpy()
        index.append({"key": key, "args": list(args)})
    arrays["cases"] = np.array(json.dumps(index))
    tmp = out_path + ".tmp.npz"
    np.savez_compressed(tmp, **arrays)
    os.replace(tmp, out_path)
    print(f"wrote {len(index)} cases to {out_path}")


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    default = os.path.join(here, "..", "golden", "ops_fft_with_size.npz")
    main(sys.argv[1] if len(sys.argv) > 1 else default)
