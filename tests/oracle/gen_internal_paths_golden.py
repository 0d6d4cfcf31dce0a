"""Golden values from real MindSpore 2.10 (CPU) for names reached by internal module paths and
internal state: `mindspore.common.np_dtype.bfloat16`, `ops.composite.multitype_ops`'
zeros_like, the dump marks `set_dump` leaves on Cells and Primitives, and running a network
through `mindspore.common.api._cell_graph_executor`.

Writes tests/golden/internal_paths.json; read by tests/compat/test_compat_internal_paths.py.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py internal_paths

Each scenario is a plain MindSpore program ``scenario(ms)`` returning a JSON-able record
(alias_scenarios.py). This module must not import MindSpore or msfunc at top level.
"""

import os

import numpy as np

# (tests/oracle is on sys.path: the scripts run from it; tests/_alias_scenarios adds it)
from alias_scenarios import exception_kind, write_golden

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "internal_paths.json"
)


def np_dtype_bfloat16(ms):
    """`mindspore.common.np_dtype.bfloat16` rounds like bfloat16 and makes bfloat16 Tensors."""
    from mindspore.common import np_dtype

    x = np.array([1.00390625, 1.01171875, 3.14159, -2.5e-3], dtype=np_dtype.bfloat16)
    t = ms.Tensor(x)
    return {
        "rounded": x.astype(np.float32).tolist(),
        "tensor_dtype": str(t.dtype).lower(),
        "asnumpy_is_bf16": t.asnumpy().dtype == np_dtype.bfloat16,
    }


def multitype_zeros_like(ms):
    """`ops.composite.multitype_ops.zeros_like_impl.zeros_like` of a Tensor."""
    from mindspore.ops.composite.multitype_ops.zeros_like_impl import zeros_like

    out = zeros_like(ms.Tensor(np.array([[1.5, 2.0]], np.float32)))
    return {"value": out.asnumpy().tolist(), "dtype": str(out.dtype).lower()}


def set_dump_marks(ms):
    """`set_dump` marks a Cell, its sub-Cells and its already marked Primitives (a flag on a
    Cell, an attribute on a Primitive); anything else is refused."""
    import warnings

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.act = ms.nn.ReLU()
            self.op = ms.ops.ReLU()
            self.other = ms.ops.Add()

        def construct(self, x):
            return self.other(self.op(self.act(x)), x)

    net = Net()
    rec = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ms.set_dump(net.act)
        ms.set_dump(net.op)
        rec["marked"] = [net.act.get_flags().get("dump"), net.op.attrs.get("dump")]
        ms.set_dump(net, False)
        rec["cleared"] = [
            net.get_flags().get("dump"),
            net.act.get_flags().get("dump"),
            net.op.attrs.get("dump"),
            net.other.attrs.get("dump"),
        ]
        for name, args in (("int_target", (1,)), ("int_enabled", (net, 1))):
            try:
                ms.set_dump(*args)
                rec[name] = "accepted"
            except Exception as exc:  # noqa: BLE001 - the type is the record
                rec[name] = exception_kind(exc)
    return rec


def graph_executor_run(ms):
    """``_cell_graph_executor(net, *inputs)`` runs a network compiled for the phase; one not
    compiled for it is a KeyError."""
    from mindspore.common.api import _cell_graph_executor as executor

    net = ms.nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
    other = ms.nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
    x = ms.Tensor(np.array([[1.0, 2.0]], np.float32))
    rec = {}
    for name, call in (
        ("before_compile", lambda: executor(net, x)),
        ("compiled", lambda: executor.compile(net, x) and executor(net, x)),
        ("other_phase", lambda: executor(net, x, phase="train")),
        ("other_net", lambda: executor(other, x)),
    ):
        try:
            rec[name] = call().asnumpy().tolist()
        except Exception as exc:  # noqa: BLE001 - the type is the record
            rec[name] = type(exc).__name__
    return rec


def manually_defined_functions(ms):
    """``ops.operations.manually_defined``'s rank, shape_ and tile, eagerly and in a
    GRAPH_MODE Cell."""
    from mindspore.ops.operations import manually_defined as md

    x = ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))

    class Net(ms.nn.Cell):
        def construct(self, x):
            return md.rank(x), md.shape_(x), md.tile(x, (2, 1))

    rec = {"eager": [md.rank(x), list(md.shape_(x)), md.tile(x, (1, 2)).asnumpy().tolist()]}
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        rank, shape, tiled = Net()(x)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    rec["graph"] = [int(rank), [int(n) for n in shape], tiled.asnumpy().tolist()]
    return rec


def _sequence_kind(seq):
    return "tuple" if isinstance(seq, tuple) else "list" if isinstance(seq, list) else "other"


def arg_dtype_cast_sequences(ms):
    """``ops._utils.arg_dtype_cast``'s ListToTuple and TupleToList on mixed items and on a
    variable-length sequence (``mutable(seq, True)``)."""
    from mindspore.ops._utils.arg_dtype_cast import ListToTuple, TupleToList

    items = [1.5, [1, 2], (3,), ms.Tensor([1.25], ms.float32)]

    def plain(seq):
        return [x.asnumpy().tolist() if isinstance(x, ms.Tensor) else x for x in seq]

    as_tuple = ListToTuple()(items)
    as_list = TupleToList()(tuple(items))
    dynamic = ListToTuple()(ms.mutable([1, 2, 3], True))
    return {
        "types": [_sequence_kind(s) for s in (as_tuple, as_list, dynamic)],
        "values": [plain(as_tuple), plain(as_list), [int(x) for x in dynamic]],
    }


SCENARIOS = [
    np_dtype_bfloat16,
    multitype_zeros_like,
    set_dump_marks,
    graph_executor_run,
    manually_defined_functions,
    arg_dtype_cast_sequences,
]


if __name__ == "__main__":
    write_golden(SCENARIOS, GOLDEN_PATH)
