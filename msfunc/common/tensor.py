"""`Tensor`: MindSpore's tensor class, holding one `jax.Array` (or tracer) as a JAX pytree.

A Tensor is a registered pytree node with one leaf, so ``jax.jit``, ``jax.grad``,
``jax.vmap``, ``jax.tree.*`` and optax pass it through; it implements
``__jax_array__`` so every ``jax.numpy`` function accepts it, and is registered with
JAX's array-like types (`msfunc._jax_private.register_array_type`) so ``jax.lax``,
``jax.nn`` and ``jax.random`` functions and ``jax.grad``'s output check take it too. In-place writes
(``t[0] = 1``, ``t += 1``, ``t.add_(1)``) rebind the Tensor to the updated array.
msfunc changes nothing on ``jax.Array``.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Sequence
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from .._jax_private import ArrayImpl, register_array_type
from ..context import _MINDSPORE_SHARED_COPIES as _SHARED_COPIES
from . import dtype as mstype
from . import kernel_chain
from .constant_fold import CONVERSION_ERRORS as _CONVERSION_ERRORS
from .constant_fold import concrete, fold
from .dtype import canonical_dtype
from .shown_type import ShownTypeMeta
from .symbol import Symbol
from .tensor_data import check_program_arguments, python_data, sequence_array
from .tensor_numpy_share import bind as _bind_numpy_sharing
from .tensor_numpy_share import share_host, share_numpy
from .tensor_operators import install_operators
from .tensor_scalars import TO_BOOL, TO_COMPLEX, TO_FLOAT, TO_INT, contains, single_index
from .tensor_views import index_view, is_basic_index, reshape_view, write_items

__all__ = ["Tensor", "tensor", "is_tensor", "from_numpy", "canonical_dtype", "wrap", "unwrap"]

_Tracer = jax.core.Tracer


def _default_dtype(data):
    """MindSpore's dtype for Python data: floats are float32, ints int64, bools bool; a
    numpy scalar keeps its dtype (np.float64 and np.complex128 subclass float and complex;
    the other numpy scalars fall through to None)."""
    if isinstance(data, bool):
        return mstype.bool_
    if isinstance(data, int):
        return mstype.int64
    if isinstance(data, float):
        return None if isinstance(data, np.generic) else mstype.float32
    if isinstance(data, complex):  # (complex128, as MindSpore: a Python complex's own width)
        return None if isinstance(data, np.generic) else mstype.complex128
    if isinstance(data, (list, tuple)):
        arr = sequence_array(jax.tree.map(unwrap, data))
        if arr.dtype == np.float64:
            return mstype.float32
        if arr.dtype.kind == "i":
            return mstype.int64
        return arr.dtype
    return None


def _as_array(input_data, dtype):
    if isinstance(input_data, Tensor):
        input_data = input_data._array()
    if dtype is None:
        dtype = _default_dtype(input_data)
    if dtype is not None:
        dtype = canonical_dtype(dtype)
        if isinstance(input_data, (jax.Array, _Tracer)) and input_data.dtype == dtype:
            return input_data
        if isinstance(input_data, (list, tuple)):
            input_data = jax.tree.map(unwrap, input_data)
        if isinstance(input_data, _Tracer) or _has_tracer(input_data):
            return jnp.asarray(input_data, dtype=dtype)
        # Data known in Python stays a constant when built inside a trace (indices, masks).
        with jax.ensure_compile_time_eval():
            try:
                return jnp.asarray(input_data, dtype=dtype)
            except (ValueError, OverflowError, TypeError) as exc:
                return jnp.asarray(python_data(input_data, dtype, exc))
    if isinstance(input_data, (jax.Array, _Tracer)):
        return input_data
    with jax.ensure_compile_time_eval():
        return jnp.asarray(input_data)


def _has_tracer(data):
    if isinstance(data, (list, tuple)):
        return any(_has_tracer(v) for v in data)
    return isinstance(data, _Tracer)


# Set by the modules that build Tensors from an initializer or a placeholder shape (they import
# this one, so it cannot import them): "initializer" and "placeholder".
BUILDERS = {}


def _wrap_value(value):
    t = object.__new__(Tensor)
    t._value = value
    return t


def mark_pending_init(tensor, init):
    """Record that `tensor` was made by initializer `init` and not read since.

    MindSpore fills such a Tensor only at ``init_data()`` (or when its values are read) and
    prints it as ``<uninitialized>`` until then; msfunc fills it at once, so operations on it
    work, and keeps the mark for `has_init`, `init` and printing.

    Example:
        >>> import msfunc as ms
        >>> t = ms.Tensor(shape=(2,), dtype=ms.float32, init="ones")
        >>> print(t)
        Tensor(shape=[2], dtype=Float32, value=<uninitialized>)
        >>> print(t.init_data())
        [1. 1.]
    """
    tensor.__dict__["_pending_init"] = init


class _TraceWrites(threading.local):
    """While `msfunc.jit` traces a function: the Tensors written in place (``t.add_(1)``,
    ``t[0] = v``), each with the value it held before, so the compiled call can write the
    result into the caller's Tensor as eager code does; None when no trace runs. The log's
    ``made`` holds the ids of the Tensors built during the trace (their writes stay inside)."""

    log: Any = None  # (transforms.tensor_writes._WriteLog: a list with a `made` set)


TRACE_WRITES = _TraceWrites()


class Tensor(metaclass=ShownTypeMeta):
    """MindSpore's Tensor: an n-dimensional array with MindSpore's methods, over a jax.Array.

    Python floats become float32 and ints int64 (as in MindSpore); numpy and JAX arrays keep
    their dtype unless `dtype` is given. Item writes (``x[i] = v``) and in-place methods
    rebind the Tensor to the updated array.

    Args:
        input_data (Union[Tensor, numpy.ndarray, jax.Array, list, tuple, int, float, bool]):
            The data. Default: ``None`` (then `shape` with `init`, or `dtype` alone to declare
            an input of any shape).
        dtype (Union[Type, None]): The dtype to convert to. Default: ``None``.
        shape (Union[int, Sequence[int], None]): The shape of an initialized Tensor; a
            ``None`` or ``-1`` dim declares an input. Default: ``None``.
        init (Union[str, Initializer, None]): The initializer filling `shape`.
            Default: ``None``.
        internal (bool): MindSpore's internal flag; no effect. Default: ``False``.
        const_arg (bool): MindSpore's compile-constant flag, kept as `const_arg` (msfunc
            traces the Tensor all the same). Default: ``False``.
        device (Union[str, None]): MindSpore's device name; JAX places data. Default: ``None``.

    Example:
        >>> import msfunc as ms
        >>> x = ms.Tensor([[1, 2], [3, 4]], ms.float32)
        >>> x[0, 1] = 5.0
        >>> print(x, ms.Tensor([1, 2]).dtype == ms.int64, ms.Tensor(1.5).dtype == ms.float32)
        [[1. 5.]
         [3. 4.]] True True
    """

    # "__dict__": user code may set Python attributes on a Tensor, as on MindSpore's (made
    # lazily, only for a Tensor that gets one).
    __slots__ = ("_value", "__weakref__", "__dict__")
    _msfunc_tensor = True
    __array_priority__ = 200  # numpy defers binary operators to the Tensor

    def __init__(
        self,
        input_data: Any = None,
        dtype: Any = None,
        shape: int | Sequence[int | None] | None = None,
        init: Any = None,
        internal: bool = False,
        const_arg: bool = False,
        device: str | None = None,
    ) -> None:
        if TRACE_WRITES.log is not None:  # built while jit traces: a write into it is local
            TRACE_WRITES.log.made.add(id(self))
        if isinstance(dtype, (type, str)):  # (np.float32, int, "float32")
            check_program_arguments("Tensor", 1, dtype=dtype)
        if const_arg:
            self.__dict__["_const_arg"] = True
        if init is not None or (input_data is None and shape is not None):
            if shape is None:
                raise ValueError("Tensor: `shape` is required when `init` is given")
            shape = (shape,) if isinstance(shape, int) else tuple(shape)
            if any(
                s is None or (isinstance(s, int) and s < 0) or isinstance(s, Symbol) for s in shape
            ):
                # A dynamic shape declares an input (Cell.set_inputs, jit(input_signature=)).
                BUILDERS["placeholder"](self, shape, dtype, init)
                return
            init = init if init is not None else "zeros"
            value = BUILDERS["initializer"](init, shape, dtype or mstype.float32)
            self._value = value._array() if isinstance(value, Tensor) else jnp.asarray(value)
            mark_pending_init(self, init)
            return
        if input_data is None:
            if dtype is not None:
                # MindSpore's dynamic-rank declaration: Tensor(dtype=...) is shape [-2].
                BUILDERS["placeholder"](self, (-2,), dtype, None)
                return
            raise TypeError(
                "Tensor: `input_data` is required (a Tensor, array, list, tuple or "
                "number), or a `shape` with `init`, or a `dtype` alone to declare "
                "an input of any shape"
            )
        self._value = _as_array(input_data, dtype)
        if _SHARED_COPIES[0] and type(input_data) is Tensor:
            _share_storage(input_data, self)

    # -- the array behind the Tensor ----------------------------------------
    def _array(self):
        """The jax.Array (or tracer) this Tensor holds."""
        return self._value

    def _rebind(self, value):
        """Hold `value` from now on, whatever its dtype and shape."""
        self._value = value
        self.__dict__.pop("_pending_init", None)

    def _assign(self, value):
        """Rebind to `value` (the in-place write of ``t[i] = v``, ``t += v``, ``t.add_(v)``)."""
        old = self._value
        value = jnp.asarray(value)
        if value.dtype != old.dtype:
            value = value.astype(old.dtype)
        log = TRACE_WRITES.log
        if log is not None:  # a compiled trace runs: it carries the write out (jit_compile)
            log.append((self, old))
        self._value = value
        self.__dict__.pop("_pending_init", None)  # (written: filled, as MindSpore's would be)
        return self

    def __jax_array__(self):
        return self._array()

    def __array__(self, dtype=None, copy=None):
        return np.asarray(self._host(), dtype=dtype)

    # -- basic properties ---------------------------------------------------
    shape = property(lambda self: tuple(self._array().shape), doc="The shape, a tuple of ints.")
    # A numpy dtype: numpy and JAX read `.dtype` of array-likes and accept numpy dtypes only
    # (jnp.zeros_like(t), np.result_type(t)). It equals msfunc.float32 & co.
    dtype = property(lambda self: self._array().dtype, doc="The element dtype (numpy's).")
    ndim = property(lambda self: self._array().ndim, doc="The number of dimensions.")
    size = property(
        lambda self: int(np.prod(self._array().shape, dtype=np.int64)),
        doc="The number of elements.",
    )
    itemsize = property(lambda self: self._array().dtype.itemsize, doc="Bytes per element.")
    nbytes = property(lambda self: self.size * self.itemsize, doc="Bytes of all elements.")
    strides = property(
        lambda self: tuple(s * self.itemsize for s in _contiguous_strides(self.shape)),
        doc="Byte strides of the (always contiguous) data.",
    )
    T = property(lambda self: _wrap_value(self._array().T), doc="Dims reversed.")
    mT = property(
        lambda self: wrap(jnp.swapaxes(self._array(), -1, -2)), doc="The last two dims swapped."
    )
    H = property(lambda self: wrap(jnp.conj(self._array()).T), doc="Conjugate transpose.")
    mH = property(
        lambda self: wrap(jnp.conj(jnp.swapaxes(self._array(), -1, -2))), doc="Conjugate of `mT`."
    )

    def _host(self):
        """The values as a numpy array. Inside a trace, a Tensor computed from constants
        alone (``Tensor(3) * 2``) is folded to its value, as MindSpore's static graph does;
        one that depends on traced inputs raises JAX's conversion error."""
        self.__dict__.pop("_pending_init", None)  # (read: initialized, as in MindSpore)
        value = self._array()
        try:
            return np.asarray(value)
        except _CONVERSION_ERRORS as exc:
            return np.asarray(_folded_or_raise(value, exc))

    def asnumpy(self):
        """The values as a numpy array that shares the Tensor's memory both ways, as
        MindSpore's does (`msfunc.common.tensor_numpy_share`; a Parameter's is a copy). A
        one-element one converts with ``float()`` at any rank, as on MindSpore's numpy
        (`HostArray`)."""
        return share_host(self, self._host())

    def numpy(self):
        """The values as a numpy array (as `asnumpy`)."""
        return share_host(self, self._host())

    def item(self, index=None):
        """The Python number at `index` (or of a one-element Tensor)."""
        value = self._host()
        if index is None:
            if value.size != 1:
                raise ValueError(
                    f"Tensor.item: the Tensor has {value.size} elements; only a "
                    "one-element Tensor converts to a Python number"
                )
            return value.reshape(()).item()
        return value.item(index)

    def tolist(self):
        """The values as nested Python lists."""
        return self._host().tolist()

    def block_until_ready(self):
        """Wait for the computation of the value; returns self."""
        self._array().block_until_ready()
        return self

    def __len__(self):
        shape = self._array().shape
        if not shape:
            raise TypeError("len() of a 0-d Tensor")
        return shape[0]

    def __iter__(self):
        value = self._array()
        if not value.shape:
            raise TypeError("iteration over a 0-d Tensor")
        return (wrap(value[i]) for i in range(value.shape[0]))

    def __contains__(self, element):
        return contains(self, element)

    # Python scalars of a Tensor; inside a trace a constant-only Tensor is folded (see `_host`).
    def _python_scalar(self, convert):
        value = self._array()
        try:
            return convert(value)
        except _CONVERSION_ERRORS as exc:
            return convert(_folded_or_raise(value, exc))

    def __bool__(self):
        return self._python_scalar(TO_BOOL)

    def __float__(self):
        return self._python_scalar(TO_FLOAT)

    def __int__(self):
        return self._python_scalar(TO_INT)

    def __complex__(self):
        return self._python_scalar(TO_COMPLEX)

    def __index__(self):
        # Any single-element integer Tensor is an index, as in MindSpore (``lst[Tensor([1])]``).
        return self._python_scalar(single_index)

    def __format__(self, spec):
        if not spec:
            return str(self)
        value = self._host()
        return format(value.item() if value.ndim == 0 else value, spec)

    __hash__ = object.__hash__  # identity, as in MindSpore (== compares elementwise)

    # -- indexing and in-place writes ----------------------------------------
    def __getitem__(self, index):
        if type(index) is slice:
            value = self._array()
            chained = kernel_chain.sliced(value, lambda v: v[index])
            return index_view(
                self, _wrap_value(value[index] if chained is None else chained), index
            )
        if type(index) is int:
            value = self._array()
            size = value.shape[0] if value.ndim else 0
            if not -size <= index < size:  # JAX would clamp; MindSpore raises
                raise IndexError(
                    f"Tensor.__getitem__: index {index} is out of bounds for dim 0 with size {size}"
                )
            chained = kernel_chain.sliced(value, lambda v: v[index])
            return index_view(
                self, _wrap_value(value[index] if chained is None else chained), index
            )
        from .tensor_setitem import get_items

        value, items = self._array(), unwrap(index)
        out = get_items(value, items)
        if is_basic_index(index):
            # (a float32 chain goes on through StridedSlice, see `kernel_chain`)
            chained = kernel_chain.sliced(value, lambda v: get_items(v, items))
            out = out if chained is None else chained
        out = wrap(out)
        # A basic index gives a view sharing this Tensor's values (msfunc.common.tensor_views).
        return index_view(self, out, index) if is_basic_index(index) else out

    def __setitem__(self, index, value):
        from .tensor_setitem import set_items

        write_items(self, set_items(self._array(), unwrap(index), unwrap(value)))

    # -- printing ------------------------------------------------------------
    def __repr__(self):
        from .tensor_format import tensor_repr

        value = self._array()
        if isinstance(value, _Tracer):
            known = concrete(value)  # (eager autodiff: the value, as PyNative shows it)
            value = value if known is None else known
        return tensor_repr(value)

    def __str__(self):
        from .tensor_format import tensor_str, uninitialized_str

        value = self._array()
        if "_pending_init" in self.__dict__:
            return uninitialized_str(value)
        if isinstance(value, _Tracer):
            known = concrete(value)  # (eager autodiff: the value, as PyNative prints it)
            return repr(value) if known is None else tensor_str(np.asarray(known))
        if not isinstance(value, (jax.Array, np.ndarray)):  # what jax.tree.map put there
            return repr(self)
        return tensor_str(np.asarray(value))

    def __deepcopy__(self, memo):
        copied = _wrap_value(self._array())
        if _SHARED_COPIES[0]:
            _share_storage(self, copied)
        return copied

    def __copy__(self):
        return _wrap_value(self._array())

    def __reduce__(self):
        return (_rebuild, (np.asarray(self._array()),))

    def __getattr__(self, name: str) -> Any:
        # The rest of the jax.Array API (``at``, ``sharding``, ``devices`` ...) acts on the
        # array; array results come back as Tensors. MindSpore's methods are class attributes.
        if name.startswith("_"):
            raise AttributeError(name)
        attr = getattr(self._array(), name)
        if callable(attr):

            @functools.wraps(attr)
            def call(*args, **kwargs):
                return wrap(attr(*unwrap(args), **unwrap(kwargs)))

            return call
        return wrap(attr)


def _folded_or_raise(value, error):
    """`value` as a concrete array: the primal under an eager autodiff tracer (PyNative code
    inside `grad` reads values, as in MindSpore), or a staged constant folded; JAX's
    conversion `error` when it depends on traced inputs (msfunc.jit catches that error to
    convert the function's control flow)."""
    folded = concrete(value)
    if folded is None:
        folded = fold(value)
    if folded is None:
        raise error
    return folded


def _rebuild(array):
    return _wrap_value(jnp.asarray(array))


def _contiguous_strides(shape):
    strides, step = [], 1
    for dim in reversed(shape):
        strides.append(step)
        step *= dim
    return tuple(reversed(strides))


class _TensorNode:
    """The aux data of every flattened Tensor. Where JAX compares pytree structures (a
    `lax.cond` branch, a `while_loop` condition, `lax.reduce`'s operands) and a Tensor meets
    an array, JAX's message prints the structure: this names the difference and the fix."""

    __slots__ = ()

    def __repr__(self):
        return (
            "msfunc Tensor: a pytree node, not an array "
            "(jnp.asarray(t) unwraps, ms.Tensor(a) wraps)"
        )

    def __reduce__(self):
        return "_TENSOR_NODE"  # (one instance: pickled treedefs compare equal)


_TENSOR_NODE = _TensorNode()


def _flatten(t):
    return (t._value,), _TENSOR_NODE  # (exactly a Tensor: subclasses register their own)


def _unflatten(_, children):
    return _wrap_value(children[0])


jax.tree_util.register_pytree_node(Tensor, _flatten, _unflatten)
# Where JAX meets a Tensor unflattened (a lax primitive's argument, jax.grad's output), it
# reads the array the Tensor (a Parameter: its state frame) holds.
register_array_type(Tensor, lambda t: t._array())


# -- wrapping and unwrapping ---------------------------------------------------------
_ARRAY_TYPES = (jax.Array, _Tracer)
_ArrayImpl = ArrayImpl
_new = object.__new__


def wrap(tree: Any) -> Any:
    """Arrays (and tracers) in `tree` as Tensors, through tuples, lists, dicts and namedtuples.

    The one array -> Tensor converter: a public function or transform calls it once on what
    it returns. Other objects (Tensors, Cells, numbers) are left as they are.

    Example:
        >>> import jax.numpy as jnp
        >>> type(wrap(jnp.ones(2))).__name__
        'Tensor'
        >>> [type(v).__name__ for v in wrap((jnp.ones(1), 2))]
        ['Tensor', 'int']
    """
    if isinstance(tree, _ARRAY_TYPES):
        return _wrap_value(tree)
    t = type(tree)
    if t is tuple or t is list:
        return t(map(wrap, tree)) if tree else tree
    if t is dict:
        return {k: wrap(v) for k, v in tree.items()}
    if isinstance(tree, tuple) and hasattr(tree, "_fields"):
        return t(*map(wrap, tree))
    return tree


def _unwrap_leaf(x):
    return x._array() if isinstance(x, Tensor) else x


def unwrap(tree: Any, pytrees: bool = False) -> Any:
    """Tensors and Parameters in `tree` as their arrays, through tuples, lists, dicts,
    namedtuples and slice bounds.

    The one Tensor -> array converter: a public function or transform calls it once on its
    arguments. Other objects (Cells, numbers, arrays) are left as they are; with `pytrees`,
    Tensors inside any JAX pytree node (a Cell's Parameters included) are replaced too, as a
    transform needs for the outputs it hands to JAX.

    Example:
        >>> import msfunc as ms
        >>> type(unwrap(ms.Tensor([1.0]))).__name__
        'ArrayImpl'
        >>> [type(v).__name__ for v in unwrap([ms.Tensor(1.0), 2])]
        ['ArrayImpl', 'int']
    """
    t = type(tree)
    if t is Tensor:
        return tree._value
    if pytrees:
        return jax.tree.map(_unwrap_leaf, tree, is_leaf=_is_tensor_leaf)
    if isinstance(tree, Tensor):
        return tree._array()
    if t is tuple or t is list:
        return t(map(unwrap, tree)) if tree else tree
    if t is dict:
        return {k: unwrap(v) for k, v in tree.items()}
    if t is slice:
        return slice(unwrap(tree.start), unwrap(tree.stop), unwrap(tree.step))
    if isinstance(tree, tuple) and hasattr(tree, "_fields"):
        return t(*map(unwrap, tree))
    return tree


def _is_tensor_leaf(x):
    return isinstance(x, Tensor)


def _share_storage(original, new):
    """In a MindSpore program, `new` (``Tensor(original)`` or a deep copy, of its dtype)
    shares `original`'s storage, as MindSpore's does: item writes reach both (it is
    registered as a same-shape view). Exact Tensors only, never a traced value."""
    value = new._value
    if (
        type(original) is Tensor
        and type(new) is Tensor
        and not isinstance(value, _Tracer)
        and value.dtype == original._value.dtype
    ):
        reshape_view(original, new)


def tensor(
    input_data: Any = None,
    dtype: Any = None,
    shape: int | Sequence[int | None] | None = None,
    init: Any = None,
    internal: bool = False,
    const_arg: bool = False,
    device: str | None = None,
) -> Tensor:
    """Build a Tensor (``mindspore.tensor``): the same as ``Tensor(...)``, which see.

    Args:
        input_data (Any): The data. Default: ``None``.
        dtype (Union[Type, None]): The dtype. Default: ``None``.
        shape (Union[int, Sequence[int], None]): The shape with `init`. Default: ``None``.
        init (Union[str, Initializer, None]): The initializer. Default: ``None``.
        internal (bool): No effect. Default: ``False``.
        const_arg (bool): No effect. Default: ``False``.
        device (Union[str, None]): No effect. Default: ``None``.

    Returns:
        Tensor.

    Example:
        >>> import msfunc as ms
        >>> print(ms.tensor([1.0, 2.0], ms.float16))
        [1. 2.]
    """
    return Tensor(input_data, dtype, shape, init, internal, const_arg, device)


def is_tensor(obj: Any) -> bool:
    """Whether `obj` is a Tensor (a Parameter included; a numpy or JAX array is not).

    Args:
        obj (Any): The object.

    Returns:
        bool.

    Example:
        >>> import msfunc as ms, jax.numpy as jnp
        >>> is_tensor(ms.Tensor(1.0)), is_tensor(jnp.ones(1))
        (True, False)
    """
    return isinstance(obj, Tensor)


def from_numpy(array: np.ndarray) -> Tensor:
    """A Tensor from a numpy array, keeping its dtype and sharing its memory, as in
    MindSpore: a later write into `array` is seen by the Tensor, and an item write into the
    Tensor reaches `array` (`msfunc.common.tensor_numpy_share` says how). A non-contiguous
    or read-only array is copied.

    Args:
        array (numpy.ndarray): The array.

    Returns:
        Tensor, of `array`'s dtype and shape.

    Example:
        >>> import numpy as np
        >>> n = np.zeros(2, np.int32)
        >>> t = from_numpy(n)
        >>> t[1] = 5
        >>> n[0] = 4
        >>> print(t, n)
        [4 5] [4 5]
    """
    if not isinstance(array, np.ndarray):
        check_program_arguments("from_numpy", 1, array=array)
    return share_numpy(_wrap_value(jnp.asarray(array)), array)


Tensor.from_numpy = staticmethod(from_numpy)
_bind_numpy_sharing(Tensor)


# Operators last: they wrap and unwrap with the converters above.
install_operators(Tensor, wrap, unwrap)
