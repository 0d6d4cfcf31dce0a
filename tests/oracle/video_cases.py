"""Video cases shared by gen_video_golden.py (real MindSpore 2.10) and
tests/dataset/test_video_read.py (msfunc): tiny videos synthesised with PyAV (MPEG-4 Part 2,
H.264 4:2:0 and 4:2:2, full-range Motion JPEG pictures; AAC, MP2, AC-3 and 16-bit PCM sound;
MP4, AVI and MOV containers and a bare H.264 stream; one file without pictures), read by
`read_video` over several ranges and units, `read_video_timestamps` and `DecodeVideo`, and
the argument and file checks. Both sides must synthesise the same bytes: `synthesize`
returns each file's sha256, which the golden file keeps."""

import hashlib
import json
import os
from fractions import Fraction

import av
import numpy as np

# name: (container, video codec, frames, width, height, rate, audio codec, sample rate,
#        layout, sample format given to the encoder, extra video options)
NTSC = Fraction(30000, 1001)
B_FRAMES = {"bframes": "2"}  # H.264 pictures decoded out of order
FILES = {
    "aac.mp4": ("mp4", "mpeg4", 5, 32, 24, 25, "aac", 44100, "mono", "fltp", {}),
    "mp2.avi": ("avi", "mpeg4", 6, 48, 32, NTSC, "mp2", 48000, "stereo", "s16", {}),
    "silent.mp4": ("mp4", "libx264", 4, 32, 24, 30, None, 0, "", "", {}),
    "pcm.avi": ("avi", "mpeg4", 3, 16, 16, 10, "pcm_s16le", 8000, "stereo", "s16", {}),
    "bframes.mov": ("mov", "libx264", 6, 32, 24, 25, "ac3", 48000, "stereo", "fltp", B_FRAMES),
    "yuv422.mp4": ("mp4", "libx264", 3, 32, 24, 25, None, 0, "", "", {"pix_fmt": "yuv422p"}),
    "jpeg.avi": ("avi", "mjpeg", 2, 32, 24, 25, None, 0, "", "", {"pix_fmt": "yuvj420p"}),
    "sound.mp4": ("mp4", None, 4, 0, 0, 25, "aac", 22050, "stereo", "fltp", {}),
    "raw.h264": ("h264", "libx264", 5, 32, 24, 25, None, 0, "", "", {}),  # no container
}

# (start_pts, end_pts, pts_unit) given to read_video
RANGES = [
    (0, None, "pts"),
    (1, 2, "pts"),
    (0, 0, "pts"),
    (512, 1024, "pts"),
    (1536, 2560, "pts"),
    (0.05, 0.1, "sec"),
    (0.1, 0.2, "sec"),
    (0, 0.034, "sec"),
]


def _picture(index, height, width):
    y, x = np.mgrid[0:height, 0:width]
    planes = [(x * 7 + index * 20), (y * 9 + index * 11), ((x + y) * 5 + index * 3)]
    return (np.stack(planes, -1) % 256).astype(np.uint8)


def _tone(total, rate, channels):
    t = np.arange(total) / rate
    sound = (0.3 * np.sin(2 * np.pi * 440 * t))[None].repeat(channels, 0)
    if channels == 2:
        sound[1] *= 0.5
    return sound


def _add_video(out, spec):
    _, vcodec, _, width, height, rate, _, _, _, _, extra = spec
    video = out.add_stream(vcodec, rate=rate)
    extra = dict(extra)
    video.width, video.height = width, height
    video.pix_fmt = extra.pop("pix_fmt", "yuv420p")
    video.thread_count = 1
    if vcodec == "libx264":
        video.options = {"preset": "ultrafast", "bframes": "0", "threads": "1", **extra}
    return video


def _mux_pictures(out, video, spec):
    count, width, height = spec[2], spec[3], spec[4]
    for index in range(count):
        picture = av.VideoFrame.from_ndarray(_picture(index, height, width), format="rgb24")
        picture = picture.reformat(format=video.pix_fmt)
        picture.pts = index
        for packet in video.encode(picture):
            out.mux(packet)
    for packet in video.encode():
        out.mux(packet)


def _mux_sound(out, audio, spec):
    _, _, count, _, _, rate, _, arate, layout, afmt, _ = spec
    step = audio.codec_context.frame_size or 1024
    total = int(arate * count / float(rate))
    sound = _tone(total, arate, 1 if layout == "mono" else 2)
    for pos in range(0, total, step):
        chunk = sound[:, pos : pos + step]
        if afmt == "s16":
            data = (chunk.T * 32767).astype(np.int16).reshape(1, -1)
        else:
            data = chunk.astype(np.float32)
        data = np.ascontiguousarray(data)
        frame = av.AudioFrame.from_ndarray(data, format=afmt, layout=layout)
        frame.sample_rate, frame.pts = arate, pos
        for packet in audio.encode(frame):
            out.mux(packet)
    for packet in audio.encode():
        out.mux(packet)


def _write(path, spec):
    fmt, vcodec, _, _, _, _, acodec, arate, layout, _, _ = spec
    out = av.open(path, "w", format=fmt)
    # every stream is added before anything is muxed; then all pictures, then all sound
    video = _add_video(out, spec) if vcodec else None
    audio = out.add_stream(acodec, rate=arate, layout=layout) if acodec else None
    if video is not None:
        _mux_pictures(out, video, spec)
    if audio is not None:
        _mux_sound(out, audio, spec)
    out.close()


def synthesize(folder):
    """Write every file of FILES into `folder`: {name: sha256 of its bytes}."""
    digests = {}
    for name, spec in FILES.items():
        path = os.path.join(folder, name)
        _write(path, spec)
        with open(path, "rb") as f:
            digests[name] = hashlib.sha256(f.read()).hexdigest()
    return digests


def _audio_record(audio):
    audio = np.asarray(audio)
    head = audio[:, :8].astype(np.float64).tolist()
    return {
        "shape": list(audio.shape),
        "dtype": str(audio.dtype),
        "sum": float(audio.astype(np.float64).sum()),
        "head": head,
    }


def _video_record(frames):
    frames = np.asarray(frames)
    sums = [int(frame.astype(np.int64).sum()) for frame in frames]
    return {"shape": list(frames.shape), "dtype": str(frames.dtype), "frame_sums": sums}


def _failure(fn):
    try:
        fn()
    except Exception as exc:  # (the type is what is compared)
        return type(exc).__name__
    return None


def reads(vision, folder):
    """read_video over every range, timestamps in both units and DecodeVideo, per file; and
    the first and last frames of each full read (uint8 arrays, kept apart for the npz)."""
    record, frames = {}, {}
    for name in FILES:
        path = os.path.join(folder, name)
        for start, end, unit in RANGES:
            video, audio, meta = vision.read_video(path, start, end, unit)
            key = f"{name} {start} {end} {unit}"
            record[key] = {
                "video": _video_record(video),
                "audio": _audio_record(audio),
                "meta": [[k, v, type(v).__name__] for k, v in meta.items()],
            }
            if end is None and len(video):
                frames[name] = np.asarray(video)[[0, -1]]
        for unit in ("pts", "sec"):
            stamps, fps = vision.read_video_timestamps(path, unit)
            record[f"{name} timestamps {unit}"] = {
                "stamps": list(stamps),
                "types": sorted({type(s).__name__ for s in stamps}),
                "fps": fps,
                "fps_type": type(fps).__name__,
            }
        video, audio = vision.DecodeVideo()(np.fromfile(path, np.uint8))
        record[f"{name} DecodeVideo"] = {
            "video": _video_record(video),
            "audio": _audio_record(audio),
        }
    return record, frames


def pipeline(ds, vision, folder):
    """DecodeVideo in a GeneratorDataset map: the two output columns' shapes and dtypes."""
    names = sorted(FILES)
    data = [np.fromfile(os.path.join(folder, n), np.uint8) for n in names]
    dataset = ds.GeneratorDataset([(d,) for d in data], ["data"], shuffle=False)
    dataset = dataset.map(
        operations=[vision.DecodeVideo()],
        input_columns=["data"],
        output_columns=["visual", "audio"],
    )
    rows = []
    for visual, audio in dataset.create_tuple_iterator(output_numpy=True):
        rows.append([list(visual.shape), str(visual.dtype), list(audio.shape), str(audio.dtype)])
    return rows


def failures(vision, folder):
    """The exception type of each bad call (None: no exception)."""
    path = os.path.join(folder, "aac.mp4")
    text = os.path.join(folder, "notes.txt")
    with open(text, "w") as f:
        f.write("not a video\n")
    empty = os.path.join(folder, "empty.mp4")
    open(empty, "wb").close()
    raw = np.fromfile(path, np.uint8)
    missing = os.path.join(folder, "missing.mp4")
    calls = {
        "filename int": lambda: vision.read_video(0),
        "directory": lambda: vision.read_video(folder),
        "missing": lambda: vision.read_video(missing),
        "not a video": lambda: vision.read_video(text),
        "empty file": lambda: vision.read_video(empty),
        "start str": lambda: vision.read_video(path, "0"),
        "start negative": lambda: vision.read_video(path, -1),
        "start bool": lambda: vision.read_video(path, True),
        "start numpy": lambda: vision.read_video(path, np.float32(1.0)),
        "end str": lambda: vision.read_video(path, 0, "None"),
        "end before start": lambda: vision.read_video(path, 2, 1),
        "unit int": lambda: vision.read_video(path, 0, None, 0),
        "unit min": lambda: vision.read_video(path, 0, None, "min"),
        "fraction sec": lambda: vision.read_video(path, Fraction(1, 25), Fraction(2, 25), "sec"),
        "ts filename int": lambda: vision.read_video_timestamps(0),
        "ts directory": lambda: vision.read_video_timestamps(folder),
        "ts missing": lambda: vision.read_video_timestamps(missing),
        "ts not a video": lambda: vision.read_video_timestamps(text),
        "ts empty file": lambda: vision.read_video_timestamps(empty),
        "ts unit int": lambda: vision.read_video_timestamps(path, 0),
        "ts unit min": lambda: vision.read_video_timestamps(path, "min"),
        "decode bytes": lambda: vision.DecodeVideo()(raw.tobytes()),
        "decode list": lambda: vision.DecodeVideo()([1, 2, 3]),
        "decode 2-D": lambda: vision.DecodeVideo()(raw[:100].reshape(10, 10)),
        "decode float32": lambda: vision.DecodeVideo()(np.zeros(10, np.float32)),
        "decode empty": lambda: vision.DecodeVideo()(np.empty(0, np.uint8)),
        "decode scalar": lambda: vision.DecodeVideo()(np.array(5, np.uint8)),
        "decode truncated": lambda: vision.DecodeVideo()(raw[:100]),
        "decode zeros": lambda: vision.DecodeVideo()(np.zeros(64, np.uint8)),
        "decode argument": lambda: vision.DecodeVideo("1"),
    }
    return {name: _failure(call) for name, call in calls.items()}


def as_json(value):
    """`value` as it comes back from JSON (tuples as lists)."""
    return json.loads(json.dumps(value))
