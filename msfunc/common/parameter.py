"""`Parameter` (a named, mutable box around an array) and `ParameterTuple`.

A Parameter behaves like a Tensor in arithmetic, indexing and array methods;
its value is read through the state frame, so inside msfunc transforms it is
the traced value the transform lifted.
"""

from __future__ import annotations

import itertools
import operator

import jax
import jax.numpy as jnp
import numpy as np

from .._state import Box, note_created, read, write
from .tensor import canonical_dtype, ms_transpose, tensor

__all__ = ["Parameter", "ParameterTuple", "unwrap", "unwrap_args", "accepts_parameters"]

_counter = itertools.count()
_DEFAULT_PREFIX = "Parameter"


def _auto_name():
    return f"{_DEFAULT_PREFIX}_{next(_counter)}"


def unwrap(x):
    """The array behind `x` if it is a Parameter, else `x` unchanged."""
    return read(x) if isinstance(x, Parameter) else x


def _unwrap_item(x):
    if isinstance(x, Parameter):
        return read(x)
    if type(x) in (list, tuple) and any(isinstance(i, Parameter) for i in x):
        return type(x)(read(i) if isinstance(i, Parameter) else i for i in x)
    return x


def unwrap_args(args, kwargs):
    """Unwrap Parameters among call arguments (and one level into lists/tuples)."""
    return (tuple(_unwrap_item(a) for a in args),
            {k: _unwrap_item(v) for k, v in kwargs.items()} if kwargs else kwargs)


def accepts_parameters(fn):
    """Wrap an array function so Parameters may be passed wherever arrays are.

    Example:
        >>> import jax.numpy as jnp, msfunc as ms
        >>> sin = accepts_parameters(jnp.sin)
        >>> float(sin(ms.Parameter(ms.Tensor(0.0), name="p")))
        0.0
    """
    import functools

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        args, kwargs = unwrap_args(args, kwargs)
        return fn(*args, **kwargs)

    wrapper.__wrapped__ = fn
    return wrapper


def _as_value(data):
    """Turn `default_input` (array, number, numpy, Parameter, initializer) into an array."""
    if isinstance(data, Parameter):
        return read(data)
    if isinstance(data, jax.Array):
        return data
    if isinstance(data, (int, float, bool, list, tuple)):
        return tensor(data)
    if isinstance(data, np.ndarray):
        return jnp.asarray(data)
    raise TypeError(
        "Parameter: `default_input` must be a Tensor, numpy array, Python number or "
        f"initializer, got {type(data).__name__}"
    )


class Parameter(Box):
    """A trainable (or state) array with a name.

    Args:
        default_input: initial value (Tensor, numpy array, number or initializer).
        name: unique name; unnamed Parameters get one (and take their attribute
            name when assigned to a Cell).
        requires_grad: whether `trainable_params()` includes it.

    Example:
        >>> import msfunc as ms
        >>> w = ms.Parameter(ms.Tensor([1.0, 2.0]), name="w")
        >>> (w * 2).tolist(), w.shape, w.name
        ([2.0, 4.0], (2,), 'w')
    """

    __slots__ = ("_value", "name", "requires_grad", "_auto_named", "__weakref__")
    __array_priority__ = 200  # numpy defers binary ops to us
    _msfunc_by_reference = True  # msfunc.jit passes Parameters by identity

    def __init__(self, default_input, name=None, requires_grad=True, layerwise_parallel=False,
                 parallel_optimizer=True):
        if name is not None and not isinstance(name, str):
            raise TypeError(f"Parameter: `name` must be a str or None, got {type(name).__name__}")
        self._value = _as_value(default_input)
        if isinstance(self._value, jax.core.Tracer):
            note_created(self)  # made inside a compiled trace: msfunc.jit commits its value
        self._auto_named = name is None
        self.name = _auto_name() if name is None else name
        self.requires_grad = bool(requires_grad)

    # -- value access -------------------------------------------------------
    def value(self):
        """The current value as an array."""
        return read(self)

    @property
    def data(self):
        """The Parameter itself (MindSpore's ``param.data``)."""
        return self

    def set_data(self, data, slice_shape=False):
        """Replace the value (shape and dtype may change, as in MindSpore); returns self."""
        write(self, _as_value(data))
        return self

    def assign_value(self, value):
        """Set the value, casting to this Parameter's dtype."""
        value = jnp.asarray(unwrap(value), dtype=self.dtype)
        write(self, value)
        return self

    def clone(self, init="same"):
        """A new Parameter with a copy of the value (or a fresh `init`)."""
        from .initializer import initializer

        value = read(self) if init == "same" else initializer(init, self.shape, self.dtype)
        return Parameter(value, name=self.name, requires_grad=self.requires_grad)

    def init_data(self, *args, **kwargs):
        return self

    # -- array-like surface ---------------------------------------------------
    shape = property(lambda self: read(self).shape)
    dtype = property(lambda self: read(self).dtype)
    ndim = property(lambda self: read(self).ndim)
    size = property(lambda self: read(self).size)
    T = property(lambda self: read(self).T)
    mT = property(lambda self: read(self).mT)

    def asnumpy(self):
        return np.asarray(read(self))

    def numpy(self):
        return np.asarray(read(self))

    def transpose(self, *axes):
        return ms_transpose(read(self), *axes)

    def reshape(self, *shape):
        return read(self).reshape(*shape)

    def astype(self, dtype, copy=False):
        return jnp.asarray(read(self), dtype=canonical_dtype(dtype))

    def __getattr__(self, attr):
        # Any other Tensor method (sum, mean, max, argmax, ...) acts on the value.
        if attr.startswith("__"):
            raise AttributeError(attr)
        return getattr(read(self), attr)

    def __array__(self, dtype=None, copy=None):
        return np.asarray(read(self), dtype=dtype)

    def __jax_array__(self):
        return read(self)

    def __len__(self):
        return len(read(self))

    def __iter__(self):
        return iter(read(self))

    def __getitem__(self, idx):
        return read(self)[unwrap(idx)]

    def __bool__(self):
        return bool(read(self))

    def __float__(self):
        return float(read(self))

    def __int__(self):
        return int(read(self))

    def __index__(self):
        return operator.index(read(self))

    def __neg__(self):
        return -read(self)

    def __pos__(self):
        return +read(self)

    def __abs__(self):
        return abs(read(self))

    def __invert__(self):
        return ~read(self)

    __hash__ = object.__hash__

    def __repr__(self):
        value = read(self)
        return (f"Parameter (name={self.name}, shape={tuple(value.shape)}, dtype={value.dtype}, "
                f"requires_grad={self.requires_grad})")

    def __deepcopy__(self, memo):
        return Parameter(read(self), name=self.name, requires_grad=self.requires_grad)


def _binary(op, reflected=False):
    if reflected:
        def method(self, other):
            return op(unwrap(other), read(self))
    else:
        def method(self, other):
            return op(read(self), unwrap(other))
    return method


for _name, _op in [("add", operator.add), ("sub", operator.sub), ("mul", operator.mul),
                   ("truediv", operator.truediv), ("floordiv", operator.floordiv),
                   ("mod", operator.mod), ("pow", operator.pow), ("matmul", operator.matmul),
                   ("and", operator.and_), ("or", operator.or_), ("xor", operator.xor),
                   ("lshift", operator.lshift), ("rshift", operator.rshift)]:
    setattr(Parameter, f"__{_name}__", _binary(_op))
    setattr(Parameter, f"__r{_name}__", _binary(_op, reflected=True))
for _name, _op in [("lt", operator.lt), ("le", operator.le), ("gt", operator.gt),
                   ("ge", operator.ge), ("eq", operator.eq), ("ne", operator.ne)]:
    setattr(Parameter, f"__{_name}__", _binary(_op))


class _ParamMeta:
    """Pytree aux data of a Parameter. Names do not take part in equality, so
    identically built Cells (an ensemble whose names differ by prefix) have
    equal tree structures and can be stacked with `jax.tree.map`."""

    __slots__ = ("name", "requires_grad")

    def __init__(self, name, requires_grad):
        self.name, self.requires_grad = name, requires_grad

    def __eq__(self, other):
        return isinstance(other, _ParamMeta) and other.requires_grad == self.requires_grad

    def __hash__(self):
        return hash(self.requires_grad)


def _flatten_param(param):
    return (read(param),), _ParamMeta(param.name, param.requires_grad)


def _unflatten_param(aux, children):
    # A fresh box: a Parameter rebuilt by a JAX transform never aliases the original.
    param = object.__new__(Parameter)
    param._value = children[0]
    param.name, param.requires_grad = aux.name, aux.requires_grad
    param._auto_named = False
    return param


jax.tree_util.register_pytree_node(Parameter, _flatten_param, _unflatten_param)


class ParameterTuple(tuple):
    """A tuple of Parameters (what `Cell.trainable_params()` and optimizers hold).

    Example:
        >>> import msfunc as ms
        >>> ps = ms.ParameterTuple([ms.Parameter(ms.Tensor(1.0), name="a")])
        >>> [p.name for p in ps]
        ['a']
    """

    def __new__(cls, iterable=()):
        items = tuple(iterable)
        for i, p in enumerate(items):
            if not isinstance(p, Parameter):
                raise TypeError(f"ParameterTuple: item {i} is a {type(p).__name__}, "
                                "expected a Parameter")
        return super().__new__(cls, items)

    def clone(self, prefix, init="same"):
        """Clones of every Parameter, named ``prefix.name``."""
        out = []
        for p in self:
            c = p.clone(init)
            c.name = f"{prefix}.{p.name}"
            out.append(c)
        return ParameterTuple(out)

    def __hash__(self):
        return hash(tuple(id(p) for p in self))

    def __eq__(self, other):
        return (isinstance(other, tuple) and len(other) == len(self)
                and all(a is b for a, b in zip(self, other)))


jax.tree_util.register_pytree_node(
    ParameterTuple, lambda pt: (tuple(pt), None), lambda _, children: ParameterTuple(children))
