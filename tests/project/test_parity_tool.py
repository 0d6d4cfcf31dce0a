"""tools/run_mindspore_suite.py: junit parsing, outcome comparison, the table, a real pytest run."""

import doctest
import importlib.util
import json
import sys
import textwrap

import pytest
from _paths import REPO

TOOL = REPO / "tools" / "run_mindspore_suite.py"


@pytest.fixture(scope="module")
def tool():
    spec = importlib.util.spec_from_file_location("run_mindspore_suite", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_docstring_examples(tool):
    result = doctest.testmod(tool, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 5 and result.failed == 0
    listing = sys.modules[tool.render_failures.__module__]
    result = doctest.testmod(listing, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 3 and result.failed == 0
    assert listing.load_reasons()  # the committed reasons parse


JUNIT = """<?xml version="1.0" encoding="utf-8"?>
<testsuites><testsuite name="pytest" errors="1" failures="2" skipped="1" tests="6">
<testcase classname="tests.st.x.test_m" name="test_ok" time="0.1"/>
<testcase classname="tests.st.x.test_m.TestK" name="test_p[1-a]" time="0.1"/>
<testcase classname="tests.st.x.test_m" name="test_bad" time="0.1">
  <failure message="TypeError: For 'add', x must be Tensor">trace
E   TypeError: For 'add', x must be Tensor</failure></testcase>
<testcase classname="tests.st.x.test_m" name="test_err" time="0.1">
  <error message="failed on setup with &quot;ValueError: v&quot;">E   ValueError: v</error>
</testcase>
<testcase classname="tests.st.x.test_m" name="test_skip" time="0.0">
  <skipped type="pytest.skip" message="no gpu"/></testcase>
<testcase classname="" name="tests.st.x.test_other" time="0.0">
  <error message="collection failure">Traceback
E   ModuleNotFoundError: No module named 'mindspore.foo'</error></testcase>
</testsuite></testsuites>"""


def test_parse_junit_outcomes_and_collection_errors(tool):
    tests, errors = tool.parse_junit(JUNIT)
    assert {k: v["outcome"] for k, v in tests.items()} == {
        "tests.st.x.test_m::test_ok": "passed",
        "tests.st.x.test_m.TestK::test_p[1-a]": "passed",
        "tests.st.x.test_m::test_bad": "failed",
        "tests.st.x.test_m::test_err": "failed",
        "tests.st.x.test_m::test_skip": "skipped",
    }
    assert (
        tests["tests.st.x.test_m::test_bad"]["message"] == "TypeError: For 'add', x must be Tensor"
    )
    assert errors == ["ModuleNotFoundError: No module named 'mindspore.foo'"]
    # node ids from the streamed log map to the same keys as junit's
    assert (
        tool.junit_key("tests/st/x/test_m.py::TestK::test_p[1-a]")
        == "tests.st.x.test_m.TestK::test_p[1-a]"
    )


def test_compare_counts_only_tests_the_control_passes(tool):
    control = {"status": "ok", "collection_errors": [], "tests": tool.parse_junit(JUNIT)[0]}
    broken = {"status": "ok", "collection_errors": ["ImportError: x"], "tests": {}}
    counts, fails = tool.compare(control, broken)
    assert counts == (5, 2, 0)
    assert set(fails.values()) == {"collection: ImportError: x"}
    timed_out = {
        "status": "timeout",
        "collection_errors": [],
        "tests": {"tests.st.x.test_m::test_ok": {"outcome": "passed", "message": ""}},
    }
    counts, fails = tool.compare(control, timed_out)
    assert counts == (5, 2, 1) and list(fails.values()) == ["file timeout"]
    crashed = {
        "status": "crash",
        "collection_errors": [],
        "tests": {},
        "tail": "ImportError while loading conftest\nE   ModuleNotFoundError: m.x",
    }
    assert set(tool.compare(control, crashed)[1].values()) == {
        "file crash: ModuleNotFoundError: m.x"
    }
    numpy2 = {
        "status": "ok",
        "collection_errors": [],
        "tests": {"m::t[bool-1]": {"outcome": "passed", "message": ""}},
    }
    ctl = {
        "status": "ok",
        "collection_errors": [],
        "tests": {"m::t[bool_-1]": {"outcome": "passed", "message": ""}},
    }
    assert tool.compare(ctl, numpy2) == ((1, 1, 1), {})


def test_render_table_sums_suites(tool):
    rows = [
        ("a", "f1", 10, 8, 6, "", 1, 0),
        ("a", "f2", 4, 2, 2, "", 0, 1),
        ("b", "f3", 5, 0, 0, "control crash", 0, 0),
    ]
    md = tool.render_table(
        rows,
        commit="c0ffee",
        date="D",
        measured=["a", "b"],
        not_measured=["c"],
        causes={"TypeError: t": 3, "ValueError: v": 1},
        apart={"a": 2},
        unmeasured_files={"c": ["tests/st/c/test_z.py"]},
    )
    # wording and device-only failures are counted apart: 8 / (10 - 1 - 1)
    assert "| a | 2 | 14 | 10 | 8 | 80.0 % | 1 | 1 | 100.0 % |" in md
    assert "| b | 1 | 5 | 0 | 0 | - | 0 | 0 | - |" in md
    assert "| **all** | 3 | 19 | 10 | 8 | 80.0 % | 1 | 1 | 100.0 % |" in md
    assert "`c0ffee`" in md and "Not yet measured: c." in md
    assert "not run): a 2." in md and "`tests/st/c/test_z.py`" in md
    assert md.index("TypeError: t") < md.index("ValueError: v")


def test_previous_report_rows_carry_over(tool, tmp_path):
    # a report written by render_table/render_failures reads back: rows and failures per file
    md = tool.render_table(
        [("s", "tests/st/s/test_a.py", 3, 2, 1, "", 0, 0)],
        commit="c",
        date="D",
        measured=["s"],
        not_measured=[],
        causes={},
    )
    fails = tool.render_failures(
        [("s", "tests/st/s/test_a.py", "tests.st.s.test_a.TestK::t", "E: boom")], [], header="# x"
    )
    (tmp_path / "p.md").write_text(md)
    (tmp_path / "p_failures.md").write_text(fails)
    report = sys.modules[tool.render_table.__module__]
    rows, failing = report.load_previous(tmp_path / "p.md")
    assert rows == {"tests/st/s/test_a.py": ("s", "tests/st/s/test_a.py", 3, 2, 1, "")}
    assert failing == [("s", "tests/st/s/test_a.py", "tests.st.s.test_a.TestK::t", "E: boom")]
    assert doctest.testmod(report).failed == 0


def test_st_file_without_cpu_mark_is_not_run(tool, tmp_path):
    (tmp_path / "tests" / "st").mkdir(parents=True)
    (tmp_path / "tests" / "st" / "test_g.py").write_text("# platform_ascend only\n")
    (tmp_path / "tests" / "st" / "test_c.py").write_text("# plat_marks=['cpu_linux']\n")
    assert not tool._has_cpu_mark(tmp_path, "tests/st/test_g.py")
    assert tool._has_cpu_mark(tmp_path, "tests/st/test_c.py")
    assert tool._has_cpu_mark(tmp_path, "tests/ut/python/test_any.py")


def test_run_file_survives_a_hanging_file(tool, tmp_path):
    # a real pytest subprocess: outcomes before the hang come from the streamed log
    root = tmp_path / "copy"
    (root / "tests" / "st").mkdir(parents=True)
    (root / "tests" / "st" / "test_h.py").write_text(
        textwrap.dedent("""
        import time
        def test_a():
            pass
        def test_b():
            raise KeyError("k")
        def test_c():
            time.sleep(600)
    """)
    )
    res = tool.run_file(
        sys.executable,
        root,
        "tests/st/test_h.py",
        alias=False,
        timeout=20,
        marks=None,
        workdir=str(tmp_path),
    )
    assert res["status"] == "timeout"
    assert {k: v["outcome"] for k, v in res["tests"].items()} == {
        "tests.st.test_h::test_a": "passed",
        "tests.st.test_h::test_b": "failed",
    }
    assert "KeyError" in res["tests"]["tests.st.test_h::test_b"]["message"]


def test_main_with_cached_control_runs_msfunc_through_the_alias(tool, tmp_path):
    root = tmp_path / "copy"
    (root / "tests" / "ut" / "python" / "vmap").mkdir(parents=True)
    (root / "tests" / "ut" / "python" / "vmap" / "test_v.py").write_text(
        textwrap.dedent("""
        import mindspore
        import msfunc
        def test_alias():
            assert mindspore.Tensor is msfunc.Tensor
        def test_missing():
            mindspore.no_such_name_anywhere
    """)
    )
    control = {
        "tests/ut/python/vmap/test_v.py": {
            "status": "ok",
            "collection_errors": [],
            "tail": "",
            "tests": {
                "tests.ut.python.vmap.test_v::test_alias": {"outcome": "passed", "message": ""},
                "tests.ut.python.vmap.test_v::test_missing": {"outcome": "passed", "message": ""},
            },
        }
    }
    cache = tmp_path / "control.json"
    cache.write_text(json.dumps(control))
    out = tmp_path / "parity.md"
    tool.main(
        [
            str(root),
            "--suites",
            "vmap",
            "--control-cache",
            str(cache),
            "--commit",
            "abc",
            "--msfunc-cache",
            str(tmp_path / "msfunc.json"),
            "--out",
            str(out),
            "--timeout",
            "120",
        ]
    )
    md = out.read_text()
    assert "| tests/ut/python/vmap/test_v.py | 2 | 2 | 1 | 50.0 % |" in md
    assert "no_such_name_anywhere" in md
