"""Keys of `jit`'s programs: which arguments are traced, which are compile-time constants."""

from __future__ import annotations

import math

import jax
import numpy as np

from .._jax_private import ArrayImpl
from ..common.tensor import Tensor

__all__ = [
    "Identity",
    "split_arguments",
    "rebuild_arguments",
    "Constant",
    "shape_like",
    "has_shape_like",
    "constants_for_shape_like",
    "is_reference",
]


class Identity:
    """An object compared by identity in a cache key (held, so its id is not reused).

    Example:
        >>> a = []
        >>> Identity(a) == Identity(a), Identity(a) == Identity([])
        (True, False)
    """

    __slots__ = ("obj",)

    def __init__(self, obj):
        self.obj = obj

    def __eq__(self, other):
        return type(other) is Identity and other.obj is self.obj

    def __hash__(self):
        return id(self.obj)


_SHAPE_LIKE_SIZE = 16  # integer inputs up to this many elements may be sizes or paddings


def shape_like(x):
    """A concrete integer or bool array of at most 1 dim and a few elements (what
    ``mutable(3)`` or ``Tensor([1, 2, 2, 1])`` as a padding gives), not a Parameter."""
    if type(x) is Tensor:
        x = x._value
    return (
        (type(x) is ArrayImpl or type(x) is np.ndarray)
        and x.ndim <= 1
        and x.size <= _SHAPE_LIKE_SIZE
        and x.dtype.kind in "iub"
    )


def has_shape_like(values):
    return any(has_shape_like(v) if type(v) in (tuple, list) else shape_like(v) for v in values)


class Constant:
    """A small integer input made a compile-time constant: keyed by value, and a concrete
    Tensor again inside the trace (so ``int(n)`` and shapes built from it work)."""

    __slots__ = ("array", "_key")

    def __init__(self, x):
        self.array = np.asarray(x._value if type(x) is Tensor else x)
        self._key = (self.array.dtype.str, self.array.shape, self.array.tobytes())

    def __eq__(self, other):
        return type(other) is Constant and other._key == self._key

    def __hash__(self):
        return hash(self._key)


def constants_for_shape_like(args, kwargs):
    """Small integer inputs (also in tuples and lists, as ``mutable((2, 3))`` gives) as
    `Constant`s: one program per value."""

    def convert(x):
        if type(x) in (tuple, list):
            return type(x)(map(convert, x))
        return Constant(x) if shape_like(x) else x

    return tuple(map(convert, args)), {k: convert(v) for k, v in kwargs.items()}


_INT64_MIN, _INT64_MAX = -(2**63), 2**63 - 1

# type -> passed by reference? (Cells and Parameters are; cached per type: hot path).
_REFERENCE_BY_TYPE = {}


def is_reference(x):
    cls = type(x)
    hit = _REFERENCE_BY_TYPE.get(cls)
    if hit is None:
        hit = _REFERENCE_BY_TYPE[cls] = bool(getattr(cls, "_msfunc_by_reference", False))
    return hit


def _const_arg(x):
    """A Tensor made with ``const_arg=True`` (or `Tensor.set_const_arg`): MindSpore compiles it
    into the program as a constant, one program per Tensor object."""
    return isinstance(x, Tensor) and x.__dict__.get("_const_arg", False)


def _static_object(x):
    """An argument that goes into the trace as itself, keyed by identity."""
    return is_reference(x) or _const_arg(x)


def _children(node):
    if isinstance(node, dict):
        return iter(node.values())
    return iter(node) if isinstance(node, (list, tuple)) else None


def _holds_itself(tree):
    """Whether a list, tuple or dict in `tree` contains itself (walked without recursion).

    Example:
        >>> a = [1]
        >>> _holds_itself((a,)), a.append(a), _holds_itself((a,))
        (False, None, True)
    """
    path, pending = {id(tree)}, [(id(tree), _children(tree) or iter(()))]
    while pending:
        child = next(pending[-1][1], pending)  # (`pending` itself: this node is done)
        if child is pending:
            path.discard(pending.pop()[0])
            continue
        inner = _children(child)
        if inner is None:
            continue
        if id(child) in path:
            return True
        path.add(id(child))
        pending.append((id(child), inner))
    return False


def split_arguments(args, kwargs, who, int64=False):
    """(dynamic array leaves, hashable static key) for a call.

    Python constants are keyed by type and value, as `jax.jit` keys static
    arguments: ``1``, ``1.0`` and ``True`` compile separately. With `int64` (graph
    semantics) a Python int argument outside int64's range is a RuntimeError, as graph mode
    takes ints as int64 values.
    """
    if _holds_itself((args, kwargs)):
        # (graph mode refuses it as a RuntimeError; JAX's flatten would recurse until Python's
        # recursion limit and leave the interpreter unable to report it)
        raise RuntimeError(
            f"{who}: an argument is a list, tuple or dict that contains itself; a compiled "
            "function takes only containers without such cycles"
        )
    leaves, treedef = jax.tree.flatten((args, kwargs), is_leaf=_static_object)
    dynamic, static = [], []
    for i, leaf in enumerate(leaves):
        if type(leaf) is ArrayImpl or isinstance(leaf, (jax.Array, np.ndarray)):
            dynamic.append(leaf)
            static.append(None)
        elif _static_object(leaf):
            static.append(Identity(leaf))
        else:
            try:
                hash(leaf)
            except TypeError:
                raise TypeError(
                    f"{who}: argument leaf {i} of type {type(leaf).__name__} is neither an "
                    "array nor hashable, so it can be neither traced nor used as a "
                    "compile-time constant"
                ) from None
            if int64 and type(leaf) is int and not _INT64_MIN <= leaf <= _INT64_MAX:
                raise RuntimeError(
                    f"{who}: the int argument {leaf} does not fit in int64, the type a compiled "
                    "function takes Python ints as; pass it as a Tensor or a float"
                )
            if type(leaf) is float and leaf == 0.0:
                # (-0.0 == 0.0 and hashes alike, yet copysign(1.0, -0.0) is -1.0)
                static.append((float, leaf, math.copysign(1.0, leaf)))
            else:
                static.append((type(leaf), leaf))
    return tuple(dynamic), (treedef, tuple(static))


def rebuild_arguments(dynamic, static_key):
    treedef, static = static_key
    it = iter(dynamic)
    leaves = [
        next(it)
        if s is None
        else (
            s.obj if isinstance(s, Identity) else Tensor(s[1].array) if s[0] is Constant else s[1]
        )
        for s in static
    ]
    return jax.tree.unflatten(treedef, leaves)
