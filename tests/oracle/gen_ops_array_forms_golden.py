"""Golden values from real MindSpore 2.10 (CPU) for array ops' argument forms: aminmax with
axis None and of a 0-d Tensor, swapaxes/swapdims axis checks, dot's contraction and
mismatched shapes, DepthToSpace/SpaceToDepth channel order.

Writes tests/golden/ops_array_forms.json; read by tests/ops/test_ops_array.py.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py ops_array_forms

Each scenario is a plain MindSpore program ``scenario(ms)`` returning a JSON-able record
(alias_scenarios.py). This module must not import MindSpore or msfunc at top level.
"""

import functools
import os

import numpy as np

# (tests/oracle is on sys.path: the scripts run from it; tests/_alias_scenarios adds it)
from alias_scenarios import exception_kind, write_golden

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "ops_array_forms.json"
)


def aminmax_forms(ms):
    """`ops.aminmax`/`Tensor.aminmax` with axis None (every axis) and of a 0-d Tensor."""
    x = ms.Tensor(np.array([[0.0, 0.4, 0.6, 0.7, 0.1], [0.78, 0.97, 0.5, 0.82, 0.99]]), ms.float32)
    s = ms.Tensor(np.array(32), ms.float32)
    rec = {}
    for name, t, kw in [
        ("default", x, {}),
        ("none", x, {"axis": None}),
        ("none_keep", x, {"axis": None, "keepdims": True}),
        ("axis1_keep", x, {"axis": 1, "keepdims": True}),
        ("scalar_axis0_keep", s, {"axis": 0, "keepdims": True}),
        ("scalar_none", s, {"axis": None}),
        ("scalar_minus1", s, {"axis": -1}),
    ]:
        for how, call in (("method", t.aminmax), ("ops", functools.partial(ms.ops.aminmax, t))):
            lo, hi = call(**kw)
            rec[f"{name}_{how}"] = [
                list(lo.shape),
                np.round(lo.asnumpy(), 6).tolist(),
                np.round(hi.asnumpy(), 6).tolist(),
            ]
    return rec


def swapaxes_checks(ms):
    """`Tensor.swapaxes`/`ops.swapaxes`/`ops.swapdims`: a tuple axis is a TypeError, an axis out
    of range a ValueError."""
    x = ms.Tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    rec = {}
    calls = {
        "method": x.swapaxes,
        "ops": functools.partial(ms.ops.swapaxes, x),
        "swapdims": functools.partial(ms.ops.swapdims, x),
    }
    for how, call in calls.items():
        for name, axes in (("tuple", (0, (1,))), ("range", (0, 3)), ("ok", (0, -1))):
            try:
                rec[f"{how}_{name}"] = list(call(*axes).shape)
            except Exception as exc:  # noqa: BLE001 - the type is the record
                rec[f"{how}_{name}"] = exception_kind(exc)
    return rec


def depth_space(ms):
    """`P.DepthToSpace`/`P.SpaceToDepth`: the channel order of the moved blocks."""
    P = ms.ops.operations
    x = ms.Tensor(np.arange(24).reshape(1, 8, 1, 3).astype(np.float32))
    y = ms.Tensor(np.arange(64).reshape(2, 2, 4, 4).astype(np.int32))
    return {
        "depth_to_space": P.DepthToSpace(2)(x).asnumpy().tolist(),
        "space_to_depth": P.SpaceToDepth(2)(y).asnumpy().tolist(),
        "round_trip": P.DepthToSpace(2)(P.SpaceToDepth(2)(y)).asnumpy().tolist(),
    }


def dot_shapes(ms):
    """`ops.dot` of matching shapes (the contraction over x2's second-to-last dim) and of
    mismatched ones (an error). (MindSpore also refuses vectors, which msfunc takes.)"""
    rec = {}
    for name, a, b in (
        ("ok", (2, 3), (1, 3, 2)),
        ("mismatch", (2, 3), (1, 2, 3)),
        ("mismatch_3d", (4, 2, 3), (2, 2)),
    ):
        try:
            out = ms.ops.dot(ms.Tensor(np.ones(a, np.float32)), ms.Tensor(np.ones(b, np.float32)))
            rec[name] = out.asnumpy().tolist()
        except Exception as exc:  # noqa: BLE001 - the type is the record
            rec[name] = exception_kind(exc)
    return rec


def range_bounds(ms):
    """``ops.range`` with Python numbers, 0-d and 1-element Tensors as bounds (values and
    dtype), and bounds of two elements."""
    rec = {}
    for name, bounds in (
        ("ints", (0, 10, 2)),
        ("one_element", (ms.Tensor([0]), ms.Tensor([10]), ms.Tensor([3]))),
        ("float_0d", (ms.Tensor(1.0), ms.Tensor(2.0), ms.Tensor(0.25))),
        (
            "float64",
            (ms.Tensor(1.0, ms.float64), ms.Tensor(2.0, ms.float64), ms.Tensor(0.5, ms.float64)),
        ),
        ("int8", (ms.Tensor(1, ms.int8), ms.Tensor(5, ms.int8), ms.Tensor(2, ms.int8))),
        (
            "int32_mixed",
            (ms.Tensor([1], ms.int32), ms.Tensor(9, ms.int32), ms.Tensor([4], ms.int32)),
        ),
        ("two_elements", (ms.Tensor([0, 1]), ms.Tensor([10]), ms.Tensor([2]))),
    ):
        try:
            out = ms.ops.range(*bounds, maxlen=20)
            rec[name] = [out.asnumpy().tolist(), str(out.dtype).lower()]
        except Exception as exc:  # noqa: BLE001 - the type is the record
            rec[name] = exception_kind(exc)
    return rec


SCENARIOS = [aminmax_forms, swapaxes_checks, depth_space, dot_shapes, range_bounds]


if __name__ == "__main__":
    write_golden(SCENARIOS, GOLDEN_PATH)
