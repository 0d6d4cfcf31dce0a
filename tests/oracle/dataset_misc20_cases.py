"""Dataset cases shared by gen_dataset_misc20_golden.py (real MindSpore 2.10) and
tests/dataset/test_dataset_misc20.py (msfunc): the interpolations the affine warps accept
(numpy and PIL images); Invert's dtypes and RandomInvert's draws and checks; hue shifts of
rows long enough for OpenCV's vector blocks."""

import hashlib

import numpy as np


def _digest(value):
    """type, dtype, shape and an md5 of the bytes of one image (a PIL image as its array)."""
    kind = type(value).__name__
    value = np.ascontiguousarray(np.asarray(value))
    return [kind, str(value.dtype), list(value.shape), hashlib.md5(value).hexdigest()]


def _outcome(fn):
    """The digest of what `fn` returns, or the type of what it raises, and when (at
    construction or at the call)."""
    stage = "init"
    try:
        op = fn()
        stage = "call"
        return _digest(op())
    except Exception as exc:  # (the type is what is compared)
        return [stage, type(exc).__name__]


def _warps(vision, resample):
    return {
        "Affine": vision.Affine(13.0, [0.1, 0.0], 1.1, [5.0, 2.0], resample=resample),
        "RandomAffine": vision.RandomAffine((13, 13), scale=(1.1, 1.1), resample=resample),
        "Rotate": vision.Rotate(13.0, resample=resample),
        "RandomRotation": vision.RandomRotation((13, 13), resample=resample),
    }


def warp_interpolations(vision):
    """Each affine warp under each interpolation, of a numpy image and of a PIL image."""
    from PIL import Image

    array = (np.arange(7 * 9 * 3) * 37 % 256).astype(np.uint8).reshape(7, 9, 3)
    images = {"numpy": array, "pil": Image.fromarray(array)}
    out = {}
    for inter in ("NEAREST", "BILINEAR", "AREA", "BICUBIC", "PILCUBIC", "ANTIALIAS"):
        for name in _warps(vision, vision.Inter.NEAREST):
            for kind, image in images.items():

                def run(name=name, inter=inter, image=image):
                    op = _warps(vision, getattr(vision.Inter, inter))[name]
                    return lambda: op(image)

                out[f"{name}/{inter}/{kind}"] = _outcome(run)
    return out


def _image(seed, shape=(3, 4, 3)):
    return np.random.RandomState(seed).randint(0, 120, shape)


def invert_dtypes(vision):
    """Invert of an image of each dtype (integers saturate, some dtypes are refused)."""
    dtypes = ("bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64")
    dtypes += ("uint64", "float16", "float32", "float64")
    return {
        dt: _outcome(lambda dt=dt: lambda: vision.Invert()(_image(0).astype(dt))) for dt in dtypes
    }


def random_invert(ds, vision):
    """RandomInvert: which rows of a seeded pipeline it inverts, what it makes of images of
    other shapes and of a PIL image, and its `prob` checks."""
    from PIL import Image

    img = _image(1).astype(np.uint8)
    ds.config.set_seed(11)
    d = ds.NumpySlicesDataset({"a": [img] * 12}, shuffle=False)
    d = d.map(vision.RandomInvert(0.3), ["a"], num_parallel_workers=1)
    rows = d.create_tuple_iterator(output_numpy=True)
    out = {"rows": [int(not np.array_equal(r[0], img)) for r in rows]}
    images = {
        "one_channel": img[:, :, :1],
        "plane": img[:, :, 0],
        "stack": np.stack([img, img]),
        "float32": img.astype(np.float32),
        "uint32": img.astype(np.uint32),
        "pil": Image.fromarray(img),
    }
    for prob in (0.0, 1.0):
        for name, image in images.items():

            def run(prob=prob, image=image):
                op = vision.RandomInvert(prob)
                return lambda: op(image)

            out[f"{name}/{prob}"] = _outcome(run)
    for prob in (1.5, -0.1, "a", True, 1):
        out[f"prob/{prob!r}"] = _outcome(lambda p=prob: lambda: vision.RandomInvert(p)(img))
    return out


def hue_rows(ds, vision):
    """AdjustHue and a seeded RandomColorAdjust(hue) of images whose rows hold whole blocks
    of 32 pixels, a tail, or both."""
    rs = np.random.RandomState(5)
    images = [rs.randint(0, 256, (2, width, 3)).astype(np.uint8) for width in (30, 32, 70)]
    out = {}
    for factor in (0.0, -0.098, 0.2, 0.45):
        out[f"adjust/{factor}"] = [_digest(vision.AdjustHue(factor)(img)) for img in images]
    ds.config.set_seed(10)
    d = ds.NumpySlicesDataset({"image": images[2:] * 3}, shuffle=False)
    d = d.map(vision.RandomColorAdjust(0.4, 0.4, 0.4, 0.1), ["image"], num_parallel_workers=1)
    out["random"] = [_digest(r[0]) for r in d.create_tuple_iterator(output_numpy=True)]
    return out


def outcome(ds, vision, transforms, folder):
    """Every case's result, by name."""
    seed = ds.config.get_seed()
    try:
        ds.config.set_seed(3)
        return {
            "warp_interpolations": warp_interpolations(vision),
            "invert_dtypes": invert_dtypes(vision),
            "random_invert": random_invert(ds, vision),
            "hue_rows": hue_rows(ds, vision),
        }
    finally:
        ds.config.set_seed(seed)
