"""`mindspore.dataset.transforms`: TypeCast, OneHot, Compose and friends, on numpy arrays."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ..common.dtype_objects import String
from .array_ops import Concatenate, Mask, Relational, Slice, Unique
from .compound_transforms import RandomApply, RandomChoice, RandomOrder, refuse_class

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from numpy.typing import DTypeLike

__all__ = [
    "TypeCast",
    "OneHot",
    "Compose",
    "Duplicate",
    "Fill",
    "PadEnd",
    "Slice",
    "Concatenate",
    "Mask",
    "Relational",
    "Unique",
    "RandomApply",
    "RandomChoice",
    "RandomOrder",
]


def _apply(op, values):
    result = op(*values)
    return result if isinstance(result, tuple) else (result,)


# MindSpore's vision transforms that only have a Python implementation: a Compose holding one
# (or given one PIL image) runs in Python and hands objects on as they are; any other Compose
# runs in MindSpore's C++ executor, where every step's outputs become arrays
_PYTHON_ONLY = frozenset(
    "ToPIL FiveCrop TenCrop Grayscale RandomGrayscale RandomPerspective LinearTransformation "
    "RandomErasing ToNumpy HsvToRgb RgbToHsv".split()
)


# The transforms MindSpore implements in Python alone (an eager Compose holding one returns
# its result as a tuple); the resizing ones are Python-implemented with Inter.ANTIALIAS.
_PYTHON_IMPLEMENTED = frozenset(
    "ToPIL FiveCrop TenCrop Grayscale RandomGrayscale RandomPerspective LinearTransformation "
    "RandomErasing HsvToRgb RgbToHsv MixUp".split()
)
_ANTIALIAS_IN_PYTHON = frozenset(
    "Perspective RandomAffine RandomResizedCrop RandomRotation Resize".split()
)


def _python_implemented(op):
    """Whether MindSpore implements `op` in Python: its Python-only vision transforms, a
    PIL Decode, the resizing ones with Inter.ANTIALIAS, RandomOrder, and a RandomApply or
    RandomChoice (or Compose) of such transforms alone (any, for a Compose).

    Example:
        >>> from msfunc.dataset import transforms, vision
        >>> _python_implemented(vision.ToPIL()), _python_implemented(vision.Resize(4))
        (True, False)
    """
    name, module = type(op).__name__, type(op).__module__
    if isinstance(op, Compose):
        return any(_python_implemented(t) for t in op.transforms)
    if module.startswith("msfunc.dataset.vision"):
        if name in _PYTHON_IMPLEMENTED or getattr(op, "to_pil", False) is True:
            return True
        from .vision.utils import Inter

        filter_ = getattr(op, "interpolation", getattr(op, "resample", None))
        return name in _ANTIALIAS_IN_PYTHON and filter_ == Inter.ANTIALIAS
    if module == "msfunc.dataset.compound_transforms":
        nested = getattr(op, "transforms", ())
        return name == "RandomOrder" or all(_python_implemented(t) for t in nested)
    return False


def _is_image(value):
    from .vision._checks import is_pil

    return is_pil(value)


def _runs_in_python(ops, values):
    from .vision._checks import is_pil

    if len(values) == 1 and is_pil(values[0]):
        return True
    for op in ops:
        if _python_implemented(op):
            return True
        name, module = type(op).__name__, type(op).__module__
        if module.startswith("msfunc.dataset.vision") and (
            name in _PYTHON_ONLY or getattr(op, "to_pil", False)
        ):
            return True
    return False


class TypeCast:
    """Cast to `data_type` (a msfunc/MindSpore dtype or anything numpy understands).

    Args:
        data_type (Union[dtype, str]): Dtype of the output arrays.

    Raises:
        TypeError: `data_type` is not a dtype.

    Example:
        >>> import numpy as np, msfunc as ms
        >>> from msfunc.dataset import transforms
        >>> transforms.TypeCast(ms.int32)(np.array([1.7, 2.2])).tolist()
        [1, 2]
    """

    def __init__(self, data_type: DTypeLike) -> None:
        if isinstance(data_type, String):
            self.data_type = None  # MindSpore's string type: strings stay strings
            return
        try:
            self.data_type = np.dtype(data_type)
        except TypeError:
            raise TypeError(f"TypeCast: `data_type` must be a dtype, got {data_type!r}") from None

    def __call__(self, x):
        x = np.asarray(x)
        is_text = x.dtype.kind in "USO"
        if self.data_type is None:
            if not is_text:
                raise RuntimeError(f"TypeCast: cannot cast {x.dtype} values to strings")
            return x
        if is_text and self.data_type.kind not in "US":
            raise RuntimeError(f"TypeCast: cannot cast strings to {self.data_type}")
        return x.astype(self.data_type)


class OneHot:
    """One-hot encode integer labels into `num_classes` columns, in the labels' dtype
    (float64 when smoothed). Axes of length 1 are dropped first: a scalar or a (1,) label
    gives one row, a (n, 1) column of labels gives n rows.

    Args:
        num_classes (int): Number of classes, positive.
        smoothing_rate (float): Label smoothing in [0, 1]: the hot entry becomes
            ``1 - rate + rate / num_classes``, the others ``rate / num_classes``. Default: ``0.0``.

    Raises:
        ValueError: `num_classes` is not a positive int or `smoothing_rate` is outside [0, 1].

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import transforms
        >>> transforms.OneHot(3)(np.array(1)).tolist()
        [0, 1, 0]
    """

    def __init__(self, num_classes: int, smoothing_rate: float = 0.0) -> None:
        if (
            isinstance(num_classes, bool)
            or not isinstance(num_classes, (int, np.integer))
            or (num_classes < 1)
        ):
            raise ValueError(f"OneHot: `num_classes` must be a positive int, got {num_classes!r}")
        if not 0.0 <= smoothing_rate <= 1.0:
            raise ValueError(f"OneHot: `smoothing_rate` must be in [0, 1], got {smoothing_rate}")
        self.num_classes, self.smoothing_rate = int(num_classes), float(smoothing_rate)

    def __call__(self, label):
        label = np.asarray(label)
        if label.dtype.kind not in "iu":
            raise TypeError(f"OneHot: labels must be integers, got dtype {label.dtype}")
        label = np.squeeze(label)
        if label.ndim > 1:
            raise RuntimeError(
                f"OneHot: the labels must be a scalar or 1-D after dropping axes of length 1,"
                f" got shape {label.shape}"
            )
        if label.size and (label.min() < 0 or label.max() >= self.num_classes):
            raise ValueError(f"OneHot: a label is outside [0, {self.num_classes})")
        hot = np.arange(self.num_classes) == label[..., None]
        if self.smoothing_rate == 0.0:
            return hot.astype(label.dtype)
        off = self.smoothing_rate / self.num_classes
        return np.where(hot, 1.0 - self.smoothing_rate + off, off)


class Compose:
    """Apply `transforms` one after another (each output is the next one's input). Called
    on its own, it returns the last output, or a tuple of them: always a tuple where a
    transform MindSpore implements in Python alone takes part (`_python_implemented`).

    Args:
        transforms (list[Callable]): The operations, applied in order; one returning a tuple
            passes each item on as a separate argument.

    Raises:
        TypeError: `transforms` is not a non-empty list of callables.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import transforms
        >>> op = transforms.Compose([lambda x: x + 1, transforms.TypeCast(np.float32)])
        >>> op(np.array([1, 2])).tolist()
        [2.0, 3.0]
    """

    def __init__(self, transforms: Sequence[Callable[..., Any]]) -> None:
        ops = list(transforms) if isinstance(transforms, (list, tuple)) else None
        for i, op in enumerate(ops or ()):
            refuse_class(op, f"Compose: `transforms` item {i}")
        if not ops or not all(callable(t) for t in ops):
            raise TypeError("Compose: `transforms` must be a non-empty list of callables")
        self.transforms = ops

    def __call__(self, *values):
        as_arrays = not _runs_in_python(self.transforms, values)
        for op in self.transforms:
            values = _apply(op, values)
            if as_arrays:
                values = tuple(np.asarray(v) if _is_image(v) else v for v in values)
        if any(_python_implemented(t) for t in self.transforms):
            return values  # (MindSpore's Python-run Compose returns its tuple, even of one)
        return values[0] if len(values) == 1 else values


class Duplicate:
    """Return the input and a copy of it (two columns).

    Example:
        >>> from msfunc.dataset import transforms
        >>> transforms.Duplicate()(1)
        (array(1), array(1))
    """

    def __call__(self, x):
        x = np.asarray(x)
        return x, x.copy()


class Fill:
    """An array like the input, every element `fill_value`: a number cast to the input's
    dtype (wrapping around as C casts do), a str for a str array, bytes for a bytes array.

    Args:
        fill_value (Union[int, float, bool, str, bytes]): The value of every element.

    Raises:
        RuntimeError: when applied, a number given for a text array, or text for a numeric
            array or for text of the other kind (str against bytes).

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import transforms
        >>> transforms.Fill(3)(np.zeros(2, np.int32)).tolist()
        [3, 3]
    """

    def __init__(self, fill_value: Any) -> None:
        self.fill_value = fill_value

    def __call__(self, x):
        x = np.asarray(x)
        fill = np.asarray(self.fill_value)
        if (x.dtype.kind in "US" or fill.dtype.kind in "US") and x.dtype.kind != fill.dtype.kind:
            raise RuntimeError(f"Fill: cannot fill an array of {x.dtype} with {self.fill_value!r}")
        if x.dtype.kind in "US":  # a string fill keeps its whole length
            return np.full(x.shape, fill, np.result_type(x.dtype, fill.dtype))
        return np.full(x.shape, fill.astype(x.dtype))


class PadEnd:
    """Pad (at the end of each axis) or cut an array to `pad_shape`, filling with
    `pad_value` (default 0, or '' for strings).

    Args:
        pad_shape (list[int]): Target shape, one positive length per axis of the input.
        pad_value (Union[int, float, str, None]): Fill value; ``None`` is 0 (or '' for
            strings). Default: ``None``.

    Raises:
        TypeError: `pad_shape` is not a list of positive ints.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import transforms
        >>> transforms.PadEnd([4], -1)(np.array([1, 2])).tolist()
        [1, 2, -1, -1]
    """

    def __init__(self, pad_shape: Sequence[int], pad_value: Any = None) -> None:
        if not isinstance(pad_shape, (list, tuple)) or not all(
            isinstance(d, int) and not isinstance(d, bool) and d > 0 for d in pad_shape
        ):
            raise TypeError(
                f"PadEnd: `pad_shape` must be a list of positive ints, got {pad_shape!r}"
            )
        self.pad_shape, self.pad_value = tuple(pad_shape), pad_value

    def __call__(self, x):
        x = np.asarray(x)
        if x.ndim == 0:  # a scalar passes unchanged, as in MindSpore
            return x
        if x.ndim != len(self.pad_shape):
            raise RuntimeError(
                f"PadEnd: `pad_shape` {list(self.pad_shape)} has {len(self.pad_shape)}"
                f" axes, the input {x.ndim}"
            )
        fill = self.pad_value
        if fill is None:
            fill = {"S": b"", "U": ""}.get(x.dtype.kind, 0)
        else:  # str pads str, bytes pads bytes, a number pads numbers: no conversion
            wanted = {"S": bytes, "U": str}.get(x.dtype.kind)
            given = type(fill) if isinstance(fill, (str, bytes)) else None
            if given is not wanted:
                raise RuntimeError(f"PadEnd: an array of {x.dtype} cannot be padded with {fill!r}")
        x = x[tuple(slice(0, d) for d in self.pad_shape)]
        width = [(0, d - n) for n, d in zip(x.shape, self.pad_shape)]
        if x.dtype.kind in "US":  # widen the string dtype so the pad value fits
            x = x.astype(np.result_type(x.dtype, np.array(fill).dtype))
        return np.pad(x, width, constant_values=fill)
