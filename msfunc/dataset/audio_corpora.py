"""GTZAN (fixed split lists) and TED-LIUM (STM segments of NIST SPHERE files) datasets."""

from __future__ import annotations

import os
import re
from typing import TYPE_CHECKING, Any

import numpy as np

from ..common.arg_docs import document_args
from .audio_sources import READ_ARGS, _AudioSource, _check_str, _list_dir, _text, read_wav

if TYPE_CHECKING:
    from .samplers import RandomSampler, SequentialSampler

__all__ = ["GTZANDataset", "TedliumDataset", "read_sphere"]

GTZAN_GENRES = "blues classical country disco hiphop jazz metal pop reggae rock".split()

# The clip numbers of each split, one string of ranges per genre (in GTZAN_GENRES' order):
# the fault-filtered split of GTZAN (without its duplicated and mislabelled clips), as
# MindSpore 2.10 reads it.
_GTZAN_SPLITS = {
    "train": (
        "29-49 73-97",  # blues
        "30-33 43-48 50-67 80-99",  # classical
        "19-26 28-29 65-99",  # country
        "5 15-20 22-37 39-45 47 49 53-54 56-57 59 61 70 73-74 89",  # disco
        "2-25 28-29 31-38 41-42 55-61 77-80",  # hiphop
        "0-1 11-24 41 47-72",  # jazz
        "2-3 5 21 24 35 46-57 59-66 69 71-72 79-80 84 86 89-99",  # metal
        "2-9 11-12 16-20 23-29 31-36 38-42 44 46 49-50 80 97-99",  # pop
        "0-2 4 6 9 11-12 14-32 42-45 49-51 54-60 63 69",  # reggae
        "0-9 16-26 57-70 91-99",  # rock
    ),
    "valid": (
        "0-11 50-60",  # blues
        "0-10 68-76",  # classical
        "0-7 9-18 27 41-42 45 49",  # country
        "0 2-4 6-14 46 48 52 67-68 72 75 90 95",  # disco
        "81-98",  # hiphop
        "2-10 25-32",  # jazz
        "0-1 6-11 16-20 36-37 68 76-77 81-82",  # metal
        "10 53 55 58-62 81 83-86",  # pop
        "61-62 70 72 74 76-78 85 92-99",  # reggae
        "38 49-56 71-85",  # rock
    ),
    "test": (
        "12-28 61-72 98-99",  # blues
        "11-29 34-41 49 77-79",  # classical
        "30-40 43-44 46-48 50-51 53-64",  # country
        "1 21 58 62-66 69 76-88 91-94 96-97 99",  # disco
        "0 26-27 30 40 43-45 51-54 62-75 99",  # hiphop
        "73-99",  # jazz
        "12-15 22-23 25-33 38-39 67 70 73-75 78 83 85 87-88",  # metal
        "0-1 13-14 43 63-66 69-79 82 88-96",  # pop
        "34-40 46-48 52-53 64-68 71 79 82-84 87-90",  # reggae
        "10-15 27-37 39-48 86-90",  # rock
    ),
}


def gtzan_split(usage):
    """The clip names (``genre.000NN``) of a GTZAN split, in genre then number order.

    Example:
        >>> names = gtzan_split("valid")
        >>> len(names), names[:2], len(gtzan_split("train")), len(gtzan_split("test"))
        (197, ['blues.00000', 'blues.00001'], 443, 290)
    """
    names = []
    for genre, spans in zip(GTZAN_GENRES, _GTZAN_SPLITS[usage]):
        for span in spans.split():
            first, _, last = span.partition("-")
            names += [f"{genre}.{n:05d}" for n in range(int(first), int(last or first) + 1)]
    return names


@document_args(
    "dataset_dir (str): Folder holding one folder per genre (``blues`` ...).",
    "usage (Union[str, None]): ``'train'``, ``'valid'``, ``'test'`` (the clips of that split\n"
    "    found) or ``'all'`` (every ``<genre>.NNNNN.wav``); ``None`` is ``'all'``.\n"
    "    Default: ``None``.",
    *READ_ARGS,
)
class GTZANDataset(_AudioSource):
    """GTZAN genres: the clips ``<genre>/<genre>.NNNNN.wav`` (22050 Hz) of a split, in genre
    then number order, or for ``'all'`` every such clip, each genre's in the order the file
    system lists them. Columns ``waveform`` (float32, 1 x samples), ``sample_rate``
    (uint32) and ``label`` (the genre, str).

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a directory, `usage` is unknown or a count is out
            of range.
        RuntimeError: (when read) no clip is found, or a clip's rate is not 22050 Hz.

    Example:
        >>> import os, tempfile, wave, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp(); os.mkdir(os.path.join(root, "jazz"))
        >>> with wave.open(os.path.join(root, "jazz", "jazz.00002.wav"), "wb") as w:
        ...     w.setnchannels(1); w.setsampwidth(2); w.setframerate(22050)
        ...     w.writeframes(bytes(4))
        >>> row = next(ds.GTZANDataset(root, "valid").create_dict_iterator(output_numpy=True))
        >>> str(row["label"]), int(row["sample_rate"])
        ('jazz', 22050)
    """

    _rate_dtype = np.uint32

    def __init__(
        self,
        dataset_dir: str,
        usage: str | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        sampler: RandomSampler | SequentialSampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        who = "GTZANDataset"
        root = self._start(who, dataset_dir, num_samples, num_parallel_workers, shuffle)
        usage = _check_str(usage, who, "usage", ("train", "valid", "test", "all"), "all")

        def find():
            if usage == "all":
                for genre in GTZAN_GENRES:
                    folder = os.path.join(root, genre)
                    if os.path.isdir(folder):
                        clip = re.compile(re.escape(genre) + r"\.\d{5}\.wav")
                        for name in _list_dir(folder):
                            if clip.fullmatch(name):
                                yield os.path.join(folder, name), (_text(genre),)
                return
            for name in gtzan_split(usage):
                genre = name.split(".")[0]
                path = os.path.join(root, genre, name + ".wav")
                if os.path.isfile(path):
                    yield path, (_text(genre),)

        columns = ["waveform", "sample_rate", "label"]
        shards = (num_shards, shard_id)
        self._finish(find, columns, num_samples, num_parallel_workers, shuffle, sampler, shards)

    def _waveform(self, path):
        waveform, rate = read_wav(path)
        if rate != 22050:
            raise RuntimeError(f"GTZANDataset: {path} is sampled at {rate} Hz, not 22050")
        return waveform, rate


def read_sphere(path):
    """(samples as int16, sample rate) of a NIST SPHERE file of 16-bit PCM: a text header
    (``NIST_1A``, its size in bytes, ``name -type value`` lines up to ``end_head``), then
    the samples in ``sample_byte_format`` order (``01`` little-endian, ``10`` big-endian).

    Example:
        >>> import os, tempfile, numpy as np
        >>> path = os.path.join(tempfile.mkdtemp(), "a.sph")
        >>> head = b"NIST_1A\\n   1024\\nsample_rate -i 8000\\nsample_n_bytes -i 2\\n"
        >>> head += b"sample_byte_format -s2 10\\nend_head\\n"
        >>> with open(path, "wb") as f:
        ...     _ = f.write(head.ljust(1024) + np.array([1, -2], ">i2").tobytes())
        >>> samples, rate = read_sphere(path)
        >>> samples.tolist(), rate
        ([1, -2], 8000)
    """
    with open(path, "rb") as f:
        raw = f.read()
    lines = raw[:4096].split(b"\n")
    if len(lines) < 2 or lines[0].strip() != b"NIST_1A" or not lines[1].strip().isdigit():
        raise RuntimeError(f"TedliumDataset: {path} is not a NIST SPHERE file")
    fields = {}
    for line in lines[2:]:
        parts = line.decode("latin-1").split(None, 2)
        if parts and parts[0] == "end_head":
            break
        if len(parts) == 3:
            fields[parts[0]] = parts[2].strip()
    width = int(fields.get("sample_n_bytes", "2"))
    coding = fields.get("sample_coding", "pcm")
    if width != 2 or not coding.startswith("pcm"):
        raise RuntimeError(f"TedliumDataset: {path} is not 16-bit PCM ({width} bytes, {coding})")
    order = ">i2" if fields.get("sample_byte_format") == "10" else "<i2"
    body = raw[int(lines[1]) :]
    samples = np.frombuffer(body[: len(body) // 2 * 2], order).astype(np.int16)
    return samples, int(fields.get("sample_rate", "16000"))


_TEDLIUM_PARTS = {"release1": ("dev", "test", "train"), "release2": ("dev", "test", "train")}


@document_args(
    "dataset_dir (str): The release's folder (holding ``train``, ``test`` and ``dev``, or\n"
    "    for release 3 ``data``).",
    "release (str): ``'release1'``, ``'release2'`` or ``'release3'``.",
    "usage (Union[str, None]): ``'train'``, ``'test'``, ``'dev'`` or ``'all'`` (release 3:\n"
    "    ``'all'`` only); ``None`` is ``'all'``. Default: ``None``.",
    "extensions (Union[str, None]): The audio files' extension, ``'.sph'`` (``None``).\n"
    "    Default: ``None``.",
    *READ_ARGS,
)
class TedliumDataset(_AudioSource):
    """TED-LIUM: one row per segment line ``talk channel speaker start end identifier
    transcript`` of the ``stm/*.stm`` files, cut from ``sph/<talk>.sph`` (samples
    ``int(start * rate)`` to ``int(end * rate)``, zero past the file's end). Rows are
    ordered by line number, then file name, then usage folder (as MindSpore orders them).
    Columns ``waveform`` (float32, 1 x samples, each divided by 32767), ``sample_rate``
    (int32), ``transcript``, ``talk_id``, ``speaker_id`` and ``identifier`` (str).

    MindSpore 2.10's reader gives all-zero waveforms of these shapes; msfunc gives the
    recorded samples.

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a directory, `release` or `usage` is unknown, or a
            count is out of range.
        RuntimeError: (when read) a ``stm`` folder is missing, `extensions` is not
            ``'.sph'``, or there is no segment.

    Example:
        >>> import os, tempfile, numpy as np, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> for sub in ("stm", "sph"):
        ...     os.makedirs(os.path.join(root, "data", sub))
        >>> with open(os.path.join(root, "data", "stm", "talk.stm"), "w") as f:
        ...     _ = f.write("talk 1 ann 0.0 0.5 <o,f0,female> hello there\\n")
        >>> head = b"NIST_1A\\n   1024\\nsample_rate -i 8\\nsample_n_bytes -i 2\\nend_head\\n"
        >>> with open(os.path.join(root, "data", "sph", "talk.sph"), "wb") as f:
        ...     _ = f.write(head.ljust(1024) + np.arange(8, dtype="<i2").tobytes())
        >>> row = next(ds.TedliumDataset(root, "release3").create_dict_iterator(
        ...     output_numpy=True))
        >>> row["waveform"].shape, str(row["transcript"]), str(row["speaker_id"])
        ((1, 4), 'hello there', 'ann')
    """

    def __init__(
        self,
        dataset_dir: str,
        release: str,
        usage: str | None = None,
        extensions: str | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        sampler: RandomSampler | SequentialSampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        who = "TedliumDataset"
        release = _check_str(release, who, "release", ("release1", "release2", "release3"))
        root = self._start(who, dataset_dir, num_samples, num_parallel_workers, shuffle)
        if release == "release3":
            _check_str(usage, who, "usage", ("all",), "all")
            parts = ("data",)
        else:
            usage = _check_str(usage, who, "usage", ("train", "test", "dev", "all"), "all")
            parts = _TEDLIUM_PARTS[release] if usage == "all" else (usage,)

        def find():
            if extensions not in (None, ".sph"):
                raise RuntimeError(f"{who}: extension {extensions!r} is not supported")
            segments = []
            for rank, part in enumerate(parts):
                folder = os.path.join(root, part, "stm")
                if not os.path.isdir(folder):
                    raise RuntimeError(f"{who}: the folder {folder} does not exist")
                for name in _list_dir(folder):
                    if name.endswith(".stm"):
                        segments += self._segments(root, part, name, rank)
            segments.sort(key=lambda s: s[0])
            return [item for _, item in segments]

        columns = ["waveform", "sample_rate", "transcript", "talk_id", "speaker_id"]
        columns += ["identifier"]
        shards = (num_shards, shard_id)
        self._finish(find, columns, num_samples, num_parallel_workers, shuffle, sampler, shards)

    @staticmethod
    def _segments(root, part, name, rank):
        talk = name[: -len(".stm")]
        audio = os.path.join(root, part, "sph", talk + ".sph")
        with open(os.path.join(root, part, "stm", name), encoding="utf-8") as f:
            lines = [line.split(None, 6) for line in f if line.strip()]
        segments = []
        for number, fields in enumerate(lines):
            if len(fields) < 6:
                raise RuntimeError(f"TedliumDataset: {name} line {number + 1} is incomplete")
            text = fields[6].rstrip("\r\n") if len(fields) > 6 else ""
            span = (float(fields[3]), float(fields[4]))
            columns = tuple(_text(v) for v in (text, fields[0], fields[2], fields[5]))
            segments.append(((number, name, rank), ((audio, span), columns)))
        return segments

    def _waveform(self, path):
        audio, (start, end) = path
        samples, rate = read_sphere(audio)
        first, last = int(start * rate), int(end * rate)
        cut = np.zeros(max(last - first, 0), np.float32)
        piece = samples[first:last].astype(np.float32) / np.float32(32767)
        cut[: len(piece)] = piece
        return cut.reshape(1, -1), rate
