"""Python values returned from a compiled function (x.shape, strings, numbers) stay Python values.

``jax.jit`` turns a Python number in the output into an array and rejects a string.
MindSpore's static graph returns them as the Python values they are. `hold` wraps each
non-array leaf of an output in a `StaticLeaf`, a pytree node with no children that
keeps the value in its (static) aux data, so it travels through ``jax.jit``'s cached
output structure at no run-time cost; `release` puts the values back after the call.
"""

from __future__ import annotations

import jax
import numpy as np

__all__ = ["StaticLeaf", "hold", "release"]

_ARRAYS = (jax.Array, jax.core.Tracer, np.ndarray, np.generic)  # jax.jit returns these as arrays


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
        return StaticLeaf(leaf)

    held = jax.tree.map(wrap, tree)
    return held, bool(found)


def release(tree):
    """`tree` with each `StaticLeaf` replaced by its value (the inverse of `hold`).

    Example:
        >>> release((StaticLeaf("a"), [StaticLeaf(2)]))
        ('a', [2])
    """
    return jax.tree.map(lambda x: x.value if isinstance(x, StaticLeaf) else x, tree,
                        is_leaf=lambda x: isinstance(x, StaticLeaf))
