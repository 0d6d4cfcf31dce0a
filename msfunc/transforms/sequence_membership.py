"""Graph mode's ``in``, ``not in``, ``index`` and ``count`` of a Tensor in a list or tuple.

MindSpore's graph compiler finds a Tensor in a sequence by value: an element matches when it is
a Tensor of the same dtype and shape with equal values (compared at run time, so the answer is
a bool Tensor, or an int); other elements never match a Tensor. Python compares with ``==``,
which for Tensors is elementwise (and ``bool()`` of it fails for more than one element).
`rewrite` turns those expressions of converted source into calls of the functions here, which
keep Python's answer outside graph semantics and for anything but a Tensor in a list or tuple.
"""

from __future__ import annotations

import ast
import functools
import inspect
import textwrap

import jax
import jax.numpy as jnp

from .. import _state
from .._jax_private import Tracer
from ..common.tensor import Tensor, unwrap, wrap

__all__ = ["rewrite", "seq_contains", "seq_method", "retry_converted"]

_NAMESPACE = "ag__"  # (the converted code's namespace of operators, autograph._Transformer)
_METHODS = ("index", "count")
# What Python's comparison of a Tensor with the elements of a list says: a multi-element
# Tensor has no truth value, and a JAX array does not compare with a dict or a tuple.
_COMPARISON_ERRORS = ("bool() of a Tensor", "unsupported operand type(s) for ==")


def _applies(value, seq):
    return (
        isinstance(seq, (list, tuple))
        and isinstance(value, (Tensor, jax.Array))
        and _state.graph_semantics()
    )


def _matches(value, seq):
    """A bool (or traced bool) per element of `seq`: the same dtype, shape and values."""
    target = unwrap(value)
    out = []
    for element in seq:
        if not isinstance(element, (Tensor, jax.Array)):
            out.append(False)
            continue
        other = unwrap(element)
        if other.dtype != target.dtype or other.shape != target.shape:
            out.append(False)
            continue
        same = jnp.all(other == target)
        out.append(same if isinstance(same, Tracer) else bool(same))
    return out


def _concrete(matches):
    return all(isinstance(m, bool) for m in matches)


def seq_contains(value, seq, negate=False):
    """``value in seq`` (``not in`` with `negate`) as graph mode answers it for a Tensor.

    Example:
        >>> import msfunc as ms
        >>> ms.jit(lambda x: seq_contains(x, [1, ms.Tensor([1.0])]))(ms.Tensor([1.0]))
        Tensor(shape=[], dtype=Bool, value= True)
    """
    if not _applies(value, seq):
        return value not in seq if negate else value in seq
    matches = _matches(value, seq)
    found = jnp.any(jnp.asarray(matches, dtype=bool)) if matches else jnp.asarray(False)
    return wrap(jnp.logical_not(found) if negate else found)


def seq_method(obj, name, *args):
    """``obj.index(value)`` or ``obj.count(value)``, by graph mode's Tensor matching when `obj`
    is a list or tuple and `value` a Tensor (``index`` with no match is a ValueError).

    Example:
        >>> seq_method([1, 2, 2], "count", 2)
        2
    """
    if len(args) != 1 or not _applies(args[0], obj):
        return getattr(obj, name)(*args)
    matches = _matches(args[0], obj)
    if name == "count":
        return sum(matches) if _concrete(matches) else wrap(jnp.sum(jnp.asarray(matches)))
    if all(m is False for m in matches):
        kind = type(obj).__name__
        raise ValueError(f"{kind}.index: the Tensor is not in the {kind}")
    if _concrete(matches):
        return matches.index(True)
    return wrap(jnp.argmax(jnp.asarray(matches)))  # (the first match, found at run time)


def _helper(name, node, args):
    call = ast.Call(
        func=ast.Attribute(
            value=ast.Name(id=_NAMESPACE, ctx=ast.Load()), attr=name, ctx=ast.Load()
        ),
        args=args,
        keywords=[],
    )
    return ast.copy_location(call, node)


class _Membership(ast.NodeTransformer):
    def visit_Compare(self, node):
        self.generic_visit(node)
        if len(node.ops) != 1 or not isinstance(node.ops[0], (ast.In, ast.NotIn)):
            return node
        negate = ast.Constant(value=isinstance(node.ops[0], ast.NotIn))
        return _helper("seq_contains", node, [node.left, node.comparators[0], negate])

    def visit_Call(self, node):
        self.generic_visit(node)
        func = node.func
        if (
            isinstance(func, ast.Attribute)
            and func.attr in _METHODS
            and len(node.args) == 1
            and not node.keywords
            and not isinstance(node.args[0], ast.Starred)
        ):
            name = ast.Constant(value=func.attr)
            return _helper("seq_method", node, [func.value, name, node.args[0]])
        return node


def rewrite(node):
    """`node` (a function's AST) with ``in`` / ``not in`` and one-argument ``.index`` /
    ``.count`` calls answered by `seq_contains` and `seq_method` of the ``ag__`` namespace.

    Example:
        >>> tree = rewrite(ast.parse("a in b"))
        >>> ast.unparse(tree)
        'ag__.seq_contains(a, b, False)'
    """
    return ast.fix_missing_locations(_Membership().visit(node))


@functools.lru_cache(maxsize=512)
def _code_uses_membership(code):
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(code)))
    except (OSError, TypeError, SyntaxError):
        return False
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and any(
            isinstance(op, (ast.In, ast.NotIn)) for op in node.ops
        ):
            return True
        if isinstance(node, ast.Call) and getattr(node.func, "attr", None) in _METHODS:
            return True
    return False


def retry_converted(fn, exc):
    """Whether the error `exc` of tracing `fn` (a function, or a Cell's graph entry) is Python's
    comparison of a Tensor with a sequence's elements in source that looks a value up in a list:
    then graph mode's answer comes from the converted source (`rewrite`).

    Example:
        >>> def find(x, seq):
        ...     return x in seq
        >>> retry_converted(find, ValueError("bool() of a Tensor: ..."))
        True
    """
    if not any(text in str(exc) for text in _COMPARISON_ERRORS):
        return False
    owner = getattr(fn, "__self__", None)
    target = getattr(type(owner), "construct", None) if owner is not None else fn
    code = getattr(inspect.unwrap(target), "__code__", None) if target is not None else None
    return code is not None and _code_uses_membership(code)
