"""PyNative compiled calls give exactly what eager calls give, call after call (property).

Hypothesis draws programs that read Python state through every route a program has
(global dicts and lists, class attributes, SimpleNamespaces, closure cells, a bound
method's ``self``, ``functools.partial``, a global read two calls deep, and Tensors: a
global one written by item or by an in-place method, one held in a dict, a view of a
written Tensor, one sharing a numpy array written by numpy), change it between calls, and
may have effects (appending to a list, counting, drawing from `random`, printing, adding
to a global Tensor in place). Each program runs under each transform with PyNative
auto-compilation on and off; outputs and effects must agree call by call.
"""

import contextlib
import functools
import io
import random
import types

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import msfunc as ms

X = np.array([0.5, -1.5, 2.0], np.float32)
CONFIG = {"scale": 1.0}
TABLE = [1.0]
LOG = []
TENSOR = ms.Tensor([1.0])
HELD = {"t": ms.Tensor([1.0])}
BASE = ms.Tensor([1.0, 5.0])
VIEW = BASE[:1]
SHARED = np.ones(1, np.float32)
FROM_NUMPY = ms.Tensor.from_numpy(SHARED)
COUNTER = ms.Tensor([0.0])


class Holder:
    scale = 1.0

    def __init__(self):
        self.scale = 1.0

    def method(self, x):
        return (x * x * self.scale).sum()


def _deep_scale():
    return CONFIG["scale"]


def _program(route, effect):
    """(function of one Tensor, setter of the state it reads) for a route and an effect."""
    namespace = types.SimpleNamespace(scale=1.0)
    cell = [1.0]
    holder = Holder()

    def effect_of(y):
        if effect == "append":
            LOG.append(1)
        elif effect == "count":
            CONFIG["count"] = CONFIG.get("count", 0) + 1
        elif effect == "random":
            y = y * random.random()
        elif effect == "print":
            print("value", y)
        elif effect == "tensor_count":
            COUNTER.add_(1.0)
        return y

    def with_scale(read):
        def f(x):
            return effect_of((x * x * read()).sum())

        return f

    if route == "dict":
        return with_scale(lambda: CONFIG["scale"]), lambda v: CONFIG.__setitem__("scale", v)
    if route == "list":
        return with_scale(lambda: TABLE[0]), lambda v: TABLE.__setitem__(0, v)
    if route == "class":
        return with_scale(lambda: Holder.scale), lambda v: setattr(Holder, "scale", v)
    if route == "namespace":
        return with_scale(lambda: namespace.scale), lambda v: setattr(namespace, "scale", v)
    if route == "closure":
        return with_scale(lambda: cell[0]), lambda v: cell.__setitem__(0, v)
    if route == "deep":
        return with_scale(_deep_scale), lambda v: CONFIG.__setitem__("scale", v)
    if route == "tensor_item":
        return with_scale(lambda: TENSOR), lambda v: TENSOR.__setitem__(0, v)
    if route == "tensor_method":
        return with_scale(lambda: TENSOR), lambda v: TENSOR.mul_(0.0).add_(v)
    if route == "tensor_in_dict":
        return with_scale(lambda: HELD["t"]), lambda v: HELD["t"].__setitem__(0, v)
    if route == "tensor_view":
        return with_scale(lambda: VIEW), lambda v: BASE.__setitem__(0, v)
    if route == "numpy_shared":
        return with_scale(lambda: FROM_NUMPY), lambda v: SHARED.__setitem__(0, v)
    if route == "method":
        if effect == "none":
            return holder.method, lambda v: setattr(holder, "scale", v)
        return (lambda x: effect_of(holder.method(x))), lambda v: setattr(holder, "scale", v)
    assert route == "partial"
    state = {"scale": 1.0}

    def scaled(x, config):
        return effect_of((x * x * config["scale"]).sum())

    return functools.partial(scaled, config=state), lambda v: state.__setitem__("scale", v)


TRANSFORMS = {
    "grad": lambda f: ms.grad(f),
    "value_and_grad": lambda f: ms.value_and_grad(f),
    "jacrev": lambda f: ms.jacrev(f),
    "jacfwd": lambda f: ms.jacfwd(f),
    "jvp": lambda f: lambda x: ms.jvp(f, x, ms.Tensor(np.ones(3, np.float32))),
    "vjp": lambda f: lambda x: ms.vjp(f, x)[0],
    "vmap(grad)": lambda f: lambda x: ms.vmap(ms.grad(f))(ms.ops.stack([x, x * 2])),
}


def _run(route, effect, transform, steps, compiled):
    CONFIG.clear()
    CONFIG["scale"] = 1.0
    TABLE[0] = 1.0
    Holder.scale = 1.0
    LOG.clear()
    for tensor in (TENSOR, HELD["t"], BASE, FROM_NUMPY):
        tensor[0] = 1.0
    COUNTER[0] = 0.0
    random.seed(7)
    fn, set_scale = _program(route, effect)
    ms.set_context(pynative_auto_compile=compiled)
    outputs, printed = [], io.StringIO()
    try:
        with contextlib.redirect_stdout(printed):
            for step in steps:
                if step is not None:
                    set_scale(step)
                out = TRANSFORMS[transform](fn)(ms.Tensor(X))
                outputs.append([np.asarray(leaf) for leaf in _leaves(out)])
    finally:
        ms.set_context(pynative_auto_compile=True)
    return outputs, (list(LOG), CONFIG.get("count"), printed.getvalue(), COUNTER.tolist())


def _leaves(out):
    if isinstance(out, (tuple, list)):
        return [leaf for item in out for leaf in _leaves(item)]
    return [out.asnumpy() if hasattr(out, "asnumpy") else out]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    route=st.sampled_from(
        [
            *("dict", "list", "class", "namespace", "closure", "deep", "method", "partial"),
            *("tensor_item", "tensor_method", "tensor_in_dict", "tensor_view", "numpy_shared"),
        ]
    ),
    effect=st.sampled_from(["none", "none", "append", "count", "random", "print", "tensor_count"]),
    transform=st.sampled_from(sorted(TRANSFORMS)),
    steps=st.lists(
        st.one_of(st.none(), st.sampled_from([1.0, 2.0, -0.0, 0.0, 0.5])), min_size=3, max_size=7
    ),
)
def test_compiled_calls_equal_eager_calls_with_python_state_changing(
    route, effect, transform, steps
):
    compiled, compiled_effects = _run(route, effect, transform, steps, True)
    eager, eager_effects = _run(route, effect, transform, steps, False)
    assert compiled_effects == eager_effects
    for got, want in zip(compiled, eager):
        for g, w in zip(got, want):
            np.testing.assert_array_equal(np.signbit(g), np.signbit(w))
            np.testing.assert_allclose(g, w, rtol=1e-6)
