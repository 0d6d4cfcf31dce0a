"""Graph mode's dict methods inside a compiled function: ``has_key`` and snapshot views.

MindSpore's graph syntax keeps Python 2's ``d.has_key(k)`` (``k in d``) for dicts; Python 3
dicts have no such method, so the call raises AttributeError when msfunc traces it.
`with_has_key` rebuilds such a function from its source with each ``x.has_key(k)`` call
answered by `has_key`: ``k in x`` for a dict, the object's own method otherwise.

Graph mode's ``d.keys()``, ``d.values()`` and ``d.items()`` are snapshots (tuples; a list of
pairs for ``items``), where Python's are live views: after ``d.update(...)`` a view taken
before shows the new values. `with_dict_snapshots` rebuilds a function that takes a view
and also changes a dict (``update``, ``pop``, ``setdefault``, ``clear``, ``popitem``, an
item assignment) with each view call answered by `dict_view`; the rebuild answers
``has_key`` too.
"""

from __future__ import annotations

import ast
import dis
import types

from .global_reads import rebuild

__all__ = ["has_key", "with_has_key", "dict_view", "with_dict_snapshots"]

_MISSING = "'dict' object has no attribute 'has_key'"
_HELPER = "__msfunc_has_key__"
_VIEW_HELPER = "__msfunc_dict_view__"
_VIEWS = frozenset(("keys", "values", "items"))
_CHANGES = frozenset(("update", "pop", "popitem", "setdefault", "clear"))


def has_key(obj, key):
    """``obj.has_key(key)`` as graph mode reads it: ``key in obj`` for a dict.

    Example:
        >>> has_key({"a": 1}, "a"), has_key({"a": 1}, "b")
        (True, False)
    """
    if isinstance(obj, dict):
        return key in obj
    return obj.has_key(key)


def dict_view(obj, name):
    """``obj.keys()`` / ``values()`` / ``items()`` (`name`) as graph mode takes it: a snapshot
    for a dict (a tuple; a list of pairs for ``items``), the object's own method otherwise.

    Example:
        >>> d = {"a": 1}
        >>> values = dict_view(d, "values")
        >>> d.update(a=2)
        >>> values, dict_view(d, "items")
        ((1,), [('a', 2)])
    """
    if isinstance(obj, dict):
        return list(obj.items()) if name == "items" else tuple(getattr(obj, name)())
    return getattr(obj, name)()


class _HasKeyCalls(ast.NodeTransformer):
    def __init__(self, views=False):
        self.views = views  # answer view calls too (`with_dict_snapshots`)

    def visit_Call(self, node):
        self.generic_visit(node)
        func = node.func
        if not isinstance(func, ast.Attribute) or node.keywords:
            return node
        if func.attr == "has_key" and len(node.args) == 1:
            return ast.Call(
                func=ast.Name(id=_HELPER, ctx=ast.Load()),
                args=[func.value, node.args[0]],
                keywords=[],
            )
        if self.views and func.attr in _VIEWS and not node.args:
            return ast.Call(
                func=ast.Name(id=_VIEW_HELPER, ctx=ast.Load()),
                args=[func.value, ast.Constant(value=func.attr)],
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
    return rebuild(fn, _HasKeyCalls(_takes_and_changes(fn)).visit, _HELPERS)


def with_dict_snapshots(fn):
    """`fn` rebuilt with its dict view calls answered by `dict_view` (and ``has_key`` by
    `has_key`) where its code both takes a view and changes a dict; None otherwise (or when
    `fn` has no source).

    Example:
        >>> def changed(d):
        ...     values = d.values()
        ...     d.update(a=2)
        ...     return values
        >>> with_dict_snapshots(changed)({"a": 1})
        (1,)
    """
    if not isinstance(fn, (types.FunctionType, types.MethodType)) or not _takes_and_changes(fn):
        return None
    return rebuild(fn, _HasKeyCalls(views=True).visit, _HELPERS)


def _takes_and_changes(fn):
    code = getattr(fn, "__code__", None) or fn.__func__.__code__
    names = set(code.co_names)
    if not names & _VIEWS:
        return False
    return bool(names & _CHANGES) or any(
        op.opname == "STORE_SUBSCR" for op in dis.get_instructions(code)
    )


_HELPERS = {_HELPER: has_key, _VIEW_HELPER: dict_view}
