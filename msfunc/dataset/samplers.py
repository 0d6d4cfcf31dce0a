"""Samplers for random-access sources: `RandomSampler` (MindSpore's exact orders) and
`SequentialSampler`."""

from __future__ import annotations

import numpy as np

from ..common.stdlib_random import Mt19937, uniform_int

__all__ = ["RandomSampler", "SequentialSampler"]


def _count(value, who, arg, minimum):
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < minimum:
        raise ValueError(f"{who}: `{arg}` must be an int >= {minimum} or None, got {value!r}")
    return int(value)


class RandomSampler:
    """Rows in a random order (without `replacement`: a permutation, reshuffled every pass)
    or drawn with replacement; `num_samples` cuts each pass.

    Orders are MindSpore's for the same dataset seed (an mt19937 seeded with it, plus one
    per earlier pass, and libstdc++'s shuffle or uniform integers).

    Args:
        replacement (bool): Draw rows with replacement instead of permuting them.
            Default: ``False``.
        num_samples (Union[int, None]): Rows per pass at most; ``None`` takes them all.
            Default: ``None``.
        shuffle (Union[bool, None]): Accepted for MindSpore's signature; the order is random
            either way. Default: ``None``.

    Raises:
        TypeError: `replacement` is not a bool.

    Example:
        >>> import numpy as np, msfunc.dataset as ds
        >>> ds.config.set_seed(1)
        >>> d = ds.NumpySlicesDataset({"x": np.arange(6)}, sampler=ds.RandomSampler())
        >>> [int(r[0]) for r in d.create_tuple_iterator(output_numpy=True)]
        [1, 0, 2, 5, 3, 4]
    """

    def __init__(
        self, replacement: bool = False, num_samples: int | None = None, shuffle: bool | None = None
    ) -> None:
        if not isinstance(replacement, bool):
            raise TypeError(
                f"RandomSampler: `replacement` must be a bool, got {type(replacement).__name__}"
            )
        self.replacement = replacement
        self.num_samples = _count(num_samples, "RandomSampler", "num_samples", 1)

    def order(self, ctx, node, n):
        """The row indices of this pass over `node` (`n` rows) under context `ctx`."""
        if not self.replacement:
            order = ctx.sampler_order(node, n)
            return order if self.num_samples is None else order[: self.num_samples]
        passes = ctx.streams.get(("sampler", id(node)), 0)
        ctx.streams[("sampler", id(node))] = passes + 1
        engine = Mt19937((ctx.seed + passes) & 0xFFFFFFFF)
        count = n if self.num_samples is None else min(n, self.num_samples)
        return np.array([uniform_int(engine, 0, n - 1) for _ in range(count)], np.int64)

    def size(self, n):
        return n if self.num_samples is None else min(n, self.num_samples)


class SequentialSampler:
    """Rows in order from `start_index`, at most `num_samples` of them.

    Args:
        start_index (Union[int, None]): First row read; ``None`` is 0. Default: ``None``.
        num_samples (Union[int, None]): Rows per pass at most; ``None`` reads to the end.
            Default: ``None``.

    Example:
        >>> import numpy as np, msfunc.dataset as ds
        >>> d = ds.NumpySlicesDataset({"x": np.arange(5)}, sampler=ds.SequentialSampler(1, 3))
        >>> [int(r[0]) for r in d.create_tuple_iterator(output_numpy=True)]
        [1, 2, 3]
    """

    def __init__(self, start_index: int | None = None, num_samples: int | None = None) -> None:
        self.start_index = _count(start_index, "SequentialSampler", "start_index", 0) or 0
        self.num_samples = _count(num_samples, "SequentialSampler", "num_samples", 1)

    def order(self, ctx, node, n):
        order = np.arange(min(self.start_index, n), n)
        return order if self.num_samples is None else order[: self.num_samples]

    def size(self, n):
        rest = max(n - self.start_index, 0)
        return rest if self.num_samples is None else min(rest, self.num_samples)
