"""Golden values from real MindSpore 2.10 (CPU) for the summary files SummaryRecord and
SummaryCollector write: each event decoded field by field (steps, tags, scalar, tensor,
histogram and image contents, lineage), the files' names and framing CRCs, and the exception
types of bad arguments.

Writes tests/golden/summary_files.json; read by tests/train/test_summary_files.py.
Regenerate with real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py summary_files

Each scenario is a plain MindSpore program ``scenario(ms)`` returning a JSON-able record
(alias_scenarios.py); the files go to fresh temporary folders and are decoded here with
``mindspore.train.summary_pb2`` / ``lineage_pb2`` and a CRC32C written out below, so the
record holds no wall times. This module must not import MindSpore or msfunc at top level.
"""

import io
import json
import os
import platform
import re
import struct
import tempfile

import numpy as np

# (tests/oracle is on sys.path: the scripts run from it; tests/_alias_scenarios adds it)
from alias_scenarios import exception_kind, write_golden

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "summary_files.json"
)


def _crc32c(data):
    crc = 0xFFFFFFFF
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ 0x82F63B78 if crc & 1 else crc >> 1
    crc ^= 0xFFFFFFFF
    return (((crc >> 15) | (crc << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def _records(path):
    """The payloads of a summary/lineage file, and whether every CRC is right."""
    data, at, out, crc_ok = open(path, "rb").read(), 0, [], True
    while at < len(data):
        head = data[at : at + 8]
        (length,) = struct.unpack("<Q", head)
        crc_ok &= struct.unpack("<I", data[at + 8 : at + 12])[0] == _crc32c(head)
        payload = data[at + 12 : at + 12 + length]
        crc_ok &= struct.unpack("<I", data[at + 12 + length : at + 16 + length])[0] == _crc32c(
            payload
        )
        out.append(payload)
        at += 16 + length
    return out, crc_ok


# digits kept of decoded floats (trained values differ from MindSpore's in the last bits)
_DIGITS = [5]


def _round(x):
    return float(round(float(x), _DIGITS[0]))


def _value(value):
    kind = value.WhichOneof("value")
    if kind == "scalar_value":
        return [value.tag, kind, _round(value.scalar_value)]
    if kind == "tensor":
        t = value.tensor
        return [value.tag, kind, list(t.dims), int(t.data_type), [_round(v) for v in t.float_data]]
    if kind == "histogram":
        h = value.histogram
        buckets = [[_round(b.left), _round(b.width), int(b.count)] for b in h.buckets]
        counts = [int(h.count), int(h.nan_count), int(h.pos_inf_count), int(h.neg_inf_count)]
        return [value.tag, kind, counts, [_round(h.min), _round(h.max), _round(h.sum)], buckets]
    if kind == "image":
        from PIL import Image

        im = value.image
        pixels = np.asarray(Image.open(io.BytesIO(im.encoded_image))).tolist()
        return [value.tag, kind, [im.height, im.width, im.colorspace], pixels]
    return [value.tag, kind]


def _summary_events(path):
    import mindspore.train.summary_pb2 as summary_pb2

    payloads, crc_ok = _records(path)
    events = []
    for payload in payloads:
        event = summary_pb2.Event.FromString(payload)
        what = event.WhichOneof("what")
        if what == "version":
            events.append(["version", event.version])
        elif what == "graph_def":
            continue  # (a GRAPH_MODE network's compiled graph: msfunc writes none)
        else:
            events.append([int(event.step), [_value(v) for v in event.summary.value]])
    return events, crc_ok


def _lineage_events(path):
    import mindspore.train.lineage_pb2 as lineage_pb2

    payloads, crc_ok = _records(path)
    events = []
    for payload in payloads:
        event = lineage_pb2.LineageEvent.FromString(payload)
        what = event.WhichOneof("what")
        if what == "dataset_graph":
            from google.protobuf.json_format import MessageToDict

            events.append([what, MessageToDict(event.dataset_graph)])
            continue
        content = getattr(event, what)
        if what == "train_lineage":
            content.model.ClearField("path")
        fields = {
            f"{d.name}": (v if isinstance(v, (int, str)) else _round(v))
            for d, v in content.ListFields()
            if d.message_type is None
        }
        for d, v in content.ListFields():
            if d.message_type is not None and d.name != "user_info":
                fields[d.name] = {
                    f.name: g if isinstance(g, (int, str)) else _round(g) for f, g in v.ListFields()
                }
        if what == "user_defined_info":
            fields["user_info"] = [
                {f.name: dict(g) for f, g in item.ListFields()} for item in content.user_info
            ]
        events.append([what, fields])
    return events, crc_ok


def _files(folder, prefix, suffix):
    """The summary and lineage file names checked against the naming pattern."""
    names = sorted(n for n in os.listdir(folder) if os.path.isfile(os.path.join(folder, n)))
    shape = rf"{prefix}\.out\.events\.summary\.(\d+)\.0\.(.+)({suffix}|_lineage)"
    kinds = []
    for name in names:
        match = re.fullmatch(shape, name)
        ok = bool(match) and match.group(2) == platform.node()
        kinds.append([match.group(3) if match else name, ok])
    return names, kinds


def record_values(ms):
    """add_value of each kind, three records (one filtered), read back."""
    from mindspore import Tensor
    from mindspore.train.summary import SummaryRecord

    folder = tempfile.mkdtemp()
    hist = np.linspace(-2, 3, 37).astype(np.float32)
    hist[[3, 7, 11]] = [np.nan, np.inf, -np.inf]
    with SummaryRecord(folder, file_prefix="run", file_suffix="_demo") as record:
        record.add_value("scalar", "loss", Tensor(np.float32(0.25)))
        record.add_value("scalar", "count", Tensor(np.array([7], np.int32)))
        record.add_value("scalar", "first", Tensor(np.array([[1.5]], np.float64)))
        record.add_value("tensor", "ints", Tensor(np.array([[1, 2], [3, 4]], np.int32)))
        record.add_value("tensor", "floats", Tensor(np.array([0.5, -1.25], np.float64)))
        record.add_value("tensor", "flags", Tensor(np.array([True, False])))
        record.add_value("histogram", "spread", Tensor(hist))
        record.add_value("histogram", "ints", Tensor(np.arange(23, dtype=np.int64).reshape(23, 1)))
        record.add_value("histogram", "same", Tensor(np.full((4, 4), 2.0, np.float32)))
        record.add_value("histogram", "none", Tensor(np.array([np.nan, np.inf], np.float32)))
        rgb = np.arange(12, dtype=np.uint8).reshape(1, 3, 2, 2) * 20
        record.add_value("image", "rgb", Tensor(rgb))
        unit = np.linspace(0, 1, 8, dtype=np.float32).reshape(2, 1, 2, 2)
        record.add_value("image", "unit", Tensor(unit))
        wide = np.linspace(-3, 40, 9 * 3 * 2 * 3, dtype=np.float32).reshape(9, 3, 2, 3)
        record.add_value("image", "grid", Tensor(wide))
        record.add_value("image", "two_channels", Tensor(np.ones((1, 2, 2, 2), np.float32)))
        assert record.record(3)
        record.add_value("scalar", "loss", Tensor(np.float32(0.5)))
        record.add_value("tensor", "kept", Tensor(np.array([1.0], np.float32)))
        assert record.record(5, plugin_filter=lambda plugin: plugin != "scalar")
        record.add_value("scalar", "loss", Tensor(np.float32(0.75)))
        assert record.record(7)
        path = record.log_dir
    names, kinds = _files(folder, "run", "_demo")
    events, crc_ok = _summary_events(path)
    return {
        "files": kinds,
        "log_dir_is_summary_file": os.path.basename(path) == names[0],
        "read_only": oct(os.stat(path).st_mode & 0o777),
        "events": events,
        "crc_ok": crc_ok,
        "closed_record": SummaryRecord.count,
    }


def _primitive_net(ms):
    from mindspore import nn, ops

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.scalar = ops.ScalarSummary()
            self.tensor = ops.TensorSummary()
            self.image = ops.ImageSummary()
            self.histogram = ops.HistogramSummary()

        def construct(self, x):
            y = x * 2
            self.scalar("sum", y.sum())
            self.tensor("y", y)
            self.image("img", y.reshape(1, 1, 2, 3))
            self.histogram("x", x)
            return y

    return Net()


def _primitives(ms):
    from mindspore import Tensor
    from mindspore.train.summary import SummaryRecord

    folder = tempfile.mkdtemp()
    net = _primitive_net(ms)
    x1 = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    with SummaryRecord(folder) as record:
        net(x1)
        net(x1 + 1)  # the later values of a tag are the ones written
        record.record(1)
        record.record(2)  # nothing new: no event
        net(x1 * 3)
        record.set_mode("eval")  # the primitives' values wait for a train-mode record
        record.add_value("scalar", "extra", Tensor(np.float32(1.0)))
        record.record(3)
        record.set_mode("train")
        record.record(4)
        path = record.log_dir
    events, crc_ok = _summary_events(path)
    return {"events": events, "crc_ok": crc_ok}


def primitives_pynative(ms):
    """Summary primitives inside a Cell in PyNative mode reach the next record."""
    ms.set_context(mode=ms.PYNATIVE_MODE)
    return _primitives(ms)


def primitives_graph(ms):
    """The same Cell in GRAPH_MODE."""
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        return _primitives(ms)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def _kind(fn):
    try:
        fn()
    except Exception as exc:  # noqa: BLE001 - only its type is recorded
        return exception_kind(exc)
    return None


def record_errors(ms):
    """The exception type of each bad SummaryRecord argument or call."""
    from mindspore import Tensor
    from mindspore.train.lineage_pb2 import TrainLineage
    from mindspore.train.summary import SummaryRecord

    def opened(**kwargs):
        record = SummaryRecord(tempfile.mkdtemp(), **kwargs)
        record.close()

    out = {}
    for name, kwargs in {
        "log_dir_blank": {"log_dir": ""},
        "log_dir_none": {"log_dir": None},
        "log_dir_int": {"log_dir": 32},
        # (a log_dir naming a file is left out: MindSpore 2.10 then counts the failed record
        # as open, and every later SummaryRecord of the process raises RuntimeError)
    }.items():
        out[name] = _kind(lambda kwargs=kwargs: SummaryRecord(**kwargs).close())
    for name, kwargs in {
        "prefix_int": {"file_prefix": 1},
        "prefix_space": {"file_prefix": "a b"},
        "suffix_dash": {"file_suffix": "-x"},
        "max_file_size_str": {"max_file_size": "1"},
        "raise_exception_int": {"raise_exception": 1},
        "export_format": {"export_options": {"tensor_format": "npz"}},
        "export_key": {"export_options": {"other": "npy"}},
        "export_type": {"export_options": 3},
    }.items():
        out[name] = _kind(lambda kwargs=kwargs: opened(**kwargs))
    with SummaryRecord(tempfile.mkdtemp()) as record:
        out["second_instance"] = _kind(lambda: SummaryRecord(tempfile.mkdtemp()))
        calls = {
            "record_step_str": lambda: record.record("1"),
            "record_step_float": lambda: record.record(1.5),
            "record_network_int": lambda: record.record(1, train_network=3),
            "plugin_unknown": lambda: record.add_value("text", "x", Tensor(1.0)),
            "name_blank": lambda: record.add_value("scalar", "", Tensor(1.0)),
            "name_int": lambda: record.add_value("scalar", 3, Tensor(1.0)),
            "value_float": lambda: record.add_value("scalar", "x", 1.0),
            "scalar_two": lambda: record.add_value("scalar", "x", Tensor([1.0, 2.0])),
            "image_3d": lambda: record.add_value("image", "x", Tensor(np.ones((1, 2, 2)))),
            "tensor_0d": lambda: record.add_value("tensor", "x", Tensor(1.0)),
            "histogram_0d": lambda: record.add_value("histogram", "x", Tensor(1.0)),
            "lineage_wrong": lambda: record.add_value("train_lineage", "x", 3),
            "lineage_other": lambda: record.add_value("eval_lineage", "x", TrainLineage()),
            "mode_unknown": lambda: record.set_mode("test"),
        }
        for name, call in calls.items():
            out[name] = _kind(call)
    out["record_after_close"] = record.record(1)
    out["enter_after_close"] = _kind(lambda: record.__enter__())
    return out


def collector_errors(ms):
    """The exception type of each bad SummaryCollector argument."""
    from mindspore import SummaryCollector

    a_file = os.path.join(tempfile.mkdtemp(), "file.txt")
    open(a_file, "w").close()
    cases = {
        "dir_file": {"summary_dir": a_file},
        "freq_bool": {"collect_freq": True},
        "tensor_freq_zero": {"collect_tensor_freq": 0},
        "max_file_size_neg": {"max_file_size": -1},
        "landscape_size_big": {
            "collect_specified_data": {"collect_landscape": {"landscape_size": 300}}
        },
        "landscape_unit": {
            "collect_specified_data": {
                "collect_landscape": {"unit": "day", "intervals": [[1, 2, 3]]}
            }
        },
        "landscape_short_interval": {
            "collect_specified_data": {"collect_landscape": {"intervals": [[1, 2]]}}
        },
        "landscape_interval_float": {
            "collect_specified_data": {"collect_landscape": {"intervals": [[1, 2, 3.0]]}}
        },
        "landscape_create_key": {
            "collect_specified_data": {
                "collect_landscape": {"create_landscape": {"other": True}, "intervals": [[1, 2, 3]]}
            }
        },
        "landscape_no_intervals": {
            "collect_specified_data": {"collect_landscape": {"unit": "step"}}
        },
        "lineage_bool_ok": {"custom_lineage_data": {"flag": True}},
        "not_kept": {
            "collect_specified_data": {"collect_metric": True},
            "keep_default_action": False,
        },
    }
    out = {}
    for name, kwargs in cases.items():
        kwargs = dict(kwargs)
        kwargs.setdefault("summary_dir", tempfile.mkdtemp())
        out[name] = _kind(lambda kwargs=kwargs: SummaryCollector(**kwargs))
    return out


def collector_train(ms):
    """Model.train with a SummaryCollector: loss, histograms, lineage and landscape files."""
    from mindspore import nn
    from mindspore.dataset import NumpySlicesDataset
    from mindspore.train import Model, SummaryCollector

    folder = tempfile.mkdtemp()
    net = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
    x = np.array([[1, 2], [0, 1], [2, 1], [1, 1], [3, 0], [0, 2]], np.float32)
    data = {"x": x, "y": (x.sum(1, keepdims=True) * 0.5).astype(np.float32)}
    # (the worker count given: MindSpore's default depends on the machine's CPUs)
    dataset = NumpySlicesDataset(data, shuffle=False).batch(2, num_parallel_workers=1)
    model = Model(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.05, 0.9))
    collector = SummaryCollector(
        folder,
        collect_freq=2,
        custom_lineage_data={"team": "a", "seed": 3, "ratio": 0.5},
        collect_specified_data={"collect_landscape": {"intervals": [[1, 2, 3], [4, 5, 6]]}},
    )
    model.train(2, dataset, callbacks=[collector], dataset_sink_mode=False)
    _DIGITS[0] = 4
    try:
        return _read_training(folder)
    finally:
        _DIGITS[0] = 5


def _read_training(folder):
    names = sorted(n for n in os.listdir(folder) if os.path.isfile(os.path.join(folder, n)))
    summary = [n for n in names if n.endswith("_MS")][0]
    lineage = [n for n in names if n.endswith("_lineage")][0]
    events, crc_ok = _summary_events(os.path.join(folder, summary))
    lineage_events, lineage_crc_ok = _lineage_events(os.path.join(folder, lineage))
    ckpt_dir = os.path.join(folder, "ckpt_dir")
    with open(os.path.join(ckpt_dir, "train_metadata.json")) as f:
        metadata = json.load(f)
    metadata["model_params_file_map"] = {
        k: os.path.basename(v) for k, v in metadata["model_params_file_map"].items()
    }
    return {
        "files": [n.rsplit("_", 1)[-1] for n in names],
        "events": events,
        "crc_ok": crc_ok and lineage_crc_ok,
        "lineage": lineage_events,
        "ckpt_dir": sorted(os.listdir(ckpt_dir)),
        "metadata": metadata,
    }


def collector_primitives_graph(ms):
    """A GRAPH_MODE network's summary primitives through SummaryCollector in Model.train."""
    from mindspore import nn, ops
    from mindspore.dataset import NumpySlicesDataset
    from mindspore.train import Model, SummaryCollector

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
            self.scalar, self.histogram = ops.ScalarSummary(), ops.HistogramSummary()

        def construct(self, x):
            y = self.fc(x)
            self.scalar("y_mean", y.mean())
            self.histogram("y", y)
            return y

    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        net, folder = Net(), tempfile.mkdtemp()
        x = np.array([[1, 2], [0, 1], [2, 1], [1, 1]], np.float32)
        data = {"x": x, "y": x.sum(1, keepdims=True) * 0.5}
        dataset = NumpySlicesDataset(data, shuffle=False).batch(2, num_parallel_workers=1)
        specified = {"collect_landscape": None, "collect_train_lineage": False}
        collector = SummaryCollector(folder, collect_freq=1, collect_specified_data=specified)
        model = Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.01))
        model.train(2, dataset, callbacks=[collector], dataset_sink_mode=False)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    (name,) = [n for n in os.listdir(folder) if n.endswith("_MS")]
    _DIGITS[0] = 4
    try:
        events, crc_ok = _summary_events(os.path.join(folder, name))
    finally:
        _DIGITS[0] = 5
    return {"events": events, "crc_ok": crc_ok}


def collector_eval(ms):
    """Model.eval with a SummaryCollector: the evaluation lineage (metrics, dataset size)."""
    from mindspore import nn
    from mindspore.dataset import NumpySlicesDataset
    from mindspore.train import MSE, Model, SummaryCollector

    net, folder = nn.Dense(2, 1, weight_init="ones", bias_init="zeros"), tempfile.mkdtemp()
    x = np.array([[1, 2], [0, 1], [2, 1], [1, 1]], np.float32)
    data = {"x": x, "y": x.sum(1, keepdims=True) * 0.5}
    dataset = NumpySlicesDataset(data, shuffle=False).batch(2, num_parallel_workers=1)
    model = Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.01), metrics={"mse": MSE()})
    collector = SummaryCollector(folder, collect_specified_data={"collect_landscape": None})
    result = model.eval(dataset, callbacks=[collector])
    names = sorted(os.listdir(folder))
    (lineage,) = [n for n in names if n.endswith("_lineage")]
    events, crc_ok = _lineage_events(os.path.join(folder, lineage))
    return {
        "result": {k: _round(v) for k, v in result.items()},
        "files": [n.rsplit("_", 1)[-1] for n in names],
        "lineage": events,
        "crc_ok": crc_ok,
    }


def collector_input_images(ms):
    """Image-shaped inputs (N, C, H, W) are collected as ``input_data/auto`` images, with
    histograms of the parameters a regular expression picks."""
    from mindspore import nn
    from mindspore.dataset import NumpySlicesDataset
    from mindspore.train import Model, SummaryCollector

    net = nn.SequentialCell([nn.Flatten(), nn.Dense(4, 1, weight_init="ones", bias_init="zeros")])
    folder = tempfile.mkdtemp()
    x = np.linspace(0, 1, 16, dtype=np.float32).reshape(4, 1, 2, 2)
    data = {"x": x, "y": np.ones((4, 1), np.float32)}
    dataset = NumpySlicesDataset(data, shuffle=False).batch(2, num_parallel_workers=1)
    specified = {
        "collect_landscape": None,
        "collect_metric": False,
        "histogram_regular": ".*weight",
        "collect_train_lineage": False,
        "collect_dataset_graph": False,
    }
    collector = SummaryCollector(folder, collect_freq=1, collect_specified_data=specified)
    model = Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.0))
    model.train(1, dataset, callbacks=[collector], dataset_sink_mode=False)
    (name,) = [n for n in os.listdir(folder) if n.endswith("_MS")]
    events, crc_ok = _summary_events(os.path.join(folder, name))
    return {"events": events, "crc_ok": crc_ok}


SCENARIOS = [
    record_values,
    primitives_pynative,
    primitives_graph,
    record_errors,
    collector_errors,
    collector_train,
    collector_primitives_graph,
    collector_eval,
    collector_input_images,
]


if __name__ == "__main__":
    write_golden(SCENARIOS, GOLDEN_PATH)
