"""vision.read_video, read_video_timestamps and DecodeVideo against real MindSpore 2.10:
tests/golden/video.npz from tests/oracle/gen_video_golden.py (cases in
tests/oracle/video_cases.py), on tiny videos both sides synthesise with PyAV.

Frames (to the bit: msfunc repeats the YUV->RGB tables of MindSpore's FFmpeg), shapes, dtypes,
metadata, timestamps, integer audio and exception types must match; float audio (AAC, AC-3)
comes from another FFmpeg's float decoders and agrees to a few float32 ulps."""

import json
import os
import sys

import numpy as np
import pytest
from _paths import TESTS

sys.path.insert(0, os.path.join(str(TESTS), "oracle"))
import video_cases as cases  # noqa: E402

import msfunc.dataset as ds  # noqa: E402
from msfunc.dataset import vision  # noqa: E402

with np.load(os.path.join(str(TESTS), "golden", "video.npz")) as _npz:
    GOLDEN = json.loads(str(_npz["record"]))
    FRAMES = {key[len("frames/") :]: _npz[key] for key in _npz.files if key != "record"}


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("videos"))
    digests = cases.synthesize(path)
    if digests != GOLDEN["sha256"]:
        # another PyAV/FFmpeg encodes other bytes: the recorded answers are for other inputs
        pytest.skip("this PyAV synthesises other video bytes than the golden file's inputs")
    return path


@pytest.fixture(scope="module")
def reads(folder):
    return cases.as_json(cases.reads(vision, folder)[0])


def _same_frames(ours, theirs):
    assert ours["shape"] == theirs["shape"]
    assert ours["dtype"] == theirs["dtype"] == "uint8"
    assert ours["frame_sums"] == theirs["frame_sums"]


def _same_audio(ours, theirs):
    assert ours["shape"] == theirs["shape"]
    assert ours["dtype"] == theirs["dtype"]
    if ours["dtype"].startswith("int"):
        assert ours["sum"] == theirs["sum"] and ours["head"] == theirs["head"]
        return
    # float decoders of two FFmpeg versions agree to a few float32 ulps
    np.testing.assert_allclose(ours["head"], theirs["head"], atol=1e-6)
    assert abs(ours["sum"] - theirs["sum"]) <= 1e-4 * max(1.0, abs(theirs["sum"]))


def test_read_video_matches_mindspore(reads):
    keys = [k for k in GOLDEN["reads"] if "timestamps" not in k and "DecodeVideo" not in k]
    assert len(keys) == len(cases.FILES) * len(cases.RANGES)
    for key in keys:
        ours, theirs = reads[key], GOLDEN["reads"][key]
        _same_frames(ours["video"], theirs["video"])
        _same_audio(ours["audio"], theirs["audio"])
        assert ours["meta"] == theirs["meta"], key


def test_full_read_pixels_are_mindspores(folder):
    assert len(FRAMES) == len(cases.FILES) - 1  # (all but the file without pictures)
    for name in FRAMES:
        video, _, _ = vision.read_video(os.path.join(folder, name))
        np.testing.assert_array_equal(video[[0, -1]], FRAMES[name], err_msg=name)


def test_read_video_timestamps_match_mindspore(reads):
    for name in cases.FILES:
        for unit in ("pts", "sec"):
            key = f"{name} timestamps {unit}"
            assert reads[key] == GOLDEN["reads"][key], key


def test_decode_video_matches_mindspore(reads):
    for name in cases.FILES:
        key = f"{name} DecodeVideo"
        _same_frames(reads[key]["video"], GOLDEN["reads"][key]["video"])
        _same_audio(reads[key]["audio"], GOLDEN["reads"][key]["audio"])


def test_decode_video_in_a_pipeline(folder):
    assert cases.as_json(cases.pipeline(ds, vision, folder)) == GOLDEN["pipeline"]


def test_bad_arguments_raise_mindspore_types(folder):
    assert cases.failures(vision, folder) == GOLDEN["failures"]
