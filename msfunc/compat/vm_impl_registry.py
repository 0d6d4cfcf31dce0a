"""``mindspore.ops.vm_impl_registry``: a registry of Python implementations keyed by primitive.

MindSpore's test harness registers numpy implementations of primitives here
(``@vm_impl_registry.register(P.Add)`` on a factory ``f(prim) -> impl``) and looks
them up by primitive instance. The registry works the same on msfunc's classes.

Example:
    >>> from msfunc import ops
    >>> from msfunc.compat.vm_impl_registry import Registry
    >>> registry = Registry()
    >>> @registry.register(ops.Add)
    ... def add_impl(prim):
    ...     return lambda x, y: x + y
    >>> registry.get(ops.Add(), None)(2, 3)
    5
    >>> registry.get(ops.Mul(), "none")
    'none'
"""

from collections import UserDict

__all__ = ["Registry", "vm_impl_registry"]


class Registry(UserDict):
    """Maps a primitive class (or a name) to the function registered for it."""

    def register(self, prim):
        """Decorator: file the decorated function under `prim` (a Primitive class or a str)."""
        if not isinstance(prim, (str, type)):
            raise TypeError(
                "Registry.register: `prim` must be a Primitive class or a name, "
                f"got {type(prim).__name__}"
            )

        def deco(fn):
            self[prim] = fn
            return fn

        return deco

    def get(self, prim_obj, default=None):
        """The implementation for `prim_obj`, else `default`.

        A name gives the registered function itself; a primitive instance gives what the
        registered factory returns for it (MindSpore's convention).
        """
        if isinstance(prim_obj, str):
            return self.data.get(prim_obj, default)
        factory = self.data.get(type(prim_obj))
        return default if factory is None else factory(prim_obj)


vm_impl_registry = Registry()
