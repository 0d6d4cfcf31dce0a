"""Speech datasets read from folders of 16-bit WAV files in their published layouts."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import numpy as np

from ..common.arg_docs import document_args
from .sources import (
    CACHE_ARG,
    NUM_SAMPLES_ARG,
    SHARD_ARGS,
    SHUFFLE_ARGS,
    WORKERS_ARG,
    IndexedSource,
    dataset_folder,
)

if TYPE_CHECKING:
    from .samplers import RandomSampler, SequentialSampler

__all__ = [
    "read_wav",
    "YesNoDataset",
    "CMUArcticDataset",
    "LJSpeechDataset",
    "LibriTTSDataset",
    "SpeechCommandsDataset",
]

# The reading arguments every audio source takes, worded once (see `document_args`).
READ_ARGS = (NUM_SAMPLES_ARG, WORKERS_ARG, *SHUFFLE_ARGS, *SHARD_ARGS, CACHE_ARG)


def read_wav(path):
    """(waveform, sample rate) of a 16-bit PCM WAV file: the samples as float32 of shape
    ``(1, frames * channels)`` (channels left interleaved), each divided by 32767, as
    MindSpore scales them.

    Example:
        >>> import os, tempfile, wave, numpy as np
        >>> path = os.path.join(tempfile.mkdtemp(), "a.wav")
        >>> with wave.open(path, "wb") as w:
        ...     w.setnchannels(1); w.setsampwidth(2); w.setframerate(8000)
        ...     w.writeframes(np.array([0, 32767, -32767], "<i2").tobytes())
        >>> waveform, rate = read_wav(path)
        >>> waveform.tolist(), rate
        ([[0.0, 1.0, -1.0]], 8000)
    """
    from scipy.io import wavfile  # (scipy reads the extensible WAV header too)

    try:
        rate, data = wavfile.read(path)
    except (OSError, ValueError) as exc:
        raise RuntimeError(f"cannot read the WAV file {path}: {exc}") from exc
    if data.dtype != np.int16:
        raise RuntimeError(f"{path} holds {data.dtype} samples; only 16-bit PCM is read")
    samples = data.reshape(-1).astype(np.float32) / np.float32(32767)
    return samples.reshape(1, -1), rate


def _check_str(value, who, arg, allowed=None, default=None):
    """`value` (or `default` when None) checked as a str (TypeError) in `allowed`
    (ValueError), as MindSpore checks `usage`-like arguments."""
    value = default if value is None else value
    if not isinstance(value, str):
        raise TypeError(f"{who}: `{arg}` must be a str, got {value!r}")
    if allowed is not None and value not in allowed:
        raise ValueError(f"{who}: `{arg}` must be one of {list(allowed)}, got {value!r}")
    return value


def _text(value):
    """A 0-d string array, as MindSpore gives its text columns."""
    return np.array(value)


def _list_dir(path):
    """The entries of `path` in the order the file system lists them: MindSpore walks these
    folders without sorting, so its unshuffled row order is this one."""
    return os.listdir(path)


class _AudioSource(IndexedSource):
    """A dataset of audio clips: rows are read from ``self._items`` (path, extra columns)
    found at construction; an error in the folder's contents is raised when the rows are
    read (or counted), as MindSpore's readers do."""

    _option_clash = RuntimeError  # (as MindSpore's C++ sources)
    _rate_dtype: Any = np.int32

    def _start(self, who, dataset_dir, num_samples, num_parallel_workers, shuffle):
        """Check the arguments every audio source takes; the dataset folder's path."""
        root = dataset_folder(dataset_dir, who)
        if shuffle is not None and not isinstance(shuffle, bool):
            raise TypeError(f"{who}: `shuffle` must be a bool, got {shuffle!r}")
        if num_samples is not None:
            if isinstance(num_samples, bool) or not isinstance(num_samples, (int, np.integer)):
                raise TypeError(f"{who}: `num_samples` must be an int, got {num_samples!r}")
            if num_samples < 0:
                raise ValueError(f"{who}: `num_samples` must be >= 0, got {num_samples}")
        cpus = os.cpu_count() or 1
        if (
            isinstance(num_parallel_workers, (int, np.integer))
            and not isinstance(num_parallel_workers, bool)
            and not 1 <= num_parallel_workers <= cpus
        ):
            raise ValueError(
                f"{who}: `num_parallel_workers` must be in [1, {cpus}], got {num_parallel_workers}"
            )
        return root

    def _finish(self, find, columns, num_samples, num_parallel_workers, shuffle, sampler, shards):
        """Find the rows with `find()` (an error it raises is kept for reading time) and set
        up the sampling; num_samples 0 means every row, as in MindSpore."""
        self.column_names = list(columns)
        self._error = None
        try:
            self._items = list(find())
        except RuntimeError as exc:
            self._items, self._error = [], exc
        if not self._items and self._error is None:
            self._error = RuntimeError(f"{type(self).__name__}: no audio file found")
        self._setup(
            len(self._items),
            shuffle,
            num_samples or None,
            shards[0],
            shards[1],
            num_parallel_workers,
            sampler,
        )

    def _size(self):
        if self._error is not None:
            raise self._error
        return super()._size()

    def _rows(self, ctx):
        if self._error is not None:
            raise self._error
        yield from super()._rows(ctx)

    def _waveform(self, path):
        return read_wav(path)

    def _get(self, index):
        path, extra = self._items[index]
        waveform, rate = self._waveform(path)
        return (waveform, np.array(rate, self._rate_dtype), *extra)


@document_args("dataset_dir (str): Folder holding the ``.wav`` files.", *READ_ARGS)
class YesNoDataset(_AudioSource):
    """The Yes/No recordings: every ``.wav`` file of `dataset_dir` (in the order the folder
    lists them), named by its 8 answers (``0_1_1_0_0_1_0_1.wav``). Columns ``waveform``
    (float32, 1 x samples), ``sample_rate`` (int32) and ``label`` (the answers, int32).

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a directory or a count is out of range.
        RuntimeError: (when read) the folder has no ``.wav`` file.

    Example:
        >>> import os, tempfile, wave, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> with wave.open(os.path.join(root, "0_1_1_0_0_1_0_1.wav"), "wb") as w:
        ...     w.setnchannels(1); w.setsampwidth(2); w.setframerate(8000)
        ...     w.writeframes(bytes(4))
        >>> row = next(ds.YesNoDataset(root).create_dict_iterator(output_numpy=True))
        >>> row["waveform"].shape, int(row["sample_rate"]), row["label"].tolist()
        ((1, 2), 8000, [0, 1, 1, 0, 0, 1, 0, 1])
    """

    def __init__(
        self,
        dataset_dir: str,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        sampler: RandomSampler | SequentialSampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        who = "YesNoDataset"
        root = self._start(who, dataset_dir, num_samples, num_parallel_workers, shuffle)

        def find():
            for name in _list_dir(root):
                path = os.path.join(root, name)
                if name.endswith(".wav") and os.path.isfile(path):
                    try:
                        answers = [int(v) for v in name[:-4].split("_")]
                    except ValueError:
                        raise RuntimeError(f"{who}: {name} is not named by its answers") from None
                    yield path, (np.array(answers, np.int32),)

        columns = ["waveform", "sample_rate", "label"]
        shards = (num_shards, shard_id)
        self._finish(find, columns, num_samples, num_parallel_workers, shuffle, sampler, shards)


CMU_ARCTIC_NAMES = "aew ahw aup awb axb bdl clb eey fem gka jmk ksp ljm lnh rms rxr slp slt".split()


def read_arctic_prompts(path, who):
    """(utterance id, transcript) of each line ``( arctic_a0001 "text" )`` of a CMU Arctic
    ``txt.done.data`` file: the id without its ``arctic_`` prefix, the text up to the next
    double quote.

    Example:
        >>> import os, tempfile
        >>> path = os.path.join(tempfile.mkdtemp(), "txt.done.data")
        >>> with open(path, "w") as f:
        ...     _ = f.write('( arctic_a0001 "Author of the danger trail." )\\n')
        >>> read_arctic_prompts(path, "CMUArcticDataset")
        [('a0001', 'Author of the danger trail.')]
    """
    if not os.path.isfile(path):
        raise RuntimeError(f"{who}: the prompt file {path} does not exist")
    prompts = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            fields = line.split('"')
            head = fields[0].replace("(", " ").split()
            if not head or len(fields) < 2:
                continue
            prompts.append((head[0].removeprefix("arctic_"), fields[1]))
    return prompts


@document_args(
    "dataset_dir (str): Folder holding the ``cmu_us_<name>_arctic`` folders.",
    "name (Union[str, None]): The speaker, one of ``aew, ahw, aup, awb, axb, bdl, clb, eey,\n"
    "    fem, gka, jmk, ksp, ljm, lnh, rms, rxr, slp, slt``; ``None`` is ``'aew'``.\n"
    "    Default: ``None``.",
    *READ_ARGS,
)
class CMUArcticDataset(_AudioSource):
    """CMU Arctic: the prompts of ``cmu_us_<name>_arctic/etc/txt.done.data`` in their order,
    each read from ``wav/arctic_<id>.wav``. Columns ``waveform`` (float32, 1 x samples),
    ``sample_rate`` (uint32), ``transcript`` and ``utterance_id`` (str).

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a directory, `name` is unknown or a count is out
            of range.
        RuntimeError: (when read) the prompt file is missing.

    Example:
        >>> import os, tempfile, wave, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp(); top = os.path.join(root, "cmu_us_aew_arctic")
        >>> os.makedirs(os.path.join(top, "etc")); os.makedirs(os.path.join(top, "wav"))
        >>> with open(os.path.join(top, "etc", "txt.done.data"), "w") as f:
        ...     _ = f.write('( arctic_a0001 "Hello." )\\n')
        >>> with wave.open(os.path.join(top, "wav", "arctic_a0001.wav"), "wb") as w:
        ...     w.setnchannels(1); w.setsampwidth(2); w.setframerate(16000)
        ...     w.writeframes(bytes(4))
        >>> row = next(ds.CMUArcticDataset(root).create_dict_iterator(output_numpy=True))
        >>> str(row["transcript"]), str(row["utterance_id"]), int(row["sample_rate"])
        ('Hello.', 'a0001', 16000)
    """

    _rate_dtype = np.uint32

    def __init__(
        self,
        dataset_dir: str,
        name: str | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        sampler: RandomSampler | SequentialSampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        who = "CMUArcticDataset"
        root = self._start(who, dataset_dir, num_samples, num_parallel_workers, shuffle)
        name = _check_str(name, who, "name", CMU_ARCTIC_NAMES, "aew")
        top = os.path.join(root, f"cmu_us_{name}_arctic")

        def find():
            for utterance, text in read_arctic_prompts(
                os.path.join(top, "etc", "txt.done.data"), who
            ):
                path = os.path.join(top, "wav", f"arctic_{utterance}.wav")
                yield path, (_text(text), _text(utterance))

        columns = ["waveform", "sample_rate", "transcript", "utterance_id"]
        shards = (num_shards, shard_id)
        self._finish(find, columns, num_samples, num_parallel_workers, shuffle, sampler, shards)


@document_args("dataset_dir (str): Folder holding ``metadata.csv`` and ``wavs``.", *READ_ARGS)
class LJSpeechDataset(_AudioSource):
    """LJ Speech: the lines ``id|transcription|normalized transcription`` of
    ``metadata.csv`` in their order, each read from ``wavs/<id>.wav``. Columns ``waveform``
    (float32, 1 x samples), ``sample_rate`` (int32), ``transcription`` and
    ``normalized_transcription`` (str).

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a directory or a count is out of range.
        RuntimeError: (when read) ``metadata.csv`` is missing or a line lacks a field.

    Example:
        >>> import os, tempfile, wave, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp(); os.mkdir(os.path.join(root, "wavs"))
        >>> with open(os.path.join(root, "metadata.csv"), "w") as f:
        ...     _ = f.write("LJ001-0001|Dr. Who|Doctor Who\\n")
        >>> with wave.open(os.path.join(root, "wavs", "LJ001-0001.wav"), "wb") as w:
        ...     w.setnchannels(1); w.setsampwidth(2); w.setframerate(22050)
        ...     w.writeframes(bytes(4))
        >>> row = next(ds.LJSpeechDataset(root).create_dict_iterator(output_numpy=True))
        >>> str(row["transcription"]), str(row["normalized_transcription"])
        ('Dr. Who', 'Doctor Who')
    """

    def __init__(
        self,
        dataset_dir: str,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        sampler: RandomSampler | SequentialSampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        who = "LJSpeechDataset"
        root = self._start(who, dataset_dir, num_samples, num_parallel_workers, shuffle)

        def find():
            metadata = os.path.join(root, "metadata.csv")
            if not os.path.isfile(metadata):
                raise RuntimeError(f"{who}: the metadata file {metadata} does not exist")
            with open(metadata, encoding="utf-8") as f:
                for line in f:
                    fields = line.rstrip("\r\n").split("|")
                    if fields == [""]:
                        continue
                    if len(fields) < 3:
                        raise RuntimeError(f"{who}: {metadata} has a line of too few fields")
                    path = os.path.join(root, "wavs", fields[0] + ".wav")
                    yield path, (_text(fields[1]), _text(fields[2]))

        columns = ["waveform", "sample_rate", "transcription", "normalized_transcription"]
        shards = (num_shards, shard_id)
        self._finish(find, columns, num_samples, num_parallel_workers, shuffle, sampler, shards)


LIBRI_TTS_USAGES = (
    "dev-clean",
    "dev-other",
    "test-clean",
    "test-other",
    "train-clean-100",
    "train-clean-360",
    "train-other-500",
)


@document_args(
    "dataset_dir (str): Folder holding the usage folders (``train-clean-100`` ...).",
    "usage (Union[str, None]): One of ``'dev-clean'``, ``'dev-other'``, ``'test-clean'``,\n"
    "    ``'test-other'``, ``'train-clean-100'``, ``'train-clean-360'``,\n"
    "    ``'train-other-500'`` or ``'all'`` (each in that order); ``None`` is ``'all'``.\n"
    "    Default: ``None``.",
    *READ_ARGS,
)
class LibriTTSDataset(_AudioSource):
    """LibriTTS: for each usage folder, speaker folder and chapter folder (the folders in the
    order the file system lists them), the lines ``utterance id, original text, normalized
    text`` (tab-separated) of ``<speaker>_<chapter>.trans.tsv``, each read from
    ``<utterance id>.wav``. Columns ``waveform`` (float32, 1 x samples), ``sample_rate``
    (uint32), ``original_text``, ``normalized_text`` (str), ``speaker_id``, ``chapter_id``
    (uint32) and ``utterance_id`` (str).

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a directory, `usage` is unknown or a count is out
            of range.
        RuntimeError: (when read) no utterance is found.

    Example:
        >>> import os, tempfile, wave, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp(); chapter = os.path.join(root, "dev-clean", "84", "121")
        >>> os.makedirs(chapter)
        >>> with open(os.path.join(chapter, "84_121.trans.tsv"), "w") as f:
        ...     _ = f.write("84_121_000001_000000\\tmr. x\\tMister x\\n")
        >>> with wave.open(os.path.join(chapter, "84_121_000001_000000.wav"), "wb") as w:
        ...     w.setnchannels(1); w.setsampwidth(2); w.setframerate(24000)
        ...     w.writeframes(bytes(4))
        >>> row = next(ds.LibriTTSDataset(root).create_dict_iterator(output_numpy=True))
        >>> str(row["normalized_text"]), int(row["speaker_id"]), int(row["chapter_id"])
        ('Mister x', 84, 121)
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
        who = "LibriTTSDataset"
        root = self._start(who, dataset_dir, num_samples, num_parallel_workers, shuffle)
        usage = _check_str(usage, who, "usage", (*LIBRI_TTS_USAGES, "all"), "all")
        usages = LIBRI_TTS_USAGES if usage == "all" else (usage,)

        def folders(path):
            return [e for e in _list_dir(path) if os.path.isdir(os.path.join(path, e))]

        def find():
            for part in usages:
                top = os.path.join(root, part)
                if not os.path.isdir(top):
                    continue
                for speaker in folders(top):
                    for chapter in folders(os.path.join(top, speaker)):
                        yield from self._chapter(os.path.join(top, speaker, chapter))

        columns = ["waveform", "sample_rate", "original_text", "normalized_text"]
        columns += ["speaker_id", "chapter_id", "utterance_id"]
        shards = (num_shards, shard_id)
        self._finish(find, columns, num_samples, num_parallel_workers, shuffle, sampler, shards)

    @staticmethod
    def _chapter(folder):
        speaker, chapter = folder.split(os.sep)[-2:]
        listing = os.path.join(folder, f"{speaker}_{chapter}.trans.tsv")
        if not os.path.isfile(listing):
            return
        with open(listing, encoding="utf-8") as f:
            for line in f:
                fields = line.rstrip("\r\n").split("\t")
                if len(fields) < 3:
                    continue
                utterance = fields[0]
                ids = utterance.split("_")
                try:
                    speaker_id, chapter_id = np.uint32(ids[0]), np.uint32(ids[1])
                except (ValueError, IndexError):
                    raise RuntimeError(
                        f"LibriTTSDataset: {utterance!r} in {listing} is not named "
                        "<speaker>_<chapter>_..."
                    ) from None
                yield (
                    os.path.join(folder, utterance + ".wav"),
                    (
                        _text(fields[1]),
                        _text(fields[2]),
                        np.array(speaker_id),
                        np.array(chapter_id),
                        _text(utterance),
                    ),
                )


@document_args(
    "dataset_dir (str): Folder holding one folder of clips per word, ``testing_list.txt``\n"
    "    and ``validation_list.txt``.",
    "usage (Union[str, None]): ``'train'``, ``'test'``, ``'valid'`` or ``'all'``; ``None``\n"
    "    is ``'all'``. Default: ``None``.",
    *READ_ARGS,
)
class SpeechCommandsDataset(_AudioSource):
    """Speech Commands: the clips ``<word>/<speaker>_nohash_<n>.wav`` (all but
    ``_background_noise_``) in the order of their paths; ``'test'`` and ``'valid'`` keep
    those listed in ``testing_list.txt`` and ``validation_list.txt``, ``'train'`` the
    others. Columns ``waveform`` (float32, 1 x samples), ``sample_rate`` (int32), ``label``
    (the word), ``speaker_id`` (str) and ``utterance_number`` (int32).

    Args:
        {args}

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: `dataset_dir` is not a directory, `usage` is unknown or a count is out
            of range.
        RuntimeError: (when read) a clip is not named ``<speaker>_nohash_<n>.wav``, a
            listed clip is missing, or there is none.

    Example:
        >>> import os, tempfile, wave, msfunc.dataset as ds
        >>> root = tempfile.mkdtemp(); os.mkdir(os.path.join(root, "yes"))
        >>> with wave.open(os.path.join(root, "yes", "0a7c2a8d_nohash_1.wav"), "wb") as w:
        ...     w.setnchannels(1); w.setsampwidth(2); w.setframerate(16000)
        ...     w.writeframes(bytes(4))
        >>> row = next(ds.SpeechCommandsDataset(root).create_dict_iterator(output_numpy=True))
        >>> str(row["label"]), str(row["speaker_id"]), int(row["utterance_number"])
        ('yes', '0a7c2a8d', 1)
    """

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
        who = "SpeechCommandsDataset"
        root = self._start(who, dataset_dir, num_samples, num_parallel_workers, shuffle)
        usage = _check_str(usage, who, "usage", ("train", "test", "valid", "all"), "all")

        def listed(name):
            path = os.path.join(root, name)
            if not os.path.isfile(path):
                raise RuntimeError(f"{who}: the list {path} does not exist")
            with open(path, encoding="utf-8") as f:
                clips = [line.strip() for line in f if line.strip()]
            for clip in clips:
                if not os.path.isfile(os.path.join(root, clip)):
                    raise RuntimeError(f"{who}: {clip}, listed in {path}, does not exist")
            return clips

        def every_clip():
            clips = []
            for word in _list_dir(root):
                folder = os.path.join(root, word)
                if word == "_background_noise_" or not os.path.isdir(folder):
                    continue
                clips += [
                    f"{word}/{name}"
                    for name in _list_dir(folder)
                    if name.endswith(".wav") and os.path.isfile(os.path.join(folder, name))
                ]
            return clips

        def find():
            if usage == "test":
                clips = listed("testing_list.txt")
            elif usage == "valid":
                clips = listed("validation_list.txt")
            elif usage == "train":
                held = set(listed("testing_list.txt")) | set(listed("validation_list.txt"))
                clips = [c for c in every_clip() if c not in held]
            else:
                clips = every_clip()
            for clip in sorted(clips):
                yield os.path.join(root, *clip.split("/")), self._parse(clip)

        columns = ["waveform", "sample_rate", "label", "speaker_id", "utterance_number"]
        shards = (num_shards, shard_id)
        self._finish(find, columns, num_samples, num_parallel_workers, shuffle, sampler, shards)

    @staticmethod
    def _parse(clip):
        word, name = clip.split("/")[-2:]
        speaker, _, number = name.removesuffix(".wav").partition("_nohash_")
        try:
            utterance = np.int32(number)
        except ValueError:
            raise RuntimeError(
                f"SpeechCommandsDataset: {clip} is not named <speaker>_nohash_<n>.wav"
            ) from None
        return _text(word), _text(speaker), np.array(utterance)
