"""MindSpore's CPU RandomGamma kernel, computed on the host.

The kernel's Philox4x32-10 stream has the op's `seed` as key and `seed2` as the high half of
the counter. Output i (counted alpha by alpha) draws from its own stretch of the stream,
starting 256 blocks after output i - 1's, and each kernel call reserves 256 blocks per
output; one block gives two normals (Box-Muller on two 52-bit doubles) or two uniform
doubles, used last one first. Alpha 1 is an exponential draw, others Marsaglia and Tsang's
transformed rejection (alpha below 1 boosted by a uniform to the power 1 / alpha).
"""

import math

import numpy as np

from .philox import philox_uint32, uniform_doubles

__all__ = ["random_gamma", "random_gamma_from"]

_BLOCKS_PER_OUTPUT = 256


class _Blocks:
    """Philox blocks in turn from `start`, each as two doubles in [0, 1)."""

    def __init__(self, key, high, start):
        self.key, self.high, self.next = key, high, start

    def doubles(self):
        words = philox_uint32(self.key, self.high, self.next, 4)
        self.next += 1
        return uniform_doubles(words).tolist()


def _normals(blocks):
    u1, u2 = blocks.doubles()
    radius = math.sqrt(-2.0 * math.log(max(u1, 1e-7)))
    angle = 2.0 * math.pi * u2
    return [math.sin(angle) * radius, math.cos(angle) * radius]


def _one(blocks, alpha):
    uniforms, normals = [], []

    def uniform():
        if not uniforms:
            uniforms.extend(blocks.doubles())
        return uniforms.pop()  # (the kernel takes a block's values last first)

    if alpha == 1.0:
        return -math.log(1.0 - uniform())
    boosted = alpha < 1
    shape = alpha + (2.0 / 3 if boosted else -1.0 / 3)
    cut = 1.0 / 3 / math.sqrt(shape)
    while True:
        if not normals:
            normals.extend(_normals(blocks))
        x = normals.pop()
        v = 1 + cut * x
        if v <= 0:
            continue
        v = v * v * v
        u = uniform()
        if u < 1 - 0.0331 * (x * x) * (x * x) or math.log(u) < 0.5 * x * x + shape * (
            1 - v + math.log(v)
        ):
            value = shape * v
            return value * uniform() ** (1 / alpha) if boosted else value


def random_gamma_from(seed, seed2, start, shape, alphas):
    """RandomGamma's draws of shape ``shape + alphas.shape`` (float64) from block `start`
    of the stream; returns (values, the block the next call starts at)."""
    alphas = np.asarray(alphas)
    flat = alphas.astype(np.float64).reshape(-1)
    per_alpha = int(np.prod(shape, dtype=np.int64))
    out = np.empty((per_alpha, flat.size), np.float64)
    for a, alpha in enumerate(flat.tolist()):
        for s in range(per_alpha):
            index = a * per_alpha + s
            blocks = _Blocks(seed, seed2, start + _BLOCKS_PER_OUTPUT * index)
            out[s, a] = _one(blocks, alpha)
    used = start + _BLOCKS_PER_OUTPUT * per_alpha * flat.size
    return out.reshape(tuple(shape) + alphas.shape), used


def random_gamma(seed, seed2, shape, alphas):
    """RandomGamma's draws for one kernel call.

    Example:
        >>> [round(v, 4) for v in random_gamma(1, 0, (4,), np.array([2.0])).ravel().tolist()]
        [2.8998, 5.0765, 1.1563, 0.7126]
    """
    return random_gamma_from(seed, seed2, 0, shape, alphas)[0]
