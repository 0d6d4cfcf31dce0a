"""Every supported functional op has a sweep spec, and every skipped check says why."""

import importlib
import pkgutil

import pytest
from _sweep import cases_of
from test_sweep_state import TABLE as STATE_TABLE

import msfunc.ops as ops

TABLES = ["math", "array", "linalg_reduce", "nn", "sparse_fft", "random", "primitives"]


def _specs(group):
    return importlib.import_module(f"sweep_specs.specs_{group}").SPECS


def _functional_names():
    """Every name a msfunc.ops.func_* module exports: the supported functional ops."""
    names = set()
    for info in pkgutil.iter_modules(ops.__path__):
        if info.name.startswith("func_"):
            names |= set(importlib.import_module(f"msfunc.ops.{info.name}").__all__)
    return names


def test_every_functional_op_has_exactly_one_spec():
    tables = {group: set(_specs(group)) for group in TABLES if group != "primitives"}
    tables["state"] = set(STATE_TABLE)
    owners = {}
    for group, names in tables.items():
        for name in names:
            owners.setdefault(name, []).append(group)
    assert {n: g for n, g in owners.items() if len(g) > 1} == {}, "spec'd in two tables"
    supported = _functional_names()
    assert sorted(supported - set(owners)) == [], "supported ops without a sweep spec"
    assert sorted(set(owners) - supported) == [], "specs for names msfunc.ops does not export"
    assert all(hasattr(ops, name) for name in supported)


@pytest.mark.parametrize("group", TABLES)
def test_every_skip_gives_a_reason(group):
    vague = []
    for test_id, _, case in cases_of(_specs(group)):
        for check in ("jit", "vmap", "grad"):
            value = getattr(case, check)
            if value is True or (check == "grad" and (value == "auto" or isinstance(value, tuple))):
                continue
            if not (isinstance(value, str) and len(value.strip()) > 10):
                vague.append(f"{test_id}.{check}={value!r}")
    assert vague == []
