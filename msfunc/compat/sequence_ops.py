"""``mindspore.ops.operations._sequence_ops``: the primitives graph mode runs on tuples and lists.

MindSpore compiles Python's sequence operations (``+``, ``*``, slicing, ``len``, ``in`` ...)
and the tuple/Tensor conversions into these primitives; programs also call them directly.
Each does here what Python (or the matching msfunc op) does on the sequence it is given, so a
variable-length sequence (`mutable(seq, True)`, msfunc.compat.dynamic_sequence) stays one.

Example:
    >>> import msfunc as ms
    >>> from msfunc.compat.sequence_ops import SequenceAddN, SequenceStack, SequenceUnstack
    >>> SequenceAddN()((1, 2, 3))
    6
    >>> SequenceStack(axis=1)((ms.Tensor([1, 2]), ms.Tensor([3, 4]))).tolist()
    [[1, 3], [2, 4]]
    >>> [t.tolist() for t in SequenceUnstack(axis=0)(ms.Tensor([[1, 2], [3, 4]]))]
    [[1, 2], [3, 4]]
"""

from __future__ import annotations

import functools
import math
import operator

import jax
import jax.numpy as jnp

from ..common.tensor import Tensor, unwrap, wrap
from ..common.tensor_methods_common import as_dtype
from ..ops.primitive_tables._common import sig
from ..ops.primitives import build_primitive
from .dynamic_sequence import DynamicList, DynamicTuple

__all__: list[str] = []


def _define(name, call, signature=None):
    """A Primitive class `name` calling ``call(self, *args)`` on its arguments as given: a
    sequence's numbers stay numbers (a graph's variable ones, 0-d arrays, stay arrays) and
    the calls wrap the Tensors they make."""
    base = build_primitive(name, signature or sig(), call, module=__name__)
    globals()[name] = type(
        name,
        (base,),
        {"__call__": lambda self, *args: call(self, *args), "__module__": __name__},
    )
    __all__.append(name)


def _add_n(p, inputs):
    if len(inputs) == 0:
        raise RuntimeError("SequenceAddN: the sequence must not be empty")
    if any(isinstance(x, Tensor) for x in inputs):
        return wrap(functools.reduce(operator.add, [unwrap(x) for x in inputs]))
    return functools.reduce(operator.add, inputs)


def _check_axis(who, axis, rank):
    if not -rank <= axis < rank:
        raise ValueError(f"{who}: `axis` must be in [{-rank}, {rank}), got {axis}")
    return axis % rank


def _stack(p, x):
    items = [unwrap(t) for t in x]
    shapes = {jnp.shape(t) for t in items}
    if len(shapes) > 1:
        raise ValueError(f"SequenceStack: the Tensors must have one shape, got {sorted(shapes)}")
    axis = _check_axis("SequenceStack", p.axis, jnp.ndim(items[0]) + 1)
    return wrap(jnp.stack(items, axis))


def _unstack(p, x):
    array = unwrap(x)
    axis = _check_axis("SequenceUnstack", p.axis, max(array.ndim, 1))
    if p.num is not None and p.num != array.shape[axis]:
        raise ValueError(
            f"SequenceUnstack: `num` {p.num} must be the size {array.shape[axis]} of `axis`"
        )
    return tuple(wrap(part) for part in jnp.moveaxis(array, axis, 0))


def _zeros_like(p, sequence):
    out = [
        wrap(jnp.zeros_like(unwrap(x)))
        if isinstance(x, Tensor)
        else jnp.zeros_like(x)
        if isinstance(x, jax.Array)
        else type(x)(0)
        for x in sequence
    ]
    return tuple(out) if isinstance(sequence, tuple) else out


def _to_tensor(p, seq, dtype):
    return wrap(jnp.asarray([unwrap(v) for v in seq], as_dtype(dtype, p.name)))


def _to_python(p, input_tensor, kind):
    values = unwrap(input_tensor).tolist()  # (a traced Tensor asks for the eager run)
    return kind(values) if kind is not None else values


def _index(p, sequence, target, start=None, end=None):
    start = 0 if start is None else start
    end = len(sequence) if end is None else end
    if target not in tuple(sequence)[start:end]:
        raise ValueError(f"SequenceIndex: {target!r} is not in the sequence")
    return tuple(sequence).index(target, start, end)


def _retyped(sequence, kind):
    """`sequence`'s items as a `kind` (tuple or list), of variable length when it was."""
    if getattr(sequence, "_msfunc_dynamic", False):
        return (DynamicTuple if kind is tuple else DynamicList)(sequence)
    return kind(sequence)


def _insert(p, input_data, index, target):
    out = input_data[:]  # (a copy; a variable-length list stays one)
    out.insert(index, target)
    return out


_define("SequenceAddN", _add_n)
_define("SequenceStack", _stack, sig(axis=0))
_define("SequenceUnstack", _unstack, sig(axis=0, num=None))
_define("SequenceAdd", lambda p, input_1, input_2: input_1 + input_2)
_define("SequenceMul", lambda p, sequence, scalar: sequence * scalar)
_define("SequenceSlice", lambda p, seq, start, stop, step: seq[start:stop:step])
_define("SequenceCount", lambda p, sequence, target: list(sequence).count(target))
_define("SequenceIndex", _index)
_define("SequenceMax", lambda p, sequence: max(sequence))
_define("SequenceMin", lambda p, sequence: min(sequence))
_define("SequenceZerosLike", _zeros_like)
_define("InSequence", lambda p, element, input_data: element in input_data)
_define("ListAppend", lambda p, input_data, target: input_data + [target])
_define("ListInsert", _insert)
_define("TupleToTensor", _to_tensor)
_define("ListToTensor", _to_tensor)
_define("TensorToTuple", lambda p, input_tensor: _to_python(p, input_tensor, tuple))
_define("TensorToList", lambda p, input_tensor: _to_python(p, input_tensor, list))
_define("TensorToScalar", lambda p, input_tensor: _to_python(p, input_tensor, None))
_define("ListToTuple", lambda p, input_data: _retyped(input_data, tuple))
_define("TupleToList", lambda p, input_data: _retyped(input_data, list))
_define("sequence_len", lambda p, sequence: len(sequence))
_define("make_range", lambda p, start, limit, delta: range(start, limit, delta))
_define("shape_mul", lambda p, input_data: math.prod(input_data))
for _kind in ("tuple", "list"):
    for _name, _compare in (
        ("equal", operator.eq),
        ("lt", operator.lt),
        ("le", operator.le),
        ("greater_than", operator.gt),
        ("greater_equal", operator.ge),
    ):
        _define(f"{_kind}_{_name}", lambda p, input_0, input_1, _c=_compare: _c(input_0, input_1))
__all__.sort()
