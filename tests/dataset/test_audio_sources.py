"""The audio readers (YesNo, CMUArctic, GTZAN, LibriTTS, LJSpeech, SpeechCommands, Tedlium):
columns, dtypes, sample values, row orders (unshuffled, seeded shuffle, shards,
num_samples) and the exception types of bad arguments, against real MindSpore 2.10:
tests/golden/audio_sources.json from tests/oracle/gen_audio_sources_golden.py."""

import os

import numpy as np
import pytest
from _reader_golden import reader_golden

import msfunc.dataset as ds

cases, GOLDEN, source, test_rows_match_mindspore, test_errors_match_mindspore = reader_golden(
    "audio_sources_cases", "audio_sources.json"
)


def test_tedlium_cuts_the_recorded_samples(source):
    # (MindSpore 2.10 gives zeros here: the golden file holds only the shapes)
    data = ds.TedliumDataset(os.path.join(source, "tedlium1"), "release1", "dev", shuffle=False)
    recorded = (np.arange(800) * 50 - 20000).astype(np.float32) / np.float32(32767)
    rows = list(data.create_tuple_iterator(output_numpy=True))
    assert [r[0].shape for r in rows] == [(1, 104), (1, 184), (1, 264)]
    np.testing.assert_array_equal(rows[1][0][0], recorded[80:264])


def test_tedlium_pads_past_the_end(tmp_path):
    for sub in ("stm", "sph"):
        (tmp_path / "data" / sub).mkdir(parents=True)
    (tmp_path / "data" / "stm" / "t.stm").write_text("t 1 s 0.5 2.0 <o> late\n")
    head = b"NIST_1A\n   1024\nsample_rate -i 4\nsample_byte_format -s2 10\nend_head\n"
    samples = np.array([1, 2, 3], ">i2").tobytes()
    (tmp_path / "data" / "sph" / "t.sph").write_bytes(head.ljust(1024) + samples)
    (row,) = ds.TedliumDataset(str(tmp_path), "release3").create_tuple_iterator(output_numpy=True)
    assert (row[0] * 32767).round().tolist() == [[3, 0, 0, 0, 0, 0]]


def test_wav_of_other_widths_is_refused(tmp_path):
    import wave

    with wave.open(str(tmp_path / "1_0.wav"), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(1)
        w.setframerate(8000)
        w.writeframes(bytes(3))
    with pytest.raises(RuntimeError, match="16-bit"):
        list(ds.YesNoDataset(str(tmp_path)).create_tuple_iterator(output_numpy=True))
