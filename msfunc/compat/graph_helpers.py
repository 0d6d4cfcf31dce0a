"""The helpers of ``mindspore.ops`` that act on Python values: ``typeof``, ``tail``, ``add_flags``.

Example:
    >>> import msfunc as ms
    >>> print(typeof(ms.Tensor([1.0])), typeof(1), typeof(1.0), tail((1, 2, 3)))
    Tensor[Float32] Int64 Float32 (2, 3)
"""

from __future__ import annotations

import jax

from ..common import dtype_objects as types
from ..common.dtype_convert import get_py_obj_dtype

__all__ = ["add_flags", "tail", "typeof"]

# Python scalars as MindSpore's graph compiler types them: a float is float32 there
_SCALARS = {bool: types.bool_, int: types.int64, float: types.float32, str: types.string}


def typeof(x):
    """MindSpore's type of `x`: ``Tensor[Float32]`` for a float32 Tensor, ``Int64`` for a
    Python int, ``Float32`` for a float, ``Tuple[...]``/``List[...]`` of its items' types for a
    sequence, ``None`` for None.

    Args:
        x (Any): A Tensor, a Python scalar, string, tuple, list or None.

    Returns:
        A MindSpore type object (`msfunc.dtype.Type`).

    Raises:
        TypeError: `x` is of another kind (MindSpore's dtypes have no object for it).

    Example:
        >>> import msfunc as ms
        >>> typeof(ms.Tensor([1, 2])) == ms.dtype.TensorType(ms.int64), str(typeof((1, 2.0)))
        (True, 'Tuple[Int64,Float32]')
    """
    if type(x) in _SCALARS:
        return _SCALARS[type(x)]
    if x is None:
        return types.type_none
    if isinstance(x, (tuple, list)):  # the type of each item: ``Tuple[Int64,Float32]``
        return (types.Tuple if isinstance(x, tuple) else types.List)([typeof(v) for v in x])
    if getattr(type(x), "_msfunc_tensor", False):
        return get_py_obj_dtype(x)
    if isinstance(x, jax.Array):  # a Tensor's value, as primitives and traced code see it
        return types.TensorType(x.dtype)
    raise TypeError(f"typeof: `x` has no MindSpore type object, got {type(x).__name__}")


def tail(x):
    """All the items of a tuple or list but the first (graph mode's ``C.tail``).

    Args:
        x (Union[tuple, list]): The sequence.

    Returns:
        The same kind of sequence, without its first item.

    Raises:
        TypeError: `x` is not a tuple or list.

    Example:
        >>> tail((0, 1, 2, 3)), tail([0])
        ((1, 2, 3), [])
    """
    if not isinstance(x, (tuple, list)):
        raise TypeError(f"tail: `x` must be a tuple or list, got {type(x).__name__}")
    return x[1:]


def add_flags(fn=None, **flags):
    """Set graph-compiler flags on a function or Cell (``add_flags(net, predit=True)``);
    returns it. msfunc records the flags (a Cell's `get_flags`, a function's
    ``_func_graph_flags``) and compiles the same either way.

    Args:
        fn (Union[Callable, Cell], optional): What to flag; without it, the decorator.
        flags (dict): The flags, each name to its value.

    Example:
        >>> def f(x):
        ...     return x
        >>> add_flags(f, predit=True) is f, f._func_graph_flags
        (True, {'predit': True})
    """

    def mark(target):
        if callable(getattr(target, "add_flags", None)):  # a Cell keeps its own flags
            target.add_flags(**flags)
        else:
            target._func_graph_flags = {**getattr(target, "_func_graph_flags", {}), **flags}
        return target

    return mark if fn is None else mark(fn)
