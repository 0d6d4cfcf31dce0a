"""The shipped msfunc/ops/__init__.pyi and msfunc/numpy/__init__.pyi match the live namespaces."""

import ast
import importlib
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
        f"{path.relative_to(ROOT)} is stale: run `python tools/gen_stubs.py`"
    )


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


def test_ops_stub_reexports_each_name_from_the_module_defining_it():
    # (ops.fill was once re-exported from ops.composite, a view that copies every op's name)
    tree = ast.parse(gen_stubs.path_of("msfunc.ops").read_text())
    checked = 0
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            assert node.module not in gen_stubs.VIEWS, node.module
            home = importlib.import_module(f"msfunc.ops.{node.module}")
            for alias in node.names:
                assert alias.name in gen_stubs._static_names(home), (node.module, alias.name)
                checked += 1
    assert checked > 400
