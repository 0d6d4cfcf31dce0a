"""Golden values for FakeImageDataset, KITTIDataset, PKSampler, the source option checks and
the transforms OneHot, TypeCast, Fill, Unique, SlidingWindow, UnicodeScriptTokenizer,
RandomApply, RandomChoice, RandomOrder, HsvToRgb and RgbToHsv from real MindSpore 2.10:
writes tests/golden/dataset_more_ops.json.

Each scenario `name(ds, rec)` is a plain `mindspore.dataset` program; a call that raises is
recorded as its exception's type name. tests/dataset/test_dataset_more_ops_golden.py runs the
same functions with ds = msfunc.dataset.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py dataset_more_ops
"""

import importlib
import json
import os
import sys

import numpy as np


def _plain(value):
    value = np.asarray(value)
    if value.dtype.kind in "SU":
        return [str(value.dtype.kind), value.astype(str).tolist()]
    if value.dtype.kind == "f":
        return [str(value.dtype), np.round(value.astype(np.float64), 6).tolist()]
    return [str(value.dtype), value.tolist()]


def _call(make):
    """`make()`'s value(s) in plain form, or the type name of what it raised."""
    try:
        out = make()
    except Exception as exc:  # noqa: BLE001 - the type is the recorded answer
        return type(exc).__name__
    if isinstance(out, (tuple, list)) and out and isinstance(out[0], np.ndarray):
        return [_plain(v) for v in out]
    return _plain(out)


def _builds(make):
    """ "ok" when `make()` returns, else the type name of what it raised."""
    try:
        make()
    except Exception as exc:  # noqa: BLE001 - the type is the recorded answer
        return type(exc).__name__
    return "ok"


def _rows(dataset, num_epochs=1):
    rows = []
    iterator = dataset.create_tuple_iterator(output_numpy=True, num_epochs=num_epochs)
    for _ in range(num_epochs):
        rows.append([[_plain(c) for c in row] for row in iterator])
    return rows


def _outcome(make, num_epochs=1):
    try:
        return _rows(make(), num_epochs)
    except Exception as exc:  # noqa: BLE001 - the type is the recorded answer
        return type(exc).__name__


def fake_image(ds, rec):
    rec("fake_image_rows", _outcome(lambda: ds.FakeImageDataset(5, (3, 4, 3), 7, 3, shuffle=False)))
    rec(
        "fake_image_odd_size",
        _outcome(lambda: ds.FakeImageDataset(2, (3, 3, 1), 2, 11, shuffle=False)),
    )
    rec(
        "fake_image_size",
        ds.FakeImageDataset(50, (2, 2, 1), 4, 0, num_samples=7).get_dataset_size(),
    )
    for key, args in {
        "fake_image_bad_count": ("10", (2, 2, 1), 3, 0),
        "fake_image_zero_count": (0, (2, 2, 1), 3, 0),
        "fake_image_short_size": (4, (2, 2), 3, 0),
        "fake_image_bad_classes": (4, (2, 2, 1), -1, 0),
    }.items():
        rec(key, _outcome(lambda args=args: ds.FakeImageDataset(*args)))


def _kitti_tree(root):
    """A small KITTI layout: three training images (the second's label file empty), two test
    images, PNG files of 2 x 3 pixels."""
    from PIL import Image

    labels = [
        "Car 0.00 0 -1.84 662.20 185.85 690.21 205.03 1.48 1.36 3.51 5.35 2.56 58.84 -1.75\n"
        "DontCare -1 -1 -10 610.50 179.95 629.68 196.31 -1 -1 -1 -1000 -1000 -1000 -10\n",
        "",
        "Van 0.50 1 1.70 448.07 177.14 481.60 206.41 2.50 2.20 5.78 -13.02 2.91 65.02 1.50\n"
        "Car 0.25 2 0.33 1.5 2.5 30.25 40.125 1 2 3 4 5 6 0.7\n",
    ]
    for usage, count in (("training", 3), ("testing", 2)):
        folder = os.path.join(root, "data_object_image_2", usage, "image_2")
        os.makedirs(folder)
        for i in range(count):
            pixels = (np.arange(18, dtype=np.uint8).reshape(2, 3, 3) * (i + 3)) % 251
            Image.fromarray(pixels).save(os.path.join(folder, f"{i:06d}.png"))
    folder = os.path.join(root, "data_object_label_2", "training", "label_2")
    os.makedirs(folder)
    for i, text in enumerate(labels):
        with open(os.path.join(folder, f"{i:06d}.txt"), "w") as f:
            f.write(text)


def kitti(ds, rec):
    import tempfile

    root = tempfile.mkdtemp()
    _kitti_tree(root)

    def summary(data):
        rows = []
        for row in data.create_tuple_iterator(output_numpy=True, num_epochs=1):
            rows.append([_plain(row[0])[0], list(row[0].shape)] + [_plain(c) for c in row[1:]])
        return [data.get_col_names(), data.get_dataset_size(), rows]

    rec("kitti_train", summary(ds.KITTIDataset(root, shuffle=False)))
    rec("kitti_train_decoded", summary(ds.KITTIDataset(root, decode=True, shuffle=False)))
    rec("kitti_test", summary(ds.KITTIDataset(root, usage="test", decode=True, shuffle=False)))
    rec("kitti_bad_usage", _builds(lambda: ds.KITTIDataset(root, usage="val")))
    rec("kitti_usage_type", _builds(lambda: ds.KITTIDataset(root, usage=1)))
    rec("kitti_missing_dir", _builds(lambda: ds.KITTIDataset(os.path.join(root, "absent"))))
    rec("kitti_no_dir", _builds(lambda: ds.KITTIDataset()))


def option_clashes(ds, rec):
    sources = {
        "slices": lambda kw: ds.NumpySlicesDataset({"x": np.arange(4)}, **kw),
        "fake": lambda kw: ds.FakeImageDataset(4, (2, 2, 1), 2, 0, **kw),
    }
    cases = {
        "sampler_shuffle": {"shuffle": False, "sampler": ds.SequentialSampler()},
        "sampler_shards": {"sampler": ds.SequentialSampler(), "num_shards": 2, "shard_id": 0},
        "shards_only": {"num_shards": 2},
        "shard_id_only": {"shard_id": 0},
        "shard_id_str": {"num_shards": 2, "shard_id": "0"},
        "shard_id_big": {"num_shards": 2, "shard_id": 2},
        "num_shards_str": {"num_shards": "2", "shard_id": 0},
    }
    for name, make in sources.items():
        for case, kwargs in cases.items():
            rec(f"clash_{name}_{case}", _builds(lambda make=make, kwargs=kwargs: make(kwargs)))


def pk_sampler(ds, rec):
    def labelled(sampler, seed=7, epochs=2):
        ds.config.set_seed(seed)
        data = ds.FakeImageDataset(40, (2, 2, 1), 4, 0, sampler=sampler)
        return [data.get_dataset_size(), _outcome(lambda: data, epochs)]

    rec("pk_sorted", labelled(ds.PKSampler(3)))
    rec("pk_shuffled", labelled(ds.PKSampler(2, shuffle=True)))
    rec("pk_num_samples", labelled(ds.PKSampler(3, num_samples=5), seed=3, epochs=1))
    rec("pk_bad_num_val", _builds(lambda: ds.PKSampler(1.5)))
    rec("pk_num_class", _builds(lambda: ds.PKSampler(2, num_class=3)))
    rec("pk_bad_shuffle", _builds(lambda: ds.PKSampler(2, shuffle=1)))


def array_transforms(ds, rec):
    t = ds.transforms
    mindspore = importlib.import_module(ds.__name__.split(".")[0])  # (its dtypes)

    labels = {
        "column": np.array([[1], [2]], np.int64),
        "single": np.array([3], np.int32),
        "row": np.array([[1, 2]], np.uint8),
        "cube": np.array([[[2]]], np.int64),
        "square": np.array([[1, 2], [2, 3]], np.int64),
    }
    for key, label in labels.items():
        rec(f"onehot_{key}", _call(lambda label=label: t.OneHot(4)(label)))
    rec("onehot_smooth", _call(lambda: t.OneHot(4, 0.2)(np.array([1], np.int32))))
    rec("typecast_str_str", _call(lambda: t.TypeCast(mindspore.string)(np.array(["ab", "c"]))))
    rec("typecast_int_str", _call(lambda: t.TypeCast(mindspore.string)(np.array([1, 2]))))
    rec("typecast_str_bool", _call(lambda: t.TypeCast(mindspore.bool_)(np.array(["a", ""]))))
    rec("fill_bytes", _call(lambda: t.Fill(b"abc")(np.array([b"A", b"B"]))))
    rec("fill_str", _call(lambda: t.Fill("xyz")(np.array(["a", "b"]))))
    fills = {
        "str_on_int": ("abc", np.array([1, 2])),
        "int_on_str": (3, np.array(["a"])),
        "bytes_on_str": (b"ab", np.array(["a"])),
        "str_on_bytes": ("ab", np.array([b"a"])),
        "float_on_int": (2.7, np.array([1, 2])),
        "bool_on_float": (True, np.array([1.5])),
        "wrap_uint8": (300, np.array([1], np.uint8)),
    }
    for key, (value, x) in fills.items():
        rec(f"fill_{key}", _call(lambda value=value, x=x: t.Fill(value)(x)))
    for key, x in {
        "flat": [[0, -1, -2, -1, 2], [2, 0, 2, 1, -3]],
        "float": np.array([[1.5, 0.5], [1.5, 2.0]], np.float32),
        "uint8": np.array([[3, 1, 3]], np.uint8),
        "one_axis": np.array([3, 1, 3]),
        "text": np.array([["a", "b"]]),
    }.items():
        rec(f"unique_{key}", _call(lambda x=x: t.Unique()(x)))

    def batched_unique():
        data = ds.NumpySlicesDataset([[4, 2, 4, 4, 1]], column_names="x").batch(2)
        return data.map(operations=t.Unique(), input_columns=["x"], output_columns=["x", "y", "z"])

    rec("unique_pipeline", _outcome(batched_unique))


def sliding_window(ds, rec):
    text = ds.text
    rec("window_ok", _call(lambda: text.SlidingWindow(2, -1)(np.array([1, 2, 3, 4]))))
    rec("window_short", _call(lambda: text.SlidingWindow(5)(np.array(["a", "b"]))))
    rec("window_zero", _builds(lambda: text.SlidingWindow(0)))
    rec("window_str_width", _builds(lambda: text.SlidingWindow("1")))
    rec("window_str_axis", _builds(lambda: text.SlidingWindow(1, "0")))
    rec("window_bad_axis_built", _builds(lambda: text.SlidingWindow(2, -100)))
    rec("window_bad_axis_run", _call(lambda: text.SlidingWindow(2, -100)(np.array([1, 2, 3]))))
    rec("window_2d", _call(lambda: text.SlidingWindow(2)(np.array([[1, 2, 3]]))))


def script_tokenizer(ds, rec):
    text = ds.text
    sample = "Chinese中国 . 1x  e\u0301 Привет,мир\t\u3000日本語です!"
    for keep in (False, True):
        for offsets in (False, True):
            op = text.UnicodeScriptTokenizer(keep_whitespace=keep, with_offsets=offsets)
            rec(f"script_tokens_{keep}_{offsets}", _call(lambda op=op: op(sample)))
    rec("script_tokens_blank", _call(lambda: text.UnicodeScriptTokenizer()("  ")))
    rec("script_tokens_bytes", _call(lambda: text.UnicodeScriptTokenizer()(b"ab")))
    rec("script_tokens_bad_flag", _builds(lambda: text.UnicodeScriptTokenizer(keep_whitespace=1)))


def random_compounds(ds, rec):
    t = ds.transforms

    def mapped(op, workers):
        def make():
            ds.config.set_seed(5)
            data = ds.NumpySlicesDataset(np.arange(12), column_names="x", shuffle=False)
            return data.map(operations=op(), input_columns=["x"], num_parallel_workers=workers)

        return make

    def apply():
        return t.RandomApply([t.TypeCast(np.int32), t.Fill(100)], prob=0.4)

    def choice():
        return t.RandomChoice([t.Fill(1), t.Fill(2), t.Fill(3)])

    for workers in (1, 2):
        rec(f"random_apply_w{workers}", _outcome(mapped(apply, workers), 2))
        rec(f"random_choice_w{workers}", _outcome(mapped(choice, workers), 2))

    def eager_order():
        ds.config.set_seed(9)
        op = t.RandomOrder([lambda x: x * 2, lambda x: x + 3, lambda x: x - 1])
        return np.array([op(np.array([1]))[0] for _ in range(6)])

    rec("random_order_eager", _call(eager_order))
    rec("random_apply_bad_prob", _builds(lambda: t.RandomApply([t.Fill(1)], prob=1.5)))
    rec("random_apply_not_list", _builds(lambda: t.RandomApply(t.Fill(1))))
    rec("random_choice_empty", _builds(lambda: t.RandomChoice([])))


def hsv(ds, rec):
    vision = ds.vision
    rng = np.random.RandomState(3)
    hwc = rng.randint(0, 256, (2, 3, 3)).astype(np.uint8)
    rec("rgb_to_hsv_uint8", _call(lambda: vision.RgbToHsv(is_hwc=True)(hwc)))
    rec("rgb_to_hsv_channels_first", _call(lambda: vision.RgbToHsv()(hwc)))
    unit = rng.rand(3, 2, 2).astype(np.float32)
    rec("rgb_to_hsv_chw", _call(lambda: vision.RgbToHsv(is_hwc=False)(unit)))
    rec("hsv_to_rgb_chw", _call(lambda: vision.HsvToRgb(is_hwc=False)(unit)))
    batch = rng.rand(2, 2, 2, 3).astype(np.float64)
    rec("hsv_to_rgb_batch", _call(lambda: vision.HsvToRgb(is_hwc=True)(batch)))
    rec("rgb_to_hsv_batch", _call(lambda: vision.RgbToHsv(is_hwc=True)(batch)))
    rec("hsv_bad_shape", _call(lambda: vision.HsvToRgb()(rng.rand(2, 2, 4))))
    rec("hsv_bad_flag", _builds(lambda: vision.HsvToRgb(is_hwc=1)))


SCENARIOS = [
    fake_image,
    kitti,
    option_clashes,
    pk_sampler,
    array_transforms,
    sliding_window,
    script_tokenizer,
    random_compounds,
    hsv,
]


def main():
    import mindspore.dataset as ds

    out = {}
    for scenario in SCENARIOS:
        scenario(ds, out.__setitem__)
    path = os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "golden", "dataset_more_ops.json"
    )
    with open(path, "w") as f:
        json.dump(out, f, separators=(",", ":"), sort_keys=True)
    print(f"wrote {len(out)} entries to {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
