"""`document_args`: docstrings' ``Args:`` entries that sibling functions and classes share."""

from __future__ import annotations

import inspect
import re
import textwrap
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["document_args", "parse_entries"]

T = TypeVar("T")

# A docstring line standing for entries, at the entries' own indentation: ``{args}`` for every
# parameter in the signature's order, ``{name}`` for one entry.
_SLOT = re.compile(r"^( +)\{(\w+)\}$", re.MULTILINE)


def parse_entries(text: str) -> dict[str, str]:
    """The Args entries of `text`, written as in a docstring, by parameter name.

    An entry starts at the margin with ``name (type): text``; its further lines are indented
    by four spaces. A later entry of a name replaces an earlier one, so a family's table can
    be followed by one sibling's variant. ``*args`` and ``**kwargs`` entries are keyed
    without their stars, as the signature names them.

    Args:
        text (str): The entries, one or more.

    Returns:
        dict[str, str], each entry's text by its parameter's name.

    Example:
        >>> parse_entries("a (int): One.\\nb (int): Two,\\n    wrapped.\\na (int): Uno.")
        {'a': 'a (int): Uno.', 'b': 'b (int): Two,\\n    wrapped.'}
    """
    entries: dict[str, str] = {}
    name = ""
    for line in text.strip("\n").splitlines():
        if line[:1].isspace():
            entries[name] += "\n" + line
        else:
            name = line.split(" ", 1)[0].lstrip("*")
            entries[name] = line
    return entries


def document_args(*tables: str) -> Callable[[T], T]:
    """A decorator filling a docstring's slot lines with Args entries from `tables`.

    ``{args}`` becomes the entry of each parameter (a class: its constructor's) in the
    signature's order, ``{name}`` the entry of `name` alone, so a docstring can mix shared
    entries with its own. Sibling layers, optimizers and functions that take the same
    arguments document them in one place, so their words cannot drift apart, while each keeps
    its own summary, Returns and example. The docstring is written once, at definition;
    calls are not wrapped. A slot without an entry is a ValueError there, not a gap in the
    reference.

    Args:
        *tables (str): Entries as `parse_entries` reads them; a later table's entry of a name
            replaces an earlier one.

    Returns:
        Callable, a decorator returning the function or class itself, its docstring filled.

    Example:
        >>> @document_args("n (int): The power. Default: ``2``.", "x (int): The number.")
        ... def power(x, n=2):
        ...     '''`x` to the `n`.
        ...
        ...     Args:
        ...         {args}
        ...     '''
        ...     return x**n
        >>> print(power.__doc__)
        `x` to the `n`.
        <BLANKLINE>
            Args:
                x (int): The number.
                n (int): The power. Default: ``2``.
        <BLANKLINE>
    """
    entries: dict[str, str] = {}
    for table in tables:
        entries.update(parse_entries(table))

    def fill(obj: Any) -> Any:
        target = obj.__init__ if inspect.isclass(obj) else obj

        def expand(slot: re.Match) -> str:
            indent, name = slot.group(1), slot.group(2)
            if name == "args":
                names = [n for n in inspect.signature(target).parameters if n != "self"]
            else:
                names = [name]
            missing = [n for n in names if n not in entries]
            if missing:
                raise ValueError(f"{obj.__name__}: no Args entry for {missing}")
            return "\n".join(textwrap.indent(entries[n], indent) for n in names)

        doc, count = _SLOT.subn(expand, obj.__doc__ or "")
        if not count:
            raise ValueError(f"{obj.__name__}: the docstring has no `{{args}}` or `{{name}}` line")
        obj.__doc__ = doc
        return obj

    return fill
