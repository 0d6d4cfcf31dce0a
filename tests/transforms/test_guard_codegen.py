"""Generated guard keys: every kind of path and leaf a plan reads follows eager execution.

Each session runs with PyNative auto-compilation on and off (the eager reference) and must
give the same numbers call by call while the Python state it reads changes.
"""

import math
import types

import numpy as np
import pytest

import msfunc as ms
from msfunc.transforms import guards

X = np.array([0.5, -1.5, 2.0], np.float32)
POWER = 2
FACTOR = 1.0
MODE = "plain"
TABLE = {"outer": {"inner": 1.0}}
STEPS = [1.0, 2.0]
SPACE = types.SimpleNamespace(shift=0.0)


class Knobs:
    bias = 0.0


@pytest.fixture(autouse=True)
def _pynative():
    ms.set_context(mode=ms.PYNATIVE_MODE, pynative_auto_compile=True)
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE, pynative_auto_compile=True)


def _read_everything(x, cell):
    # A bool power means "square, doubled": its key must differ from 1's and 1.0's.
    power = 2.0 * 2 if type(POWER) is bool else float(POWER)
    sign = math.copysign(1.0, FACTOR) if FACTOR == 0.0 else FACTOR
    if FACTOR != FACTOR:  # NaN: a setting of its own
        sign = 3.0
    scale = sign * TABLE["outer"]["inner"] * STEPS[1] * cell[0]
    if MODE == "shifted":
        scale = scale + SPACE.shift + Knobs.bias
    return (x**power * scale).sum()


def _session():
    box = [1.0]

    def loss(x):
        return _read_everything(x, box)

    def call():
        value, grad = ms.value_and_grad(loss)(ms.Tensor(X))
        return [value.asnumpy(), grad.asnumpy()]

    changes = [
        lambda: None,
        lambda: TABLE["outer"].__setitem__("inner", 2.0),
        lambda: TABLE.__setitem__("outer", {"inner": 0.5}),
        lambda: STEPS.__setitem__(1, 4.0),
        lambda: box.__setitem__(0, -1.0),
        lambda: globals().__setitem__("FACTOR", 0.0),
        lambda: globals().__setitem__("FACTOR", -0.0),
        lambda: globals().__setitem__("FACTOR", float("nan")),
        lambda: globals().__setitem__("FACTOR", 2.0),
        lambda: globals().__setitem__("POWER", True),
        lambda: globals().__setitem__("POWER", 1),
        lambda: globals().__setitem__("POWER", 1.0),
        lambda: globals().__setitem__("MODE", "shifted"),
        lambda: setattr(SPACE, "shift", 5.0),
        lambda: setattr(Knobs, "bias", -2.0),
        lambda: globals().__setitem__("STEPS", [1.0, 0.25]),
    ]
    results = []
    for change in changes:
        change()
        results += call() + call()  # (the second call of a new state may compile)
    return results


def _restore():
    global POWER, FACTOR, MODE, STEPS
    POWER, FACTOR, MODE, STEPS = 2, 1.0, "plain", [1.0, 2.0]
    TABLE["outer"] = {"inner": 1.0}
    SPACE.shift, Knobs.bias = 0.0, 0.0


def test_every_path_and_leaf_kind_gives_the_eager_result_call_by_call():
    _restore()
    compiled = _session()
    _restore()
    ms.set_context(pynative_auto_compile=False)
    try:
        eager = _session()
    finally:
        ms.set_context(pynative_auto_compile=True)
        _restore()
    assert len(compiled) == len(eager)
    for i, (got, want) in enumerate(zip(compiled, eager)):
        np.testing.assert_allclose(got, want, rtol=1e-6, err_msg=f"result {i}")


def test_keys_tell_apart_values_that_compare_equal_and_match_a_restored_state():
    holder = types.SimpleNamespace(value=1)

    def f(x):
        return x * holder.value

    plan = guards.plan(f)
    keys = {}
    for value in (1, True, 1.0, 0.0, -0.0, float("nan"), "1", None):
        holder.value = value
        keys[repr(value)] = plan.key()
    assert len(set(keys.values())) == len(keys)  # no two of these share a program
    holder.value = float("nan")  # (another NaN object: the same setting)
    assert plan.key() == keys["nan"]
    holder.value = 0.0
    assert plan.key() == keys["0.0"]
    del holder.value  # (a missing attribute is a state of its own too)
    assert plan.key() not in keys.values()


def test_an_object_planned_is_told_apart_from_its_replacement():
    def first(x):
        return x

    def second(x):
        return x

    holder = types.SimpleNamespace(fn=first)

    def f(x):
        return holder.fn(x)

    plan = guards.plan(f)
    before = plan.key()
    holder.fn = second
    assert plan.key() != before
    holder.fn = first
    assert plan.key() == before
