"""Values kept per object identity, for objects that cannot be dict keys (JAX arrays are
unhashable, so a WeakKeyDictionary cannot hold them); each entry goes when its object does."""

import weakref
from typing import Any

__all__ = ["IdentityMap"]


class IdentityMap:
    """A map object -> value by the object's identity, holding the object weakly.

    Example:
        >>> import jax.numpy as jnp
        >>> marks, x = IdentityMap(), jnp.ones(2)
        >>> marks[x] = "seen"
        >>> marks.get(x), marks.get(jnp.ones(2))
        ('seen', None)
    """

    def __init__(self):
        self._entries = {}  # id -> (weak reference, value)

    def __setitem__(self, obj, value):
        """Keep `value` for `obj` (TypeError for an object without weak references)."""
        key, entries = id(obj), self._entries

        def forget(ref):
            # (only this entry: after `obj` went, its id may already key a newer object)
            held = entries.get(key)
            if held is not None and held[0] is ref:
                del entries[key]

        entries[key] = (weakref.ref(obj, forget), value)

    def get(self, obj: object, default: Any = None) -> Any:
        """The value kept for `obj` itself, else `default`."""
        held = self._entries.get(id(obj))
        return held[1] if held is not None and held[0]() is obj else default

    def __len__(self):
        return len(self._entries)
