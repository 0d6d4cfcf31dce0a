"""Python values returned from a compiled function (x.shape, strings, numbers) stay Python values.

``jax.jit`` turns a Python number in the output into an array and rejects a string.
MindSpore's static graph returns them as the Python values they are. `hold` wraps each
non-array leaf of an output in a `StaticLeaf`, a pytree node with no children that
keeps the value in its (static) aux data, so it travels through ``jax.jit``'s cached
output structure at no run-time cost; `release` puts the values back after the call.
As in graph mode, a returned dict keeps its insertion order (JAX's own dict node sorts
the keys) and a returned ``map``/``filter``/``zip``/``enumerate``/``range`` object is a
sequence (see `graph_sequence`); numpy values made in the function leave as numpy arrays
and Python numbers, not as Tensors.
"""

from __future__ import annotations

import types

import jax
import numpy as np

__all__ = ["StaticLeaf", "hold", "release", "graph_sequence", "graph_values"]

_ARRAYS = (jax.Array, jax.core.Tracer)  # what the compiled program computes


class StaticLeaf:
    """A Python value carried as static structure through a JAX transformation.

    Example:
        >>> import jax
        >>> jax.jit(lambda x: (x, StaticLeaf("tag")))(1.0)[1].value
        'tag'
    """

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value

    def __repr__(self):
        return f"StaticLeaf({self.value!r})"


def _flatten(leaf):
    return (), _Aux(leaf.value)


class _Aux:
    """Aux data of a StaticLeaf: compared by type and value; unhashable values by identity."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value

    def __eq__(self, other):
        if not isinstance(other, _Aux) or type(other.value) is not type(self.value):
            return False
        if getattr(type(self.value), "_msfunc_tensor", False):
            return other.value is self.value  # (a returned Parameter: itself, not its values)
        try:
            return bool(other.value == self.value)
        except Exception:  # values whose == is not a truth value: identity
            return other.value is self.value

    def __hash__(self):
        try:
            return hash((type(self.value), self.value))
        except TypeError:
            return id(self.value)


jax.tree_util.register_pytree_node(StaticLeaf, _flatten, lambda aux, _: StaticLeaf(aux.value))


class _OrderedDict(dict):
    """A returned dict on its way through ``jax.jit``: flattened in insertion order."""


jax.tree_util.register_pytree_node(
    _OrderedDict,
    lambda d: (tuple(d.values()), tuple(d.keys())),
    lambda keys, values: _OrderedDict(zip(keys, values)),
)

_ITERATORS = (map, filter, zip, enumerate, range, reversed)
# graph mode's dict.keys()/values() are tuples and items() a list of (key, value) tuples
_DICT_ITEMS = type({}.items())
_DICT_VIEWS = (type({}.keys()), type({}.values()))


def graph_sequence(value):
    """What graph mode returns for a ``map``/``filter``/``zip``/``enumerate``/``range``
    object: ``filter`` a list, ``map`` a list over lists and a tuple otherwise, the others
    tuples (``zip`` and ``enumerate`` of tuples).

    Example:
        >>> graph_sequence(map(abs, [-1, 2])), graph_sequence(zip((1, 2), (3, 4)))
        ([1, 2], ((1, 3), (2, 4)))
    """
    if isinstance(value, filter):
        return list(value)
    if isinstance(value, map):
        iterables = value.__reduce__()[1][1:]
        over_lists = bool(iterables) and type(iterables[0]).__name__ == "list_iterator"
        return list(value) if over_lists else tuple(value)
    return tuple(value)


def graph_values(tree):
    """`tree` with its dicts kept in insertion order, its iterators as `graph_sequence`s and
    its dict views as graph mode returns them (``keys()``/``values()`` tuples, ``items()`` a
    list of tuples); done before any JAX tree function sorts a dict (`release` gives plain
    dicts back).

    Example:
        >>> d = {"b": 1, "a": 2}
        >>> graph_values((d.keys(), d.values(), d.items()))
        (('b', 'a'), (1, 2), [('b', 1), ('a', 2)])
    """
    kind = type(tree)
    if kind is dict:
        return _OrderedDict((k, graph_values(v)) for k, v in tree.items())
    if kind in (list, tuple):
        return kind(graph_values(v) for v in tree)
    if isinstance(tree, _ITERATORS):
        return graph_values(graph_sequence(tree))
    if isinstance(tree, _DICT_ITEMS):
        return [graph_values(pair) for pair in tree]
    if isinstance(tree, _DICT_VIEWS):
        return graph_values(tuple(tree))
    return tree


_FUNCTIONS = (types.FunctionType, types.MethodType, types.BuiltinFunctionType)


def refuse_functions(tree):
    """RuntimeError when a graph-mode output holds a function, a method or a Cell (in a tuple,
    list or dict too): a compiled program returns data only, and MindSpore refuses it.

    Example:
        >>> refuse_functions((1, [2.0]))
        >>> refuse_functions((1, len))
        Traceback (most recent call last):
        ...
        RuntimeError: a function compiled in graph mode returns the function len; ...
    """
    kind = type(tree)
    if kind in (list, tuple, _OrderedDict, dict):
        for item in tree.values() if isinstance(tree, dict) else tree:
            refuse_functions(item)
        return
    is_cell = getattr(kind, "_msfunc_by_reference", False) and hasattr(tree, "construct")
    if isinstance(tree, _FUNCTIONS) or is_cell:
        what = "Cell" if is_cell else "function"
        name = kind.__name__ if is_cell else getattr(tree, "__qualname__", repr(tree))
        raise RuntimeError(
            f"a function compiled in graph mode returns the {what} {name}; its outputs "
            "must be data (Tensors, numbers, strings and sequences of them)"
        )


def _has_dict(tree):
    if type(tree) is _OrderedDict:
        return True
    return type(tree) in (list, tuple) and any(map(_has_dict, tree))


def _plain_dicts(tree):
    kind = type(tree)
    if kind is _OrderedDict:
        return {k: _plain_dicts(v) for k, v in tree.items()}
    if kind in (list, tuple):
        return kind(_plain_dicts(v) for v in tree)
    return tree


def hold(tree):
    """(`tree` with each non-array leaf wrapped in a `StaticLeaf`, whether there was one).

    Example:
        >>> import jax.numpy as jnp
        >>> held, any_static = hold((jnp.ones(1), "a", 2))
        >>> [type(v).__name__ for v in held], any_static
        (['ArrayImpl', 'StaticLeaf', 'StaticLeaf'], True)
    """
    found = []

    def wrap(leaf):
        if isinstance(leaf, _ARRAYS):
            return leaf
        found.append(True)
        # numpy values made in the function leave as graph mode returns them: a numpy
        # scalar as the Python number, an array as the numpy array
        return StaticLeaf(leaf.item() if isinstance(leaf, np.generic) else leaf)

    tree = graph_values(tree)
    held = jax.tree.map(wrap, tree)
    return held, bool(found) or _has_dict(tree)  # (`release` gives a plain dict back)


def release(tree):
    """`tree` with each `StaticLeaf` replaced by its value (the inverse of `hold`).

    Example:
        >>> release((StaticLeaf("a"), [StaticLeaf(2)]))
        ('a', [2])
    """
    return _plain_dicts(
        jax.tree.map(
            lambda x: x.value if isinstance(x, StaticLeaf) else x,
            tree,
            is_leaf=lambda x: isinstance(x, StaticLeaf),
        )
    )
