"""Replays the scenarios of tests/oracle/gen_replayed_scenarios_golden.py with ``ms = msfunc``
under the ``mindspore`` alias and compares them with MindSpore 2.10's recorded results; each
scenario is read by the test file of its subject (``cases``/``check`` by scenario name).

An exception MindSpore raised must be raised by msfunc as an instance of the same builtin
type (msfunc may raise a subclass, such as an IndexError that is also a ValueError).
"""

import builtins

import _scenario_golden

import msfunc
from msfunc import nn, ops
from msfunc.compat import alias_mindspore, unalias_mindspore

gen, GOLDEN, SCENARIOS = _scenario_golden.load(
    "gen_replayed_scenarios_golden", "replayed_scenarios.json"
)
from core_codec import encode  # noqa: E402  (importable once `load` put tests/oracle on the path)

_RUNS = {}


def _run(scenario):
    """{case: ("error", exception) or ("value", encoded result)} of msfunc's run."""
    if scenario not in _RUNS:
        sink = {}

        def rec(name, thunk):
            try:
                sink[name] = ("value", encode(thunk(), msfunc))
            except Exception as exc:  # noqa: BLE001 - the exception is the result compared
                sink[name] = ("error", exc)

        alias_mindspore()
        try:
            SCENARIOS[scenario](msfunc, nn, ops, rec)
        finally:
            unalias_mindspore()
        _RUNS[scenario] = sink
    return _RUNS[scenario]


def cases(scenario):
    """The case names MindSpore recorded for `scenario` (for parametrize)."""
    return sorted(GOLDEN[scenario])


def check(scenario, case):
    """Assert msfunc's result for one case is MindSpore's."""
    expected = GOLDEN[scenario][case]
    kind, got = _run(scenario)[case]
    if expected["t"] == "error":
        wanted = getattr(builtins, expected["error_type"])
        assert kind == "error" and isinstance(got, wanted), (
            f"{scenario}/{case}: MindSpore raised {wanted.__name__}, msfunc gave {got!r}"
        )
        return
    assert kind == "value", f"{scenario}/{case}: msfunc raised {got!r}"
    problems = _scenario_golden.differences(expected, got, f"{scenario}/{case}")
    assert not problems, "\n".join(problems)
