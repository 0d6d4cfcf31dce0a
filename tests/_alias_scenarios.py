"""Runs the plain-MindSpore scenarios of a tests/oracle/ generator (alias_scenarios.py protocol)
with ``ms`` the ``mindspore`` module of msfunc's alias and compares each record with MindSpore
2.10's (tests/golden/NAME.json)."""

import functools
import importlib.util
import json
import sys

from _paths import GOLDEN, ORACLE

from msfunc.compat import alias_mindspore, unalias_mindspore


@functools.cache
def _load(name):
    """(golden records, scenarios by name) of tests/oracle/gen_NAME_golden.py."""
    if str(ORACLE) not in sys.path:  # (the generators import their shared module)
        sys.path.insert(0, str(ORACLE))
    script = f"gen_{name}_golden"
    spec = importlib.util.spec_from_file_location(script, ORACLE / f"{script}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    golden = json.loads((GOLDEN / f"{name}.json").read_text())
    return golden, {s.__name__: s for s in module.SCENARIOS}


def names(name):
    """The scenarios MindSpore recorded for generator `name` (for parametrize); a golden file
    that misses a scenario of its generator (not regenerated) fails collection."""
    golden, scenarios = _load(name)
    assert sorted(golden) == sorted(scenarios), f"tests/golden/{name}.json needs regenerating"
    return sorted(golden)


def _close(got, expected, atol):
    """Records equal, numbers within `atol` (float32 sums in another order)."""
    if isinstance(expected, float) and isinstance(got, (int, float)):
        return abs(got - expected) <= atol
    if isinstance(expected, list) and isinstance(got, list):
        return len(got) == len(expected) and all(_close(g, e, atol) for g, e in zip(got, expected))
    if isinstance(expected, dict) and isinstance(got, dict):
        return got.keys() == expected.keys() and all(_close(got[k], expected[k], atol) for k in got)
    return got == expected


def check(name, scenario, atol=0.0):
    """Assert msfunc's record of `scenario` (of generator `name`) is MindSpore's (numbers
    within `atol`, where the record holds float32 results summed in another order)."""
    golden, scenarios = _load(name)
    expected = golden[scenario]
    assert "error" not in expected, f"MindSpore failed scenario {scenario}"
    alias_mindspore()
    try:
        # (``ms`` is the module ``import mindspore`` gives: msfunc plus MindSpore-only names
        # such as set_dump)
        got = json.loads(json.dumps(scenarios[scenario](importlib.import_module("mindspore"))))
    finally:
        unalias_mindspore()
    if atol:
        assert _close(got, expected, atol), f"{got} != {expected} (atol {atol})"
    else:
        assert got == expected
