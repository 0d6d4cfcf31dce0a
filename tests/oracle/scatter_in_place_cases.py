"""Scatter primitives given a plain Tensor (not a Parameter) as the variable: MindSpore's
kernels write it in place as well as returning the new value. Each case ``case(ms)`` returns
JSON data. gen_scatter_in_place_golden.py records MindSpore 2.10's answers in
tests/golden/scatter_in_place.json; tests/ops/test_scatter_in_place.py runs the same cases with
msfunc. No top-level import of MindSpore or msfunc.
"""

import importlib

import numpy as np


def _ops():
    return importlib.import_module("mindspore.ops.operations")


def _variable(ms):
    return ms.Tensor(np.array([[1.0, 2.0], [3.0, 4.0]], np.float32))


def primitives(ms):
    """Each scatter called on a plain Tensor: [the Tensor afterwards, the output]."""
    P = _ops()
    rows, update = ms.Tensor([0], ms.int32), ms.Tensor([[1.0, 1.0]])
    nd_index = ms.Tensor([[0]], ms.int32)
    calls = {
        "ScatterUpdate": lambda x: P.ScatterUpdate()(x, rows, update),
        "ScatterAdd": lambda x: P.ScatterAdd()(x, rows, update),
        "ScatterMax": lambda x: P.ScatterMax()(x, rows, update),
        "ScatterNdUpdate": lambda x: P.ScatterNdUpdate()(x, nd_index, update),
        "ScatterNdAdd": lambda x: P.ScatterNdAdd()(x, nd_index, update),
        "IndexAdd": lambda x: P.IndexAdd(axis=0)(x, rows, update),
        "InplaceIndexAdd": lambda x: P.InplaceIndexAdd(axis=0)(x, rows, update),
    }
    out = {}
    for name, call in calls.items():
        x = _variable(ms)
        result = call(x)
        out[name] = [x.asnumpy().tolist(), result.asnumpy().tolist()]
    return out


def in_cells(ms):
    """InplaceIndexAdd in a Cell's construct that returns its written input, in PyNative and
    in GRAPH_MODE: the output and the caller's Tensor afterwards."""
    P = _ops()

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.op = P.InplaceIndexAdd(axis=0)

        def construct(self, x, indices, updates):
            self.op(x, indices, updates)
            return x

    out = {}
    for mode in ("pynative", "graph"):
        ms.set_context(mode=ms.GRAPH_MODE if mode == "graph" else ms.PYNATIVE_MODE)
        try:
            x = ms.Tensor(np.array([[1, 2], [3, 4], [5, 6]], np.int32))
            indices = ms.Tensor([0, 1], ms.int32)
            updates = ms.Tensor(np.array([[1, 2], [7, 8]], np.int32))
            result = Net()(x, indices, updates)
            out[mode] = [result.asnumpy().tolist(), x.asnumpy().tolist()]
        finally:
            ms.set_context(mode=ms.PYNATIVE_MODE)
    return out


CASES = {"primitives": primitives, "in_cells": in_cells}
