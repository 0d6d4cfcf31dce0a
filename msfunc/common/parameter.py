"""`Parameter` (a named Tensor whose value lives in msfunc's state frame) and `ParameterTuple`."""

from __future__ import annotations

import itertools
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from .._graph_forbidden import check_not_in_graph
from .._jax_private import Tracer
from .._state import Box, graph_semantics, note_constant, note_created, read, write
from .initializer import initializer
from .parameter_flags import ParameterFlags
from .tensor import Tensor, tensor, unwrap, wrap
from .tensor_format import dtype_name, holds_array
from .tensor_functions import tensor_function
from .tensor_numpy_share import end_sharing

__all__ = ["Parameter", "ParameterTuple", "accepts_parameters"]
# (`_Buffer`, MindSpore's private name, is importable from here as in MindSpore.)

_counter = itertools.count()
# MindSpore's prefix for the name of a Parameter created without one ("Parameter#3").
_GENERATED_PARAMETER_NAME_PREFIX = "Parameter#"


def _auto_name():
    return f"{_GENERATED_PARAMETER_NAME_PREFIX}{next(_counter)}"


def _is_parameter_generated(param_name):
    """Whether `param_name` is one msfunc made up for a Parameter created without a name.

    Example:
        >>> _is_parameter_generated(Parameter(1.0).name), _is_parameter_generated("w")
        (True, False)
    """
    return isinstance(param_name, str) and param_name.startswith(_GENERATED_PARAMETER_NAME_PREFIX)


# An array function that takes Tensors and Parameters and returns Tensors.
accepts_parameters = tensor_function


def _as_value(data):
    """Turn `default_input` (Tensor, array, number, numpy, initializer) into an array."""
    if isinstance(data, Tensor):
        return data._array()
    if isinstance(data, jax.Array):
        return data
    if isinstance(data, (int, float, bool, list, tuple)):
        return tensor(data)._array()
    if isinstance(data, (np.ndarray, np.generic)):
        return jnp.asarray(data)
    raise TypeError(
        "Parameter: `default_input` must be a Tensor, numpy array, Python number or "
        f"initializer, got {type(data).__name__}"
    )


def _in_constructor(frame, by_msfunc):
    """Whether `frame` (the code creating a Parameter) is msfunc's, or program code that runs
    inside an ``__init__`` the compiled code called: MindSpore's graph compiler builds an object
    made there (a Cell with Parameters) in Python, as a constant, and refuses only a Parameter
    the compiled code creates itself."""
    if by_msfunc(frame):
        return True
    while frame is not None and not by_msfunc(frame):  # (up to the trace's own frames)
        if frame.f_code.co_name == "__init__":
            return True
        frame = frame.f_back
    return False


def _made_by_program():
    """Whether the code creating a Parameter (two frames up) is a MindSpore program's, not
    msfunc's (whose state Parameters made inside a trace are lifted by a retrace)."""
    import sys

    from .._graph_forbidden import _called_by_msfunc
    from ..context import mindspore_dtype_checks

    return mindspore_dtype_checks() and not _called_by_msfunc(sys._getframe(2))


def _refuse_in_graph():
    """ValueError where a MindSpore program's code creates a Parameter while a graph-mode
    function traces: MindSpore's graph compiler creates none there (msfunc's own API may)."""
    import sys

    from .._graph_forbidden import _called_by_msfunc
    from ..context import mindspore_dtype_checks

    if mindspore_dtype_checks() and not _in_constructor(sys._getframe(2), _called_by_msfunc):
        raise ValueError(
            "Parameter(...): a compiled function (GRAPH_MODE or jit) cannot create a Parameter; "
            "create it in __init__ (or outside the function) and use it there"
        )


class Parameter(ParameterFlags, Tensor, Box):
    """A named Tensor holding a network's state: weights, and statistics such as BatchNorm's.

    Its value lives in msfunc's state frame: inside msfunc's transforms (``grad``, ``jit``
    ...) a read gives the traced value the transform lifted, and a write (``set_data``,
    ``p[i] = v``, ``p += v``, an optimizer step) is carried out of the transform and
    committed after it, so MindSpore's in-place training code works unchanged.

    Args:
        default_input (Union[Tensor, numpy.ndarray, int, float, list, tuple]): The initial
            value (a Tensor made by `initializer` included).
        name (Union[str, None]): A unique name. A Parameter created without one is named
            ``Parameter#N``, and takes its attribute path when assigned to a Cell.
            Default: ``None``.
        requires_grad (bool): Whether it is trained (listed by ``trainable_params()``).
            Default: ``True``.
        layerwise_parallel (bool): MindSpore's parallel flag; accepted, no effect.
            Default: ``False``.
        parallel_optimizer (bool): MindSpore's optimizer-sharding flag; accepted, no effect.
            Default: ``True``.
        storage_format (str): MindSpore's Ascend storage format; accepted, no effect.
            Default: ``""``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import nn
        >>> w = ms.Parameter(ms.Tensor([1.0, 2.0]), name="w")
        >>> print(w, w * 2)
        Parameter (name=w, shape=(2,), dtype=Float32, requires_grad=True) [2. 4.]
        >>> _ = w.set_data(ms.Tensor([3.0, 4.0]))
        >>> print(w.value())
        [3. 4.]
        >>> class Net(nn.Cell):
        ...     def __init__(self):
        ...         super().__init__()
        ...         self.bias = ms.Parameter(ms.Tensor(0.0), requires_grad=False)
        >>> net = Net()
        >>> print(net.bias.name, net.trainable_params(), len(net.untrainable_params()))
        bias [] 1
    """

    __slots__ = ("name", "requires_grad", "_auto_named")
    _msfunc_by_reference = True  # msfunc.jit passes Parameters by identity
    _numpy_follows_writes = True  # an asnumpy array follows the updates (tensor_numpy_share)

    def __init__(
        self,
        default_input: Any,
        name: str | None = None,
        requires_grad: bool = True,
        layerwise_parallel: bool = False,
        parallel_optimizer: bool = True,
        storage_format: str = "",
    ) -> None:
        if graph_semantics():
            _refuse_in_graph()
        if name is not None and not isinstance(name, str):
            raise ValueError(f"Parameter: `name` must be a str or None, got {type(name).__name__}")
        for flag, value in (
            ("requires_grad", requires_grad),
            ("layerwise_parallel", layerwise_parallel),
        ):
            if not isinstance(value, bool):
                raise TypeError(f"Parameter: `{flag}` must be a bool, got {type(value).__name__}")
        if isinstance(default_input, bool):
            raise ValueError(
                "Parameter: `default_input` must not be a bool (use a Tensor of dtype bool)"
            )
        self._value = _as_value(default_input)
        if isinstance(self._value, jax.core.Tracer):
            note_created(self)  # made inside a compiled trace: msfunc.jit commits its value
        elif graph_semantics() and _made_by_program():
            note_constant(self)  # made by an object built inside a compiled trace: a constant
        self._auto_named = name is None
        self.name = _auto_name() if name is None else name
        self.requires_grad = bool(requires_grad)
        if layerwise_parallel:
            self.layerwise_parallel = True
        if not parallel_optimizer:
            self.parallel_optimizer = False

    # -- value access through the state frame -------------------------------
    def _array(self):
        return read(self)

    def _rebind(self, value):
        write(self, value)

    def _assign(self, value):
        old = read(self)
        value = jnp.asarray(unwrap(value))
        if value.dtype != old.dtype:
            value = value.astype(old.dtype)
        write(self, value)
        return self

    def value(self):
        """The current value as a Tensor."""
        return wrap(read(self))

    @property
    def data(self):
        """The Parameter itself (MindSpore's ``param.data``)."""
        return self

    def set_data(self, data, slice_shape=False):
        """Replace the value, cast to this Parameter's dtype (as MindSpore does); returns self.

        A value of another shape replaces the old one, as in MindSpore; inside a compiled
        trace it is an error unless `slice_shape` is True (the trace's state keeps its
        shapes). A Python float cannot go into an integer Parameter (TypeError), as in
        MindSpore. A MindSpore program's own code cannot call it while a function compiled
        in GRAPH_MODE or by jit traces (RuntimeError, as MindSpore's graph compiler refuses
        it); msfunc's own API writes Parameters with it inside compiled functions.
        """
        from ..context import mindspore_dtype_checks

        if mindspore_dtype_checks():
            check_not_in_graph("the method 'Parameter.set_data'", depth=1)
        value = _as_value(data)
        old = read(self)
        if isinstance(data, float) and jnp.issubdtype(old.dtype, jnp.integer):
            raise TypeError(
                f"Parameter.set_data: {self.name} is {dtype_name(old.dtype)}; a "
                f"Python float ({data}) would lose its fraction"
            )
        traced = isinstance(value, Tracer) or isinstance(old, Tracer)
        if value.shape != old.shape and traced and not slice_shape:
            raise ValueError(
                f"Parameter.set_data: {self.name} has shape {tuple(old.shape)}, "
                f"the new data has shape {tuple(value.shape)}; pass "
                "slice_shape=True to change the shape"
            )
        if value.dtype != old.dtype:
            value = value.astype(old.dtype)
        end_sharing(self)  # (new memory in MindSpore: an earlier asnumpy array keeps the old)
        write(self, value)
        return self

    def assign_value(self, value):
        """Set the value, casting to this Parameter's dtype."""
        end_sharing(self)
        return self._assign(value)

    def clone(self, init="same"):
        """A new Parameter with a copy of the value (or a fresh `init`)."""
        value = read(self) if init == "same" else initializer(init, self.shape, self.dtype)
        return Parameter(value, name=self.name, requires_grad=self.requires_grad)

    def init_data(self, *args, **kwargs):
        return self

    def __repr__(self):
        value = read(self)
        if not holds_array(value):  # what jax.tree.map put in its leaf
            return f"Parameter (name={self.name}, leaf={value!r})"
        return (
            f"Parameter (name={self.name}, shape={tuple(value.shape)}, "
            f"dtype={dtype_name(value.dtype)}, requires_grad={self.requires_grad})"
        )

    __str__ = __repr__

    def __deepcopy__(self, memo):
        return self.__copy__()

    def __copy__(self):
        copied = Parameter(read(self), name=self.name, requires_grad=self.requires_grad)
        self.copy_flags_to(copied)
        return copied

    def __reduce__(self):
        return (_rebuild_parameter, (np.asarray(read(self)), self.name, self.requires_grad))


def _rebuild_parameter(array, name, requires_grad):
    return Parameter(jnp.asarray(array), name=name, requires_grad=requires_grad)


class _Buffer(Tensor):
    """A Tensor that a Cell keeps as a buffer when assigned as an attribute (state that is
    not a Parameter: no gradient flows into it); `persistent` buffers go into `state_dict`.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import nn
        >>> net = nn.ReLU()
        >>> net.running = _Buffer(ms.Tensor([0.0, 1.0]))
        >>> list(net._buffers), isinstance(net.running, ms.Tensor)
        (['running'], True)
    """

    __slots__ = ("persistent",)

    def __init__(self, data, *, persistent=True):
        if data is None:
            raise ValueError("_Buffer: `data` must be a Tensor, got None")
        if not isinstance(data, Tensor):
            raise TypeError(f"_Buffer: `data` must be a Tensor, got {type(data).__name__}")
        self._value = jax.lax.stop_gradient(data._array())
        self.persistent = bool(persistent)


def _unflatten_buffer(persistent, children):
    buffer = object.__new__(_Buffer)
    buffer._value, buffer.persistent = children[0], persistent
    return buffer


jax.tree_util.register_pytree_node(
    _Buffer, lambda b: ((b._value,), b.persistent), _unflatten_buffer
)


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
    # The aux data is kept on the Parameter while its name and flag stay: JAX compares the
    # aux data of every Parameter of every Cell argument on each jax.jit call, and the same
    # object compares equal without a call into Python.
    meta = param.__dict__.get(_META)
    if meta is None or meta.name is not param.name or meta.requires_grad is not param.requires_grad:
        meta = param.__dict__[_META] = _ParamMeta(param.name, param.requires_grad)
    return (read(param),), meta


_META = "_msfunc_pytree_meta"


def _unflatten_param(aux, children):
    # A fresh box: a Parameter rebuilt by a JAX transform never aliases the original.
    param = object.__new__(Parameter)
    param._value = children[0]
    param.name, param.requires_grad = aux.name, aux.requires_grad
    param._auto_named = False
    param.__dict__[_META] = aux
    return param


jax.tree_util.register_pytree_node(Parameter, _flatten_param, _unflatten_param)


def _where(first, second):
    """`` (attributes 'Net.a' and 'Net.b')`` when both were assigned to Cells, else ''."""
    places = [getattr(p, "_msfunc_attribute", None) for p in (first, second)]
    if None in places:
        return ""
    return f" (attributes '{places[0]}' and '{places[1]}')"


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
        by_name = {}
        for i, p in enumerate(items):
            if not isinstance(p, Parameter):
                raise TypeError(
                    f"ParameterTuple: item {i} is a {type(p).__name__}, expected a Parameter"
                )
            first = by_name.setdefault(p.name, p)
            if first is not p:
                # MindSpore refuses this too: a checkpoint could keep only one of them.
                raise ValueError(
                    f"ParameterTuple: two different Parameters are both named "
                    f"{p.name!r}{_where(first, p)}; give each a unique name"
                )
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
        return (
            isinstance(other, tuple)
            and len(other) == len(self)
            and all(a is b for a, b in zip(self, other))
        )


jax.tree_util.register_pytree_node(
    ParameterTuple, lambda pt: (tuple(pt), None), lambda _, children: ParameterTuple(children)
)
