"""Graph mode's comprehensions: one ``for`` clause each (``[f(x) for x in xs if p(x)]``).

MindSpore's graph compiler refuses a list, dict or generator comprehension with more than one
``for`` clause (``[y for x in xs for y in x]``) with a TypeError. `check_comprehensions` reads
the source of a function compiled with graph semantics (once per code object) and does the same.
"""

from __future__ import annotations

import ast
import inspect
import textwrap

__all__ = ["check_comprehensions"]

_KINDS = (ast.ListComp, ast.GeneratorExp, ast.DictComp)
_FOUND: dict = {}  # code object -> (kind, clauses, line) of the first refused one, or None


def _first_refused(fn):
    try:
        lines, start = inspect.getsourcelines(fn)
        tree = ast.parse(textwrap.dedent("".join(lines)))
    except (OSError, TypeError, SyntaxError):
        return None
    for node in ast.walk(tree):
        if isinstance(node, _KINDS) and len(node.generators) > 1:
            return type(node).__name__, len(node.generators), start + node.lineno - 1
    return None


def check_comprehensions(fn):
    """TypeError when `fn`'s source holds a comprehension with more than one ``for`` clause.

    Example:
        >>> def flat(rows):
        ...     return [v for row in rows for v in row]
        >>> check_comprehensions(flat)
        Traceback (most recent call last):
        ...
        TypeError: flat: graph mode takes one 'for' clause per comprehension; the ListComp ...
    """
    code = getattr(fn, "__code__", None)
    if code is None:
        return
    if code not in _FOUND:
        _FOUND[code] = _first_refused(fn)
    found = _FOUND[code]
    if found is not None:
        kind, clauses, line = found
        raise TypeError(
            f"{fn.__qualname__}: graph mode takes one 'for' clause per comprehension; the "
            f"{kind} at {code.co_filename}:{line} has {clauses} (write the loops out)"
        )
