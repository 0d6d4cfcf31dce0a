"""Golden values for msfunc.dataset's pipeline operations from real MindSpore 2.10: writes
tests/golden/dataset_ops.json.

Each scenario `name(ds, rec)` is a plain `mindspore.dataset` program; a call that raises is
recorded as its exception's type name. tests/dataset/test_dataset_ops_golden.py runs the same
functions with ds = msfunc.dataset.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py dataset_ops
"""

import importlib
import json
import os
import sys

import numpy as np


def _plain(column):
    column = np.asarray(column)
    return (column.astype(str) if column.dtype.kind == "S" else column).tolist()


def _rows(dataset):
    return [
        [_plain(c) for c in row]
        for row in dataset.create_tuple_iterator(output_numpy=True, num_epochs=1)
    ]


def _outcome(make):
    """`make()`'s rows, or the type name of what it raised (building or iterating)."""
    try:
        return _rows(make())
    except Exception as exc:  # noqa: BLE001 - the type is the recorded answer
        return type(exc).__name__


def _on(ds, values, op, **kwargs):
    return lambda: ds.NumpySlicesDataset([values], shuffle=False, **kwargs).map(operations=op)


def array_ops(ds, rec):
    t = ds.transforms
    grid = [[1, 2, 3, 4], [5, 6, 7, 8]]
    cases = {
        "slice_int": ([1, 2, 3, 4, 5], lambda: t.Slice(-3)),
        "slice_list": ([1, 2, 3, 4, 5], lambda: t.Slice([4, -4, 0])),
        "slice_obj": ([1, 2, 3, 4, 5], lambda: t.Slice(slice(-1, -5, -2))),
        "slice_all": ([1, 2, 3], lambda: t.Slice(Ellipsis)),
        "slice_2d": (grid, lambda: t.Slice([1, 0], slice(1, 4, 2))),
        "slice_2d_outer": (grid, lambda: t.Slice([0, 1], [3, 0])),
        "slice_str": ([b"a", b"b", b"c"], lambda: t.Slice(slice(-15, 2))),
        "slice_oob": ([1, 2, 3], lambda: t.Slice([3])),
        "slice_empty_list": ([1, 2, 3], lambda: t.Slice([])),
        "slice_bad_list": ([1, 2, 3], lambda: t.Slice([[0, 1]])),
        "slice_bad_type": ([1, 2, 3], lambda: t.Slice(1.5)),
        "concat": (
            [5.0, 6.0],
            lambda: t.Concatenate(0, np.array([1.5, 2.0]), np.array([9.0])),
        ),
        "concat_str": ([b"x"], lambda: t.Concatenate(-1, np.array([b"p"]), np.array([b"q"]))),
        "concat_dtype": ([1.0, 2.0], lambda: t.Concatenate(0, np.array([b"p"]))),
        "concat_2d": (grid, lambda: t.Concatenate(0, np.array([1]))),
        "concat_axis": ([1, 2], lambda: t.Concatenate(1)),
        "concat_prepend_2d": ([1, 2], lambda: t.Concatenate(0, np.array([[1]]))),
        "concat_prepend_list": ([1, 2], lambda: t.Concatenate(0, [1])),
        "mask_ge": ([1, 2, 3, 4], lambda: t.Mask(t.Relational.GE, 3)),
        "mask_float_const": ([1, 2, 3, 4], lambda: t.Mask(t.Relational.LT, 2.5, _top(ds).int32)),
        "mask_str": (["a", "b", "c"], lambda: t.Mask(t.Relational.NE, "b")),
        "mask_str_vs_num": (["a", "b"], lambda: t.Mask(t.Relational.EQ, 1)),
        "mask_bad_operator": ([1, 2], lambda: t.Mask("EQ", 1)),
    }
    for key, (values, make_op) in cases.items():
        try:
            op = make_op()
        except Exception as exc:  # noqa: BLE001 - the type is the recorded answer
            rec(key, type(exc).__name__)
            continue
        rec(key, _outcome(_on(ds, values, op)))
    multi = ds.NumpySlicesDataset(([[1, 2]], [[3]]), column_names=["a", "b"], shuffle=False)
    multi = multi.map(
        t.Concatenate(0, prepend=np.array([0])), input_columns=["a", "b"], output_columns=["c"]
    )
    rec("concat_two_columns", _rows(multi))


def _top(ds):
    """The package `ds` belongs to (mindspore, or msfunc)."""
    return importlib.import_module(ds.__name__.split(".")[0])


def zip_apply_and_config(ds, rec):
    def make(name, n):
        return ds.NumpySlicesDataset({name: np.arange(n)}, shuffle=False)

    rec("defaults", [ds.config.get_debug_mode(), ds.config.get_enable_autotune()])
    rec("zip_fn", _rows(ds.zip((make("a", 3), make("b", 2), make("c", 4)))))
    for key, call in {
        "zip_fn_one": lambda: ds.zip((make("a", 3),)),
        "zip_fn_list": lambda: ds.zip([make("a", 3), make("b", 3)]),
        "zip_fn_not_dataset": lambda: ds.zip((make("a", 3), 1)),
        "zip_method_list": lambda: make("a", 3).zip([make("b", 3)]),
        "apply_not_callable": lambda: make("a", 3).apply("f"),
        "apply_not_dataset": lambda: make("a", 3).apply(lambda d: 1),
        "debug_mode_not_bool": lambda: ds.config.set_debug_mode(1),
        "debug_hooks_not_list": lambda: ds.config.set_debug_mode(True, 1),
        "debug_hooks_bad_item": lambda: ds.config.set_debug_mode(True, [1]),
        "autotune_not_bool": lambda: ds.config.set_enable_autotune(1),
        "autotune_path_type": lambda: ds.config.set_enable_autotune(False, 1.5),
        "autotune_interval_float": lambda: ds.config.set_autotune_interval(2.5),
        "autotune_interval_negative": lambda: ds.config.set_autotune_interval(-1),
        "sync_num_batch_zero": lambda: make("a", 3).sync_wait("c", num_batch=0),
        "sync_num_batch_str": lambda: make("a", 3).sync_wait("c", num_batch="1"),
        "sync_name_reused": lambda: make("a", 3).sync_wait("c").sync_wait("c"),
        "sync_then_shuffle": lambda: make("a", 3).sync_wait("c").shuffle(2),
        "callback_timeout_zero": lambda: ds.config.set_callback_timeout(0),
    }.items():
        try:
            call()
            rec(key, "ok")
        except Exception as exc:  # noqa: BLE001 - the type is the recorded answer
            rec(key, type(exc).__name__)
    rec("apply", _rows(make("a", 5).apply(lambda d: d.batch(2))))
    both = ds.zip((make("a", 6), make("b", 6))).map(lambda b: b * 10, input_columns=["b"])
    kept = both.filter(lambda a, b: a % 2 == 0 and b > 0, input_columns=["a", "b"])
    rec("filter", [kept.get_dataset_size(), _rows(kept)])
    rec("filter_not_callable", _outcome(lambda: make("a", 3).filter(1)))
    grow = make("a", 10).batch(lambda info: info.get_batch_num() + 1)
    rec("batch_size_fn", [grow.get_batch_size(), _rows(grow)])

    def fails(info):
        raise StopIteration

    rec("batch_size_fn_raises", _outcome(lambda: make("a", 4).batch(fails)))
    rec("concat_names_differ", _outcome(lambda: make("a", 2) + make("b", 2)))
    floats = ds.NumpySlicesDataset({"a": np.arange(2.0)}, shuffle=False)
    rec("concat_dtypes_differ", _outcome(lambda: make("a", 2) + floats))
    rec("interval_default", ds.config.get_autotune_interval())
    rec("callback_timeout_default", ds.config.get_callback_timeout())


def _variable_rows(ds, lengths, names=("x",)):
    def gen():
        for n in lengths:
            yield tuple(np.arange(n) + k for k in range(len(names)))

    return ds.GeneratorDataset(gen, list(names), shuffle=False)


def bucket_batch(ds, rec):
    lengths = [1, 5, 2, 7, 3, 3, 9, 1, 4]
    cases = {
        "bucket_default_pad": dict(pad_info=None),
        "bucket_pad_value": dict(pad_info={"x": ([None], -1)}),
        "bucket_pad_to_shape": dict(pad_info={"x": ([10], 7)}),
        "bucket_drop": dict(pad_info=None, drop_remainder=True),
        "bucket_to_boundary": dict(pad_info={"x": ([None], 0)}, pad_to_bucket_boundary=True),
        "bucket_length_fn": dict(element_length_function=lambda x: 9 - x.shape[0]),
    }
    for key, kwargs in cases.items():

        def make(kwargs=kwargs):
            return _variable_rows(ds, lengths).bucket_batch_by_length(
                ["x"], [3, 6], [2, 2, 3], **kwargs
            )

        rec(key, _outcome(make))
    rec(
        "bucket_boundary_unbounded",
        _outcome(
            lambda: _variable_rows(ds, [8]).bucket_batch_by_length(
                ["x"], [3], [1, 1], pad_info={"x": ([None], 0)}, pad_to_bucket_boundary=True
            )
        ),
    )
    two = _variable_rows(ds, [2, 4, 1], names=("x", "y"))
    rec("bucket_two_columns", _rows(two.bucket_batch_by_length(["y"], [2], [2, 2])))
    bad = {
        "bucket_names_not_list": ("x", [3], [1, 1]),
        "bucket_names_not_str": ([1], [3], [1, 1]),
        "bucket_two_names_no_fn": (["x", "y"], [3], [1, 1]),
        "bucket_empty_bounds": (["x"], [], [1]),
        "bucket_float_bounds": (["x"], [1.5], [1, 1]),
        "bucket_zero_bound": (["x"], [0, 2], [1, 1, 1]),
        "bucket_not_increasing": (["x"], [3, 3], [1, 1, 1]),
        "bucket_sizes_count": (["x"], [3], [1]),
        "bucket_sizes_float": (["x"], [3], [1, 1.0]),
        "bucket_sizes_zero": (["x"], [3], [1, 0]),
    }
    for key, args in bad.items():
        try:
            _variable_rows(ds, [1]).bucket_batch_by_length(*args)
            rec(key, "ok")
        except Exception as exc:  # noqa: BLE001 - the type is the recorded answer
            rec(key, type(exc).__name__)


def callbacks(ds, rec):
    DSCallback = importlib.import_module(ds.__name__ + ".callback").DSCallback

    events = []

    class Record(DSCallback):
        def _add(self, name, c):
            events.append(f"{name}:{c.cur_epoch_num}:{c.cur_step_num_in_epoch}:{c.cur_step_num}")

        def ds_begin(self, c):
            self._add("begin", c)

        def ds_epoch_begin(self, c):
            self._add("epoch_begin", c)

        def ds_epoch_end(self, c):
            self._add("epoch_end", c)

        def ds_step_begin(self, c):
            self._add("step_begin", c)

        def ds_step_end(self, c):
            self._add("step_end", c)

    data = ds.NumpySlicesDataset([1, 2, 3], shuffle=False)
    data = data.map(operations=lambda x: x, callbacks=Record(2)).repeat(2)
    iterator = data.create_tuple_iterator(num_epochs=2)
    for _ in range(2):
        for _ in iterator:
            pass
    # MindSpore may call a step hook twice and run the hooks out of order across its
    # threads; its own tests compare the distinct events, so does this one
    rec("callback_events", sorted(set(events)))


def random_source(ds, rec):
    schema = ds.Schema()
    schema.add_column("image", de_type=_top(ds).uint8, shape=[2, 3])
    schema.add_column("label", de_type=_top(ds).int32, shape=[1])
    data = ds.RandomDataset(total_rows=5, schema=schema, num_samples=4).repeat(2)
    rows = list(data.create_tuple_iterator(output_numpy=True, num_epochs=1))
    rec("random_capped", ds.RandomDataset(total_rows=5, num_samples=4).get_dataset_size())
    rec(
        "random_layout",
        {
            "names": data.get_col_names(),
            "size": data.get_dataset_size(),
            "rows": len(rows),
            "columns": [[list(c.shape), str(c.dtype)] for c in rows[0]],
        },
    )


def shards(ds, rec):
    def source(n, sampler):
        return ds.NumpySlicesDataset({"x": np.arange(n)}, sampler=sampler)

    for n, shards_, offset in ((7, 3, -1), (2, 3, -1), (8, 3, 1), (8, 4, 2), (5, 3, 4)):
        rec(
            f"distributed_{n}_{shards_}_{offset}",
            [
                _outcome(
                    lambda i=i, n=n, s=shards_, o=offset: source(
                        n, ds.DistributedSampler(s, i, shuffle=False, offset=o)
                    )
                )
                for i in range(shards_)
            ],
        )
    capped = ds.DistributedSampler(3, 0, shuffle=False, num_samples=2)
    rec("distributed_num_samples", _rows(source(9, capped)))
    for key, make in {
        "distributed_bad_shard": lambda: ds.DistributedSampler(2, 2),
        "distributed_bad_shuffle": lambda: ds.DistributedSampler(2, 0, shuffle=1),
        "padded_not_list": lambda: ds.PaddedDataset({"x": 1}),
        "padded_empty": lambda: ds.PaddedDataset([]),
    }.items():
        try:
            make()
            rec(key, "ok")
        except Exception as exc:  # noqa: BLE001 - the type is the recorded answer
            rec(key, type(exc).__name__)

    def joined():
        a = ds.PaddedDataset([{"x": np.array([i])} for i in range(5)])
        return a + ds.PaddedDataset([{"x": np.array([10 + i])} for i in range(3)])

    dealt = []
    for shard in range(3):
        data = joined()
        data.use_sampler(ds.DistributedSampler(3, shard, shuffle=False))
        dealt.append([data.get_dataset_size(), _rows(data)])
    rec("padded_concat_shards", dealt)


def map_layouts(ds, rec):
    """Where map's output columns land, and which column a reused name reads."""

    def rows(inputs, outputs, op, debug=False):
        def source():
            for i in range(3):
                yield tuple(np.array([i * 10**k]) for k in range(4))

        data = ds.GeneratorDataset(source, ["a", "b", "c", "d"], shuffle=False)
        data = data.map(operations=op, input_columns=inputs, output_columns=outputs)
        before = ds.config.get_debug_mode()
        ds.config.set_debug_mode(debug)
        try:
            it = data.create_dict_iterator(num_epochs=1, output_numpy=True)
            return [[data.get_col_names()], [{k: _plain(v) for k, v in r.items()} for r in it]]
        except Exception as exc:  # noqa: BLE001 - the type is the recorded answer
            return type(exc).__name__
        finally:
            ds.config.set_debug_mode(before)

    def tuples(inputs, outputs, op):
        data = ds.GeneratorDataset(
            lambda: ((np.array([i]), np.array([i + 1]), np.array([i + 2])) for i in range(2)),
            ["a", "b", "c"],
            shuffle=False,
        ).map(operations=op, input_columns=inputs, output_columns=outputs)
        return _rows(data)

    rec(
        "map_layouts",
        [
            rows(["b", "c"], ["c", "b"], lambda x, y: (x, y)),
            rows(["b"], ["x", "y"], lambda x: (x, x + 1)),
            rows(["b", "c", "d"], ["b", "d"], lambda x, y, z: (x, z)),
            rows(["a"], ["b", "e"], lambda x: (x - 1, x + 1)),
            rows(["a"], ["b", "e"], lambda x: (x - 1, x + 1), debug=True),
            rows(["a"], ["d"], lambda x: x + 5),
            tuples(["b", "c"], ["x"], lambda x, y: x + y),
            tuples(["a"], ["x", "y"], lambda x: (x, x)),
        ],
    )


def output_shapes(ds, rec):
    """output_shapes (first row, or estimated over the epoch) and output_types."""

    def varying():
        for i in (3, 1, 4):
            yield np.ones((2, i)), np.zeros((i, i, 3)), np.array(i)

    data = ds.GeneratorDataset(varying, ["a", "b", "c"], shuffle=False)
    empty = ds.NumpySlicesDataset([[[1, 2], [3, 4]]], column_names=["x"]).batch(3, True)
    ragged = ds.GeneratorDataset(lambda: (np.ones([1] * i) for i in (1, 2)), ["x"])
    rec(
        "output_shapes",
        [
            data.output_shapes(),
            data.output_shapes(estimate=True),
            [str(t) for t in data.output_types()],
            empty.output_shapes(),
            empty.output_shapes(estimate=True),
            empty.output_types(),
            _outcome(lambda: ragged.output_shapes(estimate=True)),
            _outcome(lambda: data.output_shapes(estimate=1)),
        ],
    )


def concat_random_select(ds, rec):
    """A concatenation read through RandomSampler: each row's child drawn at random."""
    before = ds.config.get_seed()
    ds.config.set_seed(3)
    try:
        a = ds.GeneratorDataset(lambda: (np.array(i) for i in range(3)), ["c"])
        b = ds.NumpySlicesDataset({"c": np.arange(10, 17)}, shuffle=False)
        c = ds.GeneratorDataset(lambda: (np.array(i) for i in range(20, 30)), ["c"])
        data = a.concat([b, c])
        data.use_sampler(ds.RandomSampler())
        it = data.create_tuple_iterator(num_epochs=2, output_numpy=True)
        rec("concat_random_select", [[int(r[0]) for r in it] for _ in range(2)])
    finally:
        ds.config.set_seed(before)


def flat_map(ds, rec):
    """flat_map: one dataset per row, concatenated; what it refuses."""
    two = ds.NumpySlicesDataset(([[0, 1], [2, 3]], [[0, -1], [-2, -3]]), ["a", "b"], shuffle=False)
    made = two.flat_map(lambda a, b: ds.NumpySlicesDataset({"p": a + 1, "q": b * 2}, shuffle=False))
    rec(
        "flat_map",
        [
            made.get_col_names(),
            _rows(made),
            _outcome(lambda: two.flat_map(lambda a, b: 3)),
            _outcome(lambda: two.flat_map(5)),
        ],
    )


def input_indexs(ds, rec):
    """input_indexs: a node's own setting, else the first set below it, else ()."""
    a = ds.NumpySlicesDataset([1, 2, 3], column_names=["c"])
    b = ds.NumpySlicesDataset([1, 2, 3], column_names=["c"]).shuffle(2)
    seen = [a.input_indexs, b.input_indexs]
    b.input_indexs = (2,)
    a = a.project(["c"])
    seen += [a.input_indexs, (a + b).input_indexs]
    a.input_indexs = (1,)
    seen += [(a + b).input_indexs, a.repeat(2).input_indexs]
    rec("input_indexs", [list(x) for x in seen])


def _network_function(x):
    import mindspore.ops as ops

    return ops.abs(x)


def map_workers_and_counts(ds, rec):
    """map's num_parallel_workers as set (one for a function calling mindspore.ops), and the
    error for operations returning more columns than output_columns names."""

    def data():
        return ds.NumpySlicesDataset([1, 2, 3], column_names=["c"], shuffle=False)

    rec(
        "map_workers_and_counts",
        [
            data().map(lambda x: x).num_parallel_workers,
            data().map(lambda x: x, num_parallel_workers=2).num_parallel_workers,
            data().map(_network_function, num_parallel_workers=2).num_parallel_workers,
            data().map([_network_function], num_parallel_workers=2).num_parallel_workers,
            _outcome(lambda: data().map(lambda x: (x, x))),
        ],
    )


def rowsize_and_missing_columns(ds, rec):
    """The max_rowsize checks of map and batch; a per_batch_map input column that does not
    exist (refused when the pipeline runs)."""

    def data():
        return ds.NumpySlicesDataset({"c": np.arange(4)}, shuffle=False)

    sizes = [None, 16, [12, 20], (12, 20), "16", 20.5, -8, [12.4, 20], [-8, 20], [16, -5]]
    outcomes = []
    for size in sizes:
        for build in (
            lambda size=size: data().map(lambda x: x, max_rowsize=size),
            lambda size=size: data().batch(2, per_batch_map=lambda c, info: (c,), max_rowsize=size),
        ):
            try:
                build()
                outcomes.append(None)
            except Exception as exc:  # noqa: BLE001 - the type is the recorded answer
                outcomes.append(type(exc).__name__)
    missing = data().batch(2, input_columns=["nope"], per_batch_map=lambda c, info: (c,))
    rec("rowsize_and_missing_columns", [outcomes, _outcome(lambda: missing)])


def dataset_len(ds, rec):
    """len(dataset) is its get_dataset_size()."""

    def data():
        return ds.NumpySlicesDataset({"c": np.arange(5)}, shuffle=False)

    padded = ds.PaddedDataset([{"data": [1, 2, 3]}, {"data": [1, 0, 1]}])
    empty = data().batch(8, drop_remainder=True)
    rec("dataset_len", [len(data()), len(data().batch(2)), len(padded), len(empty), bool(empty)])


def serialized(ds, rec):
    """serialize: each node's operation type, settings' names, and map operations' names."""

    def fun1(x):
        return x

    class Fun3:
        def __call__(self, x):
            return x

    def shape(node):
        out = {k: v for k, v in node.items() if k not in ("children", "operations")}
        out = {k: v for k, v in out.items() if k != "num_parallel_workers"}
        if "operations" in node:
            out["operations"] = [op["tensor_op_name"] for op in node["operations"]]
        out["children"] = [shape(child) for child in node["children"]]
        return out

    a = ds.GeneratorDataset([1, 2, 3], ["c"]).map([fun1, Fun3(), lambda x: x]).shuffle(4)
    b = ds.NumpySlicesDataset({"c": [1, 2]}, shuffle=False)
    b = b.map(fun1, input_columns="c", output_columns=["d"]).batch(2, True).repeat(3)
    rec("serialized", [shape(ds.serialize(a)), shape(ds.serialize(b))])


SCENARIOS = [
    array_ops,
    serialized,
    dataset_len,
    rowsize_and_missing_columns,
    map_workers_and_counts,
    input_indexs,
    flat_map,
    concat_random_select,
    output_shapes,
    zip_apply_and_config,
    bucket_batch,
    callbacks,
    random_source,
    shards,
    map_layouts,
]


def main():
    import mindspore.dataset as ds

    out = {}
    for scenario in SCENARIOS:
        scenario(ds, out.__setitem__)
    path = os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "golden", "dataset_ops.json"
    )
    with open(path, "w") as f:
        json.dump(out, f, separators=(",", ":"), sort_keys=True)
    print(f"wrote {len(out)} entries to {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
