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


def check(name, scenario):
    """Assert msfunc's record of `scenario` (of generator `name`) is MindSpore's."""
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
    assert got == expected
