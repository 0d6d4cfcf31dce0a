"""Samplers for random-access sources: `RandomSampler` (MindSpore's exact orders) and
`SequentialSampler`, `DistributedSampler`."""

from __future__ import annotations

import numpy as np

from ..common.stdlib_random import Mt19937, uniform_int
from .given_args import record_init

__all__ = ["RandomSampler", "SequentialSampler", "DistributedSampler"]


# the values of the Shuffle enum (a str enum), which MindDataset's samplers take
_SHUFFLE_MODES = ("false", "adaptive", "global", "partial", "files", "infile")


def _mode_given(sampler):
    """The Shuffle mode a sampler was given (a str), else None."""
    mode = getattr(sampler, "shuffle_mode", None) or getattr(sampler, "shuffle", None)
    return str(getattr(mode, "value", mode)) if isinstance(mode, str) else None


def _count(value, who, arg, minimum):
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < minimum:
        raise ValueError(f"{who}: `{arg}` must be an int >= {minimum} or None, got {value!r}")
    return int(value)


def in_range(ids, n, who):
    """`ids` as an int64 array, each checked to be a row of `n` (RuntimeError otherwise)."""
    ids = np.asarray(ids, np.int64).reshape(-1)
    bad = ids[(ids < 0) | (ids >= n)]
    if bad.size:
        raise RuntimeError(f"{who}: sample id {int(bad[0])} is outside the {n} rows")
    return ids


def chained(sampler, ctx, node, n, own):
    """`own(m)` ids of `sampler` over its child's ids (or over the `n` rows without one)."""
    child = getattr(sampler, "child_sampler", None)
    if child is None:
        return np.asarray(own(n), np.int64)
    ids = np.asarray(child.order(ctx, node, n), np.int64)
    return ids[in_range(own(len(ids)), len(ids), type(sampler).__name__)]


class _Children:
    """`add_child` and what goes with it, for every sampler."""

    child_sampler = None

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        record_init(cls)  # its arguments, for serialize

    def add_child(self, sampler):
        """Sample from the ids `sampler` gives instead of from the dataset's rows (a built-in
        sampler takes one child: a second raises RuntimeError, as MindSpore's).

        Example:
            >>> s = SequentialSampler(start_index=1)
            >>> s.add_child(SequentialSampler(num_samples=3))
            >>> s.get_child().num_samples
            3
        """
        if self.child_sampler is not None:
            raise RuntimeError(f"{type(self).__name__}: this sampler has a child sampler already")
        # MindDataset's Shuffle modes chain only under FALSE or GLOBAL, and PARTIAL under none
        if sampler is not None and _mode_given(sampler) == "partial":
            raise RuntimeError("add_child: a Shuffle.PARTIAL sampler cannot be a child")
        if _mode_given(self) not in (None, "false", "global"):
            raise RuntimeError(
                f"add_child: a sampler with Shuffle mode {_mode_given(self)!r} cannot take a child"
            )
        self._set_child(sampler)

    def _set_child(self, sampler):
        if sampler is not None and not hasattr(sampler, "order"):
            raise TypeError(f"add_child: expected a sampler, got {type(sampler).__name__}")
        self.child_sampler = sampler

    def get_child(self):
        """The child sampler, or None."""
        return self.child_sampler

    def parse(self):
        """The sampler the pipeline runs, checked as MindSpore checks it when building the
        pipeline (itself: msfunc has no separate runtime object)."""
        self._check()
        return self

    def _check(self):
        """Raise what MindSpore raises when the pipeline is built (nothing by default)."""

    def _rows(self, n):
        """The number of ids this sampler samples from: its child's count, else `n`."""
        return n if self.child_sampler is None else self.child_sampler.size(n)

    def get_num_samples(self):
        """`num_samples` as given (None: as many as the data holds)."""
        return getattr(self, "num_samples", None)


class RandomSampler(_Children):
    """Rows in a random order (without `replacement`: a permutation, reshuffled every pass)
    or drawn with replacement; `num_samples` cuts each pass.

    Orders are MindSpore's for the same dataset seed (an mt19937 seeded with it, plus one
    per earlier pass, and libstdc++'s shuffle or uniform integers).

    Args:
        replacement (bool): Draw rows with replacement instead of permuting them.
            Default: ``False``.
        num_samples (Union[int, None]): Rows per pass at most; ``None`` takes them all.
            Default: ``None``.
        shuffle (Union[bool, Shuffle, None]): For MindDataset, how it shuffles (a `Shuffle`
            mode); other sources shuffle every row either way. Default: ``None``.

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
        self,
        replacement: bool = False,
        num_samples: int | None = None,
        shuffle: bool | str | None = None,  # (a Shuffle mode is a str)
    ) -> None:
        if not isinstance(replacement, bool):
            raise TypeError(
                f"RandomSampler: `replacement` must be a bool, got {type(replacement).__name__}"
            )
        self.replacement = replacement
        self.num_samples = _count(num_samples, "RandomSampler", "num_samples", 1)
        self.shuffle = shuffle  # (a Shuffle mode picks MindDataset's way of shuffling)

    def order(self, ctx, node, n):
        """The row indices of this pass over `node` (`n` rows) under context `ctx`."""
        return chained(self, ctx, node, n, lambda m: self._own(ctx, node, m))

    def _own(self, ctx, node, n):
        if not self.replacement:
            order = ctx.sampler_order(node, n)
            return order if self.num_samples is None else order[: self.num_samples]
        passes = ctx.streams.get(("sampler", id(node)), 0)
        ctx.streams[("sampler", id(node))] = passes + 1
        engine = Mt19937((ctx.seed + passes) & 0xFFFFFFFF)
        count = n if self.num_samples is None else min(n, self.num_samples)
        return np.array([uniform_int(engine, 0, n - 1) for _ in range(count)], np.int64)

    def size(self, n):
        n = self._rows(n)
        return n if self.num_samples is None else min(n, self.num_samples)


class SequentialSampler(_Children):
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
        return chained(self, ctx, node, n, self._own)

    def _own(self, n):
        order = np.arange(min(self.start_index, n), n)
        return order if self.num_samples is None else order[: self.num_samples]

    def size(self, n):
        rest = max(self._rows(n) - self.start_index, 0)
        return rest if self.num_samples is None else min(rest, self.num_samples)


class DistributedSampler(_Children):
    """One shard's rows: shard `shard_id` of `num_shards` takes rows ``shard_id``,
    ``shard_id + num_shards``, ... of the (shuffled, if `shuffle`) order. Every shard gets
    ``ceil(n / num_shards)`` rows, wrapping around to the first ones; an `offset` >= 0
    instead starts the dealing at shard `offset`, with shards of unequal sizes.

    Args:
        num_shards (int): Number of shards, positive.
        shard_id (int): This shard, in [0, num_shards).
        shuffle (Union[bool, Shuffle]): Shuffle the rows first (reshuffled every pass, as
            `RandomSampler`); MindDataset also takes its other `Shuffle` modes. Default:
            ``True``.
        num_samples (int, optional): At most this many rows. Default: ``None``.
        offset (int): Shard dealt the first row; -1 for the equal-size dealing. Default: ``-1``.

    Raises:
        TypeError: `shuffle` is not a bool or a `Shuffle` mode.
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
        shuffle: bool | str = True,  # (a Shuffle mode is a str)
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
        if not isinstance(shuffle, bool) and shuffle not in _SHUFFLE_MODES:
            raise TypeError(
                f"{who}: `shuffle` must be a bool or a Shuffle mode, got {type(shuffle).__name__}"
            )
        self.num_shards: int = shards
        self.shard_id: int = shard
        # a Shuffle mode (MindDataset's) is kept as given; other sources take FALSE or GLOBAL
        self.shuffle_mode = (
            ("global" if shuffle else "false") if isinstance(shuffle, bool) else shuffle
        )
        self.shuffle = shuffle if isinstance(shuffle, bool) else shuffle != "false"
        from .config import get_seed  # (the seed the shuffle starts from, fixed here)

        self.seed = get_seed()
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
        return chained(self, ctx, node, n, lambda m: self._own(ctx, node, m))

    def _own(self, ctx, node, n):
        self._check()
        base = ctx.sampler_order(node, n, distributed=True) if self.shuffle else np.arange(n)
        return np.asarray(base, np.int64)[self._positions(n)]

    def _check(self):
        # MindSpore accepts these when the sampler is made and fails when it is used
        if self.shuffle_mode not in ("false", "global"):
            raise RuntimeError(
                f"DistributedSampler: shuffle mode {self.shuffle_mode!r} is for MindDataset only"
            )
        if self.shard_id >= self.num_shards:
            raise RuntimeError(
                f"DistributedSampler: `shard_id` {self.shard_id} is not below"
                f" `num_shards` {self.num_shards}"
            )
        if self.offset > self.num_shards:
            raise RuntimeError(
                f"DistributedSampler: `offset` {self.offset} exceeds `num_shards` {self.num_shards}"
            )

    def size(self, n):
        return len(self._positions(self._rows(n)))
