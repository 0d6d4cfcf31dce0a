"""The primitives MindSpore's layers keep as attributes (``Conv2d.conv2d``, ``Dense.matmul``),
made from the layer's configuration when read, so they stay out of the Cell's pytree."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["KeptPrimitive"]


class KeptPrimitive:
    """A class attribute that reads as the primitive `make(layer)` builds; an instance that
    assigns the name keeps its own value (a subclass replacing it, as MindSpore allows).

    Built on each read rather than stored: a stored primitive would be part of every layer's
    flatten and would keep JAX-rebuilt layers from the flatten memo (`nn._pytree`).

    Example:
        >>> from msfunc import nn, ops
        >>> class Scaled(nn.Cell):
        ...     mul = KeptPrimitive(lambda cell: ops.Mul())
        ...     def construct(self, x):
        ...         return self.mul(x, 2.0)
        >>> Scaled()(ops.ones(2)).tolist()
        [2.0, 2.0]
    """

    def __init__(self, make: Callable[[Any], Any]):
        self._make = make
        self._name = ""

    def __set_name__(self, owner, name):
        self._name = name

    def __get__(self, layer, owner=None):
        if layer is None:
            return self
        own = layer.__dict__.get(self._name)
        return own if own is not None else self._make(layer)

    def __set__(self, layer, value):
        layer.__dict__[self._name] = value
