"""Raw seeded draws of random ops from real MindSpore 2.10 (tests/golden/op_streams.npz).

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py op_streams

Each case is a function ``case(ms)`` of the framework module returning a list of arrays,
drawn in PyNative mode after ``ms.set_seed(seed)``; `tests/ops/test_op_streams.py` runs the same
functions with ``ms = msfunc`` (eagerly, and the sequences again under ``msfunc.jit``).
This module must not import MindSpore or msfunc at top level: the msfunc test imports it.
"""

import os
import sys

import numpy as np

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "op_streams.npz"
)
SEEDS = (1, 7, 0)  # (0: MindSpore's default graph seed takes its place)

# Normal draws go through float32 log/sqrt: 1 ulp is allowed there (see the test).
NORMAL_CASES = ("randn", "randn_large", "standard_normal", "normal", "randn_like", "mnp")


def _x(shape, salt=0):
    return np.random.RandomState(100 + salt).randn(*shape).astype(np.float32)


CASES = {
    "rand": lambda ms: [
        ms.ops.rand(5),
        ms.ops.rand(2, 3),
        ms.ops.rand(4, seed=3),
        ms.ops.rand(4, seed=3),
        ms.ops.rand(2, dtype=ms.float64),
    ],
    "rand_large": lambda ms: [ms.ops.rand(3000)],
    "randn": lambda ms: [
        ms.ops.randn(7),
        ms.ops.randn(3),
        ms.ops.randn(2, seed=5),
        ms.ops.randn(2, seed=5),
    ],
    "randn_large": lambda ms: [ms.ops.randn(2001)],
    "standard_normal": lambda ms: [
        ms.ops.standard_normal((5,)),
        ms.ops.standard_normal((3, 2), seed=9),
    ],
    "normal": lambda ms: [
        ms.ops.normal((4,), ms.Tensor(1.0), ms.Tensor(2.0)),
        ms.ops.normal((2, 3), ms.Tensor(np.array([0.0, 1.0, 2.0], np.float32)), ms.Tensor(0.5)),
    ],
    "uniform": lambda ms: [
        ms.ops.uniform((4,), ms.Tensor(-1.0), ms.Tensor(2.0)),
        ms.ops.uniform((6,), ms.Tensor(1, ms.int32), ms.Tensor(9, ms.int32), dtype=ms.int32),
    ],
    "randint": lambda ms: [ms.ops.randint(0, 10, (8,)), ms.ops.randint(-5, 100000, (6,), seed=2)],
    # randint_like steps its own seed counter, not randint's
    "randint_like": lambda ms: [
        ms.ops.randint_like(ms.Tensor(np.zeros((2, 3), np.int32)), 0, 5),
        ms.ops.randint(0, 10, (4,)),
        ms.ops.randint_like(ms.Tensor(np.zeros((2, 3), np.int32)), 0, 5, seed=4),
        ms.ops.randint_like(ms.Tensor(np.zeros((2, 3), np.int32)), 0, 5),
    ],
    "randn_like": lambda ms: [ms.ops.randn_like(ms.Tensor(np.zeros((2, 3), np.float32)))],
    "rand_like": lambda ms: [ms.ops.rand_like(ms.Tensor(np.zeros((3, 2), np.float32)))],
    "multinomial": lambda ms: [
        ms.ops.multinomial(
            ms.Tensor(np.array([[0.1, 0.2, 0.3, 0.4], [0.4, 0.3, 0.2, 0.1]], np.float32)),
            2,
            replacement=False,
        )
    ],
    "dropout": lambda ms: [
        ms.ops.dropout(ms.Tensor(_x((64,))), p=0.3),
        ms.ops.dropout(ms.Tensor(_x((4, 8), 1)), p=0.5),
    ],
    "dropout_layer": lambda ms: _dropout_layer(ms),
    "mnp": lambda ms: [ms.numpy.rand(3), ms.numpy.randn(2, 2), ms.numpy.rand(2)],
    "randperm": lambda ms: [
        ms.ops.randperm(10, seed=1),
        ms.ops.randperm(10, seed=1, offset=3),
        ms.ops.randperm(10),
        ms.ops.randperm(7, dtype=ms.int32),
        *_summary(ms, ms.ops.randperm(70000, seed=4)),
    ],
    "primitives": lambda ms: _primitives(ms),
}


def _primitives(ms):
    """Primitive objects keep one engine per input shape, going on from call to call."""
    ops, out = ms.ops, []
    for seeds in ((1, 0), (0, 1), (3, 2)):
        real = ops.UniformReal(*seeds)
        out += [real((8,)), real((2, 3)), real((8,))]
    normal = ops.StandardNormal(seed=1, seed2=0)
    out += [normal((5,)), normal((3,)), normal((5,)), normal((4, 1))]
    ints = ops.UniformInt(seed=4, seed2=0)
    low, high = ms.Tensor(-3, ms.int32), ms.Tensor(1000, ms.int32)
    out += [ints((6,), low, high), ints((6,), low, high)]
    drop = ops.Dropout(keep_prob=0.6, Seed0=1, Seed1=0)
    x = ms.Tensor(_x((40,), 4))
    out += [drop(x)[0], drop(x)[0]]
    return out


def _summary(ms, perm):
    """A long permutation as its first rows and a position-weighted checksum."""
    p = perm.asnumpy().astype(np.int64)
    check = int((p * np.arange(1, p.size + 1)).sum() % (2**61 - 1))
    return [ms.Tensor(p[:64]), ms.Tensor(np.array([check], np.int64))]


def _dropout_layer(ms):
    layer = ms.nn.Dropout(p=0.4)
    layer.set_train()
    x = ms.Tensor(_x((64,), 2))
    return [layer(x), layer(x), layer(ms.Tensor(_x((3, 5), 3)))]


def run_case(ms, name, seed):
    """The arrays case `name` draws after ``ms.set_seed(seed)``."""
    ms.set_seed(seed)
    return [np.asarray(v.asnumpy()) for v in CASES[name](ms)]


def main():
    import mindspore as ms
    import mindspore.numpy  # noqa: F401  (ms.numpy for the mnp case)

    arrays = {}
    for name in CASES:
        for seed in SEEDS:
            for i, value in enumerate(run_case(ms, name, seed)):
                arrays[f"{name}/{seed}/{i}"] = value
    np.savez_compressed(GOLDEN_PATH, **arrays)
    print(f"wrote {len(arrays)} arrays to {GOLDEN_PATH}", file=sys.stderr)


if __name__ == "__main__":
    main()
