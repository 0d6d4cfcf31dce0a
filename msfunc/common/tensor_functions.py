"""Functions that take and return Tensors: jax functions wrapped so Tensors go in as arrays
and array results come back as Tensors (`tensor_function`, `tensor_op`, `tensor_namespace`),
and in-place ops that write their result into their Tensor input (`in_place_function`)."""

from __future__ import annotations

import functools
import inspect
import types

from .promotion import WIDE as _WIDE
from .promotion import X64 as _X64
from .promotion import float32_scalar
from .promotion import narrow as _narrow
from .promotion import narrow_tree as _narrow_tree
from .shape_errors import shape_value_error
from .tensor import _ARRAY_TYPES, Tensor, _ArrayImpl, _new, _wrap_value, unwrap, wrap

__all__ = ["tensor_function", "tensor_op", "tensor_namespace", "in_place_function"]


def tensor_function(fn, promotion: bool | str = False, keep_references=False):
    """Wrap an array function: Tensors in, Tensors out.

    Top-level arguments that are Tensors or Parameters (and Tensors inside a
    top-level list or tuple) are passed as arrays; array results come back as
    Tensors. Inside compiled code the wrapper adds no operation. With `promotion`,
    results follow MindSpore's promotion (`promotion.narrow`: no float64 unasked;
    ``promotion="numpy"``: mindspore.numpy's, no int64 unasked either). With
    `keep_references`, Parameters are passed as themselves (for ops that write them).

    Example:
        >>> import jax.numpy as jnp, msfunc as ms
        >>> sin = tensor_function(jnp.sin)
        >>> type(sin(ms.Tensor(0.0))).__name__
        'Tensor'
    """
    narrows = bool(promotion) and _X64
    ints = promotion == "numpy"
    unwrap_arg = _array_unless_by_reference if keep_references else unwrap

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        args = tuple(map(unwrap_arg, args))
        if kwargs:
            kwargs = {k: unwrap_arg(v) for k, v in kwargs.items()}
        out = fn(*args, **kwargs)
        if narrows:
            out = _narrow_tree(out, args, kwargs, ints)
        if isinstance(out, _ARRAY_TYPES):
            return _wrap_value(out)
        return wrap(out)

    wrapper.__wrapped__ = fn
    wrapper._msfunc_tensor_function = True
    return wrapper


def _array_unless_by_reference(x):
    # ops that write a Parameter (or a Cell's) take it as itself
    return x if getattr(type(x), "_msfunc_by_reference", False) else unwrap(x)


def in_place_function(op):
    """An in-place op from `op` (a Tensor function computing the new value of its first
    argument): when that argument is a Tensor or Parameter, the result is written into it
    (a Parameter through the state frame, so ``jit``, ``value_and_grad`` and GRAPH_MODE
    commit the write) and it is returned; any other input gets the result.

    Example:
        >>> import jax.numpy as jnp, msfunc as ms
        >>> tanh_ = in_place_function(tensor_function(jnp.tanh))
        >>> p = ms.Parameter(ms.Tensor([0.0, 1.0]), name="p")
        >>> tanh_(p) is p, p.asnumpy().tolist()
        (True, [0.0, 0.7615941762924194])
    """
    first = next(iter(inspect.signature(op).parameters))  # `input` (or `x`) by keyword too

    @functools.wraps(op)
    def wrapper(*args, **kwargs):
        out = op(*args, **kwargs)
        target = args[0] if args else kwargs.get(first)
        if isinstance(target, Tensor):
            return target._assign(out._value if type(out) is Tensor else unwrap(out))
        return out

    wrapper.__wrapped__ = getattr(op, "__wrapped__", op)  # the array function, as for the rest
    wrapper._msfunc_tensor_function = True
    return wrapper


def tensor_op(op, fn, arity, promotion=True, float_operands=False):
    """`tensor_function(op)`, with a direct path for the common call: `arity` positional
    arguments and no keywords go straight to the array function `fn` (what `op` would call),
    so an eager elementwise op costs one array dispatch and one wrap. `promotion`: results
    follow MindSpore's promotion (see `tensor_function`). When `fn` carries a ``concrete``
    function (one of `low_precision`'s float16 kernels, whose rules concern derivatives only),
    concrete array operands, which nothing can differentiate, go to it directly. With
    `float_operands` (elementwise ops), Python float operands are float32 scalars, as in
    MindSpore (`promotion.float32_scalar`; `op` itself must do the same).

    Example:
        >>> import jax.numpy as jnp, msfunc as ms
        >>> add = tensor_op(lambda a, b: jnp.add(a, b), jnp.add, 2)
        >>> add(ms.Tensor(1.0), 2.0).tolist()
        3.0
    """
    slow = tensor_function(op, promotion)
    narrows = promotion and _X64

    def finish(out, args):
        if type(out) is _ArrayImpl or isinstance(out, _ARRAY_TYPES):
            t = _new(Tensor)
            # (`aval.dtype` is the cheapest dtype read; narrowing itself is rare)
            t._value = _narrow(out, args) if narrows and out.aval.dtype in _WIDE else out
            return t
        return wrap(_narrow_tree(out, args) if narrows else out)

    builder = _DIRECT.get(arity)
    if builder is not None:
        concrete = getattr(fn, "concrete", fn)
        wrapper = builder(fn, concrete, slow, finish, narrows, op.__name__, float_operands)
    else:

        def wrapper(*args, **kwargs):
            if kwargs or len(args) != arity:
                return slow(*args, **kwargs)
            args = tuple(map(unwrap, args))
            return finish(fn(*args), args)

    functools.update_wrapper(wrapper, op)
    wrapper._msfunc_tensor_function = True
    return wrapper


# The direct paths of `tensor_op` for one and two operands, written out: each line here is
# paid by every eager elementwise op. `concrete` takes concrete arrays (see `tensor_op`); the
# common result, an array needing no narrowing, is wrapped inline (a call less per op).
def _direct_unary(fn, concrete, slow, finish, narrows, name, floats):
    def wrapper(*args, **kwargs):
        if kwargs or len(args) != 1:
            return slow(*args, **kwargs)
        (a,) = args
        if type(a) is Tensor:
            a = a._value
        elif type(a) is not _ArrayImpl:
            a = unwrap(a)
        out = (concrete if type(a) is _ArrayImpl else fn)(a)
        if type(out) is _ArrayImpl and not (narrows and out.aval.dtype in _WIDE):
            t = _new(Tensor)
            t._value = out
            return t
        return finish(out, (a,))

    return wrapper


def _direct_binary(fn, concrete, slow, finish, narrows, name, floats):
    def wrapper(*args, **kwargs):
        if kwargs or len(args) != 2:
            return slow(*args, **kwargs)
        a, b = args
        if type(a) is Tensor:
            a = a._value
        elif type(a) is not _ArrayImpl:
            a = float32_scalar(unwrap(a)) if floats else unwrap(a)
        if type(b) is Tensor:
            b = b._value
        elif type(b) is not _ArrayImpl:
            b = float32_scalar(unwrap(b)) if floats else unwrap(b)
        both = type(a) is _ArrayImpl and type(b) is _ArrayImpl
        try:
            out = (concrete if both else fn)(a, b)
        except TypeError as exc:
            error = shape_value_error(exc, name, (a, b))
            if error is None:
                raise
            raise error from None
        if type(out) is _ArrayImpl and not (narrows and out.aval.dtype in _WIDE):
            t = _new(Tensor)
            t._value = out
            return t
        return finish(out, (a, b))

    return wrapper


_DIRECT = {1: _direct_unary, 2: _direct_binary}


def tensor_namespace(namespace, names=None, promotion: bool | str = False):
    """Wrap every plain function among `names` of a module namespace with `tensor_function`.

    Example:
        >>> import jax.numpy as jnp
        >>> ns = {"sin": jnp.sin.__wrapped__ if hasattr(jnp.sin, "__wrapped__") else jnp.sin}
        >>> tensor_namespace(ns, ["sin"])
        >>> hasattr(ns["sin"], "_msfunc_tensor_function")
        True
    """

    for name in names if names is not None else list(namespace):
        obj = namespace.get(name)
        if type(obj) is types.FunctionType and not hasattr(obj, "_msfunc_tensor_function"):
            namespace[name] = tensor_function(obj, promotion)
