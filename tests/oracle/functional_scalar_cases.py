"""The scalar and sequence helpers of ``mindspore.ops.functional`` (``scalar_add`` ...
``tuple_setitem``): each case ``case(F)`` calls them on Python numbers and tuples and returns
JSON data (a value with its Python type's name). gen_functional_scalars_golden.py records
MindSpore 2.10's answers in tests/golden/functional_scalars.json and
tests/compat/test_functional_scalars.py runs the same cases with msfunc. No top-level import of
MindSpore or msfunc.
"""

BINARY = "add sub mul div floordiv mod pow gt lt ge le eq max min".split()
UNARY = "uadd usub".split()
PAIRS = [(7, 3), (-7, 3), (7, -2), (2.5, 2), (3, 0.5), (2, -1)]


def _typed(value):
    return [type(value).__name__, value]


def binary(F):
    """Every binary scalar helper on ints, floats and mixed pairs."""
    return {
        f"{name}({a},{b})": _typed(getattr(F, f"scalar_{name}")(a, b))
        for name in BINARY
        for a, b in PAIRS
    }


def unary(F):
    """The unary helpers and the logarithm."""
    out = {
        f"{name}({a})": _typed(getattr(F, f"scalar_{name}")(a)) for name in UNARY for a in (3, -2.5)
    }
    out["log(2.0)"] = _typed(round(F.scalar_log(2.0), 12))
    return out


def sequences(F):
    """The tuple and list helpers."""
    return {
        "tuple_len": F.tuple_len((1, 2, 3)),
        "list_len": F.list_len([1]),
        "make_tuple": list(F.make_tuple(1, 2.0)),
        "make_tuple_type": type(F.make_tuple(1)).__name__,
        "make_list": F.make_list(1, 2),
        "tuple_setitem": list(F.tuple_setitem((1, 2, 3), 1, 9)),
        "tuple_setitem_negative": list(F.tuple_setitem((1, 2, 3), -1, 9)),
    }


CASES = {"binary": binary, "unary": unary, "sequences": sequences}
