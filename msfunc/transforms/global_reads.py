"""Graph mode's reading of a global that a compiled function also assigns (``z += i``).

Python makes a name local to a function as soon as the function assigns it, so
``z += i`` on a module-level `z` raises UnboundLocalError. MindSpore's graph compiler
reads the global instead: the function starts from the global's value and works on its
own copy (the global itself is not changed). `with_global_reads` rebuilds such a
function from its source with ``z = <the global>`` as its first statement.
"""

from __future__ import annotations

import ast
import inspect
import re
import textwrap
import types

__all__ = ["rebuild", "with_global_reads"]

_UNBOUND = re.compile(r"local variable '(\w+)'")


def _unbound_name(error):
    found = _UNBOUND.search(str(error))
    return found.group(1) if found else None


def with_global_reads(fn, error):
    """`fn` rebuilt so that the local the UnboundLocalError `error` names starts as the
    module global of that name, as MindSpore's graph mode reads it; None where that does not
    apply (no such global, a parameter, no source, a generator).

    Example:
        >>> import math
        >>> def grow(x):
        ...     pi += x
        ...     return pi
        >>> grow.__globals__["pi"] = math.pi
        >>> try:
        ...     grow(1.0)
        ... except UnboundLocalError as exc:
        ...     grown = with_global_reads(grow, exc)
        >>> round(grown(1.0), 4), grow.__globals__["pi"] == math.pi
        (4.1416, True)
    """
    name = _unbound_name(error)
    if not isinstance(fn, (types.FunctionType, types.MethodType)) or name is None:
        return None
    code = fn.__code__
    params = code.co_varnames[
        : code.co_argcount
        + code.co_kwonlyargcount
        + bool(code.co_flags & inspect.CO_VARARGS)
        + bool(code.co_flags & inspect.CO_VARKEYWORDS)
    ]
    if name not in code.co_varnames or name in params or name not in fn.__globals__:  # pyright: ignore[reportAttributeAccessIssue]
        return None
    read = ast.parse(f"{name} = __msfunc_globals__[{name!r}]").body[0]
    return rebuild(
        fn,
        lambda node: node.body.insert(0, read),
        {"__msfunc_globals__": fn.__globals__},  # pyright: ignore[reportAttributeAccessIssue]
    )


def rebuild(fn, edit, extra):
    """`fn` compiled again from its source after `edit` changed its ``ast.FunctionDef`` (in
    place), with the names of the dict `extra` bound to its values; None where `fn` has no
    source to rebuild from (or is a generator or coroutine).

    Example:
        >>> import ast
        >>> def one():
        ...     return 1
        >>> def returns_k(node):
        ...     node.body = [ast.Return(value=ast.Name(id="k", ctx=ast.Load()))]
        >>> rebuild(one, returns_k, {"k": 7})()
        7
    """
    if isinstance(fn, types.MethodType):
        # (``@jit`` on a Cell's construct binds per instance: rebuild the function, rebind)
        inner = rebuild(fn.__func__, edit, extra)
        return None if inner is None else types.MethodType(inner, fn.__self__)
    code = fn.__code__
    if code.co_flags & (inspect.CO_GENERATOR | inspect.CO_COROUTINE):
        return None
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
    except (OSError, TypeError, SyntaxError):
        return None
    node = tree.body[0] if tree.body else None
    if not isinstance(node, ast.FunctionDef) or node.name != code.co_name:
        return None
    node.decorator_list = []  # (the jit decorator around it is the caller)
    edit(node)
    # A factory takes the free variables (their values now) and the extra names.
    free = [*code.co_freevars, *extra]
    factory = ast.FunctionDef(
        name="__msfunc_factory__",
        args=ast.arguments(
            posonlyargs=[],
            args=[ast.arg(arg=v) for v in free],
            kwonlyargs=[],
            kw_defaults=[],
            defaults=[],
        ),
        body=[node, ast.Return(value=ast.Name(id=node.name, ctx=ast.Load()))],
        decorator_list=[],
        returns=None,
        type_params=[],
    )
    module = ast.fix_missing_locations(ast.Module(body=[factory], type_ignores=[]))
    namespace = {}
    try:
        # (compiled in the module's globals: the function reads them as the original does)
        exec(compile(module, code.co_filename, "exec"), fn.__globals__, namespace)  # noqa: S102
        closure = [cell.cell_contents for cell in (fn.__closure__ or ())]
    except (SyntaxError, ValueError):  # (an empty closure cell: not yet assigned)
        return None
    rebuilt = namespace["__msfunc_factory__"](*closure, *extra.values())
    rebuilt.__defaults__, rebuilt.__kwdefaults__ = fn.__defaults__, fn.__kwdefaults__
    return rebuilt
