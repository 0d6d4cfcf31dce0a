"""ConvertColor, LinearTransformation, ToNumpy, RandomErasing, Decode to PIL and CenterCrop's
padding, eager and in pipelines, from real MindSpore 2.10 (tests/golden/vision_pixels.npz).

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py vision_pixels

Each case is a function ``case(ms)`` of the framework module returning a list of arrays;
`tests/dataset/test_vision_golden_tables.py` runs the same with msfunc. An entry of ``REFUSED``
builds and calls a transform on bad input; the golden value is the exception's class name.
No top-level import of MindSpore or msfunc (the test imports this module).
"""

import os
import sys

import numpy as np
import vision_case_tables
from gen_vision_more_golden import _img, _pipeline

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "vision_pixels.npz"
)


def _wide(dtype, channels, salt=0):
    """An 8 x 8 image of `dtype` spread over its range (floats in [0, 1])."""
    rng = np.random.RandomState(900 + salt)
    shape = (8, 8) if channels == 0 else (8, 8, channels)
    if dtype == np.float32:
        return rng.rand(*shape).astype(np.float32)
    return rng.randint(0, np.iinfo(dtype).max + 1, shape).astype(dtype)


def _convert(ms):
    v = ms.dataset.vision
    out = []
    for mode in v.ConvertMode:
        gray_source = mode.name.startswith("COLOR_GRAY")
        for dtype in (np.uint8, np.uint16, np.float32):
            for channels in (0, 1) if gray_source else (0, 3, 4):
                if channels == 0 and not gray_source and mode.name.endswith("GRAY"):
                    continue  # (a grey image to grey is refused: see REFUSED)
                out.append(v.ConvertColor(mode)(_wide(dtype, channels, int(mode))))
    return out


def _convert_pipeline(ms):
    v = ms.dataset.vision
    images = np.stack([_img(salt=i) for i in range(3)])
    modes = (v.ConvertMode.COLOR_BGR2GRAY, v.ConvertMode.COLOR_RGB2BGRA)
    return [_pipeline(ms, v.ConvertColor(m), images)[i] for m in modes for i in range(3)]


def _linear(ms):
    v = ms.dataset.vision
    rng = np.random.RandomState(7)
    img = rng.rand(3, 2, 2).astype(np.float32)
    matrix = rng.rand(12, 12)
    mean = rng.rand(12)
    pipeline = _pipeline(ms, v.LinearTransformation(matrix, mean), np.stack([img, img * 2]))
    return [
        v.LinearTransformation(matrix, mean)(img),
        v.LinearTransformation(matrix.astype(np.float32), mean.astype(np.float32))(img),
        v.LinearTransformation(np.eye(12), np.zeros(12))(img.reshape(12)),
        *pipeline,
    ]


def _to_numpy(ms):
    v = ms.dataset.vision
    img = _img()
    return [
        v.ToNumpy()(v.ToPIL()(img)),
        v.ToNumpy()(img[:, :, 0]),
        v.ToNumpy()([[1.5, 2.0]]),
        *_pipeline(ms, [v.ToPIL(), v.ToNumpy(), v.HorizontalFlip()], img[None]),
    ]


def _png(img):
    import io

    from PIL import Image

    buf = io.BytesIO()
    Image.fromarray(img).save(buf, "PNG")
    return np.frombuffer(buf.getvalue(), np.uint8)


def _decode_pil(ms):
    """Decode(True) gives a PIL image, which FiveCrop (PIL only) takes inside a Compose."""
    from PIL import Image

    v = ms.dataset.vision
    data = _png(_img())
    crops = ms.dataset.transforms.Compose(
        [v.Decode(True), v.FiveCrop(3), lambda *images: np.stack([np.array(i) for i in images])]
    )
    ms.dataset.config.set_seed(5)
    d = ms.dataset.NumpySlicesDataset({"image": data[None]}, shuffle=False)
    d = d.map(operations=crops, input_columns=["image"])
    rows = [np.array(r[0]) for r in d.create_tuple_iterator(num_epochs=1, output_numpy=True)]
    decoded = v.Decode(True)(data)
    return [np.array(isinstance(decoded, Image.Image)), np.array(decoded), *rows]


def _center_pad(ms):
    """CenterCrop pads a side shorter than the crop with zeros."""
    v = ms.dataset.vision
    img = _img(2, 3, salt=5) + 1
    sizes = [(4, 5), (3, 3), (2, 6), (5, 2), 4, (1, 6), (7, 11)]
    return [v.CenterCrop(s)(img) for s in sizes] + [v.CenterCrop((3, 4))(img[:, :, 0])]


def _erasing(ms):
    """RandomErasing draws from Python's random (and numpy's for 'random' values)."""
    v = ms.dataset.vision
    img = np.random.RandomState(3).rand(3, 12, 14).astype(np.float32)
    out = []
    for seed in range(4):
        ms.dataset.config.set_seed(seed)
        out.append(v.RandomErasing(prob=0.8, value="random")(img))
        out.append(v.RandomErasing(prob=0.9, value=(1, 2, 3), scale=(0.1, 0.5))(img))
        out.append(v.RandomErasing(prob=1.0, value=5, ratio=(0.5, 2), max_attempts=2)(img))
    ms.dataset.config.set_seed(7)
    d = ms.dataset.NumpySlicesDataset({"image": np.stack([img] * 4)}, shuffle=False)
    d = d.map(v.RandomErasing(value="random"), ["image"], num_parallel_workers=1)
    return out + [r[0] for r in d.create_tuple_iterator(num_epochs=1, output_numpy=True)]


CASES = {
    "erasing": _erasing,
    "center_pad": _center_pad,
    "decode_pil": _decode_pil,
    "convert": _convert,
    "convert_pipeline": _convert_pipeline,
    "linear": _linear,
    "to_numpy": _to_numpy,
}

# Cases computed by a numpy matrix product (MindSpore's LinearTransformation is one too): its
# summation order follows the CPU's BLAS kernels, so the last bits differ between machines
# (MindSpore 2.10 on an AVX2 machine differs from the golden values it wrote on an AVX-512 one)
BLAS_CASES = ("linear",)

_M = np.eye(12)
_V = np.zeros(12)
REFUSED = {
    "convert_int_mode": lambda v: v.ConvertColor(6),
    "convert_two_channels": lambda v: v.ConvertColor(v.ConvertMode.COLOR_BGR2RGB)(
        np.zeros((4, 4, 2), np.uint8)
    ),
    "convert_gray_to_gray": lambda v: v.ConvertColor(v.ConvertMode.COLOR_BGR2GRAY)(
        np.zeros((4, 4), np.uint8)
    ),
    "convert_colour_as_gray": lambda v: v.ConvertColor(v.ConvertMode.COLOR_GRAY2BGR)(
        np.zeros((4, 4, 3), np.uint8)
    ),
    "convert_int32": lambda v: v.ConvertColor(v.ConvertMode.COLOR_BGR2RGB)(
        np.zeros((4, 4, 3), np.int32)
    ),
    "convert_float64": lambda v: v.ConvertColor(v.ConvertMode.COLOR_BGR2RGB)(
        np.zeros((4, 4, 3), np.float64)
    ),
    "convert_list": lambda v: v.ConvertColor(v.ConvertMode.COLOR_BGR2RGB)([[1, 2]]),
    "linear_matrix_none": lambda v: v.LinearTransformation(None, _V),
    "linear_mean_list": lambda v: v.LinearTransformation(_M, [0.0] * 12),
    "linear_not_square": lambda v: v.LinearTransformation(_M[:, :11], _V),
    "linear_mean_length": lambda v: v.LinearTransformation(_M, _V[:11]),
    "linear_image_size": lambda v: v.LinearTransformation(_M, _V)(np.zeros((2, 2, 2))),
    "linear_image_list": lambda v: v.LinearTransformation(_M, _V)([0.0] * 12),
    "center_pad_rows": lambda v: v.CenterCrop((8, 3))(np.zeros((2, 3), np.uint8)),
    "center_pad_columns": lambda v: v.CenterCrop((2, 12))(np.zeros((2, 3, 3), np.uint8)),
    "erasing_value_float": lambda v: v.RandomErasing(value=0.5),
    "erasing_value_str": lambda v: v.RandomErasing(value="noise"),
    "erasing_prob": lambda v: v.RandomErasing(prob=1.5),
    "erasing_scale": lambda v: v.RandomErasing(scale=(0.5, 0.1)),
    "erasing_attempts": lambda v: v.RandomErasing(max_attempts=0),
    "erasing_hwc_list": lambda v: v.RandomErasing(prob=1.0)([[1.0]]),
    "linear_two_images": lambda v: v.LinearTransformation(_M, _V)(_V, _V),
}


def main():
    vision_case_tables.write_golden(sys.modules[__name__])


if __name__ == "__main__":
    main()
