"""The FFmpeg side of `read_video`, `read_video_timestamps` and `DecodeVideo`, on PyAV."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .video_rgb import picture_rgb

__all__ = ["decode_video", "video_timestamps"]

# MindSpore keeps each sample format's own numpy type (no conversion to float)
_SAMPLE_DTYPES = {
    "dbl": np.float64,
    "flt": np.float32,
    "s16": np.int16,
    "s32": np.int32,
    "s64": np.int64,
    "u8": np.uint8,
}

# integer samples as float decoders give them: (value - offset) / scale, in [-1, 1)
_INT_SCALES = {"u8": (128, 128.0), "s16": (0, 32768.0), "s32": (0, 2.0**31), "s64": (0, 2.0**63)}

# what `end_pts=None` becomes: INT_MAX, carried as a C float
_NO_END = 2147483647.0


def _av() -> Any:
    # (typed loosely: PyAV's stubs narrow streams and contexts more than this module needs)
    import av  # noqa: PLC0415  (PyAV loads FFmpeg's libraries: only when a video is read)

    return av


def _round(value) -> int:
    # C's round(): halves away from zero (numpy's round goes to even)
    value = float(value)
    return int(math.copysign(math.floor(abs(value) + 0.5), value))


def _f32(value) -> float:
    return float(np.float32(value))


def _open(source, what: str):
    av = _av()
    try:
        # corrupt frames are dropped, as MindSpore's reader asks of FFmpeg
        return av.open(source, "r", options={"fflags": "discardcorrupt"})
    except (av.FFmpegError, ValueError) as exc:
        raise RuntimeError(f"{what}: FFmpeg cannot open the input: {exc}") from None


class _BestEffortPts:
    """FFmpeg's best-effort timestamp of decoded frames: the frame's pts unless the pts have
    gone backwards more often than the decode timestamps, then the decode timestamp."""

    def __init__(self):
        self.faulty_pts = self.faulty_dts = 0
        self.last_pts = self.last_dts = None

    def __call__(self, frame):
        pts, dts = frame.pts, frame.dts
        if dts is not None:
            self.faulty_dts += self.last_dts is not None and dts <= self.last_dts
            self.last_dts = dts
        elif pts is not None:
            self.last_dts = pts
        if pts is not None:
            self.faulty_pts += self.last_pts is not None and pts <= self.last_pts
            self.last_pts = pts
        elif dts is not None:
            self.last_pts = dts
        if pts is not None and (self.faulty_pts <= self.faulty_dts or dts is None):
            return pts
        return dts


def _frame_rate(stream) -> tuple[float, int]:
    """The stream's frame rate as a C float, and the timestamp step of one frame."""
    time_base = stream.time_base
    if time_base is None or time_base.denominator <= 0:
        raise RuntimeError("the video stream has no time base")
    rate = stream.average_rate
    if rate is None or rate.denominator <= 0 or rate.numerator == 0:
        if time_base.numerator <= 0:
            raise RuntimeError("the video stream has no frame rate")
        # no average rate: one frame per time-base tick (an integer division, as MindSpore does)
        return float(time_base.denominator // time_base.numerator), 1
    step = (time_base.denominator * rate.denominator) // (time_base.numerator * rate.numerator)
    return _f32(rate), step


class _FramePts:
    """A decoded frame's timestamp in MindSpore's reckoning: best-effort pts, the first frame
    of a one-tick-per-frame stream pulled back to 1, frame number times step when unknown."""

    def __init__(self, step: int):
        self.step = step
        self.best_effort = _BestEffortPts()

    def __call__(self, frame, number: int) -> int:
        pts = self.best_effort(frame)
        if pts is None:
            return number * self.step
        if self.step == 1 and number == 0 and pts > 1:
            return 1
        return pts


def _decode_packet(stream, packet, what: str):
    av = _av()
    try:
        return stream.codec_context.decode(packet)
    except av.FFmpegError as exc:
        raise RuntimeError(f"{what}: FFmpeg cannot decode a {stream.type} packet: {exc}") from None


def _is_flush(packet) -> bool:
    # PyAV's demuxer ends each stream with an empty packet that drains the decoder
    return packet.size == 0 and packet.pts is None


@dataclass
class _Audio:
    """The audio stream's samples as MindSpore gathers them, one list per channel."""

    stream: Any
    channels: int
    dtype: type | None = None
    parts: list = field(default_factory=list)
    broken: bool = False

    def add(self, frame):
        name = frame.format.name
        planar = name.endswith("p")
        base = name[:-1] if planar else name
        if self.dtype is None:
            self.dtype = _SAMPLE_DTYPES.get(base, np.float32)
        data = frame.to_ndarray()
        nb = frame.samples
        if np.issubdtype(self.dtype, np.floating) and base in _INT_SCALES:
            # the stream was announced as float (MindSpore's FFmpeg picks a float decoder
            # then) but this FFmpeg's decoder gives integers: scale them as a float one would
            offset, scale = _INT_SCALES[base]
            data = (data.astype(np.float64) - offset) / scale
        if planar:
            self.parts.append(np.asarray(data, self.dtype).reshape(-1, nb)[: self.channels])
            return
        # MindSpore reads a packed (interleaved) frame's channel k as the nb consecutive
        # values from offset k of the interleaved buffer; its arrays hold exactly that
        flat = np.asarray(data, self.dtype).reshape(-1)
        rows = [flat[k : k + nb] for k in range(frame.layout.nb_channels)]
        self.parts.append(np.stack(rows)[: self.channels])

    def decode(self, packet):
        if self.broken:
            return
        av = _av()
        try:
            frames = self.stream.codec_context.decode(packet)
        except av.FFmpegError:
            # a bad audio packet ends the audio, as in MindSpore, the video goes on
            self.broken = True
            return
        for frame in frames:
            self.add(frame)

    def samples(self) -> np.ndarray:
        if not self.parts:
            return np.zeros((1, 0), np.float32)
        return np.concatenate(self.parts, axis=1)


def _rgb(frame, width: int, height: int, what: str) -> np.ndarray:
    if frame.width != width or frame.height != height:
        raise RuntimeError(
            f"{what}: the frame size changed from {width}x{height} to {frame.width}x{frame.height}"
        )
    return picture_rgb(frame)


def _visual_range(stream, start: float, end: float, unit: str) -> tuple[int, int]:
    # MindSpore carries start/end as C floats and rounds them to stream ticks
    start32, end32 = np.float32(start), np.float32(end)
    if unit == "pts":
        return _round(start32), _round(end32)
    time_base = np.float32(float(stream.time_base))
    if time_base < 1.0e-9:
        raise RuntimeError(f"the video time base {float(time_base)} is too small")
    return _round(start32 / time_base), _round(end32 / time_base)


def _trim_audio(samples: np.ndarray, first: int, kept: int, total: int) -> np.ndarray:
    """Keep the share of the audio that the kept video frames cover, at the same offset."""
    count = samples.shape[1]
    if count < 1 or total < 1:
        return samples
    per_frame = np.float32(count) / np.float32(total)
    start = _round(np.float32(first) * per_frame)
    end = start + _round(np.float32(kept) * per_frame)
    if start < 1 and end >= count:
        return samples
    return samples[:, start:end]


def decode_video(source, start: float = 0.0, end: float = _NO_END, unit: str = "pts", *, what):
    """Decode `source` (a path or a file object): (frames THWC uint8, audio (C, L), metadata).

    Example:
        >>> import io
        >>> try:
        ...     decode_video(io.BytesIO(b"not a video"), what="DecodeVideo")
        ... except RuntimeError:
        ...     print("refused")
        refused
    """
    container = _open(source, what)
    with container:
        visual = container.streams.best("video")
        sound = container.streams.best("audio")
        if visual is None and sound is None:
            raise RuntimeError(f"{what}: the input has neither video nor audio")
        metadata = {}
        audio = None
        if sound is not None:
            ctx = sound.codec_context
            audio = _Audio(sound, ctx.channels)
            fmt = ctx.format
            if fmt is not None:
                audio.dtype = _SAMPLE_DTYPES.get(fmt.name.rstrip("p"), np.float32)
            metadata["audio_fps"] = int(ctx.sample_rate)
        frames, kept, total, first = [], [], 0, 0
        if visual is not None:
            rate, step = _frame_rate(visual)
            metadata["video_fps"] = float(f"{rate:f}")
            width, height = visual.codec_context.width, visual.codec_context.height
            lo, hi = _visual_range(visual, start, end, unit)
            frame_pts = _FramePts(step)
        streams = [s for s in (visual, sound) if s is not None]
        for packet in container.demux(streams):
            if audio is not None and packet.stream is sound:
                audio.decode(None if _is_flush(packet) else packet)
                continue
            decoded = _decode_packet(visual, None if _is_flush(packet) else packet, what)
            for frame in decoded:
                pts = frame_pts(frame, total)
                if pts == 1 and total == 0 and lo == 1:
                    lo = 0  # a first frame pulled back to 1 still counts as the start
                if lo <= pts <= hi:
                    if lo > 0 and not kept:
                        first = total
                    kept.append(total)
                    frames.append(_rgb(frame, width, height, what))
                total += 1
        if visual is None:
            video = np.zeros((0, 1, 1, 3), np.uint8)
        elif frames:
            video = np.stack(frames)
        else:
            video = np.zeros((0, height, width, 3), np.uint8)
        samples = np.zeros((1, 0), np.float32) if audio is None else audio.samples()
        if audio is not None and audio.parts and visual is not None:
            samples = _trim_audio(samples, first, len(kept), total)
        return video, samples, metadata


def _lavc_written(codec_context) -> bool:
    """Whether the codec's extradata ends with a libavcodec signature ("Lavc..."): MindSpore
    then takes the frame times from the packets instead of decoding."""
    extradata = codec_context.extradata or b""
    mark = b"Lavc"
    start = len(extradata) - len(mark)
    while start > 0 and extradata[start - 1] != 0:
        start -= 1
    tail = extradata[max(start, 0) :].split(b"\x00", 1)[0]
    return mark in tail


def video_timestamps(filename: str, *, what: str) -> tuple[list[int], float | None, float]:
    """The presentation times of the video stream's frames (in stream ticks), its frame rate
    and its time base (both as C floats).

    Example:
        >>> try:
        ...     video_timestamps(__file__, what="read_video_timestamps")
        ... except RuntimeError:
        ...     print("refused")
        refused
    """
    container = _open(filename, what)
    with container:
        visual = container.streams.best("video")
        if visual is None:
            return [], 1.0, 1.0
        time_base = visual.time_base
        if time_base is None or time_base.denominator <= 0:
            raise RuntimeError(f"{what}: the video stream has no time base")
        rate, step = _frame_rate(visual)
        ctx = visual.codec_context
        pts_list: list[int] = []
        if _lavc_written(ctx):
            for packet in container.demux(visual):
                if _is_flush(packet):
                    continue
                if packet.pts is None:
                    raise RuntimeError(f"{what}: a video packet has no timestamp")
                pts_list.append(int(packet.pts))
            return pts_list, rate, _f32(time_base)
        frame_pts = _FramePts(step)
        current = 0
        for packet in container.demux(visual):
            if _is_flush(packet):
                continue
            for frame in _decode_packet(visual, packet, what):
                current = frame_pts(frame, len(pts_list))
                pts_list.append(current)
        # what the decoder still holds: best-effort time, else one step after the last
        for frame in _decode_packet(visual, None, what):
            best = frame_pts.best_effort(frame)
            current = current + step if best is None else best
            pts_list.append(current)
        return pts_list, rate, _f32(time_base)
