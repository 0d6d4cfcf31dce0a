"""MindSpore programs (tests/migration/) run unchanged through ``msfunc run``; outputs match.

Each program is plain MindSpore 2.10 code that prints its results. Real MindSpore
ran them (tests/oracle/gen_migration_golden.py) into tests/golden/migration.json;
here they run in this process through the same entry point as ``python -m msfunc run``
(several per test, to keep the cost low) and every printed number is compared.
"""

import contextlib
import io
import json
import re

import numpy as np
import pytest
from _paths import TESTS

import msfunc
from msfunc.compat import unalias_mindspore
from msfunc.compat.cli import run_script

HERE = TESTS
PROGRAMS = sorted((HERE / "migration").glob("p*.py"))
GOLDEN = json.loads((HERE / "golden" / "migration.json").read_text())
TOKEN = re.compile(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?|[A-Za-z_][\w.]*")
# Training loops and transcendental chains accumulate float32 rounding differently.
TOLERANCE = {
    "default": (2e-5, 2e-6),
    "p03_fusion_jit_adam": (2e-4, 2e-5),
    "p08_nested_grad": (1e-4, 1e-5),
    "p13_scipy": (1e-4, 1e-5),
    "p22_activations": (5e-5, 1e-6),
}


def _tokens(line):
    out = []
    for token in TOKEN.findall(line):
        out.append(float(token) if token[0].isdigit() or token[0] in "+-." else token)
    return out


def _compare(name, got_lines, expected_lines):
    rtol, atol = TOLERANCE.get(name, TOLERANCE["default"])
    assert len(got_lines) == len(expected_lines), f"{name}: {got_lines} vs {expected_lines}"
    for got, expected in zip(got_lines, expected_lines):
        g, e = _tokens(got), _tokens(expected)
        assert len(g) == len(e), f"{name}: {got!r} vs {expected!r}"
        words = [(a, b) for a, b in zip(g, e) if isinstance(b, str)]
        assert all(a == b for a, b in words), f"{name}: {got!r} vs {expected!r}"
        numbers = [(a, b) for a, b in zip(g, e) if not isinstance(b, str)]
        np.testing.assert_allclose(
            [a for a, _ in numbers],
            [b for _, b in numbers],
            rtol=rtol,
            atol=atol,
            err_msg=f"{name}: {got!r}",
        )


def _run(path):
    # each program ran in a process of its own under MindSpore: none inherits another's mode
    msfunc.set_context(mode=msfunc.PYNATIVE_MODE)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        run_script(str(path))
    return out.getvalue().splitlines()


@pytest.fixture
def aliased():
    yield
    unalias_mindspore()


def test_every_program_has_a_mindspore_golden():
    assert len(PROGRAMS) >= 28
    assert {p.stem for p in PROGRAMS} <= set(GOLDEN)
    assert all("lines" in GOLDEN[p.stem] for p in PROGRAMS), {
        p.stem: GOLDEN[p.stem].get("error") for p in PROGRAMS if "lines" not in GOLDEN[p.stem]
    }


@pytest.mark.parametrize("group", range(4))
def test_programs_print_mindspore_numbers(group, aliased):
    for path in PROGRAMS[group::4]:
        _compare(path.stem, _run(path), GOLDEN[path.stem]["lines"])
