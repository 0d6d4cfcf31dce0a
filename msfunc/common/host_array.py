"""The numpy arrays `Tensor.asnumpy` gives: one element converts to a number at any rank."""

from __future__ import annotations

import numpy as np

from .shown_type import ShownTypeMeta

__all__ = ["HostArray", "host_array"]


class HostArray(np.ndarray, metaclass=ShownTypeMeta):
    """A numpy array (what `Tensor.asnumpy` returns) whose one element, at any rank, converts
    to a Python number: ``float(loss.asnumpy())`` of a shape-(1,) loss, as MindSpore programs
    write it. MindSpore runs on numpy < 2, which allows that; numpy 2.4 refuses it.

    Everything else is numpy's: arrays computed from it stay HostArrays, and it prints as an
    ``array(...)``.

    Example:
        >>> a = host_array(np.array([-1.5], np.float32))
        >>> float(a), int(a * -2), a
        (-1.5, 3, array([-1.5], dtype=float32))
    """

    _shown_as = "numpy.ndarray"  # type(t.asnumpy()) in a MindSpore program: numpy's class

    def _one(self, convert):
        if self.size != 1:
            raise TypeError("only one-element arrays convert to a Python number")
        return convert(self.reshape(()).view(np.ndarray)[()])

    def __float__(self) -> float:
        return self._one(float)

    def __int__(self) -> int:
        return self._one(int)

    def __complex__(self) -> complex:
        return self._one(complex)

    def __repr__(self) -> str:
        return repr(self.view(np.ndarray))

    def __array_wrap__(self, array, context=None, return_scalar=False):
        # A reduction to one value (``a.sum()``) gives a numpy scalar, as it does for a plain
        # array: ``correct += (pred == label).asnumpy().sum(); correct /= total`` must then
        # divide a number, not an int64 array in place.
        if return_scalar:
            return array[()]
        return super().__array_wrap__(array, context, return_scalar)


def host_array(values: np.ndarray) -> HostArray:
    """`values` (a numpy array) as a `HostArray`, sharing its memory.

    Example:
        >>> float(host_array(np.ones((1, 1))))
        1.0
    """
    return values.view(HostArray)
