"""Golden values from real MindSpore 2.10 (CPU) for when a pipeline with a Python source reads
its rows: `GeneratorDataset` sources drawing from numpy's global generator beside a program
drawing from it too, so the order of the draws shows how far the pipeline reads ahead.

Writes tests/golden/pipeline_read_ahead.json; read by tests/dataset/test_pipeline_read_ahead.py.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py pipeline_read_ahead

Each scenario is a plain MindSpore program ``scenario(ms)`` returning a JSON-able record
(alias_scenarios.py). The consumer works 10 ms per row, as a training step does:
without that MindSpore's threads race the program and its order varies from run to run.
Beyond what fits in its queues (and for where a source's error surfaces) MindSpore's order
varies between runs even so; those cases are not recorded.
This module must not import MindSpore or msfunc at top level.
"""

import os
import time

import numpy as np

# (tests/oracle is on sys.path: the scripts run from it; tests/_alias_scenarios adds it)
from alias_scenarios import write_golden

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "pipeline_read_ahead.json"
)


class _Draws:
    """A source whose every row is one draw of numpy's global generator."""

    def __init__(self, rows):
        self.rows = rows

    def __getitem__(self, index):
        return (np.array([np.random.rand()]),)

    def __len__(self):
        return self.rows


def _positions():
    """The index of each of numpy's next draws after seed 0, by value."""
    np.random.seed(0)
    order = {round(float(v), 9): i for i, v in enumerate(np.random.rand(2000))}
    np.random.seed(0)
    return lambda value: order[round(float(np.ravel(value)[0]), 9)]


def _consume(ms, rows, batch, num_epochs, epochs, pipelines=1, pause=0.01):
    """[row's draw, program's draw] for each row of each pipeline, epoch by epoch."""
    at = _positions()
    iterators = []
    for _ in range(pipelines):
        data = ms.dataset.GeneratorDataset(_Draws(rows), ["x"], shuffle=False)
        if batch > 1:
            data = data.batch(batch)
        iterators.append(data.create_tuple_iterator(num_epochs=num_epochs, output_numpy=True))
    record = []
    for _ in range(epochs):
        for iterator in iterators:
            for row in iterator:
                time.sleep(pause)
                record.append([at(row[0]), at(np.random.rand())])
    return record


def across_epochs(ms):
    """An iterator made for 3 epochs reads all of them at its first read."""
    return _consume(ms, rows=4, batch=1, num_epochs=3, epochs=3)


def two_pipelines(ms):
    """Two pipelines, each read whole at its own first read, the program's draws between."""
    return _consume(ms, rows=4, batch=2, num_epochs=3, epochs=3, pipelines=2)


def no_last_epoch(ms):
    """num_epochs=-1: each epoch is read once the one before has been read to its end."""
    return _consume(ms, rows=4, batch=1, num_epochs=-1, epochs=3)


def batches_fitting(ms):
    """A batched pipeline small enough to be read whole at its first read."""
    return _consume(ms, rows=64, batch=4, num_epochs=1, epochs=1)


SCENARIOS = [across_epochs, two_pipelines, no_last_epoch, batches_fitting]


if __name__ == "__main__":
    write_golden(SCENARIOS, GOLDEN_PATH)
