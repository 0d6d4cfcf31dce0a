"""Images rotated with bilinear and bicubic resampling by `Rotate` and seeded
`RandomRotation` pipelines, from real MindSpore 2.10 (tests/golden/vision_resampling.npz).

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py vision_resampling

Each case is a function ``case(ms, workers)`` of the framework module returning a list of
arrays, run with one map worker and with two; `tests/dataset/test_vision_resampling.py` runs
the same with msfunc. No top-level import of MindSpore or msfunc (the test imports this
module).
"""

import os
import sys

import numpy as np
from gen_vision_streams import _images, _pipeline

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "vision_resampling.npz"
)
WORKERS = (1, 2)


def _fixed_angles(ms, workers):
    vision = ms.dataset.vision
    bilinear = vision.Inter.BILINEAR
    img = _images(n=1, h=7, w=9, channels=3, salt=9)[0]
    return [
        vision.Rotate(17.5, resample=bilinear)(img),
        vision.Rotate(-63.0, resample=bilinear, expand=True, fill_value=(9, 8, 7))(img),
        vision.Rotate(33.3, resample=bilinear, center=(1, 2))(img[:, :, 0]),
        vision.Rotate(21.0, resample=bilinear)(img.astype(np.float32) / 7),
        vision.Rotate(200.0, resample=bilinear, fill_value=255)(img),
    ]


def _bicubic(ms, workers):
    vision = ms.dataset.vision
    bicubic = vision.Inter.BICUBIC
    img = _images(n=1, h=7, w=9, channels=3, salt=9)[0]
    out = [
        vision.Rotate(17.5, resample=bicubic)(img),
        vision.Rotate(-63.0, resample=bicubic, expand=True, fill_value=(9, 8, 7))(img),
        vision.Rotate(33.3, resample=bicubic, center=(1, 2))(img[:, :, 0]),
    ]
    ms.dataset.config.set_seed(7)
    ops = [vision.RandomRotation(40, resample=bicubic, fill_value=4)]
    return out + _pipeline(ms, ops, workers, _images(n=5, h=6, w=7, channels=3, salt=10))


def _bicubic_float(ms, workers):
    """Float images: msfunc's sums differ from these by float32 rounding only."""
    vision = ms.dataset.vision
    img = _images(n=1, h=7, w=9, channels=3, salt=9)[0].astype(np.float32) / 7
    return [vision.Rotate(21.0, resample=vision.Inter.BICUBIC)(img)]


def _random_angles(ms, workers):
    vision = ms.dataset.vision
    bilinear = vision.Inter.BILINEAR
    ms.dataset.config.set_seed(5)
    out = _pipeline(
        ms, [vision.RandomRotation(30, resample=bilinear)], workers, _images(h=7, w=9), epochs=2
    )
    ms.dataset.config.set_seed(6)
    ops = [vision.RandomRotation((10, 80), resample=bilinear, center=(2, 1), fill_value=(9, 8, 7))]
    return out + _pipeline(ms, ops, workers, _images(n=3, h=6, w=8, channels=3, salt=6))


CASES = {"fixed_angles": _fixed_angles, "random_angles": _random_angles, "bicubic": _bicubic}
APPROXIMATE = {"bicubic_float": _bicubic_float}


def run_case(ms, name, workers=1):
    return [np.asarray(v) for v in {**CASES, **APPROXIMATE}[name](ms, workers)]


def main():
    import mindspore as ms
    import mindspore.dataset  # noqa: F401
    import mindspore.dataset.vision  # noqa: F401

    arrays = {}
    for name in {**CASES, **APPROXIMATE}:
        for workers in WORKERS:
            for i, value in enumerate(run_case(ms, name, workers)):
                arrays[f"{name}/{workers}/{i}"] = value
    np.savez_compressed(GOLDEN_PATH, **arrays)
    print(f"wrote {len(arrays)} arrays to {GOLDEN_PATH}", file=sys.stderr)


if __name__ == "__main__":
    main()
