"""Loads an oracle scenario script and its MindSpore golden file for the tests that replay it,
and compares msfunc's encoded results with MindSpore's."""

import importlib.util
import json
import pathlib
import sys

import numpy as np
import pytest

HERE = pathlib.Path(__file__).resolve().parent


def load(script, golden):
    """(the oracle module, golden values without metadata, scenarios by name)."""
    if str(HERE / "oracle") not in sys.path:  # (the scripts import their shared modules)
        sys.path.insert(0, str(HERE / "oracle"))
    spec = importlib.util.spec_from_file_location(script, HERE / "oracle" / f"{script}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    values = json.loads((HERE / "golden" / golden).read_text())
    values.pop("__meta__")
    return module, values, {s.__name__: s for s in module.SCENARIOS}


def differences(exp, got, path, dtypes=True):
    """Every way msfunc's encoded result `got` differs from MindSpore's `exp` (an error
    MindSpore raised must be raised with the same type; `dtypes`: Tensors' dtypes compared)."""
    if exp["t"] == "error":
        if got["t"] != "error" or got["error_type"] != exp["error_type"]:
            return [f"{path}: MindSpore raised {exp['error_type']}, msfunc gave {got}"]
        return []
    if got["t"] == "error":
        return [f"{path}: msfunc raised {got['error_type']}: {got['error']}"]
    if exp["t"] != got["t"]:
        return [f"{path}: MindSpore gave a {exp['t']}, msfunc a {got['t']}"]
    if exp["t"] in ("tuple", "list", "dict"):
        if exp["t"] == "dict" and exp["keys"] != got["keys"]:
            return [f"{path}: keys {exp['keys']} (MindSpore) vs {got['keys']}"]
        if len(exp["items"]) != len(got["items"]):
            return [f"{path}: {len(exp['items'])} items (MindSpore) vs {len(got['items'])}"]
        return [
            d
            for i, (a, b) in enumerate(zip(exp["items"], got["items"]))
            for d in differences(a, b, f"{path}[{i}]", dtypes)
        ]
    if exp["t"] == "tensor":
        if exp["shape"] != got["shape"] or (dtypes and exp["dtype"] != got["dtype"]):
            return [f"{path}: {exp['dtype']}{exp['shape']} vs {got['dtype']}{got['shape']}"]
        if not np.allclose(exp["v"], got["v"], rtol=1e-5, atol=1e-6):
            return [f"{path}: {exp['v']} (MindSpore) vs {got['v']} (msfunc)"]
        return []
    return [] if exp.get("v") == got.get("v") else [f"{path}: {exp} vs {got}"]


def cached_runs(gen, scenarios, *modules):
    """``result(name)``: the scenario's encoded msfunc results, each scenario run once."""
    results = {}

    def result(name):
        if name not in results:
            results[name] = gen.run_scenario(scenarios[name], *modules)
        return results[name]

    return result


def case_tests(gen, golden, scenarios, *modules, dtypes=True):
    """The two tests every scenario golden file gets, for a test module to bind at its top
    level: each (scenario, case) of `golden` against msfunc's run of the same scenario
    (each scenario run once, with `modules` as its ``ms, nn, ops``), and the golden file
    covering every scenario."""
    result = cached_runs(gen, scenarios, *modules)

    @pytest.mark.parametrize(
        ("scenario", "case"), [(s, c) for s, cases in golden.items() for c in cases]
    )
    def test_matches_mindspore(scenario, case):
        got = result(scenario).get(case)
        assert got is not None, f"{scenario}/{case}: the msfunc run did not reach this case"
        problems = differences(golden[scenario][case], got, f"{scenario}/{case}", dtypes)
        assert not problems, "\n".join(problems)

    def test_golden_file_covers_every_scenario():
        assert sorted(golden) == sorted(scenarios)

    return test_matches_mindspore, test_golden_file_covers_every_scenario
