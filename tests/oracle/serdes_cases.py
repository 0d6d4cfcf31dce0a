"""Dataset serialize/deserialize cases shared by gen_serdes_golden.py (real MindSpore 2.10)
and tests/dataset/test_serdes.py (msfunc): pipelines over a synthesised CSV file and image
folder, their JSON descriptions (paths written as {folder}) and the rows they yield."""

import hashlib
import json
import os

import numpy as np


def write_inputs(folder):
    """A CSV file of 7 rows and an image folder of two classes, 3 small PNGs each."""
    from PIL import Image

    with open(os.path.join(folder, "rows.csv"), "w") as f:
        for i in range(7):
            f.write(f"{i},{i * 0.5},w{i}\n")
    rng = np.random.default_rng(5)
    for label in ("cat", "dog"):
        os.makedirs(os.path.join(folder, "images", label))
        for i in range(3):
            pixels = rng.integers(0, 256, (12 + i, 10, 3), dtype=np.uint8)
            Image.fromarray(pixels).save(os.path.join(folder, "images", label, f"{i}.png"))


def _digest(value):
    value = np.ascontiguousarray(np.asarray(value))
    if value.dtype.kind in "US":
        return [str(value.dtype.kind), value.tolist()]
    return [str(value.dtype), list(value.shape), hashlib.md5(value).hexdigest()]


def rows(data):
    """Every row of `data` (one epoch), each column as its digest."""
    return [
        {k: _digest(v) for k, v in sorted(row.items())}
        for row in data.create_dict_iterator(num_epochs=1, output_numpy=True)
    ]


def csv_pipeline(ds, transforms, folder):
    data = ds.CSVDataset(
        os.path.join(folder, "rows.csv"),
        column_defaults=[0, 0.0, ""],
        column_names=["a", "b", "w"],
        shuffle=False,
    )
    data = data.map(operations=transforms.TypeCast(np.int32), input_columns=["a"])
    data = data.map(operations=[transforms.Fill(2.5)], input_columns="b")
    data = data.project(["b", "a"]).rename(["a"], ["x"]).skip(1).take(5)
    return data.batch(2, drop_remainder=True).repeat(2)


def image_pipeline(ds, vision, folder):
    sampler = ds.SequentialSampler(start_index=1, num_samples=4)
    data = ds.ImageFolderDataset(os.path.join(folder, "images"), sampler=sampler, decode=True)
    ops = [
        vision.Resize((8, 6), vision.Inter.BILINEAR),
        vision.Pad(2, fill_value=(10, 20, 30), padding_mode=vision.Border.CONSTANT),
        vision.CenterCrop(8),
        vision.Rescale(1.0 / 255, 0.0),
        vision.Normalize([0.5, 0.5, 0.5], [0.2, 0.3, 0.4]),
        vision.HWC2CHW(),
    ]
    return data.map(operations=ops, input_columns=["image"])


def description(ds, data, folder):
    """`serialize`'s description with the scratch folder written as {folder}."""
    text = json.dumps(ds.serialize(data), sort_keys=True)
    return json.loads(text.replace(folder, "{folder}"))


def op_keys(record, out=None):
    """The keys of each non-source node of a description, by operation type."""
    out = {} if out is None else out
    if record["children"]:
        out[record["op_type"]] = sorted(record)
    for child in record["children"]:
        op_keys(child, out)
    return out


def read_back(ds, description):
    """The rows of the pipeline `description` rebuilds, or the type of what that raises (as
    MindSpore, a CSV description without column defaults reads strings)."""
    try:
        return rows(ds.deserialize(input_dict=description))
    except Exception as exc:  # (the type is what is compared)
        return type(exc).__name__


def refused(ds, data):
    """What deserializing `data`'s description and reading it raises (None: nothing)."""
    try:
        rebuilt = ds.deserialize(input_dict=ds.serialize(data))
        rows(rebuilt)
    except Exception as exc:  # (the type is what is compared)
        return type(exc).__name__
    return None


def outcome(ds, vision, transforms, folder):
    """Everything the golden file holds."""
    write_inputs(folder)
    csv_data, image_data = csv_pipeline(ds, transforms, folder), image_pipeline(ds, vision, folder)
    generated = ds.GeneratorDataset([1, 2, 3], ["c"]).repeat(2)
    filtered = csv_pipeline(ds, transforms, folder).filter(lambda b: True, ["b"])
    return {
        "csv": {
            "json": description(ds, csv_data, folder),
            "rows": rows(csv_data),
            "read_back": read_back(ds, ds.serialize(csv_data)),
        },
        "image": {
            "json": description(ds, image_data, folder),
            "rows": rows(image_data),
            "read_back": read_back(ds, ds.serialize(image_data)),
        },
        "op_keys": op_keys(ds.serialize(csv_data)),
        "refused": {"generator": refused(ds, generated), "filter": refused(ds, filtered)},
    }
