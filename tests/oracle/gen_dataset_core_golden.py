"""Golden values for msfunc's dataset engine objects from real MindSpore 2.10: writes
tests/golden/dataset_core.json.

Covered: the engine switches of ``dataset.config`` (defaults and argument checks), ``map``'s
error-samples modes (which samples come out, in which order), the data-engine objects of
``mindspore._c_dataengine`` and ``mindspore.dataset.core.datatypes``, and ``padded_batch``
with a pad shape smaller than a sample or a text pad value longer than the texts.

Each scenario `name(ds, engine, datatypes, failover, rec)` is a plain program; a call that raises is
recorded as its exception's type name. tests/dataset/test_dataset_core_golden.py runs the same
functions with msfunc's modules.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py dataset_core
"""

import json
import os
import sys

import numpy as np

# Which samples a map operation fails on ('x'), one string per pipeline: fewer good samples
# than MindSpore keeps (16), failures before and after 16 good ones, neighbouring failures.
MASKS = [
    "x...",
    "x..x.....",
    "xx.xxx.xxxxxxx.xxxxxxxxx.x.x.xxx.",
    "................xx.....",
    "x................x.....",
    "................xxxxxxxxxxxxxxxxxxxx..........",
    "...............................................xxxxxxxxxxxxxxxxxxxxxx",
    "xxxx",
]

_FLAGS = [
    "auto_num_workers",
    "enable_watchdog",
    "enable_shared_mem",
    "multiprocessing_timeout_interval",
    "monitor_sampling_interval",
    "numa_enable",
    "auto_offload",
    "multiprocessing_start_method",
]


def _raised(call):
    try:
        call()
    except Exception as exc:  # noqa: BLE001 - the type is the recorded answer
        return type(exc).__name__
    return None


def config_flags(ds, engine, datatypes, failover, rec):
    config = ds.config
    rec("flag_defaults", {name: getattr(config, "get_" + name)() for name in _FLAGS})
    rec("error_samples_default", config.get_error_samples_mode().name)
    bad = {
        "auto_num_workers": [1, [1], "a"],
        "enable_watchdog": [1, None],
        "enable_shared_mem": [0],
        "multiprocessing_timeout_interval": [0, -1, True, 1.5, 2**31 - 1],
        "monitor_sampling_interval": [0, True, 1.5, 2**31],
        "numa_enable": [1],
        "auto_offload": ["yes"],
        "multiprocessing_start_method": [1, "forkserver"],
        "sending_batches": [True, 1.0],
        "error_samples_mode": [1, False, "SKIP", None],
    }
    rec(
        "flag_errors",
        {
            name: [_raised(lambda v=v, n=name: getattr(config, "set_" + n)(v)) for v in values]
            for name, values in bad.items()
        },
    )
    good = {
        "auto_num_workers": True,
        "enable_watchdog": False,
        "multiprocessing_timeout_interval": 2**31 - 2,
        "monitor_sampling_interval": 2**31 - 1,
        "multiprocessing_start_method": "spawn",
    }
    kept = {}
    for name, value in good.items():
        before = getattr(config, "get_" + name)()
        getattr(config, "set_" + name)(value)
        kept[name] = getattr(config, "get_" + name)()
        getattr(config, "set_" + name)(before)
    rec("flag_round_trip", kept)
    rec("sending_batches", [_raised(lambda v=v: config.set_sending_batches(v)) for v in (-1, 0, 9)])
    modes = [config.get_iterator_mode()]
    config.set_iterator_mode(parallel_convert=True)
    modes.append(config.get_iterator_mode())
    modes.append(_raised(lambda: config.set_iterator_mode(do_copy=1)))
    config.set_iterator_mode()
    rec("iterator_mode", modes)


def _mapped(ds, mask):
    def op(x):
        if mask[int(x)] == "x":
            raise ZeroDivisionError
        return x

    def source():
        for i in range(len(mask)):
            yield (np.array(i),)

    data = ds.GeneratorDataset(source, ["data"], shuffle=False)
    data = data.map(op, num_parallel_workers=1)
    try:
        return [int(row[0]) for row in data.create_tuple_iterator(output_numpy=True, num_epochs=1)]
    except Exception as exc:  # noqa: BLE001
        return type(exc).__name__


def error_samples(ds, engine, datatypes, failover, rec):
    config = ds.config
    before = config.get_error_samples_mode()
    try:
        for mode in ("REPLACE", "SKIP"):
            config.set_error_samples_mode(getattr(config.ErrorSamplesMode, mode))
            rec(f"error_samples_{mode}", [_mapped(ds, mask) for mask in MASKS])
    finally:
        config.set_error_samples_mode(before)


def engine_objects(ds, engine, datatypes, failover, rec):
    names = ["bool", "int8", "uint64", "float16", "float64", "string", "bytes", "int", "str"]
    rec("datatype_names", [str(engine.DataType(n)) for n in names])
    rec(
        "datatype_equal",
        [
            engine.DataType("int64") == engine.DataType("int64"),
            engine.DataType("int64") == engine.DataType("int32"),
            engine.DataType("int") == engine.DataType("float"),
        ],
    )
    shapes = [engine.TensorShape(s) for s in ([2, 3], [2, -1], [])]
    rec("shapes", [[str(s), s.as_list(), s.is_known()] for s in shapes])
    arrays = [
        np.array([[1, 2], [3, 4]], dtype=np.float32),
        np.array(3),
        np.array(["a", "bc"]),
        np.array([b"a", b"bc"]),
        np.array([True, False]),
    ]
    rec(
        "tensors",
        [[str(engine.Tensor(a).type()), str(engine.Tensor(a).shape())] for a in arrays],
    )
    source = np.array([1, 2, 3])
    tensor = engine.Tensor(source)
    source[0] = 9  # the tensor shares the array's memory
    view = np.asarray(tensor)
    view[1] = 8
    rec("tensor_shares_memory", tensor.as_array().tolist())
    rec("tensor_from_list", _raised(lambda: engine.Tensor([1, 2])))
    types = [np.dtype("bool"), np.int8, np.uint16, np.float16, np.float64, int, float, bool, str]
    types += [np.dtype("U"), np.dtype("S"), np.bytes_, np.dtype("O")]
    rec(
        "nptype_to_detype",
        [None if d is None else str(d) for d in (datatypes.nptype_to_detype(t) for t in types)],
    )


def padded_batches(ds, engine, datatypes, failover, rec):
    def numbers():
        yield (np.array([[1], [2], [3]]),)
        yield (np.array([[4]]),)

    def texts():
        yield (np.array(["a"]),)
        yield (np.array(["bb", "c"]),)

    out = []
    for source, pad in ((numbers, ([2, 2], -1)), (texts, ([3], "LONGPAD")), (texts, ([1], "P"))):
        data = ds.GeneratorDataset(source, ["c"]).padded_batch(2, pad_info={"c": pad})
        for (column,) in data.create_tuple_iterator(output_numpy=True, num_epochs=1):
            out.append([column.tolist(), column.dtype.str])
    rec("padded_batches", out)


def iterator_ends(ds, engine, datatypes, failover, rec):
    data = ds.NumpySlicesDataset({"x": np.arange(4)}, shuffle=False)
    it = data.create_tuple_iterator(num_epochs=2, output_numpy=True)
    epochs = [[int(r[0]) for r in it] for _ in range(2)]
    rec("epochs_then_beyond", [epochs, _raised(lambda: next(it))])
    it = data.create_tuple_iterator(num_epochs=-1, output_numpy=True)
    next(it)
    it.stop()
    rec("read_after_stop", _raised(lambda: next(it)))


def failover_reset(ds, engine, datatypes, failover, rec):
    def epoch_of(column, info):
        return (np.array(info.get_epoch_num()),)  # a scalar: the whole batch's column

    epochs = ds.NumpySlicesDataset({"e": np.arange(6)}, shuffle=False)
    epochs = epochs.batch(2, per_batch_map=epoch_of, input_columns=["e"])
    shuffled = ds.NumpySlicesDataset({"x": np.arange(6)}, shuffle=False).shuffle(3).batch(2)
    both = ds.zip((shuffled, epochs, ds.NumpySlicesDataset({"y": np.arange(3)}, shuffle=False)))
    ds.config.set_seed(5)
    it = both.create_tuple_iterator(num_epochs=3, output_numpy=True)
    failover._set_training_dataset(it)
    rows = [[[c.tolist() for c in r] for r in it]]
    rows.append([[c.tolist() for c in r] for r in (next(it), next(it))])
    failover._reset_training_dataset(4, 3)  # back to the second row of the second epoch
    rows += [[[c.tolist() for c in r] for r in it] for _ in range(2)]
    rec("reset_rows", rows)
    errors = []
    for step in (-1, 9, 8):
        fresh = both.create_tuple_iterator(num_epochs=3, output_numpy=True)
        failover._set_training_dataset(fresh)
        errors.append(_raised(lambda s=step: failover._reset_training_dataset(s, 3)))
    rec("reset_errors", errors)


def unbroken_shuffle(ds, engine, datatypes, failover, rec):
    ds.config.set_seed(5)
    data = ds.NumpySlicesDataset({"x": np.arange(6)}, shuffle=False).shuffle(3)
    it = data.create_tuple_iterator(num_epochs=3, output_numpy=True)
    rec("unbroken_shuffle", [[int(r[0]) for r in it] for _ in range(3)])


def batch_and_take_checks(ds, engine, datatypes, failover, rec):
    def batched(rows):
        def source():
            for row in rows:
                yield (row,)

        data = ds.GeneratorDataset(source, ["c"], shuffle=False).batch(2)
        try:
            return [r[0].dtype.str for r in data.create_tuple_iterator(output_numpy=True)]
        except Exception as exc:  # noqa: BLE001
            return type(exc).__name__

    cases = [
        [np.array([1]), np.array([1.5])],
        [np.array([1], np.int32), np.array([1], np.int64)],
        [np.array([True]), np.array([1])],
        [np.array(["a"]), np.array(["bcd"])],
        [np.array([1]), np.array([1, 2])],
    ]
    rec("batch_mixed", [batched(rows) for rows in cases])
    source = ds.NumpySlicesDataset({"x": np.arange(3)}, shuffle=False)
    rec("take_counts", [_raised(lambda n=n: source.take(n)) for n in (0, -1, -2, 2**31, 3)])


def source_checks(ds, engine, datatypes, failover, rec):
    slices = ds.NumpySlicesDataset
    calls = [
        lambda: slices([1, 2, 3], column_names=[""], shuffle=False),
        lambda: slices([], shuffle=False),
        lambda: slices(np.array([]), shuffle=False),
        lambda: slices({"a": []}, shuffle=False),
        lambda: slices([1, 2, 3], num_shards=2**63 - 1, shard_id=0, shuffle=False),
        lambda: slices([1, 2, 3], num_shards=2**31 - 1, shard_id=0, shuffle=False),
        lambda: ds.GeneratorDataset(lambda: iter([(1,)]), column_names=[""]),
        lambda: slices([1, 2, 3], ["a"]).map(lambda x: x, input_columns=[""]),
        lambda: slices([1, 2, 3], ["a"]).rename(["a"], [""]),
    ]
    rec("source_checks", [_raised(call) for call in calls])


def _plain(value):
    """A value as JSON: arrays as [dtype kind, list], containers by their type."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [type(value).__name__, [_plain(v) for v in value]]
    value = np.asarray(value)
    return [
        value.dtype.kind,
        value.astype(str).tolist() if value.dtype.kind in "SU" else value.tolist(),
    ]


def dict_batches(ds, engine, datatypes, failover, rec):
    def rows():
        for i in range(4):
            yield {"i": i, "b": True, "s": "ab", "t": (1, i), "l": [i, 2], "a": np.array([i, 1])}

    def first_batch(data):
        try:
            (column,) = next(iter(data.create_tuple_iterator(output_numpy=True, num_epochs=1)))
        except Exception as exc:  # noqa: BLE001
            return type(exc).__name__
        return _plain(column)

    source = ds.GeneratorDataset(rows, ["c"], shuffle=False)
    rec("dict_batch", first_batch(source.batch(2)))
    nested = ds.GeneratorDataset(lambda: ({"d": {"x": i}} for i in range(4)), ["c"], shuffle=False)
    rec("dict_batch_nested", first_batch(nested.batch(2)))

    def mapped(fn):
        data = ds.GeneratorDataset(lambda: (np.array(i) for i in range(4)), ["c"], shuffle=False)
        return first_batch(data.batch(2, per_batch_map=fn))

    per_batch = [
        lambda col, info: ([{"v": np.power(x, 2), "t": (1, 2)} for x in col],),
        lambda col, info: ({"v": [1, 2], "w": np.array([3, 4])},),
    ]
    rec("dict_per_batch", [mapped(fn) for fn in per_batch])

    def zipped(fn):
        a = ds.GeneratorDataset(lambda: ({"k": i} for i in range(4)), ["a"], shuffle=False)
        b = ds.GeneratorDataset(lambda: ({"k": i} for i in range(4)), ["b"], shuffle=False)
        data = ds.zip((a, b)).batch(2, per_batch_map=fn)
        try:
            return len(list(data.create_tuple_iterator(output_numpy=True, num_epochs=1)))
        except Exception as exc:  # noqa: BLE001
            return type(exc).__name__

    pairs = [
        lambda a, b, info: ({"a": 1}, b),
        lambda a, b, info: ({"a": 1}, {"a"}),
        lambda a, b, info: ({"a": 1}, [1]),
        lambda a, b, info: ({"a": 1}, np.array([1, 2, 3])),
        lambda a, b, info: (a, np.array([1])),
        lambda a, b, info: (a, [1, 2]),
        lambda a, b, info: ({"a": 1}, {"a": 2}),
    ]
    rec("dict_per_batch_pairs", [zipped(fn) for fn in pairs])


def random_access(ds, engine, datatypes, failover, rec):
    class Source:
        def __init__(self):
            self.data = np.arange(10, 70, 10, dtype=np.int32)

        def __getitem__(self, index):
            return self.data[index]

        def __len__(self):
            return len(self.data)

    out = []
    for shuffle, shards in ((False, None), (False, 3), (True, None)):
        ds.config.set_seed(200)
        kwargs = {} if shards is None else {"num_shards": shards, "shard_id": 1}
        data = ds.GeneratorDataset(Source(), ["c"], shuffle=shuffle, **kwargs)
        out.append([int(data[i]) for i in range(data.get_dataset_size())])
    rec("random_access", out)
    listed = []
    for num_samples in (None, 2):
        data = ds.GeneratorDataset(Source(), ["c"], sampler=[4, 0, 2], num_samples=num_samples)
        listed.append([int(r[0]) for r in data.create_tuple_iterator(output_numpy=True)])
    rec("list_sampler", listed)


def batch_sampled(ds, engine, datatypes, failover, rec):
    source = [np.array([i], dtype=np.int32) for i in range(6)]
    batches = [[0, 1], [5], [2, 3, 4]]

    def rows(data):
        try:
            it = data.create_tuple_iterator(output_numpy=True, num_epochs=1)
            return [[c.tolist() for c in r] for r in it]
        except Exception as exc:  # noqa: BLE001
            return type(exc).__name__

    data = ds.GeneratorDataset(source, ["x"], batch_sampler=batches)
    rec("batch_sampled", [rows(data), data.get_dataset_size(), data.get_batch_size()])
    pairs = [(np.array([i]), i * 10) for i in range(6)]

    def collate(xs, ys):
        return np.concatenate(xs), np.array(sum(ys))

    data = ds.GeneratorDataset(pairs, ["x", "y"], batch_sampler=batches, collate_fn=collate)
    rec("batch_sampled_collate", rows(data))
    calls = [
        lambda: ds.GeneratorDataset(source, ["x"], batch_sampler=batches, shuffle=True),
        lambda: ds.GeneratorDataset(source, ["x"], batch_sampler=batches, num_samples=2),
        lambda: ds.GeneratorDataset(source, ["x"], batch_sampler=1),
        lambda: ds.GeneratorDataset(source, ["x"], collate_fn=collate),
        lambda: ds.GeneratorDataset(source, ["x"], batch_sampler=batches, collate_fn=[]),
    ]
    rec("batch_sampled_checks", [_raised(call) for call in calls])
    rec("batch_sampled_str_index", rows(ds.GeneratorDataset(source, ["x"], batch_sampler=[["1"]])))


def python_samplers(ds, engine, datatypes, failover, rec):
    class Shuffled(ds.Sampler):
        def __init__(self):
            super().__init__()
            self.generator = np.random.default_rng(0)

        def __iter__(self):
            indices = list(range(int(self.generator.integers(1, 6))))
            self.generator.shuffle(indices)
            return iter(indices)

    class Plain:
        def __iter__(self):
            yield from (4, 0, 4)

    class Indexed:
        def __getitem__(self, index):
            return [5, 1][index]

        def __len__(self):
            return 2

    class Capped(ds.Sampler):
        def __iter__(self):
            yield from range(6)

    def rows(sampler):
        data = ds.NumpySlicesDataset(np.arange(10, 70, 10), ["x"], sampler=sampler)
        size = data.get_dataset_size()
        it = data.create_tuple_iterator(output_numpy=True, num_epochs=2)
        try:
            return [size, [[int(r[0]) for r in it] for _ in range(2)]]
        except Exception as exc:  # noqa: BLE001
            return [size, type(exc).__name__]

    samplers = [Shuffled(), Plain(), Indexed(), Capped(3), Capped(8)]
    rec("python_samplers", [rows(s) for s in samplers])


def batch_info_epochs(ds, engine, datatypes, failover, rec):
    def stamp(column, info):
        return ([np.array([info.get_epoch_num(), info.get_batch_num()]) for _ in column],)

    data = ds.GeneratorDataset(lambda: (np.array(i) for i in range(4)), ["c"], shuffle=False)
    data = data.batch(2, per_batch_map=stamp).repeat(2)
    it = data.create_tuple_iterator(output_numpy=True, num_epochs=2)
    rec("batch_info_epochs", [[r[0][0].tolist() for r in it] for _ in range(2)])


SCENARIOS = [
    batch_info_epochs,
    python_samplers,
    batch_sampled,
    random_access,
    dict_batches,
    source_checks,
    batch_and_take_checks,
    config_flags,
    error_samples,
    engine_objects,
    padded_batches,
    iterator_ends,
    failover_reset,
    unbroken_shuffle,
]


def main():
    import mindspore._c_dataengine as engine
    import mindspore.dataset as ds
    import mindspore.dataset.core.datatypes as datatypes
    import mindspore.dataset.engine.datasets as failover

    golden = {}
    for scenario in SCENARIOS:
        scenario(ds, engine, datatypes, failover, golden.__setitem__)
    out = os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "golden", "dataset_core.json"
    )
    with open(out, "w") as f:
        json.dump(golden, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"{len(golden)} entries -> {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
