"""Samplers written in Python: `Sampler` subclasses and any object whose iteration gives
row indices, read as MindSpore reads them (a fresh copy for each iterator)."""

from __future__ import annotations

import copy

import numpy as np

__all__ = ["Sampler", "PythonSampler"]


class Sampler:
    """Base of a user sampler: a subclass gives ``__iter__`` yielding row indices, and may
    give ``__len__``; `num_samples` caps the indices of a pass.

    Example:
        >>> import numpy as np, msfunc.dataset as ds
        >>> class Evens(ds.Sampler):
        ...     def __iter__(self):
        ...         yield from range(0, 6, 2)
        >>> data = ds.NumpySlicesDataset(np.arange(6), ["x"], sampler=Evens())
        >>> [int(r[0]) for r in data.create_tuple_iterator(output_numpy=True)]
        [0, 2, 4]
    """

    def __init__(self, num_samples=None):
        if num_samples is not None and (
            isinstance(num_samples, bool) or not isinstance(num_samples, (int, np.integer))
        ):
            raise TypeError(f"Sampler: `num_samples` must be an int, got {num_samples!r}")
        if num_samples is not None and num_samples < 0:
            raise ValueError(f"Sampler: `num_samples` must be >= 0, got {num_samples}")
        self.num_samples = num_samples
        self.dataset_size = 0

    def __iter__(self):
        raise NotImplementedError("Sampler: a subclass gives __iter__")


class PythonSampler:
    """Reads a user sampler for a source: each iterator works on its own copy of it, so every
    iterator sees the indices a fresh sampler gives."""

    def __init__(self, user):
        self._user = user

    def _declared(self):
        count = getattr(self._user, "num_samples", None)
        if count:
            return int(count)
        if hasattr(self._user, "__len__"):
            return len(self._user)
        return None

    def size(self, n):
        declared = self._declared()
        if declared is not None:
            return declared
        return sum(1 for _ in iter(copy.deepcopy(self._user)))

    def order(self, ctx, node, n):
        user = ctx.streams.get(("python sampler", id(node)))
        if user is None:
            user = ctx.streams["python sampler", id(node)] = copy.deepcopy(self._user)
        if isinstance(user, Sampler):
            user.dataset_size = n
        if hasattr(user, "__iter__"):
            given = iter(user)
        else:  # indexable: its items 0 .. len - 1
            given = (user[i] for i in range(len(user)))
        indices = []
        for index in given:
            if isinstance(index, bool) or not isinstance(index, (int, np.integer)):
                raise RuntimeError(f"sampler: gave the index {index!r}, not an int")
            indices.append(int(index))
        declared = self._declared()
        if declared is not None and declared > len(indices):
            raise RuntimeError(
                f"sampler: it declares {declared} indices per pass but gave {len(indices)}"
            )
        return np.asarray(indices[:declared] if declared is not None else indices, np.int64)
