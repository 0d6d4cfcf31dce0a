"""Input signatures: placeholder Tensors (``Tensor(shape=[None, 3], dtype=...)``) and call checks.

MindSpore compiles one graph with dynamic dims for a Cell given `set_inputs`. XLA
programs have static shapes and JAX has no such graph, so msfunc compiles once per
concrete input shape (the retrace policy) and uses the declaration to check every
call: the rank, the dtype and the static dims must match, a ``None`` / ``-1`` dim
accepts any size, a `Symbol` dim the sizes it allows, and a ``[-2]`` shape any rank.
"""

from __future__ import annotations

import inspect

import jax
import numpy as np

from .._jax_private import under_vmap
from .dtype import canonical_dtype
from .symbol import Symbol
from .tensor import BUILDERS, Tensor
from .tensor_format import dtype_name

__all__ = [
    "PlaceholderTensor",
    "InputSignature",
    "check_inputs",
    "is_placeholder",
    "make_placeholder",
]

_DYNAMIC_RANK = -2  # MindSpore's shape [-2]: any rank


def _dynamic_dim(dim):
    return dim is None or isinstance(dim, Symbol) or dim == -1


class PlaceholderTensor(Tensor):
    """A Tensor declaring an input's shape and dtype, with no values (MindSpore's dynamic-shape
    Tensor). ``Tensor(shape=[None, 3], dtype=ms.float32)`` builds one; its shape reports the
    dynamic dims as -1, and computing with it raises a ValueError.

    Example:
        >>> import msfunc as ms
        >>> x = ms.Tensor(shape=[None, 3], dtype=ms.float32)
        >>> x
        Tensor(shape=[-1, 3], dtype=Float32, value=
        )
        >>> x.shape, x.ndim, isinstance(x, ms.Tensor)
        ((-1, 3), 2, True)
    """

    __slots__ = ()

    def _array(self):
        raise ValueError(
            f"{_short(self)} is a placeholder: it declares an input's shape and dtype for "
            "Cell.set_inputs or jit(input_signature=...) and holds no values; compute with a "
            "Tensor that has data"
        )

    def _rebind(self, value):
        self._array()

    _assign = _rebind

    shape = property(
        lambda self: tuple(self._value.shape),
        doc="The declared shape: -1 for a dynamic dim, [-2] for a dynamic rank.",
    )
    dtype = property(lambda self: self._value.dtype, doc="The declared dtype (numpy's).")
    ndim = property(lambda self: len(self._value.shape), doc="The number of declared dims.")
    size = property(lambda self: 0, doc="0, as MindSpore reports for a placeholder.")
    itemsize = property(lambda self: self._value.dtype.itemsize, doc="Bytes per element.")

    def __repr__(self):
        body = " " if len(self._value.shape) == 1 else "\n"
        return (
            f"Tensor(shape={list(self._value.shape)}, dtype={dtype_name(self._value.dtype)}, "
            f"value={body})"
        )

    def __getattr__(self, name):
        raise AttributeError(f"a placeholder Tensor has no attribute {name!r} (it holds no values)")

    def __copy__(self):
        return self  # immutable

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return (_placeholder, (tuple(self._value.shape), self._value.dtype.name))


def _short(placeholder):
    value = placeholder._value
    return f"Tensor(shape={list(value.shape)}, dtype={dtype_name(value.dtype)})"


def _flatten_placeholder(placeholder):
    placeholder._array()  # raises: jax.numpy functions and transforms get no values from it


jax.tree_util.register_pytree_node(
    PlaceholderTensor, _flatten_placeholder, lambda aux, children: None
)


def _placeholder(shape, dtype):
    t = object.__new__(PlaceholderTensor)
    t._value = jax.ShapeDtypeStruct(shape, np.dtype(dtype))
    return t


def make_placeholder(tensor, shape, dtype, init):
    """Turn `tensor` (being built by ``Tensor(shape=..., dtype=...)`` with a None or -1 dim)
    into a `PlaceholderTensor`.

    Example:
        >>> import msfunc as ms
        >>> ms.Tensor(shape=[-2], dtype=ms.int32).shape
        (-2,)
    """
    if dtype is None or init is not None:
        raise ValueError(
            f"Tensor: a dynamic shape {list(shape)} (None or -1 dims) declares a placeholder, "
            f"which needs a `dtype` and no `init`; got dtype={dtype!r}, init={init!r}"
        )
    if type(tensor) is not Tensor:
        raise ValueError(
            f"{type(tensor).__name__}: a dynamic shape {list(shape)} declares a "
            "placeholder Tensor; a Parameter needs a concrete shape"
        )
    dims = []
    for dim in shape:
        if _dynamic_dim(dim):
            dims.append(-1)
        elif (
            isinstance(dim, (int, np.integer))
            and not isinstance(dim, bool)
            and (dim >= 0 or (dim == _DYNAMIC_RANK and len(shape) == 1))
        ):
            dims.append(int(dim))
        else:
            raise ValueError(
                f"Tensor: `shape` {list(shape)} has an invalid dim {dim!r}; "
                "expected ints >= 0, None or -1 (any size), or [-2] (any rank)"
            )
    tensor._value = jax.ShapeDtypeStruct(tuple(dims), canonical_dtype(dtype))
    if any(isinstance(dim, Symbol) for dim in shape):
        tensor.__dict__["_symbols"] = tuple(d if isinstance(d, Symbol) else None for d in shape)
    tensor.__class__ = PlaceholderTensor


def is_placeholder(x):
    """True for a placeholder Tensor (``Tensor(shape=[None, 3], dtype=...)``).

    Example:
        >>> import msfunc as ms
        >>> is_placeholder(ms.Tensor(shape=[None], dtype=ms.int32)), is_placeholder(ms.Tensor(1))
        (True, False)
    """
    return type(x) is PlaceholderTensor


class _TensorSpec:
    """The declared dims (None: any size; the whole tuple None: any rank), dtype and the
    `Symbol` of each dim (None when no dim has one)."""

    __slots__ = ("dims", "dtype", "shown", "symbols")

    def __init__(self, dims, dtype, shown, symbols=None):
        self.dims, self.dtype, self.shown, self.symbols = dims, dtype, shown, symbols

    def key(self):
        return (self.dims, self.dtype, self.symbols)


def _spec(entry, who, where):
    """The spec of one declared entry: None (unchecked), a _TensorSpec, or a tuple of specs."""
    if entry is None:
        return None
    if type(entry) in (tuple, list):
        return tuple(_spec(e, who, f"{where}[{i}]") for i, e in enumerate(entry))
    if isinstance(entry, (Tensor, jax.Array, np.ndarray, jax.ShapeDtypeStruct)):
        shape = entry._value.shape if is_placeholder(entry) else entry.shape
        if shape is None or tuple(shape) == (_DYNAMIC_RANK,):
            dims = None
        else:
            dims = tuple(None if _dynamic_dim(d) else int(d) for d in shape)
        shown = "[-2]" if dims is None else str([-1 if d is None else d for d in dims])
        symbols = entry.__dict__.get("_symbols") if is_placeholder(entry) else None
        return _TensorSpec(dims, np.dtype(canonical_dtype(entry.dtype)), shown, symbols)
    # Python scalars, strings and other constants are not checked (as compile-time constants
    # they key the compiled program by value anyway).
    return None


def _key(spec):
    if spec is None or isinstance(spec, _TensorSpec):
        return None if spec is None else spec.key()
    return tuple(_key(s) for s in spec)


class InputSignature:
    """Declared inputs of a Cell or compiled function, checked on every call (`check_inputs`).

    Args:
        inputs: the declared positional inputs (placeholders, Tensors, arrays,
            ``jax.ShapeDtypeStruct``, nested tuples/lists of those; None or a
            Python constant: not checked).
        by_name: declared inputs by parameter name (MindSpore's ``set_inputs(x=...)``);
            only with `names`.
        names: the function's parameter names, for messages and keyword arguments.
        who: how messages name the declaration (``"Net.set_inputs"``).

    Example:
        >>> import msfunc as ms
        >>> sig = InputSignature([ms.Tensor(shape=[None, 3], dtype=ms.float32)], names=("x",))
        >>> sig
        InputSignature(x: [-1, 3] Float32)
    """

    __slots__ = ("inputs", "specs", "names", "full", "who")

    def __init__(self, inputs=(), by_name=None, names=(), who="input_signature"):
        names = tuple(names)
        if by_name:
            if inputs:
                raise ValueError(
                    f"{who}: declare the inputs either by position or by name, not both"
                )
            unknown = [k for k in by_name if k not in names]
            if unknown:
                raise TypeError(
                    f"{who}: {unknown} name no parameter of the function "
                    f"(parameters: {list(names)})"
                )
            last = max(names.index(k) for k in by_name)
            inputs = tuple(by_name.get(n) for n in names[: last + 1])
        self.inputs = tuple(inputs)
        self.specs = tuple(_spec(e, who, f"input {i}") for i, e in enumerate(self.inputs))
        self.names = names
        self.full = not by_name  # every declared position must be given, and no more
        self.who = who

    def bound(self):
        """This signature for the function bound to an instance (its first parameter given):
        positional declarations leave out `self`, declarations by name do not."""
        out = object.__new__(InputSignature)
        by_name = not self.full and bool(self.names)
        out.inputs = self.inputs[1:] if by_name else self.inputs
        out.specs = self.specs[1:] if by_name else self.specs
        out.names, out.full, out.who = self.names[1:], self.full, self.who
        return out

    def __eq__(self, other):
        return (
            isinstance(other, InputSignature)
            and other.full == self.full
            and _key(other.specs) == _key(self.specs)
            and other.names == self.names
        )

    def __hash__(self):
        return hash((_key(self.specs), self.names, self.full))

    def __repr__(self):
        parts = []
        for i, spec in enumerate(self.specs):
            name = self.names[i] if i < len(self.names) else str(i)
            parts.append(f"{name}: {_describe(spec)}")
        return f"InputSignature({', '.join(parts)})"


def _describe(spec):
    if spec is None:
        return "any"
    if isinstance(spec, _TensorSpec):
        return f"{spec.shown} {dtype_name(spec.dtype)}"
    return "(" + ", ".join(_describe(s) for s in spec) + ")"


def _per_example():
    """True while vmap traces the call: the function sees per-example inputs then, not the
    declared batch (MindSpore applies a declaration to the top-level call only)."""
    return under_vmap()


def check_inputs(args, signature, who, kwargs=None):
    """Check a call's arguments against `signature`, before any tracing.

    `signature` is an `InputSignature` or a sequence of declared entries. Raises
    TypeError for a wrong number of inputs, a non-array where a Tensor is declared
    or a wrong dtype, and ValueError for a wrong rank or static dim, naming the
    argument and what was declared. Checks nothing while vmap traces the call.

    Example:
        >>> import msfunc as ms
        >>> sig = [ms.Tensor(shape=[None, 3], dtype=ms.float32)]
        >>> check_inputs((ms.Tensor([[1.0, 2.0, 3.0]]),), sig, "net")
        >>> check_inputs((ms.Tensor([[1.0, 2.0]]),), sig, "net")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        ValueError: net: positional argument 0 has shape (1, 2), but dim 1 is declared as 3 ...
    """
    if not isinstance(signature, InputSignature):
        signature = InputSignature(signature)
    if _per_example():
        return
    specs, names = signature.specs, signature.names
    sizes = {}  # the size each unique Symbol took in this call
    if signature.full and len(args) > len(specs):
        raise TypeError(
            f"{who}: {len(specs)} inputs are declared ({signature!r}), "
            f"got {len(args)} positional arguments"
        )
    for i, spec in enumerate(specs):
        if spec is None:
            continue
        if i < len(args):
            error = _mismatch(args[i], spec, sizes)
        else:
            name = names[i] if i < len(names) else None
            if kwargs and name in kwargs:
                error = _mismatch(kwargs[name], spec, sizes)
            elif signature.full:
                raise TypeError(
                    f"{who}: {len(specs)} inputs are declared ({signature!r}), "
                    f"but {_label(i, names)} was not given"
                )
            else:
                continue
        if error is not None:  # (messages are built only on failure: this runs every call)
            kind, where, text = error
            raise kind(f"{who}: {_label(i, names, i >= len(args))}{where} {text}")


def _label(i, names, by_keyword=False):
    name = names[i] if i < len(names) else None
    if by_keyword:
        return f"argument {name!r}"
    return f"positional argument {i}" + (f" ({name!r})" if name else "")


def _mismatch(value, spec, sizes=None):
    """None when `value` fits `spec`, else (exception class, element path, message);
    `sizes` holds the size each unique Symbol took earlier in the call."""
    if spec is None:
        return None
    if type(spec) is tuple:
        if not isinstance(value, (tuple, list)):
            return (
                TypeError,
                "",
                f"is declared as a sequence of {len(spec)} inputs, got {type(value).__name__}",
            )
        if len(value) != len(spec):
            return (ValueError, "", f"is declared with {len(spec)} elements, got {len(value)}")
        for j, (v, s) in enumerate(zip(value, spec)):
            error = _mismatch(v, s, sizes)
            if error is not None:
                return (error[0], f"[{j}]{error[1]}", error[2])
        return None
    shape = getattr(value, "shape", None)
    dtype = getattr(value, "dtype", None)
    if shape is None or dtype is None or is_placeholder(value):
        return (
            TypeError,
            "",
            f"must be a Tensor of shape {spec.shown} and dtype "
            f"{dtype_name(spec.dtype)}, got {_kind(value)}",
        )
    if dtype != spec.dtype:
        given = np.dtype(canonical_dtype(dtype))
        if given != spec.dtype:
            return (
                TypeError,
                "",
                f"has dtype {dtype_name(given)}, but "
                f"{dtype_name(spec.dtype)} is declared (declared shape "
                f"{spec.shown})",
            )
    dims = spec.dims
    if dims is None:
        return None
    shape = tuple(shape)
    if not shape and all(d is None for d in dims):
        return None  # (MindSpore's graph mode takes a 0-d value where every dim is dynamic)
    if len(shape) != len(dims):
        return (
            ValueError,
            "",
            f"has rank {len(shape)} (shape {shape}), but rank {len(dims)} "
            f"is declared (declared shape {spec.shown})",
        )
    for axis, (got, want) in enumerate(zip(shape, dims)):
        if want is not None and got != want:
            return (
                ValueError,
                "",
                f"has shape {shape}, but dim {axis} is declared as {want} "
                f"(declared shape {spec.shown})",
            )
    return None if spec.symbols is None else _symbol_mismatch(shape, spec, sizes)


def _symbol_mismatch(shape, spec, sizes):
    for axis, (got, symbol) in enumerate(zip(shape, spec.symbols)):
        if symbol is None:
            continue
        if not symbol.fits(got):
            text = f"has shape {shape}, but dim {axis} is declared as Symbol {symbol}"
            return (ValueError, "", f"{text}, which does not allow {got}")
        if symbol.unique and sizes is not None:
            if sizes.setdefault(symbol, got) != got:
                text = f"has shape {shape}, but dim {axis} is declared as a unique Symbol"
                return (ValueError, "", f"{text} that is {sizes[symbol]} elsewhere in this call")
    return None


def _kind(value):
    if is_placeholder(value):
        return f"the placeholder {_short(value)}"
    return (
        f"{type(value).__name__} {value!r}"
        if isinstance(value, (int, float, complex, bool))
        else type(value).__name__
    )


def parameter_names(fn):
    """The names of `fn`'s positional parameters (empty when they cannot be inspected).

    Example:
        >>> parameter_names(lambda x, y=1, *rest, z=2: None)
        ('x', 'y')
    """
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return ()
    kinds = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    return tuple(p.name for p in params if p.kind in kinds)


def declared_signature(fn, input_signature, who):
    """The `InputSignature` of ``jit(fn, input_signature=...)``: a Tensor (one input), a
    tuple or list (the positional inputs) or a dict (inputs by parameter name).

    Example:
        >>> import msfunc as ms
        >>> declared_signature(lambda x, y: x, {"y": ms.Tensor(shape=[None], dtype=ms.int32)},
        ...                    "jit")
        InputSignature(x: any, y: [-1] Int32)
    """
    names = parameter_names(fn)
    if type(input_signature) is dict:
        return InputSignature(by_name=input_signature, names=names, who=who)
    if type(input_signature) in (tuple, list):
        return InputSignature(input_signature, names=names, who=who)
    if isinstance(input_signature, (Tensor, jax.Array, np.ndarray, jax.ShapeDtypeStruct)):
        return InputSignature((input_signature,), names=names, who=who)
    raise TypeError(
        f"{who}: `input_signature` must be a Tensor (placeholder), a tuple or list "
        f"of them, or a dict by parameter name; got {type(input_signature).__name__}"
    )


BUILDERS["placeholder"] = make_placeholder  # Tensor(shape=[None, 3], dtype=...)
