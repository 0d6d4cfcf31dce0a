"""Python inside ``ms.jit`` as MindSpore 2.10's graph mode runs it, one case each: ``ops.partial``
keywords, augmented assignment to a module global, what a graph returns for dicts, iterators and
numpy values, graph-mode ``print``, ``int()`` of a Tensor, ``dict.has_key``.

Each case is a function ``case(ms)`` of the framework module returning JSON data; the golden
file (tests/golden/jit_python.json) holds MindSpore's answers, written by gen_jit_python_golden.py,
and tests/transforms/test_jit.py runs the same functions with ``ms = msfunc``. This module must not
import MindSpore or msfunc at top level.
"""

import numpy as np


def _lists(values):
    return [np.asarray(v.asnumpy()).tolist() for v in values]


def partial_keywords(ms):
    """tutorial_statements: ``ops.partial`` with keyword arguments, inside ``ms.jit``."""

    def add(x, y):
        return x + y

    @ms.jit
    def run():
        add_ = ms.ops.partial(add, x=2)
        return add_(y=3), add_(y=5)

    return list(run())


_Z = None  # module globals `global_augmented_assignment` reads
_N = 1


def _grow_global():
    for i in (1, 2, 3):
        _Z += i  # noqa: F823 - graph mode reads the global here (Python: UnboundLocalError)
    return _Z


def _grow_number():
    for i in (1, 2):
        _N += i  # noqa: F823
    return _N


def global_augmented_assignment(ms):
    """tutorial_statements: ``z += i`` on a module-level Tensor inside ``ms.jit`` (and on a
    Python number, whose global stays as it was). MindSpore also writes the sum back into
    a global Tensor; msfunc does not (a documented difference), so that is not recorded."""
    global _Z
    _Z = ms.Tensor(np.ones((2, 2), np.float32))
    out = ms.jit(_grow_global)()
    return {"result": _lists([out])[0], "number": ms.jit(_grow_number)(), "number_after": _N}


def _is_odd(x):
    return x % 2 == 1


def _add(x, y):
    return x + y


def _iterators_and_dicts():
    keyed = dict(zip(["one", "two", "three"], [1, 2, 3]))
    return (
        keyed,
        map(_add, (1, 2), (3, 4)),
        map(_add, [1, 2], [3, 4]),
        filter(_is_odd, (1, 2, 3)),
        zip((1, 2), (3, 4)),
        range(0, 6, 2),
        enumerate((10, 20), 3),
    )


def _numpy_values():
    a = np.array([1, 2, 3])
    return tuple(a), np.float32(2.5), a, a[0]


def numpy_returns(ms):
    """tutorial_python_builtin_functions: numpy values made inside ``ms.jit`` leave as
    Python numbers (numpy scalars) and numpy arrays, not as Tensors."""
    out = ms.jit(_numpy_values)()
    return [
        [type(v).__name__ for v in out[0]],
        type(out[1]).__name__,
        type(out[2]).__name__,
        repr(out),
    ]


def graph_returns(ms):
    """tutorial_python_builtin_functions: what ``ms.jit`` returns for a dict (its key
    order) and for map/filter/zip/range/enumerate objects (as text: tuple or list)."""
    return repr(ms.jit(_iterators_and_dicts)())


def _print_some(a, b, c):
    print("a is", a)
    print(b, 3)
    print(c)
    return a


def _captured_prints(ms, run):
    """What ``run()`` writes to file descriptor 1 (MindSpore's graph print writes there from
    C++), with msfunc's staged prints flushed."""
    import contextlib
    import os
    import sys
    import tempfile

    with tempfile.TemporaryFile() as sink:
        sys.stdout.flush()
        saved = os.dup(1)
        os.dup2(sink.fileno(), 1)
        stream = os.fdopen(os.dup(1), "w")  # (Python's prints too, whatever sys.stdout is)
        try:
            with contextlib.redirect_stdout(stream):
                run()
                if ms.__name__ == "msfunc":
                    import jax

                    jax.effects_barrier()  # (the staged print runs as the program does)
            stream.close()
        finally:
            os.dup2(saved, 1)
            os.close(saved)
        sink.seek(0)
        return sink.read().decode()


def graph_print(ms):
    """tutorial_python_builtin_functions: the text ``print`` writes inside ``ms.jit``
    (MindSpore's graph print writes to file descriptor 1 from C++: captured there)."""
    args = (
        ms.Tensor(np.array([1.5, -2.25], np.float32)),
        ms.Tensor(np.array([[1, 2], [3, 4]], np.int32)),
        ms.Tensor(np.float32(2.5)),
    )
    return _captured_prints(ms, lambda: ms.jit(_print_some)(*args).asnumpy())


def _print_constants(x, t):
    y = [3, 4]
    print("x:", x)
    print("y:", y, (1.5, 2.5), [[1, 2], (3,)])
    print("t", [t, 3], {"a": 7})
    print(True, None, 2.5)
    return t


def graph_print_constants(ms):
    """static_graph tutorial: ``print`` of constants inside ``ms.jit`` prints on every call,
    in order with the printed Tensors; a list or tuple of ints (or floats) prints as a
    tuple, other sequences and dict values one element a line, a bool as 1 or 0."""

    def run():
        f = ms.jit(_print_constants)
        f([1, 2], ms.Tensor(np.array([1.0], np.float32))).asnumpy()
        f([1, 2], ms.Tensor(np.array([2.0], np.float32))).asnumpy()

    return _captured_prints(ms, run)


def _to_int(x):
    return int(x)


def int_in_jit(ms):
    """tutorial_python_builtin_functions: ``int(x)`` of a one-element Tensor inside
    ``ms.jit`` returns a Python int (msfunc: its eager fallback, with a RuntimeWarning)."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        out = ms.jit(_to_int)(ms.Tensor(np.array([-1.5], np.float32)))
    return [type(out).__name__, out]


def dict_has_key(ms):
    """graph_syntax dict: Python 2's ``d.has_key(k)`` on a dict built inside ``ms.jit``."""

    @ms.jit
    def run():
        x = {"a": [2, 3, "123"], "b": 2, "cd": 3}
        return x.has_key("a"), x.has_key("c"), x.has_key("cd")

    return [bool(v) for v in run()]


_TABLE = {"a": 1, "b": 2}


def cell_dict_methods(ms):
    """static_graph tutorial: ``@jit`` on a Cell's construct reading a module dict with
    ``has_key`` (rebuilt from the method's source) and returning its keys, values and items
    (a tuple, a tuple, a list of pairs)."""

    class Net(ms.nn.Cell):
        @ms.jit
        def construct(self, k):
            return _TABLE.has_key(k), _TABLE.keys(), _TABLE.values(), _TABLE.items()

    net = Net()
    return [repr(net("a")), repr(net("c"))]


_SETTINGS = {}  # the module dict `dict_view_snapshots` changes


def dict_view_snapshots(ms):
    """static_graph tutorial: views taken before ``update`` inside ``@jit`` keep the values
    they were taken with (graph mode's views are snapshots, Python's are live)."""
    _SETTINGS.clear()
    _SETTINGS.update(a=ms.Tensor([1, 2]), b=ms.Tensor([3, 4]))

    class Net(ms.nn.Cell):
        @ms.jit
        def construct(self):
            keys, values, items = _SETTINGS.keys(), _SETTINGS.values(), _SETTINGS.items()
            _SETTINGS.update({"a": ms.Tensor([0, 0]), "c": ms.Tensor([5, 6])})
            _SETTINGS["b"] = ms.Tensor([7, 7])
            return keys, values, items, _SETTINGS.values()

    return repr(Net()())


def _with_try(x):
    try:
        y = x + 1
    except ValueError:
        y = x
    return y


def _with_del(x):
    z = 2
    del z
    return x + 1


def _with_import(x):
    import math

    return x + math.pi


def _with_walrus(x):
    if (n := 3) > 2:
        return x + n
    return x


def _with_set(x):
    return x + len({1, 2})


def _with_match(x):
    match 1:
        case 1:
            return x
        case _:
            return x + 1


def _with_annotation(x):
    y: int = 3
    return x + y


def graph_syntax_refusals(ms):
    """static_graph tutorial: the statements and expressions graph mode's AST compiler
    refuses (RuntimeError), one that it accepts, and ``try`` under the bytecode capture."""
    x = ms.Tensor(np.float32(1.0))
    out = {}
    for fn in (_with_try, _with_del, _with_import, _with_walrus, _with_set, _with_match):
        try:
            out[fn.__name__] = float(ms.jit(fn)(x).asnumpy())
        except Exception as exc:  # noqa: BLE001  (the type is the answer)
            out[fn.__name__] = type(exc).__name__
    out["_with_annotation"] = float(ms.jit(_with_annotation)(x).asnumpy())
    out["try_bytecode"] = float(ms.jit(_with_try, capture_mode="bytecode")(x).asnumpy())
    return out


def _outcome(call):
    try:
        out = call()
        return "ok" if out is None else repr(out)
    except Exception as exc:  # noqa: BLE001  (the type is the answer)
        return type(exc).__name__


def jit_class_without_call(ms):
    """static_graph_expert_programming tutorial: calling an object of a ``jit_class`` class
    that has no ``__call__``: ValueError in compiled code, Python's TypeError in PyNative."""

    @ms.jit_class
    class Inner:
        def __init__(self, number):
            self.number = number

    def run(x):
        inner = Inner(2)
        return inner(x)

    x = ms.Tensor(np.int32(2))
    return {
        "pynative": _outcome(lambda: run(x)),
        "jit": _outcome(lambda: ms.jit(run)(x)),
        "callable": callable(Inner(2)),
    }


def lazy_inline_checks(ms):
    """static_graph_expert_programming tutorial: ``@lazy_inline`` on a Cell's ``__init__``
    builds the Cell as it is; on a class, on another function, or with a policy other than
    None or "front", ValueError."""
    nn = ms.nn

    class Block(nn.Cell):
        @ms.lazy_inline
        def __init__(self, k):
            super().__init__()
            self.k = k

        def construct(self, x):
            return x * self.k

    def bad_policy():
        class Front(nn.Cell):
            @ms.lazy_inline(policy="back")
            def __init__(self):
                super().__init__()

        return Front()

    def helper():
        return 1

    return {
        "block": _outcome(lambda: float(Block(3.0)(ms.Tensor(np.float32(2.0))).asnumpy())),
        "front": _outcome(lambda: ms.lazy_inline(policy="front")(Block.__init__) and None),
        "on_class": _outcome(lambda: ms.lazy_inline(Block) and None),
        "on_function": _outcome(lambda: ms.lazy_inline(helper) and None),
        "bad_policy": _outcome(bad_policy),
    }


CASES = {
    "partial_keywords": partial_keywords,
    "global_augmented_assignment": global_augmented_assignment,
    "graph_returns": graph_returns,
    "graph_print": graph_print,
    "int_in_jit": int_in_jit,
    "numpy_returns": numpy_returns,
    "dict_has_key": dict_has_key,
    "cell_dict_methods": cell_dict_methods,
    "dict_view_snapshots": dict_view_snapshots,
    "graph_print_constants": graph_print_constants,
    "graph_syntax_refusals": graph_syntax_refusals,
    "jit_class_without_call": jit_class_without_call,
    "lazy_inline_checks": lazy_inline_checks,
}
