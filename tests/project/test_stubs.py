"""The shipped msfunc/ops/__init__.pyi and msfunc/numpy/__init__.pyi match the live namespaces."""

import ast
import importlib.util

import pytest
from _paths import REPO

ROOT = REPO
_spec = importlib.util.spec_from_file_location("gen_stubs", ROOT / "tools" / "gen_stubs.py")
gen_stubs = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gen_stubs)


@pytest.mark.parametrize("package", gen_stubs.PACKAGES)
def test_stub_is_current(package):
    path = gen_stubs.path_of(package)
    want = gen_stubs.render(package)
    assert path.exists() and path.read_text() == want, (
        f"{path.relative_to(ROOT)} is stale: run `python tools/gen_stubs.py`")


@pytest.mark.parametrize("package", gen_stubs.PACKAGES)
def test_stub_lists_every_public_name(package):
    module = importlib.import_module(package)
    tree = ast.parse(gen_stubs.path_of(package).read_text())
    names = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom):
            names.update(a.asname or a.name for a in node.names)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            names.add(node.target.id)
    assert set(module.__all__) <= names
