"""Vision transforms given one PIL image (MindSpore's Python implementations: PIL's
resampling, enhancers and crops, draws from Python's `random`), eager, composed and in a
seeded pipeline after ``Decode(to_pil=True)``, from real MindSpore 2.10
(tests/golden/vision_pil.npz).

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py vision_pil

Each case is a function ``case(ms)`` of the framework module returning a list of arrays: each
output as its kind (``PIL <mode> <width>x<height>`` or ``ndarray <dtype>``) and its pixels;
`tests/dataset/test_vision_pil.py` runs the same with msfunc. An entry of ``REFUSED`` calls a
transform on input it refuses; the golden value is the exception's class name. No top-level
import of MindSpore or msfunc (the test imports this module).
"""

import io
import os
import sys

import numpy as np
import vision_case_tables

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "vision_pil.npz"
)


def _pil(mode, h=10, w=13, salt=0):
    from PIL import Image

    rng = np.random.RandomState(700 + salt)
    shape = (h, w) if mode == "L" else (h, w, 3)
    return Image.fromarray(rng.randint(0, 256, shape).astype(np.uint8), mode)


def _described(out):
    """`out` (a PIL image, an array or a tuple of them) as (kind, pixels) arrays."""
    if isinstance(out, tuple):
        return [a for one in out for a in _described(one)]
    if isinstance(out, np.ndarray):
        return [np.array(f"ndarray {out.dtype}"), out]
    return [np.array(f"PIL {out.mode} {out.size[0]}x{out.size[1]}"), np.asarray(out)]


def _eager(make, calls=2):
    """`make(vision)`'s transform on an RGB and an L image, `calls` times each, seeded."""

    def case(ms):
        vision = ms.dataset.vision
        out = []
        for mode in ("RGB", "L"):
            ms.dataset.config.set_seed(5)
            op = make(vision)
            for _ in range(calls):
                out += _described(op(_pil(mode)))
        return out

    return case


def _rgb_only(make, calls=2):
    def case(ms):
        ms.dataset.config.set_seed(5)
        op = make(ms.dataset.vision)
        return [a for _ in range(calls) for a in _described(op(_pil("RGB")))]

    return case


def _compose(ms):
    vision, transforms = ms.dataset.vision, ms.dataset.transforms
    ms.dataset.config.set_seed(3)
    op = transforms.Compose(
        [vision.ToPIL(), vision.Resize((8, 6)), vision.RandomColor(), vision.CenterCrop(5)]
    )
    return _described(op(np.asarray(_pil("RGB"))))


def _pipeline(ms):
    """Rows of PNG bytes decoded to PIL images, flipped, randomly resized-cropped and
    turned into arrays by a seeded map (one worker: MindSpore's workers take
    Python's `random` draws in the order its threads happen to run)."""
    vision = ms.dataset.vision
    rows = []
    for salt in range(4):
        buffer = io.BytesIO()
        _pil("RGB", salt=salt).save(buffer, format="PNG")
        rows.append(np.frombuffer(buffer.getvalue(), np.uint8))
    ms.dataset.config.set_seed(7)
    d = ms.dataset.GeneratorDataset(lambda: ((r,) for r in rows), ["image"], shuffle=False)
    ops = [
        vision.Decode(to_pil=True),
        vision.RandomHorizontalFlip(0.5),
        vision.RandomResizedCrop((5, 6)),
        vision.ToNumpy(),
    ]
    d = d.map(operations=ops, input_columns=["image"], num_parallel_workers=1)
    return [np.asarray(row[0]) for row in d.create_tuple_iterator(output_numpy=True)]


CASES = {
    "resize": _eager(lambda v: v.Resize((6, 5)), 1),
    "resize_short_side": _eager(lambda v: v.Resize(7), 1),
    "resize_nearest": _eager(lambda v: v.Resize((12, 20), v.Inter.NEAREST), 1),
    "resize_bicubic": _eager(lambda v: v.Resize((7, 9), v.Inter.BICUBIC), 1),
    "resize_antialias": _eager(lambda v: v.Resize((7, 9), v.Inter.ANTIALIAS), 1),
    "pad": _eager(lambda v: v.Pad(2), 1),
    "pad_fill": _eager(lambda v: v.Pad([1, 2, 3, 4], fill_value=(10, 20, 30)), 1),
    "pad_reflect": _eager(lambda v: v.Pad([1, 2], padding_mode=v.Border.REFLECT), 1),
    "center_crop": _eager(lambda v: v.CenterCrop((5, 4)), 1),
    "center_crop_larger": _eager(lambda v: v.CenterCrop(12), 1),
    "random_crop": _eager(lambda v: v.RandomCrop((6, 7))),
    "random_crop_padded": _eager(lambda v: v.RandomCrop(12, padding=2, fill_value=(1, 2, 3))),
    "random_crop_if_needed": _eager(
        lambda v: v.RandomCrop((12, 15), pad_if_needed=True, padding_mode=v.Border.EDGE)
    ),
    "horizontal_flip": _eager(lambda v: v.RandomHorizontalFlip(0.5), 3),
    "vertical_flip": _eager(lambda v: v.RandomVerticalFlip(0.5), 3),
    "random_resized_crop": _eager(lambda v: v.RandomResizedCrop((5, 6))),
    "random_resized_crop_fallback": _eager(
        lambda v: v.RandomResizedCrop(4, scale=(0.9, 1.0), ratio=(3.0, 4.0))
    ),
    "random_rotation": _rgb_only(lambda v: v.RandomRotation(30)),
    "random_rotation_expand": _rgb_only(
        lambda v: v.RandomRotation((10, 50), v.Inter.BILINEAR, expand=True, fill_value=7)
    ),
    "grayscale": _eager(lambda v: v.Grayscale(), 1),
    "grayscale_3": _eager(lambda v: v.Grayscale(3), 1),
    "random_grayscale": _eager(lambda v: v.RandomGrayscale(0.5), 3),
    "random_color": _eager(lambda v: v.RandomColor()),
    "random_sharpness": _eager(lambda v: v.RandomSharpness((0.2, 1.5))),
    "invert": _eager(lambda v: v.Invert(), 1),
    "auto_contrast": _eager(lambda v: v.AutoContrast(10.0), 1),
    "equalize": _eager(lambda v: v.Equalize(), 1),
    "adjust_gamma": _eager(lambda v: v.AdjustGamma(0.5, 1.2), 1),
    "adjust_brightness": _eager(lambda v: v.AdjustBrightness(1.5), 1),
    "adjust_contrast": _eager(lambda v: v.AdjustContrast(0.4), 1),
    "adjust_saturation": _eager(lambda v: v.AdjustSaturation(2.0), 1),
    "adjust_hue_down": _eager(lambda v: v.AdjustHue(-0.1), 1),
    "adjust_hue_up": _eager(lambda v: v.AdjustHue(0.3), 1),
    "random_color_adjust": _eager(
        lambda v: v.RandomColorAdjust((0.5, 1.5), (0.5, 1.5), (0.5, 1.5), (-0.2, 0.2))
    ),
    "random_lighting": _eager(lambda v: v.RandomLighting(0.3)),
    "to_tensor": _eager(lambda v: v.ToTensor(), 1),
    "to_numpy": _eager(lambda v: v.ToNumpy(), 1),
    "to_pil": _eager(lambda v: v.ToPIL(), 1),
    "five_crop": _eager(lambda v: v.FiveCrop(4), 1),
    "ten_crop": _eager(lambda v: v.TenCrop((3, 5), True), 1),
    "random_affine": _eager(lambda v: v.RandomAffine(20, (0.1, 0.2), (0.8, 1.1), 5)),
    "random_affine_shears": _eager(
        lambda v: v.RandomAffine(
            (5, 40), (-0.1, 0.1, 0.2, 0.3), None, (1, 4, -3, 2), v.Inter.BILINEAR, 9
        )
    ),
    "uniform_augment": _eager(
        lambda v: v.UniformAugment(
            [v.RandomCrop(8), v.RandomHorizontalFlip(1.0), v.Invert(), v.RandomColor()], 2
        ),
        3,
    ),
    "resize_pilcubic_array": lambda ms: [
        ms.dataset.vision.Resize(size, ms.dataset.vision.Inter.PILCUBIC)(np.asarray(_pil("RGB")))
        for size in ((6, 5), (17, 21), 4)
    ],
    "compose": _compose,
    "pipeline": _pipeline,
}

REFUSED = {
    "antialias_numpy": lambda v: v.Resize((3, 3), v.Inter.ANTIALIAS)(np.zeros((5, 5, 3), "u1")),
    "area_pil": lambda v: v.Resize((3, 3), v.Inter.AREA)(_pil("RGB")),
    "rotation_grey_fill": lambda v: v.RandomRotation(30)(_pil("L")),
    "pilcubic_pil": lambda v: v.Resize((3, 3), v.Inter.PILCUBIC)(_pil("RGB")),
    "erasing_pil": lambda v: v.RandomErasing(1.0)(_pil("RGB")),
}


def main():
    vision_case_tables.write_golden(sys.modules[__name__])


if __name__ == "__main__":
    main()
