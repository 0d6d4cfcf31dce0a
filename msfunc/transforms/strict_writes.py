"""The STRICT syntax level's refusal of in-place writes into a Cell's list and dict attributes.

At ``jit_syntax_level`` STRICT (``MS_DEV_JIT_SYNTAX_LEVEL=0``) MindSpore's graph compiler
refuses, in a Cell's ``construct``, an item assignment into an attribute (``self.d["k"] = v``,
``self.z[0] = x``) and a list method that changes an item of one (``self.z[0].append(1)``):
such attributes must be Parameters there. It reads the source, so `check_strict_writes` does
too, once per Cell class.
"""

from __future__ import annotations

import ast
import inspect
import textwrap
import weakref

__all__ = ["check_strict_writes"]

_CHANGING = frozenset(("append", "extend", "insert", "pop", "remove", "reverse", "sort", "clear"))
_FOUND: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # class -> attribute or None


def _self_item(node, self_name):
    """The attribute name when `node` is ``self.name[...]``, else None."""
    if not isinstance(node, ast.Subscript):
        return None
    owner = node.value
    if (
        isinstance(owner, ast.Attribute)
        and isinstance(owner.value, ast.Name)
        and owner.value.id == self_name
    ):
        return owner.attr
    return None


def _written_attribute(construct):
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(construct)))
    except (OSError, TypeError, SyntaxError):
        return None
    fn = tree.body[0] if tree.body else None
    if not isinstance(fn, ast.FunctionDef) or not fn.args.args:
        return None
    self_name = fn.args.args[0].arg
    for node in ast.walk(fn):
        targets = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AugAssign):
            targets = [node.target]
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in _CHANGING
        ):
            targets = [node.func.value]
        for target in targets:
            name = _self_item(target, self_name)
            if name is not None:
                return name
    return None


def check_strict_writes(cell):
    """TypeError when `cell`'s ``construct`` writes into an item of one of its attributes,
    which the STRICT syntax level refuses (see the module's note).

    Example:
        >>> from msfunc import nn
        >>> class Net(nn.Cell):
        ...     def __init__(self):
        ...         super().__init__()
        ...         self.d = {"x": 1}
        ...     def construct(self, x):
        ...         self.d["x"] = 3
        ...         return x
        >>> check_strict_writes(Net())
        Traceback (most recent call last):
        ...
        TypeError: Net.construct writes into an item of self.d, which the STRICT ...
    """
    cls = type(cell)
    if cls not in _FOUND:
        construct = getattr(cls, "construct", None)
        _FOUND[cls] = _written_attribute(construct) if construct is not None else None
    name = _FOUND[cls]
    if name is not None:
        raise TypeError(
            f"{cls.__name__}.construct writes into an item of self.{name}, which the STRICT "
            "jit syntax level refuses: make it a Parameter in __init__, or compile at the "
            "LAX level"
        )
