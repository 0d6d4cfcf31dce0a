"""Image file I/O of `dataset.vision` (read_file, write_file, read_image in its three modes,
encode_jpeg, encode_png, write_jpeg, write_png) from real MindSpore 2.10
(tests/golden/image_io.npz).

Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py image_io

The encoded files `read_image` decodes are made here (OpenCV and Pillow of MindSpore's
environment) and stored as ``file.NAME``, so the test decodes the very same bytes;
`reads(ms, files, folder)` and `encodes(ms)` are plain MindSpore programs that
tests/dataset/test_image_io.py runs with ``ms = msfunc``. No top-level import of MindSpore.
"""

import io
import os
import sys
import tempfile

import numpy as np
from case_tables import record_arrays

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "image_io.npz"
)


def pixels(h=13, w=17, channels=3, salt=0):
    """A smooth gradient with noise: compressible, and grey values off the channel axis."""
    rng = np.random.RandomState(900 + salt)
    y, x = np.mgrid[0:h, 0:w]
    base = np.stack([x * 13 + y * 3, y * 17 + 5, (x * y) % 251], -1)[..., :channels]
    noise = rng.randint(0, 40, base.shape)
    out = ((base + noise) % 256).astype(np.uint8)
    return out[..., 0] if channels == 1 else out


def encoded_files():
    """name -> encoded bytes (uint8 array) of the formats and layouts read_image meets."""
    import cv2
    from PIL import Image

    def pil(array, fmt, **kw):
        buf = io.BytesIO()
        Image.fromarray(array).save(buf, fmt, **kw)
        return np.frombuffer(buf.getvalue(), np.uint8)

    rgb, grey = pixels(), pixels(channels=1, salt=1)
    rgba = np.concatenate([pixels(salt=2), pixels(channels=1, salt=3)[..., None]], -1)
    deep = (pixels(channels=1, salt=4).astype(np.uint16) * 257 + 3).astype(np.uint16)
    palette = Image.fromarray(pixels(salt=5)).convert("P", palette=Image.ADAPTIVE, colors=8)
    buf = io.BytesIO()
    palette.save(buf, "PNG")
    return {
        "jpeg_rgb": pil(rgb, "JPEG", quality=90),
        "jpeg_grey": pil(grey, "JPEG", quality=90),
        "png_rgb": pil(rgb, "PNG"),
        "png_rgba": pil(rgba, "PNG"),
        "png_grey": pil(grey, "PNG"),
        "png_16bit": np.frombuffer(cv2.imencode(".png", deep)[1].tobytes(), np.uint8),
        "png_palette": np.frombuffer(buf.getvalue(), np.uint8),
        "bmp_rgb": pil(rgb, "BMP"),
    }


def reads(ms, files, folder):
    """name -> [read_file, read_image UNCHANGED, GRAYSCALE, COLOR] for each encoded file."""
    vision = ms.dataset.vision
    out = {}
    for name, data in files.items():
        path = os.path.join(folder, name)
        vision.write_file(path, data)
        modes = [
            vision.ImageReadMode.UNCHANGED,
            vision.ImageReadMode.GRAYSCALE,
            vision.ImageReadMode.COLOR,
        ]
        out[name] = [vision.read_file(path)] + [vision.read_image(path, mode) for mode in modes]
    return out


def encodes(ms, folder):
    """name -> [encoded bytes, the bytes write_* put in a file] for images and settings."""
    vision = ms.dataset.vision
    images = {
        "rgb": pixels(salt=6),
        "grey": pixels(channels=1, salt=7),
        "grey1": pixels(salt=8)[..., :1],
        "row": pixels(h=1, salt=9),
        "column": pixels(w=1, channels=1, salt=10),
    }
    out = {}
    for name, image in images.items():
        for quality in (1, 75, 100):
            jpeg = vision.encode_jpeg(ms.Tensor(image) if quality == 100 else image, quality)
            path = os.path.join(folder, f"{name}_{quality}.jpg")
            vision.write_jpeg(path, image, quality)
            out[f"jpeg_{name}_{quality}"] = [jpeg, vision.read_file(path)]
        for level in (0, 6, 9):
            png = vision.encode_png(image, level)
            path = os.path.join(folder, f"{name}_{level}.png")
            vision.write_png(path, image, level)
            out[f"png_{name}_{level}"] = [png, vision.read_file(path)]
    return out


def cases(ms):
    files = encoded_files()
    with tempfile.TemporaryDirectory() as folder:
        out = {f"file.{k}": [v] for k, v in files.items()}
        out.update({f"read.{k}": v for k, v in reads(ms, files, folder).items()})
        out.update({f"encode.{k}": v for k, v in encodes(ms, folder).items()})
    return out


if __name__ == "__main__":
    record_arrays(sys.argv[1] if len(sys.argv) > 1 else GOLDEN_PATH, cases)
