"""msfunc's core conventions against golden values from MindSpore 2.10 (tests/golden/core.json).

The scenarios live in ``tests/oracle/gen_core_golden.py``: each is a MindSpore program
written as ``scenario(ms, nn, ops, mnp, rec)``.  The generator ran them with
``ms = mindspore``; here the very same functions run with ``ms = msfunc``, and every
recorded case is compared on structure (tuple vs list vs bare array, nesting, lengths,
ids and names) and on values (rtol 1e-5, atol 1e-6; float16 results rtol 1e-3).
dtypes are compared exactly (modulo int64 -> int32, float64 -> float32 with MSFUNC_X64=0).
"""

import functools
import importlib.util
import json

import jax
import numpy as np
import pytest
from _paths import TESTS

HERE = TESTS
_spec = importlib.util.spec_from_file_location(
    "gen_core_golden", HERE / "oracle" / "gen_core_golden.py"
)
gen = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gen)

with open(HERE / "golden" / "core.json") as _fh:
    GOLDEN = json.load(_fh)
META = GOLDEN.pop("__meta__")
KNOWN_BUGS = META.get("known_mindspore_bugs", {})
# Deliberate differences from MindSpore 2.10 (docs/coming-from-mindspore.md). Strict xfails:
# if msfunc ever starts matching MindSpore here, the test says so.
_PY_FLOAT = (
    "msfunc differentiates Python floats at grad_position when no Tensor is at "
    "another position; MindSpore treats them as constants and drops them"
)
DELIBERATE_DIFFERENCES = {
    "s02_grad_options/pyfloat_at_grad_pos": _PY_FLOAT,
    "s02_grad_options/pyfloat_only_arg": _PY_FLOAT,
    "s08_training/train_cell_names": (
        "optimizer state Parameters are requires_grad=False in msfunc, so they are not in "
        "trainable_params()"
    ),
}
CASES = [
    pytest.param(
        sc,
        case,
        id=f"{sc}/{case}",
        marks=[pytest.mark.xfail(strict=True, reason=DELIBERATE_DIFFERENCES[f"{sc}/{case}"])]
        if f"{sc}/{case}" in DELIBERATE_DIFFERENCES
        else [],
    )
    for sc, cases in GOLDEN.items()
    for case in cases
]

# With 64-bit types off (MSFUNC_X64=0) MindSpore's 64-bit results are stored in 32 bits.
X64_OFF = {"int64": "int32", "uint64": "uint32", "float64": "float32", "complex128": "complex64"}
DTYPE_RULE = {} if jax.config.jax_enable_x64 else X64_OFF
RTOL, ATOL = 1e-5, 1e-6


@functools.cache
def msfunc_results(scenario_name):
    """Run one scenario against msfunc once; {case: encoded result or error}."""
    import msfunc as ms
    from msfunc import nn, ops

    try:
        import msfunc.numpy as mnp
    except ImportError:  # another area; the scenarios that need it will report the error
        mnp = None
    return gen.run_scenario(getattr(gen, scenario_name), ms, nn, ops, mnp)


def show(e, limit=160):
    """A short readable rendering of an encoded value, for failure messages."""
    t = e["t"]
    if t in ("tensor", "param"):
        head = f"Parameter({e['name']!r}) " if t == "param" else ""
        return f"{head}{e['dtype']}{e['shape']} {json.dumps(e['v'])[:limit]}"
    if t in ("tuple", "list"):
        inner = ", ".join(show(i, 60) for i in e["items"])
        return f"({inner},)" if t == "tuple" else f"[{inner}]"
    if t == "dict":
        pairs = zip(e["keys"], e["items"], strict=True)
        return "{" + ", ".join(f"{k}: {show(v, 60)}" for k, v in pairs) + "}"
    if t == "error":
        return f"<raised {e['error_type']}: {e['error']}>"
    if t == "none":
        return "None"
    if t == "other":
        return f"<{e['type']}>"
    return repr(e["v"])


def _kind(e):
    return {
        "tuple": "tuple",
        "list": "list",
        "tensor": "array",
        "param": "Parameter",
        "int": "int",
        "float": "float",
        "bool": "bool",
        "str": "str",
        "none": "None",
        "dict": "dict",
        "other": e.get("type", "other"),
        "error": "error",
    }[e["t"]]


def compare(exp, got, path, problems):
    """Append to `problems` every difference between MindSpore's `exp` and msfunc's `got`."""
    if got["t"] == "error":
        problems.append(
            f"{path}: msfunc raised {got['error_type']}: {got['error']}\n"
            f"    MindSpore gave {show(exp)}"
        )
        return
    if _kind(exp) != _kind(got):
        problems.append(
            f"{path}: structure differs: MindSpore {_kind(exp)} {show(exp)}\n"
            f"    msfunc {_kind(got)} {show(got)}"
        )
        return
    t = exp["t"]
    if t in ("tuple", "list"):
        if len(exp["items"]) != len(got["items"]):
            problems.append(
                f"{path}: {t} length {len(exp['items'])} (MindSpore) vs "
                f"{len(got['items'])} (msfunc)\n    MindSpore {show(exp)}\n"
                f"    msfunc    {show(got)}"
            )
            return
        for i, (a, b) in enumerate(zip(exp["items"], got["items"], strict=True)):
            compare(a, b, f"{path}[{i}]", problems)
    elif t == "dict":
        if exp["keys"] != got["keys"]:
            problems.append(f"{path}: dict keys {exp['keys']} vs {got['keys']}")
            return
        for k, a, b in zip(exp["keys"], exp["items"], got["items"], strict=True):
            compare(a, b, f"{path}[{k!r}]", problems)
    elif t in ("tensor", "param"):
        if t == "param" and (exp["name"], exp["requires_grad"]) != (
            got["name"],
            got["requires_grad"],
        ):
            problems.append(
                f"{path}: Parameter name/requires_grad "
                f"{(exp['name'], exp['requires_grad'])} (MindSpore) vs "
                f"{(got['name'], got['requires_grad'])} (msfunc)"
            )
        want_dtype = DTYPE_RULE.get(exp["dtype"], exp["dtype"])
        if got["dtype"] != want_dtype:
            problems.append(f"{path}: dtype {exp['dtype']} (MindSpore) vs {got['dtype']} (msfunc)")
        if exp["shape"] != got["shape"]:
            problems.append(
                f"{path}: shape {exp['shape']} (MindSpore) vs {got['shape']} "
                f"(msfunc)\n    MindSpore {show(exp)}\n    msfunc    {show(got)}"
            )
            return
        a, b = np.asarray(exp["v"], dtype=float), np.asarray(got["v"], dtype=float)
        rtol = 1e-3 if "float16" in (exp["dtype"], got["dtype"]) else RTOL
        if not np.allclose(a, b, rtol=rtol, atol=ATOL, equal_nan=True):
            err = np.max(np.abs(a - b)) if a.size else 0.0
            problems.append(
                f"{path}: values differ (max abs err {err:.3g})\n"
                f"    MindSpore {show(exp)}\n    msfunc    {show(got)}"
            )
    elif t == "float":
        if not np.isclose(exp["v"], got["v"], rtol=RTOL, atol=ATOL):
            problems.append(f"{path}: {exp['v']!r} (MindSpore) vs {got['v']!r} (msfunc)")
    elif t in ("int", "bool", "str"):
        if exp["v"] != got["v"]:
            problems.append(f"{path}: {exp['v']!r} (MindSpore) vs {got['v']!r} (msfunc)")
    elif t == "other" and exp.get("type") != got.get("type"):
        problems.append(f"{path}: type {exp.get('type')} vs {got.get('type')}")


# MindSpore reports some argument errors from its graph compiler as RuntimeError; a
# ValueError or IndexError from msfunc is the same program-level outcome.
SAME_ERROR = {"RuntimeError": {"RuntimeError", "ValueError", "IndexError"}}


def _check_raises(key, expected, got):
    """A bad-argument case: MindSpore raised, so msfunc must raise a matching error."""
    assert expected["t"] == "error", f"{key}: golden file says MindSpore did not raise"
    assert got is not None, f"{key}: msfunc run did not reach this case"
    want = SAME_ERROR.get(expected["error_type"], {expected["error_type"]})
    assert got["t"] == "error", (
        f"{key}: MindSpore raised {expected['error_type']}: "
        f"{expected['error']}\n    msfunc returned {show(got)}"
    )
    assert got["error_type"] in want, (
        f"{key}: MindSpore raised {expected['error_type']} ({expected['error']}), "
        f"msfunc raised {got['error_type']} ({got['error']})"
    )


@pytest.mark.parametrize(("scenario", "case"), CASES)
def test_matches_mindspore(scenario, case):
    expected = GOLDEN[scenario][case]
    key = f"{scenario}/{case}"
    if case.startswith("raises_"):
        _check_raises(key, expected, msfunc_results(scenario).get(case))
        return
    if expected["t"] == "error":
        pytest.skip(
            f"MindSpore 2.10 itself fails here: {expected['error_type']}: {expected['error']}"
        )
    if key in KNOWN_BUGS:
        bug = KNOWN_BUGS[key]
        if "compare_with" not in bug:
            pytest.skip(f"MindSpore 2.10 bug, not a convention to copy: {bug['reason']}")
        # MindSpore's answer is wrong; the correct one is recorded under another case.
        expected = GOLDEN[scenario][bug["compare_with"]]
    results = msfunc_results(scenario)
    got = results.get(case)
    if got is None and "__scenario__" in results:
        err = results["__scenario__"]
        pytest.fail(
            f"{key}: the msfunc run of this scenario stopped before this case: "
            f"{err['error_type']}: {err['error']}"
        )
    assert got is not None, f"{key}: msfunc run did not reach this case"
    problems = []
    compare(expected, got, key, problems)
    assert not problems, "\n".join(problems)


def test_golden_file_covers_every_scenario():
    """The committed golden file must be regenerated when a scenario is added."""
    assert sorted(GOLDEN) == sorted(s.__name__ for s in gen.SCENARIOS)
    assert META["mindspore"].startswith("2.10")


def test_compare_catches_structure_and_value_differences():
    """The comparison itself must fail on a bare array vs 1-tuple, names, dtypes and values."""
    arr = {"t": "tensor", "dtype": "float32", "shape": [2], "v": [1.0, 2.0]}
    cases = [
        ({"t": "tuple", "items": [arr]}, arr),
        (arr, dict(arr, v=[1.0, 2.1])),
        (arr, dict(arr, dtype="float16")),
        (
            dict(arr, t="param", name="fc1.weight", requires_grad=True),
            dict(arr, t="param", name="weight", requires_grad=True),
        ),
        (
            {"t": "tuple", "items": [{"t": "int", "v": 0}, arr]},
            {"t": "tuple", "items": [{"t": "int", "v": 1}, arr]},
        ),
        ({"t": "list", "items": [arr]}, {"t": "tuple", "items": [arr]}),
    ]
    for exp, got in cases:
        problems = []
        compare(exp, got, "x", problems)
        assert problems, (exp, got)
    problems = []
    compare(dict(arr, dtype="int64", v=[1, 2]), dict(arr, dtype="int32", v=[1, 2]), "x", problems)
    assert bool(problems) == bool(jax.config.jax_enable_x64)
