"""``mindspore._extends.parse.standard_method``: the functions MindSpore's parser maps methods
and builtins to, as plain functions of their receiver (``reshape(x, 2, 3)`` is ``x.reshape(2, 3)``).

A name MindSpore 2.10 has at this path that is also a Tensor method is that method called on
the first argument; the builtins it stands for (``ms_len`` is ``len``, ``tensor_bool`` is
``bool`` of a Tensor ...) are written out below. They give what the method or builtin gives,
in PyNative code and inside ``jit`` alike.

Example:
    >>> import numpy as np
    >>> import msfunc
    >>> from msfunc.compat import standard_method as sm
    >>> x = msfunc.Tensor(np.arange(6, dtype=np.float32))
    >>> sm.reshape(x, 2, 3).shape, sm.ms_len(x), sm.tensor_bool(msfunc.Tensor([2.0]))
    ((2, 3), 6, True)
"""

import builtins

from ..common.tensor import Tensor
from .unsupported import mindspore_names

__all__ = [
    "T_",
    "bool_",
    "float_func",
    "getitem",
    "int_func",
    "ms_len",
    "ms_sum",
    "size_",
    "str_func",
    "tensor_bool",
]

_PATH = "mindspore._extends.parse.standard_method"


def ms_len(input_data):
    """``len(input_data)``; TypeError for a 0-d Tensor, which has no length.

    >>> ms_len([1, 2, 3])
    3
    """
    if isinstance(input_data, Tensor) and input_data.ndim == 0:
        raise TypeError("ms_len: a 0-d Tensor has no length")
    return len(input_data)


def tensor_bool(x):
    """The Python bool of a Tensor of shape ``()`` or ``(1,)``; ValueError for other shapes.

    >>> tensor_bool(Tensor([0.0]))
    False
    """
    if x.shape not in ((), (1,)):
        raise ValueError(
            f"tensor_bool: only a Tensor of shape () or (1,) has a truth value, got shape {x.shape}"
        )
    return bool(x)


def bool_(x):
    """``bool(x)``.

    >>> bool_(0), bool_(Tensor([3]))
    (False, True)
    """
    return tensor_bool(x) if isinstance(x, Tensor) else bool(x)


def int_func(*data):
    """``int(*data)`` (``int()`` is 0).

    >>> int_func(3.7), int_func()
    (3, 0)
    """
    return int(*data)


def float_func(*data):
    """``float(*data)``.

    >>> float_func(3)
    3.0
    """
    return float(*data)


def str_func(*data):
    """``str(*data)``.

    >>> str_func(3)
    '3'
    """
    return str(*data)


def ms_sum(*data):
    """``sum(*data)``.

    >>> ms_sum([1, 2])
    3
    """
    return builtins.sum(*data)


def getitem(data, index):
    """``data[index]``.

    >>> getitem([1, 2], 0)
    1
    """
    return data[index]


def size_(x):
    """``x.size``: the number of elements of a Tensor.

    >>> size_(Tensor([[1, 2, 3]]))
    3
    """
    return x.size


def T_(x):
    """``x.T``: a Tensor with its axes reversed.

    >>> T_(Tensor([[1, 2, 3]])).shape
    (3, 1)
    """
    return x.T


def _method(name):
    def method(x, *args, **kwargs):
        return getattr(x, name)(*args, **kwargs)

    method.__name__ = method.__qualname__ = name
    method.__doc__ = f"``x.{name}(*args, **kwargs)``: the Tensor method {name}."
    return method


def __getattr__(name):
    # the Tensor methods MindSpore lists here, made on first use
    if name in mindspore_names().get(_PATH, ()) and callable(getattr(Tensor, name, None)):
        globals()[name] = function = _method(name)
        return function
    raise AttributeError(f"module {_PATH!r} has no attribute {name!r}")
