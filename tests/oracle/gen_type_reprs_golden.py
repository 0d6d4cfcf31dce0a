"""Golden values from real MindSpore 2.10 (CPU) for what ``print(type(x))`` shows: Tensors,
Parameters, the numpy arrays `asnumpy` gives, and the classes of dataset sources and of each
pipeline step (``batch`` gives a BatchDataset ...). Tutorials print these first.

Writes tests/golden/type_reprs.json; read by tests/compat/test_compat_type_reprs.py.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py type_reprs

Each scenario is a plain MindSpore program ``scenario(ms)`` returning a JSON-able record
(alias_scenarios.py). This module must not import MindSpore or msfunc at top level.
"""

import os

import numpy as np

# (tests/oracle is on sys.path: the scripts run from it; tests/_alias_scenarios adds it)
from alias_scenarios import write_golden

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "type_reprs.json"
)


def tensor_types(ms):
    """A Tensor, the result of arithmetic on it, its numpy array and the classes themselves."""
    t = ms.Tensor(np.ones((2, 2), np.float32))
    return {
        "tensor": str(type(t)),
        "sum": str(type(t + 1)),
        "op_result": str(type(ms.ops.matmul(t, t))),
        "asnumpy": str(type(t.asnumpy())),
        "asnumpy_sum": str(type(t.asnumpy() + 1)),
        "tensor_class": str(ms.Tensor),
        "parameter_class": str(ms.Parameter),
        "formatted": f"{type(t)}",
    }


def dataset_types(ms):
    """Sources, and every step of a pipeline, as ``type(dataset)`` prints them."""
    import mindspore.dataset as ds

    rows = [(np.full(2, i, np.float32),) for i in range(8)]
    source = ds.GeneratorDataset(rows, ["x"], shuffle=False)
    steps = {
        "generator": source,
        "numpy_slices": ds.NumpySlicesDataset({"x": np.arange(4)}, shuffle=False),
        "batch": source.batch(2),
        "map": source.map(lambda x: x * 2, input_columns=["x"]),
        "shuffle": source.shuffle(4),
        "repeat": source.repeat(2),
        "take": source.take(3),
        "skip": source.skip(1),
        "project": source.project(["x"]),
        "rename": source.rename(["x"], ["y"]),
        "concat": source + source,
        "zip": ds.zip((source, source.rename(["x"], ["y"]))),
        "filter": source.filter(lambda x: True, input_columns=["x"]),
    }
    return {name: str(type(data)) for name, data in steps.items()}


SCENARIOS = [tensor_types, dataset_types]


if __name__ == "__main__":
    write_golden(SCENARIOS, GOLDEN_PATH)
