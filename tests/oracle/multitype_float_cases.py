"""``MultitypeFuncGraph`` overloads registered for "Float32" and "Float64" called with Python
floats and NumPy float scalars, eagerly and under jit: which overload runs. ``case(ms)`` (ms:
the ``mindspore`` module, or msfunc) returns per call the overload's tag or the class of the
exception. gen_multitype_float_golden.py records MindSpore 2.10's answers in
tests/golden/multitype_float.json; tests/ops/test_multitype_float.py runs the same cases with
msfunc. No top-level import of MindSpore or msfunc.
"""

_FNS = {}


def _tag32(x, y):
    return "Float32"


def _tag64(x, y):
    return "Float64"


def _tag_int(x, y):
    return "Int64"


def _both(x, y):
    return _FNS["both"](x, y)


def _only32(x, y):
    return _FNS["only32"](x, y)


def _only64(x, y):
    return _FNS["only64"](x, y)


def _mixed(x, y):
    return _FNS["mixed"](x, y)


def _graphs(ms):
    import importlib

    C = importlib.import_module(f"{ms.__name__}.ops.composite")
    both = C.MultitypeFuncGraph("both")  # (Float32 registered first)
    both.register("Float32", "Float32")(_tag32)
    both.register("Float64", "Float64")(_tag64)
    only32 = C.MultitypeFuncGraph("only32")
    only32.register("Int64", "Int64")(_tag_int)
    only32.register("Float32", "Float32")(_tag32)
    only64 = C.MultitypeFuncGraph("only64")
    only64.register("Int64", "Int64")(_tag_int)
    only64.register("Float64", "Float64")(_tag64)
    mixed = C.MultitypeFuncGraph("mixed")  # (Float64 registered first)
    mixed.register("Float64", "Float64")(_tag64)
    mixed.register("Float32", "Float32")(_tag32)
    _FNS.update(both=both, only32=only32, only64=only64, mixed=mixed)


def _outcome(run):
    try:
        return run()
    except Exception as exc:  # noqa: BLE001 (the class is the answer)
        return type(exc).__name__


def float_widths(ms):
    """Each graph called with (1.0, 2.0) and with ints, eagerly and under jit."""
    _graphs(ms)
    out = {}
    for fn in (_both, _only32, _only64, _mixed):
        for how, run in (("eager", fn), ("jit", ms.jit(fn))):
            out[f"{how}{fn.__name__}/float"] = _outcome(lambda r=run: r(1.0, 2.0))
            out[f"{how}{fn.__name__}/int"] = _outcome(lambda r=run: r(1, 2))
    return out


CASES = {"float_widths": float_widths}
