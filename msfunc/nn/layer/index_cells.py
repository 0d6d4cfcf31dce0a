"""Cells that build index-like tensors: `Range` (an arithmetic sequence) and `OneHot`."""

from __future__ import annotations

import numpy as np

from ... import ops
from ...common import dtype as mstype
from ...common.tensor import Tensor
from ..cell import Cell

__all__ = ["Range", "OneHot"]


def _number(value, who, name):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{who}: `{name}` must be an int or a float, got {type(value).__name__}")
    return value


class Range(Cell):
    """The sequence ``start, start + delta, ...`` up to `limit` (excluded), made once.

    ``Range(n)`` counts from 0 to ``n``. The dtype is int32 when every bound is an int,
    float32 otherwise.

    Args:
        start (Union[int, float]): The first value; with `limit` ``None``, the end instead
            (counting from 0).
        limit (Union[int, float, None]): The end, excluded. Default: ``None``.
        delta (Union[int, float]): The step, not 0. Default: ``1``.

    Inputs:
        None: the Cell is called without arguments.

    Outputs:
        Tensor, 1-D, int32 or float32.

    Example:
        >>> Range(1, 8, 2)().tolist()
        [1, 3, 5, 7]
        >>> Range(0.5, 2.0, 0.5)().tolist()
        [0.5, 1.0, 1.5]
    """

    def __init__(
        self, start: int | float, limit: int | float | None = None, delta: int | float = 1
    ):
        super().__init__()
        start, delta = _number(start, "Range", "start"), _number(delta, "Range", "delta")
        if limit is None:
            start, limit = 0, start
        limit = _number(limit, "Range", "limit")
        if delta == 0:
            raise ValueError("Range: `delta` must not be 0")
        if (limit - start) * delta < 0:
            raise ValueError(f"Range: `delta` {delta} never takes {start} to {limit}")
        bounds = (start, limit, delta)
        dtype = np.int32 if all(isinstance(b, int) for b in bounds) else np.float32
        self.start, self.limit, self.delta = bounds
        self._values = np.arange(start, limit, delta).astype(dtype)

    def construct(self):
        return Tensor(self._values)

    def extend_repr(self):
        return f"start={self.start}, limit={self.limit}, delta={self.delta}"


class OneHot(Cell):
    """One-hot encode integer `indices` into `depth` classes along `axis`.

    An index outside ``[0, depth)`` gives a row of `off_value`.

    Args:
        axis (int): Where the new class axis goes; -1 appends it. Default: ``-1``.
        depth (int): The number of classes. Default: ``1``.
        on_value (float): The value at the index. Default: ``1.0``.
        off_value (float): The value elsewhere. Default: ``0.0``.
        dtype (mstype.Number): The output's dtype. Default: ``mstype.float32``.

    Inputs:
        indices (Tensor): Integer indices, any shape.

    Outputs:
        Tensor of `dtype`, `indices`' shape with `depth` inserted at `axis`.

    Example:
        >>> import numpy as np
        >>> OneHot(depth=3)(Tensor(np.array([0, 2, -1], np.int32))).tolist()
        [[1.0, 0.0, 0.0], [0.0, 0.0, 1.0], [0.0, 0.0, 0.0]]
    """

    def __init__(
        self,
        axis: int = -1,
        depth: int = 1,
        on_value: float = 1.0,
        off_value: float = 0.0,
        dtype: mstype.Number = mstype.float32,
    ):
        super().__init__()
        for name, value in (("axis", axis), ("depth", depth)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"OneHot: `{name}` must be an int, got {type(value).__name__}")
        if depth < 0:
            raise ValueError(f"OneHot: `depth` must be >= 0, got {depth}")
        if not -1 <= axis:
            raise ValueError(f"OneHot: `axis` must be >= -1, got {axis}")
        self.axis, self.depth, self.dtype = axis, depth, dtype
        self.on_value, self.off_value = on_value, off_value

    def construct(self, indices):
        on = Tensor(self.on_value, self.dtype)
        off = Tensor(self.off_value, self.dtype)
        return ops.one_hot(indices, self.depth, on, off, self.axis)

    def extend_repr(self):
        return f"axis={self.axis}, depth={self.depth}"
