"""Images out of seeded pipelines with random vision transforms, from real MindSpore 2.10
(tests/golden/vision_streams.npz).

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py vision_streams

Each case is a function ``case(ms, workers)`` of the framework module returning a list of
arrays, run with one map worker and with two (MindSpore deals rows to its workers in turn,
each worker's transform seeded with the pipeline seed plus its number, so the worker count
changes the images); `tests/dataset/test_vision_streams.py` runs the same with msfunc. No top-level
import of MindSpore or msfunc (the test imports this module).
"""

import os
import sys

import numpy as np

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "vision_streams.npz"
)


def _images(n=12, h=8, w=8, channels=1, salt=0):
    rng = np.random.RandomState(300 + salt)
    return rng.randint(0, 256, (n, h, w, channels)).astype(np.uint8)


def _pipeline(ms, ops, workers, images, epochs=1, shuffle=False):
    d = ms.dataset.NumpySlicesDataset(
        {"image": images, "label": np.arange(len(images))}, shuffle=shuffle
    )
    d = d.map(operations=ops, input_columns=["image"], num_parallel_workers=workers)
    it = d.create_tuple_iterator(num_epochs=epochs, output_numpy=True)
    out = []
    for _ in range(epochs):
        rows = list(it)
        out += [np.stack([r[0] for r in rows]), np.array([int(r[1]) for r in rows])]
    return out


def _flips(ms, workers):
    vision = ms.dataset.vision
    ms.dataset.config.set_seed(5)
    out = _pipeline(ms, [vision.RandomHorizontalFlip(0.5)], workers, _images(), epochs=2)
    ms.dataset.config.set_seed(11)
    out += _pipeline(ms, [vision.RandomVerticalFlip(0.3)], workers, _images(salt=1))
    return out


def _crops(ms, workers):
    vision = ms.dataset.vision
    ms.dataset.config.set_seed(5)
    out = _pipeline(ms, [vision.RandomCrop(5)], workers, _images(), epochs=2)
    ms.dataset.config.set_seed(9)
    out += _pipeline(
        ms,
        [vision.RandomCrop((4, 6), padding=2, fill_value=7)],
        workers,
        _images(salt=2, channels=3),
    )
    return out


def _tutorial(ms, workers):
    """The tutorials' augmentation (padded crop, flip, rescale, HWC2CHW) on a shuffled
    source, seeded by ms.set_seed."""
    vision = ms.dataset.vision
    ms.set_seed(4)
    ops = [
        vision.RandomCrop(6, padding=1),
        vision.RandomHorizontalFlip(),
        vision.Rescale(1.0 / 255.0, 0.0),
        vision.HWC2CHW(),
    ]
    return _pipeline(ms, ops, workers, _images(channels=3, salt=3), epochs=2, shuffle=True)


def _precedence(ms, workers):
    """Whichever of ds.config.set_seed and ms.set_seed runs last seeds the pipeline."""
    vision = ms.dataset.vision
    ms.dataset.config.set_seed(3)
    ms.set_seed(6)
    out = _pipeline(ms, [vision.RandomCrop(5)], workers, _images())
    ms.set_seed(6)
    ms.dataset.config.set_seed(3)
    return out + _pipeline(ms, [vision.RandomCrop(5)], workers, _images())


def _resized_crops(ms, workers):
    vision = ms.dataset.vision
    ms.dataset.config.set_seed(5)
    out = _pipeline(ms, [vision.RandomResizedCrop(6)], workers, _images(h=12, w=10), epochs=2)
    ms.dataset.config.set_seed(8)
    ops = [vision.RandomResizedCrop((5, 7), scale=(0.3, 0.9), ratio=(0.5, 2.0))]
    out += _pipeline(ms, ops, workers, _images(h=9, w=16, channels=3, salt=4))
    # no window of ratio 3..4 fits a square image: the central fallback
    ms.dataset.config.set_seed(8)
    ops = [vision.RandomResizedCrop(4, scale=(0.9, 1.0), ratio=(3.0, 4.0))]
    return out + _pipeline(ms, ops, workers, _images(n=4, salt=5))


def _rotations(ms, workers):
    vision = ms.dataset.vision
    ms.dataset.config.set_seed(5)
    out = _pipeline(ms, [vision.RandomRotation(30)], workers, _images(h=7, w=9), epochs=2)
    ms.dataset.config.set_seed(6)
    ops = [vision.RandomRotation((10, 80), expand=True, fill_value=(9, 8, 7))]
    out += _pipeline(ms, ops, workers, _images(n=1, h=6, w=8, channels=3, salt=6))
    ops = [vision.RandomRotation(45, center=(1, 2), fill_value=3)]
    out += _pipeline(ms, ops, workers, _images(n=6, h=5, w=5, salt=7))
    img = _images(n=1, h=7, w=9, channels=3, salt=8)[0]
    return out + [vision.Rotate(17.5)(img), vision.Rotate(-63.0, expand=True)(img)]


def _eager(ms, workers):
    """An operation called on its own draws from a fresh engine each call."""
    vision = ms.dataset.vision
    ms.dataset.config.set_seed(5)
    img = _images(n=1, h=6, w=6)[0]
    crop, flip = vision.RandomCrop(3), vision.RandomHorizontalFlip()
    return [np.stack([crop(img) for _ in range(3)]), np.stack([flip(img) for _ in range(3)])]


CASES = {
    "flips": _flips,
    "crops": _crops,
    "tutorial": _tutorial,
    "precedence": _precedence,
    "resized_crops": _resized_crops,
    "rotations": _rotations,
    "eager": _eager,
}


WORKERS = (1, 2)


def run_case(ms, name, workers=1):
    return [np.asarray(v) for v in CASES[name](ms, workers)]


def main():
    import mindspore as ms
    import mindspore.dataset  # noqa: F401
    import mindspore.dataset.vision  # noqa: F401

    arrays = {}
    for name in CASES:
        for workers in WORKERS:
            for i, value in enumerate(run_case(ms, name, workers)):
                arrays[f"{name}/{workers}/{i}"] = value
    np.savez_compressed(GOLDEN_PATH, **arrays)
    print(f"wrote {len(arrays)} arrays to {GOLDEN_PATH}", file=sys.stderr)


if __name__ == "__main__":
    main()
