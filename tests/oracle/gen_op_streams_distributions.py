"""Raw seeded draws of ops.shuffle, ops.multinomial (with replacement), ops.standard_laplace,
ops.laplace, ops.random_poisson, ops.random_gamma and their primitives (RandomShuffle,
Multinomial, StandardLaplace, RandomPoisson, RandomGamma) from real MindSpore 2.10
(tests/golden/op_streams_distributions.npz).

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py op_streams_distributions

Cases are functions ``case(ms)`` of the framework module returning a list of arrays, drawn
in PyNative mode after ``ms.set_seed(seed)``;
`tests/ops/test_op_streams_distributions.py` runs the same functions with ``ms = msfunc``.
No top-level import of MindSpore or msfunc (the test imports this module).
"""

import os
import sys

import numpy as np

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "op_streams_distributions.npz"
)
SEEDS = (1, 7, 0)  # (0: MindSpore's default graph seed takes its place)


def _probs(rows, cols, salt, dtype=np.float32):
    p = np.random.RandomState(200 + salt).rand(rows, cols).astype(dtype)
    return p[0] if rows == 1 else p


def _summary(values):
    """A long draw as its first entries and a position-weighted checksum."""
    v = np.asarray(values).astype(np.int64).reshape(-1)
    check = int((v * np.arange(1, v.size + 1)).sum() % (2**61 - 1))
    return [v[:32], np.array([check], np.int64)]


def _shuffle(ms):
    ops = ms.ops
    x = ms.Tensor(np.arange(10, dtype=np.float32))
    rows = ms.Tensor(np.arange(15, dtype=np.int32).reshape(5, 3))
    flags = ms.Tensor(np.array([True, False, True, True, False, False, True]))
    return [
        ops.shuffle(x),
        ops.shuffle(x),
        ops.shuffle(rows),
        ops.shuffle(x, seed=3),
        ops.shuffle(x, seed=3),
        ops.shuffle(flags),
        ops.shuffle(ms.Tensor(np.ones(1))),
    ]


def _shuffle_large(ms):
    # past 46340 rows libstdc++ draws one swap position per output, not two
    big = ms.ops.shuffle(ms.Tensor(np.arange(50000, dtype=np.int32)))
    small = ms.ops.shuffle(ms.Tensor(np.arange(3000, dtype=np.int32)))
    return [*_summary(big.asnumpy()), *_summary(small.asnumpy())]


def _multinomial(ms):
    ops = ms.ops
    p1 = ms.Tensor(np.array([0.1, 0.2, 0.3, 0.4], np.float32))
    p2 = ms.Tensor(_probs(3, 6, 1))
    p64 = ms.Tensor(_probs(1, 5, 2, np.float64))
    zero = ms.Tensor(np.array([[0.0, 0.5, 0.0, 0.5], [1.0, 0.0, 0.0, 0.0]], np.float32))
    return [
        ops.multinomial(p1, 10),
        ops.multinomial(p1, 10),
        ops.multinomial(p2, 7),
        ops.multinomial(p64, 9, seed=2),
        ops.multinomial(p64, 9, seed=2),
        ops.multinomial(zero, 8),
        ops.multinomial(ms.Tensor(_probs(1, 50, 3)), 400),
    ]


def _laplace(ms):
    ops = ms.ops
    return [
        ops.standard_laplace((4,)),
        ops.standard_laplace((2, 3)),
        ops.standard_laplace((5,), seed=4),
        ops.standard_laplace((3000,)),
        ops.laplace((4,), ms.Tensor(1.0), ms.Tensor(2.0)),
        ops.laplace(
            (2, 3), ms.Tensor(np.array([0.0, 1.0, 2.0], np.float32)), ms.Tensor(0.5), seed=6
        ),
    ]


def _poisson(ms):
    ops, shape = ms.ops, ms.Tensor(np.array([5], np.int32))
    small = ms.Tensor(np.array([3.0], np.float32))
    mixed = ms.Tensor(np.array([0.5, 12.0, 40.0], np.float32))  # (from 10 on: rejection)
    return [
        ops.random_poisson(shape, small),
        ops.random_poisson(shape, small),
        ops.random_poisson(ms.Tensor(np.array([3, 2], np.int32)), mixed, dtype=ms.int32),
        ops.random_poisson(
            shape, ms.Tensor(np.array([[1.5, 250.0]], np.float64)), seed=3, dtype=ms.float64
        ),
    ]


def _gamma(ms):
    ops, shape = ms.ops, ms.Tensor(np.array([4], np.int32))
    two = ms.Tensor(np.array([2.0], np.float32))
    mixed = ms.Tensor(np.array([0.3, 1.0, 7.5], np.float32))  # (below 1, exponential, above)
    return [
        ops.random_gamma(shape, two),
        ops.random_gamma(shape, two),
        ops.random_gamma(ms.Tensor(np.array([2, 3], np.int32)), mixed),
        ops.random_gamma(shape, ms.Tensor(np.array([[0.8, 3.0]], np.float64)), seed=5),
    ]


def _primitives(ms):
    """Primitive objects keep one engine per input shape, going on from call to call."""
    ops, out = ms.ops, []
    x, rows = ms.Tensor(np.arange(10, dtype=np.float32)), ms.Tensor(np.arange(8).reshape(4, 2))
    for seeds in ((1, 0), (0, 3)):
        shuffle = ops.RandomShuffle(*seeds)
        out += [shuffle(x), shuffle(rows), shuffle(x)]
        laplace = ops.StandardLaplace(*seeds)
        out += [laplace((4,)), laplace((2, 3)), laplace((4,))]
        draw = ops.Multinomial(*seeds)
        p = ms.Tensor(_probs(2, 5, 4))
        out += [draw(p, 6), draw(ms.Tensor(_probs(1, 5, 5)), 3), draw(p, 4)]
        poisson = ops.RandomPoisson(*seeds, dtype=ms.float32)
        rates = ms.Tensor(np.array([2.0, 15.0], np.float32))
        shape = ms.Tensor(np.array([3], np.int32))
        out += [
            poisson(shape, rates),
            poisson(ms.Tensor(np.array([2], np.int32)), rates),
            poisson(shape, rates),
        ]
        gamma = ops.RandomGamma(*seeds)
        alphas = ms.Tensor(np.array([0.5, 2.5], np.float32))
        out += [
            gamma(shape, alphas),
            gamma(ms.Tensor(np.array([2], np.int32)), alphas),
            gamma(shape, alphas),
        ]
    return out


CASES = {
    "shuffle": _shuffle,
    "shuffle_large": _shuffle_large,
    "multinomial": _multinomial,
    "laplace": _laplace,
    "poisson": _poisson,
    "gamma": _gamma,
    "primitives": _primitives,
}


def run_case(ms, name, seed):
    """The arrays case `name` draws after ``ms.set_seed(seed)``."""
    ms.set_seed(seed)
    return [np.asarray(v.asnumpy() if hasattr(v, "asnumpy") else v) for v in CASES[name](ms)]


def main():
    import mindspore as ms

    arrays = {}
    for name in CASES:
        for seed in SEEDS:
            for i, value in enumerate(run_case(ms, name, seed)):
                arrays[f"{name}/{seed}/{i}"] = value
    np.savez_compressed(GOLDEN_PATH, **arrays)
    print(f"wrote {len(arrays)} arrays to {GOLDEN_PATH}", file=sys.stderr)


if __name__ == "__main__":
    main()
