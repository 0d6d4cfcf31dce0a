"""Audio dataset cases shared by gen_audio_sources_golden.py (real MindSpore 2.10) and
tests/dataset/test_audio_sources.py (msfunc): tiny synthetic corpora in each reader's
layout, the rows read (columns, dtypes, values), their order unshuffled, seeded-shuffled,
sharded and sampled, and the exception types of bad arguments.

Every clip's first sample is its id, so a row names its clip; rows are recorded as
positions in the reader's own unshuffled order, whose ids are recorded literally, except
where that order is the file system's listing (YesNo, GTZAN's ``'all'``): there the record
says whether the order is the listing, which differs from one folder to another."""

import os
import wave

import numpy as np

# the samples after each clip's id: the extremes and the values around zero
TAIL = [-32768, -1, 0, 1, 32767]


def _wav(path, ident, rate=16000, channels=1):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with wave.open(path, "wb") as w:
        w.setnchannels(channels)
        w.setsampwidth(2)
        w.setframerate(rate)
        samples = [ident, *TAIL] + ([7, -8] if channels == 2 else [])
        w.writeframes(np.array(samples, "<i2").tobytes())


def _text(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def _sphere(path, count, rate):
    head = (
        f"NIST_1A\n   1024\nsample_count -i {count}\nsample_n_bytes -i 2\n"
        f"channel_count -i 1\nsample_byte_format -s2 01\nsample_rate -i {rate}\n"
        "sample_coding -s3 pcm\nend_head\n"
    ).encode()
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(head.ljust(1024) + (np.arange(count) * 50 - 20000).astype("<i2").tobytes())


YES_NO = ["1_0_0_1_1_0_1_0", "0_0_1_1_0_1_1_1", "1_1_1_0_0_0_1_0", "0_1_0_0_1_1_0_1"]
GTZAN = {  # genre -> clip numbers: of the train, valid and test splits, and of none
    "blues": [30, 0, 12, 5, 99],
    "jazz": [54, 2, 80],
    "rock": [1, 38],
}
SPEECH = ["yes/aa11_nohash_0", "yes/bb22_nohash_3", "no/aa11_nohash_1", "up/cc33_nohash_12"]


def write_files(folder):
    """Write one small corpus per reader under `folder`; returns `folder`."""
    for k, name in enumerate(YES_NO):
        _wav(os.path.join(folder, "yesno", name + ".wav"), k + 1, 8000, 2 if k == 1 else 1)
    _text(os.path.join(folder, "yesno", "notes.txt"), "not a clip")
    arctic = os.path.join(folder, "arctic")
    for k, (who, clips) in enumerate((("aew", ["b0002", "a0001"]), ("slt", ["a0003"]))):
        top = os.path.join(arctic, f"cmu_us_{who}_arctic")
        lines = "".join(f'( arctic_{c} "Clip {c}, said." )\n' for c in clips)
        _text(os.path.join(top, "etc", "txt.done.data"), lines)
        for j, clip in enumerate(clips):
            _wav(os.path.join(top, "wav", f"arctic_{clip}.wav"), 10 * k + j + 1)
    ident = 1
    for genre, numbers in GTZAN.items():
        for n in numbers:
            _wav(os.path.join(folder, "gtzan", genre, f"{genre}.{n:05d}.wav"), ident, 22050)
            ident += 1
    _wav(os.path.join(folder, "gtzan", "blues", "other.wav"), 99, 22050)
    _wav(os.path.join(folder, "gtzan_16k", "pop", "pop.00002.wav"), 1, 16000)
    for k, (usage, speaker, chapter) in enumerate(
        (("train-clean-100", 19, 198), ("dev-clean", 84, 121))
    ):
        top = os.path.join(folder, "libritts", usage, str(speaker), str(chapter))
        lines = ""
        for j in (2, 1):
            utterance = f"{speaker}_{chapter}_00000{j}_000000"
            _wav(os.path.join(top, utterance + ".wav"), 10 * k + j, 24000)
            lines += f"{utterance}\tsaid {utterance}, Mr.\tSaid {utterance}, Mister\n"
        _text(os.path.join(top, f"{speaker}_{chapter}.trans.tsv"), lines)
    lj = os.path.join(folder, "ljspeech")
    names = ["LJ002-0003", "LJ001-0001", "LJ001-0002"]
    _text(
        os.path.join(lj, "metadata.csv"),
        "".join(f"{n}|Text of {n}, 1st.|Text of {n}, first.\n" for n in names),
    )
    for k, name in enumerate(names):
        _wav(os.path.join(lj, "wavs", name + ".wav"), k + 1, 22050)
    speech = os.path.join(folder, "speech")
    for k, clip in enumerate(SPEECH):
        _wav(os.path.join(speech, clip + ".wav"), k + 1)
    _wav(os.path.join(speech, "_background_noise_", "hum.wav"), 50)
    _text(os.path.join(speech, "testing_list.txt"), f"{SPEECH[3]}.wav\n{SPEECH[0]}.wav\n")
    _text(os.path.join(speech, "validation_list.txt"), f"{SPEECH[2]}.wav\n")
    for part, talks in (("train", ["b", "a"]), ("dev", ["a"]), ("test", ["c"])):
        for talk in talks:
            base = os.path.join(folder, "tedlium1", part)
            _sphere(os.path.join(base, "sph", talk + ".sph"), 800, 8000)
            lines = "".join(
                f"{talk} 1 {talk}_spk {0.01 * j:.2f} {0.013 + 0.02 * j:.3f} <o,f0,male> "
                f"{part} {talk} segment {j}\n"
                for j in range(3 if talk == "a" else 2)
            )
            _text(os.path.join(base, "stm", talk + ".stm"), lines)
    base = os.path.join(folder, "tedlium3", "data")
    for talk in ("t2", "t1"):
        _sphere(os.path.join(base, "sph", talk + ".sph"), 400, 16000)
        _text(os.path.join(base, "stm", talk + ".stm"), f"{talk} 1 s 0.00 0.01 <o> words\n")
    return folder


def _walk_yes_no(folder):
    names = [n for n in os.listdir(os.path.join(folder, "yesno")) if n.endswith(".wav")]
    return [YES_NO.index(n[:-4]) + 1 for n in names]


def _walk_gtzan(folder):
    ids, ident = {}, 1
    for genre, numbers in GTZAN.items():
        for n in numbers:
            ids[f"{genre}.{n:05d}.wav"] = ident
            ident += 1
    return [
        ids[name]
        for genre in GTZAN
        for name in os.listdir(os.path.join(folder, "gtzan", genre))
        if name in ids
    ]


# reader -> (sub-folder, positional arguments, model of the unshuffled order or None)
READERS = {
    "YesNoDataset": ("yesno", (), _walk_yes_no),
    "CMUArcticDataset": ("arctic", (), None),
    "GTZANDataset": ("gtzan", (), None),
    "LibriTTSDataset": ("libritts", (), None),
    "LJSpeechDataset": ("ljspeech", (), None),
    "SpeechCommandsDataset": ("speech", (), None),
    "TedliumDataset": ("tedlium1", ("release1",), None),
    "Tedlium3": ("tedlium3", ("release3",), None),
}

# name -> (reader, dataset seed, keyword arguments)
CASES = {
    "yesno": ("YesNoDataset", 1, {"shuffle": False}),
    "yesno_shuffled": ("YesNoDataset", 5, {}),
    "yesno_num_samples": ("YesNoDataset", 2, {"num_samples": 3}),
    "yesno_shard": ("YesNoDataset", 1, {"num_shards": 3, "shard_id": 2, "shuffle": False}),
    "yesno_shard_shuffled": ("YesNoDataset", 3, {"num_shards": 3, "shard_id": 0}),
    "arctic": ("CMUArcticDataset", 1, {"shuffle": False}),
    "arctic_slt": ("CMUArcticDataset", 1, {"name": "slt"}),
    "arctic_num_samples_zero": ("CMUArcticDataset", 1, {"shuffle": False, "num_samples": 0}),
    "gtzan": ("GTZANDataset", 1, {"shuffle": False}),
    "gtzan_all": ("GTZANDataset", 1, {"shuffle": False, "usage": "all"}),
    "gtzan_train": ("GTZANDataset", 1, {"shuffle": False, "usage": "train"}),
    "gtzan_valid": ("GTZANDataset", 1, {"shuffle": False, "usage": "valid"}),
    "gtzan_test_shuffled": ("GTZANDataset", 7, {"usage": "test"}),
    "libritts": ("LibriTTSDataset", 1, {"shuffle": False}),
    "libritts_dev": ("LibriTTSDataset", 1, {"usage": "dev-clean", "shuffle": False}),
    "libritts_shuffled": ("LibriTTSDataset", 4, {}),
    "ljspeech": ("LJSpeechDataset", 1, {"shuffle": False}),
    "ljspeech_shard": ("LJSpeechDataset", 1, {"num_shards": 2, "shard_id": 1, "shuffle": False}),
    "speech": ("SpeechCommandsDataset", 1, {"shuffle": False}),
    "speech_train": ("SpeechCommandsDataset", 1, {"usage": "train", "shuffle": False}),
    "speech_test": ("SpeechCommandsDataset", 1, {"usage": "test", "shuffle": False}),
    "speech_valid": ("SpeechCommandsDataset", 1, {"usage": "valid", "shuffle": False}),
    "speech_shuffled": ("SpeechCommandsDataset", 9, {}),
    "tedlium": ("TedliumDataset", 1, {"shuffle": False}),
    "tedlium_train": ("TedliumDataset", 1, {"usage": "train", "shuffle": False}),
    "tedlium_shuffled": ("TedliumDataset", 2, {"usage": "all"}),
    "tedlium3": ("Tedlium3", 1, {"shuffle": False}),
}

# name -> (reader, keyword arguments)
BAD = {
    "yesno_dir_int": ("YesNoDataset", {"dataset_dir": 3}),
    "yesno_no_dir": ("YesNoDataset", {"dataset_dir": "/no/such/folder"}),
    "yesno_shuffle_int": ("YesNoDataset", {"shuffle": 1}),
    "yesno_num_samples_negative": ("YesNoDataset", {"num_samples": -1}),
    "yesno_workers_zero": ("YesNoDataset", {"num_parallel_workers": 0}),
    "yesno_shard_str": ("YesNoDataset", {"num_shards": 2, "shard_id": "0"}),
    "yesno_shard_out": ("YesNoDataset", {"num_shards": 2, "shard_id": 2}),
    "yesno_shards_alone": ("YesNoDataset", {"num_shards": 2}),
    "yesno_sampler_and_shuffle": ("YesNoDataset", {"sampler": "seq", "shuffle": False}),
    "yesno_empty": ("YesNoDataset", {"dataset_dir": "ljspeech"}),
    "arctic_name_int": ("CMUArcticDataset", {"name": 3}),
    "arctic_name_bad": ("CMUArcticDataset", {"name": "nobody"}),
    "arctic_name_missing": ("CMUArcticDataset", {"name": "bdl"}),
    "gtzan_usage_bad": ("GTZANDataset", {"usage": "training"}),
    "gtzan_usage_list": ("GTZANDataset", {"usage": ["all"]}),
    "gtzan_wrong_rate": ("GTZANDataset", {"dataset_dir": "gtzan_16k"}),
    "libritts_usage_bad": ("LibriTTSDataset", {"usage": "train"}),
    "libritts_none": ("LibriTTSDataset", {"usage": "test-other"}),
    "ljspeech_no_metadata": ("LJSpeechDataset", {"dataset_dir": "speech"}),
    "speech_usage_bad": ("SpeechCommandsDataset", {"usage": "dev"}),
    "tedlium_release_none": ("TedliumDataset", {"release": None}),
    "tedlium_release_bad": ("TedliumDataset", {"release": "release4"}),
    "tedlium_usage_bad": ("TedliumDataset", {"usage": "valid"}),
    "tedlium3_usage_train": ("Tedlium3", {"usage": "train"}),
    "tedlium_extension": ("TedliumDataset", {"extensions": ".wav"}),
    "tedlium3_as_release1": ("Tedlium3", {"release": "release1"}),
}


def _make(ds, folder, reader, kwargs):
    sub, args, _ = READERS[reader]
    kwargs = dict(kwargs)
    path = kwargs.pop("dataset_dir", sub)
    path = os.path.join(folder, path) if isinstance(path, str) else path
    if "release" in kwargs:
        args = (kwargs.pop("release"),)
    if kwargs.get("sampler") == "seq":
        kwargs["sampler"] = ds.SequentialSampler()
    cls = getattr(ds, "TedliumDataset" if reader == "Tedlium3" else reader)
    return cls(path, *args, **kwargs)


def _ident(waveform):
    return int(round(float(waveform[0, 0]) * 32767))


def _row(row, keep_waveform):
    out = {}
    for name, value in row.items():
        if name == "waveform" and not keep_waveform:
            out[name] = [str(value.dtype), list(value.shape)]
        else:
            out[name] = [str(value.dtype), list(value.shape), value.tolist()]
    return out


def _rows(ds, folder, reader, kwargs):
    data = _make(ds, folder, reader, kwargs)
    rows = list(data.create_dict_iterator(output_numpy=True, num_epochs=1))
    return data, rows


def _key(row, tedlium):
    if tedlium:  # (segments share their talk's samples: named by their text)
        return f"{row['talk_id']}|{row['transcript']}"
    return str(_ident(row["waveform"]))


def outcome(ds, folder, case):
    """The rows of `case`: positions in the reader's unshuffled order, and each clip's
    columns (dtype, shape, values; Tedlium's waveform by dtype and shape only)."""
    reader, seed, kwargs = case
    tedlium = reader.startswith("Tedlium")
    unshuffled = {k: v for k, v in kwargs.items() if k in ("usage", "name")}
    _, natural_rows = _rows(ds, folder, reader, {**unshuffled, "shuffle": False})
    natural = [_key(r, tedlium) for r in natural_rows]
    ds.config.set_seed(seed)
    data, rows = _rows(ds, folder, reader, kwargs)
    model = READERS[reader][2]
    listed = model is not None and kwargs.get("usage", "all") == "all"
    return {
        "natural": natural == [str(i) for i in model(folder)] if listed else natural,
        "order": [natural.index(_key(r, tedlium)) for r in rows],
        "rows": {_key(r, tedlium): _row(r, not tedlium) for r in rows},
        "size": data.get_dataset_size(),
        "columns": data.get_col_names(),
    }


def error_of(ds, folder, case):
    """Where and what `case` raises: 'construct: TypeError', 'read: RuntimeError' or None."""
    reader, kwargs = case
    try:
        data = _make(ds, folder, reader, kwargs)
    except Exception as e:  # noqa: BLE001 - the type is what is recorded
        return f"construct: {type(e).__name__}"
    try:
        list(data.create_tuple_iterator(output_numpy=True, num_epochs=1))
    except Exception as e:  # noqa: BLE001
        return f"read: {type(e).__name__}"
    return None
