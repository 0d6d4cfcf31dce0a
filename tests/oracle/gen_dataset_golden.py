"""Golden values for msfunc.dataset from real MindSpore 2.10: writes tests/golden/dataset.json.

Each scenario `name(ds, rec)` is a plain `mindspore.dataset` program without random
choices; tests/dataset/test_dataset_golden.py runs the same functions with ds = msfunc.dataset.

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py dataset
"""

import json
import os
import sys

import numpy as np


def _rows(dataset):
    return [
        [np.asarray(c).tolist() for c in row]
        for row in dataset.create_tuple_iterator(output_numpy=True, num_epochs=1)
    ]


def _image():
    return (np.arange(5 * 7 * 3) * 7 % 256).astype(np.uint8).reshape(5, 7, 3)


def map_column_layout(ds, rec):
    def make():
        return ds.NumpySlicesDataset(
            {"a": np.arange(4), "b": np.arange(4) * 10, "c": np.arange(4) * 100}, shuffle=False
        )

    three = make().map(
        lambda a, b: (a + b, a - b, a * b), input_columns=["a", "b"], output_columns=["x", "y", "z"]
    )
    rec("map_more_outputs", {"names": three.get_col_names(), "rows": _rows(three)})
    renamed = make().map(lambda b: b + 1, input_columns=["b"], output_columns=["q"])
    rec("map_rename", {"names": renamed.get_col_names(), "rows": _rows(renamed)})
    fewer = make().map(lambda a, c: a + c, input_columns=["a", "c"], output_columns=["s"])
    rec("map_fewer_outputs", {"names": fewer.get_col_names(), "rows": _rows(fewer)})


def sizes_and_shapes(ds, rec):
    def make():
        return ds.NumpySlicesDataset(np.arange(10), column_names=["x"], shuffle=False)

    rec(
        "sizes",
        [
            make().get_dataset_size(),
            make().take(3).get_dataset_size(),
            make().skip(3).get_dataset_size(),
            make().repeat(2).get_dataset_size(),
            make().batch(3, True).get_dataset_size(),
            make().batch(3).get_dataset_size(),
        ],
    )
    batched = ds.NumpySlicesDataset({"a": np.arange(6.0).reshape(3, 2)}, shuffle=False).batch(2)
    rec(
        "batch",
        {
            "size": batched.get_batch_size(),
            "shapes": batched.output_shapes(),
            "rows": _rows(batched),
        },
    )
    tup = ds.NumpySlicesDataset(([1, 2, 3], [[4.0, 5.0], [6.0, 7.0], [8.0, 9.0]]), shuffle=False)
    rec("tuple_columns", {"names": tup.get_col_names(), "shapes": tup.output_shapes()})


def chains(ds, rec):
    def make(n=10, name="x", k=1):
        return ds.NumpySlicesDataset({name: np.arange(n) * k}, shuffle=False)

    a, b = make().split([0.7, 0.3], randomize=False)
    rec("split", [_rows(a), _rows(b)])
    z = make(5).zip(make(3, "y", 2))
    rec("zip", {"names": z.get_col_names(), "rows": _rows(z)})
    rec("concat_take_skip", _rows(make(4).concat(make(3, k=10)).skip(2).take(4)))
    r = make(3).zip(make(3, "y", 2)).rename(["x"], ["xx"]).project(["y", "xx"])
    rec("rename_project", {"names": r.get_col_names(), "rows": _rows(r)})
    rec("repeat_batch", _rows(make(3).repeat(2).batch(4)))
    padded = ds.GeneratorDataset(lambda: iter([(np.arange(n),) for n in (1, 3, 2)]), ["v"])
    rec("pad_info", _rows(padded.padded_batch(3, pad_info={"v": (None, -1)})))


def vision_ops(ds, rec):
    from_ = ds.vision
    img = _image()
    rec("resize_linear", from_.Resize((3, 4))(img).tolist())
    rec("resize_linear_up", from_.Resize((8, 11))(img).tolist())
    rec("resize_short_side", list(from_.Resize(10)(img).shape))
    rec("resize_nearest", from_.Resize((8, 9), from_.Inter.NEAREST)(img).tolist())
    rec("resize_float", from_.Resize((3, 4))(img.astype(np.float32) / 7).tolist())
    rec("rescale", from_.Rescale(1 / 255, -0.5)(img[:2, :2]).tolist())
    rec("normalize", from_.Normalize([1, 2, 3], [2, 3, 4])(img[:2, :2]).tolist())
    rec("hwc2chw", from_.HWC2CHW()(img).shape)
    rec("center_crop", from_.CenterCrop((3, 4))(img)[..., 0].tolist())
    t = ds.transforms
    rec("onehot", t.OneHot(4)(np.array(2)).tolist())
    rec("onehot_smooth", t.OneHot(4, 0.1)(np.array(2)).tolist())
    rec("typecast", str(t.TypeCast(np.float16)(np.array([1, 2])).dtype))
    rec("compose", t.Compose([lambda x: x + 1, t.TypeCast(np.float32)])(np.array([1, 2])).tolist())


SCENARIOS = [map_column_layout, sizes_and_shapes, chains, vision_ops]


def main():
    import mindspore.dataset as ds

    out = {}
    for scenario in SCENARIOS:

        def rec(key, value):
            out[key] = value

        scenario(ds, rec)
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "golden", "dataset.json")
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(out, f, separators=(",", ":"))
    os.replace(tmp, path)
    print(f"wrote {len(out)} values to {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
