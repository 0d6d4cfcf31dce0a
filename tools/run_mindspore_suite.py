"""Parity measurement: MindSpore's public test files run under real MindSpore and msfunc's alias.

Given a local copy of MindSpore's ``tests/`` tree (never committed here), every selected test
file runs under pytest in its own subprocess twice: once with real MindSpore (the control) and
once with ``mindspore`` mapped to msfunc strictly through ``msfunc.compat.alias_mindspore()``.
Per-test outcomes come from pytest's junit xml (with a streamed log as fallback when a file
times out or crashes); the result is a Markdown table per file and per suite counting the
tests MindSpore passes and, of those, the ones msfunc passes, plus the commonest causes of
msfunc's failures.

Usage (the control run is the slow part, so it is cached and reused)::

    python tools/run_mindspore_suite.py /tmp/ms_tests \\
        --mindspore-python MINDSPORE_VENV/bin/python --suites numpy_native scipy_st \\
        --out docs/parity.md

>>> junit_key("tests/st/a/test_b.py::TestC::test_d[1-2]")
'tests.st.a.test_b.TestC::test_d[1-2]'
"""

from __future__ import annotations

import argparse
import collections
import datetime
import json
import os
import pathlib
import re
import signal
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor

try:  # run as a script (python tools/run_mindspore_suite.py) or imported from tools/
    from parity_failures import classify, load_reasons, render_failures
    from parity_report import CPU_MARKS, DEVICE_ONLY, WORDING, load_previous, render_table
except ImportError:  # pragma: no cover
    from tools.parity_failures import classify, load_reasons, render_failures
    from tools.parity_report import CPU_MARKS, DEVICE_ONLY, WORDING, load_previous, render_table

# Suite name -> glob patterns relative to the root of the copied tests tree.
SUITES = {
    "numpy_native": ["tests/st/numpy_native/test_*.py"],
    "scipy_st": ["tests/st/scipy_st/test_*.py"],
    "vmap": ["tests/st/vmap/test_*.py", "tests/ut/python/vmap/test_*.py"],
    "grad": [
        "tests/st/pynative/grad/test_*.py",
        "tests/ut/python/pynative_mode/grad/test_*.py",
        "tests/ut/python/pynative_mode/ops/test_grad.py",
        "tests/ut/python/pynative_mode/test_stop_gradient.py",
        "tests/ut/python/nn/gradient/test_*.py",
        "tests/ut/python/optimizer/test_auto_grad.py",
    ],
    "high_grad": ["tests/st/high_grad/test_*.py"],
    "ops_func": ["tests/st/ops/test_func_*.py"],
    "ops_cpu": ["tests/st/ops/cpu/test_*.py"],
    "nn": [
        "tests/st/nn/test_*.py",
        "tests/st/nn/*/test_*.py",
        "tests/ut/python/nn/test_*.py",
        "tests/ut/python/nn/layer/test_*.py",
    ],
    "optimizer": ["tests/st/optimizer/test_*.py", "tests/ut/python/nn/optim/test_*.py"],
    # Tensor, Parameter, dtype and the seed: the core objects every program touches
    "common": [
        "tests/ut/python/common/test_*.py",
        "tests/ut/python/ir/test_*.py",
        "tests/st/parameter/test_*.py",
        "tests/ut/python/parameter_feature/test_*.py",
        "tests/st/tensor/test_*.py",
        "tests/st/tensor/mint/test_*.py",
    ],
    "initializers": ["tests/ut/python/utils/test_initializer*.py"],
    "ops_ut": ["tests/ut/python/ops/test_*.py"],
    # the dataset tests read their data files from tests/ut/data (part of the copied tree)
    "dataset": ["tests/st/dataset/test_*.py", "tests/ut/python/dataset/test_*.py"],
    "train": [
        "tests/st/train/test_*.py",
        "tests/ut/python/train/test_*.py",
        "tests/ut/python/model/test_*.py",
        "tests/ut/python/utils/test_callback.py",
        "tests/ut/python/utils/test_serialize.py",
        "tests/ut/python/metrics/test_*.py",
        # mixed precision (Model's amp levels, auto_mixed_precision)
        "tests/st/mix_precision/test_*.py",
        "tests/st/pynative/framework/test_amp.py",
        "tests/ut/python/amp/test_*.py",
    ],
    "tensor_overload": ["tests/st/tensor/overload/test_*.py"],
    # every other test file of tests/st (CPU-marked ones run) and of tests/ut/python: the
    # areas above are the ones measured so far, these the rest of the suite
    "st_other": ["tests/st/**/test_*.py"],
    "ut_other": ["tests/ut/python/**/test_*.py"],
}
# suites made of the files no named suite claims
REST_SUITES = ("st_other", "ut_other")


# A pytest plugin written to a temp dir and loaded with ``-p``: it streams each test's outcome
# as a JSON line (so a file that hangs or crashes still reports what it ran) and, in the msfunc
# run, installs the alias before any test module is collected.
_PLUGIN = """
import json, os
if os.environ.get("PARITY_ALIAS") == "1":
    import msfunc.compat
    msfunc.compat.alias_mindspore()
_LOG = os.environ["PARITY_STREAM"]
if os.environ.get("PARITY_NUMPY1_NAMES") == "1":
    import numpy as _np
    _OLD = {"NINF": -_np.inf, "PINF": _np.inf, "NZERO": -0.0, "PZERO": 0.0, "Inf": _np.inf,
            "Infinity": _np.inf, "infty": _np.inf, "NaN": _np.nan, "float_": _np.float64,
            "complex_": _np.complex128, "cfloat": _np.complex128, "longfloat": _np.longdouble,
            "singlecomplex": _np.complex64, "clongfloat": _np.clongdouble, "string_": _np.bytes_,
            "unicode_": _np.str_, "bool8": _np.bool_, "int0": _np.intp, "uint0": _np.uintp,
            "object0": _np.object_, "alltrue": _np.all, "sometrue": _np.any, "product": _np.prod,
            "cumproduct": _np.cumprod, "round_": _np.round, "row_stack": _np.vstack,
            "trapz": getattr(_np, "trapezoid", None),
            # numpy 1's in1d flattens its first argument; its asfarray turns a dtype that is
            # not inexact into float64.
            "in1d": lambda a, b, assume_unique=False, invert=False: _np.isin(
                _np.ravel(a), b, assume_unique=assume_unique, invert=invert),
            "asfarray": lambda a, dtype=_np.float64: _np.asarray(
                a, dtype=dtype if _np.issubdtype(dtype, _np.inexact) else _np.float64)}
    for _name, _value in _OLD.items():
        if _value is not None and _name not in _np.__dict__:
            setattr(_np, _name, _value)

def pytest_runtest_logreport(report):
    if report.when != "call" and report.passed:
        return
    msg = ""
    if report.failed:
        crash = getattr(report.longrepr, "reprcrash", None)
        msg = crash.message if crash is not None else str(report.longrepr)[-400:]
    with open(_LOG, "a") as f:
        f.write(json.dumps({"nodeid": report.nodeid, "when": report.when,
                            "outcome": report.outcome, "message": msg}) + "\\n")
"""


def junit_key(nodeid):
    """The key junit xml gives a test (``classname::name``) computed from a pytest node id.

    >>> junit_key("tests/x/test_m.py::test_f")
    'tests.x.test_m::test_f'
    """
    parts = nodeid.split("::")
    module = parts[0][:-3] if parts[0].endswith(".py") else parts[0]
    classname = ".".join([module.replace("/", ".")] + parts[1:-1])
    return f"{classname}::{parts[-1]}"


def _cause_from_text(text):
    r"""The first line of the last block of ``E   `` lines of a pytest traceback (the exception).

    >>> _cause_from_text("x\nE   ValueError: a\n\nmore\nE   TypeError: b\nE   detail\nend")
    'TypeError: b'
    """
    lines = [ln for ln in (text or "").splitlines() if ln.strip()]
    first_of_block, previous_was_e = "", False
    for ln in lines:
        is_e = ln.startswith("E ")
        if is_e and not previous_was_e:
            first_of_block = ln[1:].strip()
        previous_was_e = is_e
    return first_of_block or (lines[-1].strip() if lines else "")


def parse_junit(xml_text):
    """Per-test outcomes from a pytest junit xml document.

    Returns ``(tests, collection_errors)``: ``tests`` maps ``classname::name`` to
    ``{"outcome": "passed"|"failed"|"skipped", "message": str}``; ``collection_errors``
    lists the causes of module-level errors (a file that failed to import).

    >>> doc = ('<testsuites><testsuite><testcase classname="m" name="t1"/>'
    ...        '<testcase classname="m" name="t2"><failure message="ValueError: bad"/>'
    ...        '</testcase></testsuite></testsuites>')
    >>> tests, errors = parse_junit(doc)
    >>> tests["m::t1"]["outcome"], tests["m::t2"]["message"], errors
    ('passed', 'ValueError: bad', [])
    """
    root = ET.fromstring(xml_text)
    tests, collection_errors = {}, []
    for case in root.iter("testcase"):
        key = f"{case.get('classname', '')}::{case.get('name', '')}"
        outcome, message = "passed", ""
        for child in case:
            if child.tag in ("failure", "error"):
                outcome = "failed"
                message = _cause_from_text(child.text) or child.get("message", "")
                if child.get("message") and not child.get("message").startswith(
                    "collection failure"
                ):
                    message = (
                        child.get("message").splitlines()[0]
                        if child.get("message").strip()
                        else message
                    )
                break
            if child.tag == "skipped":
                outcome = "skipped"
                message = child.get("message", "")
        if outcome == "failed" and (not case.get("classname")):
            collection_errors.append(message)
            continue
        tests[key] = {"outcome": outcome, "message": message}
    return tests, collection_errors


def parse_stream(lines):
    """Per-test outcomes from the plugin's JSON lines (used when no junit xml was written).

    >>> rows = ['{"nodeid": "t.py::a", "when": "call", "outcome": "passed", "message": ""}',
    ...         '{"nodeid": "t.py::b", "when": "setup", "outcome": "failed", "message": "E"}']
    >>> sorted((k, v["outcome"]) for k, v in parse_stream(rows).items())
    [('t::a', 'passed'), ('t::b', 'failed')]
    """
    tests = {}
    for line in lines:
        try:
            row = json.loads(line)
        except ValueError:
            continue
        key = junit_key(row["nodeid"])
        prev = tests.get(key)
        if prev is not None and prev["outcome"] == "failed":
            continue
        tests[key] = {"outcome": row["outcome"], "message": row.get("message", "")}
    return tests


DATASET_UT_CWD = "tests/ut/python"
DATASET_UT_PREFIX = "tests/ut/python/dataset/"


def run_file(
    python, root, relpath, *, alias, timeout, marks, workdir, extra_env=None, numpy1_names=False
):
    """Run one test file under pytest in a subprocess; returns a result dict for that file."""
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="parity_", dir=workdir))
    (tmp / "parity_plugin.py").write_text(_PLUGIN)
    junit, stream = tmp / "junit.xml", tmp / "stream.jsonl"
    env = dict(
        os.environ,
        GLOG_v="3",
        PARITY_STREAM=str(stream),
        PARITY_ALIAS="1" if alias else "0",
        PYTHONDONTWRITEBYTECODE="1",
        JAX_PLATFORMS="cpu",
        PARITY_NUMPY1_NAMES="1" if numpy1_names else "0",
    )
    env["PYTHONPATH"] = os.pathsep.join([str(tmp), str(root)] + list(extra_env or []))
    # MindSpore runs its dataset unit tests from tests/ut/python, where their "../data/..."
    # paths reach tests/ut/data; from the copy's root those paths miss, and every test that
    # reads a data set fails under both frameworks unmeasured
    cwd = root / DATASET_UT_CWD if relpath.startswith(DATASET_UT_PREFIX) else root
    python = os.path.abspath(python) if os.sep in python else python  # (cwd may change)
    cmd = [
        python,
        "-m",
        "pytest",
        str(root / relpath),
        "-q",
        "-p",
        "parity_plugin",
        "-p",
        "no:cacheprovider",
        "-o",
        "addopts=",
        "-c",
        os.devnull,
        "--rootdir",
        str(root),
        f"--junitxml={junit}",
        "-o",
        "junit_family=xunit1",
    ]
    if marks and relpath.startswith("tests/st/"):
        cmd += ["-m", marks]
    status = "ok"
    proc = subprocess.Popen(
        cmd,
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        out, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, _ = proc.communicate()
        status = "timeout"
    tail = out.decode(errors="replace")[-3000:]
    tests, collection_errors = {}, []
    if status == "ok" and junit.exists():
        try:
            tests, collection_errors = parse_junit(junit.read_text())
        except ET.ParseError:
            status = "crash"
    elif status == "ok":
        status = "crash"
    if status != "ok" and stream.exists():
        tests = parse_stream(stream.read_text().splitlines())
    return {
        "status": status,
        "rc": proc.returncode,
        "tests": tests,
        "collection_errors": collection_errors,
        "tail": tail if status != "ok" else "",
    }


def _claimed(root):
    """The files the named (not rest) suites hold."""
    return {
        path.relative_to(root).as_posix()
        for suite, patterns in SUITES.items()
        if suite not in REST_SUITES
        for pattern in patterns
        for path in pathlib.Path(root).glob(pattern)
    }


def select_files(root, suites, only):
    """The test files of the named suites under ``root``, filtered by the ``--only`` substrings."""
    chosen = []
    claimed = _claimed(root) if any(s in REST_SUITES for s in suites) else set()
    for suite in suites:
        for pattern in SUITES[suite]:
            for path in sorted(pathlib.Path(root).glob(pattern)):
                rel = path.relative_to(root).as_posix()
                if only and not any(o in rel for o in only):
                    continue
                if suite in REST_SUITES and rel in claimed:
                    continue
                if (suite, rel) not in chosen:
                    chosen.append((suite, rel))
    return chosen


def _normalise_cause(message):
    """A failure message reduced to a groupable form (numbers, quotes' contents kept short)."""
    first = (
        (message or "no message").strip().splitlines()[0]
        if (message or "").strip()
        else "no message"
    )
    first = re.sub(r"0x[0-9a-f]+", "0x..", first)
    first = re.sub(r"\s+", " ", first)
    return first[:140]


def _numpy2_id(key):
    """A test id as NumPy 2 spells its dtype parameters.

    >>> _numpy2_id("m::test_x[bool_-1]")
    'm::test_x[bool-1]'
    """
    return re.sub(r"\bbool_\b", "bool", key)


def compare(control, candidate):
    """Per-file counts: tests the control collected, its passes, the candidate's passes among them.

    Returns ``(counts, failures)``: ``counts`` is ``(n_tests, control_passed, candidate_passed)``
    and ``failures`` maps each control-passed test the candidate did not pass to its cause.

    >>> ctl = {"status": "ok", "tests": {"a": {"outcome": "passed"}, "b": {"outcome": "passed"},
    ...        "c": {"outcome": "failed"}}, "collection_errors": []}
    >>> cand = {"status": "ok", "tests": {"a": {"outcome": "passed"},
    ...         "b": {"outcome": "failed", "message": "TypeError: x"}}, "collection_errors": []}
    >>> compare(ctl, cand)
    ((3, 2, 1), {'b': 'TypeError: x'})
    """
    ctl_passed = [k for k, v in control["tests"].items() if v["outcome"] == "passed"]
    failures = {}
    if candidate["collection_errors"]:
        default = "collection: " + candidate["collection_errors"][0]
    elif candidate["status"] != "ok":
        # a crash before any test ran (e.g. a conftest that failed to import) says why in its tail
        crashed = candidate["status"] == "crash"
        why = _cause_from_text(candidate.get("tail", "")) if crashed else ""
        default = f"file {candidate['status']}" + (f": {why}" if why else "")
    else:
        default = "not collected"
    # NumPy 2 names np.bool_ "bool", so parametrised test ids differ between the two runs
    by_id = {_numpy2_id(k): v for k, v in candidate["tests"].items()}
    for key in ctl_passed:
        got = candidate["tests"].get(key, by_id.get(_numpy2_id(key)))
        if got is None:
            failures[key] = default
        elif got["outcome"] != "passed":
            failures[key] = got.get("message") or got["outcome"]
    return (len(control["tests"]), len(ctl_passed), len(ctl_passed) - len(failures)), failures


def _load_json(path):
    try:
        return json.loads(pathlib.Path(path).read_text())
    except (OSError, ValueError):
        return {}


def _save_json_atomic(path, data):
    path = pathlib.Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    # a unique temporary name: two runs sharing a cache must not replace each other's file
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name + ".", suffix=".tmp")
    with os.fdopen(fd, "w") as f:
        f.write(json.dumps(data))
    os.replace(tmp, path)


def _git_commit(root):
    try:
        return subprocess.run(
            ["git", "-C", str(root), "rev-parse", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def _parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("tests_root", help="directory holding a copy of MindSpore's tests/ tree")
    ap.add_argument(
        "--mindspore-python",
        help="python with real MindSpore (control); "
        "without it only cached control results are used",
    )
    ap.add_argument(
        "--control-path",
        nargs="*",
        default=[],
        help="directories put on PYTHONPATH for the control run (e.g. a pytest the MindSpore "
        "environment lacks, copied to a folder of its own)",
    )
    ap.add_argument("--msfunc-python", default=sys.executable, help="python with msfunc's deps")
    ap.add_argument(
        "--msfunc-path",
        default=str(pathlib.Path(__file__).resolve().parents[1]),
        help="directory put on PYTHONPATH so its msfunc is imported",
    )
    ap.add_argument("--suites", nargs="+", default=list(SUITES), choices=list(SUITES))
    ap.add_argument(
        "--only", nargs="*", default=[], help="keep files whose path contains any of these"
    )
    ap.add_argument("--timeout", type=float, default=300.0, help="seconds per file and run")
    ap.add_argument("--jobs", type=int, default=1, help="files run at once")
    ap.add_argument("--control-cache", default="/tmp/mindspore_parity_control.json")
    ap.add_argument(
        "--msfunc-cache",
        default="/tmp/mindspore_parity_msfunc.json",
        help="msfunc results, kept so a table can be rebuilt (--rerun-msfunc to refresh)",
    )
    ap.add_argument(
        "--report-only", action="store_true", help="run nothing: the table of the cached results"
    )
    ap.add_argument(
        "--rerun-msfunc",
        action="store_true",
        help="run the selected files again under msfunc (other cached results stay)",
    )
    ap.add_argument(
        "--commit", help="MindSpore commit of the copy (default: git HEAD of tests_root)"
    )
    ap.add_argument("--no-marks", action="store_true", help="run st tests of every platform")
    ap.add_argument(
        "--no-numpy1-names",
        action="store_true",
        help="do not restore the NumPy 1.x names (np.NINF, np.float_ ...) that "
        "MindSpore's tests use and NumPy 2 removed, in the msfunc run",
    )
    ap.add_argument(
        "--carry-over",
        help="an earlier report (and its _failures companion): its rows stand for the files "
        "that have no result in the caches",
    )
    ap.add_argument(
        "--note",
        action="append",
        default=[],
        help="a paragraph for the report (which msfunc was measured, ...)",
    )
    ap.add_argument("--out", help="write the Markdown table here too")
    return ap.parse_args(argv)


_EMPTY = {"status": "ok", "tests": {}, "collection_errors": [], "tail": ""}


def _has_cpu_mark(root, rel):
    """Whether a test file may hold a CPU-selected test (ut files carry no marks: always)."""
    if not rel.startswith("tests/st/"):
        return True
    text = (pathlib.Path(root) / rel).read_text(errors="replace")
    return any(mark in text for mark in CPU_MARKS.split(" or "))


def _measure_one(args, root, rel, control, cand, workdir):
    """Fill ``control[rel]`` and ``cand[rel]`` (running what the caches lack); False if skipped."""
    marks = None if args.no_marks else CPU_MARKS
    if rel not in control:
        if not args.mindspore_python or args.report_only:
            return False
        if marks and not _has_cpu_mark(root, rel):
            control[rel] = dict(_EMPTY, status="no-cpu-mark")
        else:
            control[rel] = run_file(
                args.mindspore_python,
                root,
                rel,
                alias=False,
                timeout=args.timeout,
                marks=marks,
                workdir=workdir,
                extra_env=args.control_path,
            )
    if rel not in cand:
        if args.report_only:
            return False
        if any(v["outcome"] == "passed" for v in control[rel]["tests"].values()):
            cand[rel] = run_file(
                args.msfunc_python,
                root,
                rel,
                alias=True,
                timeout=args.timeout,
                marks=marks,
                workdir=workdir,
                extra_env=[args.msfunc_path],
                numpy1_names=not args.no_numpy1_names,
            )
        else:
            cand[rel] = dict(_EMPTY)
    return True


def _measure(args, root, files, control, cand):
    """Run what the caches lack, saving both caches after each file."""
    workdir = tempfile.mkdtemp(prefix="parity_runs_")

    def do(item):
        suite, rel = item
        if _measure_one(args, root, rel, control, cand, workdir):
            print(
                f"[{suite}] {rel}: {compare(control[rel], cand[rel])[0]} "
                f"{control[rel]['status']}/{cand[rel]['status']}",
                flush=True,
            )

    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for _ in pool.map(do, files):
            if not args.report_only:
                _save_json_atomic(args.control_cache, control)
                _save_json_atomic(args.msfunc_cache, cand)


def _file_note(ctl, cnd):
    note = []
    if ctl["status"] != "ok":
        note.append(f"control {ctl['status']}")
    if cnd["status"] != "ok":
        note.append(f"msfunc {cnd['status']}")
    for who, result in (("control", ctl), ("msfunc", cnd)):
        if result["collection_errors"]:
            cause = _normalise_cause(result["collection_errors"][0])[:80]
            note.append(f"{who}: " + cause.replace("|", "/").replace("`", ""))
    return "; ".join(note)


def _count_apart(fails, reasons):
    """(wording, device only): the failures counted apart, by their reasons' prefixes."""
    kinds = [classify(t, c, reasons) for t, c in fails]
    return sum(k.startswith(WORDING) for k in kinds), sum(k.startswith(DEVICE_ONLY) for k in kinds)


def _collect(files, control, cand, previous, reasons):
    """Report rows, failure causes, failing tests, files counted apart and files not measured."""
    rows, causes, failing = [], collections.Counter(), []
    apart, unmeasured = collections.Counter(), collections.defaultdict(list)
    prev_rows, prev_failing = previous
    for suite, rel in files:
        if rel in control and rel in cand:
            if control[rel]["status"] == "no-cpu-mark":
                apart[suite] += 1
                continue
            (n, ms, mf), fails = compare(control[rel], cand[rel])
            note = _file_note(control[rel], cand[rel])
            fails = list(fails.items())
        elif rel in prev_rows:
            _s, _f, n, ms, mf, note = prev_rows[rel]
            note = "; ".join(x for x in (note, "earlier measurement") if x)
            fails = [(t, c) for _s, f, t, c in prev_failing if f == rel]
        else:
            unmeasured[suite].append(rel)
            continue
        rows.append((suite, rel, n, ms, mf, note, *_count_apart(fails, reasons)))
        causes.update(_normalise_cause(c) for _t, c in fails)
        failing += [(suite, rel, test, cause) for test, cause in fails]
    return rows, causes, failing, apart, unmeasured


def _coverage(files, rows, apart, suites):
    measured, not_measured = [], []
    for suite in SUITES:
        done = sum(1 for r in rows if r[0] == suite) + apart.get(suite, 0)
        total = sum(1 for s, _ in files if s == suite) if suite in suites else 0
        if done == 0:
            not_measured.append(suite)
        else:
            measured.append(suite if done >= total else f"{suite} ({done} of {total} files)")
    return measured, not_measured


def main(argv=None):
    """Command line entry point; see the module docstring."""
    args = _parse_args(argv)
    root = pathlib.Path(args.tests_root).resolve()
    files = select_files(root, args.suites, args.only)
    control = _load_json(args.control_cache)
    cand = _load_json(args.msfunc_cache)
    if args.rerun_msfunc:  # the selected files run again; the other files' results are kept
        for _, rel in files:
            cand.pop(rel, None)
    previous = load_previous(args.carry_over) if args.carry_over else ({}, [])
    # files the earlier report holds are not run again (unless their results are cached)
    _measure(args, root, [f for f in files if f[1] not in previous[0]], control, cand)
    reasons = load_reasons()
    rows, causes, failing, apart, unmeasured = _collect(files, control, cand, previous, reasons)
    measured, not_measured = _coverage(files, rows, apart, args.suites)
    md = render_table(
        rows,
        commit=args.commit or _git_commit(root),
        date=datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        measured=measured,
        not_measured=not_measured,
        causes=causes,
        apart=dict(apart),
        unmeasured_files=dict(unmeasured),
        notes=args.note
        + (
            [
                f"Files noted `earlier measurement` are carried over from "
                f"{pathlib.Path(args.carry_over).name} as it stood (same MindSpore "
                "commit), not re-run this time."
            ]
            if args.carry_over
            else []
        ),
    )
    print(md)
    if args.out:
        out = pathlib.Path(args.out)
        _write_atomic(out, md)
        listing = render_failures(
            failing,
            reasons,
            header=f"# MindSpore tests msfunc fails\n\nThe tests of "
            f"{out.name} that real MindSpore passes and msfunc does not, with the first line of "
            "the failure and the reason (patterns in tools/parity_reasons.json).",
        )
        _write_atomic(out.with_name(out.stem + "_failures.md"), listing)
    return 0


def _write_atomic(path, text):
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(text)
    os.replace(tmp, path)


if __name__ == "__main__":
    sys.exit(main())
