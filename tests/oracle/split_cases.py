"""Dataset.split cases shared by gen_split_golden.py (real MindSpore 2.10) and
tests/dataset/test_split_parts.py (msfunc): the parts' rows for ints and rounded fractions,
a source's random split under two seeds (and sharded after it), the random split of a
dataset that is no source (a pipeline op's rows, shuffled or not below it), and what bad
sizes raise."""

import numpy as np


def _source(ds, n=5, **kwargs):
    return ds.NumpySlicesDataset({"x": np.arange(n)}, shuffle=False, **kwargs)


def _rows(data, epochs=1):
    it = data.create_tuple_iterator(num_epochs=epochs, output_numpy=True)
    return [[int(r[0]) for r in it] for _ in range(epochs)]


def _parts(ds, sizes, randomize, data=None):
    data = _source(ds) if data is None else data
    try:
        return [_rows(p)[0] for p in data.split(sizes, randomize=randomize)]
    except Exception as exc:  # (the type is what is compared)
        return type(exc).__name__


SIZES = [
    [4, 1],
    [0.5, 0.5],
    [0.15, 0.55, 0.3],
    [0.33, 0.67],
    [],
    [5, 0.6],
    [-1, 6],
    [3, 1],
    [0.15, 0.15, 0.15, 0.15, 0.15, 0.25],
    [1.5, 0.5],
    [0.3, 0.6],
    [0.05, 0.95],
]


def outcome(ds):
    """Everything the golden file holds."""
    seed = ds.config.get_seed()
    out = {
        "fixed": [_parts(ds, s, False) for s in SIZES],
        "projected": [_parts(ds, s, False, _source(ds).project(["x"])) for s in SIZES[:4]],
        "sharded": _parts(ds, [4, 1], False, _source(ds, num_shards=2, shard_id=0)),
    }
    randomized = {}
    for s in (53, 7):
        ds.config.set_seed(s)
        parts = _source(ds, 8).split([0.75, 0.25])
        randomized[str(s)] = [_rows(p, 2) for p in parts]
        shards = []
        for shard in range(2):
            first, _ = _source(ds, 8).split([6, 2])
            first.use_sampler(ds.DistributedSampler(2, shard))
            shards.append(_rows(first.repeat(2)))
        randomized[f"{s}_shards"] = shards
        # no source: each part shuffles the op's rows the same way every epoch, while a
        # shuffled source below it still draws a new order each epoch
        for shuffled in (False, True):
            data = ds.NumpySlicesDataset({"x": np.arange(10)}, shuffle=shuffled)
            parts = data.project(["x"]).split([0.7, 0.3])
            randomized[f"{s}_op_{shuffled}"] = [_rows(p, 2) for p in parts]
    out["randomized"] = randomized
    ds.config.set_seed(seed)
    return out
