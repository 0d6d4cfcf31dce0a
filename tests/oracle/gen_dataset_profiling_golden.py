"""Golden values for msfunc's MindData profiler from real MindSpore 2.10: writes
tests/golden/dataset_profiling.json.

Each scenario `name(ds, engine, transforms, out_dir, rec)` is a plain MindSpore program that
profiles a pipeline with ``engine.GlobalContext.profiling_manager()`` and records what the
saved files hold: the pipeline file's operations (type, children, whether it has queue
metrics), how many operations the CPU file lists, which memory fields it has, and how many
batches the iterator file traces. A call that raises is recorded as its exception's type name.
tests/dataset/test_dataset_profiling.py runs the same functions with msfunc's modules.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py dataset_profiling
"""

import json
import os
import sys
import tempfile

import numpy as np


def _raised(call):
    try:
        call()
    except Exception as exc:  # noqa: BLE001 - the type is the recorded answer
        return type(exc).__name__
    return None


def _saved(out_dir):
    """What the profiler's three files in `out_dir` hold (None for a file not written)."""
    found = {}
    path = os.path.join(out_dir, "pipeline_profiling_0.json")
    if os.path.exists(path):
        with open(path) as f:
            ops = json.load(f)["op_info"]
        found["ops"] = [
            [op["op_id"], op["op_type"], op.get("children", []), op["metrics"] is not None]
            for op in ops
        ]
    path = os.path.join(out_dir, "minddata_cpu_utilization_0.json")
    if os.path.exists(path):
        with open(path) as f:
            cpu = json.load(f)
        found["cpu_ops"] = [op["op_id"] for op in cpu["op_info"]]
        found["cpu_fields"] = sorted(cpu)
        found["memory_fields"] = sorted(cpu["process_memory_info"]) + sorted(
            cpu["system_memory_info"]
        )
    path = os.path.join(out_dir, "dataset_iterator_profiling_0.txt")
    if os.path.exists(path):
        with open(path) as f:
            lines = [line.split() for line in f]
        found["traced_batches"] = len(lines) // 4
        # each batch: the kinds (0 time, 1 queue) and what each time line measures
        found["line_kinds"] = sorted({(ln[0], ln[1] if ln[0] == "0" else "") for ln in lines[:4]})
    return found


def _gen(n):
    def source():
        for i in range(n):
            yield (np.array([i]),)

    return source


def map_batch_two_epochs(ds, engine, transforms, out_dir, rec):
    prof = engine.GlobalContext.profiling_manager()
    prof.init()
    prof.start()
    data = ds.GeneratorDataset(_gen(64), ["col1"])
    data = data.map(operations=transforms.TypeCast(np.int32), input_columns="col1").batch(4)
    for _ in data.create_dict_iterator(num_epochs=2):
        pass
    prof.stop()
    prof.save(out_dir)
    rec("map_batch_two_epochs", _saved(out_dir))


def shuffle_batch_for_loop(ds, engine, transforms, out_dir, rec):
    prof = engine.GlobalContext.profiling_manager()
    prof.init()
    prof.start()
    data = ds.GeneratorDataset([(np.array([x]),) for x in range(64)], ["data"])
    data = data.shuffle(8).batch(8)
    shapes = data.output_shapes()
    size = data.get_dataset_size()
    prof.stop()
    prof.save(out_dir)
    before = _saved(out_dir)
    prof.start()
    for _ in data:
        pass
    prof.stop()
    prof.save(out_dir)
    rec("shuffle_batch_for_loop", [shapes, size, before, _saved(out_dir)])


def inline_ops(ds, engine, transforms, out_dir, rec):
    prof = engine.GlobalContext.profiling_manager()
    prof.init()
    prof.start()
    data = ds.GeneratorDataset(_gen(10), ["col1"])
    data = data.rename(input_columns=["col1"], output_columns=["c"]).skip(2).repeat(2).take(12)
    data = data.concat(ds.GeneratorDataset(_gen(3), ["c"]))
    data = data.project(["c"])
    for _ in data.create_tuple_iterator(num_epochs=2):
        pass
    prof.stop()
    prof.save(out_dir)
    rec("inline_ops", _saved(out_dir))


def zip_filter(ds, engine, transforms, out_dir, rec):
    prof = engine.GlobalContext.profiling_manager()
    prof.init()
    prof.start()
    left = ds.NumpySlicesDataset({"a": np.arange(12)}, shuffle=False)
    right = ds.GeneratorDataset(_gen(12), ["b"]).filter(lambda b: True, input_columns=["b"])
    data = ds.zip((left, right)).batch(3, drop_remainder=True)
    for _ in data.create_tuple_iterator(num_epochs=1):
        pass
    prof.stop()
    prof.save(out_dir)
    rec("zip_filter", _saved(out_dir))


def start_stop_windows(ds, engine, transforms, out_dir, rec):
    prof = engine.GlobalContext.profiling_manager()
    prof.init()
    data = ds.GeneratorDataset(_gen(200), ["col1"]).batch(2)
    for i, _ in enumerate(data.create_dict_iterator(num_epochs=1)):
        if i in (5, 60):
            prof.start()
        elif i in (20, 90):
            prof.stop()
    prof.save(out_dir)
    rec("start_stop_windows", _saved(out_dir))


def independent_mode(ds, engine, transforms, out_dir, rec):
    before = os.environ.get("MS_INDEPENDENT_DATASET")
    os.environ["MS_INDEPENDENT_DATASET"] = "True"
    try:
        prof = engine.GlobalContext.profiling_manager()
        prof.init()
        prof.start()
        data = ds.GeneratorDataset(_gen(30), ["col1"], shuffle=False).batch(4).repeat(2)
        it = data.create_tuple_iterator(num_epochs=2, output_numpy=True)
        rows = [int(r[0][0][0]) for r in it]
        prof.stop()
        prof.save(out_dir)
    finally:
        if before is None:
            del os.environ["MS_INDEPENDENT_DATASET"]
        else:
            os.environ["MS_INDEPENDENT_DATASET"] = before
    rec("independent_mode", [rows, _saved(out_dir)])


def lifecycle(ds, engine, transforms, out_dir, rec):
    prof = engine.GlobalContext.profiling_manager()
    # (msfunc's init while running resets the profiler, where MindSpore's raises: not here)
    calls = [prof.init, prof.stop, prof.start, prof.start, prof.stop, prof.stop, prof.init]
    rec("lifecycle", [_raised(call) for call in calls])


SCENARIOS = [
    map_batch_two_epochs,
    shuffle_batch_for_loop,
    inline_ops,
    zip_filter,
    start_stop_windows,
    independent_mode,
    lifecycle,
]


def run(ds, engine, transforms, rec):
    """Every scenario, each saving into a fresh directory (RANK_ID=0, as the files' names)."""
    os.environ["RANK_ID"] = "0"
    for scenario in SCENARIOS:
        with tempfile.TemporaryDirectory() as out_dir:
            scenario(ds, engine, transforms, out_dir, rec)


def main():
    import mindspore._c_dataengine as engine
    import mindspore.dataset as ds
    import mindspore.dataset.transforms as transforms

    golden = {}
    run(ds, engine, transforms, golden.__setitem__)
    out = os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "golden", "dataset_profiling.json"
    )
    with open(out, "w") as f:
        json.dump(golden, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"{len(golden)} entries -> {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
