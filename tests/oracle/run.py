"""Run one golden-value generator of tests/oracle/ under real MindSpore 2.10.

Every generator is a plain MindSpore program that writes its file under ``tests/golden/``
(or ``tests/data/``). They all need the same setting, which this runner gives them: MindSpore's
own interpreter (never msfunc's; MindSpore 2.10 wants numpy<2), a scratch working directory (so
MindSpore's kernel-meta and log files stay out of the repository), ``GLOG_v=3`` (quiet C++
logs) and ``tests/oracle`` on ``sys.path`` for the shared case tables and codec.

Usage::

    python tests/oracle/run.py NAME [ARGS...]
    python tests/oracle/run.py --list

``NAME`` is the generator without its ``gen_`` prefix and ``_golden.py`` suffix (``core``,
``ops_ctc``, ``mint`` ...); ``ARGS`` go to the generator unchanged, except that a
relative path among them is taken from the repository root. MindSpore's interpreter comes from
``--mindspore-python``, else ``$MINDSPORE_PYTHON``, else the first ``python3`` on ``PATH``
that imports ``mindspore``.

>>> generator_path("core").name
'gen_core_golden.py'
>>> generator_path("initializer_streams").name
'gen_initializer_streams.py'
"""

from __future__ import annotations

import argparse
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

ORACLE = pathlib.Path(__file__).resolve().parent
REPO = ORACLE.parents[1]


def generators() -> list[str]:
    """The names of every generator in tests/oracle/, as ``run.py`` takes them."""
    names = []
    for path in sorted(ORACLE.glob("gen_*.py")):
        stem = path.stem[len("gen_") :]
        names.append(stem[: -len("_golden")] if stem.endswith("_golden") else stem)
    return names


def generator_path(name: str) -> pathlib.Path:
    """The generator script for ``name`` (``core`` -> ``gen_core_golden.py``)."""
    for candidate in (f"gen_{name}_golden.py", f"gen_{name}.py", f"{name}.py"):
        path = ORACLE / candidate
        if path.is_file():
            return path
    raise ValueError(f"no generator named {name!r} in {ORACLE}; `run.py --list` names them")


def mindspore_python(given: str | None) -> str:
    """The interpreter that imports MindSpore: the argument, $MINDSPORE_PYTHON, or PATH's."""
    chosen = given or os.environ.get("MINDSPORE_PYTHON")
    if chosen:
        return chosen
    found = shutil.which("python3")
    probe = [found, "-c", "import mindspore"] if found else None
    if probe and subprocess.run(probe, capture_output=True).returncode == 0:
        return found
    raise SystemExit(
        "MindSpore's interpreter not found: pass --mindspore-python PY or set "
        "MINDSPORE_PYTHON (see tests/oracle/README.md)"
    )


def _from_repo(arg: str) -> str:
    """A relative path argument made absolute from the repository root (scratch cwd)."""
    looks_like_path = "/" in arg or arg.endswith((".json", ".npz", ".txt"))
    if looks_like_path and not arg.startswith("-") and not os.path.isabs(arg):
        return str(REPO / arg)
    return arg


def main(argv: list[str] | None = None) -> int:
    """Command line entry point; see the module docstring."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("name", nargs="?", help="generator name (see --list)")
    ap.add_argument("args", nargs=argparse.REMAINDER, help="arguments for the generator")
    ap.add_argument("--mindspore-python", help="MindSpore 2.10's interpreter")
    ap.add_argument("--list", action="store_true", help="name every generator and exit")
    opts = ap.parse_args(argv)
    if opts.list or not opts.name:
        print("\n".join(generators()))
        return 0
    script = generator_path(opts.name)
    path = os.pathsep.join(filter(None, [str(ORACLE), os.environ.get("PYTHONPATH")]))
    env = dict(os.environ, GLOG_v="3", PYTHONPATH=path)
    with tempfile.TemporaryDirectory(prefix="msfunc-oracle-") as scratch:
        cmd = [mindspore_python(opts.mindspore_python), str(script), *map(_from_repo, opts.args)]
        return subprocess.run(cmd, cwd=scratch, env=env).returncode


if __name__ == "__main__":
    sys.exit(main())
