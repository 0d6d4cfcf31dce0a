"""`Metric`, the base of evaluation metrics: ``clear()``, ``update(*inputs)``, ``eval()``."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

__all__ = ["Metric", "rearrange_inputs", "to_numpy"]


def to_numpy(x):
    """A Tensor, Parameter, list or number as a numpy array."""
    if isinstance(x, (list, tuple)):
        return np.asarray([to_numpy(i) for i in x])
    return np.asarray(x)


def rearrange_inputs(func: Callable[..., Any]) -> Callable[..., Any]:
    """Decorator for `update`: reorder its inputs by the metric's ``set_indexes`` choice.

    Args:
        func (Callable): A metric's ``update(self, *inputs)``.

    Returns:
        Callable, `func` taking its inputs in the order ``set_indexes`` chose.

    Example:
        >>> from msfunc.train import MAE
        >>> m = MAE().set_indexes([1, 2])
        >>> m.update([9.0], [1.0], [2.5]); float(m.eval())
        1.5
    """

    def wrapper(self, *inputs):
        indexes = getattr(self, "_indexes", None)
        if indexes is not None:
            inputs = tuple(inputs[i] for i in indexes)
        return func(self, *inputs)

    wrapper.__name__ = func.__name__
    wrapper.__doc__ = func.__doc__
    return wrapper


class Metric:
    """Base class: subclasses implement ``clear``, ``update`` and ``eval``.

    Example:
        >>> from msfunc.train import Accuracy
        >>> m = Accuracy(); m.update([[0.1, 0.9]], [1]); m.eval()
        1.0
    """

    def __init__(self):
        self._indexes = None

    def set_indexes(self, indexes):
        """Use ``inputs[i] for i in indexes`` as update's arguments; returns self."""
        if not isinstance(indexes, list) or not all(isinstance(i, int) for i in indexes):
            # MindSpore's type: ValueError, also for a value that is not a list
            raise ValueError(f"set_indexes: `indexes` must be a list of ints, got {indexes!r}")
        self._indexes = indexes
        return self

    @property
    def indexes(self):
        return self._indexes

    def __call__(self, *inputs):
        self.clear()
        self.update(*inputs)
        return self.eval()

    def clear(self):  # pragma: no cover - abstract
        raise NotImplementedError

    def update(self, *inputs):  # pragma: no cover - abstract
        raise NotImplementedError

    def eval(self):  # pragma: no cover - abstract
        raise NotImplementedError

    def _convert_data(self, data):
        """A Tensor, list or array (numpy's, JAX's) as a numpy array; other types (numbers,
        tuples) are refused, as MindSpore does."""
        if hasattr(data, "asnumpy"):
            return data.asnumpy()
        if isinstance(data, list) or hasattr(data, "__array__"):
            return np.asarray(data)
        raise TypeError(
            f"{type(self).__name__}: inputs must be a Tensor, list or numpy.ndarray, "
            f"got {type(data).__name__}"
        )

    def _check_count(self, inputs, count):
        if len(inputs) != count:
            raise ValueError(
                f"{type(self).__name__}.update: expected {count} inputs, got {len(inputs)}"
            )

    def _check_updated(self):
        if not getattr(self, "_is_update", False):
            raise RuntimeError(f"{type(self).__name__}.eval: call update before eval")

    def _check_inputs(self, inputs, count):
        if len(inputs) != count:
            raise ValueError(
                f"{type(self).__name__}.update: expected {count} inputs, got {len(inputs)}"
            )
        return [to_numpy(x) for x in inputs]

    def _check_total(self, total):
        if total == 0:
            raise RuntimeError(f"{type(self).__name__}.eval: no samples; call update first")
