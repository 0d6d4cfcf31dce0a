"""SummaryRecord / SummaryCollector files against MindSpore 2.10's: the same programs
(tests/oracle/gen_summary_files_golden.py) write summary and lineage files with msfunc, which
are decoded field by field (steps, tags, scalars, tensors, histograms, image pixels, lineage,
CRCs) and compared with what MindSpore wrote; and the exception types of bad arguments."""

import os
import tempfile

import numpy as np
import pytest
from _alias_scenarios import check, names

import msfunc as ms
from msfunc.train.summary import SummaryRecord
from msfunc.train.summary._framing import frame, iter_records, read_events


@pytest.mark.parametrize("scenario", names("summary_files"))
def test_matches_mindspore(scenario):
    check("summary_files", scenario)


def test_a_damaged_record_is_refused():
    folder = tempfile.mkdtemp()
    with SummaryRecord(folder) as record:
        record.add_value("scalar", "loss", ms.Tensor(np.float32(0.5)))
        record.record(1)
    data = bytearray(open(record.log_dir, "rb").read())
    data[-6] ^= 0xFF  # a byte of the last payload
    path = os.path.join(folder, "damaged")
    with open(path, "wb") as f:
        f.write(bytes(data))
    with pytest.raises(ValueError, match="CRC"):
        read_events(path)


def test_framing_round_trips_many_records():
    import io

    payloads = [b"", b"x" * 300, bytes(range(256))]
    stream = io.BytesIO(b"".join(frame(p) for p in payloads))
    assert list(iter_records(stream)) == payloads


def test_max_file_size_stops_the_file_and_errors_name_the_argument():
    folder = tempfile.mkdtemp()
    with SummaryRecord(folder, max_file_size=200) as record:
        for step in range(20):
            record.add_value("scalar", "loss", ms.Tensor(np.float32(step)))
            record.record(step)
    assert os.path.getsize(record.log_dir) <= 200
    assert len(read_events(record.log_dir)) < 20
    with pytest.raises(TypeError, match="raise_exception"):
        SummaryRecord(folder, raise_exception="yes")
    with pytest.raises(ValueError, match="collect_freq"):
        ms.train.SummaryCollector(folder, collect_freq=0)


def test_export_options_save_npy_tensors():
    folder = tempfile.mkdtemp()
    with SummaryRecord(folder, export_options={"tensor_format": "npy"}) as record:
        record.add_value("tensor", "w/a", ms.Tensor(np.array([1.0, 2.0], np.float32)))
        record.record(4)
    (export,) = [n for n in os.listdir(folder) if n.startswith("export_")]
    saved = np.load(os.path.join(folder, export, "tensor", "w%2Fa_4.npy"))
    np.testing.assert_array_equal(saved, [1.0, 2.0])
