"""``raise`` statements in compiled code: which exception type reaches the caller. Each case
``case(ms)`` (ms: the ``mindspore`` module, or msfunc) runs small Cells and jit functions that
raise, in PYNATIVE_MODE and GRAPH_MODE, and returns per run ``"ok <result>"`` or the class of
the exception raised. gen_graph_raise_golden.py records MindSpore 2.10's answers in
tests/golden/graph_raise.json; tests/transforms/test_graph_raise.py runs the same cases with
msfunc. No top-level import of MindSpore or msfunc.
"""


class CustomValueError(ValueError):
    """A user-defined exception type (graph mode does not raise those)."""


def _outcome(run):
    try:
        return f"ok {run()!r}"
    except BaseException as exc:  # noqa: BLE001 (the class is the answer)
        return type(exc).__name__


def _helper_raises():
    raise UserWarning("from a helper")


def _raising_cells(ms):
    """name -> Cell whose construct raises when its input is 1."""

    class Supported(ms.nn.Cell):
        def construct(self, x):
            if x == 1:
                raise KeyError("a supported type")
            return x

    class Named(ms.nn.Cell):
        def construct(self, x):
            if x == 1:
                raise NameError("raised on purpose")
            return x

    class Plain(ms.nn.Cell):
        def construct(self, x):
            if x == 1:
                raise Exception("plain Exception")
            return x

    class Warned(ms.nn.Cell):
        def construct(self, x):
            if x == 1:
                raise UserWarning
            return x

    class Imported(ms.nn.Cell):
        def construct(self, x):
            if x == 1:
                raise ImportError("an unsupported type")
            return x

    class Custom(ms.nn.Cell):
        def construct(self, x):
            if x == 1:
                raise CustomValueError("a user-defined type")
            return x

    class Undefined(ms.nn.Cell):
        def construct(self, x):
            if x == 1:
                raise NotDefinedAnywhere("a name that is not defined")  # noqa: F821
            return x

    class Nested(ms.nn.Cell):
        def construct(self, x):
            if x == 1:
                _helper_raises()
            return x

    return {
        cls.__name__: cls()
        for cls in (Supported, Named, Plain, Warned, Imported, Custom, Undefined, Nested)
    }


def raise_types(ms):
    """Each Cell called with 1 (its raise runs) and with 0 (it does not), in both modes."""
    out = {}
    try:
        for mode in ("PYNATIVE_MODE", "GRAPH_MODE"):
            ms.set_context(mode=getattr(ms, mode))
            for name, net in _raising_cells(ms).items():
                for x in (1, 0):
                    out[f"{mode}/{name}/{x}"] = _outcome(lambda n=net, v=x: n(v))
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    return out


def jit_function_raise(ms):
    """A jit function raising an unsupported type, and a supported one, from PyNative mode.
    (Not its untaken branch: MindSpore compiles both branches of ``if x == 1`` on a jit
    function's int argument, msfunc's scalars are compile-time constants.)"""

    @ms.jit
    def unsupported(x):
        if x == 1:
            raise FileExistsError("an OSError subclass")
        return x

    @ms.jit
    def supported(x):
        if x == 1:
            raise ZeroDivisionError("supported")
        return x

    return {
        "unsupported": _outcome(lambda: unsupported(1)),
        "supported": _outcome(lambda: supported(1)),
    }


def _divide(x, y):
    return x / y


def _floor_divide(x, y):
    return x // y


def _modulo(x, y):
    return x % y


def _divide_explicitly(x, y):
    if y == 0:
        raise ZeroDivisionError("raised on purpose")
    return x / y


def scalar_division_by_zero(ms):
    """Python scalars divided by zero under jit and eagerly; a Tensor divided by zero."""
    out = {}
    for fn in (_divide, _floor_divide, _modulo, _divide_explicitly):
        for how, run in (("jit", ms.jit(fn)), ("eager", fn)):
            out[f"{how}{fn.__name__}/ints"] = _outcome(lambda r=run: r(1, 0))
            out[f"{how}{fn.__name__}/floats"] = _outcome(lambda r=run: r(1.0, 0.0))
    tensor = ms.jit(_divide)(ms.Tensor([1.0]), ms.Tensor([0.0]))
    out["jit_divide/tensors"] = str(tensor.asnumpy().tolist())
    return out


CASES = {
    "scalar_division_by_zero": scalar_division_by_zero,
    "raise_types": raise_types,
    "jit_function_raise": jit_function_raise,
}
