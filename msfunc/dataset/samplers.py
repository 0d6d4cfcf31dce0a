"""Samplers for random-access sources: `RandomSampler` (MindSpore's exact orders) and
`SequentialSampler`, `DistributedSampler`."""

from __future__ import annotations

import numpy as np

from ..common.stdlib_random import Mt19937, uniform_int

__all__ = ["RandomSampler", "SequentialSampler", "DistributedSampler"]


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


class DistributedSampler:
    """One shard's rows: shard `shard_id` of `num_shards` takes rows ``shard_id``,
    ``shard_id + num_shards``, ... of the (shuffled, if `shuffle`) order. Every shard gets
    ``ceil(n / num_shards)`` rows, wrapping around to the first ones; an `offset` >= 0
    instead starts the dealing at shard `offset`, with shards of unequal sizes.

    Args:
        num_shards (int): Number of shards, positive.
        shard_id (int): This shard, in [0, num_shards).
        shuffle (bool): Shuffle the rows first (reshuffled every pass, as `RandomSampler`).
            Default: ``True``.
        num_samples (int, optional): At most this many rows. Default: ``None``.
        offset (int): Shard dealt the first row; -1 for the equal-size dealing. Default: ``-1``.

    Raises:
        TypeError: `shuffle` is not a bool.
        ValueError: `num_shards`, `shard_id`, `num_samples` or `offset` out of range.
        RuntimeError: when used, `shard_id` >= `num_shards` or `offset` > `num_shards`.

    Example:
        >>> import numpy as np, msfunc.dataset as ds
        >>> s = ds.DistributedSampler(num_shards=3, shard_id=1, shuffle=False)
        >>> d = ds.NumpySlicesDataset({"x": np.arange(7)}, sampler=s)
        >>> [int(r[0]) for r in d.create_tuple_iterator(output_numpy=True)]
        [1, 4, 0]
    """

    def __init__(
        self,
        num_shards: int,
        shard_id: int,
        shuffle: bool = True,
        num_samples: int | None = None,
        offset: int = -1,
    ) -> None:
        who = "DistributedSampler"
        shards = _count(num_shards, who, "num_shards", 1)
        if shards is None:
            raise ValueError(f"{who}: `num_shards` must be a positive int, got None")
        shard = _count(shard_id, who, "shard_id", 0)
        if shard is None:
            raise ValueError(f"{who}: `shard_id` must be an int >= 0, got None")
        if not isinstance(shuffle, bool):
            raise TypeError(f"{who}: `shuffle` must be a bool, got {type(shuffle).__name__}")
        self.num_shards: int = shards
        self.shard_id: int = shard
        self.shuffle = shuffle
        self.num_samples = _count(num_samples, who, "num_samples", 0) or None
        if isinstance(offset, bool) or not isinstance(offset, int) or offset < -1:
            raise ValueError(f"{who}: `offset` must be an int >= -1, got {offset!r}")
        self.offset = offset

    def _positions(self, n):
        """Positions in the pass's order that this shard takes."""
        shards, shard = self.num_shards, self.shard_id
        if self.offset == -1:
            count = -(-n // shards)
            positions = [(shards * k + shard) % n for k in range(count)] if n else []
        else:  # dealing starts at shard `offset`: a shard before it skips its first turn
            count = (n + self.offset) // shards + (shard < (n + self.offset) % shards)
            count -= shard < self.offset
            turn = 0 if shard >= self.offset else 1
            positions = [(shards * (turn + k) + shard - self.offset) % n for k in range(count)]
        return positions if self.num_samples is None else positions[: self.num_samples]

    def order(self, ctx, node, n):
        """The row indices of this pass over `node` (`n` rows) under context `ctx`."""
        # MindSpore accepts these when the sampler is made and fails when it is used
        if self.shard_id >= self.num_shards:
            raise RuntimeError(
                f"DistributedSampler: `shard_id` {self.shard_id} is not below"
                f" `num_shards` {self.num_shards}"
            )
        if self.offset > self.num_shards:
            raise RuntimeError(
                f"DistributedSampler: `offset` {self.offset} exceeds `num_shards` {self.num_shards}"
            )
        base = ctx.sampler_order(node, n) if self.shuffle else np.arange(n)
        return np.asarray(base, np.int64)[self._positions(n)]

    def size(self, n):
        return len(self._positions(n))


class IndexListSampler:
    """The rows at a list of indices, in its order: what a source's ``sampler`` given as a
    list reads (MindSpore makes it a SubsetSampler).

    Example:
        >>> IndexListSampler([3, 0]).order(None, None, 5).tolist()
        [3, 0]
    """

    def __init__(self, indices):
        order = np.asarray(indices)
        if order.ndim != 1 or (order.size and order.dtype.kind not in "iu"):
            raise TypeError(f"sampler: a list sampler must hold ints, got {indices!r}")
        self._order = order.astype(np.int64)

    def order(self, ctx, node, n):
        return self._order

    def size(self, n):
        return len(self._order)
