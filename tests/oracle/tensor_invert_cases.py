"""``~t`` on Tensors of each dtype family, in PyNative code and inside ``jit``: each case
``case(ms)`` returns JSON data (values and the result's dtype). gen_tensor_invert_golden.py
records MindSpore 2.10's answers in tests/golden/tensor_invert.json;
tests/common/test_tensor_invert.py runs the same cases with msfunc. No top-level import of
MindSpore or msfunc.
"""

import numpy as np

_INPUTS = {
    "int64": lambda: np.array([1, 2, 0, -3], np.int64),
    "int32": lambda: np.array([0, 5], np.int32),
    "int8": lambda: np.array([0, 7, -1], np.int8),
    "uint8": lambda: np.array([0, 1, 255], np.uint8),
    "float32": lambda: np.array([1.0, 0.0, -2.5], np.float32),
    "bool": lambda: np.array([True, False]),
    "scalar_int": lambda: np.array(3, np.int64),
}


def _record(t):
    return {"dtype": str(t.dtype).lower(), "value": np.asarray(t.asnumpy()).tolist()}


def _each(ms, run):
    return {name: _record(run(ms.Tensor(make()))) for name, make in sorted(_INPUTS.items())}


def pynative(ms):
    """``~t`` in PyNative code."""
    return _each(ms, lambda t: ~t)


def in_jit(ms):
    """``~t`` inside a ``jit`` function."""

    @ms.jit
    def invert(t):
        return ~t

    return _each(ms, invert)


CASES = {"pynative": pynative, "in_jit": in_jit}
