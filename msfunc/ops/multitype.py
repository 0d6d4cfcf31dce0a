"""MindSpore's type-dispatched functions and structure maps: MultitypeFuncGraph, HyperMap, Map.

Gradient clipping and optimizers written for MindSpore register overloads by type name
(``@clip.register("Number", "Number", "Tensor")``) and apply them over a tuple of
gradients with ``HyperMap``. Here they are plain Python: a call picks the first
overload whose type names match its arguments exactly (else, under graph semantics, the
first a Python float matches as a Float64), and a jit trace runs that overload.
`constexpr` marks a function MindSpore folds at compile time; its arguments are
Python values under msfunc's jit too, so it simply calls the function.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import jax
import numpy as np

from .._state import graph_semantics
from ..common.tensor import Tensor

__all__ = ["MultitypeFuncGraph", "HyperMap", "Map", "constexpr"]


def _is_tensor(x):
    return isinstance(x, (Tensor, jax.Array, jax.core.Tracer))


def _is_number(x):
    return isinstance(x, (bool, int, float, complex, np.generic))


def _is_int(x):
    return isinstance(x, (int, np.integer)) and not isinstance(x, (bool, np.bool_))


def _is_float(x):
    return isinstance(x, (float, np.floating))


# A Python float is MindSpore's Float64 in PyNative code; under graph semantics it is a
# Float32 that also matches a Float64 overload, taken only when no overload matches it
# exactly (`_EXACT`).
def _exact_float64(x):
    return isinstance(x, np.float64) or (type(x) is float and not graph_semantics())


def _float32(x):
    return type(x) is np.float32 or (type(x) is float and graph_semantics())


_EXACT = {"Float64": _exact_float64}


def _sparse(class_name):
    def matches(x):
        return type(x).__name__ == class_name

    return matches


# Which Python values each of MindSpore's type names stands for. A Python int is
# MindSpore's Int64 and a Python float its Float64, so those sized names match them too.
_TYPE_TESTS = {
    "Tensor": _is_tensor,
    "Number": _is_number,
    "Bool": lambda x: isinstance(x, (bool, np.bool_)),
    "Int": _is_int,
    "Int64": _is_int,
    "Float": _is_float,
    "Float64": _is_float,
    "Float32": _float32,
    "Complex": lambda x: isinstance(x, (complex, np.complexfloating)),
    "String": lambda x: isinstance(x, str),
    "Tuple": lambda x: isinstance(x, tuple),
    "List": lambda x: isinstance(x, list),
    "Dictionary": lambda x: isinstance(x, dict),
    "None": lambda x: x is None,
    "Function": lambda x: callable(x) and not _is_tensor(x) and not isinstance(x, type),
    "RowTensor": _sparse("RowTensor"),
    "COOTensor": _sparse("COOTensor"),
    "CSRTensor": _sparse("CSRTensor"),
}
# Names MindSpore accepts that no Python value here ever has (monads, sized dtypes of
# values only a Tensor carries).
_NEVER = frozenset(
    (
        "UMonad",
        "IOMonad",
        "EnvType",
        "TypeType",
        "Slice",
        "Ellipsis",
        "UInt",
        "Int8",
        "Int16",
        "Int32",
        "UInt8",
        "UInt16",
        "UInt32",
        "UInt64",
        "Float16",
        "BFloat16",
        "Complex64",
        "Complex128",
    )
)


def _true(_):
    return True


def _type_test(type_name):
    """The predicate of one registered type: a MindSpore type name or dtype object."""
    # dtype objects print as their type names (ms.tensor_type: Tensor, ms.number: Number)
    key = type_name if isinstance(type_name, str) else str(type_name)
    if key in _TYPE_TESTS:
        return _TYPE_TESTS[key]
    if key in _NEVER:
        return lambda x: False
    raise ValueError(
        f"MultitypeFuncGraph.register: unknown type name {type_name!r}; expected "
        f"one of {sorted(_TYPE_TESTS)}"
    )


class MultitypeFuncGraph:
    """A function with overloads chosen by the types of its arguments.

    Args:
        name (str): a name for messages.
        read_value (bool): accepted for MindSpore's signature; no effect.

    Example:
        >>> add = MultitypeFuncGraph("add")
        >>> @add.register("Number", "Number")
        ... def _add_numbers(x, y):
        ...     return x + y
        >>> @add.register("String", "String")
        ... def _add_strings(x, y):
        ...     return x + " " + y
        >>> add(1, 2), add("a", "b")
        (3, 'a b')
    """

    def __init__(self, name: str, read_value: bool = False) -> None:
        if not isinstance(name, str):
            raise TypeError(f"MultitypeFuncGraph: `name` must be a str, got {type(name).__name__}")
        self._name = name
        self.entries = []

    def register(self, *type_names):
        """Decorator registering `fn` for arguments of `type_names` (names or dtype objects)."""
        tests = tuple(_type_test(t) for t in type_names)

        def deco(fn):
            self.entries.append((type_names, tests, fn))
            return fn

        return deco

    def __call__(self, *args):
        for arg in args:
            if isinstance(arg, np.ndarray):
                raise TypeError(
                    f"MultitypeFuncGraph {self._name!r}: an argument is a "
                    "numpy.ndarray; pass a Tensor"
                )
        if len(self.entries) == 1:  # one overload is called whatever the types (as MindSpore)
            return self.entries[0][2](*args)
        matching = [
            (names, fn)
            for names, tests, fn in self.entries
            if len(tests) == len(args) and all(t(a) for t, a in zip(tests, args))
        ]
        for names, fn in matching:
            if all(_EXACT.get(str(n), _true)(a) for n, a in zip(names, args)):
                return fn(*args)
        if matching:  # (a Python float taken as a Float64 under graph semantics)
            return matching[0][1](*args)
        got = tuple(type(a).__name__ for a in args)
        registered = [names for names, _, _ in self.entries]
        raise ValueError(
            f"MultitypeFuncGraph {self._name!r}: no overload takes arguments of "
            f"types {got}; registered: {registered}"
        )

    def __repr__(self):
        return f"MultitypeFuncGraph({self._name!r})"


class HyperMap:
    """Applies a function leaf by leaf over nested tuples/lists, returning nested tuples.

    ``HyperMap(fn)(*seqs)`` or ``HyperMap()(fn, *seqs)``; a leaf is any argument that is
    not a tuple or list (the first argument decides).

    Args:
        ops (Callable, optional): The function to apply; ``None`` takes it as the first
            argument of each call. Default: ``None``.
        reverse (bool): Accepted for MindSpore's signature (it orders the calls there);
            no effect. Default: ``False``.

    Example:
        >>> hyper_map = HyperMap()
        >>> hyper_map(lambda x, y: x * y, (1, (2, 3)), (10, (20, 30)))
        (10, (40, 90))
    """

    def __init__(self, ops: Callable[..., Any] | None = None, reverse: bool = False) -> None:
        self.ops = ops
        self.reverse = reverse

    def __call__(self, *args):
        if self.ops is None:
            fn, args = args[0], args[1:]
            recurse = functools.partial(self, fn)
        else:
            fn, recurse = self.ops, self
        if not isinstance(args[0], (tuple, list)):
            return fn(*args)
        return tuple(map(recurse, *args))


class Map:
    """Applies a function to the elements of sequences (one level), returning a tuple.

    ``Map(fn)(*seqs)`` or ``Map()(fn, *seqs)``.

    Args:
        ops (Callable, optional): The function to apply; ``None`` takes it as the first
            argument of each call. Default: ``None``.
        reverse (bool): Accepted for MindSpore's signature; no effect. Default: ``False``.

    Example:
        >>> Map()(lambda x: x + 1, [1, 2])
        (2, 3)
    """

    def __init__(self, ops: Callable[..., Any] | None = None, reverse: bool = False) -> None:
        self.ops = ops
        self.reverse = reverse

    def __call__(self, *args):
        if self.ops is None:
            fn, args = args[0], args[1:]
        else:
            fn = self.ops
        return tuple(map(fn, *args))


def constexpr(
    fn: Callable[..., Any] | None = None,
    get_instance: bool = True,
    name: str | None = None,
    reuse_result: bool = True,
    check: bool = True,
) -> Any:
    """Mark a function MindSpore evaluates at compile time; here it is called as it is.

    Its arguments are shapes, dtypes and other Python values, which stay Python values
    under msfunc's jit as well. With ``get_instance=False`` the decorator returns a
    class whose instances call the function (MindSpore's primitive-class form).

    Args:
        fn (Callable, optional): The function, when used as ``@constexpr``; ``None`` when
            used as ``@constexpr(...)``. Default: ``None``.
        get_instance (bool): Return a function (else a class calling it). Default: ``True``.
        name (str, optional): The class's name for ``get_instance=False``. Default: ``None``.
        reuse_result (bool): Accepted for MindSpore's signature; no effect. Default: ``True``.
        check (bool): Accepted for MindSpore's signature; no effect. Default: ``True``.

    Returns:
        The wrapped function, the class, or (without `fn`) a decorator making one.

    Example:
        >>> @constexpr
        ... def doubled(shape):
        ...     return tuple(2 * s for s in shape)
        >>> doubled((2, 3))
        (4, 6)
    """

    def deco(func):
        if get_instance:
            return functools.wraps(func)(lambda *args, **kwargs: func(*args, **kwargs))

        class ConstExpr:
            def __call__(self, *args, **kwargs):
                return func(*args, **kwargs)

        ConstExpr.__name__ = ConstExpr.__qualname__ = name or func.__name__
        return ConstExpr

    return deco(fn) if fn is not None else deco
