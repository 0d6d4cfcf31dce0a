"""Graph mode's ``y += x``: a new value bound to ``y`` (``y = y + x``), never an in-place change.

MindSpore's graph compiler compiles an augmented assignment as the binary operation and an
assignment, so ``y = np.array(0); y += 1.5`` gives the float64 array 1.5, where numpy's in-place
add refuses to cast the float result into the int array. `with_rebinding_updates` rebuilds such a
function from its source with each ``name op= value`` written out as ``name = name op value``.
"""

from __future__ import annotations

import ast
import types

from .global_reads import rebuild

__all__ = ["with_rebinding_updates"]


def _is_inplace_cast_error(error):
    # numpy's in-place ufunc output-casting refusal (a TypeError subclass)
    return isinstance(error, TypeError) and "Cannot cast ufunc" in str(error)


def _rebind(node):
    class Rewrite(ast.NodeTransformer):
        def visit_AugAssign(self, aug):
            if not isinstance(aug.target, ast.Name):
                return aug
            read = ast.Name(id=aug.target.id, ctx=ast.Load())
            value = ast.BinOp(left=read, op=aug.op, right=self.visit(aug.value))
            return ast.copy_location(ast.Assign(targets=[aug.target], value=value), aug)

    Rewrite().visit(node)


def with_rebinding_updates(fn, error):
    """`fn` rebuilt with each ``name op= value`` as ``name = name op value`` when `error` is
    numpy's refusal to cast an in-place result (what graph mode never meets); None where
    that does not apply (another error, no source).

    Example:
        >>> import numpy as np
        >>> def total(xs):
        ...     y = np.array(0)
        ...     for x in xs:
        ...         y += x
        ...     return y
        >>> try:
        ...     total(np.array([1.5, 2.0]))
        ... except TypeError as exc:
        ...     rebuilt = with_rebinding_updates(total, exc)
        >>> rebuilt(np.array([1.5, 2.0])).item()
        3.5
    """
    if not isinstance(fn, types.FunctionType) or not _is_inplace_cast_error(error):
        return None
    if getattr(fn, "_msfunc_rebound", False):  # (rebuilt already: the error is elsewhere)
        return None
    rebuilt = rebuild(fn, _rebind, {})
    if rebuilt is not None:
        rebuilt._msfunc_rebound = True
    return rebuilt
