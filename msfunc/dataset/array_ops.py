"""`mindspore.dataset.transforms` array operations: Slice, Concatenate, Mask, Relational and
Unique."""

from __future__ import annotations

import enum
import operator
from typing import Any

import numpy as np

from ..common.dtype_objects import Type

__all__ = ["Slice", "Concatenate", "Mask", "Relational", "Unique"]


def _is_int(value):
    return isinstance(value, (int, np.integer)) and not isinstance(value, bool)


def _slice_option(option, position):
    """One axis's selection: ``slice`` objects stay, ints become one-element index lists,
    None/Ellipsis/True keep the whole axis."""
    if option is None or option is Ellipsis or option is True:
        return slice(None)
    if _is_int(option):
        return [int(option)]
    if isinstance(option, slice):
        return option
    if isinstance(option, list):
        for item in option:
            if not _is_int(item):
                raise TypeError(
                    f"Slice: `slices[{position}]` must list ints only, got {item!r} in {option!r}"
                )
        return [int(i) for i in option]
    raise TypeError(
        "Slice: each of `slices` must be an int, a list of ints, a slice, None, True or"
        f" Ellipsis, got {type(option).__name__}"
    )


class Slice:
    """Select along the leading axes of an array: one option per axis, each an int (kept as
    an axis of length 1), a list of ints (those positions, in that order), a ``slice``, or
    None/Ellipsis/True (the whole axis). Lists on several axes select their outer product.

    Args:
        *slices (Union[int, list[int], slice, None, Ellipsis]): The selection of axis 0, 1, ...

    Raises:
        TypeError: an option is none of these, or a list holds a non-int.
        RuntimeError: when applied, an index is out of range, a list is empty, or there are
            more options than axes.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import transforms
        >>> transforms.Slice(slice(1, 3))(np.array([1, 2, 3])).tolist()
        [2, 3]
        >>> transforms.Slice([0], [2, 0])(np.array([[1, 2, 3], [4, 5, 6]])).tolist()
        [[3, 1]]
    """

    def __init__(self, *slices: Any) -> None:
        self.options = [_slice_option(s, i) for i, s in enumerate(slices)]

    def __call__(self, x):
        x = np.asarray(x)
        if len(self.options) > x.ndim:
            raise RuntimeError(
                f"Slice: {len(self.options)} axis selections for an input of {x.ndim} axes"
            )
        for axis, option in enumerate(self.options):
            if isinstance(option, slice):
                x = x[(slice(None),) * axis + (option,)]
                continue
            if not option:
                raise RuntimeError("Slice: an index list is empty; give at least one index")
            length = x.shape[axis]
            for index in option:
                if not -length <= index < length:
                    raise RuntimeError(
                        f"Slice: index {index} is outside axis {axis} of length {length}"
                    )
            x = np.take(x, option, axis=axis)
        return x


def _same_kind(a, b):
    """Whether two arrays hold the same element type (all string kinds count as one)."""
    if a.dtype.kind in "US" and b.dtype.kind in "US":
        return True
    return a.dtype == b.dtype


class Concatenate:
    """Join `prepend`, the 1-D input (several inputs: all of them, in order) and `append`
    end to end.

    Args:
        axis (int): The axis to join along; only 0 or -1 (1-D data). Default: ``0``.
        prepend (numpy.ndarray, optional): A 1-D array put before the input. Default: ``None``.
        append (numpy.ndarray, optional): A 1-D array put after the input. Default: ``None``.

    Raises:
        TypeError: `axis` is not an int, or `prepend`/`append` is not a numpy array.
        ValueError: `axis` is not 0 or -1, or `prepend`/`append` is not 1-D.
        RuntimeError: when applied, the input is not 1-D or its dtype differs from theirs.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import transforms
        >>> op = transforms.Concatenate(0, np.array([1]), np.array([9]))
        >>> op(np.array([5, 6])).tolist()
        [1, 5, 6, 9]
    """

    def __init__(self, axis: int = 0, prepend: Any = None, append: Any = None) -> None:
        if not _is_int(axis):
            raise TypeError(f"Concatenate: `axis` must be an int, got {type(axis).__name__}")
        if axis not in (0, -1):
            raise ValueError(f"Concatenate: `axis` must be 0 or -1 (1-D data), got {axis}")
        for name, value in (("prepend", prepend), ("append", append)):
            if value is None:
                continue
            if not isinstance(value, np.ndarray):
                raise TypeError(
                    f"Concatenate: `{name}` must be a numpy array, got {type(value).__name__}"
                )
            if value.ndim != 1:
                raise ValueError(f"Concatenate: `{name}` must be 1-D, got {value.ndim} axes")
        self.axis, self.prepend, self.append = int(axis), prepend, append

    def __call__(self, *inputs):
        inputs = [np.asarray(x) for x in inputs]
        for x in inputs:
            if x.ndim != 1:
                raise RuntimeError(f"Concatenate: each input must be 1-D, got {x.ndim} axes")
        x = inputs[0]
        parts = [p for p in (self.prepend, *inputs, self.append) if p is not None]
        for part in parts:
            if not _same_kind(part, x):
                raise RuntimeError(
                    f"Concatenate: input dtype {x.dtype} differs from prepend/append {part.dtype}"
                )
        return np.concatenate(parts)


class Relational(enum.IntEnum):
    """The comparison `Mask` makes: input ``EQ``/``NE``/``GT``/``GE``/``LT``/``LE`` constant.

    Example:
        >>> from msfunc.dataset import transforms
        >>> transforms.Relational.GE.name
        'GE'
    """

    EQ = 0
    NE = 1
    GT = 2
    GE = 3
    LT = 4
    LE = 5


_COMPARE = {
    Relational.EQ: operator.eq,
    Relational.NE: operator.ne,
    Relational.GT: operator.gt,
    Relational.GE: operator.ge,
    Relational.LT: operator.lt,
    Relational.LE: operator.le,
}


class Mask:
    """Compare each element with `constant` (converted to the input's dtype first) and give
    the result as `dtype`.

    Args:
        operator (Relational): The comparison.
        constant (Union[str, int, float, bool, bytes]): The value compared with.
        dtype (dtype): A bool or numeric dtype of the output. Default: ``mstype.bool_``.

    Raises:
        TypeError: `operator` is not a Relational or `constant` has another type.
        RuntimeError: when applied, one of input and constant is a string and the other not,
            or `dtype` is a string type.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import transforms
        >>> transforms.Mask(transforms.Relational.GT, 2)(np.array([1, 2, 3])).tolist()
        [False, False, True]
    """

    def __init__(self, operator: Relational, constant: Any, dtype: Any = np.bool_) -> None:
        if not isinstance(operator, Relational):
            raise TypeError(f"Mask: `operator` must be a Relational, got {type(operator).__name__}")
        if not isinstance(constant, (str, float, bool, int, bytes, np.number, np.bool_)):
            raise TypeError(
                "Mask: `constant` must be a str, int, float, bool or bytes, got"
                f" {type(constant).__name__}"
            )
        try:
            self.dtype = np.dtype(dtype)
        except TypeError:
            if not isinstance(dtype, Type):  # a string Type passes here and fails when applied
                raise TypeError(f"Mask: `dtype` must be a dtype, got {dtype!r}") from None
            self.dtype = np.dtype(object)
        self.operator, self.constant = operator, constant

    def __call__(self, x):
        x = np.asarray(x)
        if self.dtype.kind in "USO":
            raise RuntimeError(f"Mask: `dtype` must be bool or numeric, got {self.dtype}")
        text_input = x.dtype.kind in "US"
        if text_input != isinstance(self.constant, (str, bytes)):
            raise RuntimeError(
                f"Mask: input dtype {x.dtype} and constant {self.constant!r} differ in kind"
            )
        constant = np.array(self.constant).astype(x.dtype) if not text_input else self.constant
        if isinstance(constant, (str, bytes)) and isinstance(constant, bytes) != (
            x.dtype.kind == "S"
        ):
            # numpy compares str with bytes as unequal: bring the constant to the input's kind
            constant = constant.decode() if isinstance(constant, bytes) else constant.encode()
        return _COMPARE[self.operator](x, constant).astype(self.dtype)


class Unique:
    """The distinct values of an array (flattened) in order of first appearance, the index
    of each element's value among them, and how often each value occurs: three columns
    (values, int32 indices, int32 counts).

    Raises:
        RuntimeError: when applied, the input is not numeric or has fewer than two axes
            (MindSpore's operation takes batched rows).

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import transforms
        >>> values, index, count = transforms.Unique()(np.array([[3, 1, 3]]))
        >>> values.tolist(), index.tolist(), count.tolist()
        ([3, 1], [0, 1, 0], [2, 1])
    """

    def __call__(self, x):
        x = np.asarray(x)
        if x.dtype.kind not in "biuf":
            raise RuntimeError(f"Unique: the input must be numeric, got dtype {x.dtype}")
        if x.ndim < 2:
            raise RuntimeError(f"Unique: the input must have at least 2 axes, got shape {x.shape}")
        flat = x.reshape(-1)
        values, first, inverse, counts = np.unique(
            flat, return_index=True, return_inverse=True, return_counts=True
        )
        order = np.argsort(first, kind="stable")  # sorted values -> first-appearance order
        rank = np.empty_like(order)
        rank[order] = np.arange(len(order))
        return (
            values[order],
            rank[inverse].astype(np.int32),
            counts[order].astype(np.int32),
        )
