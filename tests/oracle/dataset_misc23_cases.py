"""Dataset cases shared by gen_dataset_misc23_golden.py (real MindSpore 2.10) and
tests/dataset/test_dataset_misc23.py (msfunc): the seeded generators of GeneratorDataset's
worker processes, debug mode's strict maps, MnistDataset's late file checks, what an eager
Compose returns, the decoders' errors."""

import os
import random

import numpy as np


class RandomRows:
    """A random-access source whose rows are draws from Python's and numpy's generators."""

    def __getitem__(self, index):
        return np.array(random.randint(1, 1000)), np.array(np.random.randint(0, 1000))

    def __len__(self):
        return 5


def generator_worker_seeds(ds):
    """Two passes over a seeded random-access GeneratorDataset read by two worker processes
    (python_multiprocessing), then by two threads."""
    out = {}
    for processes in (True, False):
        d = ds.GeneratorDataset(
            RandomRows(),
            ["a", "b"],
            num_parallel_workers=2,
            shuffle=False,
            python_multiprocessing=processes,
        )
        it = d.create_tuple_iterator(num_epochs=2, output_numpy=True)
        rows = [[int(v) for v in row] for _ in range(2) for row in it]
        # threads share the main process's generators: only the count is fixed there
        out[f"processes/{processes}"] = rows if processes else len(rows)
    return out


def _broken(value):
    raise ValueError("a broken sample")


def debug_error_samples(ds):
    """A failing map with the error-samples mode at REPLACE and SKIP, in debug mode and not."""
    mode, debug = ds.config.get_error_samples_mode(), ds.config.get_debug_mode()
    out = {}
    try:
        for on in (True, False):
            ds.config.set_debug_mode(on)
            for name in ("REPLACE", "SKIP"):
                ds.config.set_error_samples_mode(getattr(ds.config.ErrorSamplesMode, name))
                d = ds.NumpySlicesDataset({"x": np.arange(3)}, shuffle=False).map(_broken, ["x"])
                try:
                    got = [int(r[0]) for r in d.create_tuple_iterator(output_numpy=True)]
                except Exception as exc:  # (the type is what is compared)
                    got = type(exc).__name__
                out[f"{on}/{name}"] = got
    finally:
        ds.config.set_error_samples_mode(mode)
        ds.config.set_debug_mode(debug)
    return out


def _attempt(fn):
    try:
        return fn()
    except Exception as exc:  # (the type is what is compared)
        return type(exc).__name__


def mnist_late_checks(ds, folder):
    """MnistDataset over a folder with a labels file and no images file, and over an empty
    folder: construction, column names, size and iteration."""
    os.makedirs(os.path.join(folder, "half"))
    os.makedirs(os.path.join(folder, "empty"))
    with open(os.path.join(folder, "half", "t10k-labels-idx1-ubyte"), "wb") as f:
        f.write(np.array([0x801, 1], ">u4").tobytes() + bytes([7]))
    out = {}
    for name, usage in (("half", None), ("half", "test"), ("empty", None)):
        d = _attempt(lambda n=name, u=usage: ds.MnistDataset(os.path.join(folder, n), u))
        if isinstance(d, str):
            out[f"{name}/{usage}"] = d
            continue
        out[f"{name}/{usage}"] = [
            _attempt(d.get_col_names),
            _attempt(d.get_dataset_size),
            _attempt(lambda d=d: len(list(d.create_tuple_iterator(output_numpy=True)))),
        ]
    return out


def _png(shape=(4, 5, 3)):
    """The bytes of a small PNG image, as a uint8 array."""
    import io

    from PIL import Image

    buf = io.BytesIO()
    Image.fromarray(np.arange(np.prod(shape), dtype=np.uint8).reshape(shape)).save(buf, "PNG")
    return np.frombuffer(buf.getvalue(), np.uint8)


def _kind(value):
    """The type names of a result (a tuple's items in a list)."""
    if isinstance(value, tuple):
        return [type(v).__name__ for v in value]
    return type(value).__name__


def _to_image(pixels):
    from PIL import Image

    return Image.fromarray(pixels)


def compose_eager(vision, transforms):
    """What a Compose called on its own returns (a value or a tuple), by its transforms."""
    image = _png()
    inter = vision.Inter.ANTIALIAS
    cases = {
        "c": [vision.Decode(), vision.Resize(3)],
        "func": [vision.Decode(), lambda x: x],
        "to_pil": [vision.Decode(), vision.ToPIL(), vision.RandomGrayscale(0.5)],
        "pil_decode": [vision.Decode(to_pil=True), vision.Resize(3)],
        "back_to_c": [vision.Decode(), vision.ToPIL(), vision.Resize(3), vision.ToNumpy()],
        "antialias": [vision.Decode(), _to_image, vision.Resize(3, inter)],
        "linear": [vision.Decode(), _to_image, vision.Resize(3)],
        "apply_c": [vision.Decode(), transforms.RandomApply([vision.Invert()], 1.0)],
        "apply_pil": [vision.Decode(to_pil=True), transforms.RandomApply([vision.ToPIL()], 1.0)],
        "nested": [vision.Decode(), transforms.Compose([vision.ToPIL()])],
        "two_columns": [vision.Decode(), lambda x: (x, x)],
    }
    return {
        name: _attempt(lambda o=ops: _kind(transforms.Compose(o)(image)))
        for name, ops in cases.items()
    }


def decode_errors(ds, vision, folder):
    """Bytes no decoder knows: Decode called on its own (arrays, PIL), and an image folder
    read with decode=True."""
    junk = np.frombuffer(b"no image format starts like this" * 4, np.uint8)
    os.makedirs(os.path.join(folder, "a"))
    for i, data in enumerate((junk, _png())):
        with open(os.path.join(folder, "a", f"{i}.png"), "wb") as f:
            f.write(data.tobytes())
    d = ds.ImageFolderDataset(folder, decode=True, shuffle=False)
    return {
        "eager": _attempt(lambda: vision.Decode()(junk)),
        "eager_pil": _attempt(lambda: vision.Decode(to_pil=True)(junk)),
        "folder": _attempt(lambda: len(list(d.create_tuple_iterator(output_numpy=True)))),
    }


class DictRows:
    """A random-access source whose first column is a Python dict."""

    def __getitem__(self, index):
        return {"a": index}, np.zeros(2), "text", np.int64(3)

    def __len__(self):
        return 2


def dict_columns(ds):
    """output_shapes and output_types of Python dict columns (read and made by a map)."""
    out = {}
    for mapped in (False, True):
        d = ds.GeneratorDataset(DictRows(), ["d", "x", "s", "n"], shuffle=False)
        if mapped:
            d = d.map(lambda a: (a, a), ["d"], ["d", "e"])
        out[f"mapped/{mapped}"] = [d.output_shapes(), [str(np.dtype(t)) for t in d.output_types()]]
    return out


def decoded_writable(ds, vision):
    """Whether decoded images are writable arrays: Decode called on its own and in a map."""
    d = ds.NumpySlicesDataset({"x": [_png()] * 2}, shuffle=False).map(vision.Decode())
    row = next(iter(d.create_tuple_iterator(output_numpy=True)))
    return [bool(vision.Decode()(_png()).flags.writeable), bool(row[0].flags.writeable)]


def concat_sampler_checks(ds):
    """A DistributedSampler given to a concatenation whose first source has num_samples (or
    not): the rows of shard 1 of 2, or the error's type."""

    def rows(limit):
        a = ds.NumpySlicesDataset({"x": np.arange(6)}, num_samples=limit, shuffle=False)
        d = a + ds.PaddedDataset([{"x": np.array(9)}])
        d.use_sampler(ds.DistributedSampler(2, 1, shuffle=False))
        return [int(r[0]) for r in d.create_tuple_iterator(output_numpy=True)]

    return {f"num_samples/{n}": _attempt(lambda n=n: rows(n)) for n in (None, 4)}


def debug_mode_draws(ds, transforms):
    """RandomApply in a two-worker map in debug mode, unseeded and seeded."""
    seed, debug = ds.config.get_seed(), ds.config.get_debug_mode()
    out = {}
    try:
        ds.config.set_debug_mode(True)
        for given in (None, 3):
            ds.config.set_seed(5489 if given is None else given)
            d = ds.NumpySlicesDataset({"x": np.arange(8)}, shuffle=False)
            op = transforms.RandomApply([transforms.Fill(-1)], 0.6)
            d = d.map(op, ["x"], num_parallel_workers=2)
            out[f"seed/{given}"] = [int(r[0]) for r in d.create_tuple_iterator(output_numpy=True)]
    finally:
        ds.config.set_debug_mode(debug)
        ds.config.set_seed(seed)
    return out


def _yields(_):
    for i in range(3):
        yield (np.array([i], dtype=np.int32),)


def generator_results(ds):
    """A map operation returning a generator object, with and without worker processes."""
    out = {}
    for processes in (False, True):
        d = ds.NumpySlicesDataset({"x": np.arange(2)}, shuffle=False)
        d = d.map(_yields, ["x"], num_parallel_workers=1, python_multiprocessing=processes)
        out[f"processes/{processes}"] = _attempt(
            lambda d=d: len(list(d.create_tuple_iterator(output_numpy=True)))
        )
    return out


def wordpiece_offsets(text):
    """WordpieceTokenizer's and BertTokenizer's tokens and offsets for words longer than
    max_bytes_per_token (with an unknown token, and with none)."""
    vocab = text.Vocab.from_list(["book", "favor", "##ite", "my", "is", "dur", "##ing"])
    out = {}
    for word in ("favorite", "during", "cholera", "我最喜", "what"):
        for unknown in ("[UNK]", "[X]", ""):
            op = text.WordpieceTokenizer(
                vocab, unknown_token=unknown, max_bytes_per_token=6, with_offsets=True
            )
            out[f"{word}/{unknown}"] = [v.tolist() for v in op(np.array(word))]
    for unknown in ("[UNK]", ""):
        op = text.BertTokenizer(
            vocab, unknown_token=unknown, max_bytes_per_token=4, with_offsets=True
        )
        out[f"bert/{unknown}"] = [v.tolist() for v in op(np.array("my favorite  booking is"))]
    return out


def float_resizes(vision):
    """Bicubic and area Resize of a float32 image, shrinking and enlarging (channel 0 kept)."""
    img = np.random.RandomState(0).rand(5, 6, 3).astype(np.float32)
    out = {}
    for inter in ("BICUBIC", "AREA"):
        for size in ((3, 4), (8, 10), (5, 3), (9, 11)):
            got = vision.Resize(size, getattr(vision.Inter, inter))(img)
            out[f"{inter}/{size}"] = [str(got.dtype), got[..., 0].astype(float).tolist()]
    return out


def minddataset_unknown_columns(ds, folder):
    """MindDataset whose columns_list names a field the file lacks: construction, size,
    column names and iteration."""
    import importlib

    # (the framework's own writer: mindspore.mindrecord or msfunc.mindrecord)
    writer = importlib.import_module(ds.__name__.split(".")[0] + ".mindrecord").FileWriter
    os.makedirs(folder)
    path = os.path.join(folder, "n.mindrecord")
    w = writer(path)
    w.add_schema({"n": {"type": "int64"}, "m": {"type": "int64"}})
    w.write_raw_data([{"n": i, "m": i} for i in range(5)])
    w.commit()
    d = _attempt(lambda: ds.MindDataset(path, ["n", "zz"], shuffle=False))
    if isinstance(d, str):
        return d
    rows = _attempt(lambda: len(list(d.create_tuple_iterator(output_numpy=True))))
    return [_attempt(d.get_dataset_size), _attempt(d.get_col_names), rows]


def rescales(vision):
    """md5 digests of Rescale's float32 results over every uint8 value and a float32 image."""
    import hashlib

    images = {
        "uint8": np.arange(256, dtype=np.uint8).reshape(16, 16),
        "float32": np.random.RandomState(2).randn(8, 8, 3).astype(np.float32) * 100,
    }
    out = {}
    for name, img in images.items():
        for rescale, shift in ((1 / 255, -1.0), (0.5, 0.25), (1 / 127.5, 0.1), (3.7, -9.3)):
            got = vision.Rescale(rescale, shift)(img)
            out[f"{name}/{rescale}/{shift}"] = [str(got.dtype), hashlib.md5(got).hexdigest()]
    return out


def outcome(ds, vision, transforms, folder):
    """Every case's result, by name."""
    seed = ds.config.get_seed()
    try:
        ds.config.set_seed(1234)
        return {
            "generator_worker_seeds": generator_worker_seeds(ds),
            "debug_error_samples": debug_error_samples(ds),
            "mnist_late_checks": mnist_late_checks(ds, os.path.join(folder, "mnist")),
            "compose_eager": compose_eager(vision, transforms),
            "dict_columns": dict_columns(ds),
            "rescales": rescales(vision),
            "minddataset_unknown_columns": minddataset_unknown_columns(
                ds, os.path.join(folder, "mindrecord")
            ),
            "float_resizes": float_resizes(vision),
            "wordpiece_offsets": wordpiece_offsets(ds.text),
            "generator_results": generator_results(ds),
            "debug_mode_draws": debug_mode_draws(ds, transforms),
            "concat_sampler_checks": concat_sampler_checks(ds),
            "decoded_writable": decoded_writable(ds, vision),
            "decode_errors": decode_errors(ds, vision, os.path.join(folder, "decode")),
        }
    finally:
        ds.config.set_seed(seed)
