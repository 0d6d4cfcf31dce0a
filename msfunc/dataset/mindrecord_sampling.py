"""The rows each pass of a MindDataset reads, as MindSpore's MindRecord reader picks them.

MindSpore does not run its generic samplers over MindRecord files: it turns the sampler
chain into its own operators (a shuffle, a distributed split, a sequential or subset pick)
that rewrite a list of row ids once when the iterator is built and again at each new pass.
`MindRecordPlan` replays those operators on plain lists. Two ways of loading matter here:

- the usual one, where the ids are row positions (files one after another, padded rows
  after the last file);
- the one `Shuffle.PARTIAL` selects, where the files' order is shuffled, shards are cut
  from that order, and the ids of a shard are shuffled in chunks of a million.

Shards are dealt by stride (shard k takes ids k, k + n, ...) unless the environment
variable ``MS_DEV_MINDRECORD_SHARD_BY_BLOCK`` is ``true`` (shard k then takes a block).
"""

from __future__ import annotations

import copy
import os

import numpy as np

from ..common.stdlib_random import MinstdRand0, Mt19937, shuffle, uniform_int

__all__ = ["MindRecordPlan", "ShuffleOp", "DistributedOp", "SequentialOp", "SubsetOp", "PkOp"]

# MindSpore's ShuffleMode values (the `Shuffle` enum's)
FALSE, ADAPTIVE, GLOBAL, PARTIAL, FILES, INFILE = (
    "false",
    "adaptive",
    "global",
    "partial",
    "files",
    "infile",
)
_CHUNK = 1_000_000  # ids shuffled together in the partial mode
_SLOW_LOAD_ROWS = 100_000_000
_PADDED = -1  # the file index of the padded rows' partition


def shard_by_block():
    """Whether shards are dealt as blocks (``MS_DEV_MINDRECORD_SHARD_BY_BLOCK=true``).

    Example:
        >>> shard_by_block() in (True, False)
        True
    """
    return os.environ.get("MS_DEV_MINDRECORD_SHARD_BY_BLOCK", "").lower() == "true"


def _ceil_div(a, b):
    return -(-a // b)


class _Tasks:
    """The reader's task list: `ids` (row ids in reading order) and `perm` (a permutation
    of positions in `ids`, or None), plus the partial mode's file order and partitions."""

    def __init__(self, layout, partial, count_only=False):
        self.layout = layout
        self.partial = partial
        self.count_only = count_only  # (sizes only: the shuffles are left out)
        self.perm: list[int] | None = None
        self.ids: list[int] | None  # None in the partial mode, which reads `parts` instead
        if partial:
            self.ids = None
            self.need_shuffle, self.seed = False, 0
            self.set_file_ids(list(range(len(layout.cum))))
        else:
            self.ids = list(range(layout.total))

    def clone(self):
        """A copy whose lists are its own."""
        other = copy.copy(self)
        for name, value in vars(self).items():
            if isinstance(value, list):
                setattr(other, name, copy.deepcopy(value))
        return other

    def size(self):
        """Rows before sampling, padded rows included."""
        return self.layout.total

    # -- the partial mode ----------------------------------------------------------------
    def set_file_ids(self, file_ids):
        """Read the files in the order `file_ids`: one partition per file, then the padded."""
        cum = self.layout.cum
        self.file_ids = list(file_ids)
        self.shuffled_cum, count = [], 0
        for f in self.file_ids:
            count += cum[f] - (cum[f - 1] if f else 0)
            self.shuffled_cum.append(count)
        parts, start = [], 0
        for index, end in enumerate(self.shuffled_cum):
            parts.append([index, start, end, 1])
            start = end
        if self.layout.padded:
            parts.append([_PADDED, start, start + self.layout.padded, 1])
        self.parts = parts

    def size_after_sampling(self):
        if not self.partial:
            assert self.ids is not None  # (a list outside the partial mode)
            return len(self.ids)
        if shard_by_block():
            return sum(end - start for _, start, end, _ in self.parts)
        return sum(_ceil_div(end - start, step) for _, start, end, step in self.parts)

    def limit(self, count):
        """Keep the first `count` ids of the partitions."""
        kept, block = [], shard_by_block()
        for shard, start, end, step in self.parts:
            have = end - start if block else _ceil_div(end - start, step)
            if have <= count:
                kept.append([shard, start, end, step])
                count -= have
            else:
                kept.append([shard, start, start + count * (1 if block else step), step])
                break
        self.parts = kept

    def partial_ids(self):
        """The ids the partitions give, each chunk shuffled (the partial mode's pass)."""
        ids, out = [], []
        block = shard_by_block()
        for _, start, end, step in self.parts:
            ids.extend(range(start, end, 1 if block else step))
        for at in range(0, len(ids), _CHUNK):
            chunk = ids[at : at + _CHUNK]
            if self.need_shuffle and not self.count_only:
                shuffle(chunk, MinstdRand0(self.seed))
            out.extend(chunk)
        return out

    def rows_of(self, sample_ids):
        """The row positions (padded rows after the files') partial-mode ids read: an id
        counts through the files in their shuffled order, then through the padded rows."""
        ids = np.asarray(sample_ids, np.int64)
        ends = np.asarray(self.shuffled_cum, np.int64)
        file_starts = np.concatenate([[0], np.asarray(self.layout.cum[:-1], np.int64)])
        shard = np.minimum(np.searchsorted(ends, ids, side="right"), len(ends) - 1)
        starts = np.concatenate([[0], ends[:-1]])
        rows = file_starts[np.asarray(self.file_ids, np.int64)[shard]] + ids - starts[shard]
        padded = ids >= ends[-1]
        rows[padded] = self.layout.rows + ids[padded] - ends[-1]
        return rows.tolist()


def _shuffled(values, seed, tasks):
    """`values` shuffled in place by libstdc++'s shuffle with a minstd_rand0 seeded `seed`."""
    return values if tasks.count_only else shuffle(values, MinstdRand0(seed))


class _Layout:
    def __init__(self, counts, padded):
        self.cum, total = [], 0
        for c in counts:
            total += int(c)
            self.cum.append(total)
        self.rows = total
        self.padded = int(padded)
        self.total = total + self.padded


class ShuffleOp:
    """MindSpore's shuffle operator (a RandomSampler, or the shuffle inside others): its
    seed goes up by one before each run, and a new pass shuffles the last pass's ids again
    (minstd_rand0 and libstdc++'s shuffle; uniform draws from mt19937s with replacement).

    Example:
        >>> plan = MindRecordPlan([3, 2], [ShuffleOp(5, mode=FILES)])
        >>> plan.next_pass(), plan.next_pass()
        ([3, 4, 0, 1, 2], [1, 2, 3, 4, 0])
    """

    def __init__(self, seed, num_samples=0, replacement=False, reshuffle=True, mode=GLOBAL):
        self.seed = int(seed) & 0xFFFFFFFF
        self.num_samples = int(num_samples or 0)
        self.replacement = replacement
        self.reshuffle = reshuffle
        self.mode = mode

    def run(self, t):
        if self.reshuffle:
            self.seed = (self.seed + 1) & 0xFFFFFFFF
        if t.partial:
            if self.mode in (FILES, INFILE):
                raise RuntimeError(
                    "MindDataset: Shuffle.FILES and Shuffle.INFILE cannot be used in the "
                    "partial shuffle's loading"
                )
            files = _shuffled(list(range(len(t.layout.cum))), self.seed, t)
            t.set_file_ids(files)
            t.need_shuffle, t.seed = True, self.seed
            after = t.size_after_sampling()
            t.limit(self.num_samples if 0 < self.num_samples < after else after)
            return
        if t.perm is None:
            t.perm = list(range(len(t.ids)))
        if self.mode == GLOBAL:
            if self.replacement:
                self.num_samples = self.num_samples or len(t.ids)
                top, seed = len(t.ids) - 1, self.seed
                ids = []
                for _ in range(self.num_samples):
                    pick = 0 if t.count_only else uniform_int(Mt19937(seed), 0, top)
                    ids.append(t.ids[pick])
                    seed = (seed + 1) & 0xFFFFFFFF
                t.ids, t.perm = ids, None
                return
            _shuffled(t.perm, self.seed, t)
        elif self.mode == INFILE:
            self.num_samples = self.num_samples or t.size()
            start = 0
            for end in t.layout.cum:
                part = t.perm[start:end]
                t.perm[start:end] = _shuffled(part, self.seed, t)
                start = end
        elif self.mode == FILES:
            self.num_samples = self.num_samples or t.size()
            files = _shuffled(list(range(len(t.layout.cum))), self.seed, t)
            cum, old, at = t.layout.cum, list(t.perm), 0
            for f in files:
                start = cum[f - 1] if f else 0
                t.perm[at : at + cum[f] - start] = old[start : cum[f]]
                at += cum[f] - start
        else:
            return
        take = self.num_samples if 0 < self.num_samples < t.size() else len(t.ids)
        take = min(take, len(t.perm))
        t.ids, t.perm = [t.ids[t.perm[i]] for i in range(take)], None


class DistributedOp:
    """MindSpore's distributed operator: shard `shard_id` of `num_shards`, its shuffle
    (unless `mode` is FALSE) redone from the first pass's ids at every pass.

    Example:
        >>> plan = MindRecordPlan([4, 3], [DistributedOp(3, 1, FALSE, 0)])
        >>> plan.next_pass()
        [1, 4, 0]
    """

    def __init__(self, num_shards, shard_id, mode, seed, num_samples=0, offset=-1):
        self.num_shards, self.shard_id = int(num_shards), int(shard_id)
        self.mode = mode
        self.num_samples = int(num_samples or 0)
        self.offset = int(offset)
        self.padded = 0
        self.shuffle_op = None if mode == FALSE else ShuffleOp(seed, mode=mode)
        self._first = None

    def set_mode(self, mode):
        self.mode = mode
        if self.shuffle_op is not None:
            self.shuffle_op.mode = mode

    def run(self, t):
        if self._first is None:
            if self.padded and t.size() % self.num_shards:
                raise RuntimeError(
                    f"MindDataset: {t.size()} rows with the padded ones do not split evenly "
                    f"into {self.num_shards} shards; change `num_padded`"
                )
            self._first = t.clone()
        else:  # every pass starts again from the first pass's ids
            vars(t).update(vars(self._first.clone()))
        if self.shuffle_op is not None:
            self.shuffle_op.run(t)
        if t.partial:
            self._split_partial(t)
            return
        total = len(t.ids)
        den, shard = self.num_shards, self.shard_id
        taking = _ceil_div(total, den) if den > 1 else total
        limit = self.num_samples or None
        if t.perm is not None:
            picks = [t.perm[i % len(t.perm)] for i in range(shard * taking, (shard + 1) * taking)]
        elif self.offset != -1:
            ends, end = [], 0
            for x in range(den):
                per = (total + self.offset) // den + (x < (total + self.offset) % den)
                end += per - (x < self.offset)
                ends.append(end)
            picks = [i % total for i in range(ends[shard - 1] if shard else 0, ends[shard])]
        elif shard_by_block():
            picks = [i % total for i in range(shard * taking, (shard + 1) * taking)]
        else:
            picks = [(shard + den * i) % total for i in range(taking)]
        t.ids, t.perm = [t.ids[i] for i in picks[:limit]], None

    def _split_partial(self, t):
        cum = t.shuffled_cum
        total = cum[-1] + t.layout.padded
        den = self.num_shards
        per = _ceil_div(total, den)
        parts = []
        if shard_by_block():
            start, end = self.shard_id * per, (self.shard_id + 1) * per
            parts += self._ranges(cum, start, end, 1)
            if end > cum[-1]:
                if t.layout.padded:
                    parts.append([_PADDED, max(start, cum[-1]), end, 1])
                else:
                    parts += self._ranges(cum, 0, end - cum[-1], 1)
        else:
            got, at = 0, self.shard_id
            for index, end in enumerate(cum):
                if at >= end or got >= per:
                    continue
                have = _ceil_div(end - at, den)
                stop = min(end, at + (per - got) * den)
                parts.append([index, at, stop, den])
                at += min(have, per - got) * den
                got += have
            if got < per:
                if t.layout.padded:
                    parts.append([_PADDED, at, total, den])
                else:
                    at -= total if at >= total else 0
                    for index, end in enumerate(cum):
                        if at >= end or got >= per:
                            continue
                        have = _ceil_div(end - at, den)
                        parts.append([index, at, min(end, at + (per - got) * den), den])
                        at += have * den
                        got += have
        t.parts = parts
        if self.num_samples:
            t.limit(self.num_samples)

    @staticmethod
    def _ranges(cum, start, end, step):
        out = []
        for index, stop in enumerate(cum):
            if start >= stop or start >= end:
                continue
            out.append([index, start, min(end, stop), step])
            start = min(end, stop)
        return out


class SequentialOp:
    """MindSpore's sequential operator: ids from `offset` on, at most `num_samples`.

    Example:
        >>> MindRecordPlan([5], [SequentialOp(2, 1)]).next_pass()
        [1, 2]
    """

    mode = GLOBAL

    def __init__(self, num_samples=0, offset=0):
        self.num_samples, self.offset = int(num_samples or 0), int(offset or 0)

    def run(self, t):
        total = t.size_after_sampling()
        taking = min(self.num_samples, total) if self.num_samples else total
        if t.partial:
            t.limit(taking)
            return
        source = t.ids if t.perm is None else [t.ids[p] for p in t.perm]
        # (MindSpore wraps around the rows before sampling; a child's fewer ids wrap sooner)
        total = min(t.size(), len(source)) if t.perm is None else len(t.perm)
        if self.num_samples:
            taking = min(taking + self.offset, total)
        t.ids = [source[i % total] for i in range(self.offset, taking)]
        t.perm = None


class SubsetOp:
    """MindSpore's subset operator: the ids at `indices` (each modulo the row count, a
    negative one taken as unsigned 64-bit), shuffled once with `seed` when one is given.

    Example:
        >>> MindRecordPlan([5], [SubsetOp([4, -1, 0])]).next_pass()
        [4, 0, 0]
    """

    mode = GLOBAL

    def __init__(self, indices, seed=None):
        self.indices = [int(i) for i in indices]
        self.shuffle_op = None if seed is None else ShuffleOp(seed)

    def run(self, t):
        if t.partial:
            raise RuntimeError("MindDataset: a subset sampler cannot read in the partial shuffle")
        total = len(t.ids)
        if len(self.indices) > total:
            raise RuntimeError(
                f"MindDataset: {len(self.indices)} subset indices for {total} rows; there "
                "must not be more indices than rows"
            )
        if t.perm is None:  # (MindSpore takes an index modulo the count as unsigned 64-bit)
            t.ids = [t.ids[(i & 0xFFFFFFFFFFFFFFFF) % total] for i in self.indices]
        else:
            t.ids = []
        t.perm = None
        if self.shuffle_op is not None:
            self.shuffle_op.run(t)


class PkOp:
    """MindSpore's PK operator: for each class (the distinct `labels`, ordered as text), the
    first `num_val` rows of that class (file order), from which `num_val` rows are drawn
    with replacement; at most `num_samples` in all, shuffled with `seed` when one is given.
    MindSpore draws from the OS's entropy (its rows differ from run to run); msfunc draws
    from an mt19937 seeded with `draw_seed`.

    Example:
        >>> plan = MindRecordPlan([4], [PkOp(["b", "a", "b", "a"], 1, 0, draw_seed=1)])
        >>> plan.next_pass()
        [1, 0]
    """

    mode = GLOBAL

    def __init__(self, labels, num_val, num_samples=0, seed=None, draw_seed=0):
        self.labels = labels
        self.num_val, self.num_samples = int(num_val), int(num_samples or 0)
        self.shuffle_op = None if seed is None else ShuffleOp(seed)
        self.draw_seed = int(draw_seed) & 0xFFFFFFFF

    def first_ids(self):
        """The rows drawn, class after class."""
        by_class = {}
        for row, label in enumerate(self.labels):
            rows = by_class.setdefault(label, [])
            if len(rows) < self.num_val:
                rows.append(row)
        engine, ids = Mt19937(self.draw_seed), []
        for label in sorted(by_class):
            for _ in range(self.num_val):
                if self.num_samples and len(ids) == self.num_samples:
                    return ids
                rows = by_class[label]
                ids.append(rows[uniform_int(engine, 0, len(rows) - 1)])
        return ids

    def run(self, t):
        if self.shuffle_op is not None:
            self.shuffle_op.run(t)


class MindRecordPlan:
    """The passes of one iterator over MindRecord files holding `counts` rows each (plus
    `padded` padded rows), sampled by `ops` (innermost sampler first). `next_pass()` gives
    the row positions of the next pass (padded rows numbered after the files' rows); with
    `count_only` their number is right, their order is not (nothing is shuffled).
    The operators keep their state from pass to pass: a plan serves one iterator.

    Example:
        >>> plan = MindRecordPlan([2, 2], [ShuffleOp(1, mode=INFILE)])
        >>> sorted(plan.next_pass())
        [0, 1, 2, 3]
    """

    def __init__(self, counts, ops, padded=0, count_only=False):
        self.layout = _Layout(counts, padded)
        self.count_only = count_only
        self.ops = ops
        # beyond 100 million rows MindSpore loads the files as PARTIAL does (and ADAPTIVE
        # follows); each operator's mode then decides how the files are loaded
        partial = self.layout.rows > _SLOW_LOAD_ROWS
        for op in ops:
            if op.mode == PARTIAL:
                partial = True
            elif op.mode == ADAPTIVE:
                mode = PARTIAL if partial else GLOBAL
                op.set_mode(mode) if hasattr(op, "set_mode") else setattr(op, "mode", mode)
            else:
                partial = False
        self.partial = partial
        self.tasks = None

    def _first_tasks(self):
        t = _Tasks(self.layout, self.partial, self.count_only)
        pk = [op for op in self.ops if isinstance(op, PkOp)]
        if pk:  # (the PK operator makes the first ids, the others run on them)
            if self.partial:
                raise RuntimeError("MindDataset: a PKSampler cannot read in the partial shuffle")
            t.ids = pk[0].first_ids()
        for op in self.ops:
            op.run(t)
        return t

    def size(self):
        """The number of rows of the first pass (counted: nothing is shuffled).

        Example:
            >>> MindRecordPlan([3, 4], [DistributedOp(2, 1, PARTIAL, 5)]).size()
            4
        """
        count_only, self.count_only = self.count_only, True
        try:
            return self._first_tasks().size_after_sampling()
        finally:
            self.count_only = count_only

    def next_pass(self):
        """The row positions of the next pass."""
        t = self.tasks
        if t is None:
            t = self.tasks = self._first_tasks()
        else:  # a new pass: shuffles run again (unless sharded) and the shard split does
            sharded = any(isinstance(op, DistributedOp) for op in self.ops)
            for op in self.ops:
                if isinstance(op, DistributedOp) or (isinstance(op, ShuffleOp) and not sharded):
                    op.run(t)
        if t.partial:
            return t.rows_of(t.partial_ids())
        assert t.ids is not None  # (a list outside the partial mode)
        if t.perm is None:
            t.perm = list(range(len(t.ids)))
        return list(t.ids)
