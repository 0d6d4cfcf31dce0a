"""Loads an oracle scenario script and its MindSpore golden file for the tests that replay it."""

import importlib.util
import json
import pathlib

HERE = pathlib.Path(__file__).resolve().parent


def load(script, golden):
    """(the oracle module, golden values without metadata, scenarios by name)."""
    spec = importlib.util.spec_from_file_location(script, HERE / "oracle" / f"{script}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    values = json.loads((HERE / "golden" / golden).read_text())
    values.pop("__meta__")
    return module, values, {s.__name__: s for s in module.SCENARIOS}
