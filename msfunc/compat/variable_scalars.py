"""Python numbers that MindSpore's graph compiler knows only when the program runs.

In graph mode ``mutable(2)`` made inside a compiled function, and the ``count`` or ``index`` of
a variable-length sequence, are *variable* scalars: still an ``int`` or a ``float`` to
``isinstance``, but ``F.isconstant`` says False for them and for whatever arithmetic makes of
them (``x / y`` is a variable float, ``x % y`` or ``x & y`` a variable int). msfunc knows their
values while it traces, so they are Python numbers that remember they are variable: their
values and arithmetic are exactly Python's.
"""

from __future__ import annotations

import operator

__all__ = ["VariableFloat", "VariableInt", "VariableNumber", "variable_number"]


class VariableNumber:
    """What `VariableInt` and `VariableFloat` share: arithmetic gives variable numbers.

    Example:
        >>> isinstance(VariableInt(2) * 1.5, VariableNumber)
        True
    """

    __slots__ = ()


def variable_number(value):
    """`value` (a Python int or float) as a variable one; a bool, or anything else, unchanged
    (a bool type cannot be subclassed).

    Example:
        >>> type(variable_number(2)).__name__, type(variable_number(0.5)).__name__
        ('VariableInt', 'VariableFloat')
        >>> variable_number(True), variable_number("a")
        (True, 'a')
    """
    if isinstance(value, bool) or isinstance(value, VariableNumber):
        return value
    if isinstance(value, int):
        return VariableInt(value)
    if isinstance(value, float):
        return VariableFloat(value)
    return value


def _binary(name, reflected):
    op = {"divmod": divmod, "pow": pow}.get(name) or getattr(operator, name)

    def method(self, other, *modulo):  # (``pow(x, y, m)`` passes a modulo)
        if isinstance(other, complex) or not isinstance(other, (int, float)):
            return NotImplemented  # (a Tensor or array answers with its reflected method)
        plain = (int if isinstance(self, int) else float)(self)
        out = op(other, plain) if reflected else op(plain, other, *modulo)
        return tuple(map(variable_number, out)) if isinstance(out, tuple) else variable_number(out)

    method.__name__ = f"__{'r' if reflected else ''}{name.strip('_')}__"
    return method


def _unary(name):
    def method(self):
        base = int if isinstance(self, int) else float
        return variable_number(getattr(base, name)(self))

    method.__name__ = name
    return method


_ARITHMETIC = ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "divmod")
_BITWISE = ("and_", "or_", "xor", "lshift", "rshift")


def _with_arithmetic(cls, names):
    for name in names:
        for reflected in (False, True):
            method = _binary(name, reflected)
            setattr(cls, method.__name__, method)
    for dunder in ("__neg__", "__pos__", "__abs__"):
        setattr(cls, dunder, _unary(dunder))
    return cls


class VariableInt(VariableNumber, int):
    """An int that compiled code knows only when it runs, in MindSpore's graph mode
    (``mutable(2)`` inside a compiled function, the count or index of a variable-length
    sequence): `isconstant` says False for it and for what arithmetic makes of it.

    Example:
        >>> n = VariableInt(3)
        >>> isinstance(n, int), n + 1, type(n % 2).__name__, type(n / 2).__name__
        (True, 4, 'VariableInt', 'VariableFloat')
    """

    __slots__ = ()


class VariableFloat(VariableNumber, float):
    """A float that compiled code knows only when it runs (``mutable(2.5)`` inside a compiled
    function, or arithmetic on a `VariableInt`).

    Example:
        >>> x = VariableFloat(1.5)
        >>> isinstance(x, float), x * 2, type(-x).__name__
        (True, 3.0, 'VariableFloat')
    """

    __slots__ = ()


_with_arithmetic(VariableInt, _ARITHMETIC + _BITWISE)
_with_arithmetic(VariableFloat, _ARITHMETIC)
