"""Histogram, lighting, grey and bounding-box transforms (AutoContrast, Equalize,
RandomLighting, Grayscale, the *WithBBox family, BoundingBoxAugment), eager and in seeded
pipelines, from real MindSpore 2.10 (tests/golden/vision_more.npz).

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py vision_more

Each case is a function ``case(ms)`` of the framework module returning a list of arrays;
`tests/dataset/test_vision_more.py` runs the same with msfunc. An entry of ``REFUSED``
builds and calls a transform on bad input; the golden value is the exception's class name.
No top-level import of MindSpore or msfunc (the test imports this module).
"""

import os
import sys

import numpy as np

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "vision_more.npz"
)


def _img(h=7, w=9, channels=3, salt=0, low=0, high=256):
    rng = np.random.RandomState(500 + salt)
    shape = (h, w) if channels == 0 else (h, w, channels)
    return rng.randint(low, high, shape).astype(np.uint8)


def _images(n=6, h=7, w=9, salt=0):
    return np.stack([_img(h, w, 3, salt + i, 20 * i, 256 - 10 * i) for i in range(n)])


def _boxes(n=6, h=12, w=14, count=4, salt=0, whole=False):
    """`count` boxes inside an (h, w) image for each of `n` rows, (x, y, w, h, label)."""
    rng = np.random.RandomState(600 + salt)
    x = rng.uniform(0, w - 2, (n, count))
    y = rng.uniform(0, h - 2, (n, count))
    bw = rng.uniform(1, w - x)
    bh = rng.uniform(1, h - y)
    boxes = np.stack([x, y, bw, bh, np.tile(np.arange(count), (n, 1))], axis=-1)
    if whole:
        boxes = np.floor(boxes)
        boxes[..., 2:4] = np.maximum(boxes[..., 2:4], 1)
    return boxes.astype(np.float32)


def _pipeline(ms, op, images, workers=1, boxes=None, seed=5):
    """The rows of a seeded map of `op` over `images` (and `boxes`), flattened to a list.

    MindSpore's box transforms write into the arrays they are given (a NumpySlicesDataset's
    own memory): every map gets fresh copies, and every output is copied out at once."""
    ms.dataset.config.set_seed(seed)
    columns = {"image": images.copy()}
    if boxes is not None:
        columns["bbox"] = boxes.copy()
    d = ms.dataset.NumpySlicesDataset(columns, shuffle=False)
    d = d.map(operations=op, input_columns=list(columns), num_parallel_workers=workers)
    out = []
    for row in d.create_tuple_iterator(num_epochs=1, output_numpy=True):
        out += [np.array(v, copy=True) for v in row]
    return out


def _contrast(ms):
    v = ms.dataset.vision
    low = _img(salt=1, low=60, high=180)
    return [
        v.AutoContrast()(_img()),
        v.AutoContrast(10.5, [10, 20])(low),
        v.AutoContrast(3.0, 100)(low[:, :, 0]),
        v.AutoContrast(20.0)(low[:, :, :1]),
        v.AutoContrast(1.0)(low[:, :1, 0]),  # (a one-column 2-D image comes back a vector)
        v.AutoContrast()(np.full((3, 3), 7, np.uint8)),
        np.asarray(v.AutoContrast(5.0)(v.ToPIL()(low))),
    ]


def _equalize(ms):
    v = ms.dataset.vision
    low = _img(salt=2, low=90, high=140)
    return [
        v.Equalize()(_img()),
        v.Equalize()(low),
        v.Equalize()(low[:, :, 0]),
        v.Equalize()(low[:1, :, 0]),
        v.Equalize()(np.full((2, 3, 1), 9, np.uint8)),
        np.asarray(v.Equalize()(v.ToPIL()(low))),
    ]


def _random_tone(ms):
    v = ms.dataset.vision
    images = _images()
    out = _pipeline(ms, v.RandomEqualize(0.5), images)
    out += _pipeline(ms, v.RandomAutoContrast(2.0, prob=0.5), images, workers=2, seed=7)
    out += _pipeline(ms, v.RandomLighting(1.0), images)
    out += _pipeline(ms, v.RandomLighting(3.0), images, workers=2, seed=3)
    out += _pipeline(ms, v.RandomLighting(0.05), images, seed=11)
    ms.dataset.config.set_seed(4)
    out += [v.RandomLighting(0.5)(images[0]) for _ in range(2)]
    return out


def _grey(ms):
    v = ms.dataset.vision
    pil = v.ToPIL()(_img(salt=3))
    out = [np.asarray(v.Grayscale()(pil)), np.asarray(v.Grayscale(3)(pil))]
    ms.dataset.config.set_seed(2)
    out += [np.asarray(v.RandomGrayscale(0.5)(pil)) for _ in range(5)]
    out.append(np.asarray(v.RandomGrayscale(1.0)(v.Grayscale()(pil))))
    return out


def _flips(ms):
    v = ms.dataset.vision
    images, boxes = _images(h=12, w=14, salt=4), _boxes()
    out = _pipeline(ms, v.RandomHorizontalFlipWithBBox(0.5), images, boxes=boxes)
    out += _pipeline(ms, v.RandomVerticalFlipWithBBox(0.5), images, 2, boxes, seed=9)
    return out


def _crops(ms):
    v = ms.dataset.vision
    images, boxes = _images(h=12, w=14, salt=5), _boxes(salt=1)
    out = _pipeline(ms, v.RandomCropWithBBox(6), images, boxes=boxes)
    crop = v.RandomCropWithBBox((7, 5), padding=(1, 2, 3, 4), fill_value=(9, 8, 7))
    out += _pipeline(ms, crop, images, boxes=boxes, seed=2)
    # (MindSpore leaves the boxes where they were for pad_if_needed's padding)
    crop = v.RandomCropWithBBox(16, pad_if_needed=True, padding_mode=v.Border.REFLECT)
    out += _pipeline(ms, crop, images, 2, boxes, seed=3)
    out += _pipeline(ms, v.RandomResizedCropWithBBox(5), images, boxes=boxes)
    crop = v.RandomResizedCropWithBBox(
        (6, 9), scale=(0.2, 0.6), ratio=(0.5, 2.0), interpolation=v.Inter.NEAREST
    )
    out += _pipeline(ms, crop, images, boxes=boxes, seed=4)
    return out


def _box_augment(ms):
    v = ms.dataset.vision
    images, boxes = _images(h=12, w=14, salt=6), _boxes(count=6, salt=2, whole=True)
    out = _pipeline(ms, v.BoundingBoxAugment(v.Invert(), 0.5), images, boxes=boxes)
    op = v.BoundingBoxAugment(v.Resize((3, 3)), 0.6)
    out += _pipeline(ms, op, images, boxes=_boxes(count=6, salt=3), seed=2)
    op = v.BoundingBoxAugment(v.RandomHorizontalFlip(0.5), 0.7)
    out += _pipeline(ms, op, images, 2, boxes, seed=3)
    out += _pipeline(ms, v.BoundingBoxAugment(v.RandomRotation(90)), images, boxes=boxes)
    return out


CASES = {
    "contrast": _contrast,
    "equalize": _equalize,
    "random_tone": _random_tone,
    "grey": _grey,
    "bbox_flips": _flips,
    "bbox_crops": _crops,
    "bbox_augment": _box_augment,
}

_BOX = np.array([[1, 1, 2, 2]], np.float32)
_SQUARE = np.zeros((4, 4, 3), np.uint8)

REFUSED = {
    "contrast_cutoff_50": lambda v: v.AutoContrast(50.0),
    "contrast_cutoff_str": lambda v: v.AutoContrast("1"),
    "contrast_ignore_256": lambda v: v.AutoContrast(ignore=256),
    "contrast_ignore_float": lambda v: v.AutoContrast(ignore=[1.5]),
    "contrast_four_channels": lambda v: v.AutoContrast()(np.zeros((4, 4, 4), np.uint8)),
    "contrast_rank4": lambda v: v.AutoContrast()(np.zeros((2, 4, 4, 3), np.uint8)),
    "contrast_float": lambda v: v.AutoContrast()(np.zeros((4, 4, 3), np.float32)),
    "equalize_four_channels": lambda v: v.Equalize()(np.zeros((4, 4, 4), np.uint8)),
    "equalize_float": lambda v: v.Equalize()(np.zeros((4, 4), np.float32)),
    "random_equalize_prob": lambda v: v.RandomEqualize(1.5),
    "random_contrast_prob": lambda v: v.RandomAutoContrast(prob=-0.5),
    "lighting_negative": lambda v: v.RandomLighting(-1),
    "lighting_str": lambda v: v.RandomLighting("1"),
    "lighting_grey": lambda v: v.RandomLighting(1.0)(np.zeros((4, 4), np.uint8)),
    "grayscale_two": lambda v: v.Grayscale(2),
    "grayscale_float": lambda v: v.Grayscale(3.0),
    "random_grayscale_prob": lambda v: v.RandomGrayscale(1.5),
    "flip_bbox_prob": lambda v: v.RandomHorizontalFlipWithBBox(1.5),
    "flip_bbox_shape": lambda v: v.RandomHorizontalFlipWithBBox(1.0)(_SQUARE, _BOX[:, :3]),
    "flip_bbox_negative": lambda v: v.RandomVerticalFlipWithBBox(1.0)(_SQUARE, -_BOX),
    "flip_bbox_outside": lambda v: v.RandomVerticalFlipWithBBox(1.0)(_SQUARE, _BOX * 3),
    "flip_bbox_float64": lambda v: v.RandomHorizontalFlipWithBBox(1.0)(
        _SQUARE, _BOX.astype(np.float64)
    ),
    "crop_bbox_large": lambda v: v.RandomCropWithBBox(8)(_SQUARE, _BOX),
    "crop_bbox_size": lambda v: v.RandomCropWithBBox(-2),
    "crop_bbox_padding_negative": lambda v: v.RandomCropWithBBox(2, padding=[1, -1]),
    "crop_bbox_padding_three": lambda v: v.RandomCropWithBBox(2, padding=[1, 2, 3]),
    "crop_bbox_padding_float": lambda v: v.RandomCropWithBBox(2, padding=1.5),
    "crop_padding_huge": lambda v: v.RandomCrop(2, padding=2**31),
    "resized_crop_bbox_scale": lambda v: v.RandomResizedCropWithBBox(2, scale=(0.9, 0.1)),
    "box_augment_ratio": lambda v: v.BoundingBoxAugment(v.Invert(), 1.5),
    "box_augment_transform": lambda v: v.BoundingBoxAugment("Invert"),
}


def run_case(ms, name):
    return [np.asarray(v) for v in CASES[name](ms)]


def refused(ms, name):
    """The class name of the exception the bad input raises ("" when none is raised)."""
    try:
        REFUSED[name](ms.dataset.vision)
    except Exception as error:  # noqa: BLE001 - its type is the golden value
        return type(error).__name__
    return ""


def main():
    import mindspore as ms
    import mindspore.dataset  # noqa: F401
    import mindspore.dataset.vision  # noqa: F401

    arrays = {}
    for name in CASES:
        for i, value in enumerate(run_case(ms, name)):
            arrays[f"{name}/{i}"] = value
    for name in REFUSED:
        arrays[f"refused/{name}"] = np.array(refused(ms, name))
    np.savez_compressed(GOLDEN_PATH, **arrays)
    print(f"wrote {len(arrays)} arrays to {GOLDEN_PATH}", file=sys.stderr)


if __name__ == "__main__":
    main()
