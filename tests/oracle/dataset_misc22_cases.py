"""Dataset cases shared by gen_dataset_misc22_golden.py (real MindSpore 2.10) and
tests/dataset/test_dataset_misc22.py (msfunc): vision.MixUp's mixes and checks,
ImageFolderDataset's `decrypt`, TrivialAugmentWide's draws and operations, the box
transforms' checks of the boxes, LineReader, Schema's json, the
iterators' arguments and tree copy, concat's checks,
CSVDataset's unparsable last record, save's field names,
Vocab.from_dataset's and RandomResizedCrop's checks."""

import hashlib
import os

import numpy as np


def _digest(value):
    """type, dtype, shape and an md5 of the bytes of one array (a PIL image as its array)."""
    kind = type(value).__name__
    value = np.ascontiguousarray(np.asarray(value))
    return [kind, str(value.dtype), list(value.shape), hashlib.md5(value).hexdigest()]


def _outcome(fn):
    """The digests of what `fn` returns (a tuple: each), or the type of what it raises, and
    when (at construction or at the call)."""
    stage = "init"
    try:
        op = fn()
        stage = "call"
        out = op()
        return [_digest(v) for v in out] if isinstance(out, tuple) else _digest(out)
    except Exception as exc:  # (the type is what is compared)
        return [stage, type(exc).__name__]


def mix_up(ds, vision, transforms):
    """MixUp (numpy's global generator seeded) within a batch and across calls, in a seeded
    pipeline after batch, and its argument checks."""
    rs = np.random.RandomState(4)
    images = rs.randint(0, 256, (3, 4, 5, 3)).astype(np.uint8)
    labels = np.eye(3, dtype=np.float32)[[0, 2, 1]]
    out = {}
    for single in (True, False):
        np.random.seed(7)
        op = vision.MixUp(batch_size=3, alpha=0.4, is_single=single)
        calls = [op(images, labels), op(images[::-1], labels[::-1]), op(images, labels)]
        out[f"eager/{single}"] = [[_digest(v) for v in call] for call in calls]
    np.random.seed(2)
    out["broadcast"] = [_digest(v) for v in vision.MixUp(2, 0.2, False)(images[0], labels[:1])]
    ds.config.set_seed(5)
    d = ds.NumpySlicesDataset(
        {"image": list(images) * 2, "label": [0, 1, 2, 2, 1, 0]}, shuffle=False
    )
    d = d.map(transforms.OneHot(3), ["label"]).batch(3)
    d = d.map(vision.MixUp(3, 1.0, True), ["image", "label"], num_parallel_workers=1)
    out["pipeline"] = [
        [_digest(v) for v in row] for row in d.create_tuple_iterator(output_numpy=True)
    ]
    for args in ((True, 0.2), (0, 0.2), (2, 0), (2, -1.0), (2, "a"), (2.0, 0.2)):
        out[f"args/{args!r}"] = _outcome(lambda a=args: lambda: vision.MixUp(*a)(images, labels))
    out["is_single/1"] = _outcome(lambda: lambda: vision.MixUp(3, 0.2, 1)(images, labels))
    return out


def _encrypted_folder(folder):
    """Two class folders of tiny BMP files (an uncompressed format: the same bytes from any
    Pillow), each stored behind 5 bytes of junk."""
    from PIL import Image

    rs = np.random.RandomState(1)
    for c in ("a", "b"):
        os.makedirs(os.path.join(folder, c))
        for i in range(2):
            path = os.path.join(folder, c, f"{i}.bmp")
            Image.fromarray(rs.randint(0, 256, (3, 4, 3)).astype(np.uint8)).save(path)
            with open(path, "rb") as f:
                data = f.read()
            with open(path, "wb") as f:
                f.write(b"12345" + data)


def _strip(path):
    with open(path, "rb") as f:
        return f.read()[5:]


def image_folder_decrypt(ds, vision, folder):
    """ImageFolderDataset reading encrypted images through `decrypt`, raw and decoded, and
    a `decrypt` that is not callable."""
    _encrypted_folder(folder)
    out = {}
    for decode in (False, True):
        d = ds.ImageFolderDataset(folder, shuffle=False, decrypt=_strip, decode=decode)
        rows = d.create_tuple_iterator(output_numpy=True)
        out[f"decode/{decode}"] = [[_digest(r[0]), int(r[1])] for r in rows]
    d = ds.ImageFolderDataset(folder, shuffle=False, decrypt=_strip).map(vision.Decode(), ["image"])
    out["map_decode"] = [_digest(r[0]) for r in d.create_tuple_iterator(output_numpy=True)]
    out["not_callable"] = _outcome(lambda: ds.ImageFolderDataset(folder, decrypt=3))
    return out


def trivial_augment_wide(ds, vision):
    """TrivialAugmentWide in seeded pipelines (every operation comes up among the rows),
    eager on images it refuses, and its argument checks."""
    rs = np.random.RandomState(6)
    images = [rs.randint(0, 256, (9, 11, 3)).astype(np.uint8) for _ in range(4)]
    out = {}
    settings = (
        (31, "NEAREST", 0),
        (5, "BILINEAR", (10, 200, 30)),
        (2, "BICUBIC", 128),
        (8, "AREA", 7),
    )
    for bins, inter, fill in settings:
        ds.config.set_seed(bins)
        d = ds.NumpySlicesDataset({"image": images * 10}, shuffle=False)
        op = vision.TrivialAugmentWide(bins, getattr(vision.Inter, inter), fill)
        d = d.map(op, ["image"], num_parallel_workers=1)
        out[f"pipeline/{bins}/{inter}"] = [
            _digest(r[0]) for r in d.create_tuple_iterator(output_numpy=True)
        ]
    refused = {
        "float32": images[0].astype(np.float32),
        "one_channel": images[0][:, :, :1],
        "plane": images[0][:, :, 0],
    }
    for name, image in refused.items():
        out[f"image/{name}"] = _outcome(lambda i=image: lambda: vision.TrivialAugmentWide()(i))
    for inter in ("PILCUBIC", "ANTIALIAS"):
        out[f"inter/{inter}"] = _outcome(
            lambda i=inter: (
                lambda: vision.TrivialAugmentWide(31, getattr(vision.Inter, i))(images[0])
            )
        )
    bad = ((1,), (True,), (2.0,), (2**24 + 1,), (31, "a"), (31, vision.Inter.NEAREST, 256))
    bad += ((31, vision.Inter.NEAREST, (1, 2)), (31, vision.Inter.NEAREST, -1))
    for args in bad:
        out[f"args/{args!r}"] = _outcome(lambda a=args: lambda: vision.TrivialAugmentWide(*a))
    return out


def bbox_bounds(ds, vision):
    """The box transforms given boxes past the image's right or bottom edge, negative, too
    short, or in edge cases (touching the edges, int32 boxes)."""
    ds.config.set_seed(3)
    img = (np.arange(20 * 30 * 3) % 251).astype(np.uint8).reshape(20, 30, 3)
    ops = {
        "ResizeWithBBox": lambda: vision.ResizeWithBBox(10),
        "RandomResizeWithBBox": lambda: vision.RandomResizeWithBBox(10),
        "RandomHorizontalFlipWithBBox": lambda: vision.RandomHorizontalFlipWithBBox(1.0),
        "RandomCropWithBBox": lambda: vision.RandomCropWithBBox(10),
    }
    boxes = {
        "wide": [[0, 0, 31, 20, 0]],
        "tall": [[0, 0, 30, 21, 0]],
        "negative": [[-10, -10, 30, 20, 0]],
        "short": [[0, 0, 29]],
        "edges": [[0, 0, 30, 20, 1], [29, 19, 1, 1, 0]],
    }
    out = {}
    for name, make in ops.items():
        for kind, box in boxes.items():
            b = np.array(box, np.float32)
            # (fresh arrays for each call: MindSpore's eager box transforms can write into
            # their inputs)
            out[f"{name}/{kind}"] = _outcome(lambda m=make, b=b: lambda: m()(img.copy(), b))
        b = np.array(boxes["edges"], np.int32)
        out[f"{name}/int32"] = _outcome(lambda m=make, b=b: lambda: m()(img.copy(), b))
    return out


def line_reader(ds, folder):
    """LineReader over files with each kind of line break, an empty file, and bad arguments
    (file names, line numbers)."""
    os.makedirs(folder)
    texts = {
        "mixed.txt": b"a\nbb\r\n\nccc\rd\n  e  \n\xc3\xa9t\xc3\xa9",
        "newline_end.txt": b"x\ny\n",
        "empty.txt": b"",
        "lone.txt": b"\n",
    }
    out = {}
    for name, data in texts.items():
        path = os.path.join(folder, name)
        with open(path, "wb") as f:
            f.write(data)
        reader = ds.LineReader(path)
        lines = [reader.readline(i) for i in range(1, reader.len() + 1)]
        out[name] = [
            reader.len(),
            len(reader),
            lines,
            [reader[i] for i in range(1, len(reader) + 1)],
        ]
        for line in (0, -1, len(reader) + 1, "1", True, 1.0):
            out[f"{name}/line/{line!r}"] = _outcome(lambda r=reader, i=line: lambda: r.readline(i))
        reader.close()
        reader.close()
    bad = (3, os.path.join(folder, "none.txt"), folder, os.path.join(folder, "a*b.txt"))
    bad += (os.path.join(folder, " lead.txt"),)
    for arg in bad:
        key = os.path.basename(arg) if isinstance(arg, str) else repr(arg)
        out[f"filename/{key}"] = _outcome(lambda a=arg: ds.LineReader(a))
    return out


def schema(ds, folder):
    """Schema read from a file and from parsed json, its columns (dicts in name order,
    lists in theirs, no shape: a scalar), to_json, get_num_rows and its refusals."""
    import json

    os.makedirs(folder)
    layout = {
        "datasetType": "TF",
        "numRows": 3,
        "columns": {
            "z": {"type": "int64", "rank": 1, "shape": [2]},
            "a": {"type": "float32", "rank": 1},
            "m": {"type": "string", "rank": 1, "shape": [1]},
        },
    }
    path = os.path.join(folder, "schema.json")
    with open(path, "w") as f:
        json.dump(layout, f)
    out = {"file": str(ds.Schema(path)), "num_rows": ds.Schema.get_num_rows(path)}
    parsed = ds.Schema()
    parsed.add_column("dropped", "int8", [1])
    parsed.from_json(layout)
    out["from_json"] = [str(parsed), ds.Schema.get_num_rows(parsed)]
    built = ds.Schema()
    built.add_column("x", "uint8", [2, -1])
    built.add_column("y", "string")
    built.add_column("e", "bool", [])
    out["built"] = str(built)
    built.parse_columns(
        [{"name": "q", "type": "int16"}, {"name": "p", "type": "float64", "shape": [3]}]
    )
    out["parse_list"] = str(built)
    out["empty"] = str(ds.Schema())
    bad_json = (
        {"columns": {}},
        {"datasetType": "TF"},
        {"columns": {"a": {"type": "int8"}}, "extra": 1},
        {"columns": {"a": {"shape": [1]}}},
        {"columns": {"a": {"type": "nothing"}}},
    )
    for i, obj in enumerate(bad_json):
        out[f"from_json/{i}"] = _outcome(lambda o=obj: lambda: ds.Schema().from_json(o))
    bad_columns = (
        [{"type": "int8", "shape": [3, 3]}],
        [{"name": "a"}],
        {"a": {"shape": [1]}},
        "x",
        3,
    )
    for i, columns in enumerate(bad_columns):
        out[f"parse_columns/{i}"] = _outcome(lambda c=columns: lambda: ds.Schema().parse_columns(c))
    for arg in (1, os.path.join(folder, "none.json"), folder):
        key = os.path.basename(arg) if isinstance(arg, str) else repr(arg)
        out[f"file/{key}"] = _outcome(lambda a=arg: ds.Schema(a))
    out["add_column/name"] = _outcome(lambda: lambda: ds.Schema().add_column(1, "int8"))
    out["add_column/type"] = _outcome(lambda: lambda: ds.Schema().add_column("a", "nothing"))
    out["add_column/shape"] = _outcome(lambda: lambda: ds.Schema().add_column("a", "int8", (3,)))
    return out


def iterators(ds):
    """create_tuple_iterator/create_dict_iterator argument checks, and the iterator's copy
    of the pipeline (`dataset`), gone once the iterator is released."""
    d = ds.NumpySlicesDataset({"x": np.arange(3)}, shuffle=False)
    out = {}
    args = (
        {"num_epochs": "a"},
        {"num_epochs": 1.5},
        {"num_epochs": True},
        {"num_epochs": 0},
        {"num_epochs": -2},
        {"num_epochs": 2**31},
        {"num_epochs": 2**31 - 1},
        {"num_epochs": np.int64(2)},
        {"output_numpy": 1},
        {"output_numpy": "x"},
        {"do_copy": 1},
        {"columns": 3},
    )
    for kwargs in args:
        for method in ("create_tuple_iterator", "create_dict_iterator"):
            if method == "create_dict_iterator" and "columns" in kwargs:
                continue
            # (type and value: numpy's repr of its scalars changed in numpy 2)
            key = f"{method}/{[(k, type(v).__name__, str(v)) for k, v in kwargs.items()]}"

            def make(method=method, kwargs=kwargs):
                it = getattr(d, method)(**kwargs)
                return lambda: np.array([len(list(it))])

            out[key] = _outcome(make)
    mapped = d.map(lambda x: x + 1, ["x"])
    it = mapped.create_tuple_iterator(num_epochs=1, output_numpy=True)
    tree = it.dataset
    out["tree"] = [
        tree is mapped,
        tree.children[0] is d,
        type(tree).__name__ == type(mapped).__name__,
        tree.get_col_names(),
        [int(r[0]) for r in it],
    ]
    it.release()
    out["released"] = _outcome(lambda: lambda: it.dataset)
    return out


def concat(ds):
    """concat: the size of children whose columns differ, text columns of different widths,
    and an empty child."""

    def gen(n):
        return lambda: ((np.array([i]),) for i in range(n))

    out = {}
    first = ds.NumpySlicesDataset({"a": [1, 2], "b": [3, 4]}, shuffle=False)
    mixed = first + (ds.GeneratorDataset(gen(3), ["c"]) + ds.GeneratorDataset(gen(4), ["c"]))
    out["mixed_size"] = mixed.get_dataset_size()
    out["mixed_rows"] = _outcome(lambda: lambda: np.array([len(list(mixed))]))
    words = ds.NumpySlicesDataset({"w": ["a", "bcd"]}, shuffle=False)
    longer = ds.NumpySlicesDataset({"w": ["longer words"]}, shuffle=False)
    rows = (words + longer).create_tuple_iterator(output_numpy=True)
    out["text"] = [str(r[0]) for r in rows]
    empty = ds.NumpySlicesDataset({"a": [1, 2], "b": [3, 4]}, shuffle=False).skip(2)
    out["empty_first"] = _outcome(lambda: empty + first)
    out["empty_last"] = _outcome(lambda: first.concat([first, empty]))
    return out


def csv_tail(ds, folder):
    """CSVDataset over a file whose last record does not parse (an open quote): the rows
    before it, then the error;"""
    os.makedirs(folder)
    path = os.path.join(folder, "tail.csv")
    with open(path, "w") as f:
        f.write('1,2,3,4\n5,6,7,8\na,"c",d,"e\n')
    out = {}
    names = ["a", "b", "c", "d"]
    for key, defaults in (("text", ["", "", "", ""]), ("int", ["", 0, "", ""])):
        d = ds.CSVDataset(path, column_defaults=defaults, column_names=names, shuffle=False)
        got = []

        def run(d=d, got=got):
            for row in d.create_tuple_iterator(output_numpy=True):
                got.append([str(c) for c in row])
            return np.array(len(got))

        # (which rows MindSpore gives before the error depends on its threads: not compared)
        out[key] = [_outcome(lambda run=run: run), d.get_dataset_size()]
    return out


def save_names(ds, folder):
    """Dataset.save of columns whose names hold punctuation (read back) or a space."""
    os.makedirs(folder)
    path = os.path.join(folder, "saved.mindrecord")
    columns = {"a/b": np.arange(3), "c(d)": np.arange(3) * 2, "e_f": np.arange(3) * 3}
    columns["g.h-i"] = np.arange(3) * 4
    ds.NumpySlicesDataset(columns, shuffle=False).save(path)
    back = ds.MindDataset(path, shuffle=False)
    rows = [{k: int(v) for k, v in r.items()} for r in back.create_dict_iterator(output_numpy=True)]
    spaced = ds.NumpySlicesDataset({"c d": np.arange(3)}, shuffle=False)
    failed = _outcome(lambda: lambda: spaced.save(os.path.join(folder, "spaced.mindrecord")))
    return [sorted(back.get_col_names()), rows, failed]


def vocab_checks(ds):
    """Vocab.from_dataset's argument checks, in MindSpore's order."""
    text = ds.text
    configs = (
        ("t", (), 1),
        ("t", (2, 3), 1.5),
        (23, (2, 3), 1.5),
        ("t", (100, 1), 12),
        ("t", (2, 3), 0),
        (["t"], (2, 3), -1),
        ("t", [1, 2], 1),
        ("t", (1, 2.0), 1),
        ("t", (None, 3), True),
        ("t", (1, None), 2),
    )
    out = {}
    for config in configs:
        data = ds.NumpySlicesDataset({"t": ["a", "b", "b"]}, shuffle=False)
        out[repr(config)] = _outcome(
            lambda c=config, d=data: (
                lambda: np.array(sorted(text.Vocab.from_dataset(d, *c).vocab()), dtype=str)
            )
        )
    return out


def resized_crop_checks(vision):
    """RandomResizedCrop's checks of `scale` and `ratio`: types, then ranges."""
    out = {}
    for name in ("scale", "ratio"):
        for value in ("", (1, "2"), (1,), (1, 2, 3), (2, 1), (-1, 1), (0, 1), (True, 1)):
            kwargs = {name: value}
            key = f"{name}/{value!r}"
            out[key] = _outcome(
                lambda k=kwargs: lambda: np.array([vision.RandomResizedCrop((4, 4), **k) is None])
            )
    out["scale/float32"] = _outcome(
        lambda: lambda: vision.RandomResizedCrop((4, 4), scale=(np.float32(0.5), 1))
    )
    return out


def outcome(ds, vision, transforms, folder):
    """Every case's result, by name."""
    seed = ds.config.get_seed()
    try:
        ds.config.set_seed(3)
        return {
            "mix_up": mix_up(ds, vision, transforms),
            "image_folder_decrypt": image_folder_decrypt(ds, vision, os.path.join(folder, "if")),
            "trivial_augment_wide": trivial_augment_wide(ds, vision),
            "bbox_bounds": bbox_bounds(ds, vision),
            "line_reader": line_reader(ds, os.path.join(folder, "lines")),
            "schema": schema(ds, os.path.join(folder, "schema")),
            "iterators": iterators(ds),
            "concat": concat(ds),
            "csv_tail": csv_tail(ds, os.path.join(folder, "csv")),
            "save_names": save_names(ds, os.path.join(folder, "save")),
            "vocab_checks": vocab_checks(ds),
            "resized_crop_checks": resized_crop_checks(vision),
        }
    finally:
        ds.config.set_seed(seed)
