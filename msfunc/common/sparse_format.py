"""MindSpore's printed form of a sparse tensor: ``COOTensor(shape=[3, 4], dtype=..., ...)``."""

import jax
import numpy as np

from .tensor_format import dtype_name

__all__ = ["sparse_repr", "part_repr"]

# MindSpore prints the parts of a sparse tensor with its runtime's array printer: numbers
# separated by spaces, no commas; "[...]" for an array of this many elements or more; in
# arrays of 2 or more dims, a dim longer than 6 shows its first and last 3 entries; a 1-D
# array breaks its line after every 24 integers or 12 other entries.
_ELIDED_FROM = 30
_EDGE, _SHOWN = 3, 6


def _element_strings(array):
    if array.dtype.kind == "f":
        # A fixed field per number (a longer one, as 1e-300's, is not padded further).
        digits = 4 if array.dtype.itemsize == 2 else 8
        strs = [f"{float(v):.{digits}e}".rjust(digits + 7) for v in array.ravel()]
        return np.array(strs, dtype=object).reshape(array.shape)
    if array.dtype.kind == "b":
        strs = [str(bool(v)) for v in array.ravel()]
    else:
        strs = [str(v) for v in array.ravel()]
    width = max(len(t) for t in strs)
    return np.array([t.rjust(width) for t in strs], dtype=object).reshape(array.shape)


def _entries(n, summarize):
    if summarize and n > _SHOWN:
        return [*range(_EDGE), None, *range(n - _EDGE, n)]
    return list(range(n))


def _block(strs, depth):
    """Nested brackets of a >= 2-D array of element strings (dims over 6 summarized)."""
    if strs.ndim == 1:
        return (
            "["
            + " ".join("..." if i is None else strs[i] for i in _entries(strs.shape[0], True))
            + "]"
        )
    parts = [
        "..." if i is None else _block(strs[i], depth + 1) for i in _entries(strs.shape[0], True)
    ]
    return "[" + ("\n" + " " * (depth + 1)).join(parts) + "]"


def _vector(strs, per_line):
    out = []
    for i, t in enumerate(strs):
        out.append(t)
        if i < len(strs) - 1:
            out.append(" ")
        if (i + 1) % per_line == 0:
            out.append("\n ")
    return "[" + "".join(out) + "]"


def part_repr(value):
    """One part (indices, values ...) of a sparse tensor as MindSpore prints it.

    Example:
        >>> import numpy as np
        >>> part_repr(np.array([0, 2], np.int32))
        'Tensor(shape=[2], dtype=Int32, value=[0 2])'
        >>> part_repr(np.array([1.5], np.float32))
        'Tensor(shape=[1], dtype=Float32, value=[ 1.50000000e+00])'
    """
    head = f"Tensor(shape={list(value.shape)}, dtype={dtype_name(value.dtype)}, value="
    if isinstance(value, jax.core.Tracer):
        return f"{head}{value})"
    array = np.asarray(value)
    if array.size >= _ELIDED_FROM:
        return f"{head}[...])"
    if array.size == 0:
        body = ""
    elif array.ndim == 0:
        body = str(_element_strings(array).item())
    elif array.ndim == 1:
        body = _vector(list(_element_strings(array)), 24 if array.dtype.kind in "iu" else 12)
    else:
        body = _block(_element_strings(array), 0)
    return f"{head}{chr(10) if array.ndim > 1 else ''}{body})"


def sparse_repr(kind, shape, parts):
    """The repr of a sparse tensor of class name `kind`, dense `shape` and named `parts`
    (the last one holds the values, which give the dtype).

    Example:
        >>> import numpy as np
        >>> print(sparse_repr("RowTensor", (3,), [("indices", np.array([0], np.int32)),
        ...                                       ("values", np.array([2], np.int32))]))
        RowTensor(shape=[3], dtype=Int32, indices=Tensor(shape=[1], dtype=Int32, value=[0]), \
values=Tensor(shape=[1], dtype=Int32, value=[2]))
    """
    dtype = dtype_name(parts[-1][1].dtype)
    body = ", ".join(f"{name}={part_repr(value)}" for name, value in parts)
    return f"{kind}(shape={list(shape)}, dtype={dtype}, {body})"
