"""What sibling layers, optimizers and functions share: their docstrings' Args entries, written
from one table, and (for layers) their constructor arguments, forwarded to a base by name."""

from __future__ import annotations

import inspect
import re
import textwrap

# A docstring line standing for table entries, at the entries' indentation in the source:
# ``{args}`` for every parameter in the signature's order, ``{name}`` for one entry.
_SLOT = re.compile(r"^        \{(\w+)\}$", re.MULTILINE)


def parse_entries(text: str) -> dict[str, str]:
    """The entries of an Args table written as in a docstring (``name (type): text`` at the
    margin, continuation lines indented four spaces), by name; a later entry of a name
    replaces an earlier one, so a family's table can be followed by one sibling's variants.

    Example:
        >>> parse_entries("a (int): One.\\nb (int): Two,\\n    wrapped.\\na (int): Uno.")
        {'a': 'a (int): Uno.', 'b': 'b (int): Two,\\n    wrapped.'}
    """
    entries: dict[str, str] = {}
    name = None
    for line in text.strip("\n").splitlines():
        if line[:1].isspace():
            entries[name] += "\n" + line
        else:
            name = line.split(" ", 1)[0]
            entries[name] = line
    return entries


def document_args(table: str):
    """A decorator filling the docstring's slot lines from `table`: ``{args}`` becomes the
    entry of each parameter (a class: its constructor's) in the signature's order, and
    ``{name}`` the entry of `name` alone, so a docstring can mix shared entries with its own.

    Sibling layers (Conv1d/2d/3d, MaxPool1d/2d/3d, ...), optimizers and functions take the
    same arguments and document them the same way; one table keeps the wording from drifting
    apart while each keeps its own summary, Returns or Inputs and Outputs, and example.
    `table` is read by `parse_entries`; a slot without an entry is an error here, at
    definition, rather than a silent gap in the reference.

    Example:
        >>> def f(n, name):
        ...     pass
        >>> f.__doc__ = "Greets.\\n\\n    Args:\\n        {args}\\n"
        >>> print(document_args("name (str): Whose.\\nn (int): How many.")(f).__doc__)
        Greets.
        <BLANKLINE>
            Args:
                n (int): How many.
                name (str): Whose.
        <BLANKLINE>
    """
    entries = parse_entries(table)

    def fill(obj):
        target = obj.__init__ if inspect.isclass(obj) else obj

        def expand(slot):
            name = slot.group(1)
            if name == "args":
                names = [n for n in inspect.signature(target).parameters if n != "self"]
            else:
                names = [name]
            missing = [n for n in names if n not in entries]
            if missing:
                raise ValueError(f"{obj.__name__}: no Args entry for {missing}")
            return "\n".join(textwrap.indent(entries[n], " " * 8) for n in names)

        doc, count = _SLOT.subn(expand, obj.__doc__ or "")
        if not count:
            raise ValueError(f"{obj.__name__}: the docstring has no `{{args}}` or `{{name}}` line")
        obj.__doc__ = doc
        return obj

    return fill


def forwarded_args(scope: dict) -> dict:
    """A public layer's constructor arguments, from its ``locals()`` taken on entry, as
    keywords for its private base.

    Sibling layers take the same arguments in different orders and subsets (MindSpore's
    signatures); forwarding them by name keeps each public signature as it is without
    spelling every argument out twice.

    Example:
        >>> def build(a, b=2):
        ...     return forwarded_args(locals())
        >>> build(1)
        {'a': 1, 'b': 2}
    """
    return {k: v for k, v in scope.items() if k not in ("self", "__class__")}
