"""MindSpore's video entry points (`read_video`, `read_video_timestamps`, `DecodeVideo`): argument
and file checks in MindSpore's order and exception types, decoding by FFmpeg through PyAV."""

from __future__ import annotations

import io
import os
from fractions import Fraction

import numpy as np

from .video_decode import decode_video, video_timestamps

__all__ = ["read_video", "read_video_timestamps", "DecodeVideo"]


def _existing_file(filename, error, what):
    path = os.path.realpath(filename)
    if not os.path.exists(path):
        raise error(f"{what}: the file {filename!r} does not exist")
    if not os.path.isfile(path):
        raise error(f"{what}: {filename!r} is not a regular file")
    if os.path.getsize(path) <= 0:
        raise RuntimeError(f"{what}: the file {filename!r} is empty")


def read_video(
    filename: str,
    start_pts: float | Fraction = 0,
    end_pts: float | Fraction | None = None,
    pts_unit: str = "pts",
) -> tuple:
    """Read a video file's frames, audio and metadata between `start_pts` and `end_pts`.

    Args:
        filename (str): The video file.
        start_pts (Union[float, Fraction, int]): First timestamp, non-negative. Default: ``0``.
        end_pts (Union[float, Fraction, int], optional): Last timestamp, at least `start_pts`;
            ``None`` reads to the end. Default: ``None``.
        pts_unit (str): ``"pts"`` or ``"sec"``. Default: ``"pts"``.

    Returns:
        tuple, (frames, audio, metadata): the frames kept, uint8 (T, H, W, 3) RGB; the audio,
        (channels, samples) in the decoder's sample type (float32 for AAC), cut to the share
        the kept frames cover; a dict with ``"audio_fps"`` (int sample rate) and
        ``"video_fps"`` (float), each present when the file has that stream.

    Raises:
        TypeError: an argument is not of its type.
        ValueError: an argument is out of its range, or the file is missing.
        RuntimeError: FFmpeg cannot open or decode the file.

    Example:
        >>> from msfunc.dataset import vision
        >>> try:
        ...     vision.read_video("missing.avi", start_pts=-1)
        ... except ValueError:
        ...     print("refused")
        refused
    """
    numbers = (float, Fraction, int)
    if not isinstance(filename, str):
        raise TypeError(f"read_video: `filename` must be a str, got {type(filename)}")
    if not isinstance(start_pts, numbers):
        raise TypeError(f"read_video: `start_pts` must be a number, got {type(start_pts)}")
    if start_pts < 0:
        raise ValueError(f"read_video: `start_pts` must be >= 0, got {start_pts}")
    end_pts = 2147483647.0 if end_pts is None else end_pts
    if not isinstance(end_pts, numbers):
        raise TypeError(f"read_video: `end_pts` must be a number, got {type(end_pts)}")
    if end_pts < start_pts:
        raise ValueError(f"read_video: `end_pts` {end_pts} is before `start_pts` {start_pts}")
    if not isinstance(pts_unit, str):
        raise TypeError(f"read_video: `pts_unit` must be a str, got {type(pts_unit)}")
    if pts_unit not in ("pts", "sec"):
        raise ValueError(f"read_video: `pts_unit` must be 'pts' or 'sec', got {pts_unit!r}")
    _existing_file(filename, ValueError, "read_video")
    return decode_video(
        os.path.realpath(filename), float(start_pts), float(end_pts), pts_unit, what="read_video"
    )


def read_video_timestamps(filename: str, pts_unit: str = "pts") -> tuple:
    """The timestamps of a video file's frames, and its frame rate.

    Args:
        filename (str): The video file.
        pts_unit (str): ``"pts"`` or ``"sec"``. Default: ``"pts"``.

    Returns:
        tuple, (timestamps, fps): the frames' times (ints in stream ticks for ``"pts"``,
        floats in seconds for ``"sec"``) and the frame rate; ``([], None)`` without a video
        stream.

    Raises:
        TypeError: an argument is not of its type.
        RuntimeError: `pts_unit` is another string, the file is missing, or FFmpeg cannot
            read it.

    Example:
        >>> from msfunc.dataset import vision
        >>> try:
        ...     vision.read_video_timestamps("missing.avi", pts_unit="min")
        ... except RuntimeError:
        ...     print("refused")
        refused
    """
    if not isinstance(filename, str):
        raise TypeError(f"read_video_timestamps: `filename` must be a str, got {type(filename)}")
    if not isinstance(pts_unit, str):
        raise TypeError(f"read_video_timestamps: `pts_unit` must be a str, got {type(pts_unit)}")
    if pts_unit not in ("pts", "sec"):  # (MindSpore's C++ side checks these: RuntimeError)
        raise RuntimeError(
            f"read_video_timestamps: `pts_unit` must be 'pts' or 'sec', got {pts_unit!r}"
        )
    _existing_file(filename, RuntimeError, "read_video_timestamps")
    pts, fps, time_base = video_timestamps(os.path.realpath(filename), what="read_video_timestamps")
    if not pts:
        return pts, None
    if pts_unit == "pts":
        return pts, fps
    return [x * time_base for x in pts], fps


class DecodeVideo:
    """Decode an encoded video (the file's bytes as a 1-D uint8 array) into its frames,
    uint8 (T, H, W, 3) RGB, and its audio, (channels, samples), as `read_video` reads a file.

    Example:
        >>> import numpy as np
        >>> from msfunc.dataset import vision
        >>> try:
        ...     vision.DecodeVideo()(np.zeros((2, 2), np.uint8))
        ... except RuntimeError:
        ...     print("refused")
        refused
    """

    def __init__(self):
        pass  # (no arguments, as in MindSpore)

    def __call__(self, video):
        if not isinstance(video, np.ndarray):
            raise TypeError(f"DecodeVideo: the video must be a numpy array, got {type(video)}")
        if video.ndim != 1:
            raise RuntimeError(f"DecodeVideo: the video must be 1-D, got rank {video.ndim}")
        if video.dtype != np.uint8:
            raise RuntimeError(f"DecodeVideo: the video must be uint8, got {video.dtype}")
        if video.size == 0:
            raise RuntimeError("DecodeVideo: the video is empty")
        frames, audio, _ = decode_video(io.BytesIO(video.tobytes()), what="DecodeVideo")
        return frames, audio
