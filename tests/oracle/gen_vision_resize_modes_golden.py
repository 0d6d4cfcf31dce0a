"""Bicubic and area resizing (Resize, RandomResizedCrop) and the drawn resamplings of
RandomResize and RandomResizeWithBBox, eager and in seeded pipelines, from real MindSpore
2.10 (tests/golden/vision_resize_modes.npz).

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py vision_resize_modes

Each case is a function ``case(ms)`` of the framework module returning a list of arrays;
`tests/dataset/test_vision_golden_tables.py` runs the same with msfunc. An entry of
``REFUSED`` builds and calls a transform on bad input; the golden value is the exception's
class name. No top-level import of MindSpore or msfunc (the test imports this module).
"""

import os
import sys

import numpy as np
import vision_case_tables
from gen_vision_more_golden import _boxes, _pipeline

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "vision_resize_modes.npz"
)

# (source, output) sizes: whole-number shrinks (2 x 2 and others), fractional shrinks,
# enlargements, one side shrunk and the other enlarged, the same size
_SIZES = (
    ((12, 16), (6, 8)),
    ((12, 15), (4, 5)),
    ((13, 17), (5, 7)),
    ((33, 40), (10, 13)),
    ((7, 9), (15, 20)),
    ((10, 10), (5, 23)),
    ((5, 6), (11, 4)),
    ((9, 11), (9, 11)),
)


def _img(shape, salt, channels=3):
    rng = np.random.RandomState(70 + salt)
    return rng.randint(0, 256, shape + ((channels,) if channels else ())).astype(np.uint8)


def _resize(ms, mode):
    v = ms.dataset.vision
    out = []
    for i, (source, size) in enumerate(_SIZES):
        for channels in (3, 0):
            out.append(v.Resize(size, getattr(v.Inter, mode))(_img(source, i, channels)))
    return out


def _random_crops(ms, mode):
    v = ms.dataset.vision
    out = []
    for seed in range(6):
        ms.dataset.config.set_seed(seed)
        op = v.RandomResizedCrop((5, 7), (0.3, 1.0), interpolation=getattr(v.Inter, mode))
        out.append(op(_img((17, 14), seed)))
    return out


def _random_resize(ms):
    v = ms.dataset.vision
    out = []
    for seed in range(8):
        ms.dataset.config.set_seed(seed)
        out.append(v.RandomResize((6, 9))(_img((13, 17), seed)))
    images = np.stack([_img((11, 8), i) for i in range(6)])
    return out + _pipeline(ms, v.RandomResize(5), images, workers=2, seed=9)


def _random_resize_boxes(ms):
    v = ms.dataset.vision
    images = np.stack([_img((12, 14), i) for i in range(6)])
    boxes = _boxes(n=6, h=12, w=14)
    out = _pipeline(ms, v.RandomResizeWithBBox((7, 20)), images, boxes=boxes, seed=4)
    return out + _pipeline(ms, v.RandomResizeWithBBox(9), images, boxes=boxes, workers=2)


def _nearest_steps(ms):
    """Sizes where in / out and OpenCV's 1 / (out / in) differ in their last bit."""
    v = ms.dataset.vision
    return [v.Resize((10, 18), v.Inter.NEAREST)(_img((26, 14), 40 + c, c)) for c in (0, 3)]


def _bicubic_large(ms):
    """Shrinks of larger images, whose rows end past OpenCV's last whole vector."""
    v = ms.dataset.vision
    out = []
    for i, (source, size) in enumerate((((96, 101), (17, 19)), ((120, 90), (23, 13)))):
        out += [v.Resize(size, v.Inter.BICUBIC)(_img(source, 50 + i, c)) for c in (0, 3)]
    # (ramps: their smooth sums land on halves, where float and integer rounding part)
    y, x = np.mgrid[:30, :33]
    for a, b in ((1, 2), (2, 5)):
        ramps = np.stack([x * a + y * b, x * b + y, y * a + 2 * x], -1) % 256
        out.append(v.Resize((11, 9), v.Inter.BICUBIC)(ramps.astype(np.uint8)))
    return out


CASES = {
    "nearest_steps": _nearest_steps,
    "bicubic_large": _bicubic_large,
    "resize_area": lambda ms: _resize(ms, "AREA"),
    "resize_bicubic": lambda ms: _resize(ms, "BICUBIC"),
    "random_crop_area": lambda ms: _random_crops(ms, "AREA"),
    "random_crop_bicubic": lambda ms: _random_crops(ms, "BICUBIC"),
    "random_resize": _random_resize,
    "random_resize_boxes": _random_resize_boxes,
}

REFUSED = {
    "random_resize_zero": lambda v: v.RandomResize(0),
    "random_resize_str": lambda v: v.RandomResize("3"),
    "random_resize_boxes_zero": lambda v: v.RandomResizeWithBBox(0),
    "random_resize_boxes_pair_zero": lambda v: v.RandomResizeWithBBox((0, 100)),
    "random_resize_boxes_negative": lambda v: v.RandomResizeWithBBox(-10),
    "random_resize_boxes_three": lambda v: v.RandomResizeWithBBox((100, 100, 100)),
    "random_resize_boxes_shape": lambda v: v.RandomResizeWithBBox(4)(
        np.zeros((4, 4, 3), np.uint8), np.zeros((2, 3), np.float32)
    ),
}


def main():
    vision_case_tables.write_golden(sys.modules[__name__])


if __name__ == "__main__":
    main()
