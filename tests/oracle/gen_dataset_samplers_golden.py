"""Golden values for msfunc.dataset's samplers from real MindSpore 2.10: writes
tests/golden/dataset_samplers.json.

`scenarios(ds, rec)` is a plain `mindspore.dataset` program (user samplers, iterables of ids,
SubsetSampler, SubsetRandomSampler, WeightedRandomSampler, child samplers, add_sampler); a
call that raises is recorded as its exception's type name. tests/dataset/test_dataset_samplers.py
runs the same function with ds = msfunc.dataset.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py dataset_samplers
"""

import copy
import json
import os
import sys

import numpy as np


def _passes(ds, sampler, n=10, epochs=2):
    """The ids of `epochs` passes over n rows (or the exception type's name)."""
    try:
        data = ds.NumpySlicesDataset({"x": np.arange(n)}, sampler=copy.deepcopy(sampler))
        it = data.create_tuple_iterator(num_epochs=epochs, output_numpy=True)
        return [data.get_dataset_size()] + [[int(r[0]) for r in it] for _ in range(epochs)]
    except Exception as exc:  # noqa: BLE001 - the type is the recorded answer
        return type(exc).__name__


def scenarios(ds, rec):
    ds.config.set_seed(7)

    class Reverse(ds.Sampler):
        def __iter__(self):
            return iter(range(self.dataset_size - 1, -1, -1))

    class Shrinking(ds.Sampler):
        """A user sampler with its own random state: fewer ids each pass."""

        def __init__(self):
            super().__init__()
            self.generator = np.random.default_rng(0)

        def __iter__(self):
            count = int(self.generator.integers(1, 11))
            return iter(range(count))

    class Evens:
        def __iter__(self):
            return iter([0, 2, 4])

    class ByIndex:
        def __getitem__(self, i):
            if i > 2:
                raise IndexError(i)
            return i * 3

    chained = ds.SequentialSampler(start_index=1, num_samples=6)
    chained.add_child(ds.SubsetSampler([9, 8, 7, 6, 5, 4, 3, 2]))
    shuffled_child = ds.RandomSampler()
    shuffled_child.add_child(ds.SequentialSampler(start_index=2, num_samples=5))
    user_child = Reverse()
    user_child.add_child(ds.SequentialSampler(start_index=3))
    cases = {
        "user": Reverse(),
        "user_num_samples": Reverse(num_samples=3),
        "user_random_state": Shrinking(),
        "user_child": user_child,
        "iterable": Evens(),
        "getitem": ByIndex(),
        "list": [3, 1, 1],
        "array": np.array([4, 0]),
        "out_of_range": [3, 20],
        "negative": [-1, 2],
        "subset": ds.SubsetSampler([9, 2, 5], num_samples=2),
        "subset_random": ds.SubsetRandomSampler([9, 2, 5, 7, 0, 3]),
        "subset_random_cut": ds.SubsetRandomSampler([9, 2, 5, 7, 0, 3], num_samples=4),
        "weighted": ds.WeightedRandomSampler([1, 2, 3, 4, 0, 0, 1, 1, 5, 2], num_samples=8),
        "weighted_no_replacement": ds.WeightedRandomSampler(
            [1, 2, 3, 4, 0, 0, 1, 1, 5, 2], num_samples=5, replacement=False
        ),
        "weighted_too_many": ds.WeightedRandomSampler([1] * 12, num_samples=3),
        "child_sequential_subset": chained,
        "child_random_sequential": shuffled_child,
    }
    for key, sampler in cases.items():
        rec(key, _passes(ds, sampler))

    def second_child():
        s = ds.SequentialSampler()
        s.add_child(ds.SequentialSampler())
        s.add_child(ds.SequentialSampler())

    try:
        second_child()
        rec("second_child", "accepted")
    except Exception as exc:  # noqa: BLE001
        rec("second_child", type(exc).__name__)

    added = ds.NumpySlicesDataset({"x": np.arange(8)}, shuffle=False)
    added.add_sampler(ds.SequentialSampler(start_index=4))
    used = ds.NumpySlicesDataset({"x": np.arange(8)}, shuffle=False)
    used.use_sampler(ds.SubsetSampler([6, 1]))
    rec(
        "add_and_use_sampler",
        [[int(r[0]) for r in d.create_tuple_iterator(output_numpy=True)] for d in (added, used)],
    )


def batch_samplers(ds, rec):
    """GeneratorDataset with a batch_sampler: rows are batches, joined by collate_fn."""

    class Batches:
        def __init__(self):
            self.indices = [[4, 1, 3], [0], [2, 5]]
            self.generator = np.random.default_rng(0)

        def __iter__(self):
            self.generator.shuffle(self.indices)  # another order every pass
            return iter(self.indices)

    source = [(np.array([i, -i], np.int32), np.float32(i / 2)) for i in range(6)]

    def collate(pairs, halves):
        return {"sum": np.stack(pairs).sum(0)}, np.array(halves)[::-1]

    def passes(make, epochs=2, init_step=0):
        try:
            data = make()
            if init_step:
                data.set_init_step(init_step)
            it = data.create_tuple_iterator(num_epochs=epochs, output_numpy=True)
            rows = [
                [
                    [
                        np.asarray(c).tolist()
                        if not isinstance(c, dict)
                        else {k: np.asarray(v).tolist() for k, v in c.items()}
                        for c in r
                    ]
                    for r in it
                ]
                for _ in range(epochs - init_step // data.get_dataset_size())
            ]
            return [data.get_dataset_size(), data.get_batch_size()] + rows
        except Exception as exc:  # noqa: BLE001 - the type is the recorded answer
            return type(exc).__name__

    def generator(**kwargs):
        return lambda: ds.GeneratorDataset(source, ["pair", "half"], **kwargs)

    rec("batch_stacked", passes(generator(batch_sampler=Batches())))
    rec("batch_collated", passes(generator(batch_sampler=Batches(), collate_fn=collate)))
    rec("batch_resumed", passes(generator(batch_sampler=Batches()), epochs=3, init_step=3))
    for name in ("num_samples", "shuffle", "num_shards"):
        value = {"num_samples": 2, "shuffle": True, "num_shards": 2}[name]
        extra = {"shard_id": 0} if name == "num_shards" else {}
        rec(
            f"batch_with_{name}",
            passes(generator(batch_sampler=Batches(), **{name: value}, **extra)),
        )
    rec("batch_sampler_not_iterable", passes(generator(batch_sampler=3)))
    rec("collate_without_batch_sampler", passes(generator(collate_fn=collate)))
    rec("collate_not_callable", passes(generator(batch_sampler=Batches(), collate_fn=3)))


def random_access(ds, rec):
    """dataset[i] of a GeneratorDataset: the source's item at position i of the sampled order;
    a Schema naming the columns."""
    ds.config.set_seed(200)
    source = [np.array([10 * i], np.int64) for i in range(6)]

    def access(make, indices):
        out = []
        for index in indices:
            try:
                out.append(np.asarray(make()[index]).tolist())
            except Exception as exc:  # noqa: BLE001 - the type is the recorded answer
                out.append(type(exc).__name__)
        return out

    for shuffle in (None, False, True):
        for num_samples in (None, 4):
            rec(
                f"getitem_shuffle_{shuffle}_samples_{num_samples}",
                access(
                    lambda shuffle=shuffle, num_samples=num_samples: ds.GeneratorDataset(
                        source, ["x"], shuffle=shuffle, num_samples=num_samples
                    ),
                    range(6),
                ),
            )
    weighted = ds.WeightedRandomSampler([0.9, 0.01, 0.4, 0.8, 0.1, 0.3], 4)
    rec(
        "getitem_weighted",
        access(lambda: ds.GeneratorDataset(source, ["x"], sampler=weighted), range(4)),
    )
    rec(
        "getitem_refused",
        access(lambda: ds.GeneratorDataset(source, ["x"], shuffle=False), ["x", -1, 6, 2.5])
        + access(lambda: ds.GeneratorDataset(lambda: iter(source), ["x"]), [0]),
    )
    schema = ds.Schema()
    schema.add_column("col1", de_type="int64")
    named = ds.GeneratorDataset(source, shuffle=False, schema=schema)
    rec("schema_names", [named.get_col_names(), named.get_dataset_size()])


def generator_sources(ds, rec):
    """GeneratorDataset's sources: zip objects, generator objects, refused samples and args."""
    ds.config.set_seed(11)

    def first(make, epochs=1):
        try:
            data = make()
            it = data.create_tuple_iterator(num_epochs=epochs, output_numpy=True)
            return [[np.asarray(r[0]).tolist() for r in it] for _ in range(epochs)]
        except Exception as exc:  # noqa: BLE001 - the type is the recorded answer
            return type(exc).__name__

    rec("zip_shuffled", first(lambda: ds.GeneratorDataset(zip(range(6), range(6)), ["a", "b"])))

    def numbers(end):
        yield from range(3, end)

    once = ds.GeneratorDataset(numbers(6), ["x"])
    rec("generator_object", [once.get_dataset_size(), first(lambda: once, epochs=3)])

    def sets():
        yield ({1},)

    def ragged():
        yield np.array([[1, None], [1, 2]])

    class IndexOnly:
        def __getitem__(self, i):
            return np.array([i])

    rec(
        "refused",
        [
            first(lambda: ds.GeneratorDataset(sets, ["x"])),
            first(lambda: ds.GeneratorDataset(ragged, ["x"])),
            first(lambda: ds.GeneratorDataset([np.arange(3)] * 2, ["x", "y"], shuffle=False)),
            first(lambda: ds.GeneratorDataset([1, 2], ["x"], max_rowsize=-2)),
            first(lambda: ds.GeneratorDataset([1, 2], ["x"], num_parallel_workers=1.5)),
        ],
    )
    try:
        size = ds.GeneratorDataset(IndexOnly(), ["x"]).get_dataset_size()
    except Exception as exc:  # noqa: BLE001
        size = type(exc).__name__
    rec("index_only_size", size)
    rec(
        "workers_attribute",
        ds.GeneratorDataset([1, 2], ["x"], num_parallel_workers=2).num_parallel_workers,
    )


def distributed_shuffles(ds, rec):
    """Sharded shuffles (num_shards with shuffle, a shuffling DistributedSampler): seeded, and
    under the default seed, which they take as a seed."""
    source = [np.array([i]) for i in range(10)]
    for seed in (None, 1):
        if seed is not None:
            ds.config.set_seed(seed)
        else:
            ds.config.set_seed(5489)
        shards = []
        for shard in (0, 1):
            data = ds.GeneratorDataset(source, ["x"], shuffle=True, num_shards=2, shard_id=shard)
            it = data.create_tuple_iterator(output_numpy=True, num_epochs=2)
            shards.append([[int(r[0][0]) for r in it] for _ in range(2)])
        sampled = ds.GeneratorDataset(source, ["x"], sampler=ds.DistributedSampler(2, 1))
        shards.append([int(r[0][0]) for r in sampled.create_tuple_iterator(output_numpy=True)])
        rec(f"distributed_seed_{seed}", shards)


def mindrecord_shuffles(ds, rec):
    """MindDataset's shuffle modes over three files, seeded, over three epochs."""
    import importlib
    import tempfile

    writer_module = importlib.import_module(ds.__name__.split(".")[0] + ".mindrecord")
    folder = tempfile.mkdtemp()
    names, total = [], 0
    for count in (6, 4, 3):
        names.append(os.path.join(folder, f"part{count}.mindrecord"))
        writer = writer_module.FileWriter(names[-1])
        writer.add_schema({"label": {"type": "int32"}}, "rows")
        for _ in range(count):
            writer.write_raw_data([{"label": total}])
            total += 1
        writer.commit()
    ds.config.set_seed(1234)
    for mode in ("global", "infile", "files", None):
        shuffle = None if mode is None else ds.Shuffle(mode)
        data = ds.MindDataset(names, shuffle=shuffle)
        it = data.create_dict_iterator(num_epochs=3, output_numpy=True)
        rec(f"mindrecord_{mode}", [[int(r["label"]) for r in it] for _ in range(3)])


def main():
    import mindspore.dataset as ds

    out = {}
    scenarios(ds, out.__setitem__)
    batch_samplers(ds, out.__setitem__)
    random_access(ds, out.__setitem__)
    generator_sources(ds, out.__setitem__)
    distributed_shuffles(ds, out.__setitem__)
    mindrecord_shuffles(ds, out.__setitem__)
    path = os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "golden", "dataset_samplers.json"
    )
    with open(path, "w") as f:
        json.dump(out, f, separators=(",", ":"), sort_keys=True)
    print(f"wrote {len(out)} entries to {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
