"""Run every MindSpore program of tests/migration/ under real MindSpore 2.10; record its output.

Writes tests/golden/migration.json: {program: {"lines": [stdout lines]}} or
{program: {"error": "..."}} for a program MindSpore itself cannot run on CPU.
tests/compat/test_migration.py runs the same files through ``msfunc run`` and compares.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py migration
"""

import concurrent.futures
import json
import os
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = sorted((HERE.parent / "migration").glob("p*.py"))


def run(path):
    env = dict(os.environ, GLOG_v="3")
    proc = subprocess.run(
        [sys.executable, str(path)], capture_output=True, text=True, env=env, timeout=600
    )
    if proc.returncode:
        tail = [line for line in proc.stderr.splitlines() if line.strip()][-1:]
        return {"error": f"exit {proc.returncode}: {tail}"}
    return {"lines": proc.stdout.splitlines()}


def main():
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        results = dict(zip((p.stem for p in PROGRAMS), pool.map(run, PROGRAMS)))
    for name, result in results.items():
        print(name, result.get("error", "ok"))
    path = HERE.parent / "golden" / "migration.json"
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")
    os.replace(tmp, path)


if __name__ == "__main__":
    main()
