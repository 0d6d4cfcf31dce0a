"""The repository stands on its own: no file names a path of one machine, and every golden
generator runs through the one runner (tests/oracle/run.py)."""

import importlib.util
import re
import subprocess

import pytest
from _paths import ORACLE, REPO

# Paths that exist only on the machine a file was written on (scratch venvs, checkouts).
MACHINE_PATH = re.compile(r"(?<![\w.])/(?:work|home/\w+|Users/\w+)/|/tmp/(?:msenv|msrun)\b")


def _runner():
    spec = importlib.util.spec_from_file_location("oracle_run", ORACLE / "run.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_no_tracked_file_names_a_machine_path():
    files = subprocess.run(
        ["git", "ls-files"], cwd=REPO, capture_output=True, text=True, check=True
    ).stdout.split()
    offenders = []
    for name in files:
        if name.endswith((".npz", ".ckpt", ".png", ".mindrecord", ".db", ".safetensors")):
            continue
        try:
            text = (REPO / name).read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError, IsADirectoryError):
            continue
        offenders += [
            f"{name}:{i}"
            for i, line in enumerate(text.splitlines(), 1)
            if MACHINE_PATH.search(line)
        ]
    assert not offenders, offenders


def test_runner_names_every_generator_and_finds_its_script():
    run = _runner()
    scripts = sorted(p.name for p in ORACLE.glob("gen_*.py"))
    names = run.generators()
    assert sorted(run.generator_path(n).name for n in names) == scripts
    assert run.generator_path("core").name == "gen_core_golden.py"
    with pytest.raises(ValueError, match="no generator named 'nope'"):
        run.generator_path("nope")


def test_runner_takes_relative_output_paths_from_the_repository_root():
    run = _runner()
    assert run._from_repo("tests/golden/x.json") == str(REPO / "tests/golden/x.json")
    assert run._from_repo("OUT.json") == str(REPO / "OUT.json")
    assert run._from_repo("--new") == "--new"
    assert run._from_repo("write") == "write"
