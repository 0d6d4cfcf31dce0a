"""Which lambdas MindSpore 2.10 compiles: its parser reads a lambda from the source statement its
line starts, so a lambda on a line of its own or assigned to a name compiles, and one written
inside a call, a tuple, a dict, a boolean expression or a default argument is refused (TypeError;
ValueError for a default argument). jit, vmap, jvp, jacfwd and jacrev compile in either mode;
grad, value_and_grad and GradOperation only in graph mode; vjp never.

Each case is a function ``case(ms)`` of the framework module returning ``{"value": ...}`` or
``{"error": <exception type name>}``. gen_lambda_source_golden.py records MindSpore's answers in
tests/golden/lambda_source.json; tests/transforms/test_lambda_source.py runs them with
``ms = msfunc`` in MindSpore-program mode. The lambdas' source lines are the subject of the test:
keep each written as it is. This module must not import MindSpore or msfunc at top level.
"""

import numpy as np


def _outcome(ms, mode, run):
    ms.set_context(mode=mode)
    x = ms.Tensor(np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 7.0]], np.float32))
    try:
        out = run(x)
        out = out[0] if isinstance(out, tuple) else out
        return {"value": out.asnumpy().tolist()}
    except Exception as exc:  # the exception's type is the answer
        return {"error": type(exc).__name__}
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def _jit(ms, x):
    return ms.jit(lambda a: a + 1)(x)


def _vmap(ms, x):
    return ms.vmap(lambda a, b: a * b, in_axes=(1, 1))(x, x)


def _jvp(ms, x):
    return ms.ops.jvp(lambda a: a * 2, x, x)


def _vjp(ms, x):
    return ms.ops.vjp(lambda a: a * 2, x)


def _jacfwd(ms, x):
    return ms.ops.jacfwd(lambda a: a * 2)(x[0])


def _jacrev(ms, x):
    return ms.ops.jacrev(lambda a: a * 2)(x[0])


def _grad(ms, x):
    return ms.grad(lambda a: (a * a).sum())(x)


def _value_and_grad(ms, x):
    return ms.value_and_grad(lambda a: (a * a).sum())(x)[1]


def _grad_operation(ms, x):
    return ms.ops.GradOperation()(lambda a: (a * a).sum())(x)


_TRANSFORMS = {
    "jit": _jit,
    "vmap": _vmap,
    "jvp": _jvp,
    "vjp": _vjp,
    "jacfwd": _jacfwd,
    "jacrev": _jacrev,
    "grad": _grad,
    "value_and_grad": _value_and_grad,
    "GradOperation": _grad_operation,
}


def inline_in_calls_pynative(ms):
    return {
        k: _outcome(ms, ms.PYNATIVE_MODE, lambda x, t=t: t(ms, x)) for k, t in _TRANSFORMS.items()
    }


def inline_in_calls_graph(ms):
    return {k: _outcome(ms, ms.GRAPH_MODE, lambda x, t=t: t(ms, x)) for k, t in _TRANSFORMS.items()}


def unparsable_line(ms):
    runs = {
        "dict_entry": lambda x: ms.jit(lambda a: a + 1)(x),
    }
    return _outcome(ms, ms.PYNATIVE_MODE, runs["dict_entry"])


def statement_shapes(ms):
    def mk():
        return lambda a: a + 1

    paren = (lambda a: a + 2)  # fmt: skip
    first, _second = lambda a: a + 3, lambda a: a + 4
    table = {"k": lambda a: a + 5}

    class Holder:
        pass

    holder = Holder()
    holder.f = lambda a: a + 6
    annotated: object = lambda a: a + 7
    continued = \
        lambda a: a + 8  # fmt: skip
    multiline = lambda a: (a +
        9)  # fmt: skip
    u = v = lambda a: a + 10  # noqa: F841
    boolop = None or (lambda a: a + 11)
    own_line = [
        lambda a: a + 12
    ]  # fmt: skip

    def default(fn=lambda a: a + 14):
        return fn

    shapes = {
        "return": mk(),
        "parenthesised": paren,
        "tuple_assign": first,
        "dict": table["k"],
        "attribute_assign": holder.f,
        "annotated_assign": annotated,
        "continued_line": continued,
        "multiline": multiline,
        "chained_assign": u,
        "bool_op": boolop,
        "own_line_in_list": own_line[0],
        "default_argument": default(),
    }
    return {k: _outcome(ms, ms.GRAPH_MODE, ms.jit(f)) for k, f in shapes.items()}


CASES = {
    name: fn
    for name, fn in dict(globals()).items()
    if callable(fn) and not name.startswith("_") and fn.__module__ == __name__
}
