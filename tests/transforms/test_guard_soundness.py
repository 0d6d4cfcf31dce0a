"""State a guard plan cannot name in advance: a PyNative transform gives the eager result.

Reads by a computed name (``getattr(obj, name)``, ``__dict__[name]``, ``vars()``,
``globals()``, ``eval``), and state held inside library objects (a defaultdict, a deque,
an ``array.array``, a namedtuple holding a list, an ndarray subclass, a slotted object, a
function's own attributes, a bound ``list.append``, an ``attrgetter``, an iterator): each
session mutates that state between calls and runs with auto-compilation on and off (the
eager reference); the results must match call by call.
"""

import array
import collections
import contextvars
import operator
import types

import numpy as np
import pytest

import msfunc as ms

X = np.array([0.5, -1.5, 2.0], np.float32)
WHICH = "alpha"
SETTING = 1.0
CONF = types.SimpleNamespace(alpha=1.0, beta=2.0)


@pytest.fixture(autouse=True)
def _pynative():
    ms.set_context(mode=ms.PYNATIVE_MODE, pynative_auto_compile=True)
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE, pynative_auto_compile=True)


class Slotted:
    __slots__ = ("scale",)

    def __init__(self):
        self.scale = 1.0


class Vector(np.ndarray):
    """An ndarray subclass (read by content, as a plain small array is)."""


Pair = collections.namedtuple("Pair", "weights bias")


def _set_global(name, value):
    globals()[name] = value


def _computed_routes():
    """(name, loss of x, [mutations]) for the reads by a computed name."""
    return [
        (
            "getattr by a variable",
            lambda x: (x * getattr(CONF, WHICH)).sum(),
            [
                lambda: setattr(CONF, "alpha", 3.0),
                lambda: _set_global("WHICH", "beta"),
                lambda: setattr(CONF, "beta", -1.0),
            ],
        ),
        (
            "__dict__ by a variable",
            lambda x: (x * CONF.__dict__[WHICH]).sum(),
            [
                lambda: setattr(CONF, "alpha", 3.0),
                lambda: _set_global("WHICH", "beta"),
                lambda: setattr(CONF, "beta", -1.0),
            ],
        ),
        (
            "vars()",
            lambda x: (x * vars(CONF)[WHICH]).sum(),
            [lambda: setattr(CONF, "alpha", 3.0), lambda: _set_global("WHICH", "beta")],
        ),
        (
            "globals()",
            lambda x: (x * globals()["SETTING"]).sum(),
            [lambda: _set_global("SETTING", 4.0)],
        ),
        (
            "eval",
            lambda x: (x * eval("SETTING")).sum(),  # noqa: S307 - the case under test
            [lambda: _set_global("SETTING", 4.0)],
        ),
    ]


def _held_routes():
    """(name, loss of x, [mutations]) for state held inside library objects."""
    defaults = collections.defaultdict(float, scale=1.0)
    ordered = collections.OrderedDict(scale=1.0)
    counts = collections.Counter(scale=1)
    window = collections.deque([1.0, 2.0], maxlen=2)
    packed = array.array("d", [1.0])
    pair = Pair([1.0], 0.0)
    vector = np.ones(3, np.float32).view(Vector)
    slotted = Slotted()
    chained = collections.ChainMap({}, {"scale": 1.0})

    def with_attribute(x):
        return (x * with_attribute.scale).sum()

    with_attribute.scale = 1.0
    by_getter = operator.attrgetter("alpha")
    return [
        (
            "defaultdict",
            lambda x: (x * defaults["scale"]).sum(),
            [lambda: defaults.__setitem__("scale", 2.0), lambda: defaults.pop("scale")],
        ),
        (
            "OrderedDict",
            lambda x: (x * ordered["scale"]).sum(),
            [lambda: ordered.__setitem__("scale", 2.0)],
        ),
        ("Counter", lambda x: (x * counts["scale"]).sum(), [lambda: counts.update(["scale"])]),
        ("deque", lambda x: (x * window[-1]).sum(), [lambda: window.append(5.0)]),
        ("array.array", lambda x: (x * packed[0]).sum(), [lambda: packed.__setitem__(0, 3.0)]),
        (
            "namedtuple holding a list",
            lambda x: (x * pair.weights[0] + pair.bias).sum(),
            [lambda: pair.weights.__setitem__(0, -2.0)],
        ),
        (
            "ndarray subclass",
            lambda x: (x * ms.Tensor(np.asarray(vector))).sum(),
            [lambda: vector.__setitem__(1, 4.0)],
        ),
        (
            "slotted object",
            lambda x: (x * slotted.scale).sum(),
            [lambda: setattr(slotted, "scale", 0.5)],
        ),
        (
            "ChainMap",
            lambda x: (x * chained["scale"]).sum(),
            [lambda: chained.__setitem__("scale", 6.0)],
        ),
        ("function attribute", with_attribute, [lambda: setattr(with_attribute, "scale", 2.0)]),
        (
            "attrgetter",
            lambda x: (x * by_getter(CONF)).sum(),
            [lambda: setattr(CONF, "alpha", 3.0)],
        ),
    ]


def _session(routes):
    results = {}
    for name, loss, mutations in routes():
        _reset()
        grad_fn = ms.grad(loss)
        out = [grad_fn(ms.Tensor(X)).asnumpy() for _ in range(2)]
        for mutate in mutations:
            mutate()
            out += [grad_fn(ms.Tensor(X)).asnumpy() for _ in range(2)]
        results[name] = out
    _reset()
    return results


def _reset():
    global WHICH, SETTING
    WHICH, SETTING = "alpha", 1.0
    CONF.alpha, CONF.beta = 1.0, 2.0


def _compare(routes):
    compiled = _session(routes)
    ms.set_context(pynative_auto_compile=False)
    try:
        eager = _session(routes)
    finally:
        ms.set_context(pynative_auto_compile=True)
    for name, results in compiled.items():
        for i, (got, want) in enumerate(zip(results, eager[name])):
            np.testing.assert_allclose(got, want, rtol=1e-6, err_msg=f"{name}: call {i}")


def test_reads_by_a_computed_name_give_the_eager_result():
    _compare(_computed_routes)


def test_state_held_inside_library_objects_gives_the_eager_result():
    _compare(_held_routes)


def test_effects_through_held_methods_iterators_and_context_variables_follow_eager():
    def session():
        log, ticks = [], iter(range(100))
        record = log.append
        current = contextvars.ContextVar("scale", default=1.0)
        losses = [
            lambda x: (x * x).sum() + (record(1) or 0.0),
            lambda x: (x * next(ticks)).sum(),
            lambda x: (x * current.get()).sum(),
        ]
        out = []
        for step in range(4):
            current.set(float(step + 1))
            out += [ms.grad(loss)(ms.Tensor(X)).asnumpy() for loss in losses]
        return out, len(log)

    compiled = session()
    ms.set_context(pynative_auto_compile=False)
    try:
        eager = session()
    finally:
        ms.set_context(pynative_auto_compile=True)
    assert compiled[1] == eager[1] == 4  # (the bound append ran on every call)
    np.testing.assert_allclose(np.stack(compiled[0]), np.stack(eager[0]), rtol=1e-6)


def test_grad_of_library_functions_sharing_one_code_object():
    # ops.sin, ops.cos and ops.exp come from one factory: one code object, other closures
    x = ms.Tensor(X)
    for op, derivative in (
        (ms.ops.sin, np.cos),
        (ms.ops.cos, lambda v: -np.sin(v)),
        (ms.ops.exp, np.exp),
    ):
        np.testing.assert_allclose(ms.grad(op)(x).asnumpy(), derivative(X), rtol=1e-6)


def test_an_item_written_into_a_captured_tensor_is_seen_by_the_next_call():
    import msfunc as ms

    scale = ms.Tensor(np.array([1.0], np.float32))
    box = {"scale": ms.Tensor(np.array([1.0], np.float32))}
    x = ms.Tensor(np.array([2.0], np.float32))
    g_global = ms.grad(lambda v: (v * scale).sum())
    g_item = ms.grad(lambda v: (v * box["scale"]).sum())
    for _ in range(3):  # compiled from the second call on
        g_global(x), g_item(x)
    scale[0] = 5.0  # the same Tensor object, a new array inside it
    box["scale"][0] = 3.0
    assert float(g_global(x)) == 5.0 and float(g_item(x)) == 3.0
