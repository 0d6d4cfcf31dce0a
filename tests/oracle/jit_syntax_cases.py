"""Graph-mode syntax rules and the graph helpers of ``mindspore.ops`` (``typeof``, ``tail``,
``add_flags``, ``IsInstance``, the typing module's classes, ``context.K_CONTEXT``): each case
``case(ms)`` (ms: the ``mindspore`` module, or msfunc under its alias) returns what the program
gives, or the class of the exception it raises. gen_jit_syntax_golden.py records MindSpore 2.10's
answers in tests/golden/jit_syntax.json; tests/transforms/test_jit_syntax.py runs the same cases
with msfunc. No top-level import of MindSpore or msfunc.
"""


def _outcome(run):
    try:
        return run()
    except Exception as exc:  # noqa: BLE001 (the class is the answer)
        return type(exc).__name__


def typeof_values(ms):
    """``ops.typeof`` of scalars, sequences and Tensors, outside and inside jit."""
    from mindspore import ops

    values = (1, 2.5, True, "s", (1, 2.0), [3, 4], ms.Tensor([1.0]), ms.Tensor([1], ms.int32))

    @ms.jit
    def typed(x):
        return ops.typeof(x) == ms.tensor_type, str(ops.typeof((1, 2.0)))

    return [str(ops.typeof(v)) for v in values] + [
        ops.typeof((1, 2)) == ms.tuple_,
        _outcome(lambda: list(typed(ms.Tensor([1.0])))),
    ]


def is_instance(ms):
    """``_inner_ops.IsInstance`` of values against dtypes and sequence types."""
    from mindspore.ops.operations import _inner_ops as inner

    check = inner.IsInstance()
    pairs = (
        (1, ms.int_),
        (1, ms.int64),
        (1, ms.int32),
        (True, ms.bool_),
        (True, ms.int_),
        (1.0, ms.float32),
        (1.0, ms.float64),
        (1.0, ms.float_),
        ((1,), ms.tuple_),
        ([1], ms.tuple_),
        ([1, 2], ms.list_),
        ("a", ms.string),
        (1, ms.number),
        (ms.Tensor(1), ms.tensor_type),
    )
    return [check(v, t) for v, t in pairs] + [_outcome(lambda: check(1, int))]


def composite_tail(ms):
    """``ops.composite.tail`` under jit."""
    from mindspore.ops import composite as C

    @ms.jit
    def tail(x):
        return C.tail(x)

    return [list(tail((0, 1, 2, 3))), list(tail((0,)))]


def composite_add_flags(ms):
    """``ops.composite.add_flags`` on a function and on a Cell."""
    from mindspore.ops.composite import add_flags

    def f(x):
        return x

    net = ms.nn.ReLU()
    return [
        add_flags(f, predit=True, level=1) is f,
        f._func_graph_flags,
        add_flags(net, predit=True) is net,
        net.get_flags().get("predit"),
        _outcome(lambda: add_flags(f, 1)),
    ]


def typing_classes(ms):
    """The typing module's classes called with no description or with element types."""
    from mindspore._c_expression import typing

    pair = typing.Tuple((ms.int64, ms.int64))

    @ms.jit
    def types():
        return (typing.Number(), typing.Int(64), typing.Tuple((ms.int64, ms.float32)))

    return [
        typing.Number() == ms.number,
        typing.Tuple() == ms.tuple_,
        typing.List() == ms.list_,
        str(pair),
        repr(pair),
        pair == ms.tuple_,
        pair == typing.Tuple((ms.int64, ms.int64)),
        str(typing.List([ms.int64])),
        [str(t) for t in types()],
    ]


def context_object(ms):
    """``context.K_CONTEXT``, the context object."""
    from mindspore import context

    return [context.K_CONTEXT is not None, context._context() is context.K_CONTEXT]


def cell_from_input(ms):
    """A Cell created inside construct from an input Tensor (refused in GRAPH_MODE), from a
    Tensor made there and from an int (both built), in each mode."""
    nn = ms.nn

    class Sub(nn.Cell):
        def __init__(self, t):
            super().__init__()
            self.t = t

        def construct(self):
            return self.t

    class FromInput(nn.Cell):
        def construct(self, t):
            return Sub(t)()

    class FromKeyword(nn.Cell):
        def construct(self, t):
            return Sub(t=(t, 1))()

    class FromConstant(nn.Cell):
        def construct(self, t):
            return Sub(ms.Tensor([1.0]))() + Sub(3)() + t

    out = {}
    try:
        for mode in ("PYNATIVE_MODE", "GRAPH_MODE"):
            ms.set_context(mode=getattr(ms, mode))
            for net in (FromInput, FromKeyword, FromConstant):
                run = net()
                out[f"{mode}/{net.__name__}"] = _outcome(lambda run=run: str(run(ms.Tensor([2.0]))))
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    return out


def make_range(ms):
    """``ops.functional.make_range`` with one, two and three ints, a 0 step, a float, in jit."""
    from mindspore.ops import functional as F

    @ms.jit
    def axes(x):
        return F.make_range(0, F.tuple_len(F.shape(x)))

    calls = ((3,), (1, 4), (1, 8, 3), (5, 1, -2), (3, 1), (1, 5, 0), (1.0, 3))
    return [_outcome(lambda a=a: list(F.make_range(*a))) for a in calls] + [
        list(axes(ms.Tensor([[1.0]])))
    ]


def primitive_infer_error(ms):
    """A PrimitiveWithInfer with no kernel whose infer_dtype raises: the call's error."""
    from mindspore.ops.primitive import PrimitiveWithInfer, prim_attr_register

    class Refusing(PrimitiveWithInfer):
        @prim_attr_register
        def __init__(self):
            self.init_prim_io_names(inputs=["x"], outputs=["y"])

        def infer_shape(self, x):
            return x

        def infer_dtype(self, x):
            raise TypeError("refused")

    return _outcome(lambda: Refusing()(ms.Tensor([1.0])))


def _count_up(x, limit):
    if x > limit:
        return x
    x = x + 1
    return _count_up(x, limit)


def recursion_on_tensor(ms):
    """A recursive function whose stop test compares Tensors, called under jit."""

    import sys

    @ms.jit
    def count(limit):
        return _count_up(ms.Tensor([0]), limit)

    depth = sys.getrecursionlimit()
    sys.setrecursionlimit(600)  # (the endless staging stops sooner: a quicker case)
    try:
        return count(ms.Tensor(2)).asnumpy().tolist()
    finally:
        sys.setrecursionlimit(depth)


def numpy_augmented_assign(ms):
    """``y += x`` on an int numpy array with float items, in jit and in PyNative code."""
    import numpy as np

    def total():
        y = np.array(0)
        for x in np.array([1.1, 2.2]):
            y += x
        return ms.Tensor(y)

    def nested():
        y = [np.array(1)]
        y[0] += 1
        return ms.Tensor(y[0])

    return [
        _outcome(lambda: round(float(ms.jit(total)().asnumpy()), 5)),
        _outcome(lambda: float(total().asnumpy())),
        _outcome(lambda: ms.jit(nested)().asnumpy().tolist()),
    ]


def strict_attribute_writes(ms):
    """At the STRICT syntax level: writes into items of a Cell's list and dict attributes
    (refused), a list method on the attribute itself, and writes into local containers."""
    import os

    nn = ms.nn

    class Holder(nn.Cell):
        def __init__(self):
            super().__init__()
            self.z = [[1, 2], 3]
            self.d = {"x": 1}

    class SetListItem(Holder):
        def construct(self, x):
            self.z[1] = 5
            return x

    class AppendToItem(Holder):
        def construct(self, x):
            self.z[0].append(5)
            return x

    class SetDictItem(Holder):
        def construct(self, x):
            self.d["y"] = 2
            return x

    class LocalWrites(Holder):
        def construct(self, x):
            items = [1, 2]
            items.append(3)
            items[0] = 5
            table = {"a": 1}
            table["b"] = 2
            return x + items[2] + table["b"]

    out = {}
    before = os.environ.get("MS_DEV_JIT_SYNTAX_LEVEL")
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        os.environ["MS_DEV_JIT_SYNTAX_LEVEL"] = "0"
        for net in (SetListItem, AppendToItem, SetDictItem, LocalWrites):
            run = net()
            out[net.__name__] = _outcome(lambda run=run: str(run(ms.Tensor([1]))))
    finally:
        if before is None:
            os.environ.pop("MS_DEV_JIT_SYNTAX_LEVEL")
        else:
            os.environ["MS_DEV_JIT_SYNTAX_LEVEL"] = before
        ms.set_context(mode=ms.PYNATIVE_MODE)
    return out


def parameter_in_graph(ms):
    """A Parameter created inside construct (from an input, from a constant) and in a jit
    function, in each mode."""
    nn = ms.nn

    class FromInput(nn.Cell):
        def construct(self, x):
            return ms.Parameter(x, name="weight")

    class FromConstant(nn.Cell):
        def construct(self, x):
            return ms.Parameter(ms.Tensor([1.0]), name="w") + x

    def made(x):
        return ms.Parameter(x)

    out = {}
    try:
        for mode in ("PYNATIVE_MODE", "GRAPH_MODE"):
            ms.set_context(mode=getattr(ms, mode))
            for name, run in (
                ("FromInput", FromInput()),
                ("FromConstant", FromConstant()),
                ("jit", ms.jit(made)),
            ):
                out[f"{mode}/{name}"] = _outcome(
                    lambda run=run: type(run(ms.Tensor([2.0]))).__name__
                )
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    return out


def jit_bprop(ms):
    """A Cell whose bprop is decorated with jit, differentiated in each mode."""
    import numpy as np

    class Rule(ms.nn.Cell):
        def construct(self, x, y):
            return 2 * x * x + y * y

        @ms.jit
        def bprop(self, x, y, out, dout):
            return dout, 2 * y

    grad_all = ms.ops.GradOperation(get_all=True)
    x = ms.Tensor(np.full((2,), 3.0, np.float32))
    out = {}
    try:
        for mode in ("PYNATIVE_MODE", "GRAPH_MODE"):
            ms.set_context(mode=getattr(ms, mode))
            out[mode] = _outcome(lambda: [g.asnumpy().tolist() for g in grad_all(Rule())(x, x)])
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    return out


def _flat_list():
    return tuple([y for x in ((1, 2), (3, 4)) for y in x])


def _flat_generator():
    return tuple(y for x in ((1, 2), (3, 4)) for y in x)


def _flat_dict():
    return len({y: 1 for x in ((1, 2), (3, 4)) for y in x})


def _one_clause():
    return tuple([x * x for x in range(1, 8) if x > 2 if x % 2 == 1])


def comprehension_clauses(ms):
    """Comprehensions with two ``for`` clauses (refused under jit) and one clause with two
    conditions, under jit and as plain Python."""
    runs = (_flat_list, _flat_generator, _flat_dict, _one_clause)
    return {
        f"{where}/{fn.__name__}": _outcome(lambda fn=fn, wrap=wrap: list(wrap(fn)()))
        if fn is not _flat_dict
        else _outcome(lambda fn=fn, wrap=wrap: wrap(fn)())
        for where, wrap in (("jit", ms.jit), ("python", lambda fn: fn))
        for fn in runs
    }


def cell_built_in_graph(ms):
    """A Cell with a Parameter built inside GRAPH_MODE's construct (its __init__ runs as Python,
    the Parameter a constant): its output and the inputs' gradients, directly and through a
    custom_vjp function that builds it."""
    import numpy as np
    from mindspore.ops.function.grad.grad_func import custom_vjp

    nn = ms.nn

    class Scaled(nn.Cell):
        def __init__(self):
            super().__init__()
            self.z = ms.Parameter(ms.Tensor(np.array([3.0], np.float32)), name="z")

        def construct(self, x, y):
            return x * self.z + y

    class Direct(nn.Cell):
        def construct(self, x, y):
            return Scaled()(x, y)

    @custom_vjp
    def made_inside(x, y):
        return Scaled()(x, y)

    def made_inside_bprop(x, y, out, dout):
        return x + x, y * 3

    made_inside.defbwd(made_inside_bprop)

    class ThroughVjp(nn.Cell):
        def construct(self, x, y):
            return made_inside(x, y)

    x = ms.Tensor(np.array([1.0, 2.0], np.float32))
    y = ms.Tensor(np.array([0.5, -1.0], np.float32))
    grad_all = ms.ops.GradOperation(get_all=True)
    out = {}
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        for name, cell in (("direct", Direct), ("custom_vjp", ThroughVjp)):
            out[name] = _outcome(lambda cell=cell: cell()(x, y).asnumpy().tolist())
            out[name + "_grad"] = _outcome(
                lambda cell=cell: [g.asnumpy().tolist() for g in grad_all(cell())(x, y)]
            )
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    return out


def bprop_single_gradient(ms):
    """A Cell's bprop returning one gradient alone (not in a tuple) for its one input, under
    GradOperation in each mode, for an int64 and a float32 input."""
    import numpy as np

    nn = ms.nn

    class Twice(nn.Cell):
        def construct(self, x):
            return x + 1, x + 2

        def bprop(self, x, out, dout):
            return out[1]

    class First(nn.Cell):
        def __init__(self):
            super().__init__()
            self.twice = Twice()

        def construct(self, x):
            first, _ = self.twice(x)
            return first

    class Grad(nn.Cell):
        def __init__(self):
            super().__init__()
            self.net = First()
            self.grad = ms.ops.GradOperation(get_all=True)

        def construct(self, x):
            return self.grad(self.net)(x)

    out = {}
    try:
        for mode in ("PYNATIVE_MODE", "GRAPH_MODE"):
            ms.set_context(mode=getattr(ms, mode))
            for dtype in (np.int64, np.float32):
                x = ms.Tensor(np.array([1], dtype))
                try:
                    answer = [g.asnumpy().tolist() for g in Grad()(x)]
                except TypeError:  # (the kind; msfunc's class is a TypeError subclass)
                    answer = "TypeError"
                out[f"{mode}/{dtype.__name__}"] = answer
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    return out


CASES = {
    "bprop_single_gradient": bprop_single_gradient,
    "cell_built_in_graph": cell_built_in_graph,
    "comprehension_clauses": comprehension_clauses,
    "jit_bprop": jit_bprop,
    "parameter_in_graph": parameter_in_graph,
    "strict_attribute_writes": strict_attribute_writes,
    "numpy_augmented_assign": numpy_augmented_assign,
    "recursion_on_tensor": recursion_on_tensor,
    "make_range": make_range,
    "primitive_infer_error": primitive_infer_error,
    "cell_from_input": cell_from_input,
    "typeof_values": typeof_values,
    "is_instance": is_instance,
    "composite_tail": composite_tail,
    "composite_add_flags": composite_add_flags,
    "typing_classes": typing_classes,
    "context_object": context_object,
}
