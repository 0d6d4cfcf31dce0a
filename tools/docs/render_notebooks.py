"""Run the notebooks of notebooks/ and store the executed copies, figures included, in
docs/notebooks/ for the documentation site (the site renders them without running them).

``python tools/docs/render_notebooks.py`` after changing a notebook; tests/test_notebooks.py
re-runs the notebooks and fails when a copy no longer matches its source or its run.
"""

import base64
import io
import os
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
SOURCES = ROOT / "notebooks"
RENDERED = ROOT / "docs" / "notebooks"
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_PROGRESS_BAR = re.compile(r"\d+%\|.*\| *\d+/\d+ \[")  # a tqdm line: its redraws vary


def execute(nb, timeout=600):
    """Run notebook `nb` (an nbformat node) in place, in the repository root with this
    checkout's msfunc, figures drawn inline; returns it."""
    import nbclient

    env_path = os.pathsep.join(
        [str(ROOT)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    )
    old = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = env_path
    try:
        nbclient.NotebookClient(
            nb, timeout=timeout, kernel_name="python3", resources={"metadata": {"path": str(ROOT)}}
        ).execute()
    finally:
        if old is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = old
    return nb


def printed(nb):
    """Per code cell, what it printed to stdout and its result's text, numbers masked,
    progress bars left out and spaces collapsed: what two runs of a notebook share (timings
    and float noise differ).

    Example:
        >>> import nbformat
        >>> cell = nbformat.v4.new_code_cell("print(1.5)")
        >>> cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text="t = 1.5 s\\n")]
        >>> printed(nbformat.v4.new_notebook(cells=[cell]))
        ['t = # s']
    """
    texts = []
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        parts = []
        for out in cell.get("outputs", []):
            if out.output_type == "stream" and out.name == "stdout":
                parts.append(out.text)
            elif out.output_type == "execute_result":
                parts.append(out.data.get("text/plain", ""))
        lines = [
            line
            for line in _as_terminal("".join(parts)).split("\n")
            if not _PROGRESS_BAR.search(line)
        ]
        texts.append(" ".join(_NUMBER.sub("#", "\n".join(lines)).split()))
    return texts


def _as_terminal(text):
    """`text` as a terminal leaves it: of a line redrawn with carriage returns (a progress
    bar), only its last non-blank state."""
    lines = []
    for line in text.split("\n"):
        if "\r" in line:
            states = [s for s in line.split("\r") if s.strip()]
            if not states:
                continue
            line = states[-1]
        lines.append(line)
    return "\n".join(lines)


def coalesce_streams(nb):
    """Merge each cell's consecutive stream outputs (stdout and a progress bar's stderr) to
    one, as a terminal shows them: a progress bar renders as one line per epoch, not as
    every redraw."""
    import nbformat

    for cell in nb.cells:
        merged, previous = [], None
        for out in cell.get("outputs", []):
            if out.output_type == "stream" and merged and merged[-1].output_type == "stream":
                last = merged[-1]
                if previous != out.name and not last.text.endswith(("\n", "\r")):
                    last.text += "\n"  # the other stream starts a line of its own
                last.text += out.text
                last.name = "stdout"
            else:
                merged.append(out)
            previous = out.get("name")
        for out in merged:
            if out.output_type == "stream":
                out.text = _as_terminal(out.text)
        if cell.cell_type == "code":
            cell.outputs = [nbformat.from_dict(out) for out in merged]
    return nb


def mismatches(source, rendered):
    """Why `rendered` (an executed copy) is not `source` run: cells whose code differs,
    code cells that draw a figure but carry none, errors stored in an output."""
    problems = []
    if [c.source for c in source.cells] != [c.source for c in rendered.cells]:
        problems.append("cells differ from the source notebook")
    for i, cell in enumerate(rendered.cells):
        if cell.cell_type != "code":
            continue
        kinds = {k for out in cell.get("outputs", []) for k in out.get("data", {})}
        if "plt.show()" in cell.source and "image/png" not in kinds:
            problems.append(f"cell {i} draws a figure but stores none")
        if any(out.output_type == "error" for out in cell.get("outputs", [])):
            problems.append(f"cell {i} stores an error")
    return problems


def shrink_figures(nb):
    """Store each PNG output with a 256-colour palette (plots have few colours): the copies
    are committed, and this makes them several times smaller."""
    from PIL import Image

    for cell in nb.cells:
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            if "image/png" in data:
                image = Image.open(io.BytesIO(base64.b64decode(data["image/png"])))
                buffer = io.BytesIO()
                image.convert("RGB").quantize(256).save(buffer, format="PNG", optimize=True)
                data["image/png"] = base64.b64encode(buffer.getvalue()).decode() + "\n"
    return nb


def main():
    import nbformat

    RENDERED.mkdir(parents=True, exist_ok=True)
    for path in sorted(SOURCES.glob("*.ipynb")):
        nb = execute(nbformat.read(path, as_version=4))
        for cell in nb.cells:
            cell.metadata.pop("execution", None)  # run times: noise in the diff
        problems = mismatches(nbformat.read(path, as_version=4), nb)
        if problems:
            sys.exit(f"{path.name}: {'; '.join(problems)}")
        nbformat.write(shrink_figures(coalesce_streams(nb)), RENDERED / path.name)
        print(f"wrote {RENDERED / path.name}")


if __name__ == "__main__":
    main()
