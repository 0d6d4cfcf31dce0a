"""MindSpore's private initializer helpers that programs import to write their own
initializers (``mindspore.common.initializer._init_random_uniform`` and its siblings, fans,
gains), one case each.

Each case is a function ``case(ms)`` of the framework module returning JSON data; the golden
file (tests/golden/initializer_helpers.json) holds MindSpore 2.10's answers, written by
gen_initializer_helpers_golden.py, and tests/common/test_initializer_helpers.py runs the same
functions with ``ms = msfunc``. This module must not import MindSpore or msfunc at top level.
"""

import importlib

import numpy as np


def _helpers(ms):
    return importlib.import_module(f"{ms.__name__}.common.initializer")


def _values(arr):
    return [float(v) for v in np.asarray(arr, np.float64).ravel()]


def seeded_draws(ms):
    """Arrays drawn after ``set_seed``: dtype, shape and values, then the in-place forms."""
    init = _helpers(ms)
    ms.set_seed(5)
    uniform = init._init_random_uniform(-1, 2, (2, 3))
    again = init._init_random_uniform(0, 1, (4,))
    normal = init._init_random_normal(0.5, 2.0, (5,))
    truncated = init._init_truncated_normal(-1, 1, 0.0, 1.0, (6,))
    filled = np.zeros((2, 2), np.float32)
    returned = init._init_random_uniform_inplace(0, 3, filled)
    normal_filled = np.zeros(3, np.float32)
    init._init_random_normal_inplace(0.0, 1.0, normal_filled)
    cut = np.zeros(3, np.float32)
    init._init_truncated_normal_inplace(-2, 2, 1.0, 0.5, cut)
    return {
        "dtypes": [str(a.dtype) for a in (uniform, normal, truncated)],
        "shapes": [list(a.shape) for a in (uniform, normal, truncated)],
        "values": [_values(a) for a in (uniform, again, normal, truncated)],
        "in_place": [returned is None, _values(filled), _values(normal_filled), _values(cut)],
    }


def fans_and_gains(ms):
    """Fans of weight shapes, gains of nonlinearities, and the ValueErrors for bad input."""
    init = _helpers(ms)
    out = {
        "fans": [list(init._calculate_fan_in_and_fan_out(s)) for s in ((4, 3, 2, 2), (5, 7))],
        "in_and_out": list(init._calculate_in_and_out(np.zeros((5, 7)))),
        "gains": [
            init._calculate_gain(name, param)
            for name, param in (
                ("leaky_relu", 0.2),
                ("leaky_relu", None),
                ("tanh", None),
                ("relu", None),
                ("conv2d", None),
                ("sigmoid", None),
            )
        ],
        "correct_fan": [
            init._calculate_correct_fan((4, 3, 2, 2), m) for m in ("fan_in", "fan_out")
        ],
    }
    errors = []
    for bad in (
        lambda: init._calculate_fan_in_and_fan_out((3,)),
        lambda: init._calculate_gain("softplus"),
        lambda: init._calculate_correct_fan((2, 2), "fan_avg"),
    ):
        try:
            bad()
            errors.append(None)
        except Exception as exc:  # (the type is the answer)
            errors.append(type(exc).__name__)
    out["errors"] = errors
    return out


CASES = {"seeded_draws": seeded_draws, "fans_and_gains": fans_and_gains}
