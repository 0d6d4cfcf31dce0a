"""MindSpore's CPU kernels Bernoulli, RandomCategorical and RandomChoiceWithMask, computed on
the host with numpy.

Bernoulli (with an explicit seed) restarts a Philox4x32-10 stream, key the seed and counter
0, at every call, but keeps the unused words of the last 128-bit block it made: the next
call of the same kernel takes those first. Each word's low 23 bits make a float in [0, 1);
the output is 1 where that float is not above p. RandomCategorical draws doubles from a
``minstd_rand0`` seeded with the mixed seed ``(0, seed)`` (libstdc++'s canonical doubles,
two outputs each), one per sample column shared by every row, and picks the first class
whose running sum of ``exp(logit - max)`` reaches the draw times the total.
RandomChoiceWithMask shuffles the positions of the True elements with ``std::shuffle`` and a
``minstd_rand0`` seeded with the mixed seed ``(seed, seed2)``, and keeps the first `count`.
MultinomialWithReplacement draws Bernoulli's 23-bit floats from the Philox stream keyed by
its seed input, counter high half its offset input, all rows' draws in turn.
"""

import numpy as np

from .kernel_streams import shuffle_order_from
from .minstd import _M, _outputs, mixed_seed
from .philox import philox_uint32

__all__ = [
    "bernoulli_from",
    "bernoulli_values",
    "categorical_start",
    "categorical_from",
    "categorical_samples",
    "choice_with_mask_from",
    "choice_with_mask_values",
    "philox_multinomial",
]

_WORDS = 4  # 32-bit words per Philox block


def bernoulli_from(seed, position, p, n):
    """`n` Bernoulli(p) outputs (0/1 as uint8) of the kernel seeded `seed` whose last call
    stopped at word `position` of the stream (0 for a new kernel): the rest of that word's
    block, then the stream from its start. `p` is one probability or `n` of them. Returns
    (values, the position after them)."""
    position, n = int(position), int(n)
    left = -position % _WORDS  # unused words of the block the last call made
    take = min(left, n)
    words = [philox_uint32(seed, 0, position // _WORDS, _WORDS)[_WORDS - left :][:take]]
    if n > take:
        words.append(philox_uint32(seed, 0, 0, n - take))
        position = n - take
    else:
        position += take
    words = np.concatenate(words).astype(np.uint32)
    unit = (words & np.uint32(0x7FFFFF)).astype(np.float64) / 2.0**23
    p = np.asarray(p)
    return (unit <= p.astype(np.float64)).astype(np.uint8), position


def bernoulli_values(seed, p, n):
    """The first call of a Bernoulli kernel seeded `seed` (see `bernoulli_from`).

    Example:
        >>> bernoulli_values(1, np.float32(0.5), 8).tolist()  # ops.bernoulli(x, 0.5, seed=1)
        [0, 1, 0, 1, 1, 0, 0, 0]
    """
    return bernoulli_from(seed, 0, p, n)[0]


def categorical_start(seed):
    """RandomCategorical's engine state for the kernel input `seed`."""
    return mixed_seed(0, int(seed)) % _M or 1


def categorical_from(state, logits, num_sample):
    """`num_sample` classes per row of the 2-D `logits` from a minstd_rand0 in `state`.
    Returns (int64 classes, the engine state after the draws)."""
    logits = np.asarray(logits)
    dtype = np.float64 if logits.dtype == np.float64 else np.float32
    rows = logits.astype(dtype)
    num_sample = int(num_sample)
    out = _outputs(int(state), 2 * num_sample).astype(np.float64) - 1.0
    span = float(_M - 2)
    pairs = out.reshape(-1, 2)
    draws = (pairs[:, 0] + pairs[:, 1] * span) / (span * span)
    draws = np.minimum(draws, np.nextafter(1.0, 0.0)).astype(np.float32).astype(dtype)
    # (each exponent is taken in float32, whatever the logits' type)
    shifted = (rows - rows.max(axis=1, keepdims=True)).astype(np.float32)
    cdf = np.cumsum(np.exp(shifted).astype(dtype), axis=1, dtype=dtype)
    targets = (cdf[:, -1:] * draws[None, :]).astype(dtype)
    picks = np.empty((rows.shape[0], num_sample), np.int64)
    for i in range(rows.shape[0]):  # first class whose running sum reaches the target
        picks[i] = np.searchsorted(cdf[i], targets[i], side="left")
    after = int(out[-1]) + 1 if num_sample else int(state)
    return np.minimum(picks, rows.shape[1] - 1), after


def categorical_samples(seed, logits, num_sample):
    """RandomCategorical's classes for a kernel's first call with input `seed`.

    Example:
        >>> lg = np.log(np.array([[0.1, 0.2, 0.3, 0.4]], np.float32))
        >>> categorical_samples(1, lg, 6).tolist()  # ops.random_categorical(lg, 6, seed=1)
        [[1, 1, 1, 3, 2, 2]]
    """
    return categorical_from(categorical_start(seed), logits, num_sample)[0]


def _coordinates(flat, shape):
    """MindSpore's coordinates of flat positions: the first is ``flat // (size / shape[0])``,
    the last ``flat`` modulo that, and any between 0 (its kernel divides every middle axis by
    the same row size)."""
    flat = np.asarray(flat, np.int64)
    if len(shape) == 1:
        return flat[:, None]
    row = int(np.prod(shape[1:], dtype=np.int64))
    coords = np.zeros((flat.size, len(shape)), np.int64)
    coords[:, 0], coords[:, -1] = flat // row, flat % row
    return coords


def choice_with_mask_from(state, x, count):
    """RandomChoiceWithMask's outputs for the boolean `x` from a minstd_rand0 in `state`,
    packed as one int32 array of shape ``(count, rank + 1)``: the coordinates, then the mask.
    Returns (packed, the engine state after the shuffle)."""
    x, count = np.asarray(x), int(count)
    positions = np.flatnonzero(x.reshape(-1))
    order, state = shuffle_order_from(state, positions.size)
    chosen = positions[order[:count]]
    packed = np.zeros((count, x.ndim + 1), np.int32)
    packed[: chosen.size, :-1] = _coordinates(chosen, x.shape)
    packed[: chosen.size, -1] = 1
    return packed, state


def choice_with_mask_values(seed, seed2, x, count):
    """RandomChoiceWithMask's packed outputs for one kernel call (see
    `choice_with_mask_from`).

    Example:
        >>> x = np.array([[True, False, True, True], [False, True, True, False]])
        >>> choice_with_mask_values(3, 1, x, 4)[:, :2].tolist()  # after set_seed(3), seed=1
        [[0, 2], [0, 3], [1, 2], [0, 0]]
    """
    return choice_with_mask_from(mixed_seed(seed, seed2) % _M or 1, x, count)[0]


def _smallest_reaching(cdf, total, target):
    """The kernel's pick: the last column whose running sum is the smallest one in
    [target, total] (columns of weight 0 hold 0)."""
    reach = cdf[(cdf >= target) & (cdf <= total)]
    value = reach.min() if reach.size else total
    return int(np.flatnonzero(cdf == value)[-1])


def _running_sums(weights):
    cdf = weights.astype(np.float64)
    total = 0.0
    for j in np.flatnonzero(cdf != 0.0):  # (a weight-0 column keeps 0, not the sum)
        total += cdf[j]
        cdf[j] = total
    return cdf, total


def philox_multinomial(seed, offset, x, numsamples, replacement):
    """MultinomialWithReplacement's int64 samples of the rows of `x` (1-D or 2-D).

    Example:
        >>> x = np.array([0.1, 0.2, 0.3, 0.4] * 3, np.float32)
        >>> philox_multinomial(5, 0, x, 10, True).tolist()  # seed 5, offset 0
        [2, 8, 8, 6, 10, 11, 2, 2, 5, 8]
    """
    x, numsamples = np.asarray(x), int(numsamples)
    rows = x.reshape(-1, x.shape[-1])
    words = philox_uint32(
        int(seed) & (2**64 - 1), int(offset) & (2**64 - 1), 0, rows.shape[0] * numsamples
    )
    draws = ((words & np.uint32(0x7FFFFF)).astype(np.float64) / 2.0**23).astype(x.dtype)
    draws = draws.astype(np.float64).reshape(rows.shape[0], numsamples)
    out = np.zeros((rows.shape[0], numsamples), np.int64)
    for i, row in enumerate(rows):
        weights = row.copy()
        cdf, total = _running_sums(weights)
        zeros = np.flatnonzero(cdf == 0.0)
        for j in range(numsamples):
            if not replacement and j >= row.size - zeros.size:
                out[i, j] = zeros[j - row.size + zeros.size]  # (then the weight-0 columns)
                continue
            out[i, j] = _smallest_reaching(cdf, total, draws[i, j] * total)
            if not replacement:  # (the pick's weight goes to 0, the sums are made anew)
                weights[out[i, j]] = 0
                cdf, total = _running_sums(weights)
    return out.reshape(x.shape[:-1] + (numsamples,))
