"""vision's image files (read_file, write_file, read_image, encode_jpeg/png, write_jpeg/png)
against real MindSpore 2.10's bytes and pixels (tests/golden/image_io.npz)."""

import numpy as np
import pytest

import msfunc as ms
from msfunc.dataset import vision
from tests._paths import GOLDEN, case_table

GEN = case_table("gen_image_io_golden")
WANT = np.load(GOLDEN / "image_io.npz")


def _files():
    return {k[len("file.") : -2]: WANT[k] for k in WANT.files if k.startswith("file.")}


def _compare(got, prefix):
    for name, arrays in got.items():
        for i, array in enumerate(arrays):
            want = WANT[f"{prefix}.{name}.{i}"]
            assert array.dtype == want.dtype and array.shape == want.shape, (name, i)
            np.testing.assert_array_equal(array, want, err_msg=f"{name}.{i}")


def test_read_image_decodes_as_mindspore(tmp_path):
    _compare(GEN.reads(ms, _files(), str(tmp_path)), "read")


def test_encoders_write_mindspores_bytes(tmp_path):
    _compare(GEN.encodes(ms, str(tmp_path)), "encode")


@pytest.mark.parametrize(
    "call, error",
    [
        (lambda p: vision.encode_jpeg([1, 2]), TypeError),
        (lambda p: vision.encode_jpeg(np.zeros((4, 4), np.float32)), RuntimeError),
        (lambda p: vision.encode_jpeg(np.zeros((4, 4, 2), np.uint8)), RuntimeError),
        (lambda p: vision.encode_jpeg(np.zeros((4, 4), np.uint8), 0), RuntimeError),
        (lambda p: vision.encode_jpeg(np.zeros((4, 4), np.uint8), 1.5), TypeError),
        (lambda p: vision.encode_png(np.zeros((4, 4, 4), np.uint8)), RuntimeError),
        (lambda p: vision.encode_png(np.zeros((4, 4), np.uint8), 10), RuntimeError),
        (
            lambda p: vision.write_jpeg(str(p / "no" / "a.jpg"), np.zeros((4, 4), np.uint8)),
            RuntimeError,
        ),
        (lambda p: vision.write_jpeg(3, np.zeros((4, 4), np.uint8)), TypeError),
        (lambda p: vision.read_file(str(p)), RuntimeError),
        (lambda p: vision.read_file(3), TypeError),
        (lambda p: vision.write_file(str(p / "b"), np.zeros(2, np.float32)), RuntimeError),
        (lambda p: vision.write_file(str(p / "b"), [1, 2]), TypeError),
        (lambda p: vision.read_image(str(p / "none.png")), RuntimeError),
        (lambda p: vision.write_file(str(p), np.zeros(2, np.uint8)), RuntimeError),
        (lambda p: vision.write_png(str(p), np.zeros((2, 2), np.uint8)), RuntimeError),
        (lambda p: vision.write_jpeg(str(p), np.zeros((2, 2), np.uint8)), RuntimeError),
        (lambda p: vision.read_image(str(p / "a.png"), 1), TypeError),
    ],
)
def test_bad_arguments(tmp_path, call, error):
    # (the exception types MindSpore 2.10 raises for each)
    vision.write_png(str(tmp_path / "a.png"), np.zeros((2, 2), np.uint8))
    with pytest.raises(error):
        call(tmp_path)


def test_read_image_refuses_a_file_that_is_no_image(tmp_path):
    vision.write_file(str(tmp_path / "f.bin"), np.array([1, 2, 3], np.uint8))
    with pytest.raises(RuntimeError, match="f.bin"):
        vision.read_image(str(tmp_path / "f.bin"))


def test_decode_takes_bytes():
    png = vision.encode_png(np.arange(12, dtype=np.uint8).reshape(2, 2, 3))
    np.testing.assert_array_equal(vision.Decode()(png.tobytes()), vision.Decode()(png))
