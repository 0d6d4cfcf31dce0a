"""MindSpore's variable-length sequences (``mutable(seq, dynamic_len=True)``) and graph mode's
questions about what a compiled program knows: `isconstant`, `is_sequence_value_unknown`,
`is_sequence_shape_unknown`, `is_dynamic_sequence_element_unknown`.

What msfunc's ``jit`` knows while it traces decides the answers (MindSpore's compiler asks
the same of its abstract values):

- a *variable* is a traced value (a jit input and what is computed from it), a raw 0-d
  array that `mutable` made of a Python number, a variable number
  (`msfunc.compat.variable_scalars`: `mutable` of a number inside the function, a variable
  sequence's ``count`` or ``index``, and arithmetic on them), or a variable-length
  sequence and its items; Python values and Tensors built from constants inside the
  function are constants;
- a variable-length sequence (`DynamicList`, `DynamicTuple`) stays one through ``+``,
  ``*``, slicing, ``append``, ``insert``, ``extend`` and item assignment, and its items must
  all be of one kind (numbers of one type, Tensors, or tuples of one length): mixing kinds
  raises TypeError (ValueError when `mutable` is given them), as MindSpore does;
- outside a compiled function (PyNative) every value is known: `isconstant` is True, the
  length of a sequence is known, and a sequence's value is unknown only when it holds a
  Tensor.
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import jax
import jax.numpy as jnp

from .._jax_private import Tracer, is_staging
from ..common.tensor import Tensor, unwrap, wrap
from .variable_scalars import VariableInt, VariableNumber

__all__ = [
    "DynamicList",
    "DynamicTuple",
    "VariableInt",
    "is_dynamic_sequence_element_unknown",
    "is_sequence_shape_unknown",
    "is_sequence_value_unknown",
    "isconstant",
    "make_dynamic",
]

_ANY_LENGTH = -1
_VARIABLE_MARK = "_msfunc_variable_item"  # (a Tensor item of a variable-length sequence)


def _kind(value):
    """What MindSpore requires every item of a variable-length sequence to share."""
    if isinstance(value, bool):
        return ("bool",)
    if isinstance(value, numbers.Integral):
        return ("int",)
    if isinstance(value, numbers.Number):
        return ("float",)
    if isinstance(value, (Tensor, jax.Array, Tracer)):
        if getattr(value, "ndim", 1) == 0 and not isinstance(value, Tensor):
            return _number_kind(value)  # a number `mutable` made variable
        return ("tensor",)
    if isinstance(value, tuple):
        return ("tuple", len(value))
    if isinstance(value, list):
        return ("list", len(value))
    return (type(value).__name__,)


def _number_kind(array):
    dtype = array.dtype
    if dtype == jnp.bool_:
        return ("bool",)
    return ("int",) if jnp.issubdtype(dtype, jnp.integer) else ("float",)


def _items_kind(items, who, error):
    """The one kind of `items` (None when empty); `error` when they differ."""
    kinds = {_kind(v) for v in items}
    if not kinds:
        return None
    if len(kinds) == 1:
        return kinds.pop()
    heads = {k[0] for k in kinds}
    if len(heads) == 1 and heads & {"tuple", "list"}:
        return (heads.pop(), _ANY_LENGTH)  # sequences of several lengths: any length after
    raise error(f"{who}: the items of a variable-length sequence must be of one kind, got {items}")


def _fits(kind, value_kind):
    if kind is None or kind == value_kind:
        return True
    return kind[1:] == (_ANY_LENGTH,) and kind[0] == value_kind[0]


# (for the type checker the mixin is the sequence it is mixed into)
_MixedInto = Sequence if TYPE_CHECKING else object


class _Dynamic(_MixedInto):
    """The behaviour `DynamicList` and `DynamicTuple` share: the item kind and its checks."""

    _msfunc_mutable = True
    _msfunc_dynamic = True

    def _check(self, values, who, error: type[Exception] = TypeError):
        """`values` as items of this sequence (numbers made variable); `error` when one is
        not of the kind of the items."""
        kind = _items_kind(list(self), who, TypeError)
        for value in values:
            value_kind = _kind(value)
            if not _fits(kind, value_kind):
                raise error(
                    f"{who}: a variable-length sequence holds items of one kind; {value!r} "
                    f"does not match its items {list(self)!r}"
                )
            kind = kind or value_kind
        return [_variable(v) for v in values]

    def __add__(self, other):
        if not isinstance(other, (list, tuple)):
            return NotImplemented
        return self._like(list(self) + self._check(other, "+"))

    def __radd__(self, other):
        if not isinstance(other, (list, tuple)):
            return NotImplemented
        return self._like(self._check(other, "+") + list(self))

    def __mul__(self, times):
        return self._like(list(self) * times)

    __rmul__ = __mul__

    def __getitem__(self, index):
        base: Any = list if isinstance(self, list) else tuple
        item = base.__getitem__(self, index)
        return self._like(item) if isinstance(index, slice) else item

    def _like(self, items):
        """`items` as a variable-length sequence of this one's type."""
        kind: Any = type(self)
        return kind(items)

    def count(self, value):
        """How often `value` occurs: an int the compiled program learns at run time."""
        with jax.ensure_compile_time_eval():  # (items known while tracing compare now)
            return VariableInt(super().count(value))

    def index(self, value, *bounds):
        """Where `value` first occurs: an int the compiled program learns at run time."""
        with jax.ensure_compile_time_eval():
            return VariableInt(super().index(value, *bounds))


class DynamicList(_Dynamic, list):
    """A list of variable length, as ``mutable(list, dynamic_len=True)`` makes it.

    Example:
        >>> x = DynamicList([1, 2]) + [3]
        >>> type(x).__name__, [int(v) for v in x]
        ('DynamicList', [1, 2, 3])
        >>> x.append(4.5)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        TypeError: append: a variable-length sequence holds items of one kind; 4.5 does not ...
    """

    def __iadd__(self, other):
        list.extend(self, self._check(other, "+="))
        return self

    def __setitem__(self, index, value):
        if isinstance(index, slice):  # (MindSpore converts the new items to a sequence)
            list.__setitem__(self, index, self._check(value, "item assignment", ValueError))
        else:
            list.__setitem__(self, index, self._check([value], "item assignment")[0])

    def append(self, value):
        """Append `value`, which must be of the kind of the other items."""
        list.append(self, self._check([value], "append")[0])

    def extend(self, values):
        """Extend by `values`, which must be of the kind of the other items."""
        list.extend(self, self._check(list(values), "extend"))

    def insert(self, index, value):
        """Insert `value`, which must be of the kind of the other items."""
        list.insert(self, index, self._check([value], "insert")[0])

    def copy(self):
        """A copy, of variable length too."""
        return DynamicList(self)


class DynamicTuple(_Dynamic, tuple):
    """A tuple of variable length, as ``mutable(tuple, dynamic_len=True)`` makes it.

    Example:
        >>> x = DynamicTuple((1, 2))
        >>> type(x[:1]).__name__, type(x * 2).__name__
        ('DynamicTuple', 'DynamicTuple')
    """


for _cls in (DynamicList, DynamicTuple):
    jax.tree_util.register_pytree_node(
        _cls, lambda s: (list(s), type(s)), lambda cls, items: cls(items)
    )


def make_dynamic(items):
    """`items` (a list or tuple, its numbers already made variable) as a variable-length one;
    ValueError when its items are of different kinds.

    Example:
        >>> make_dynamic((1, 2))
        (1, 2)
        >>> make_dynamic([1, (2,)])  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        ValueError: mutable: the items of a variable-length sequence must be of one kind, ...
    """
    _items_kind(list(items), "mutable", ValueError)
    return (DynamicList if isinstance(items, list) else DynamicTuple)(map(_variable_tensor, items))


def _variable(value):
    """A Python number as a variable (a concrete 0-d array, as `mutable` makes it), a
    Tensor as `_variable_tensor` gives it."""
    if isinstance(value, numbers.Number) and not isinstance(value, VariableNumber):
        with jax.ensure_compile_time_eval():
            return jnp.asarray(value)
    return _variable_tensor(value)


def _variable_tensor(value):
    """A Tensor made of constants, in a compiled function, as a copy marked variable (graph
    mode knows no item of a variable-length sequence while it compiles); else `value`."""
    if type(value) is Tensor and is_staging() and not _is_variable(value):
        value = wrap(unwrap(value))
        value.__dict__[_VARIABLE_MARK] = True
    return value


def _is_dynamic(value):
    return isinstance(value, _Dynamic)


def _is_variable(value):
    if isinstance(value, (_Dynamic, VariableNumber, Tracer)):
        return True
    if type(value) is Tensor and value.__dict__.get(_VARIABLE_MARK, False):
        return True
    if isinstance(value, jax.Array):
        return True  # a raw array inside a compiled function: a number `mutable` made
    if hasattr(type(value), "__jax_array__"):
        return isinstance(value.__jax_array__(), Tracer)
    if isinstance(value, (list, tuple)):
        return getattr(value, "_msfunc_mutable", False) or any(_is_variable(v) for v in value)
    if isinstance(value, dict):
        return any(_is_variable(v) for v in value.values())
    return False


def isconstant(x: Any) -> bool:
    """Whether the compiled program knows `x`'s value while it is compiled (graph mode's
    ``F.isconstant``); always True outside a compiled function.

    Args:
        x (Any): Any value.

    Returns:
        bool.

    Example:
        >>> import msfunc as ms
        >>> from msfunc.compat import mutable
        >>> ms.jit(lambda t: (isconstant(t), isconstant(2), isconstant(mutable(2))))(ms.Tensor(1))
        (False, True, False)
    """
    return not is_staging() or not _is_variable(x)


def _sequence(x, what):
    if not isinstance(x, (list, tuple)):
        raise TypeError(f"{what}: `x` must be a tuple or list, got {type(x).__name__}")


def is_sequence_value_unknown(x: Any) -> bool:
    """Whether some item of the tuple or list `x` is a variable (or `x` has a variable
    length) while the program is compiled; outside one, whether `x` holds a Tensor.

    Args:
        x (tuple, list): The sequence.

    Returns:
        bool.

    Raises:
        TypeError: `x` is not a tuple or list.

    Example:
        >>> import msfunc as ms
        >>> unknown = is_sequence_value_unknown
        >>> ms.jit(lambda t: (unknown([t, 1]), unknown([1])))(ms.Tensor(1))
        (True, False)
    """
    _sequence(x, "is_sequence_value_unknown")
    if not is_staging():
        return any(isinstance(v, Tensor) for v in x)
    return _is_variable(x)


def is_sequence_shape_unknown(x: Any) -> bool:
    """Whether the tuple or list `x` has a variable length in the program being compiled
    (always False outside one).

    Args:
        x (tuple, list): The sequence.

    Returns:
        bool.

    Raises:
        TypeError: `x` is not a tuple or list.

    Example:
        >>> import msfunc as ms
        >>> from msfunc.compat import mutable
        >>> ms.jit(lambda: is_sequence_shape_unknown(mutable([1, 2], True)))()
        True
    """
    _sequence(x, "is_sequence_shape_unknown")
    return is_staging() and _is_dynamic(x)


def is_dynamic_sequence_element_unknown(x: Any) -> bool:
    """Whether the kind of the items of the variable-length sequence `x` is still open (it
    has had none yet), in the program being compiled.

    Args:
        x (tuple, list): A variable-length sequence (``mutable(seq, True)``).

    Returns:
        bool.

    Raises:
        TypeError: `x` is not a variable-length sequence, or the call is not compiled.

    Example:
        >>> import msfunc as ms
        >>> from msfunc.compat import mutable
        >>> ms.jit(lambda: is_dynamic_sequence_element_unknown(mutable([], True)))()
        True
    """
    _sequence(x, "is_dynamic_sequence_element_unknown")
    if not (is_staging() and _is_dynamic(x)):
        raise TypeError(
            "is_dynamic_sequence_element_unknown: `x` must be a variable-length sequence "
            "(mutable(seq, True)) in a compiled function"
        )
    return len(x) == 0
