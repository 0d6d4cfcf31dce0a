"""ManifestDataset cases shared by gen_manifest_golden.py (real MindSpore 2.10) and
tests/dataset/test_manifest_source.py (msfunc): labels, class indexes, skipped non-image
files, row orders (shuffle, shards) and the exception types of bad arguments."""

import json
import os

# (file name, leading bytes, usage, class names); "t.txt" is no image and is skipped
LINES = [
    ("a.jpg", b"\xff\xd8\xff\xe0jpeg-a", "TRAIN", ["dog"]),
    ("b.png", b"\x89PNG\r\n\x1a\npng-b", "TRAIN", ["cat"]),
    ("t.txt", b"just text", "TRAIN", ["cat"]),
    ("c.bmp", b"BMbmp-c", "TRAIN", ["cat", "flower"]),
    ("d.jpg", b"\xff\xd8\xff\xe0jpeg-d", "EVAL", ["bird"]),
    ("e.jpg", b"\xff\xd8\xff\xe0jpeg-e", "train", ["ant"]),
]

# name -> (dataset seed, ManifestDataset keyword arguments)
CASES = {
    "train": (1, {"shuffle": False}),
    "eval": (1, {"usage": "eval", "shuffle": False}),
    "class_indexing": (1, {"shuffle": False, "class_indexing": {"dog": 11, "flower": 3}}),
    "shuffled": (3, {}),
    "shard2_of_3": (1, {"shuffle": False, "num_shards": 3, "shard_id": 2}),
    "num_samples": (5, {"num_samples": 2, "shuffle": False}),
}

BAD = {
    "class_indexing_int": {"class_indexing": 3},
    "decode_int": {"decode": 1},
    "shard_without_id": {"num_shards": 2},
    "sampler_and_shuffle": {"shuffle": True, "sampler": "sequential"},
}


def write_files(folder):
    with open(os.path.join(folder, "m.manifest"), "w") as f:
        for name, data, usage, classes in LINES:
            path = os.path.join(folder, name)
            with open(path, "wb") as image:
                image.write(data)
            annotation = [{"type": "modelarts/image_classification", "name": c} for c in classes]
            f.write(json.dumps({"source": path, "usage": usage, "annotation": annotation}) + "\n")
    return os.path.join(folder, "m.manifest")


def outcome(ds, manifest, case):
    """The rows (image bytes as text, label as a list or int), size and class index."""
    seed, kwargs = case
    ds.config.set_seed(seed)
    data = ds.ManifestDataset(manifest, **kwargs)
    rows = [
        [bytes(image).decode("latin-1"), label.tolist(), str(label.dtype)]
        for image, label in data.create_tuple_iterator(output_numpy=True)
    ]
    return {
        "rows": rows,
        "size": data.get_dataset_size(),
        "class_indexing": data.get_class_indexing(),
        "num_classes": data.num_classes(),
    }


def error_of(ds, manifest, kwargs):
    """The exception type name ManifestDataset raises for `kwargs` (None: none)."""
    kwargs = dict(kwargs)
    if kwargs.get("sampler") == "sequential":
        kwargs["sampler"] = ds.SequentialSampler()
    try:
        ds.ManifestDataset(manifest, **kwargs)
    except Exception as e:  # noqa: BLE001 - the type is what is recorded
        return type(e).__name__
    return None
