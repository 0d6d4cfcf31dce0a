"""Write tests/golden/cell_naming.json: the Parameter names real MindSpore 2.10 gives Cells built
in steps (CellList/SequentialCell appends, inserts, nested lists), the exception class of an
optimizer over two Parameters of one name, and which inputs Dense and MatMul refuse (dtype,
shape); read by tests/nn/test_cell_naming.py.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py cell_naming
"""

import json
import pathlib

import numpy as np
from mindspore import Parameter, Tensor, nn, ops

OUT = pathlib.Path(__file__).resolve().parents[1] / "golden" / "cell_naming.json"


def error_type(fn):
    """The class name of the exception ``fn()`` raises (reading a Tensor result), or None."""
    try:
        out = fn()
        if isinstance(out, Tensor):
            out.asnumpy()  # MindSpore reports some errors only when the value is read
    except Exception as exc:  # noqa: BLE001  (the type is what is recorded)
        return type(exc).__name__
    return None


def dense(n_in=2, n_out=2):
    return nn.Dense(n_in, n_out, weight_init="ones", bias_init="zeros")


class Appended(nn.Cell):
    def __init__(self):
        super().__init__()
        self.layers = nn.CellList([dense(), dense()])
        self.layers.append(dense())
        self.layers.insert(0, dense())
        self.layers.extend([dense()])
        self.layers[1] = dense()
        self.seq = nn.SequentialCell([dense()])
        self.seq.append(dense())


class Block(nn.Cell):
    def __init__(self):
        super().__init__()
        self.layers = nn.CellList([dense()])


class Outer(nn.Cell):
    def __init__(self):
        super().__init__()
        self.block = Block()
        self.block.layers.append(dense())
        self.empty = nn.CellList()
        self.empty.append(dense())


class TwoW(nn.Cell):
    def __init__(self):
        super().__init__()
        self.a = Parameter(Tensor(np.ones(2, np.float32)), name="w")
        self.b = Parameter(Tensor(np.ones(2, np.float32)), name="w")

    def construct(self, x):
        return x * self.a * self.b


class Slotted(nn.Cell):
    __slots__ = ("weights", "scale")  # (MindChemistry's TensorProduct declares its attributes)

    def __init__(self, n):
        super().__init__()
        self.scale = 2.0
        self.weights = Parameter(Tensor(np.arange(n, dtype=np.float32)))


class HoldsSlotted(nn.Cell):
    def __init__(self):
        super().__init__()
        self.a = Slotted(3)
        self.b = Slotted(2)


def slotted_names():
    """Parameter names and values of Cells whose class declares ``__slots__``, then after one
    slot attribute is assigned a new Parameter."""
    net = HoldsSlotted()
    before = {k: v.asnumpy().tolist() for k, v in net.parameters_dict().items()}
    net.a.weights = Parameter(Tensor(np.ones(1, np.float32)))
    return {
        "before": before,
        "after": [p.name for p in net.trainable_params()],
        "scale": net.a.scale,
    }


def sequences(kind):
    """A Cell holding Parameters in plain tuple/list attributes, arranged as `kind` names."""

    def param(name=None):
        return Parameter(Tensor(np.ones(1, np.float32)), name=name)

    class Held(nn.Cell):
        def __init__(self):
            super().__init__()
            shared = param("s")
            layouts = {
                "tuple_then_list": [("t", (param("a"), param())), ("u", [param("a")])],
                "within_one_tuple": [("t", (param("a"), param("a")))],
                "one_object_twice": [("t", (shared,)), ("u", [shared])],
                "direct_then_tuple": [("p", param("a")), ("t", (param("a"),))],
                "replaced_attribute": [("t", (param("a"),)), ("t", (param("a"),))],
                "dict_then_list": [("t", {"k": param("a")}), ("u", [param("a")])],
            }
            for attr, value in layouts[kind]:
                setattr(self, attr, value)

    return Held()


SEQUENCE_KINDS = (
    "tuple_then_list",
    "within_one_tuple",
    "one_object_twice",
    "direct_then_tuple",
    "replaced_attribute",
    "dict_then_list",
)


def main():
    golden = {
        "sequence_names": {
            kind: error_type(lambda k=kind: sequences(k)) for kind in SEQUENCE_KINDS
        },
        "names": {
            "appended": [p.name for p in Appended().trainable_params()],
            "nested": [p.name for p in Outer().trainable_params()],
            "slotted": slotted_names(),
            "duplicate_optimizer_error": error_type(lambda: nn.SGD(TwoW().trainable_params(), 0.1)),
        },
    }
    d = dense(3, 2)
    golden["strictness"] = {
        "dense_float64": error_type(lambda: d(Tensor(np.ones((1, 3))))),
        "dense_float16": error_type(lambda: d(Tensor(np.ones((1, 3), np.float16)))),
        "dense_int32": error_type(lambda: d(Tensor(np.ones((1, 3), np.int32)))),
        "dense_shape": error_type(lambda: d(Tensor(np.ones((1, 4), np.float32)))),
        "matmul_float64": error_type(
            lambda: ops.MatMul()(Tensor(np.ones((1, 3))), Tensor(np.ones((3, 2), np.float32)))
        ),
        "dense_3d_shape": list(d(Tensor(np.ones((4, 2, 3), np.float32))).shape),
    }
    OUT.write_text(json.dumps(golden, indent=1, sort_keys=True) + "\n")
    print("wrote", OUT)


if __name__ == "__main__":
    main()
