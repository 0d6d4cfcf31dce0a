"""Golden values from real MindSpore 2.10 (CPU) for Tensor and Parameter behaviours that
MindSpore's own tests of the common area rely on (docs/parity.md): ``Tensor.__index__``,
``in`` on a Tensor, the printed form of a bfloat16 Tensor, ``Parameter.set_data`` with a
value of another shape or dtype, Tensors from Python data an integer dtype cannot hold, the
marks ``set_dump`` leaves, the names of unnamed Parameters in a ParameterTuple, the
Parameter a compiled function returns, the dtypes a program's Tensor takes, running a
network through ``_cell_graph_executor`` and ``nn.SparseToDense``.

Writes tests/golden/common_causes.json.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py common_causes

Each scenario is a plain MindSpore program ``scenario(ms)`` returning a JSON-able record; the
tests (tests/compat/test_common_causes.py) run the same functions with ``ms = msfunc`` under
`msfunc.compat.alias_mindspore`. Only the type of an exception is kept, never its wording.
"""

import json
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_PATH = os.path.join(HERE, "..", "golden", "common_causes.json")


def _kind(exc):
    """The builtin exception class an exception is an instance of, checked in this order."""
    for cls in (TypeError, ValueError, RuntimeError, IndexError):
        if isinstance(exc, cls):
            return cls.__name__
    return type(exc).__name__


def tensor_index(ms):
    """A Tensor as a list index: one-element integer and bool Tensors of any rank index, any
    other dtype or size is refused."""
    items = [10, 20, 30]
    cases = {
        "bfloat16": ms.Tensor(1, ms.bfloat16),
        "float32": ms.Tensor(1.0, ms.float32),
        "int32_rank1": ms.Tensor([1], ms.int32),
        "int32_two": ms.Tensor([1, 2], ms.int32),
        "bool": ms.Tensor(True),
        "int64": ms.Tensor(2, ms.int64),
        "uint8_rank2": ms.Tensor([[1]], ms.uint8),
    }
    rec = {}
    for name, t in cases.items():
        try:
            rec[name] = items[t]
        except Exception as exc:  # noqa: BLE001 - the type is the record
            rec[name] = _kind(exc)
    return rec


def tensor_contains(ms):
    """``x in t``: Tensors and numbers are looked for among the values, other objects never."""
    t = ms.Tensor([1, 2])
    probes = {
        "1": 1,
        "1.0": 1.0,
        "True": True,
        "3": 3,
        "Tensor(1)": ms.Tensor(1),
        "Tensor([1])": ms.Tensor([1]),
        "Tensor(3)": ms.Tensor(3),
        "np.int32(1)": np.int32(1),
        "'a'": "a",
        "[1]": [1],
        "np.array(1)": np.array(1),
    }
    rec = {name: probe in t for name, probe in probes.items()}
    rec["row_in_matrix"] = ms.Tensor([[1, 2]]) in ms.Tensor([[1, 2], [3, 4]])
    return rec


def bfloat16_str(ms):
    """``str`` of bfloat16 Tensors (each element as C's %f, nan and inf by name)."""
    values = {
        "ints": [1, 2, 3],
        "mixed": [100.5, 2, -3],
        "matrix": [[100.5, 2], [-3, 4]],
        "scalar": 1.5,
        "rounded": [1e10, -2.123456789, 3],
        "inf": [float("inf"), 1],
        "nan": float("nan"),
        "long": list(range(1100)),
    }
    return {name: str(ms.Tensor(v, dtype=ms.bfloat16)) for name, v in values.items()}


def parameter_set_data(ms):
    """``Parameter.set_data`` keeps the Parameter's dtype and takes the data's shape."""
    rec = {}
    data = {
        "bigger_float32": ms.Tensor(np.full((4, 5), 2, np.float32)),
        "rank1_float16": ms.Tensor(np.ones((3,), np.float16)),
        "same_shape_int32": ms.Tensor(np.full((2, 3), 3, np.int32)),
        "tensor_scalar": ms.Tensor(7.0),
        "python_float": 3.0,
    }
    for name, value in data.items():
        p = ms.Parameter(ms.Tensor(np.ones((2, 3), np.float32)), name="param")
        returned = p.set_data(value)
        rec[name] = {
            "returns_self": returned is p,
            "shape": list(p.shape),
            "dtype": str(p.dtype).lower(),
            "sum": float(p.asnumpy().sum()),
        }
    return rec


def tensor_from_python_data(ms):
    """Tensors from Python data: NaN, infinities, values out of range and complex numbers
    cast into an integer dtype as C casts them; a ragged nesting is refused."""
    cases = {
        "nan_int64": ((1, 2, 3, float("nan")), ms.int64),
        "inf_int64": ((1, 2, 3, float("inf")), ms.int64),
        "nan_int32_list": ([1.5, float("nan")], ms.int32),
        "nan_scalar_int32": (float("nan"), ms.int32),
        "too_big_int32": ([1e20], ms.int32),
        "complex_int64": ((1, 2j, 3), ms.int64),
        "ragged_inner": ([[3], [[4]]], None),
        "ragged_lengths": ([[3], [4, 5]], None),
        "ragged_outer": ([[[3]], [4]], None),
    }
    rec = {}
    for name, (data, dtype) in cases.items():
        try:
            t = ms.Tensor(data, dtype)
            rec[name] = [str(t.dtype).lower(), t.asnumpy().tolist()]
        except Exception as exc:  # noqa: BLE001 - the type is the record
            rec[name] = _kind(exc)
    return rec


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
                rec[name] = _kind(exc)
    return rec


def parameter_tuple_names(ms):
    """Unnamed Parameters of a ParameterTuple assigned to a Cell are named ``Parameter$N``,
    counted per Cell; a Parameter listed twice is named once."""
    nn, Parameter, Tensor = ms.nn, ms.Parameter, ms.Tensor

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.a = Parameter(Tensor([1.0]), name="name_a")
            shared = Parameter(Tensor([2.0]))
            self.first = ms.ParameterTuple((shared, self.a, Parameter(Tensor([5.0])), shared))
            self.second = ms.ParameterTuple((Parameter(Tensor([7.0])),))

        def construct(self):
            return self.a + self.first[0]

    nets = [Net(), Net()]
    return {
        "first": [p.name for p in nets[0].first],
        "second": [p.name for p in nets[0].second],
        "another_cell": [p.name for p in nets[1].first],
        "parameters_and_names": sorted(n for n, _ in nets[0].parameters_and_names()),
        "output": nets[0]().asnumpy().tolist(),
    }


def graph_returned_parameter(ms):
    """A compiled function or a GRAPH_MODE Cell returning a Parameter alone, unwritten, returns
    the Parameter itself; written, or inside a tuple or list, a Tensor of its value."""
    ops = ms.ops
    w = ms.Parameter(ms.Tensor([1.0, 2.0]), name="w")

    @ms.jit
    def alone(x):
        return w

    @ms.jit
    def written(x):
        ops.assign(w, w * 2)
        return w

    @ms.jit
    def in_tuple(x):
        return (w,)

    class Net(ms.nn.Cell):
        def __init__(self, mode):
            super().__init__()
            self.p = ms.Parameter(ms.Tensor([3.0]), name="p")
            self.mode = mode

        def construct(self, x):
            if self.mode == "read":
                self.p + x  # noqa: B018  (the Parameter is read, not written)
                return self.p
            if self.mode == "assign":
                ops.assign(self.p, x)
                return self.p
            return [self.p, x]

    def kind(out, param):
        if isinstance(out, (tuple, list)):
            return [type(out).__name__] + [kind(v, param) for v in out]
        return "the Parameter" if out is param else type(out).__name__

    x = ms.Tensor([1.0])
    rec = {
        "jit_alone": kind(alone(x), w),
        "jit_written": kind(written(x), w),
        "jit_in_tuple": kind(in_tuple(x), w),
    }
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        for mode in ("read", "assign", "list"):
            net = Net(mode)
            out = net(x)
            rec[f"graph_cell_{mode}"] = kind(out, net.p)
            net.p.name = "renamed"
            rec[f"graph_cell_{mode}_name_after_rename"] = getattr(net(x), "name", None)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    return rec


def program_dtype_arguments(ms):
    """A program's Tensor takes MindSpore dtypes only (a numpy scalar type, a Python type or a
    name is a TypeError) and ``from_numpy`` numpy arrays only."""
    dtypes = {
        "np.float32": np.float32,
        "np.int64": np.int64,
        "'float32'": "float32",
        "int": int,
        "float": float,
        "ms.float32": ms.float32,
        "None": None,
    }
    rec = {}
    for name, dtype in dtypes.items():
        for data_name, data in (("list", [1, 2]), ("none", None)):
            try:
                t = ms.Tensor(data, dtype)
                rec[f"{name}_{data_name}"] = str(t.dtype).lower()
            except Exception as exc:  # noqa: BLE001 - the type is the record
                rec[f"{name}_{data_name}"] = _kind(exc)
    for name, value in (("list", [1, 2]), ("float", 3.0), ("array", np.arange(2.0))):
        try:
            rec[f"from_numpy_{name}"] = ms.from_numpy(value).asnumpy().tolist()
        except Exception as exc:  # noqa: BLE001 - the type is the record
            rec[f"from_numpy_{name}"] = _kind(exc)
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


def sparse_to_dense(ms):
    """``nn.SparseToDense`` of a COOTensor, and its gradients (the indices' are zeros)."""

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.to_dense = ms.nn.SparseToDense()

        def construct(self, indices, values):
            return self.to_dense(ms.COOTensor(indices, values, (3, 4)))

    indices = ms.Tensor([[0, 1], [1, 2]])
    values = ms.Tensor([1.0, 2.0], ms.float32)
    grads = ms.ops.GradOperation(get_all=True)(Net())(indices, values)
    try:
        ms.nn.SparseToDense()(ms.Tensor([1.0]))
        refused = "accepted"
    except Exception as exc:  # noqa: BLE001 - the type is the record
        refused = _kind(exc)
    return {
        "dense": Net()(indices, values).asnumpy().tolist(),
        "grads": [[str(g.dtype).lower(), g.asnumpy().tolist()] for g in grads],
        "dense_tensor_input": refused,
    }


SCENARIOS = [
    tensor_index,
    tensor_contains,
    bfloat16_str,
    parameter_set_data,
    tensor_from_python_data,
    set_dump_marks,
    parameter_tuple_names,
    graph_returned_parameter,
    program_dtype_arguments,
    graph_executor_run,
    sparse_to_dense,
]


def main():
    import mindspore as ms

    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    golden = {}
    for scenario in SCENARIOS:
        try:
            golden[scenario.__name__] = scenario(ms)
        except Exception as exc:  # noqa: BLE001 - recorded, the test skips it
            golden[scenario.__name__] = {"error": type(exc).__name__}
    with open(GOLDEN_PATH, "w") as f:
        json.dump(golden, f, indent=1, sort_keys=True)
    print(json.dumps(golden, indent=1, sort_keys=True))


if __name__ == "__main__":
    main()
