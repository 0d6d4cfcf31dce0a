"""How much of MindSpore 2.10's public namespaces msfunc answers, as the README's table.

Counted from the code itself: each name real MindSpore exposes at a path
(`mindspore_names.json`) is looked up through the ``mindspore`` alias; mint is
counted over its own lists (`msfunc.mint.coverage`). `update_readme()` rewrites the
table between the README's coverage markers; tests/compat/test_compat_alias.py checks it.
"""

import pathlib

from .alias import MindSporeModule
from .unsupported import mindspore_names

__all__ = ["NAMESPACES", "coverage_rows", "markdown_table", "update_readme"]

# The namespaces the README reports, in order; every path of MODULE_TREE imports.
NAMESPACES = (
    "mindspore",
    "mindspore.nn",
    "mindspore.ops",
    "mindspore.ops.operations",
    "mindspore.numpy",
    "mindspore.scipy.linalg",
    "mindspore.scipy.optimize",
    "mindspore.scipy.fft",
    "mindspore.common.initializer",
    "mindspore.train",
    "mindspore.dataset",
    "mindspore.communication",
)
START, END = "<!-- coverage:start -->", "<!-- coverage:end -->"


def _public(path, names):
    # the names a module re-exports from elsewhere (typing, numpy, ...) are not its API
    skip = {
        "absolute_import",
        "Any",
        "Callable",
        "Dict",
        "List",
        "Optional",
        "Tuple",
        "Union",
        "np",
        "numpy",
        "mstype",
        "validator",
        "wraps",
        "namedtuple",
        "OrderedDict",
    }
    return sorted(
        n
        for n in names
        if n.isidentifier()
        and n not in skip
        and n[0] != "_"
        and f"{path}.{n}" not in _child_paths()
    )


def _child_paths():
    from .module_tree import MODULE_TREE

    return MODULE_TREE


def coverage_rows():
    """[(namespace, names msfunc answers, names MindSpore 2.10 has)] for `NAMESPACES` and mint.

    Example:
        >>> rows = dict((name, (ok, total)) for name, ok, total in coverage_rows())
        >>> rows["mindspore.mint.optim"]
        (4, 4)
    """
    rows = []
    recorded = mindspore_names()
    for path in NAMESPACES:
        module = MindSporeModule(path)
        names = _public(path, recorded[path])
        answered = sum(module.resolve(n)[0] in ("ok", "module") for n in names)
        rows.append((path, answered, len(names)))
    from ..mint import coverage

    for section, (supported, missing) in coverage().items():
        rows.append((section, len(supported), len(supported) + len(missing)))
    return rows


def markdown_table():
    """The README's coverage table (markdown).

    Example:
        >>> markdown_table().splitlines()[0]
        '| MindSpore namespace | names msfunc answers | of MindSpore 2.10 |'
    """
    lines = ["| MindSpore namespace | names msfunc answers | of MindSpore 2.10 |", "|---|---|---|"]
    for path, answered, total in coverage_rows():
        lines.append(f"| `{path}` | {answered} ({100 * answered // max(total, 1)} %) | {total} |")
    return "\n".join(lines)


def update_readme(path=None):
    """Rewrite the table between the coverage markers of README.md; returns the new text."""
    readme = pathlib.Path(path or pathlib.Path(__file__).resolve().parents[2] / "README.md")
    text = readme.read_text(encoding="utf-8")
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    new = f"{head}{START}\n{markdown_table()}\n{END}{tail}"
    tmp = readme.with_suffix(".md.tmp")
    tmp.write_text(new, encoding="utf-8")
    tmp.replace(readme)
    return new
