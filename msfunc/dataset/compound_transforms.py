"""`RandomApply`, `RandomChoice` and `RandomOrder`: transforms that run a random part of a
list of transforms, drawing as MindSpore does (its C++ operations' per-transform
``std::mt19937`` for the first two, Python's `random` module for `RandomOrder`)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ..common.stdlib_random import canonical_double, uniform_int
from ._random import op_engine

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

__all__ = ["RandomApply", "RandomChoice", "RandomOrder", "refuse_class"]


def refuse_class(op, where):
    """Raise ValueError (MindSpore's type) when `op`, given at `where`, is a class rather
    than an instance of one: the parentheses that make the transform are missing.

    Example:
        >>> refuse_class(len, "map: `operations` item 0")
        >>> refuse_class(dict, "map: `operations` item 0")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        ValueError: map: `operations` item 0 should be a transform instance, got the class dict...
    """
    if isinstance(op, type):
        raise ValueError(
            f"{where} should be a transform instance, got the class {op.__name__} "
            "(is a call to make one missing?)"
        )


def _transforms(transforms, who):
    if not isinstance(transforms, (list, tuple)):
        raise TypeError(f"{who}: `transforms` must be a list of callables, got {transforms!r}")
    if not transforms:
        raise ValueError(f"{who}: `transforms` must not be empty")
    for i, op in enumerate(transforms):
        refuse_class(op, f"{who}: `transforms` item {i}")
        if not callable(op):
            raise TypeError(f"{who}: every transform must be callable, got {op!r}")
    return list(transforms)


def _run(ops, values):
    for op in ops:
        result = op(*values)
        values = result if isinstance(result, tuple) else (result,)
    return values[0] if len(values) == 1 else values


class RandomApply:
    """Apply every transform of `transforms` in turn, with probability `prob`, else pass the
    input on unchanged.

    Args:
        transforms (list[Callable]): The transforms, applied in order.
        prob (float): Chance of applying them, in [0, 1]. Default: ``0.5``.

    Raises:
        TypeError: `transforms` is not a list of callables, or `prob` is not a number.
        ValueError: `transforms` is empty, or `prob` is outside [0, 1].

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import transforms
        >>> op = transforms.RandomApply([transforms.Fill(7)], prob=1.0)
        >>> op(np.array([1, 2])).tolist()
        [7, 7]
    """

    def __init__(self, transforms: Sequence[Callable[..., Any]], prob: float = 0.5) -> None:
        self.transforms = _transforms(transforms, "RandomApply")
        if isinstance(prob, bool) or not isinstance(prob, (int, float)):
            raise TypeError(f"RandomApply: `prob` must be a number, got {prob!r}")
        if not 0.0 <= prob <= 1.0:
            raise ValueError(f"RandomApply: `prob` must be in [0, 1], got {prob}")
        self.prob = float(prob)

    def __call__(self, *values):
        # std::uniform_real_distribution<double>(0, 1) compared with `<=`, as MindSpore's op
        if canonical_double(op_engine(self)) <= self.prob:
            return _run(self.transforms, values)
        return values[0] if len(values) == 1 else values


class RandomChoice:
    """Apply one transform of `transforms`, chosen uniformly at random for every row.

    Args:
        transforms (list[Callable]): The transforms to choose from.

    Raises:
        TypeError: `transforms` is not a list of callables.
        ValueError: `transforms` is empty.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import transforms
        >>> transforms.RandomChoice([transforms.Fill(3)])(np.array([0, 0])).tolist()
        [3, 3]
    """

    def __init__(self, transforms: Sequence[Callable[..., Any]]) -> None:
        self.transforms = _transforms(transforms, "RandomChoice")

    def __call__(self, *values):
        chosen = uniform_int(op_engine(self), 0, len(self.transforms) - 1)
        return _run([self.transforms[chosen]], values)


class RandomOrder:
    """Apply every transform of `transforms`, in an order shuffled for every call (Python's
    `random.shuffle` of the list, which MindSpore's Python operation keeps shuffling, seeded
    by ``ds.config.set_seed``).

    Args:
        transforms (list[Callable]): The transforms.

    Raises:
        TypeError: `transforms` is not a list of callables.
        ValueError: `transforms` is empty.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import transforms
        >>> op = transforms.RandomOrder([lambda x: x + 1, lambda x: x + 2])
        >>> op(np.array([0])).tolist()
        [3]
    """

    def __init__(self, transforms: Sequence[Callable[..., Any]]) -> None:
        self.transforms = _transforms(transforms, "RandomOrder")

    def __call__(self, *values):
        random.shuffle(self.transforms)
        return _run(self.transforms, values)
