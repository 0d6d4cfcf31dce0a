"""The Markdown report of the parity measurement; an earlier report's rows to carry over."""

from __future__ import annotations

import collections
import pathlib
import re

# MindSpore's st tests carry platform marks; only the CPU ones run (ut tests carry none).
CPU_MARKS = "cpu_linux or platform_x86_cpu or platform_x86_cpu_training"

# A failure whose reason starts so only asserts MindSpore's error sentence: counted apart.
WORDING = "message wording"
# A failure whose reason starts so tests what MindSpore's CPU build does only because the
# feature belongs to Ascend or GPU (a kernel CPU lacks, a device-only runtime): counted apart.
DEVICE_ONLY = "device only"


def _pct(a, b):
    return f"{100.0 * a / b:.1f} %" if b else "-"


def _header(commit, date, measured, not_measured):
    return [
        "# Parity with MindSpore's own tests",
        "",
        f"Measured up to {date} on MindSpore's public tests at commit `{commit}` "
        "(mirror `mindspore-ai/mindspore_test`), real MindSpore 2.10 on CPU as the control; "
        "msfunc runs each file strictly through `msfunc.compat.alias_mindspore()`.",
        "`msfunc passes` counts only tests that MindSpore passes. Repeat with "
        "`python tools/run_mindspore_suite.py PATH_TO_COPY --mindspore-python PY "
        "--out docs/parity.md`.",
        "",
        "How: each file runs under pytest in its own subprocess (per-file time limit), once per "
        "interpreter; `tests/st` files are selected by their CPU marks "
        f'(`-m "{CPU_MARKS}"`; a file whose text names none of these marks has no CPU test and '
        "is counted apart, not run), `tests/ut` files carry none and run whole. `tests` counts "
        "what MindSpore collected. MindSpore's tests were written for NumPy 1.x while msfunc runs "
        "on NumPy 2, so the msfunc run restores the NumPy 1.x names they use (`np.NINF`, "
        "`np.float_`, `np.asfarray` ...) and nothing else: every `mindspore` name comes from the "
        "alias.",
        "",
        "`wording` counts the tests msfunc fails only because they assert MindSpore's error "
        "sentence (msfunc raises the same exception type in its own words); `device only` the "
        "tests of an Ascend or GPU feature that MindSpore's CPU build refuses (each named in "
        "parity_failures.md). The last column leaves both out: msfunc passes / (MindSpore "
        "passes - wording - device only).",
        "",
        f"Suites measured: {', '.join(measured) or 'none'}.",
        f"Not yet measured: {', '.join(not_measured) or 'none'}.",
        "",
    ]


def _per_suite(rows, apart):
    out = [
        "## Per suite",
        "",
        "| suite | files | tests | MindSpore passes | msfunc passes | msfunc / MindSpore "
        "| wording | device only | both apart |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    by_suite = collections.OrderedDict()
    for suite, _f, n, ms, mf, _note, wording, device in rows:
        agg = by_suite.setdefault(suite, [0] * 6)
        for i, v in enumerate((1, n, ms, mf, wording, device)):
            agg[i] += v
    tot = [0] * 6
    for suite, agg in [*by_suite.items(), ("**all**", None)]:
        if agg is None:
            agg = tot
        else:
            tot = [a + b for a, b in zip(tot, agg)]
        files, n, ms, mf, w, d = agg
        out.append(
            f"| {suite} | {files} | {n} | {ms} | {mf} | {_pct(mf, ms)} | {w} | {d} "
            f"| {_pct(mf, ms - w - d)} |"
        )
    if apart:
        out += [
            "",
            "Files with no CPU-marked test (counted apart, not run): "
            + ", ".join(f"{suite} {count}" for suite, count in apart.items())
            + ".",
        ]
    return out, list(by_suite)


def render_table(
    rows,
    *,
    commit,
    date,
    measured,
    not_measured,
    causes,
    apart=None,
    unmeasured_files=None,
    notes=(),
    top=15,
):
    """The Markdown report: per-suite summary, per-file table and commonest failure causes.

    ``rows`` is a list of ``(suite, file, n_tests, ms_passed, msfunc_passed, note, wording,
    device_only)``;
    ``apart`` maps a suite to its count of files with no CPU-marked test, ``unmeasured_files``
    a suite to the files not measured yet; ``notes`` are paragraphs put after the method.

    >>> md = render_table([("s", "tests/st/s/test_a.py", 3, 2, 1, "", 0, 0)], commit="abc",
    ...                   date="2026-01-01", measured=["s"], not_measured=[], causes={"E: x": 1})
    >>> "| s | 1 | 3 | 2 | 1 | 50.0 % | 0 | 0 | 50.0 % |" in md
    True
    >>> "| tests/st/s/test_a.py | 3 | 2 | 1 | 50.0 % |  |" in md
    True
    """
    out = _header(commit, date, measured, not_measured)
    for note in notes:
        out[-3:-3] = [note, ""]
    table, suites = _per_suite(rows, apart)
    out += table
    out += [
        "",
        "## Commonest causes of msfunc failures (tests MindSpore passes)",
        "",
        "| tests | cause |",
        "|---|---|",
    ]
    for cause, count in sorted(causes.items(), key=lambda kv: -kv[1])[:top]:
        out.append(f"| {count} | `{cause.replace('|', '/').replace('`', '')}` |")
    for suite in suites + [s for s in (unmeasured_files or {}) if s not in suites]:
        out += [
            "",
            f"## {suite}",
            "",
            "| file | tests | MindSpore passes | msfunc passes | msfunc / MindSpore | note |",
            "|---|---|---|---|---|---|",
        ]
        for s, f, n, ms, mf, note, _w, _d in rows:
            if s == suite:
                out.append(f"| {f} | {n} | {ms} | {mf} | {_pct(mf, ms)} | {note} |")
        missing = (unmeasured_files or {}).get(suite)
        if missing:
            out += ["", f"Not yet measured ({len(missing)} files): " + _listed(missing) + "."]
    return "\n".join(out) + "\n"


def _listed(files, most=40):
    """`files` named one by one, or (more than `most`) counted per folder.

    >>> _listed(["tests/st/a/x/test_1.py", "tests/st/a/y/test_2.py", "tests/st/b/test_3.py"], 2)
    '`tests/st/a/` (2), `tests/st/b/` (1)'
    """
    if len(files) <= most:
        return ", ".join(f"`{f}`" for f in files)
    depth = {True: 4, False: 3}  # (tests/ut/python/<area>/, tests/st/<area>/)
    folders = collections.Counter(
        "/".join(f.split("/")[: depth[f.startswith("tests/ut/")]]) + "/" for f in files
    )
    return ", ".join(f"`{d}` ({n})" for d, n in sorted(folders.items(), key=lambda kv: -kv[1]))


_ROW = re.compile(r"^\| (tests/\S+\.py) \| (\d+) \| (\d+) \| (\d+) \| [^|]* \|(.*)\|\s*$")
_FAIL = re.compile(r"^\| (tests\.\S+) \| (.*) \| (.*) \|\s*$")


def _module_of(rel):
    return rel[:-3].replace("/", ".")


def read_previous(md_text, failures_text):
    """Per-file rows and failures of an earlier report, to carry over files not re-run now.

    Returns ``({file: (suite, file, n, ms, mf, note)}, [(suite, file, test, cause)])``.

    >>> md = "## s\\n\\n| tests/st/s/test_a.py | 3 | 2 | 1 | 50.0 % | x |\\n"
    >>> fails = "## s\\n\\n| tests.st.s.test_a::t | E: boom | why |\\n"
    >>> rows, failing = read_previous(md, fails)
    >>> rows["tests/st/s/test_a.py"]
    ('s', 'tests/st/s/test_a.py', 3, 2, 1, 'x')
    >>> failing
    [('s', 'tests/st/s/test_a.py', 'tests.st.s.test_a::t', 'E: boom')]
    """
    rows, suite = {}, None
    for line in md_text.splitlines():
        if line.startswith("## "):
            suite = line[3:].strip()
        match = _ROW.match(line)
        if match and suite:
            f, n, ms, mf, note = match.groups()
            rows[f] = (suite, f, int(n), int(ms), int(mf), note.strip())
    modules = {_module_of(f): f for f in rows}
    failing, suite = [], None
    for line in failures_text.splitlines():
        if line.startswith("## "):
            suite = line[3:].strip()
        match = _FAIL.match(line)
        if not match or match.group(1) == "test":
            continue
        test, cause = match.group(1), match.group(2)
        module = test.split("::")[0]
        while module and module not in modules:
            module = module.rpartition(".")[0]
        if module:
            failing.append((suite, modules[module], test, cause))
    return rows, failing


def load_previous(md_path):
    """:func:`read_previous` of a report file and its ``_failures`` companion (empty if absent)."""
    md_path = pathlib.Path(md_path)
    fails = md_path.with_name(md_path.stem + "_failures.md")
    try:
        return read_previous(md_path.read_text(), fails.read_text() if fails.exists() else "")
    except OSError:
        return {}, []
