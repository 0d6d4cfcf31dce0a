"""Tensor's Python operators (``+``, ``@``, ``<``, ``-t`` ...): each returns a Tensor."""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp

from .. import _state
from .._jax_private import Tracer
from . import kernel_chain, low_precision
from .promotion import WIDE, X64, float32_scalar, narrow
from .shape_errors import shape_value_error

__all__ = ["install_operators"]

_ARRAY_TYPES = (jax.Array, Tracer)
_ADDITIVE = (operator.add, operator.sub, operator.mul)
# MindSpore takes a tuple or list operand as a Tensor of the other's dtype in these; graph mode
# (its compiler) in these too, except ``t ** seq`` (``seq ** t`` is taken)
_SEQUENCE_OPERAND = (operator.add, operator.sub, operator.floordiv)
_GRAPH_SEQUENCE_OPERAND = (operator.mul, operator.truediv, operator.mod)
_CONTAINERS = (tuple, list, dict)
BINARY = {
    "add": operator.add,
    "sub": operator.sub,
    "mul": operator.mul,
    "truediv": operator.truediv,
    "floordiv": operator.floordiv,
    "mod": operator.mod,
    "pow": operator.pow,
    "matmul": operator.matmul,
    "and": operator.and_,
    "or": operator.or_,
    "xor": operator.xor,
    "lshift": operator.lshift,
    "rshift": operator.rshift,
}
COMPARISONS = {
    "lt": operator.lt,
    "le": operator.le,
    "gt": operator.gt,
    "ge": operator.ge,
    "eq": operator.eq,
    "ne": operator.ne,
}
# MindSpore's ``~t`` is a logical not of every dtype (a bool Tensor; never bitwise)
UNARY = {"neg": operator.neg, "pos": operator.pos, "abs": operator.abs, "invert": jnp.logical_not}


def _arithmetic(op, a, b):
    # 16-bit float arithmetic rounds (and broadcasting sums) in the gradient as MindSpore's
    try:
        if op is operator.truediv:
            return low_precision.divide(a, b)
        if op is operator.pow and kernel_chain.applies(a):
            return kernel_chain.power(a, b)
        if op is operator.matmul and kernel_chain.applies(a):
            return low_precision.matmul(a, b)
        if op in _ADDITIVE and isinstance(a, _ARRAY_TYPES) and isinstance(b, _ARRAY_TYPES):
            return op(*low_precision.broadcast_operands(a, b))
        return op(a, b)
    except TypeError as exc:  # (free until raised: the operators' hot path is unchanged)
        error = shape_value_error(exc, f"Tensor.__{op.__name__.strip('_')}__", (a, b))
        if error is None:
            raise
        raise error from None


def install_operators(cls: type, wrap: Callable[[Any], Any], unwrap: Callable[[Any], Any]) -> None:
    """Give `cls` (Tensor) its operators; results are wrapped with MindSpore's promotion (no
    float64 unasked). There is no ``__iadd__`` & co.: as in MindSpore, ``t += v`` binds `t`
    to a new Tensor (``t + v``); aliases of the old Tensor keep their value (``t[i] += v``
    writes in place).

    Example:
        >>> import msfunc as ms
        >>> (ms.Tensor([1.0, 2.0]) * 2 + 1).tolist()
        [3.0, 5.0]
    """

    def promoted(out, a, b):
        # (`aval.dtype`: the cheapest dtype read of an array or a tracer)
        if X64 and isinstance(out, _ARRAY_TYPES) and out.aval.dtype in WIDE:  # pyright: ignore[reportAttributeAccessIssue]
            out = narrow(out, (a, b))
        return wrap(out)

    def operand(op, a, other, reflected=False):
        if isinstance(other, (tuple, list)) and (
            op in _SEQUENCE_OPERAND
            or (
                (op in _GRAPH_SEQUENCE_OPERAND or (reflected and op is operator.pow))
                and _state.graph_semantics()
            )
        ):
            return jnp.asarray(unwrap(other), a.dtype)
        if isinstance(other, float):  # (a float32 scalar in MindSpore: float64 math sees it)
            return float32_scalar(other)
        return unwrap(other)

    def binary(op):
        def method(self, other):
            a = self._array()
            b = operand(op, a, other)
            return promoted(_arithmetic(op, a, b), a, b)

        return method

    def reflected(op):
        def method(self, other):
            b = self._array()
            a = operand(op, b, other, reflected=True)
            return promoted(_arithmetic(op, a, b), a, b)

        return method

    def unary(op):
        def method(self):
            return wrap(op(self._array()))

        return method

    for name, op in BINARY.items():
        setattr(cls, f"__{name}__", binary(op))
        setattr(cls, f"__r{name}__", reflected(op))

    def equality(op):
        compare = binary(op)
        differ = op is operator.ne

        def method(self, other):
            # MindSpore: a Tensor never equals a tuple, list or dict (a bool, not elementwise)
            if isinstance(other, _CONTAINERS):
                return differ
            return compare(self, other)

        return method

    for name, op in COMPARISONS.items():
        setattr(cls, f"__{name}__", (equality if name in ("eq", "ne") else binary)(op))
    for name, op in UNARY.items():
        setattr(cls, f"__{name}__", unary(op))
    cls.__divmod__ = lambda self, other: (self // other, self % other)
    cls.__rdivmod__ = lambda self, other: (other // self, other % self)
    cls.__round__ = lambda self, ndigits=None: wrap(jnp.round(self._array(), ndigits or 0))
