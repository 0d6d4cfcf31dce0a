"""Statements and expressions graph mode's AST compiler refuses (``try``, ``import``, ``del`` ...).

MindSpore's graph compiler (``jit`` with its default ``capture_mode="ast"``, and GRAPH_MODE
Cells) parses the whole function and raises RuntimeError on syntax it has no IR for:
``try``, ``del``, ``import``/``from ... import``, ``match``, the walrus ``:=``, set displays and
set comprehensions, among others. msfunc traces Python, which runs them all, so
`check_syntax` reads the source of a function compiled with graph semantics (once per code
object) and refuses the same, before anything runs. Nested functions and lambdas are left to
their own compilation.
"""

from __future__ import annotations

import ast
import inspect
import os
import textwrap

__all__ = ["check_syntax"]

_STATEMENTS = (ast.Try, ast.Delete, ast.Import, ast.ImportFrom, ast.Match)
_EXPRESSIONS = (ast.NamedExpr, ast.Set, ast.SetComp)
_NESTED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
# msfunc's own Cells and functions (lazy imports in a construct) are not the program's
_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
_FOUND: dict = {}  # code object -> (kind, what, line) of the first refused node, or None


def _refused(node):
    for child in ast.iter_child_nodes(node):
        if isinstance(child, _STATEMENTS):
            return child, "statement"
        if isinstance(child, _EXPRESSIONS):
            return child, "expression"
        if isinstance(child, _NESTED):
            continue
        found = _refused(child)
        if found is not None:
            return found
    return None


def _first_refused(fn):
    try:
        lines, start = inspect.getsourcelines(fn)
        tree = ast.parse(textwrap.dedent("".join(lines)))
    except (OSError, TypeError, SyntaxError):
        return None
    if not tree.body or not isinstance(tree.body[0], (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    found = _refused(tree.body[0])
    if found is None:
        return None
    node, what = found
    return type(node).__name__, what, start + node.lineno - 1


def check_syntax(fn):
    """RuntimeError when `fn`'s source holds a statement or expression graph mode refuses.

    Example:
        >>> def guarded(x):
        ...     try:
        ...         return x + 1
        ...     except TypeError:
        ...         return x
        >>> check_syntax(guarded)
        Traceback (most recent call last):
        ...
        RuntimeError: guarded: graph mode does not support the statement 'Try' (at ...
        >>> check_syntax(lambda x: x)
    """
    code = getattr(fn, "__code__", None)
    if code is None or code.co_filename.startswith(_PACKAGE):
        return
    if code not in _FOUND:
        _FOUND[code] = _first_refused(fn)
    found = _FOUND[code]
    if found is not None:
        kind, what, line = found
        raise RuntimeError(
            f"{fn.__qualname__}: graph mode does not support the {what} {kind!r} (at "
            f"{code.co_filename}:{line}); move it out of the compiled function, or compile "
            "with capture_mode='bytecode'"
        )
