"""Source locations of a saved graph: where each operation and return of the program came from.

Each location is written as MindSpore's debug info writes it:
``# In file <path>:<line>, <first column>~<end column>/<the source line>/``. An operation's
location is the user's expression (the first frame of its trace outside msfunc and JAX),
followed by the statement holding it; the traced function's ``return`` statements close the
list. Each location is listed once.
"""

from __future__ import annotations

import ast
import functools
import inspect
import linecache
import os

import jax

from .._jax_private import jaxprs_in_params, source_info_util

__all__ = ["source_locations"]

_SKIPPED = tuple(
    os.path.dirname(os.path.abspath(module.__file__)) + os.sep
    for module in (jax, __import__("msfunc"))
    if module.__file__
)


@functools.lru_cache(maxsize=64)
def _tree(file_name: str) -> ast.Module | None:
    try:
        return ast.parse("".join(linecache.getlines(file_name)))
    except (SyntaxError, ValueError):
        return None


def _line(file_name, line):
    return linecache.getline(file_name, line).rstrip("\n")


def _format(file_name, line, start, end):
    return f"# In file {file_name}:{line}, {start}~{end}/{_line(file_name, line)}/"


def _statement(file_name, line, column):
    """The innermost simple statement of `file_name` holding (`line`, `column`), or None."""
    tree = _tree(file_name)
    best = None
    for node in ast.walk(tree) if tree is not None else ():
        if not isinstance(node, ast.stmt) or hasattr(node, "body"):
            continue
        if (
            (node.lineno, node.col_offset)
            <= (line, column)
            <= (
                node.end_lineno or node.lineno,
                node.end_col_offset or 0,
            )
        ):
            span = ((node.end_lineno or node.lineno) - node.lineno, node.end_col_offset or 0)
            if best is None or span < best[0]:
                best = (span, node)
    return None if best is None else best[1]


def _user_frame(eqn):
    for frame in source_info_util.user_frames(eqn.source_info.traceback):
        if not frame.file_name.startswith(_SKIPPED) and frame.start_line > 0:
            return frame
    return None


def _equations(jaxpr):
    for eqn in jaxpr.eqns:
        yield eqn
        for sub in jaxprs_in_params(eqn.params):
            yield from _equations(sub)


def _returns(fn):
    """Locations of `fn`'s own ``return`` statements (not those of functions inside it)."""
    try:
        file_name = inspect.getsourcefile(fn)
        first = fn.__code__.co_firstlineno
    except (TypeError, AttributeError):
        return []
    tree = _tree(file_name) if file_name else None
    for node in ast.walk(tree) if tree is not None else ():
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and first in (
            node.lineno,
            *(d.lineno for d in node.decorator_list),
        ):
            found, todo = [], list(node.body)
            while todo:
                stmt = todo.pop(0)
                if isinstance(stmt, ast.Return):
                    found.append(
                        _format(file_name, stmt.lineno, stmt.col_offset, stmt.end_col_offset)
                    )
                elif not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    todo.extend(c for c in ast.iter_child_nodes(stmt) if isinstance(c, ast.stmt))
            return found
    return []


def source_locations(jaxpr, fn) -> list[str]:
    """The location lines of `jaxpr`'s operations (sub-programs included) and of `fn`'s
    returns, each once, in order.

    Example:
        >>> import jax
        >>> def double(x):
        ...     return x * 2
        >>> lines = source_locations(jax.make_jaxpr(double)(1.0).jaxpr, double)
        >>> lines[-1].endswith("/    return x * 2/")
        True
    """
    lines = []
    for eqn in _equations(jaxpr):
        frame = _user_frame(eqn)
        if frame is None:
            continue
        lines.append(
            _format(frame.file_name, frame.start_line, frame.start_column, frame.end_column)
        )
        stmt = _statement(frame.file_name, frame.start_line, frame.start_column)
        if stmt is not None:
            lines.append(
                _format(frame.file_name, stmt.lineno, stmt.col_offset, stmt.end_col_offset)
            )
    lines.extend(_returns(fn))
    return list(dict.fromkeys(lines))
