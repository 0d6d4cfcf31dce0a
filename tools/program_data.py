"""Small synthetic data sets the program runner writes where a program would download one."""

from __future__ import annotations

import pathlib


class SyntheticDataError(ValueError):
    """A synthetic data spec that names an unknown kind or describes an array badly."""


def _write_mnist(folder, split, count, rng):
    """MNIST's idx files (28x28 uint8 images, labels 0-9) with `count` random samples."""
    import numpy as np

    prefix = "train" if split == "train" else "t10k"
    images = rng.randint(0, 256, size=(count, 28, 28)).astype(np.uint8)
    labels = rng.randint(0, 10, size=count).astype(np.uint8)
    header = np.array([0x0803, count, 28, 28], dtype=">u4").tobytes()
    (folder / f"{prefix}-images-idx3-ubyte").write_bytes(header + images.tobytes())
    header = np.array([0x0801, count], dtype=">u4").tobytes()
    (folder / f"{prefix}-labels-idx1-ubyte").write_bytes(header + labels.tobytes())


def _write_cifar10(folder, split, count, rng):
    """CIFAR-10's binary batches: per record one label byte then 3x32x32 image bytes."""
    import numpy as np

    records = np.concatenate(
        [rng.randint(0, 10, size=(count, 1)), rng.randint(0, 256, size=(count, 3072))], axis=1
    )
    names = ["test_batch.bin"] if split == "test" else [f"data_batch_{i}.bin" for i in range(1, 6)]
    for name in names:
        (folder / name).write_bytes(records.astype(np.uint8).tobytes())


def _write_field_mat(folder, spec):
    """A MATLAB file of a 1-D field u(x, t) sampled on a grid, as PINN data sets store one
    (``x`` of shape (nx, 1), ``t`` (nt, 1), ``usol`` (nx, nt)): the smooth field
    ``-sin(pi x') exp(-t)`` with x' the position scaled to [-1, 1]. Spec keys: ``file``,
    ``nx``, ``nt``, ``x_range``, ``t_range``, and ``names`` where the program reads other
    variable names (``{"x": "eta", "t": "tau", "usol": "theta"}``)."""
    import numpy as np
    import scipy.io

    x0, x1 = spec.get("x_range", (-1.0, 1.0))
    t0, t1 = spec.get("t_range", (0.0, 0.99))
    x = np.linspace(x0, x1, spec.get("nx", 256))[:, None]
    t = np.linspace(t0, t1, spec.get("nt", 100))[:, None]
    scaled = 2 * (x - x0) / (x1 - x0) - 1
    usol = -np.sin(np.pi * scaled) * np.exp(-t.T)
    names = {"x": "x", "t": "t", "usol": "usol", **spec.get("names", {})}
    scipy.io.savemat(folder / spec["file"], {names["x"]: x, names["t"]: t, names["usol"]: usol})


def _array(rng, name, spec):
    """One random array of ``spec``: ``shape``, ``dtype`` (default float64), uniform on
    [``low``, ``high``) (default [0, 1)); integers drawn with ``randint``, complex values with
    both parts uniform."""
    import numpy as np

    if not isinstance(spec.get("shape"), list):
        raise SyntheticDataError(f"array {name!r} needs a shape list")
    dtype = np.dtype(spec.get("dtype", "float64"))
    shape, low, high = tuple(spec["shape"]), spec.get("low", 0), spec.get("high", 1)
    if dtype.kind in "iub":
        return rng.randint(low, high, size=shape).astype(dtype)
    values = rng.uniform(low, high, size=shape)
    if dtype.kind == "c":
        values = values + 1j * rng.uniform(low, high, size=shape)
    return values.astype(dtype)


def write_arrays(folder, spec):
    """Named random arrays in one file, as a program loads it: ``.npz`` (NumPy archive),
    ``.mat`` (MATLAB, scipy.io) or ``.npy`` (exactly one array). Spec keys: ``file``,
    ``seed``, and ``arrays``, a mapping of name to ``{"shape": [...], "dtype": ...,
    "low": ..., "high": ...}`` drawn in the order listed.

    >>> import tempfile, numpy as np
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> write_arrays(folder, {"file": "d.npz", "arrays": {"a": {"shape": [2, 3]},
    ...              "k": {"shape": [4], "dtype": "int32", "low": 0, "high": 5}}})
    >>> data = np.load(folder / "d.npz")
    >>> data["a"].shape, data["k"].dtype, bool((data["k"] < 5).all())
    ((2, 3), dtype('int32'), True)
    """
    import numpy as np

    arrays = spec.get("arrays")
    if not isinstance(arrays, dict) or not arrays:
        raise SyntheticDataError("an 'arrays' spec needs a non-empty 'arrays' mapping")
    rng = np.random.RandomState(spec.get("seed", 0))
    values = {name: _array(rng, name, item) for name, item in arrays.items()}
    path = pathlib.Path(folder) / spec["file"]
    if path.suffix == ".npz":
        np.savez(path, **values)
    elif path.suffix == ".mat":
        import scipy.io

        scipy.io.savemat(path, values)
    elif path.suffix == ".npy" and len(values) == 1:
        np.save(path, next(iter(values.values())))
    else:
        raise SyntheticDataError(f"{spec['file']}: write .npz, .mat, or .npy holding one array")


def write_mindrecord(folder, spec):
    """A MindRecord file (and its ``.db`` index) of ``count`` rows of random arrays, as a
    program reads it with ``MindDataset``. Spec keys: ``file``, ``seed``, ``count`` and
    ``columns``, a mapping of column name to ``{"shape": [...], "dtype": ..., "low": ...,
    "high": ...}`` (each row draws every column in the order listed).

    >>> import tempfile, msfunc.dataset as ds
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> write_mindrecord(folder, {"file": "t.mindrecord", "count": 2, "columns": {
    ...     "x": {"shape": [2, 3], "dtype": "float32"}}})
    >>> [r["x"].shape for r in ds.MindDataset(str(folder / "t.mindrecord"), shuffle=False)
    ...  .create_dict_iterator(output_numpy=True)]
    [(2, 3), (2, 3)]
    """
    import numpy as np

    from msfunc.mindrecord import FileWriter

    columns = spec.get("columns")
    if not isinstance(columns, dict) or not columns:
        raise SyntheticDataError("a 'mindrecord' spec needs a non-empty 'columns' mapping")
    rng = np.random.RandomState(spec.get("seed", 0))
    rows = [
        {name: _array(rng, name, item) for name, item in columns.items()}
        for _ in range(spec.get("count", 4))
    ]
    schema = {
        name: {"type": str(np.dtype(item.get("dtype", "float64"))), "shape": item["shape"]}
        for name, item in columns.items()
    }
    writer = FileWriter(str(pathlib.Path(folder) / spec["file"]), shard_num=1, overwrite=True)
    writer.add_schema(schema, "synthetic rows")
    writer.write_raw_data(rows)
    writer.commit()


def write_detection_mindrecord(folder, spec):
    """A MindRecord file of detection samples, as COCO-style programs write theirs: columns
    ``img_id`` (int32 [1]), ``image`` (JPEG bytes of smooth colour blocks) and ``annotation``
    (int32 [n, 5] rows of ``ymin, xmin, ymax, xmax, label``, 1 to 3 boxes inside the image).
    Spec keys: ``file``, ``seed``, ``count``, ``size`` ([height, width]), ``classes`` (labels
    are drawn from 1 to classes - 1).

    >>> import tempfile, msfunc.dataset as ds
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> write_detection_mindrecord(folder, {"file": "d.mindrecord0", "count": 2, "size": [32, 48]})
    >>> rows = ds.MindDataset(str(folder / "d.mindrecord0"), shuffle=False)
    >>> [r["annotation"].shape[1] for r in rows.create_dict_iterator(output_numpy=True)]
    [5, 5]
    """
    import io

    import numpy as np
    from PIL import Image

    from msfunc.mindrecord import FileWriter

    rng = np.random.RandomState(spec.get("seed", 0))
    height, width = spec.get("size", [120, 160])
    rows = []
    for index in range(spec.get("count", 8)):
        blocks = rng.randint(0, 256, size=(4, 4, 3)).astype(np.uint8)
        buffer = io.BytesIO()
        Image.fromarray(blocks).resize((width, height), Image.BILINEAR).save(buffer, "JPEG")
        boxes = []
        for _ in range(rng.randint(1, 4)):
            y0, x0 = rng.randint(0, height // 2), rng.randint(0, width // 2)
            y1, x1 = rng.randint(y0 + 8, height), rng.randint(x0 + 8, width)
            boxes.append([y0, x0, y1, x1, rng.randint(1, spec.get("classes", 81))])
        annotation = np.array(boxes, np.int32)
        rows.append(
            {
                "img_id": np.array([index], np.int32),
                "image": buffer.getvalue(),
                "annotation": annotation,
            }
        )
    schema = {
        "img_id": {"type": "int32", "shape": [1]},
        "image": {"type": "bytes"},
        "annotation": {"type": "int32", "shape": [-1, 5]},
    }
    path = pathlib.Path(folder) / spec["file"]
    writer = FileWriter(str(path), shard_num=1, overwrite=True)
    writer.add_schema(schema, "synthetic detection samples")
    writer.write_raw_data(rows)
    writer.commit()


def _words(rng, count):
    """`count` distinct lowercase letter words (no punctuation, so tokenisers keep them)."""
    letters = list("abcdefghijklmnopqrstuvwxyz")
    words = set()
    while len(words) < count:
        words.add("".join(rng.choice(letters, size=rng.randint(2, 8))))
    return sorted(words)


def write_imdb_glove(folder, spec):
    """A tiny IMDB archive and GloVe file, as the sentiment tutorial reads them:
    ``aclImdb_v1.tar.gz`` holding ``aclImdb/{train,test}/{pos,neg}/N_0.txt`` reviews of
    random words, and ``glove.6B.zip`` holding ``glove.6B.100d.txt`` (a word and its
    ``dim`` numbers a line) for most of those words. Spec keys: ``seed``, ``words``,
    ``train`` and ``test`` (reviews per label), ``length`` (words per review), ``dim``.

    >>> import tempfile, tarfile, zipfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> write_imdb_glove(folder, {"train": 3, "test": 2, "words": 20})
    >>> len(tarfile.open(folder / "aclImdb_v1.tar.gz").getnames())
    10
    >>> len(zipfile.ZipFile(folder / "glove.6B.zip").read("glove.6B.100d.txt").splitlines())
    16
    """
    import io
    import tarfile
    import zipfile

    import numpy as np

    rng = np.random.RandomState(spec.get("seed", 0))
    words = _words(rng, spec.get("words", 60))
    length, dim = spec.get("length", 12), spec.get("dim", 100)
    with tarfile.open(pathlib.Path(folder) / "aclImdb_v1.tar.gz", "w:gz") as tar:
        for split in ("train", "test"):
            for label in ("pos", "neg"):
                for index in range(spec.get(split, 8)):
                    text = " ".join(rng.choice(words, size=length)).capitalize() + ".\n"
                    data = text.encode()
                    info = tarfile.TarInfo(f"aclImdb/{split}/{label}/{index}_0.txt")
                    info.size = len(data)
                    tar.addfile(info, io.BytesIO(data))
    # a fifth of the words stay out of GloVe, so the program meets its <unk> token
    known = words[: len(words) * 4 // 5]
    lines = [
        word + " " + " ".join(f"{v:.5f}" for v in rng.uniform(-1, 1, size=dim)) for word in known
    ]
    with zipfile.ZipFile(pathlib.Path(folder) / "glove.6B.zip", "w") as archive:
        archive.writestr("glove.6B.100d.txt", "\n".join(lines) + "\n")


def write_image_folder(folder, spec):
    """JPEG images of random colour blocks in one subfolder per class, as ImageFolderDataset
    reads them. Spec keys: ``seed``, ``classes`` (subfolder names), ``count`` (images per
    class), ``size`` ([height, width]).

    >>> import tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> write_image_folder(folder, {"classes": ["cats", "dogs"], "count": 2, "size": [8, 6]})
    >>> sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.jpg"))
    ['cats/0.jpg', 'cats/1.jpg', 'dogs/0.jpg', 'dogs/1.jpg']
    """
    import numpy as np
    from PIL import Image

    rng = np.random.RandomState(spec.get("seed", 0))
    height, width = spec.get("size", [64, 64])
    for name in spec.get("classes", ["images"]):
        (pathlib.Path(folder) / name).mkdir(parents=True, exist_ok=True)
        for index in range(spec.get("count", 8)):
            # smooth blocks (4x4 colours scaled up) survive JPEG better than pixel noise
            blocks = rng.randint(0, 256, size=(4, 4, 3)).astype(np.uint8)
            image = Image.fromarray(blocks).resize((width, height), Image.BILINEAR)
            image.save(pathlib.Path(folder) / name / f"{index}.jpg", quality=90)


def write_images(folder, spec):
    """Small RGB images where a program reads picture files: ``files`` maps each name (its
    extension picks the format, JPEG or PNG) to ``[height, width]``; pixels are a smooth
    gradient plus seeded noise, so crops, flips and colour ops all change something.

    >>> import tempfile
    >>> from PIL import Image
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> write_images(folder, {"files": {"a/x.jpg": [6, 8], "y.png": [3, 2]}})
    >>> Image.open(folder / "a" / "x.jpg").size, Image.open(folder / "y.png").mode
    ((8, 6), 'RGB')
    """
    import numpy as np
    from PIL import Image

    files = spec.get("files")
    if not isinstance(files, dict) or not files:
        raise SyntheticDataError("an 'images' spec needs a non-empty 'files' mapping")
    rng = np.random.RandomState(spec.get("seed", 0))
    for name, size in files.items():
        height, width = size
        rows, cols = np.mgrid[0:height, 0:width]
        base = np.stack([rows * 255 // max(height - 1, 1), cols * 255 // max(width - 1, 1)], -1)
        base = np.concatenate([base, (base[..., :1] + base[..., 1:]) // 2], -1)
        noise = rng.randint(-40, 41, size=(height, width, 3))
        pixels = np.clip(base + noise, 0, 255).astype(np.uint8)
        path = pathlib.Path(folder) / name
        path.parent.mkdir(parents=True, exist_ok=True)
        Image.fromarray(pixels, "RGB").save(path)


def write_wav(folder, spec):
    """A mono 16-bit WAV file ``file`` of ``seconds`` at ``rate`` Hz: a 440 Hz tone plus
    seeded noise (spec keys ``file``, ``rate`` default 16000, ``seconds`` default 1)."""
    import numpy as np
    import scipy.io.wavfile

    rate = spec.get("rate", 16000)
    count = int(rate * spec.get("seconds", 1))
    rng = np.random.RandomState(spec.get("seed", 0))
    tone = 0.5 * np.sin(2 * np.pi * 440 * np.arange(count) / rate) + 0.1 * rng.randn(count)
    samples = (np.clip(tone, -1, 1) * 32767).astype(np.int16)
    scipy.io.wavfile.write(pathlib.Path(folder) / spec["file"], rate, samples)


def _numpy1_pickle(value):
    """`value` pickled as numpy 1 pickles arrays (protocol 3, ``numpy.core`` names), which
    MindSpore's restricted CIFAR-10 reader accepts; numpy 2 names its module ``numpy._core``
    (in protocol 3 a global is one ``c`` opcode with newline-ended names, so renaming it is
    safe)."""
    import pickle

    return pickle.dumps(value, protocol=3).replace(b"cnumpy._core.", b"cnumpy.core.")


def _write_cifar10_python(folder, split, count, rng):
    """CIFAR-10's python version: pickled dicts (``data`` rows of 3072 bytes, ``labels``)
    as ``data_batch_1..5`` and ``test_batch``, plus ``batches.meta``; `count` records each."""
    import numpy as np

    names = ["test_batch"] + [f"data_batch_{i}" for i in range(1, 6)]
    for name in names:
        batch = {
            b"batch_label": name.encode(),
            b"labels": [int(v) for v in rng.randint(0, 10, size=count)],
            b"data": rng.randint(0, 256, size=(count, 3072)).astype(np.uint8),
            b"filenames": [f"{name}_{i}.png".encode() for i in range(count)],
        }
        (folder / name).write_bytes(_numpy1_pickle(batch))
    labels = ["airplane", "automobile", "bird", "cat", "deer"]
    labels += ["dog", "frog", "horse", "ship", "truck"]
    meta = {b"label_names": [n.encode() for n in labels], b"num_cases_per_batch": count}
    (folder / "batches.meta").write_bytes(_numpy1_pickle(meta))


# the kinds written from a split name, a count and a seeded generator; the rest take the spec
_DRAWN_BY_SPLIT = ("mnist", "cifar10", "cifar10_python")
SYNTHETIC_KINDS = {
    "mnist": _write_mnist,
    "cifar10": _write_cifar10,
    "cifar10_python": _write_cifar10_python,
    "field_mat": _write_field_mat,
    "arrays": write_arrays,
    "imdb_glove": write_imdb_glove,
    "image_folder": write_image_folder,
    "images": write_images,
    "wav": write_wav,
    "mindrecord": write_mindrecord,
    "detection_mindrecord": write_detection_mindrecord,
}


def write_synthetic_data(spec, scratch):
    """Write a small data set in a public format where a program would download one:
    ``{"kind": "mnist" | "cifar10" | "cifar10_python", "dir": ..., "split": "train" |
    "test", "count": n, "seed": s}`` (random images and labels), ``{"kind": "images",
    "dir": ..., "files": {...}}`` (picture files, `write_images`), ``{"kind": "wav", "dir":
    ..., "file": ...}`` (a tone, `write_wav`), ``{"kind": "field_mat", "dir": ...,
    "file": ...}`` (a field on a grid, `_write_field_mat`) or ``{"kind": "arrays", "dir":
    ..., "file": ..., "arrays": {...}}`` (named random arrays, `write_arrays`) or
    ``{"kind": "imdb_glove", "dir": ...}`` (reviews and word vectors, `write_imdb_glove`) or
    ``{"kind": "image_folder", "dir": ...}`` (JPEGs by class, `write_image_folder`) or
    ``{"kind": "mindrecord", "dir": ..., "file": ..., "columns": {...}}`` (rows of random
    arrays, `write_mindrecord`) or ``{"kind": "detection_mindrecord", ...}`` (JPEGs and
    boxes, `write_detection_mindrecord`)."""
    import numpy as np

    if spec.get("kind") not in SYNTHETIC_KINDS:
        raise SyntheticDataError(f"synthetic data kind must be one of {sorted(SYNTHETIC_KINDS)}")
    folder = pathlib.Path(scratch) / spec["dir"]
    folder.mkdir(parents=True, exist_ok=True)
    if spec["kind"] not in _DRAWN_BY_SPLIT:
        SYNTHETIC_KINDS[spec["kind"]](folder, spec)
        return
    rng = np.random.RandomState(spec.get("seed", 0))
    SYNTHETIC_KINDS[spec["kind"]](folder, spec.get("split", "train"), spec.get("count", 64), rng)
