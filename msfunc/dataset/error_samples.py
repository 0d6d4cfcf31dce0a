"""`map`'s error-samples modes: the failed samples of a pass dropped (SKIP) or filled in with
earlier good samples (REPLACE), in the order MindSpore 2.10 emits them."""

from __future__ import annotations

__all__ = ["FAILED", "skip_failed", "replace_failed"]

# The stand-in a map worker returns for a sample one of its operations failed on.
FAILED = object()
# MindSpore keeps this many good samples to draw replacements from.
_KEEP = 16


def skip_failed(outputs):
    """The outputs without the failed samples.

    >>> list(skip_failed([1, FAILED, 3]))
    [1, 3]
    """
    return (row for row in outputs if row is not FAILED)


def replace_failed(outputs):
    """The outputs with each failed sample replaced by a kept good one.

    The first 16 good samples are kept. Until they are, failed samples wait; after, a waiting
    one is emitted after each row (never two replacements in a row), and each good sample that
    arrives while some wait takes the place of the oldest kept one. At the end of the pass the
    waiting ones follow, drawn from the kept samples in turn.

    Raises:
        RuntimeError: the pass has failed samples and no good one.

    >>> rows = [FAILED] + list(range(1, 4))
    >>> list(replace_failed(rows))
    [1, 2, 3, 1]
    """
    kept, waiting, drawn, overwritten = [], 0, 0, 0
    just_replaced = False
    for row in outputs:
        if row is FAILED:
            waiting += 1
        else:
            yield row
            just_replaced = False
            if len(kept) < _KEEP:
                kept.append(row)
            elif waiting:
                kept[overwritten % _KEEP] = row
                overwritten += 1
        if waiting and len(kept) == _KEEP and not just_replaced:
            yield kept[drawn % _KEEP]
            drawn += 1
            waiting -= 1
            just_replaced = True
    if not waiting:
        return
    if not kept:
        raise RuntimeError("map: every sample of the pass failed, none can replace the others")
    count = len(kept)
    if count < _KEEP:
        # Short of 16 kept samples, MindSpore first reads 16 slots whose empty tail repeats
        # the kept samples so that the last slot holds the last one, then cycles the kept ones.
        slots = kept + [kept[(k + count - _KEEP) % count] for k in range(count, _KEEP)]
        for k in range(waiting):
            yield slots[k] if k < _KEEP else kept[(k - _KEEP) % count]
        return
    for _ in range(waiting):
        yield kept[drawn % _KEEP]
        drawn += 1
