"""Golden values from real MindSpore 2.10 (CPU) for the graph-compiler internals MindSpore's
programs and tests import: `_checkparam._expand_tuple` / `check_input_format`, the functions
of `_extends.parse.standard_method`, the phases `common.api._CellGraphExecutor` and
`_JitExecutor` give (equal for inputs that compile to one program), `mutable` of a
self-referencing list, and `ops.tuple_to_array` of a range.

Writes tests/golden/parse_internals.json; read by tests/compat/test_compat_parse_internals.py.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py parse_internals

Each scenario is a plain MindSpore program ``scenario(ms)`` returning a JSON-able record
(alias_scenarios.py). This module must not import MindSpore or msfunc at top level.
"""

import os

import numpy as np

# (tests/oracle is on sys.path: the scripts run from it; tests/_alias_scenarios adds it)
from alias_scenarios import exception_kind, write_golden

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "parse_internals.json"
)


def _outcome(call):
    """The JSON form of ``call()``: a tuple as a list, a Tensor as its values, or the
    exception kind."""
    try:
        out = call()
    except Exception as exc:  # noqa: BLE001 - the type is the record
        return {"raised": exception_kind(exc)}
    if hasattr(out, "asnumpy"):
        return {"shape": list(out.shape), "values": out.asnumpy().tolist()}
    return list(out) if isinstance(out, tuple) else out


def expand_tuple(ms):
    """`_expand_tuple(n)` repeats an int n times or passes a tuple of n ints; anything else
    (a float, a bool, a list, a tuple of another length or with a bool) is refused;
    `check_input_format` takes "NCHW" alone."""
    del ms
    from mindspore._checkparam import _expand_tuple, check_input_format

    cases = [(1, 5), (2, 3), (2, (3, 4)), (3, 2), (2, 0.5), (2, True), (2, "s"), (1, (1,))]
    cases += [(2, (True, 1)), (3, [1, 2, 3]), (2, (1, 2, 3)), (2, (3.3, 4))]
    rec = {f"{n}:{v!r}": _outcome(lambda n=n, v=v: _expand_tuple(n)(v)) for n, v in cases}
    for fmt in ("NCHW", "NHWC", "rt", 1):
        rec[f"format:{fmt!r}"] = _outcome(lambda fmt=fmt: check_input_format(fmt))
    return rec


def standard_method(ms):
    """The functions standard_method maps methods and builtins to, called on their receiver."""
    from mindspore._extends.parse import standard_method as sm

    x = ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    calls = {
        "ms_len_list": lambda: sm.ms_len([1, 2, 3]),
        "ms_len_tensor": lambda: sm.ms_len(x),
        "ms_len_0d": lambda: sm.ms_len(ms.Tensor(1.0)),
        "tensor_bool_one": lambda: sm.tensor_bool(ms.Tensor([4.0])),
        "tensor_bool_zero": lambda: sm.tensor_bool(ms.Tensor([0.0])),
        "tensor_bool_many": lambda: sm.tensor_bool(ms.Tensor([1.0, 2.0])),
        "bool_int": lambda: sm.bool_(0),
        "int_func": lambda: sm.int_func(3.7),
        "int_func_empty": lambda: sm.int_func(),
        "float_func": lambda: sm.float_func(3),
        "str_func": lambda: sm.str_func(3),
        "ms_sum": lambda: sm.ms_sum([1, 2]),
        "getitem": lambda: sm.getitem([1, 2], 1),
        "size_": lambda: sm.size_(x),
        "T_": lambda: sm.T_(x),
        "reshape": lambda: sm.reshape(x, 3, 2),
        "view": lambda: sm.view(x, (6,)),
        "unsqueeze": lambda: sm.unsqueeze(x, 0),
        "argmax": lambda: sm.argmax(x, 1),
        # (MindSpore's own standard_method.choose fails outside a graph: the method here)
        "choose": lambda: ms.Tensor(np.array([2, 1, 0])).choose(
            [[0, 1, 2], [10, 11, 12], [20, 21, 22]]
        ),
    }
    return {name: _outcome(call) for name, call in calls.items()}


def executor_phases(ms):
    """Which compiles of one network and one function share a phase: Python constants by
    value, Tensors by shape and dtype (by identity inside a plain tuple), `mutable` inputs by
    kind, a plain list never; and the `new` flag."""
    from mindspore.common.api import _CellGraphExecutor, _JitExecutor

    class Net(ms.nn.Cell):
        def construct(self, x, y):
            return x * y[0]

    net = Net()
    t = ms.Tensor(np.ones((2,), np.float32))
    u = ms.Tensor(np.zeros((2,), np.float32))
    inputs = {
        "int1": (t, (1,)),
        "int2": (t, (2,)),
        "int1_again": (t, (1,)),
        "other_tensor": (u, (1,)),
        "other_shape": (ms.Tensor(np.ones((3,), np.float32)), (1,)),
        "mutable1": (t, ms.mutable((1,))),
        "mutable2": (t, ms.mutable((2,))),
        "mutable_float": (t, ms.mutable((2.0,))),
        "tensor_tuple": (t, (t,)),
        "tensor_tuple_other": (u, (u,)),
        "same_values_in_tuple": (t, (ms.Tensor(np.ones((2,), np.float32)),)),
        "tensor_in_list": (t, [t]),
        "tensor_in_list_again": (t, [t]),
        "int_list": (t, [1, 2]),
        "int_list_again": (t, [1, 2]),
        "mutable_tensor_tuple": (t, ms.mutable((t,))),
        "mutable_tensor_tuple_other": (t, ms.mutable((u,))),
        "mutable_int_list": (t, ms.mutable([1, 2])),
        "mutable_int_list_other": (t, ms.mutable([3, 4])),
        "mutable_nested_list": (t, ms.mutable([t, [1, 2]])),
        "mutable_nested_list_other": (t, ms.mutable([u, [3, 4]])),
    }
    executor = _CellGraphExecutor()
    cell = {}
    for name, args in inputs.items():
        phase, new = executor.compile(net, *args)
        cell[name] = [phase, new]
    function = _JitExecutor(net.construct, 0)
    fn = {name: function.compile("construct", *args) for name, args in inputs.items()}

    def classes(phases):
        """Each name with the first input name of its phase (phases themselves hold ids)."""
        first = {}
        return {name: first.setdefault(phase, name) for name, phase in phases.items()}

    return {
        "cell": classes({k: v[0] for k, v in cell.items()}),
        "cell_new": {k: v[1] for k, v in cell.items()},
        "jit": classes(fn),
    }


def mutable_self_reference(ms):
    """`mutable` refuses a list, dict or tuple that holds itself; one list held twice is fine."""
    a = []
    a.append(a)
    b = [1]
    rec = {}
    for name, value in (("list", a), ("dict", {"k": a}), ("tuple", (1, a)), ("shared", [b, b])):
        try:
            ms.mutable(value)
            rec[name] = "accepted"
        except Exception as exc:  # noqa: BLE001 - the type is the record
            rec[name] = exception_kind(exc)
    return rec


def tuple_to_array_range(ms):
    """`ops.tuple_to_array` takes a range as the tuple of its ints."""
    out = ms.ops.tuple_to_array(range(4))
    return {"values": out.asnumpy().tolist(), "dtype": str(out.dtype).lower()}


SCENARIOS = [expand_tuple, standard_method, executor_phases, mutable_self_reference]
SCENARIOS += [tuple_to_array_range]


if __name__ == "__main__":
    write_golden(SCENARIOS, GOLDEN_PATH)
