"""`jit_class`: marks a user class whose instances compiled code may use.

MindSpore's graph compiler accepts only Cells and classes marked with ``@jit_class``
inside ``jit``/GRAPH_MODE code. msfunc compiles by tracing Python, so an instance of
any class already works there (its attributes are read while tracing); the decorator
checks its argument as MindSpore does and marks the class, nothing more.
"""

from __future__ import annotations

import inspect

__all__ = ["jit_class"]


def jit_class(cls: type) -> type:
    """Mark a plain class whose instances compiled code (``jit``, GRAPH_MODE) may use.

    msfunc traces Python, so any object already works in compiled code; the decorator checks
    its argument as MindSpore does and marks the class, so MindSpore programs run unchanged.

    Args:
        cls (type): The class to mark; not a Cell (compiled code uses Cells as they are).

    Returns:
        type, `cls` itself, marked.

    Example:
        >>> import msfunc as ms
        >>> @ms.jit_class
        ... class Scale:
        ...     def __init__(self, k):
        ...         self.k = k
        ...     def __call__(self, x):
        ...         return x * self.k
        >>> print(ms.jit(lambda x: Scale(3.0)(x))(ms.Tensor(2.0)))
        6.0
    """
    if not inspect.isclass(cls):
        raise TypeError(f"jit_class: decorates a class, got {type(cls).__name__}")
    if getattr(cls, "_msfunc_is_cell", False):  # a Cell (nn sits above the transforms)
        raise TypeError(
            f"jit_class: {cls.__name__} is a Cell, which compiled code uses without the decorator"
        )
    cls.__ms_class__ = True
    return cls
