"""Raw seeded draws of ops.bernoulli (explicit seeds), ops.random_categorical,
ops.choice_with_mask, ops.rrelu, ops.multinomial_with_replacement and the primitives
Bernoulli, RandomCategorical, RandomChoiceWithMask, TruncatedNormal and
ParameterizedTruncatedNormal from real MindSpore 2.10 (tests/golden/op_streams_choice.npz).

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py op_streams_choice

Cases are functions ``case(ms, seed)`` of the framework module returning a list of arrays,
drawn in PyNative mode after ``ms.set_seed(seed)``; `tests/ops/test_op_streams_choice.py`
runs the same functions with ``ms = msfunc``. ``ops.bernoulli`` keeps one primitive per
seed for the whole process (its kernels go on from call to call), so no two cases share a
Bernoulli seed. No top-level import of MindSpore or msfunc (the test imports this module).
"""

import os
import sys

import numpy as np

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "op_streams_choice.npz"
)
SEEDS = (1, 7, 0)  # (0: MindSpore's default graph seed takes its place)


def _summary(values):
    """A long draw as its first entries and a position-weighted checksum."""
    v = np.asarray(values).astype(np.int64).reshape(-1)
    check = int((v * np.arange(1, v.size + 1)).sum() % (2**61 - 1))
    return [v[:32], np.array([check], np.int64)]


def _array(seed, shape, dtype=np.float32, salt=0):
    return np.random.RandomState(300 + 10 * seed + salt).rand(*shape).astype(dtype)


def _bernoulli(ms, seed):
    ops, t = ms.ops, ms.Tensor
    s = 1000 + 10 * seed  # (seeds of this case alone: see the module docstring)
    x5 = t(np.zeros(5, np.float32))
    out = [ops.bernoulli(x5, 0.5, seed=s) for _ in range(3)]  # (later calls start mid-block)
    out += [
        ops.bernoulli(t(np.zeros((3, 4), np.int32)), 0.3, seed=s),
        ops.bernoulli(
            t(np.zeros((2, 3), np.float64)), t(_array(seed, (2, 3), np.float64)), seed=s + 1
        ),
        ops.bernoulli(t(np.zeros(7, np.float32)), t(_array(seed, (7,), salt=1)), seed=s + 1),
        ops.bernoulli(t(np.zeros(6, np.uint8)), 0.5, seed=s + 2),
        ops.bernoulli(t(np.zeros(6, np.bool_)), 0.5, seed=s + 2),
    ]
    out += _summary(ops.bernoulli(t(np.zeros(3001, np.float32)), 0.7, seed=s + 3).asnumpy())
    prim = ops.Bernoulli(seed=s + 4)
    out += [
        prim(x5, t(0.3, ms.float32)),
        prim(x5, t(0.3, ms.float32)),
        prim(t(np.zeros(3, np.float32)), t(0.6, ms.float32)),
    ]
    with_offset = ops.Bernoulli(seed=s + 5, offset=3)  # (the CPU kernel ignores the offset)
    out += [with_offset(x5, t(0.5, ms.float32)), with_offset(x5, t(0.5, ms.float32))]
    return out


def _categorical(ms, seed):
    ops, t = ms.ops, ms.Tensor
    s = 20 + seed  # (the seed input: 0 would make MindSpore seed the kernel at random)
    logits = t(np.log(np.array([[0.1, 0.2, 0.3, 0.4], [0.25, 0.25, 0.25, 0.25]], np.float32)))
    wide = t(np.log(_array(seed, (3, 5), np.float64) + 0.05))
    out = [
        ops.random_categorical(logits, 6, seed=s),
        ops.random_categorical(logits, 6, seed=s),
        ops.random_categorical(wide, 4, seed=s + 1),
        ops.random_categorical(logits, 5, seed=s + 2, dtype=ms.int32),
        ops.random_categorical(
            t(np.array([[5.0, -3.0, 0.0]], np.float32)), 7, seed=s + 3, dtype=ms.int16
        ),
    ]
    out += _summary(
        ops.random_categorical(t(_array(seed, (2, 40), salt=2) * 4), 500, seed=s + 4).asnumpy()
    )
    prim = ops.RandomCategorical(ms.int64)
    out += [
        prim(logits, 3, s),
        prim(logits, 3, s),
        prim(logits, 3, s + 1),
        prim(logits, 3, s),
        prim(wide, 2, s),
    ]
    return out


def _choice(ms, seed):
    ops, t = ms.ops, ms.Tensor
    x2 = t(np.array([[True, False, True, True], [False, True, True, False]]))
    x3 = t(_array(seed, (2, 3, 4), salt=3) > 0.4)
    x1 = t(np.array([True, False, True, True, False, True]))
    out = []
    for x, count, op_seed in (
        (x2, 4, None),
        (x2, 4, None),
        (x3, 6, None),
        (x1, 3, 2),
        (x1, 3, 2),
        (x2, 9, None),
    ):
        out += list(ops.choice_with_mask(x, count, seed=op_seed))
    big = t(_array(seed, (40, 25), salt=4) > 0.5)
    index, mask = ops.choice_with_mask(big, 256)
    out += _summary(index.asnumpy()) + [mask]
    for seeds in ((seed + 1, 0), (0, 3)):
        prim = ops.RandomChoiceWithMask(4, *seeds)
        out += [*prim(x2), *prim(x2), *prim(x1), *prim(x2)]
    return out


def _rrelu(ms, seed):
    ops, t = ms.ops, ms.Tensor
    x = t(_array(seed, (3, 4), salt=5) - 0.5)
    return [
        ops.rrelu(x),
        ops.rrelu(x, 0.2, 0.6),
        ops.uniform((3,), t(0.0), t(1.0)),
        ops.rrelu(t(np.array([-1.0, 2.0, -3.0], np.float64))),
    ]


def _truncated_normal(ms, seed):
    """A kernel per output shape, going on from call to call."""
    ops, t = ms.ops, ms.Tensor
    prim = ops.TruncatedNormal(seed=seed + 1)
    out = [prim(t(np.array(shape, np.int32))) for shape in ([2, 3], [3, 2], [2, 2, 2], [2, 3])]
    wide = ops.TruncatedNormal(seed=0, seed2=seed + 2, dtype=ms.float64)
    out += [
        wide(t(np.array([4, 5], np.int64))),
        wide(t(np.array([4, 5], np.int64))),
        ops.TruncatedNormal(seed=seed + 3)(t(np.array([10, 40], np.int32))),
    ]
    return out


def _multinomial_philox(ms, seed):
    """multinomial_with_replacement: the seed and offset inputs key the kernel's Philox."""
    ops, t = ms.ops, ms.Tensor

    def draw(x, s, offset, count, replacement):
        return ops.multinomial_with_replacement(
            t(x), t(s, ms.int64), t(offset, ms.int64), count, replacement
        )

    rows = _array(seed, (3, 6), salt=6)
    rows[1, 2] = rows[2, 0] = rows[2, 5] = 0.0  # (without replacement these come last)
    return [
        draw(rows, seed + 5, 0, 8, True),
        draw(rows, seed + 5, 3, 8, True),
        draw(rows, seed + 6, 0, 6, False),
        draw(rows[0], seed + 7, 1, 5, True),
        draw(_array(seed, (2, 9), np.float64, salt=7), seed + 8, 0, 9, False),
        draw(_array(seed, (1, 50), salt=8), seed, 2, 300, True),
    ]


def _parameterized(ms, seed):
    """ParameterizedTruncatedNormal: normal rejection, uniform and exponential proposals; a
    kernel per parameter type and output shape, whatever the parameters' shapes."""
    ops, t = ms.ops, ms.Tensor

    def params(dtype, *values):
        return [t(np.array(v, dtype)) for v in values]

    prim = ops.ParameterizedTruncatedNormal(seed=seed + 1)
    shape = t(np.array([2, 3], np.int32))
    wide = params(np.float64, [0.0, 1.0], [1.0, 2.0], [-3.0, -2.0], [3.0, 5.0])
    narrow = params(np.float64, [0.0], [1.0], [0.5], [0.9])  # (uniform proposals)
    tail = params(np.float64, [0.0], [1.0], [1.5], [9.0])  # (exponential proposals)
    out = [
        prim(shape, *wide),
        prim(shape, *wide),
        prim(shape, *narrow),
        prim(shape, *tail),
        prim(shape, *params(np.float32, [0.0], [1.0], [1.5], [9.0])),
        prim(t(np.array([3, 4], np.int64)), *params(np.float32, [2.0], [0.5], [1.0], [2.5])),
    ]
    other = ops.ParameterizedTruncatedNormal(seed=0, seed2=seed + 4)
    return out + [other(shape, *params(np.float64, [0.0], [1.0], [-3.0], [3.0]))]


CASES = {
    "bernoulli": _bernoulli,
    "categorical": _categorical,
    "choice": _choice,
    "rrelu": _rrelu,
    "truncated_normal": _truncated_normal,
    "multinomial_philox": _multinomial_philox,
    "parameterized": _parameterized,
}


def run_case(ms, name, seed):
    """The arrays case `name` draws after ``ms.set_seed(seed)``."""
    ms.set_seed(seed)
    return [np.asarray(v.asnumpy() if hasattr(v, "asnumpy") else v) for v in CASES[name](ms, seed)]


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
