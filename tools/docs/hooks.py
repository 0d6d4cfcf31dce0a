"""MkDocs hooks: pages generated from the code when the site is built.

- ``<!-- mindspore-names -->`` becomes one table per MindSpore 2.10 namespace
  (`msfunc.compat.name_table`) and one for Tensor's attributes;
- ``<!-- coverage-table -->`` becomes the per-namespace coverage counts (as in README.md);
- ``<!-- benchmark-table -->`` becomes benchmarks/results/latest.md, whose plot is added
  to the site's files.
"""

import json
import pathlib

from mkdocs.structure.files import File

ROOT = pathlib.Path(__file__).resolve().parents[2]
BENCHMARKS = ROOT / "benchmarks" / "results"
PLOT = "benchmarks/results/latest.png"

# Tensor attributes whose msfunc behaviour differs from MindSpore 2.10's (README and
# docs/coming-from-mindspore.md say why)
TENSOR_DIFFERENCES = {
    "dtype": "numpy's dtype (print shows float32; MindSpore: Float32); it compares equal to "
    "ms.float32",
    "choose": "follows numpy (MindSpore's CPU kernel returns zeros)",
    "t": "raises on more than 2 dims (MindSpore returns the Tensor unchanged)",
    "max": "axis=None with return_indices=True gives the flat index of the maximum (MindSpore: 0)",
    "argmax_with_value": "axis=None gives the flat index of the maximum (MindSpore: 0)",
    "from_dlpack": "takes an object with __dlpack__, not a bare capsule",
}


def _cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def _section(title, rows):
    counts = {s: sum(r[1] == s for r in rows) for s in ("supported", "differs", "missing")}
    lines = [
        f"### `{title}`",
        "",
        f"{len(rows)} names: {counts['supported']} supported, {counts['differs']} "
        f"supported with a difference, {counts['missing']} missing.",
        "",
    ]
    supported = [f"`{name}`" for name, status, _ in rows if status == "supported"]
    if supported:
        lines += ["**Supported:** " + ", ".join(supported), ""]
    rest = [row for row in rows if row[1] != "supported"]
    if rest:
        lines += [
            "| name | status | how it differs, or why it is missing and what to use |",
            "|---|---|---|",
        ]
        lines += [
            f"| `{name}` | {status} | {_cell(note if note != 'not yet' else '')} |"
            for name, status, note in rest
        ]
        lines.append("")
    return lines


def _tensor_rows():
    from msfunc import Tensor
    from msfunc.common.tensor_methods import NOT_APPLICABLE

    meta = json.loads((ROOT / "tests" / "golden" / "tensor_methods.json").read_text())["__meta__"]
    rows = []
    for name in sorted(set(meta["tensor_methods"]) | set(meta["tensor_properties"])):
        if name in NOT_APPLICABLE or not hasattr(Tensor, name):
            rows.append((name, "missing", NOT_APPLICABLE.get(name, "")))
        elif name in TENSOR_DIFFERENCES:
            rows.append((name, "differs", TENSOR_DIFFERENCES[name]))
        else:
            rows.append((name, "supported", ""))
    return rows


def mindspore_tables():
    """The markdown of every namespace's table."""
    from msfunc.compat.name_table import name_statuses, namespaces

    lines = []
    for path in namespaces():
        lines += _section(path, name_statuses(path))
    lines += _section("mindspore.Tensor (methods and properties)", _tensor_rows())
    return "\n".join(lines)


def _benchmark_page():
    text = (BENCHMARKS / "latest.md").read_text(encoding="utf-8")
    body = text.split("\n", 1)[1]  # its title: the page has its own
    return body.replace("\n# ", "\n## ")


def on_files(files, config, **kwargs):
    files.append(
        File(
            PLOT,
            src_dir=str(ROOT),
            dest_dir=config["site_dir"],
            use_directory_urls=config["use_directory_urls"],
        )
    )
    return files


def on_page_markdown(markdown, page, **kwargs):
    if "<!-- mindspore-names -->" in markdown:
        markdown = markdown.replace("<!-- mindspore-names -->", mindspore_tables())
    if "<!-- coverage-table -->" in markdown:
        from msfunc.compat.coverage import markdown_table

        markdown = markdown.replace("<!-- coverage-table -->", markdown_table())
    if "<!-- benchmark-table -->" in markdown:
        markdown = markdown.replace("<!-- benchmark-table -->", _benchmark_page())
    return markdown
