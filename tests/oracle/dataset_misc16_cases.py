"""Dataset cases shared by gen_dataset_misc16_golden.py (real MindSpore 2.10) and
tests/dataset/test_dataset_misc16.py (msfunc): NumpySlicesDataset rows of different
shapes, random crops and flips given several images, C-ordered output arrays, batch's
`batch_size` (True, -1) and `drop_remainder` checks, and getters answered once."""

import hashlib
import os

import numpy as np


def _array(value):
    """dtype, shape and values of one output column (json-able)."""
    value = np.asarray(value)
    return [str(value.dtype), list(value.shape), value.tolist()]


def _digest(value):
    """dtype, shape and an md5 of the bytes of one image (the md5 needs C order)."""
    value = np.asarray(value)
    return [str(value.dtype), list(value.shape), hashlib.md5(value).hexdigest()]


def _error(fn):
    try:
        fn()
    except Exception as exc:  # (the type is what is compared)
        return type(exc).__name__
    return None


def _image(seed, shape=(10, 12, 3)):
    return np.random.RandomState(seed).randint(0, 255, shape).astype(np.uint8)


def ragged_slices(ds):
    """Rows of a NumpySlicesDataset built from lists of rows of different shapes."""
    first = [np.array([1], np.uint8), np.array([5, 6], np.uint8)]
    sources = {
        "list": [[], [1], [2, 3], [4.5, 5, 6]],
        "tuple": (first, [1, 2]),
        "dict": {"a": first, "b": [1, 2]},
    }
    out = {}
    for name, data in sources.items():
        d = ds.NumpySlicesDataset(data, shuffle=False)
        rows = d.create_tuple_iterator(output_numpy=True)
        out[name] = [[_array(c) for c in row] for row in rows]
    sharded = ds.NumpySlicesDataset(
        (first * 2, [1, 2, 3, 4]), ["d", "l"], num_shards=2, shard_id=1, shuffle=False
    )
    out["sharded"] = [_array(r[0]) for r in sharded.create_tuple_iterator(output_numpy=True)]
    return out


def _several_ops(vision):
    return {
        "RandomCrop": vision.RandomCrop(6, padding=1),
        "RandomResizedCrop": vision.RandomResizedCrop((5, 7)),
        "RandomHorizontalFlip": vision.RandomHorizontalFlip(),
        "RandomVerticalFlip": vision.RandomVerticalFlip(),
    }


def several_images(ds, vision):
    """Random crops and flips given two image columns: one draw for both, in a pipeline
    (row after row) and called directly; images of different sizes."""
    out = {}
    for name in _several_ops(vision):
        ds.config.set_seed(7)
        op = _several_ops(vision)[name]
        d = ds.NumpySlicesDataset(
            {"a": [_image(i) for i in range(4)], "b": [_image(10 + i) for i in range(4)]},
            shuffle=False,
        )
        # (one worker: MindSpore's default count follows the machine's cores, and each
        # worker draws from its own engine)
        d = d.map(op, input_columns=["a", "b"], num_parallel_workers=1)
        rows = d.create_tuple_iterator(output_numpy=True)
        out[name] = [[_digest(c) for c in row] for row in rows]
        eager = _several_ops(vision)[name](_image(1), _image(2))
        out[name + "_eager"] = [_digest(c) for c in eager]
        sizes = (_image(1), _image(2, (11, 12, 3)))
        sized = _several_ops(vision)[name]
        out[name + "_sizes"] = _error(lambda op=sized, pair=sizes: op(*pair))
    return out


def c_order(ds, vision):
    """Whether the arrays an iterator gives are C-ordered: crops, flips, a transposed row."""
    out = {}
    ops = {
        "CenterCrop": vision.CenterCrop(4),
        "Crop": vision.Crop((1, 2), (4, 5)),
        "RandomCrop": vision.RandomCrop(5),
        "HorizontalFlip": vision.HorizontalFlip(),
    }
    for name, op in ops.items():
        d = ds.NumpySlicesDataset({"a": [_image(i) for i in range(2)]}, shuffle=False)
        rows = d.map(op, input_columns=["a"]).create_tuple_iterator(output_numpy=True)
        out[name] = [bool(r[0].flags.c_contiguous) for r in rows]
    source = ds.GeneratorDataset(lambda: iter([(np.arange(6).reshape(2, 3).T,)]), ["t"])
    out["transposed"] = [
        [bool(r[0].flags.c_contiguous), r[0].tolist()]
        for r in source.create_tuple_iterator(output_numpy=True)
    ]
    return out


def batch_sizes(ds):
    """batch(True) (a size of 1), batch(-1) (refused when it runs), and the exception types
    of other sizes and of a `drop_remainder` that is not a bool."""

    def numbers():
        return ds.NumpySlicesDataset({"x": np.arange(5)}, shuffle=False)

    out = {}
    d = numbers().batch(True)
    rows = d.create_tuple_iterator(output_numpy=True)
    out["true"] = [d.get_batch_size(), [r[0].tolist() for r in rows]]
    d = numbers().batch(-1)
    out["minus_one"] = [
        d.get_batch_size(),
        d.get_dataset_size(),
        _error(lambda: list(d.create_tuple_iterator())),
        _error(d.output_shapes),
    ]
    out["errors"] = {
        "false": _error(lambda: numbers().batch(False)),
        "minus_two": _error(lambda: numbers().batch(-2)),
        "padded_minus_one": _error(lambda: numbers().padded_batch(-1)),
        "drop_one": _error(lambda: numbers().batch(2, 1)),
        "drop_none": _error(lambda: numbers().batch(2, None)),
        "padded_drop_zero": _error(lambda: numbers().padded_batch(2, 0)),
    }
    return out


def getters_once(ds):
    """output_shapes and output_types each read the pipeline on their first call only (a
    source whose rows change from pass to pass shows it)."""
    passes = [0]

    def rows():
        passes[0] += 1
        for _ in range(3):
            yield (np.zeros(passes[0], np.float32),)

    out = []
    d = ds.GeneratorDataset(rows, ["x"], shuffle=False)
    out.append(d.output_shapes())
    out.append([str(t) for t in d.output_types()])
    out.append(d.output_shapes())
    out.append(d.output_shapes(estimate=True)[0][0] > out[0][0][0])  # (estimate reads anew)
    out.append(d.output_shapes())
    return out


def operation_checks(ds, transforms, vision):
    """Exception types for a transform class given where an instance belongs (map and the
    compound transforms), a map operation that is not callable, and map's unknown options."""
    d = ds.NumpySlicesDataset({"x": np.arange(3)}, shuffle=False)
    out = {
        "map_class": _error(lambda: d.map(vision.HWC2CHW)),
        "map_list_class": _error(lambda: d.map([vision.HWC2CHW(), dict])),
        "map_int": _error(lambda: d.map(5)),
        "map_column_order": _error(lambda: d.map(lambda x: x, column_order=["x"])),
        "map_options": _error(
            lambda: d.map(lambda x: x, python_multiprocessing=False, max_rowsize=16, cache=None)
        ),
    }
    for name in ("Compose", "RandomApply", "RandomChoice", "RandomOrder"):
        wrapper = getattr(transforms, name)
        out[name + "_class"] = _error(lambda w=wrapper: w([vision.HWC2CHW(), vision.Normalize]))
        out[name + "_int"] = _error(lambda w=wrapper: w([vision.HWC2CHW(), 5]))
    return out


def pad_end(transforms):
    """PadEnd leaves a scalar as it is; a rank other than the pad shape's is refused."""
    return {
        "scalar": _array(transforms.PadEnd([100], 0)(np.array(5))),
        "text_scalar": _array(transforms.PadEnd([3], "")(np.array("a"))),
        "rank": _error(lambda: transforms.PadEnd([2, 2], 0)(np.array([1]))),
    }


def empty_class_indexing(ds, folder):
    """ImageFolderDataset's class_indexing={} reads every class folder, as None does."""
    from PIL import Image

    for c in ("cat", "dog"):
        os.makedirs(os.path.join(folder, c), exist_ok=True)
        Image.fromarray(_image(len(c), (2, 3, 3))).save(os.path.join(folder, c, "a.png"))
    d = ds.ImageFolderDataset(folder, class_indexing={}, shuffle=False)
    rows = d.create_tuple_iterator(output_numpy=True)
    return [[int(r[1]) for r in rows], d.get_class_indexing(), d.num_classes()]


def int_sampler(ds, folder):
    """sampler=<int>: one row id for the sources read in C++ (ImageFolderDataset after
    `empty_class_indexing` made its folder), a TypeError for NumpySlicesDataset."""

    def labels(sampler):
        d = ds.ImageFolderDataset(folder, sampler=sampler)
        return [int(r[1]) for r in d.create_tuple_iterator(output_numpy=True)]

    return {
        "one": labels(1),
        "true": labels(True),
        "minus_one": _error(lambda: labels(-1)),
        "numpy_int": _error(lambda: labels(np.int64(1))),
        "slices": _error(lambda: ds.NumpySlicesDataset({"x": np.arange(3)}, sampler=1)),
    }


def video_crops(ds, vision):
    """RandomCrop on a stack of frames (a window drawn per frame; a second input takes
    the first's last window) and CenterCrop on one."""
    frame = (np.arange(20 * 24) % 250).reshape(20, 24, 1).astype(np.uint8)
    video = np.stack([frame] * 4)
    ds.config.set_seed(3)
    op = vision.RandomCrop(5)
    out = {"frames": [_array(f[0, 0]) for f in op(video)]}
    ds.config.set_seed(3)
    out["pair"] = [[int(f[0, 0, 0]) for f in v] for v in op(video, video)]
    stack = (np.arange(2 * 3 * 10 * 12 * 3) % 251).astype(np.uint8).reshape(2, 3, 10, 12, 3)
    out["center"] = _digest(vision.CenterCrop((4, 5))(stack))
    return out


def config_load(ds, folder):
    """ds.config.load: the keys it applies (a seed of -1 wraps to 2**32 - 1), the ones it
    ignores, and the exception types of a missing file, bad json, a bad value, a bad path."""
    import json

    config = ds.config
    saved = (
        config.get_num_parallel_workers(),
        config.get_prefetch_size(),
        config.get_monitor_sampling_interval(),
        config.get_fast_recovery(),
        config.get_error_samples_mode(),
    )
    good = {
        "logFilePath": "/tmp",
        "rowsPerBuffer": 3,
        "numParallelWorkers": 1,
        "workerConnectorSize": 7,
        "opConnectorSize": 9,
        "seed": -1,
        "monitorSamplingInterval": 33,
        "fast_recovery": False,
        "debug_mode_flag": False,
        "error_samples_mode": 2,
        "callbackTimeout": 77,
    }
    out = {}
    try:
        for name, spec in (("good", good), ("bad_value", {"numParallelWorkers": "x"})):
            with open(os.path.join(folder, name + ".cfg"), "w") as f:
                json.dump(spec, f)
        with open(os.path.join(folder, "broken.cfg"), "w") as f:
            f.write("{not json")
        config.load(os.path.join(folder, "good.cfg"))
        out["read"] = [
            config.get_num_parallel_workers(),
            config.get_prefetch_size(),
            config.get_seed(),
            config.get_monitor_sampling_interval(),
            config.get_fast_recovery(),
            config.get_debug_mode(),
            int(config.get_error_samples_mode()),
            config.get_callback_timeout(),
        ]
        for name in ("bad_value", "broken", "missing"):
            out[name] = _error(lambda n=name: config.load(os.path.join(folder, n + ".cfg")))
        out["not_a_path"] = _error(lambda: config.load(5))
    finally:
        config.set_num_parallel_workers(saved[0])
        config.set_prefetch_size(saved[1])
        config.set_monitor_sampling_interval(saved[2])
        config.set_fast_recovery(saved[3])
        config.set_error_samples_mode(saved[4])
    return out


def repeat_counts(ds):
    """get_repeat_count: the nearest repeat below, through each node's last input."""

    def d():
        return ds.NumpySlicesDataset({"x": np.arange(4)}, shuffle=False)

    return [
        d().get_repeat_count(),
        d().repeat(2).batch(2).get_repeat_count(),
        d().repeat(2).repeat(3).get_repeat_count(),
        d().repeat(2).map(lambda x: x).get_repeat_count(),
        d().repeat(2).device_que().get_repeat_count(),
        d().repeat(3).shuffle(2).skip(1).get_repeat_count(),
        d().repeat(2).concat(d()).get_repeat_count(),
        d().concat(d().repeat(2)).get_repeat_count(),
        d().repeat(-1).take(3).get_repeat_count(),
        ds.zip((d().repeat(2), ds.NumpySlicesDataset({"y": np.arange(4)}))).get_repeat_count(),
    ]


def outcome(ds, vision, transforms, folder):
    """Every case's result, by name."""
    seed = ds.config.get_seed()
    try:
        return {
            "ragged_slices": ragged_slices(ds),
            "several_images": several_images(ds, vision),
            "c_order": c_order(ds, vision),
            "batch_sizes": batch_sizes(ds),
            "getters_once": getters_once(ds),
            "operation_checks": operation_checks(ds, transforms, vision),
            "pad_end": pad_end(transforms),
            "empty_class_indexing": empty_class_indexing(ds, folder),
            "int_sampler": int_sampler(ds, folder),
            "video_crops": video_crops(ds, vision),
            "repeat_counts": repeat_counts(ds),
            "config_load": config_load(ds, folder),
        }
    finally:
        ds.config.set_seed(seed)
