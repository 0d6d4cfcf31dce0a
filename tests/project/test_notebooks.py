"""The notebooks in notebooks/ run top to bottom (their cells assert their numbers) and are
committed without outputs; their executed copies in docs/notebooks/ (the site's) match them."""

import importlib.util
import os
import sys

import pytest
from _paths import REPO

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")
pytest.importorskip("matplotlib")

ROOT = REPO
_SPEC = importlib.util.spec_from_file_location(
    "render_notebooks", ROOT / "tools" / "docs" / "render_notebooks.py"
)
RENDER = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(RENDER)
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
TIMEOUT_S = 240  # per cell; each notebook runs in well under 2 minutes on 2 cores


def test_there_are_three_notebooks():
    assert [p.name for p in NOTEBOOKS] == [
        "01_nested_grad.ipynb",
        "02_fusion_training.ipynb",
        "03_batch_solvers.ipynb",
    ]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_is_stored_without_outputs(path):
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, (
                f"{path.name} cell {i} has outputs: clear them before committing"
            )
        assert "attachments" not in cell, f"{path.name} cell {i} has attachments"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_runs(path, monkeypatch):
    nb = nbformat.read(path, as_version=4)
    # The kernel must be this interpreter (kernel "python3": jupyter_client starts the
    # kernelspec's "python" as sys.executable) and import this checkout's msfunc (it runs in
    # the repository root, with the root on PYTHONPATH): the first cell checks both.
    check = nbformat.v4.new_code_cell(
        "import os, sys, msfunc\n"
        f"assert sys.prefix == {sys.prefix!r}, sys.prefix\n"
        f"assert os.path.dirname(os.path.dirname(os.path.abspath(msfunc.__file__))) == "
        f"{str(ROOT)!r}, msfunc.__file__"
    )
    nb.cells.insert(0, check)
    monkeypatch.setenv(
        "PYTHONPATH",
        os.pathsep.join(
            [str(ROOT)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
        ),
    )
    monkeypatch.setenv("MPLBACKEND", "Agg")
    client = nbclient.NotebookClient(
        nb, timeout=TIMEOUT_S, kernel_name="python3", resources={"metadata": {"path": str(ROOT)}}
    )
    client.execute()
    # the site's executed copy (docs/notebooks/) is this notebook run: same code, the same
    # printed lines up to their numbers, a figure wherever a cell draws one
    rendered = nbformat.read(ROOT / "docs" / "notebooks" / path.name, as_version=4)
    fix = "rerun: python tools/docs/render_notebooks.py"
    assert RENDER.mismatches(nbformat.read(path, as_version=4), rendered) == [], fix
    assert RENDER.printed(nb)[1:] == RENDER.printed(rendered), fix


def test_printed_masks_numbers():
    assert RENDER.printed(
        nbformat.v4.new_notebook(
            cells=[
                nbformat.v4.new_code_cell(
                    "",
                    outputs=[nbformat.v4.new_output("stream", name="stdout", text="t = 1.5 s\n")],
                )
            ]
        )
    ) == ["t = # s"]
