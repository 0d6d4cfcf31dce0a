"""``mindspore.ops._primitive_cache``: one instance per primitive class and arguments.

MindSpore's own functions fetch their primitives through `_get_cache_prim` rather than build
one per call; programs that copied the idiom import it from there.

Example:
    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> _get_cache_prim(ops.Add)() is _get_cache_prim(ops.Add)()
    True
    >>> print(_get_cache_prim(ops.Pow)()(ms.Tensor([2.0]), 3))
    [8.]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["_get_cache_prim"]

_CACHE: dict[Any, Any] = {}


def _get_cache_prim(cls: type) -> Callable[..., Any]:
    """A function making `cls` from its arguments, the same instance for the same arguments
    (arguments that cannot be hashed make a fresh one)."""

    def make(*args: Any, **kwargs: Any) -> Any:
        key = (cls, args, tuple(sorted(kwargs.items())))
        try:
            hit = _CACHE.get(key)
        except TypeError:  # (an unhashable argument: a list of sizes ...)
            return cls(*args, **kwargs)
        if hit is None:
            hit = _CACHE[key] = cls(*args, **kwargs)
        return hit

    return make
