"""Map worker cases shared by gen_map_workers_golden.py (real MindSpore 2.10) and
tests/dataset/test_map_workers.py (msfunc): with `python_multiprocessing` and a dataset seed
set, each worker holds Python and numpy generators of its own, seeded with the seed plus its
number (which `get_seed` gives there), so two iterators see the same draws."""

import random

import numpy as np


def draws(ds, seed, workers=2, rows=8):
    """Per worker seed: the draws its rows got, in row order, for two iterators."""
    ds.config.set_seed(seed)

    def draw(x):
        values = [random.randint(1, 1000) for _ in range(3)] + list(np.random.randint(1, 1000, 2))
        return np.array([ds.config.get_seed(), *values], np.int64)

    data = ds.NumpySlicesDataset({"x": np.arange(rows)}, shuffle=False)
    data = data.map(draw, num_parallel_workers=workers, python_multiprocessing=True)
    out = []
    for _ in range(2):
        by_seed = {}
        for row in data.create_tuple_iterator(num_epochs=1, output_numpy=True):
            by_seed.setdefault(str(int(row[0][0])), []).append(row[0][1:].tolist())
        out.append(by_seed)
    return out
