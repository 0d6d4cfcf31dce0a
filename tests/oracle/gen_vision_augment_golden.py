"""RandAugment and AutoAugment's three policies with MindSpore's draws, eager and in seeded
pipelines, and the colour adjustments they build on, from real MindSpore 2.10
(tests/golden/vision_augment.npz).

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py vision_augment

Each case is a function ``case(ms)`` of the framework module returning a list of arrays;
`tests/dataset/test_vision_golden_tables.py` runs the same with msfunc. An entry of ``REFUSED``
builds and calls a transform on bad input; the golden value is the exception's class name.
No top-level import of MindSpore or msfunc (the test imports this module).
"""

import os
import sys

import numpy as np
import vision_case_tables
from gen_vision_more_golden import _pipeline

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "vision_augment.npz"
)


def _ramp(h, w, salt=0):
    """An (h, w, 3) uint8 image holding every byte value about equally often."""
    rng = np.random.RandomState(40 + salt)
    return rng.permutation(np.arange(h * w * 3) % 256).reshape(h, w, 3).astype(np.uint8)


def _auto_eager(ms, interpolation, fill):
    v = ms.dataset.vision
    out = []
    for policy in v.AutoAugmentPolicy:
        for seed in range(12):
            ms.dataset.config.set_seed(seed)
            op = v.AutoAugment(policy, getattr(v.Inter, interpolation), fill)
            out.append(op(_ramp(9, 12, seed)))
    return out


def _auto_pipeline(ms):
    v = ms.dataset.vision
    images = np.stack([_ramp(10, 8, i) for i in range(8)])
    op = v.AutoAugment(v.AutoAugmentPolicy.CIFAR10, v.Inter.BILINEAR, 7)
    return _pipeline(ms, op, images, workers=2, seed=11)


def _rand_eager(ms, interpolation, fill, num_ops, magnitude, bins, shape):
    v = ms.dataset.vision
    out = []
    for seed in range(14):
        ms.dataset.config.set_seed(seed)
        op = v.RandAugment(num_ops, magnitude, bins, getattr(v.Inter, interpolation), fill)
        out.append(op(_ramp(*shape, seed)))
    return out


def _rand_pipeline(ms):
    v = ms.dataset.vision
    images = np.stack([_ramp(7, 9, i) for i in range(8)])
    return _pipeline(ms, v.RandAugment(3, 5, 10, v.Inter.BICUBIC, 30), images, workers=2, seed=3)


def _adjust(ms):
    """The colour steps' standalone operations (OpenCV's fused blends and 15-bit grey)."""
    v = ms.dataset.vision
    img = _ramp(12, 12, 99)
    ops = (v.AdjustSharpness, v.AdjustSaturation, v.AdjustContrast, v.AdjustBrightness)
    return [op(f)(img) for op in ops for f in (0.1, 0.7, 0.9, 1.1, 1.3, 1.9)]


CASES = {
    "rand_default": lambda ms: _rand_eager(ms, "NEAREST", 0, 2, 9, 31, (9, 12)),
    "rand_small_bins": lambda ms: _rand_eager(ms, "BILINEAR", (10, 20, 30), 3, 1, 3, (12, 7)),
    "rand_low_magnitude": lambda ms: _rand_eager(ms, "BICUBIC", 99, 1, 2, 5, (5, 21)),
    "rand_pipeline": _rand_pipeline,
    "adjust": _adjust,
    "auto_nearest": lambda ms: _auto_eager(ms, "NEAREST", (10, 20, 30)),
    "auto_bilinear": lambda ms: _auto_eager(ms, "BILINEAR", 100),
    "auto_bicubic": lambda ms: _auto_eager(ms, "BICUBIC", (200, 0, 50)),
    "auto_pipeline": _auto_pipeline,
    "auto_area": lambda ms: _auto_eager(ms, "AREA", 0)[-12:],  # (SVHN: shears)
}

_IMG = np.zeros((4, 4, 3), np.uint8)
REFUSED = {
    "auto_policy_str": lambda v: v.AutoAugment(policy="invalid"),
    "auto_interpolation_str": lambda v: v.AutoAugment(interpolation="invalid"),
    "auto_pilcubic": lambda v: v.AutoAugment(interpolation=v.Inter.PILCUBIC)(_IMG),
    "auto_antialias": lambda v: v.AutoAugment(interpolation=v.Inter.ANTIALIAS)(_IMG),
    "auto_fill_pair": lambda v: v.AutoAugment(fill_value=(10, 10)),
    "auto_fill_large": lambda v: v.AutoAugment(fill_value=300),
    "auto_fill_float": lambda v: v.AutoAugment(fill_value=1.5),
    "auto_grey": lambda v: v.AutoAugment()(np.zeros((4, 4), np.uint8)),
    "auto_four_channels": lambda v: v.AutoAugment()(np.zeros((4, 4, 4), np.uint8)),
    "auto_float": lambda v: v.AutoAugment()(np.zeros((4, 4, 3), np.float32)),
    "auto_list": lambda v: v.AutoAugment()(_IMG.tolist()),
    "rand_ops_float": lambda v: v.RandAugment(num_ops=1.0),
    "rand_ops_negative": lambda v: v.RandAugment(num_ops=-1),
    "rand_magnitude_bins": lambda v: v.RandAugment(magnitude=31),
    "rand_magnitude_negative": lambda v: v.RandAugment(magnitude=-1),
    "rand_bins_one": lambda v: v.RandAugment(magnitude=0, num_magnitude_bins=1),
    "rand_interpolation_str": lambda v: v.RandAugment(interpolation="invalid"),
    "rand_fill_pair": lambda v: v.RandAugment(fill_value=(1, 2)),
    "rand_fill_large": lambda v: v.RandAugment(fill_value=256),
    "rand_grey": lambda v: v.RandAugment()(np.zeros((4, 4), np.uint8)),
    "rand_float": lambda v: v.RandAugment()(np.zeros((4, 4, 3), np.float32)),
    "rand_zero_ops": lambda v: v.RandAugment(num_ops=0)(_IMG),
}


def main():
    vision_case_tables.write_golden(sys.modules[__name__])


if __name__ == "__main__":
    main()
