"""Dataset cases shared by gen_dataset_misc20_golden.py (real MindSpore 2.10) and
tests/dataset/test_dataset_misc20.py (msfunc): the interpolations the affine warps accept
(numpy and PIL images)."""

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


def outcome(ds, vision, transforms, folder):
    """Every case's result, by name."""
    seed = ds.config.get_seed()
    try:
        ds.config.set_seed(3)
        return {
            "warp_interpolations": warp_interpolations(vision),
        }
    finally:
        ds.config.set_seed(seed)
