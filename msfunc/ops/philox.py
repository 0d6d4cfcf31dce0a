"""Philox4x32-10 counter-based random bits (Salmon et al., SC'11), computed on the host.

MindSpore's CPU samplers that take a ``seed`` attribute draw from a Philox4x32-10 stream
whose 64-bit key is one seed and whose upper 64 counter bits are the other; each 128-bit
counter value gives four 32-bit words. `philox_uint32` reproduces those words, so an op
built on it returns MindSpore's numbers for the same seeds.
"""

import numpy as np

__all__ = ["philox_uint32", "uniform_doubles", "uniform_floats_from"]

_MUL = (np.uint64(0xD2511F53), np.uint64(0xCD9E8D57))
_WEYL = (np.uint64(0x9E3779B9), np.uint64(0xBB67AE85))
_LOW32 = np.uint64(0xFFFFFFFF)
_ROUNDS = 10


def _blocks(key, seed2, start, count):
    """`count` four-word outputs for counter values ``(seed2 << 64) + start + i``."""
    idx = np.uint64(start) + np.arange(count, dtype=np.uint64)  # low 64 counter bits
    c = [
        idx & _LOW32,
        idx >> np.uint64(32),
        np.full(count, seed2 & 0xFFFFFFFF, np.uint64),
        np.full(count, seed2 >> 32, np.uint64),
    ]
    k0, k1 = np.uint64(key & 0xFFFFFFFF), np.uint64(key >> 32)
    for _ in range(_ROUNDS):
        p0, p1 = _MUL[0] * c[0], _MUL[1] * c[2]  # 32 x 32 -> 64-bit products, no overflow
        c = [
            (p1 >> np.uint64(32)) ^ c[1] ^ k0,
            p1 & _LOW32,
            (p0 >> np.uint64(32)) ^ c[3] ^ k1,
            p0 & _LOW32,
        ]
        k0, k1 = (k0 + _WEYL[0]) & _LOW32, (k1 + _WEYL[1]) & _LOW32
    return np.stack(c, axis=1).astype(np.uint32)


def philox_uint32(key, seed2, start, n):
    """`n` 32-bit words of the stream (key `key`, counter high half `seed2`), beginning
    with the first word of 128-bit block `start`.

    Example:
        >>> [hex(w) for w in philox_uint32(0, 0, 0, 4)]  # Random123's known answer
        ['0x6627e8d5', '0xe169c58d', '0xbc57ac4c', '0x9b00dbd8']
    """
    blocks = _blocks(int(key), int(seed2), int(start), -(-int(n) // 4))
    return blocks.reshape(-1)[:n]


def uniform_doubles(words):
    """Doubles in [0, 1) from consecutive word pairs: the low 20 bits of the first and all 32
    of the second fill a 52-bit mantissa of a number in [1, 2), less 1.

    Example:
        >>> uniform_doubles(np.array([0, 0, 0xFFFFF, 0xFFFFFFFF], np.uint32)).tolist()
        [0.0, 0.9999999999999998]
    """
    w = np.asarray(words, np.uint64).reshape(-1, 2)
    mantissa = ((w[:, 0] & np.uint64(0xFFFFF)) << np.uint64(32)) | w[:, 1]
    return (mantissa | np.uint64(1023 << 52)).view(np.float64) - 1.0


def uniform_floats_from(key, seed2, position, n):
    """`n` float32 values in [0, 1) from the stream (key `key`, counter high half `seed2`)
    starting at word `position`: each word's low 23 bits as the mantissa of a float in
    [1, 2), less 1. Returns (values, the position after them), so a kernel can go on where
    its last call stopped.

    Example:
        >>> values, after = uniform_floats_from(1, 0, 0, 3)
        >>> values.tolist(), after  # MindSpore's random_ops.Uniform(seed=1) on 3 values
        ([0.8126964569091797, 0.07857465744018555, 0.8916854858398438], 3)
    """
    position, n = int(position), int(n)
    words = philox_uint32(key, seed2, position // 4, position % 4 + n)[position % 4 :]
    bits = (words & np.uint32(0x7FFFFF)) | np.uint32(127 << 23)
    return bits.view(np.float32) - np.float32(1), position + n
