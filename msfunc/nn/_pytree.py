"""How a Cell flattens into a JAX pytree: arrays and sub-Cells are children, the rest aux."""

import jax
import numpy as np

from ..common.parameter import Parameter, ParameterTuple

# Attribute names starting with this prefix hold per-instance caches (compiled
# functions ...) that are neither state nor structure.
CACHE_PREFIX = "_msfunc_"


def is_dynamic(value):
    """True for values that are pytree children of a Cell (state, not structure)."""
    from .cell import Cell

    if isinstance(value, (Parameter, Cell, jax.Array, np.ndarray, ParameterTuple)):
        return True
    if type(value) in (list, tuple):
        return any(is_dynamic(v) for v in value)
    if type(value) is dict:
        return any(is_dynamic(v) for v in value.values())
    return False


class StaticFields:
    """The non-array attributes of a Cell, compared by value so equal structures match."""

    __slots__ = ("items",)

    def __init__(self, items):
        self.items = items

    def __eq__(self, other):
        if not isinstance(other, StaticFields) or len(self.items) != len(other.items):
            return False
        for (ka, va), (kb, vb) in zip(self.items, other.items):
            if ka != kb or not _same(va, vb):
                return False
        return True

    def __hash__(self):
        return hash(tuple((k, _hash_or_type(v)) for k, v in self.items))


def _same(a, b):
    if a is b:
        return True
    if type(a) is not type(b):
        return False
    try:
        return bool(a == b)
    except Exception:  # noqa: BLE001 - values without a usable == compare unequal
        return False


def _hash_or_type(value):
    try:
        return hash(value)
    except TypeError:
        return hash(type(value))


def flatten_cell(cell):
    keys, children, static = [], [], []
    for key, value in cell.__dict__.items():
        if key.startswith(CACHE_PREFIX):
            continue
        if is_dynamic(value):
            keys.append(key)
            children.append(value)
        else:
            static.append((key, value))
    return children, (tuple(keys), StaticFields(tuple(static)))


def flatten_cell_with_keys(cell):
    children, aux = flatten_cell(cell)
    return [(jax.tree_util.GetAttrKey(k), c) for k, c in zip(aux[0], children)], aux


def make_unflatten(cls):
    def unflatten(aux, children):
        keys, static = aux
        cell = object.__new__(cls)
        cell.__dict__.update(static.items)
        cell.__dict__.update(zip(keys, children))
        return cell

    return unflatten


def register(cls):
    """Register a Cell subclass as a pytree node."""
    jax.tree_util.register_pytree_with_keys(
        cls, flatten_cell_with_keys, make_unflatten(cls), flatten_func=flatten_cell)
