"""Tensor reductions, sorting and selection in MindSpore's method forms (``max(dim)`` gives
values and indices, ``max(axis=...)`` values; ``sort`` gives both; ``cumsum()`` flattens)."""

import jax
import jax.numpy as jnp
import numpy as np

from . import cpu_reduce, cpu_std, kernel_chain
from .args import reduce_axes, static_ints
from .promotion import sum_dtype
from .tensor import unwrap, wrap
from .tensor_methods_common import as_dtype

__all__ = ["REDUCE_METHODS"]

_INDEX = jax.dtypes.canonicalize_dtype(jnp.int64)  # int32 unless JAX's 64-bit mode is on


def _axis(axis, value=None):
    """A reduction's axis for jnp: a list as a tuple; on a 0-d `value`, 0 or -1 as None
    (MindSpore reduces a scalar over its one element, `reduce_axes`)."""
    if value is not None and jnp.ndim(value) == 0 and axis is not None:
        return reduce_axes(axis, 0)
    return tuple(axis) if isinstance(axis, list) else axis


# Keywords only the numpy-style form of max/min takes: with any of them, a leading int is `axis`.
_NUMPY_KEYWORDS = frozenset(("axis", "keepdims", "initial", "where", "return_indices"))


def _compiled():
    """Whether the caller runs inside a function compiled with graph mode's semantics
    (GRAPH_MODE, msfunc.jit; not PyNative's own programs, which give the eager result)."""
    from .. import _state

    return _state.graph_semantics()


def _check_flag(who, name, value):
    # MindSpore's overload resolution takes a bool only (an int 1 matches no form)
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"Tensor.{who}: `{name}` must be a bool, got {type(value).__name__}")


def _is_number(value):
    if isinstance(value, (int, float, np.number)):
        return True
    return getattr(value, "ndim", None) == 0  # (a scalar Tensor's array)


def _extreme(self, args, kwargs, reduce, arg_reduce, who):
    value = unwrap(self)
    # MindSpore resolves ``max(0)`` to (values, indices) when it runs eagerly, and to the
    # values alone in compiled code, whose overload resolution tries the numpy form first.
    torch_style = (
        "dim" in kwargs
        or "keepdim" in kwargs
        or (
            args
            and isinstance(args[0], int)
            and not isinstance(args[0], bool)
            and not _NUMPY_KEYWORDS.intersection(kwargs)
            and not _compiled()
        )
    )
    if torch_style:
        if len(args) > 2:
            raise TypeError(f"Tensor.{who}(dim, keepdim=False) takes at most 2 arguments")
        dim = kwargs.pop("dim", args[0] if args else None)
        keepdim = kwargs.pop("keepdim", args[1] if len(args) > 1 else False)
        if kwargs:
            raise TypeError(f"Tensor.{who}(dim, keepdim): unexpected {sorted(kwargs)}")
        _check_flag(who, "keepdim", keepdim)
        dim = _axis(dim, value)
        values = reduce(value, axis=dim, keepdims=keepdim)
        indices = arg_reduce(value, axis=dim, keepdims=keepdim).astype(_INDEX)
        return wrap((values, indices))
    names = ("axis", "keepdims")
    options = dict(zip(names, args))
    if len(args) > 2:
        raise TypeError(
            f"Tensor.{who}(axis=None, keepdims=False, *, initial=None, where=True, "
            "return_indices=False) takes at most 2 positional arguments"
        )
    options.update(kwargs)
    axis = _axis(options.pop("axis", None), value)
    if not (
        axis is None
        or isinstance(axis, int)
        or (isinstance(axis, tuple) and all(isinstance(a, int) for a in axis))
    ):
        raise TypeError(
            f"Tensor.{who}: `axis` must be None, an int or a list or tuple of ints, "
            f"got {type(axis).__name__}"
        )
    keepdims = options.pop("keepdims", False)
    initial = unwrap(options.pop("initial", None))
    where = unwrap(options.pop("where", None))
    return_indices = options.pop("return_indices", False)
    if options:
        raise TypeError(f"Tensor.{who}: unexpected keyword arguments {sorted(options)}")
    _check_flag(who, "keepdims", keepdims)
    if not (initial is None or _is_number(initial)):
        raise TypeError(
            f"Tensor.{who}: `initial` must be a number or None, got {type(initial).__name__}"
        )
    if where is not None and initial is None:
        raise ValueError(f"Tensor.{who}: `where` needs an `initial` value")
    values = reduce(value, axis=axis, keepdims=keepdims, initial=initial, where=where)
    if not return_indices:
        return wrap(values)
    indices = arg_reduce(value, axis=axis, keepdims=keepdims).astype(_INDEX)
    return wrap((values, indices))


def max(self, *args, **kwargs):  # noqa: A001  (MindSpore's name)
    """``max()`` the largest value; ``max(dim, keepdim=False)`` (values, indices);
    ``max(axis=None, keepdims=False, *, initial=None, where=None, return_indices=False)``.

    A leading int is `dim` in eager code and `axis` (values alone) inside a compiled function
    or beside a numpy-form keyword, as MindSpore resolves the two forms.

    Example:
        >>> import msfunc as ms
        >>> x = ms.Tensor([[1.0, 5.0], [4.0, 2.0]])
        >>> x.max().item(), x.max(axis=0).tolist(), [t.tolist() for t in x.max(1)]
        (5.0, [4.0, 5.0], [[5.0, 4.0], [1, 0]])
    """
    return _extreme(self, args, kwargs, jnp.max, jnp.argmax, "max")


def min(self, *args, **kwargs):  # noqa: A001  (MindSpore's name)
    """The smallest values: the same forms as `max`."""
    return _extreme(self, args, kwargs, jnp.min, jnp.argmin, "min")


def _with_value(arg_reduce, reduce):
    def method(self, axis=0, keep_dims=False):
        value = unwrap(self)
        if axis is None:
            value, axis = value.reshape(-1), 0
        return wrap(
            (
                reduce(value, axis=axis, keepdims=keep_dims),
                arg_reduce(value, axis=axis, keepdims=keep_dims).astype(_INDEX),
            )
        )

    return method


def sum(self, *args, **kwargs):  # noqa: A001  (MindSpore's name)
    """``sum(dim=None, keepdim=False, *, dtype=None)`` or
    ``sum(axis=None, dtype=None, keepdims=False, initial=None)``.

    Example:
        >>> import msfunc as ms
        >>> ms.Tensor([[1.0, 2.0], [3.0, 4.0]]).sum(1, True).tolist()
        [[3.0], [7.0]]
    """
    if len(args) > 4:
        raise TypeError("Tensor.sum takes at most 4 positional arguments")
    options = {}
    if args:
        options["axis"] = args[0]
    rest = list(args[1:])
    if (
        rest
        and not isinstance(rest[0], bool)
        and rest[0] is not None
        and not isinstance(rest[0], int)
    ):
        options["dtype"] = rest.pop(0)  # the numpy-style overload: (axis, dtype, keepdims)
    names = ("keepdims", "initial") if "dtype" in options or len(args) > 2 else ("keepdims",)
    options.update(zip(names, rest))
    for key, value in kwargs.items():
        key = {"dim": "axis", "keepdim": "keepdims"}.get(key, key)
        if key not in ("axis", "keepdims", "dtype", "initial"):
            raise TypeError(f"Tensor.sum() got an unexpected keyword argument {key!r}")
        options[key] = value
    dtype = options.get("dtype")
    value = unwrap(self)
    if dtype is None and options.get("initial") is None and kernel_chain.applies(value):
        # (ReduceSum runs in float32 on MindSpore's CPU: a graph-mode float32 chain)
        out = cpu_reduce.reduce_sum(
            kernel_chain.to32(value),
            _axis(options.get("axis"), value),
            bool(options.get("keepdims", False)),
        )
        return wrap(kernel_chain.to16(out))
    if dtype is None:
        dtype = sum_dtype(value.dtype)  # MindSpore sums bools and most ints as int64
    if dtype is None and options.get("initial") is None:
        axis = _axis(options.get("axis"), value)
        return wrap(cpu_reduce.reduce_sum(value, axis, bool(options.get("keepdims", False))))
    return wrap(
        jnp.sum(
            value,
            axis=_axis(options.get("axis"), value),
            dtype=None if dtype is None else as_dtype(dtype, "sum"),
            keepdims=bool(options.get("keepdims", False)),
            initial=unwrap(options.get("initial")),
        )
    )


def mean(self, axis=None, keep_dims=False, *, dtype=None, dim=None, keepdim=None, keepdims=None):
    """The mean over `axis` (``dim``), keeping reduced dims with `keep_dims` (``keepdim``)."""
    axis = dim if dim is not None else axis
    keep = next((k for k in (keepdim, keepdims) if k is not None), keep_dims)
    value = unwrap(self)
    if dtype is not None:
        value = value.astype(as_dtype(dtype, "mean"))
    elif kernel_chain.applies(value):  # (ReduceMean: a graph-mode float32 chain on CPU)
        out = cpu_reduce.reduce_mean(kernel_chain.to32(value), _axis(axis, value), bool(keep))
        return wrap(kernel_chain.to16(out))
    return wrap(cpu_reduce.reduce_mean(value, _axis(axis, value), bool(keep)))


def _statistics():
    from .. import ops  # (msfunc.ops imports the Tensor class)

    return ops.func_statistics


def _spread_options(axis, ddof, keepdims, dim, correction, keepdim, default_correction):
    # MindSpore's two spellings: (axis, ddof=0, keepdims) and (dim, correction=, keepdim=),
    # whose default correction is 1 for var and 0 for std
    new_spelling = dim is not None or correction is not None or keepdim is not None
    axis = dim if dim is not None else axis
    ddof = correction if correction is not None else (default_correction if new_spelling else ddof)
    keep = keepdim if keepdim is not None else keepdims
    return _axis(axis), ddof, bool(keep)


def var(self, axis=None, ddof=0, keepdims=False, *, dim=None, correction=None, keepdim=None):
    """The variance over `axis` (``dim``), dividing by N - `ddof` (``correction``); in a
    MindSpore program on the CPU composed as MindSpore's Tensor.var composes it (mean,
    differences, squares, sum, division), whose last bits differ from `ops.var`'s kernel.

    Example:
        >>> import msfunc as ms
        >>> ms.Tensor([1.0, 2.0, 4.0]).var(ddof=1).item()
        2.3333332538604736
    """
    axis, ddof, keep = _spread_options(axis, ddof, keepdims, dim, correction, keepdim, 1)
    value = unwrap(self)
    if cpu_std.composed_applies(value):
        return wrap(cpu_std.composed_var(value, axis, ddof, keep))
    return wrap(_statistics().var(value, axis, ddof, keep))


def std(self, axis=None, ddof=0, keepdims=False, *, dim=None, correction=None, keepdim=None):
    """The standard deviation over `axis` (``dim``): the square root of `var`.

    Example:
        >>> import msfunc as ms
        >>> print(ms.Tensor([1.0, 3.0]).std())
        1.0
    """
    axis, ddof, keep = _spread_options(axis, ddof, keepdims, dim, correction, keepdim, 0)
    value = unwrap(self)
    if cpu_std.composed_applies(value):
        return wrap(jnp.sqrt(cpu_std.composed_var(value, axis, ddof, keep)))
    return wrap(_statistics().std(value, axis, ddof, keep))


def cumsum(self, axis=None, dtype=None, *, dim=None):
    """Cumulative sums along `axis` (``dim``); of the flattened values when neither is given."""
    value = unwrap(self)
    axis = dim if dim is not None else axis
    if axis is None:
        value, axis = value.reshape(-1), 0
    return wrap(
        jnp.cumsum(value, axis=axis, dtype=None if dtype is None else as_dtype(dtype, "cumsum"))
    )


def sort(self, dim=-1, descending=False, stable=False, *, axis=None):
    """(sorted values, their int32 indices) along `dim` (``axis``).

    Example:
        >>> import msfunc as ms
        >>> [t.tolist() for t in ms.Tensor([3.0, 1.0, 2.0]).sort()]
        [[1.0, 2.0, 3.0], [1, 2, 0]]
    """
    from .. import ops

    return ops.sort(self, dim if axis is None else axis, descending)


def kthvalue(self, k, dim=-1, keepdim=False):
    """(the `k`-th smallest values, their indices) along `dim`; k counts from 1."""
    value = unwrap(self)
    n = value.shape[dim] if value.ndim else 1
    if not 1 <= int(k) <= n:
        raise ValueError(f"Tensor.kthvalue: `k` must be in [1, {n}], got {k}")
    order = jnp.argsort(value, axis=dim, stable=True)
    index = jnp.take(order, int(k) - 1, axis=dim)
    index = jnp.expand_dims(index, dim)
    values = jnp.take_along_axis(value, index, axis=dim)
    if not keepdim:
        values, index = jnp.squeeze(values, dim), jnp.squeeze(index, dim)
    return wrap((values, index.astype(_INDEX)))


def unique(self, sorted=True, return_inverse=False, return_counts=False, dim=None):  # noqa: A002
    """The distinct values (sorted), with the inverse indices and counts on request.

    Eager only: the number of distinct values decides the output shape.
    """
    value = unwrap(self)
    out = jnp.unique(value, return_inverse=True, return_counts=True, axis=dim)
    values, inverse, counts = out
    if dim is None:
        inverse = inverse.reshape(value.shape)
    result = [values]
    if return_inverse:
        result.append(inverse.astype(_INDEX))
    if return_counts:
        result.append(counts.astype(_INDEX))
    return wrap(result[0] if len(result) == 1 else tuple(result))


def ptp(self, axis=None, keepdims=False):
    """Largest minus smallest value along `axis`."""
    return wrap(jnp.ptp(unwrap(self), axis=_axis(axis, unwrap(self)), keepdims=keepdims))


def count_nonzero(self, axis=(), keep_dims=False, dtype=None, *, dim=None):
    """The number of non-zero values along `axis` (``dim``; all dims by default), int32."""
    axis = dim if dim is not None else axis
    axis = None if axis in ((), None) else _axis(axis, unwrap(self))
    out = jnp.count_nonzero(unwrap(self), axis=axis, keepdims=keep_dims)
    return wrap(out.astype(as_dtype(dtype, "count_nonzero") if dtype is not None else jnp.int32))


def trace(self, offset=0, axis1=0, axis2=1, dtype=None):
    """The sum of the `offset`-th diagonal of dims `axis1` and `axis2`."""
    # (0-d integer Tensors, such as mutable ints, give their values: they fix the shape)
    offset, axis1, axis2 = static_ints((offset, axis1, axis2), "offset/axis1/axis2", "trace")
    return wrap(
        jnp.trace(
            unwrap(self),
            offset,
            axis1,
            axis2,
            dtype=None if dtype is None else as_dtype(dtype, "trace"),
        )
    )


def searchsorted(self, v, side="left", sorter=None):
    """Indices (int32) where the values of `v` go in this sorted 1-D Tensor."""
    if side not in ("left", "right"):
        raise ValueError(f"Tensor.searchsorted: `side` must be 'left' or 'right', got {side!r}")
    value = unwrap(self)
    if sorter is not None:
        value = jnp.take(value, unwrap(sorter))
    return wrap(jnp.searchsorted(value, unwrap(v), side=side).astype(jnp.int32))


def softmax(self, axis=-1, dtype=None, *, dim=None):
    """Softmax along `axis` (``dim``), computed in `dtype` when given."""
    from .. import ops

    return ops.softmax(self, dim if dim is not None else axis, dtype=dtype)


_NO_ALPHA = object()  # (whether `alpha` was passed decides if a list operand is allowed)


def _sequence_operand(self, other, who):
    """A list or tuple operand of ``add``/``sub`` as an array of the Tensor's own dtype
    (MindSpore converts it so: ``int8 + [-2.5]`` adds -2, ``int8 + [300]`` wraps to 44)."""
    dtype = unwrap(self).dtype
    if dtype == jnp.bool_:
        raise TypeError(f"Tensor.{who}: a bool Tensor takes no list or tuple operand")
    return jnp.asarray(np.asarray(other).astype(dtype))


def _with_alpha(name):
    takes_sequence = name in ("add", "sub")

    def method(self, other, *, alpha=_NO_ALPHA):
        from .. import ops

        if isinstance(other, (list, tuple)):
            if not takes_sequence or alpha is not _NO_ALPHA:
                raise TypeError(
                    f"Tensor.{name}: `other` must be a Tensor or a number"
                    + (" when `alpha` is given" if takes_sequence else "")
                    + f", got {type(other).__name__}"
                )
            other = _sequence_operand(self, other, name)
        if alpha is _NO_ALPHA or alpha == 1:
            return getattr(ops, name)(self, other)
        return getattr(ops, name)(self, ops.mul(other, alpha))

    method.__name__ = name
    sequences = " Without `alpha`, `other` may be a list or tuple, read in x's dtype."
    method.__doc__ = f"``x.{name}(other, *, alpha=1)`` is ``ops.{name}(x, alpha * other)``." + (
        sequences if takes_sequence else ""
    )
    return method


def round(self, decimals=0):  # noqa: A001  (MindSpore's name)
    """Each value rounded to `decimals` places (an int; positional or by name), halves to even.

    Example:
        >>> import msfunc as ms
        >>> ms.Tensor([0.5, 1.5, 2.5]).round(0).tolist(), ms.Tensor([251.0]).round(-1).tolist()
        ([0.0, 2.0, 2.0], [250.0])
    """
    from .. import ops

    if isinstance(decimals, bool) or not isinstance(decimals, int):
        raise TypeError(f"Tensor.round: `decimals` must be an int, got {type(decimals).__name__}")
    return ops.round(self, decimals=decimals)


def allclose(self, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    """Whether every value is close to `other`: a Python bool (eager)."""
    return bool(
        jnp.allclose(unwrap(self), unwrap(other), rtol=rtol, atol=atol, equal_nan=equal_nan)
    )


REDUCE_METHODS = {
    "allclose": allclose,
    "round": round,
    "add": _with_alpha("add"),
    "sub": _with_alpha("sub"),
    "subtract": _with_alpha("subtract"),
    "max": max,
    "min": min,
    "sum": sum,
    "mean": mean,
    "var": var,
    "std": std,
    "cumsum": cumsum,
    "sort": sort,
    "kthvalue": kthvalue,
    "unique": unique,
    "ptp": ptp,
    "count_nonzero": count_nonzero,
    "trace": trace,
    "searchsorted": searchsorted,
    "softmax": softmax,
    "argmax_with_value": _with_value(jnp.argmax, jnp.max),
    "argmin_with_value": _with_value(jnp.argmin, jnp.min),
}
