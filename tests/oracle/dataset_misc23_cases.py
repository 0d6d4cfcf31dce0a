"""Dataset cases shared by gen_dataset_misc23_golden.py (real MindSpore 2.10) and
tests/dataset/test_dataset_misc23.py (msfunc): the seeded generators of GeneratorDataset's
worker processes, debug mode's strict maps, MnistDataset's late file checks."""

import os
import random

import numpy as np


class RandomRows:
    """A random-access source whose rows are draws from Python's and numpy's generators."""

    def __getitem__(self, index):
        return np.array(random.randint(1, 1000)), np.array(np.random.randint(0, 1000))

    def __len__(self):
        return 5


def generator_worker_seeds(ds):
    """Two passes over a seeded random-access GeneratorDataset read by two worker processes
    (python_multiprocessing), then by two threads."""
    out = {}
    for processes in (True, False):
        d = ds.GeneratorDataset(
            RandomRows(),
            ["a", "b"],
            num_parallel_workers=2,
            shuffle=False,
            python_multiprocessing=processes,
        )
        it = d.create_tuple_iterator(num_epochs=2, output_numpy=True)
        rows = [[int(v) for v in row] for _ in range(2) for row in it]
        # threads share the main process's generators: only the count is fixed there
        out[f"processes/{processes}"] = rows if processes else len(rows)
    return out


def _broken(value):
    raise ValueError("a broken sample")


def debug_error_samples(ds):
    """A failing map with the error-samples mode at REPLACE and SKIP, in debug mode and not."""
    mode, debug = ds.config.get_error_samples_mode(), ds.config.get_debug_mode()
    out = {}
    try:
        for on in (True, False):
            ds.config.set_debug_mode(on)
            for name in ("REPLACE", "SKIP"):
                ds.config.set_error_samples_mode(getattr(ds.config.ErrorSamplesMode, name))
                d = ds.NumpySlicesDataset({"x": np.arange(3)}, shuffle=False).map(_broken, ["x"])
                try:
                    got = [int(r[0]) for r in d.create_tuple_iterator(output_numpy=True)]
                except Exception as exc:  # (the type is what is compared)
                    got = type(exc).__name__
                out[f"{on}/{name}"] = got
    finally:
        ds.config.set_error_samples_mode(mode)
        ds.config.set_debug_mode(debug)
    return out


def _attempt(fn):
    try:
        return fn()
    except Exception as exc:  # (the type is what is compared)
        return type(exc).__name__


def mnist_late_checks(ds, folder):
    """MnistDataset over a folder with a labels file and no images file, and over an empty
    folder: construction, column names, size and iteration."""
    os.makedirs(os.path.join(folder, "half"))
    os.makedirs(os.path.join(folder, "empty"))
    with open(os.path.join(folder, "half", "t10k-labels-idx1-ubyte"), "wb") as f:
        f.write(np.array([0x801, 1], ">u4").tobytes() + bytes([7]))
    out = {}
    for name, usage in (("half", None), ("half", "test"), ("empty", None)):
        d = _attempt(lambda n=name, u=usage: ds.MnistDataset(os.path.join(folder, n), u))
        if isinstance(d, str):
            out[f"{name}/{usage}"] = d
            continue
        out[f"{name}/{usage}"] = [
            _attempt(d.get_col_names),
            _attempt(d.get_dataset_size),
            _attempt(lambda d=d: len(list(d.create_tuple_iterator(output_numpy=True)))),
        ]
    return out


def outcome(ds, folder):
    """Every case's result, by name."""
    seed = ds.config.get_seed()
    try:
        ds.config.set_seed(1234)
        return {
            "generator_worker_seeds": generator_worker_seeds(ds),
            "debug_error_samples": debug_error_samples(ds),
            "mnist_late_checks": mnist_late_checks(ds, os.path.join(folder, "mnist")),
        }
    finally:
        ds.config.set_seed(seed)
