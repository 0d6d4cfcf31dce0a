"""The arguments a pipeline node or sampler was built with, kept for `serialize`."""

from __future__ import annotations

import functools
import inspect


def record_init(cls):
    """Make `cls`'s own ``__init__`` (if it defines one) keep its bound arguments, defaults
    filled in, as ``_given_args`` on the object; the outermost call wins, so a subclass's
    arguments are kept rather than those it passes to its base.

    Example:
        >>> class Node:
        ...     def __init__(self, size, fill=0):
        ...         self.size = size
        >>> given_args(record_init(Node)(3))
        {'size': 3, 'fill': 0}
    """
    init = cls.__dict__.get("__init__")
    if init is None or getattr(init, "_records_args", False):
        return cls
    signature = inspect.signature(init)

    @functools.wraps(init)
    def __init__(self, *args, **kwargs):
        if "_given_args" not in vars(self):
            try:
                bound = signature.bind(self, *args, **kwargs)
            except TypeError:  # the constructor itself says what is wrong
                bound = None
            if bound is not None:
                bound.apply_defaults()
                given = {}
                for name, value in list(bound.arguments.items())[1:]:
                    kind = signature.parameters[name].kind
                    if kind is inspect.Parameter.VAR_KEYWORD:
                        given.update(value)
                    else:
                        given[name] = value
                vars(self)["_given_args"] = given
        init(self, *args, **kwargs)

    __init__._records_args = True  # type: ignore[attr-defined]
    cls.__init__ = __init__
    return cls


def given_args(obj) -> dict | None:
    """The arguments `obj` was built with (see `record_init`), or None.

    Example:
        >>> given_args(object()) is None
        True
    """
    return getattr(obj, "__dict__", {}).get("_given_args")
