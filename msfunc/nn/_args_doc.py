"""Writes the ``Args:`` entries of sibling layers' (or functions') docstrings from one table."""

from __future__ import annotations

import inspect
import textwrap

# The line a docstring leaves for its entries (at the entries' indentation in the source).
ARGS_SLOT = "        {args}"


def parse_entries(text: str) -> dict[str, str]:
    """The entries of an Args table written as in a docstring (``name (type): text`` at the
    margin, continuation lines indented four spaces), by name; a later entry of a name
    replaces an earlier one, so a family's table can be followed by one sibling's variants."""
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
    """A decorator replacing the docstring's ``{args}`` line with `table`'s entry for each
    parameter (a class: its constructor's), in the signature's order.

    Sibling layers (Conv1d/2d/3d, MaxPool1d/2d/3d, ...) and functions take the same arguments
    and document them the same way; one table keeps the wording from drifting apart while
    each keeps its own summary, Returns or Inputs and Outputs, and example. `table` is read
    by `parse_entries`; a parameter without an entry is an error here, at definition, rather
    than a silent gap in the reference.
    """
    entries = parse_entries(table)

    def fill(obj):
        doc = obj.__doc__ or ""
        if ARGS_SLOT not in doc:
            raise ValueError(f"{obj.__name__}: the docstring has no `{{args}}` line to fill")
        target = obj.__init__ if inspect.isclass(obj) else obj
        names = [n for n in inspect.signature(target).parameters if n != "self"]
        missing = [n for n in names if n not in entries]
        if missing:
            raise ValueError(f"{obj.__name__}: no Args entry for {missing}")
        text = "\n".join(textwrap.indent(entries[n], " " * 8) for n in names)
        obj.__doc__ = doc.replace(ARGS_SLOT, text, 1)
        return obj

    return fill


def forwarded_args(scope: dict) -> dict:
    """A public layer's constructor arguments, from its ``locals()`` taken on entry, as
    keywords for its private base.

    Sibling layers take the same arguments in different orders and subsets (MindSpore's
    signatures); forwarding them by name keeps each public signature as it is without
    spelling every argument out twice.
    """
    return {k: v for k, v in scope.items() if k not in ("self", "__class__")}
