"""Tensor conversion cases written as ``case(ms)`` functions of the framework module.

gen_tensor_conversions_golden.py records MindSpore 2.10's answers to them in
tests/golden/tensor_conversions.json and tests/common/test_tensor_conversions.py runs the same
functions with ``ms = msfunc``. This module must not import MindSpore or msfunc at top level.
"""

import numpy as np


def from_numpy_writes(ms):
    """Which Tensor writes reach the numpy array ``Tensor.from_numpy`` was given (the numpy
    to Tensor direction is a documented difference: msfunc's Tensor keeps its own copy)."""
    n = np.zeros(3, np.float32)
    t = ms.Tensor.from_numpy(n)
    t[1] = 7.0
    seen = {"item_write": n.tolist()}
    t += 1
    seen["iadd"] = n.tolist()
    seen["tensor"] = t.asnumpy().tolist()
    return seen


CASES = {"from_numpy_writes": from_numpy_writes}
