"""The ``mindspore`` alias: every path of the module tree imports, names are msfunc's objects."""

import importlib
import inspect
import pickle
import subprocess
import sys

import pytest
from _paths import REPO, TESTS

import msfunc
from msfunc.compat import MindSporeModule, alias_mindspore, unalias_mindspore
from msfunc.compat.module_tree import MODULE_TREE
from msfunc.compat.unsupported import MissingName, mindspore_names
from msfunc.errors import UnsupportedError


@pytest.fixture
def aliased():
    alias_mindspore()
    yield
    unalias_mindspore()


def test_every_path_of_the_table_imports(aliased):
    recorded = mindspore_names()
    for path in MODULE_TREE:
        module = importlib.import_module(path)
        assert isinstance(module, MindSporeModule) and module.__name__ == path
        assert path in recorded, f"{path}: not a MindSpore 2.10 module path"


def test_documented_import_forms_give_msfunc_objects(aliased):
    import mindspore
    import mindspore as ms
    import mindspore.nn as nn
    import mindspore.numpy as mnp
    import mindspore.ops.composite as C
    import mindspore.ops.functional as F
    import mindspore.scipy
    from mindspore import Parameter, Tensor, context, ops
    from mindspore.common.initializer import Normal
    from mindspore.ops import operations as P

    assert mindspore is ms and nn.Dense is msfunc.nn.Dense and ops.add is msfunc.ops.add
    assert Tensor is msfunc.Tensor and Parameter is msfunc.Parameter
    assert context.set_context is msfunc.set_context and mnp.mean is msfunc.numpy.mean
    assert mindspore.scipy.linalg.eigh is msfunc.scipy.linalg.eigh
    assert Normal is msfunc.common.initializer.Normal
    assert P.MatMul is msfunc.ops.MatMul and F.matmul is msfunc.ops.matmul
    assert C.GradOperation is msfunc.ops.GradOperation
    assert importlib.import_module("mindspore.nn.layer.basic").Dense is msfunc.nn.Dense
    assert importlib.import_module("mindspore.nn.optim.adam").Adam is msfunc.nn.Adam
    # the metrics keep their old mindspore.nn names in MindSpore 2.10 (SciAI enso's nn.MSE)
    assert importlib.import_module("mindspore.nn").MSE is msfunc.train.MSE
    assert ms.STRICT == 0 and ms.mutable is msfunc.mutable
    # MindSpore's package binds `mutable` to the function over its submodule of that name
    from mindspore.common import mutable

    assert mutable is msfunc.mutable
    importlib.import_module("mindspore.common.mutable")
    assert importlib.import_module("mindspore.common").mutable is msfunc.mutable
    # pickle and inspect follow the objects to where msfunc defines them
    assert pickle.loads(pickle.dumps(nn.Dense)) is msfunc.nn.Dense
    assert inspect.getsource(nn.Dense).startswith("class Dense")
    assert importlib.util.find_spec("mindspore.nn") is not None


def test_missing_names_fail_where_used(aliased):
    import mindspore as ms

    with pytest.raises(UnsupportedError, match=r"mindspore\.nn\.Conv2dThor is not supported"):
        ms.nn.Conv2dThor(1, 1, 3)
    with pytest.raises(UnsupportedError, match="collective communication"):
        _ = ms.ops.operations.NeighborExchange  # msfunc.ops's documented reason is kept
    namespace = {}
    exec("from mindspore.nn import Conv2dThor", namespace)  # the import itself succeeds
    assert isinstance(namespace["Conv2dThor"], MissingName)
    with pytest.raises(UnsupportedError, match="Conv2dThor"):
        namespace["Conv2dThor"](1, 1, 3)
    with pytest.raises(UnsupportedError):
        exec("class Net(Conv2dThor):\n    pass", namespace)
    with pytest.raises(AttributeError, match="no such name either") as info:
        _ = ms.nn.Conv3dd
    assert not isinstance(info.value, UnsupportedError)
    with pytest.raises(ModuleNotFoundError, match=r"mindspore\.nn\.probability\.dpn"):
        importlib.import_module("mindspore.nn.probability.dpn")  # (MindSpore's VAE package)
    assert not hasattr(ms.nn, "Conv2dThor")
    assert ms._no_grad is msfunc._no_grad  # a private name MindSpore code uses


def test_msfunc_top_level_names_mindspore_lacks():
    with pytest.raises(UnsupportedError, match=r"msfunc\.set_dump is not supported"):
        _ = msfunc.set_dump
    with pytest.raises(AttributeError):
        _ = msfunc.not_a_name


def test_scipy_ops_primitives_match_mindspore(aliased):
    import numpy as np
    from mindspore.scipy.ops import LU

    a = np.array([[1.0, 2.0, 0.0], [3.0, 1.0, 1.0], [0.0, 5.0, 2.0]], np.float32)
    lu, pivots, p = LU()(a)
    # MindSpore 2.10 on this matrix: pivots [1, 2, 2] and a = p @ l @ u
    assert np.asarray(pivots).tolist() == [1, 2, 2]
    l_ = np.tril(np.asarray(lu), -1) + np.eye(3)
    np.testing.assert_allclose(np.asarray(p) @ l_ @ np.triu(np.asarray(lu)), a, atol=1e-5)


def test_run_and_check_commands(tmp_path):
    script = tmp_path / "train.py"
    script.write_text(
        "import inspect, pickle, sys\nimport mindspore as ms\nfrom mindspore import nn, ops\n\n"
        "class Net(nn.Cell):\n    def construct(self, x):\n        return x\n\n"
        "if __name__ == '__main__':\n"
        "    assert pickle.loads(pickle.dumps(Net)) is Net\n"
        "    assert inspect.getsource(Net).startswith('class Net')\n"
        "    print(float(ops.add(ms.Tensor(1.0), 2.0)), sys.argv[1:])\n"
    )
    run = subprocess.run(
        [sys.executable, "-m", "msfunc", "run", str(script), "--lr", "0.1"],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "3.0 ['--lr', '0.1']"
    bad = tmp_path / "bad.py"
    bad.write_text("import mindspore as ms\n\nnet = ms.nn.Conv2dThor(1, 1, 3)\n")
    check = subprocess.run(
        [sys.executable, "-m", "msfunc", "check", str(script), str(bad)],
        capture_output=True,
        text=True,
    )
    assert check.returncode == 1
    assert f"{bad}:3: missing: mindspore.nn.Conv2dThor" in check.stdout


def test_readme_coverage_table_is_current():
    from msfunc.compat.coverage import END, START, markdown_table

    readme = (REPO / "README.md").read_text()
    table = readme.split(START, 1)[1].split(END, 1)[0].strip()
    assert table == markdown_table(), (
        "README's coverage table is stale: run python -c "
        "'from msfunc.compat.coverage import update_readme; "
        "update_readme()'"
    )


def test_check_finds_nothing_missing_in_the_migration_programs():
    from msfunc.compat.checker import check_file

    programs = sorted((TESTS / "migration").glob("p*.py"))
    findings = [f for p in programs for f in check_file(p)]
    assert [str(f) for f in findings if f.kind != "difference"] == []
    # each documented difference is reported once per file, at its first use
    seen = [(f.file, f.name) for f in findings]
    assert len(seen) == len(set(seen)) and any(f.name == "mindspore.grad" for f in findings)
