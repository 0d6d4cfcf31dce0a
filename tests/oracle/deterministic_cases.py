"""``set_deterministic`` and ``set_context(deterministic=...)``: the option get_context reports,
the environment variables set, and the errors. Each case ``case(ms)`` (ms: the ``mindspore``
module, or msfunc) starts from a fresh process's state (gen_deterministic_golden.py runs each in
its own interpreter; tests/compat/test_deterministic.py resets msfunc's state) and returns a list
of steps. No top-level import of MindSpore or msfunc.
"""

import os

_ENV = ("HCCL_DETERMINISTIC", "TE_PARALLEL_COMPILER")


def _step(ms, call):
    try:
        call()
        outcome = "ok"
    except Exception as exc:  # noqa: BLE001 (the class is the answer)
        outcome = type(exc).__name__
    return [outcome, ms.get_context("deterministic"), [os.environ.get(k) for k in _ENV]]


def set_true_twice(ms):
    """True, then True again (refused), then False (refused)."""
    return [
        _step(ms, lambda: ms.set_deterministic(True)),
        _step(ms, lambda: ms.set_deterministic(True)),
        _step(ms, lambda: ms.set_deterministic(False)),
    ]


def none_counts_as_false(ms):
    """None sets it off; a str or int argument is refused, even after that."""
    return [
        _step(ms, lambda: ms.set_deterministic(None)),
        _step(ms, lambda: ms.set_deterministic("ON")),
        _step(ms, lambda: ms.set_deterministic(1)),
    ]


def context_option(ms):
    """set_context's 'ON' and 'OFF' set and remove the variables; a bad value is refused."""
    return [
        _step(ms, lambda: ms.set_context(deterministic="ON")),
        _step(ms, lambda: ms.set_context(deterministic="OFF")),
        _step(ms, lambda: ms.set_context(deterministic="NOTRIGHT")),
        _step(ms, lambda: ms.set_context(deterministic=True)),
    ]


def fixed_over_context(ms):
    """After set_deterministic(False), set_context changes the variables but not the option."""
    return [
        _step(ms, lambda: ms.set_deterministic(False)),
        _step(ms, lambda: ms.set_context(deterministic="ON")),
        _step(ms, lambda: ms.set_context(deterministic="OFF")),
    ]


CASES = {
    "set_true_twice": set_true_twice,
    "none_counts_as_false": none_counts_as_false,
    "context_option": context_option,
    "fixed_over_context": fixed_over_context,
}
