"""CelebADataset cases shared by gen_celeba_golden.py (real MindSpore 2.10) and
tests/dataset/test_celeba_source.py (msfunc): attributes, usages, extensions, row orders
(shuffle, shards), decrypt and the exception types of bad arguments."""

import os

# (file name, attributes as the list file writes them, partition)
IMAGES = [
    ("1.jpg", "-1  1  1", "0"),
    ("2.JPEG", " 1 -1  1", "1"),
    ("3.jpg", "-1 -1 -1", "2"),
    ("4.png", " 1  1 -1", "0"),
    ("5.jpg", " 1  1  1", "0"),
]


def _first_two_bytes(path):
    with open(path, "rb") as f:
        return f.read(2)


# name -> (dataset seed, CelebADataset keyword arguments)
CASES = {
    "all": (1, {"shuffle": False}),
    "train": (1, {"shuffle": False, "usage": "train"}),
    "valid": (1, {"shuffle": False, "usage": "valid"}),
    "jpg_only": (1, {"shuffle": False, "extensions": [".jpg"]}),
    "shuffled": (4, {}),
    "shard2_of_3": (1, {"shuffle": False, "num_shards": 3, "shard_id": 2}),
    "decrypt": (1, {"shuffle": False, "decrypt": _first_two_bytes, "num_samples": 2}),
}

BAD = {
    "usage_foo": {"usage": "foo"},
    "extensions_str": {"extensions": ".jpg"},
    "decode_int": {"decode": 1},
    "shard_without_id": {"num_shards": 2},
    "sampler_str": {"sampler": ""},
    "decrypt_int": {"decrypt": 3},
}


def write_files(folder):
    with open(os.path.join(folder, "list_attr_celeba.txt"), "w") as f:
        f.write(f"{len(IMAGES)}\nSmiling Young Bald\n")
        f.writelines(f"{name} {attrs}\n" for name, attrs, _ in IMAGES)
    with open(os.path.join(folder, "list_eval_partition.txt"), "w") as f:
        f.writelines(f"{name} {part}\n" for name, _, part in IMAGES)
    for name, _, _ in IMAGES:
        with open(os.path.join(folder, name), "wb") as f:
            f.write(b"image " + name.encode())
    return folder


def outcome(ds, folder, case):
    """The rows (image bytes as text, attributes, their dtype)."""
    seed, kwargs = case
    ds.config.set_seed(seed)
    data = ds.CelebADataset(folder, **kwargs)
    return [
        [bytes(image).decode(), attr.tolist(), str(attr.dtype)]
        for image, attr in data.create_tuple_iterator(output_numpy=True)
    ]


def error_of(ds, folder, kwargs):
    """The exception type name CelebADataset raises for `kwargs` (None: none)."""
    try:
        ds.CelebADataset(folder, **kwargs)
    except Exception as e:  # noqa: BLE001 - the type is what is recorded
        return type(e).__name__
    return None
