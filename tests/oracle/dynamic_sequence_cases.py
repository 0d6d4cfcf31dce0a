"""Variable-length sequences (``mutable(seq, dynamic_len=True)``) and graph mode's questions
about what a compiled program knows (``F.isconstant``, ``F.is_sequence_value_unknown``,
``F.is_sequence_shape_unknown``, ``F.is_dynamic_sequence_element_unknown``), ``F.switch``
and the graph compiler's marks ``_no_recursive`` and ``_primexpr``, one case each.

Each case is a function ``case(ms, F)`` of the framework module and the module holding those
four functions (MindSpore's ``mindspore.ops.functional``); it returns JSON data, an exception
as its type's name. gen_dynamic_sequence_golden.py writes MindSpore's answers to
tests/golden/dynamic_sequence.json; tests/compat/test_dynamic_sequence.py runs the same
functions with msfunc. This module must not import MindSpore or msfunc at top level.
"""

import numpy as np


def _error(run):
    try:
        run()
    except Exception as exc:  # noqa: BLE001 - the type is the answer
        return type(exc).__name__
    return "no error"


def _ints(seq):
    return [int(np.asarray(v.asnumpy() if hasattr(v, "asnumpy") else v)) for v in seq]


def _both(F, x):
    return [bool(F.is_sequence_value_unknown(x)), bool(F.is_sequence_shape_unknown(x))]


def queries_in_graph(ms, F):
    """The two sequence questions on constants, on `mutable` sequences and on variable-length
    ones, made inside the compiled function."""
    T, mutable = ms.Tensor, ms.mutable

    @ms.jit
    def run():
        return (
            _both(F, [1, 2]),
            _both(F, (T([1]), T([2]))),
            _both(F, []),
            _both(F, mutable([1, 2])),
            _both(F, mutable((T([1]), T([2])))),
            _both(F, mutable([1, 2], True)),
            _both(F, mutable([], True)),
            _both(F, [mutable(1), 2]),
        )

    return [list(v) for v in run()]


def queries_on_inputs(ms, F):
    """The same questions on the compiled function's inputs, and on a list holding one."""
    T, mutable = ms.Tensor, ms.mutable

    @ms.jit
    def run(x):
        return _both(F, x)

    @ms.jit
    def mixed(t):
        return _both(F, [t, 1]), _both(F, t.shape)

    return {
        "list": list(run([1, 2])),
        "mutable_list": list(run(mutable([1, 2]))),
        "mutable_tensors": list(run(mutable((T([1]), T([2]))))),
        "dynamic": list(run(mutable([1, 2], True))),
        "tensor_in_list": [list(v) for v in mixed(T([1.0]))],
    }


def isconstant_in_graph(ms, F):
    """`isconstant` of Python values, Tensors built inside, inputs and `mutable` values."""
    T, mutable = ms.Tensor, ms.mutable

    @ms.jit
    def inside():
        return (
            F.isconstant(1),
            F.isconstant([1, 2]),
            F.isconstant(T([1])),
            F.isconstant((T([1]), T([2]))),
            F.isconstant(mutable(1)),
            F.isconstant(mutable([1, 2])),
            F.isconstant(mutable([1, 2], True)),
            F.isconstant(None),
        )

    @ms.jit
    def inputs(a, b, c, d):
        return F.isconstant(a), F.isconstant(b), F.isconstant(c), F.isconstant(d)

    return {
        "inside": [bool(v) for v in inside()],
        "inputs": [bool(v) for v in inputs(1, T([1]), mutable(1), mutable([1, 2]))],
    }


def eager_answers(ms, F):
    """Outside a compiled function: every value is known, a sequence's value is unknown only
    when it holds a Tensor, and no sequence is of variable length."""
    T, mutable = ms.Tensor, ms.mutable
    seqs = [[1, 2], (T([1]),), mutable([1, 2]), mutable((T([1]),)), mutable([1, 2], True)]
    return {
        "isconstant": [bool(F.isconstant(v)) for v in [1, T([1]), mutable(1)] + seqs],
        "sequences": [_both(F, s) for s in seqs],
        "element_unknown": _error(lambda: F.is_dynamic_sequence_element_unknown(seqs[-1])),
    }


def not_a_sequence(ms, F):
    """The sequence questions refuse what is not a tuple or list (TypeError)."""
    T = ms.Tensor

    @ms.jit
    def values(x):
        return F.is_sequence_value_unknown(x)

    @ms.jit
    def shapes(x):
        return F.is_sequence_shape_unknown(x)

    return [_error(lambda f=f, v=v: f(v)) for f in (values, shapes) for v in (1, T([1]))]


def element_unknown(ms, F):
    """`is_dynamic_sequence_element_unknown`: open for an empty variable-length sequence, fixed
    once it has items; a fixed-length sequence is refused (TypeError)."""
    mutable = ms.mutable

    @ms.jit
    def empty():
        return F.is_dynamic_sequence_element_unknown(mutable([], True))

    @ms.jit
    def filled():
        return F.is_dynamic_sequence_element_unknown(mutable([1], True))

    @ms.jit
    def fixed():
        return F.is_dynamic_sequence_element_unknown([1])

    return [bool(empty()), bool(filled()), _error(fixed)]


def stays_dynamic(ms, F):
    """``+`` (either side, with constant or empty sequences), ``*``, slicing, ``append`` and
    item assignment keep a sequence of variable length; the values come back."""
    T, mutable = ms.Tensor, ms.mutable

    @ms.jit
    def run():
        a = mutable([1, 2, 3], True)
        b = mutable([], True)
        c = mutable([T([1])], True)
        c.append(T([2]))
        d = mutable([4, 5], True)
        d[0] = 7
        results = (a + [4], [0] + a, a + b, [] + b, a * 2, a[0:2], mutable((1, 2), True)[1:], c, d)
        return [F.is_sequence_shape_unknown(r) for r in results], results[0], results[1], results[4]

    shapes, added, radded, doubled = run()
    return {
        "shape_unknown": [bool(v) for v in shapes],
        "values": [_ints(added), _ints(radded), _ints(doubled)],
    }


def count_and_index(ms, F):
    """``count`` and ``index`` of a variable-length sequence are ints the compiled program
    learns when it runs."""
    mutable = ms.mutable

    @ms.jit
    def run():
        x = mutable([1, 2, 3, 3], True)
        y = mutable((1, 2, 3), True)
        n, i = x.count(3), y.index(2)
        return isinstance(n, int), F.isconstant(n), isinstance(i, int), F.isconstant(i), n, i

    out = run()
    return [bool(v) for v in out[:4]] + [int(out[4]), int(out[5])]


def variable_scalars(ms, F):
    """``mutable`` of a number inside the compiled function is a variable int or float:
    ``isinstance`` sees the Python type, arithmetic keeps it variable (``/`` gives a float),
    and the values are Python's."""
    mutable = ms.mutable

    @ms.jit
    def run():
        x, y, z = mutable(2), mutable(3), mutable(1.5)
        results = (x / y, x % y, x & y, x | y, x // y, x + 1, x * z, -x, 7 - x)
        kinds = [[isinstance(r, float), isinstance(r, int)] for r in results]
        return kinds, [F.isconstant(r) for r in results], F.isconstant(x), results

    kinds, constant, x_constant, values = run()
    return {
        "float_int": [[bool(f), bool(i)] for f, i in kinds],
        "constant": [bool(v) for v in constant] + [bool(x_constant)],
        "values": [round(float(v), 6) for v in values],
    }


def variable_items(ms, F):
    """The items of a variable-length sequence of Tensors are variables, as read, as
    assigned, and after ``append``; a fixed-length ``mutable`` tuple's length is known."""
    T, mutable = ms.Tensor, ms.mutable

    @ms.jit
    def run():
        x = mutable([T([1]), T([2]), T([3])], True)
        first = F.isconstant(x[0])
        x[1] = T([5])
        x.append(T([6]))
        y = mutable((T([1]), T([2])))
        return first, F.isconstant(x[1]), F.isconstant(x[3]), F.isconstant(len(y)), x[1]

    out = run()
    return [bool(v) for v in out[:4]] + [_ints(out[4])]


def mutable_getitem(ms, F):
    """Graph mode refuses an item of an empty `mutable` tuple or list (ValueError), and a
    variable index out of range of a `mutable` tuple of Tensors (ValueError); outside a
    compiled function Python's IndexError stands."""
    T, mutable = ms.Tensor, ms.mutable

    @ms.jit
    def item(m, index):
        return m[index]

    tensors = mutable((T([1]), T([2]), T([3])))
    return {
        "empty_tuple": _error(lambda: item(mutable(()), mutable(1))),
        "empty_list": _error(lambda: item(mutable([]), mutable(0))),
        "out_of_range": _error(lambda: item(tensors, mutable(5))),
        "eager_empty": _error(lambda: mutable(())[0]),
    }


def kinds_must_match(ms, F):
    """A variable-length sequence holds items of one kind: mixing them is a ValueError when
    `mutable` makes it (or slice assignment gives it new items), a TypeError otherwise."""
    T, mutable = ms.Tensor, ms.mutable

    def graph(body):
        return _error(ms.jit(body))

    def append_number():
        x = mutable([T([1]), T([2])], True)
        x.append(3)
        return x

    def append_short_tuple():
        x = mutable([(1, 2, 3), (4, 5, 6)], True)
        x.append((1, 2))
        return x

    def set_float():
        x = mutable([1, 2, 3], True)
        x[0] = 1.0
        return x

    def set_slice():
        x = mutable([1, 2, 3, 4], True)
        x[0:2] = [2, 3, 4.0]
        return x

    def add_tensors():
        return mutable([1, 2], True) + mutable([T([1])], True)

    def add_constant():
        return mutable([T([1])], True) + [1, 2]

    def add_lengths():
        return mutable([(1, 2, 3)], True) + [(1, 2)]

    def mixed():
        return mutable((1, T([1, 2]), 2.0), True)

    def lengths():
        return mutable(((1, 2, 3), (1, 2)), True)

    return {
        "mutable_mixed": graph(mixed),
        "mutable_tuples_of_lengths": graph(lengths),
        "append_number": graph(append_number),
        "append_short_tuple": graph(append_short_tuple),
        "set_float": graph(set_float),
        "set_slice": graph(set_slice),
        "add_tensors": graph(add_tensors),
        "add_constant": graph(add_constant),
        "add_lengths": graph(add_lengths),
    }


def mutable_arguments(ms, F):
    """`mutable` with ``dynamic_len``: a Tensor is refused (TypeError), a variable-length
    sequence stays one when asked again and cannot become fixed-length (RuntimeError); no
    input at all is a RuntimeError in graph mode, Python's TypeError outside it."""
    T, mutable = ms.Tensor, ms.mutable

    @ms.jit
    def twice():
        return mutable(mutable((1, 2, 3), True), True)

    @ms.jit
    def tensor():
        return mutable(T([1, 2]), True)

    @ms.jit
    def to_fixed():
        return mutable(mutable((1, 2, 3), True))

    @ms.jit
    def missing():
        return mutable()

    return {
        "tensor": _error(tensor),
        "twice": _ints(twice()),
        "to_fixed": _error(to_fixed),
        "missing_in_graph": _error(missing),
        "missing": _error(lambda: mutable()),
    }


def graph_marks(ms, F):
    """``mindspore.common.api._no_recursive`` marks a function (its ``_func_graph_flags``) and
    refuses what is not callable; a ``mindspore.ops.primitive._primexpr`` helper runs on the
    shape of a compiled function's input. (msfunc runs this case under its mindspore alias.)"""
    import importlib

    api = importlib.import_module("mindspore.common.api")
    primitive = importlib.import_module("mindspore.ops.primitive")

    def double(x):
        return x * 2

    marked = api._no_recursive(double)

    @primitive._primexpr
    def rank(shape):
        return len(shape)

    @ms.jit
    def run(x):
        return marked(x) + rank(x.shape)

    return {
        "flags": marked._func_graph_flags,
        "same": marked is double,
        "out": run(ms.Tensor(np.array([1.0, 2.0], np.float32))).asnumpy().tolist(),
        "not_callable": _error(lambda: api._no_recursive(3)),
    }


def graph_switch(ms, F):
    """``F.switch`` picks by a Python bool, and by a Tensor condition inside ``ms.jit``; a
    condition of several elements is a ValueError. (msfunc runs this under its alias.)"""
    import importlib

    switch = importlib.import_module("mindspore.ops.functional").switch
    T = ms.Tensor

    @ms.jit
    def scaled(c):
        return switch(c > 0, c * 2, c * 3)

    @ms.jit
    def picked(c, x, y):
        return switch(c, x, y)

    x, y = T(np.array([[1, 1], [2, 2]])), T(np.array([[3, 3], [4, 4]]))
    return {
        "python": [switch(True, 1, 2), switch(False, 1, 2)],
        "jit": [float(scaled(T(2.0)).asnumpy()), float(scaled(T(-1.0)).asnumpy())],
        "jit_bool": picked(T(False), x, y).asnumpy().tolist(),
        "several": _error(lambda: picked(x > y, x, y)),
    }


CASES = {
    name: globals()[name]
    for name in (
        "queries_in_graph",
        "queries_on_inputs",
        "isconstant_in_graph",
        "eager_answers",
        "not_a_sequence",
        "element_unknown",
        "stays_dynamic",
        "count_and_index",
        "variable_scalars",
        "variable_items",
        "mutable_getitem",
        "kinds_must_match",
        "mutable_arguments",
        "graph_marks",
        "graph_switch",
    )
}
