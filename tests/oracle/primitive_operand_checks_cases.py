"""Operand and constructor checks of MindSpore 2.10's class forms: ReverseV2 takes a tuple or
list of ints as `axis` (TypeError on construction otherwise), GridSampler2D/3D take one float
dtype for the input and the grid (TypeError otherwise).

Each case is a function ``case(ms)`` of the framework module returning JSON data: the outcome,
or ``{"error": <exception type name>}``. gen_primitive_operand_checks_golden.py records
MindSpore's answers in tests/golden/primitive_operand_checks.json;
tests/ops/test_primitive_operand_checks.py runs the same functions with ``ms = msfunc``. This
module must not import MindSpore or msfunc at top level.
"""

import numpy as np


def _outcome(run):
    try:
        return {"value": np.asarray(run().asnumpy()).tolist()}
    except Exception as exc:  # the exception's type is the answer
        return {"error": type(exc).__name__}


def _reverse(ms, axis):
    x = ms.Tensor(np.arange(4, dtype=np.float32).reshape(2, 2))
    return _outcome(lambda: ms.ops.ReverseV2(axis)(x))


def reverse_float_axis(ms):
    return _reverse(ms, 0.1)


def reverse_int_axis(ms):
    return _reverse(ms, 1)


def reverse_tuple_of_float(ms):
    return _reverse(ms, (0.1,))


def reverse_tuple_of_bool(ms):
    return _reverse(ms, (True,))


def reverse_tuple(ms):
    return _reverse(ms, (1,))


def reverse_list(ms):
    return _reverse(ms, [0, 1])


_GRID_POINTS = [[-1.0, -1.0, -1.0], [0.5, 0.0, 1.0]]


def _sample(ms, three_d, x_dtype, grid_dtype):
    if three_d:
        x = np.arange(8).reshape(1, 1, 2, 2, 2)
        grid = np.array(_GRID_POINTS).reshape(1, 1, 1, 2, 3)
        op = ms.ops.GridSampler3D(align_corners=True)
    else:
        x = np.arange(4).reshape(1, 1, 2, 2)
        grid = np.array(_GRID_POINTS)[:, :2].reshape(1, 1, 2, 2)
        op = ms.ops.GridSampler2D(align_corners=True)
    xt, gt = ms.Tensor(x.astype(x_dtype)), ms.Tensor(grid.astype(grid_dtype))
    return _outcome(lambda: op(xt, gt).astype(ms.float32))


def grid_3d_float_and_int(ms):
    return _sample(ms, True, np.float32, np.int32)


def grid_3d_float32_and_float64(ms):
    return _sample(ms, True, np.float32, np.float64)


def grid_3d_ints(ms):
    return _sample(ms, True, np.int32, np.int32)


def grid_3d_float16(ms):
    return _sample(ms, True, np.float16, np.float16)


def grid_2d_float64_and_float32(ms):
    return _sample(ms, False, np.float64, np.float32)


def grid_2d_float32(ms):
    return _sample(ms, False, np.float32, np.float32)


CASES = {
    name: fn
    for name, fn in dict(globals()).items()
    if callable(fn) and not name.startswith("_") and fn.__module__ == __name__
}
