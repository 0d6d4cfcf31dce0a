"""Inputs and statements MindSpore's graph compiler refuses while PyNative code runs them: each
case ``case(ms)`` (ms: the ``mindspore`` module, or msfunc) runs a small program in PYNATIVE_MODE
and GRAPH_MODE (and under ``jit``) and returns, per run, ``"ok <result type>"`` or the class of
the exception raised. gen_graph_refusals_golden.py records MindSpore 2.10's answers in
tests/golden/graph_refusals.json; tests/transforms/test_graph_refusals.py runs the same cases
with msfunc. No top-level import of MindSpore or msfunc.
"""


def _class_name(exc):
    """The exception's class, or the built-in class it refines (a framework's subclass of
    TypeError answers ``TypeError``)."""
    builtin = next(c for c in type(exc).__mro__ if c.__module__ == "builtins")
    return type(exc).__name__ if builtin is Exception else builtin.__name__


def _outcome(run):
    try:
        return f"ok {type(run()).__name__}"
    except Exception as exc:  # noqa: BLE001 (the class is the answer)
        return _class_name(exc)


def _in_modes(ms, runs):
    """{mode/run name: outcome} for each (name, zero-argument callable) of `runs`."""
    out = {}
    try:
        for mode_name in ("PYNATIVE_MODE", "GRAPH_MODE"):
            ms.set_context(mode=getattr(ms, mode_name))
            for name, run in runs():
                out[f"{mode_name}/{name}"] = _outcome(run)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    return out


def _identity_cell(ms):
    class Net(ms.nn.Cell):
        def construct(self, x):
            return x

    return Net()


def _self_holding_list():
    a = [1, 2]
    a.append(a)
    return a


def _mutual_lists():
    a, b = [1, 2, 3], [4, 5, 6]
    a[0], b[0] = b, a
    return (a,)


def _self_holding_dict():
    d = {"1": 1}
    d["2"] = d
    return d


def cyclic_arguments(ms):
    """A list or dict that contains itself, passed to a Cell and to a jit function."""

    def runs():
        net = _identity_cell(ms)
        fn = ms.jit(lambda x: x)
        for make in (_self_holding_list, _mutual_lists, _self_holding_dict):
            yield f"cell/{make.__name__}", lambda m=make: net(m())
            yield f"jit/{make.__name__}", lambda m=make: fn(m())
        yield "cell/nested_acyclic", lambda: net([[1, [2]], {"a": (3,)}])

    return _in_modes(ms, runs)


def _plain(value):
    """A JSON form of a result: Tensors as their values, sequences element by element."""
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if hasattr(value, "asnumpy"):
        return value.asnumpy().tolist()
    return value


def tensor_equals_container(ms):
    """A Tensor compared with a tuple, list, dict, None or str: a bool, never elementwise."""
    t = ms.Tensor([1, 2])
    others = {"tuple": (1, 2), "list": [1, 2], "dict": {"a": 1}, "none": None, "str": "a"}
    return {
        name: [_outcome(lambda o=other: t == o), _outcome(lambda o=other: o != t)]
        + [t == other, t != other]
        for name, other in others.items()
    }


def tensor_in_sequence(ms):
    """``in``, ``not in``, ``count`` and ``index`` of a Tensor in a list: by value (same dtype,
    shape and values) under jit, Python's comparison in PyNative code."""
    import numpy as np

    t1, t2 = ms.Tensor(1, ms.float32), ms.Tensor(2, ms.float32)

    def member(x):
        return x in [1, [2, 3], "str", t1, t2, x], t1 not in [t2, x]

    def counted():
        bb = ms.Tensor(1)
        first = ["a", ("M", "B"), 20, 4, bb, [1, 2], ms.Tensor(1)].count(bb)
        cc = ms.Tensor([10, 20, True])
        second = ["a", {"M": 1}, 20, ms.Tensor([10, 20, 2]), cc].count(cc)
        return first, second

    def traced(x, y):
        return [3, y, x].index(x), [x, y, x].count(x)

    x = ms.Tensor(np.ones((2, 3), np.float32))
    a, b = ms.Tensor(1.0), ms.Tensor(1.0)  # (equal values: y matches x at run time)
    calls = {
        "member": (member, (x,)),
        "counted": (counted, ()),
        "traced": (traced, (a, b)),
    }
    out = {}
    for name, (fn, args) in calls.items():
        for how, run in (("jit", ms.jit(fn)), ("pynative", fn)):
            try:
                out[f"{how}/{name}"] = _plain(run(*args))
            except Exception as exc:  # noqa: BLE001 (the class is the answer)
                out[f"{how}/{name}"] = _class_name(exc)
    return out


def int_beyond_int64(ms):
    """A Python int argument outside int64's range (in a tuple too), and int64's bounds."""

    class Shift(ms.nn.Cell):
        def construct(self, x, y):
            return x << y

    def runs():
        net, ident = Shift(), _identity_cell(ms)
        fn = ms.jit(lambda x: x)
        yield "cell/above", lambda: net(2**63, 2)
        yield "cell/below", lambda: ident(-(2**63) - 1)
        yield "cell/in_tuple", lambda: ident((1, 2**64))
        yield "cell/bounds", lambda: ident((-(2**63), 2**63 - 1))
        yield "jit/above", lambda: fn(2**63)

    return _in_modes(ms, runs)


def bprop_single_gradient(ms):
    """A custom bprop returning one gradient rather than a tuple, for a one-input Cell and for
    a Cell whose construct returns a tuple."""

    class One(ms.nn.Cell):
        def construct(self, x):
            return x * 3

        def bprop(self, x, out, dout):
            return dout * 2

    class Pair(ms.nn.Cell):
        def construct(self, x):
            return x + 1, x + 2

        def bprop(self, x, out, dout):
            return out[1]

    class Outer(ms.nn.Cell):
        def __init__(self, inner):
            super().__init__()
            self.inner = inner

        def construct(self, x):
            out = self.inner(x)
            return out[0] if isinstance(out, tuple) else out

    grad = ms.ops.GradOperation(get_all=True)

    def runs():
        for inner in (One, Pair):
            yield inner.__name__, lambda i=inner: grad(Outer(i()))(ms.Tensor([1.0]))

    return _in_modes(ms, runs)


def parameter_attribute_assignment(ms):
    """``self.p = value`` in construct for a Parameter attribute ``p``: a number, a Tensor,
    None, a str and a tuple (graph mode writes numbers and Tensors into the Parameter)."""

    class Assigns(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.step = ms.Parameter(0.0, name="step", requires_grad=False)

        def construct(self, x):
            self.step = x
            return self.step

    values = {"int": 3, "float": 2.5, "tensor": ms.Tensor(4.0), "none": None, "str": "a"}
    values["tuple"] = (1, 2)

    def runs():
        for name, value in values.items():
            yield name, lambda v=value: Assigns()(v)

    return _in_modes(ms, runs)


CASES = {
    "bprop_single_gradient": bprop_single_gradient,
    "parameter_attribute_assignment": parameter_attribute_assignment,
    "cyclic_arguments": cyclic_arguments,
    "int_beyond_int64": int_beyond_int64,
    "tensor_equals_container": tensor_equals_container,
    "tensor_in_sequence": tensor_in_sequence,
}
