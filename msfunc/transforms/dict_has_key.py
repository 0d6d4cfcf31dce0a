"""Graph mode's ``dict.has_key(key)`` inside a compiled function.

MindSpore's graph syntax keeps Python 2's ``d.has_key(k)`` (``k in d``) for dicts; Python 3
dicts have no such method, so the call raises AttributeError when msfunc traces it.
`with_has_key` rebuilds such a function from its source with each ``x.has_key(k)`` call
answered by `has_key`: ``k in x`` for a dict, the object's own method otherwise.
"""

from __future__ import annotations

import ast
import types

from .global_reads import rebuild

__all__ = ["has_key", "with_has_key"]

_MISSING = "'dict' object has no attribute 'has_key'"
_HELPER = "__msfunc_has_key__"


def has_key(obj, key):
    """``obj.has_key(key)`` as graph mode reads it: ``key in obj`` for a dict.

    Example:
        >>> has_key({"a": 1}, "a"), has_key({"a": 1}, "b")
        (True, False)
    """
    if isinstance(obj, dict):
        return key in obj
    return obj.has_key(key)


class _HasKeyCalls(ast.NodeTransformer):
    def visit_Call(self, node):
        self.generic_visit(node)
        func = node.func
        if (
            isinstance(func, ast.Attribute)
            and func.attr == "has_key"
            and len(node.args) == 1
            and not node.keywords
        ):
            return ast.Call(
                func=ast.Name(id=_HELPER, ctx=ast.Load()),
                args=[func.value, node.args[0]],
                keywords=[],
            )
        return node


def with_has_key(fn, error):
    """`fn` rebuilt with its ``x.has_key(k)`` calls answered by `has_key`, when the
    AttributeError `error` is a dict's missing ``has_key``; None otherwise (or when `fn` has
    no source).

    Example:
        >>> def known(d):
        ...     return d.has_key("a")
        >>> try:
        ...     known({"a": 1})
        ... except AttributeError as exc:
        ...     print(with_has_key(known, exc)({"a": 1}))
        True
    """
    if not isinstance(fn, (types.FunctionType, types.MethodType)) or _MISSING not in str(error):
        return None
    return rebuild(fn, _HasKeyCalls().visit, {_HELPER: has_key})
