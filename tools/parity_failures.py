"""The list of MindSpore tests msfunc still fails, each with its cause and the known reason."""

from __future__ import annotations

import json
import pathlib
import re

REASONS = pathlib.Path(__file__).with_name("parity_reasons.json")


def load_reasons(path=REASONS):
    """``[(compiled pattern, reason)]`` from a JSON list of ``{"match": regex, "reason": text}``;
    a pattern is searched in ``"test id | cause"``.

    >>> import tempfile, os
    >>> with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
    ...     _ = f.write('[{"match": "DID NOT RAISE", "reason": "no check"}]')
    >>> [reason for _, reason in load_reasons(f.name)]
    ['no check']
    >>> os.unlink(f.name)
    """
    entries = json.loads(pathlib.Path(path).read_text())
    return [(re.compile(e["match"]), e["reason"]) for e in entries]


def classify(test, cause, reasons):
    """The first reason whose pattern occurs in ``"test | cause"``, else ``"not yet fixed"``.

    >>> classify("m::test_a", "TypeError: x", [(re.compile("TypeError"), "types differ")])
    'types differ'
    >>> classify("m::test_a", "ValueError: y", [])
    'not yet fixed'
    """
    text = f"{test} | {cause}"
    for pattern, reason in reasons:
        if pattern.search(text):
            return reason
    return "not yet fixed"


def render_failures(failures, reasons, *, header):
    """Markdown: per suite, each failing test with its cause (first line, shortened) and reason,
    then the count of tests per reason.

    ``failures`` is a list of ``(suite, file, test, cause)``.

    >>> md = render_failures([("s", "f.py", "f::t", "E: boom")], [], header="# x")
    >>> "| f::t | E: boom | not yet fixed |" in md
    True
    """
    out = [header, ""]
    counts = {}
    suites = []
    for suite, *_ in failures:
        if suite not in suites:
            suites.append(suite)
    for suite in suites:
        out += [f"## {suite}", "", "| test | cause | reason |", "|---|---|---|"]
        for s, _file, test, cause in failures:
            if s != suite:
                continue
            reason = classify(test, cause, reasons)
            counts[reason] = counts.get(reason, 0) + 1
            first = (cause.strip().splitlines() or [""])[0][:140]
            first = first.replace("|", "/").replace("`", "")
            out.append(f"| {test} | {first} | {reason} |")
        out.append("")
    out += ["## Tests per reason", "", "| tests | reason |", "|---|---|"]
    for reason, count in sorted(counts.items(), key=lambda kv: -kv[1]):
        out.append(f"| {count} | {reason} |")
    return "\n".join(out) + "\n"
