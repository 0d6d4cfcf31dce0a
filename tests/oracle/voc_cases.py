"""VOCDataset cases shared by gen_voc_golden.py (real MindSpore 2.10) and
tests/dataset/test_voc_source.py (msfunc): detection columns, class indexes, segmentation
masks, the hidden metadata column, row orders and the exception types of bad input."""

import os

# image id -> objects (name, xmin, ymin, xmax, ymax, difficult, truncated)
OBJECTS = {
    "10": [("dog", 5, 6, 25, 30, 0, 1), ("cat", 1, 2, 9, 4, 1, 0)],
    "11": [("car", 3, 3, 13, 23, 0, 0)],
    "12": [("cat", 7, 8, 17, 9, 0, 0), ("person", 2, 2, 4, 4, 0, 0), ("dog", 1, 1, 3, 3, 1, 1)],
    "13": [("person", 4, 4, 40, 44, 0, 0)],
    "bad": [("cat", 30, 12, 40, 11, 0, 0)],
}

# name -> (dataset seed, VOCDataset keyword arguments, column renamed from _meta-filename)
CASES = {
    "detection": (1, {"task": "Detection", "shuffle": False}),
    "class_indexing": (
        1,
        {"task": "Detection", "shuffle": False, "class_indexing": {"dog": 4, "person": 1}},
    ),
    "segmentation": (1, {"task": "Segmentation", "shuffle": False}),
    "metadata": (1, {"task": "Segmentation", "shuffle": False, "extra_metadata": True}),
    "shuffled": (2, {"task": "Detection"}),
    "shard1_of_3": (1, {"task": "Detection", "shuffle": False, "num_shards": 3, "shard_id": 1}),
}

BAD = {
    "task": {"task": "Classify"},
    "class_indexing_segmentation": {"task": "Segmentation", "class_indexing": {"cat": 0}},
    "missing_list": {"task": "Detection", "usage": "nothere"},
    "bad_box": {"task": "Detection", "usage": "bad"},
}


def _xml(objects):
    parts = []
    for name, x0, y0, x1, y1, difficult, truncated in objects:
        box = f"<xmin>{x0}</xmin><ymin>{y0}</ymin><xmax>{x1}</xmax><ymax>{y1}</ymax>"
        parts.append(
            f"<object><name>{name}</name><difficult>{difficult}</difficult>"
            f"<truncated>{truncated}</truncated><bndbox>{box}</bndbox></object>"
        )
    size = "<size><width>50</width><height>50</height></size>"
    return f"<annotation>{size}{''.join(parts)}</annotation>"


def write_files(folder):
    for sub in (
        "ImageSets/Main",
        "ImageSets/Segmentation",
        "JPEGImages",
        "Annotations",
        "SegmentationClass",
    ):
        os.makedirs(os.path.join(folder, sub), exist_ok=True)
    good = [i for i in OBJECTS if i != "bad"]
    for sub in ("Main", "Segmentation"):
        with open(os.path.join(folder, "ImageSets", sub, "train.txt"), "w") as f:
            f.write("\n".join(good) + "\n")
    with open(os.path.join(folder, "ImageSets", "Main", "bad.txt"), "w") as f:
        f.write("10\nbad\n")
    for image_id, objects in OBJECTS.items():
        with open(os.path.join(folder, "Annotations", f"{image_id}.xml"), "w") as f:
            f.write(_xml(objects))
        with open(os.path.join(folder, "JPEGImages", f"{image_id}.jpg"), "wb") as f:
            f.write(f"jpeg {image_id}".encode())
        with open(os.path.join(folder, "SegmentationClass", f"{image_id}.png"), "wb") as f:
            f.write(f"png {image_id}".encode())
    return folder


def outcome(ds, folder, case):
    """Columns, class index and rows (byte columns as text, others as lists)."""
    seed, kwargs = case
    ds.config.set_seed(seed)
    data = ds.VOCDataset(folder, **kwargs)
    columns = data.get_col_names()
    if "_meta-filename" in columns:
        data = data.rename("_meta-filename", "filename")
    rows = []
    for row in data.create_tuple_iterator(output_numpy=True):
        rows.append(
            [bytes(v).decode() if v.dtype.kind == "u" and v.ndim == 1 else v.tolist() for v in row]
            + [str(v.dtype) for v in row]
        )
    detection = kwargs["task"] == "Detection"
    classes = data.get_class_indexing() if detection else None
    return {"columns": columns, "class_indexing": classes, "rows": rows}


def error_of(ds, folder, kwargs):
    """The exception type name VOCDataset raises for `kwargs`, made or read (None: none)."""
    try:
        data = ds.VOCDataset(folder, **kwargs)
        list(data.create_tuple_iterator(output_numpy=True))
    except Exception as e:  # noqa: BLE001 - the type is what is recorded
        return type(e).__name__
    return None
