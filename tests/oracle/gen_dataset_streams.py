"""Seeded dataset orders from real MindSpore 2.10 (tests/golden/dataset_streams.json).

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py dataset_streams

Each case is a function ``case(ds)`` returning ``(dataset, epochs)``; the recorded value is
the first column of every row of every epoch of one iterator.
`tests/dataset/test_dataset_streams.py`
runs the same functions with ``ds = msfunc.dataset``. Long orders are kept as their first
rows and a checksum. This module must not import MindSpore or msfunc at top level.
"""

import json
import os
import sys

import numpy as np

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "dataset_streams.json"
)
SEEDS = (0, 1, 7, 12345)
KEEP = 40  # rows kept of a long order (the rest is summarised by the checksum)


class _Source:
    """A random-access source of `n` rows (i,)."""

    def __init__(self, n):
        self.n = n

    def __getitem__(self, i):
        return (np.array(i, np.int64),)

    def __len__(self):
        return self.n


def _rows(n):
    return [(np.array(i, np.int64),) for i in range(n)]


CASES = {
    "generator_shuffle": lambda ds: (ds.GeneratorDataset(_Source(6), ["x"], shuffle=True), 3),
    "generator_default_list": lambda ds: (ds.GeneratorDataset(_rows(9), ["x"]), 2),
    "generator_workers": lambda ds: (
        ds.GeneratorDataset(_Source(13), ["x"], shuffle=True, num_parallel_workers=2),
        2,
    ),
    "numpy_slices": lambda ds: (ds.NumpySlicesDataset({"x": np.arange(10)}), 2),
    "numpy_slices_300": lambda ds: (ds.NumpySlicesDataset({"x": np.arange(300)}), 2),
    "numpy_slices_70000": lambda ds: (ds.NumpySlicesDataset({"x": np.arange(70000)}), 1),
    "num_samples": lambda ds: (ds.NumpySlicesDataset({"x": np.arange(9)}, num_samples=4), 2),
    "buffer_4": lambda ds: (ds.GeneratorDataset(_rows(10), ["x"], shuffle=False).shuffle(4), 3),
    "buffer_2": lambda ds: (ds.GeneratorDataset(_rows(7), ["x"], shuffle=False).shuffle(2), 2),
    "buffer_larger": lambda ds: (
        ds.GeneratorDataset(_rows(6), ["x"], shuffle=False).shuffle(100),
        2,
    ),
    "buffer_exact": lambda ds: (ds.GeneratorDataset(_rows(5), ["x"], shuffle=False).shuffle(5), 2),
    "buffer_then_batch": lambda ds: (
        ds.GeneratorDataset(_rows(9), ["x"], shuffle=False).shuffle(3).batch(2),
        2,
    ),
    "shuffle_and_buffer": lambda ds: (
        ds.GeneratorDataset(_Source(8), ["x"], shuffle=True).shuffle(3),
        2,
    ),
    "repeat_of_shuffled": lambda ds: (
        ds.GeneratorDataset(_Source(5), ["x"], shuffle=True).repeat(2),
        2,
    ),
    "random_sampler": lambda ds: (
        ds.GeneratorDataset(_Source(8), ["x"], sampler=ds.RandomSampler()),
        2,
    ),
    "random_sampler_num": lambda ds: (
        ds.NumpySlicesDataset({"x": np.arange(8)}, sampler=ds.RandomSampler(num_samples=3)),
        2,
    ),
    "random_sampler_replacement": lambda ds: (
        ds.GeneratorDataset(_Source(7), ["x"], sampler=ds.RandomSampler(replacement=True)),
        2,
    ),
}


def _summary(order):
    order = [int(v) for v in order]
    if len(order) <= 2 * KEEP:
        return order
    check = sum((i + 1) * v for i, v in enumerate(order)) % (2**61 - 1)
    return order[:KEEP] + [len(order), check]


def run_case(ds, name, seed):
    """One iterator's epochs of case `name` under dataset seed `seed`, summarised."""
    ds.config.set_seed(seed)
    data, epochs = CASES[name](ds)
    it = data.create_tuple_iterator(num_epochs=epochs, output_numpy=True)
    out = []
    for _ in range(epochs):
        out.append(_summary(np.concatenate([np.ravel(row[0]) for row in it])))
    return out


def precedence(ms, ds):
    """Dataset seeds after the two seeding calls in either order, and a shuffle after each."""
    ds.config.set_seed(3)
    ms.set_seed(6)
    first = ds.config.get_seed()
    ms.set_seed(6)
    ds.config.set_seed(3)
    return [first, ds.config.get_seed()]


def main():
    import mindspore as ms
    import mindspore.dataset as ds

    golden = {
        "cases": {f"{name}/{seed}": run_case(ds, name, seed) for name in CASES for seed in SEEDS},
        "precedence": precedence(ms, ds),
    }
    with open(GOLDEN_PATH, "w") as f:
        json.dump(golden, f, separators=(",", ":"))
        f.write("\n")
    print(f"wrote {len(golden['cases'])} cases to {GOLDEN_PATH}", file=sys.stderr)


if __name__ == "__main__":
    main()
