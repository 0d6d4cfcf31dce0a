"""MindSpore's rule for compiling a lambda: the statement its source starts must be the lambda."""

from __future__ import annotations

import ast
import functools
import inspect
import textwrap
import types

from ..context import GRAPH_MODE, get_context, mindspore_dtype_checks

__all__ = ["lambda_refusal"]

# The statements whose value MindSpore's parser takes as the lambda's expression.
_VALUED = (ast.Assign, ast.AnnAssign, ast.Expr, ast.Return)


@functools.lru_cache(maxsize=256)
def _source_problem(filename: str, code: types.CodeType) -> tuple[type[Exception], str] | None:
    """Why MindSpore's parser cannot isolate the lambda compiled from `code`, or None.

    MindSpore compiles a lambda from the source lines Python reports for it: the statement
    they start must be the lambda itself (``f = lambda x: ...``, ``return lambda x: ...``,
    the lambda on a line of its own); a lambda written inside a call, a list, a dict or a
    default argument on the same line is refused, and so is a line that does not parse on
    its own (a dict entry). Source that cannot be read is left alone.
    """
    try:
        lines, _ = inspect.getsourcelines(code)
    except (OSError, TypeError):
        return None
    source = textwrap.dedent("".join(lines))
    if source.startswith("def "):
        return (
            ValueError,
            "a lambda written as a default argument cannot be located in its source for "
            "compiling; put the lambda on a line of its own",
        )
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return (
            SyntaxError,
            "cannot compile this lambda: the line it is written on does not parse on its own; "
            "assign the lambda to a name on a line of its own (f = lambda ...) and pass f",
        )
    if not tree.body or not isinstance(tree.body[0], _VALUED):
        return None
    value = tree.body[0].value
    if value is None or isinstance(value, ast.Lambda):
        return None
    return (
        TypeError,
        f"cannot compile this lambda: the statement on its line is a {type(value).__name__}, "
        "not the lambda; assign the lambda to a name on a line of its own "
        "(f = lambda ...) and pass f",
    )


def lambda_refusal(fn, who: str, *, graph_mode_only: bool = False):
    """None, or a function raising what MindSpore raises when `who` compiles the lambda `fn`.

    Only in MindSpore programs (run through the ``mindspore`` alias): msfunc's own API maps,
    compiles and differentiates any lambda. `graph_mode_only` is for the transforms MindSpore
    compiles only in GRAPH_MODE (``grad``, ``value_and_grad``, ``GradOperation``).

    Example:
        >>> lambda_refusal(lambda x: x + 1, "vmap") is None  # (not a MindSpore program)
        True
    """
    if not mindspore_dtype_checks() or not isinstance(fn, types.FunctionType):
        return None
    if fn.__code__.co_name != "<lambda>":  # (a wrapper may take a lambda's __name__)
        return None
    if graph_mode_only and get_context("mode") != GRAPH_MODE:
        return None
    # (the file in the key: equal code objects of two files compare equal)
    problem = _source_problem(fn.__code__.co_filename, fn.__code__)
    if problem is None:
        return None
    kind, text = problem

    def refused(*args, **kwargs):
        raise kind(f"{who}: {text}")

    return refused
