"""Ordered parallel map over an iterator with a bounded look-ahead, on a thread pool.

Worker functions are numpy-heavy (decoding, resizing, normalising): numpy releases
the GIL there, so threads run them in parallel without pickling the pipeline.
"""

from __future__ import annotations

import itertools
from collections import deque
from concurrent.futures import ThreadPoolExecutor

__all__ = ["ordered_map"]

_SMALL_BYTES = 4 << 20  # a result per item up to this size counts as small


def _nbytes(results):
    """The bytes of the arrays in `results` (items, or tuples of them)."""
    total = 0
    for result in results:
        for part in result if isinstance(result, (tuple, list)) else (result,):
            total += getattr(part, "nbytes", 0)
    return total


def ordered_map(fn, items, workers, lookahead=None, chunk=1):
    """Yield ``fn(item)`` for each item, in input order, computed by `workers` threads.

    At most `lookahead` tasks (default ``2 * workers``) are in flight, each of
    `chunk` consecutive items (chunks cut the per-task overhead of cheap items). An exception
    raised by `fn` is re-raised here, at that item's place in the order; the
    remaining queued work is cancelled and the threads are released, so a
    failing worker never leaves the consumer hanging.

    Example:
        >>> list(ordered_map(lambda x: x * x, range(5), workers=3))
        [0, 1, 4, 9, 16]
    """
    if workers <= 1:
        for item in items:
            yield fn(item)
        return
    if chunk > 1:
        # tasks start with one item each and take `chunk` once results prove small: rows of
        # hundreds of megabytes must not pile up `chunk` at a time
        size = [1]

        def run_chunk(group):
            results = [fn(item) for item in group]
            size[0] = chunk if _nbytes(results) <= _SMALL_BYTES * len(group) else 1
            return results

        items = iter(items)
        groups = iter(lambda: list(itertools.islice(items, size[0])), [])
        for results in ordered_map(run_chunk, groups, workers, lookahead):
            yield from results
        return
    lookahead = max(workers, lookahead or 2 * workers)
    pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="msfunc.dataset")
    pending = deque()
    try:
        for item in items:
            pending.append(pool.submit(fn, item))
            if len(pending) >= lookahead:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        # Runs on normal end, on an exception, and when the consumer drops the iterator.
        for future in pending:
            future.cancel()
        pool.shutdown(wait=False, cancel_futures=True)


def check_max_rowsize(max_rowsize, who):
    """MindSpore's check of `max_rowsize` (shared-memory megabytes per row for worker
    processes, which msfunc's threads do not use): None, an int or a list of two ints, each in
    [-1, 2**31 - 1].

    Raises:
        TypeError: another type (a tuple, a str, a float).
        ValueError: a value out of range.

    Example:
        >>> check_max_rowsize([12, 20], "map")
        >>> check_max_rowsize((12, 20), "map")
        Traceback (most recent call last):
        ...
        TypeError: map: `max_rowsize` must be an int or a list of two ints, got (12, 20)
    """
    if max_rowsize is None:
        return
    values = max_rowsize if isinstance(max_rowsize, list) else [max_rowsize]
    if (isinstance(max_rowsize, list) and len(values) != 2) or any(
        isinstance(v, bool) or not isinstance(v, int) for v in values
    ):
        raise TypeError(
            f"{who}: `max_rowsize` must be an int or a list of two ints, got {max_rowsize!r}"
        )
    for v in values:
        if not -1 <= v <= 2**31 - 1:
            raise ValueError(f"{who}: `max_rowsize` values must be in [-1, 2**31 - 1], got {v}")
