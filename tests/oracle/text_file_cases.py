"""TextFileDataset cases shared by gen_text_file_golden.py (real MindSpore 2.10) and
tests/dataset/test_text_file_source.py (msfunc): row orders for the shuffle modes,
workers, shards and epochs, and the exception types of bad arguments."""

import os

# (MindSpore keeps the "\r" of a "\r\n" line end: "\r\n" alone is a row "\r")
FILES = {"1.txt": "a1\na2\n\na3\n", "2.txt": "b1\r\nb2\n\r\n", "3.txt": "c1\nc2\nc3\nc4\n"}

# name -> (dataset seed, TextFileDataset keyword arguments, epochs)
CASES = {
    "plain_1worker": (1, {"shuffle": False, "num_parallel_workers": 1}, 1),
    "plain_2workers": (1, {"shuffle": False, "num_parallel_workers": 2}, 1),
    "shard1_of_2_wraps": (
        1,
        {"shuffle": False, "num_shards": 2, "shard_id": 1, "num_parallel_workers": 2},
        1,
    ),
    "num_samples": (1, {"shuffle": False, "num_samples": 4, "num_parallel_workers": 2}, 1),
    "files": (1, {"shuffle": "files", "num_parallel_workers": 1}, 1),
    "global": (1, {"num_parallel_workers": 1}, 1),
    "global_2epochs": (7, {"num_parallel_workers": 2}, 2),
    "files_sharded_2epochs": (
        7,
        {"shuffle": "files", "num_shards": 2, "shard_id": 1, "num_parallel_workers": 2},
        2,
    ),
}

BAD = {
    "shuffle_int": {"shuffle": 3},
    "negative_num_samples": {"num_samples": -1},
    "shard_without_id": {"num_shards": 2},
}


def write_files(folder):
    for name, text in FILES.items():
        with open(os.path.join(folder, name), "w") as f:
            f.write(text)
    return os.path.join(folder, "*")


def outcome(ds, pattern, case):
    """Per epoch, the rows read; with the dataset size."""
    seed, kwargs, epochs = case
    kwargs = dict(kwargs)
    if kwargs.get("shuffle") == "files":
        kwargs["shuffle"] = ds.Shuffle.FILES
    ds.config.set_seed(seed)
    data = ds.TextFileDataset(pattern, **kwargs)
    it = data.create_tuple_iterator(output_numpy=True, num_epochs=epochs)
    rows = [[str(row[0]) for row in it] for _ in range(epochs)]
    return {"size": data.get_dataset_size(), "rows": rows}


def error_of(ds, pattern, kwargs):
    """The exception type name TextFileDataset raises for `kwargs` (None: none)."""
    try:
        ds.TextFileDataset(pattern, **kwargs)
    except Exception as e:  # noqa: BLE001 - the type is what is recorded
        return type(e).__name__
    return None
