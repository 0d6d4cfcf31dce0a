"""``ops.InsertGradientOf`` on values that are not Tensors (Python numbers, a str, a tuple):
eagerly, under jit, and under GradOperation(get_all=True). ``case(ms)`` (ms: the ``mindspore``
module, or msfunc) returns per call ``"ok <type> <value>"`` or the class of the exception.
gen_insert_gradient_golden.py records MindSpore 2.10's answers in
tests/golden/insert_gradient.json; tests/ops/test_insert_gradient_of.py runs the same cases with
msfunc. No top-level import of MindSpore or msfunc.
"""

_OPS = {}


def _zero(dx):
    return _OPS["zeros_like"](dx)


def _hooked(x):
    return _OPS["stop"](x)


def _product(x, y):
    return _OPS["stop"](x) * y


def _grad_of_product(x, y):
    return _OPS["grad_all"](_product)(x, y)


def _outcome(run):
    try:
        out = run()
    except Exception as exc:  # noqa: BLE001 (the class is the answer)
        return type(exc).__name__
    if isinstance(out, tuple):
        return f"ok tuple {[float(v) if hasattr(v, 'asnumpy') else v for v in out]}"
    return f"ok {type(out).__name__} {out!r}"


def non_tensor_inputs(ms):
    """Identity on numbers, a str and a tuple; the gradient of numbers is ``()``."""
    import importlib

    C = importlib.import_module(f"{ms.__name__}.ops.composite")
    P = importlib.import_module(f"{ms.__name__}.ops.operations")
    _OPS.update(
        stop=P.InsertGradientOf(_zero),
        zeros_like=C.zeros_like,
        grad_all=C.GradOperation(get_all=True),
    )
    stop = _OPS["stop"]
    hooked = ms.jit(_hooked)
    runs = {
        "eager/int": lambda: stop(1),
        "eager/float": lambda: stop(1.5),
        "eager/bool": lambda: stop(True),
        "eager/str": lambda: stop("a"),
        "eager/tuple": lambda: stop((1, 2)),
        "jit/int": lambda: hooked(1),
        "jit/tuple": lambda: hooked((1, 2)),
        "jit/grad_of_ints": lambda: ms.jit(_grad_of_product)(1, 2),
        "eager/grad_of_ints": lambda: _grad_of_product(1, 2),
        "eager/grad_of_tensor_and_int": lambda: _grad_of_product(ms.Tensor(1.0), 2),
    }
    return {name: _outcome(run) for name, run in runs.items()}


CASES = {"non_tensor_inputs": non_tensor_inputs}
