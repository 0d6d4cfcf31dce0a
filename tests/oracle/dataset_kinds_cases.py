"""Dataset cases shared by gen_dataset_kinds_golden.py (real MindSpore 2.10) and
tests/dataset/test_dataset_kinds.py (msfunc): which of ``mindspore.dataset.engine.datasets``'
classes each pipeline node and each public dataset class is an instance or subclass of."""

import inspect
import os

import numpy as np

KINDS = (
    "UnionBaseDataset",
    "VisionBaseDataset",
    "TextBaseDataset",
    "AudioBaseDataset",
    "SourceDataset",
    "MappableDataset",
    "BatchDataset",
    "PaddedBatchDataset",
    "MapDataset",
    "ShuffleDataset",
    "RepeatDataset",
    "TakeDataset",
    "SkipDataset",
    "ProjectDataset",
    "RenameDataset",
    "FilterDataset",
    "ConcatDataset",
    "ZipDataset",
    "BucketBatchByLengthDataset",
)


class Rows:
    """A random-access source of four rows."""

    def __getitem__(self, index):
        return (np.array([index], np.int32),)

    def __len__(self):
        return 4


def _pipelines(ds, folder):
    csv = os.path.join(folder, "rows.csv")
    with open(csv, "w") as f:
        f.write("a,b\n1,2\n3,4\n")
    base = ds.NumpySlicesDataset(np.arange(4), ["x"], shuffle=False)
    return {
        "numpy_slices": base,
        "generator_random_access": ds.GeneratorDataset(Rows(), ["x"]),
        "generator_iterable": ds.GeneratorDataset(lambda: iter([(np.ones(1),)]), ["x"]),
        "csv": ds.CSVDataset(csv, shuffle=False),
        "batch": base.batch(2),
        "padded_batch": base.padded_batch(2, pad_info={}),
        "map": base.map(lambda v: v),
        "shuffle": base.shuffle(2),
        "repeat": base.repeat(2),
        "take": base.take(2),
        "skip": base.skip(1),
        "project": base.project(["x"]),
        "rename": base.rename(["x"], ["y"]),
        "filter": base.filter(lambda v: True),
        "concat": base.concat(base),
        "zip": ds.zip((base, base.rename(["x"], ["y"]))),
        "bucket": base.bucket_batch_by_length(["x"], [2], [1, 1]),
    }


def kinds(ds, engine_datasets, folder):
    """{pipeline: kinds it is an instance of}; {public dataset class: kinds it subclasses}."""
    classes = {name: getattr(engine_datasets, name) for name in KINDS}
    nodes = {
        name: [k for k, cls in classes.items() if isinstance(node, cls)]
        for name, node in _pipelines(ds, folder).items()
    }
    sources = {}
    for name in sorted(dir(ds)):
        value = getattr(ds, name)
        if inspect.isclass(value) and name.endswith("Dataset") and name not in KINDS:
            sources[name] = [k for k, cls in classes.items() if issubclass(value, cls)]
    same = {
        name: getattr(ds, name) is getattr(engine_datasets, name)
        for name in KINDS + ("BatchInfo", "TransferDataset", "SyncWaitDataset")
    }
    return {"nodes": nodes, "sources": sources, "same_objects": same}
