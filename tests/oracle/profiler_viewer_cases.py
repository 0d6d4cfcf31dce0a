"""Profiler output files from tiny synthesised raw data: the framework's TLV op-range and shape
records, CANN's exported csv/json files and the assembled timeline, turned into
kernel_details.csv, step_trace_time.csv, memory_record.csv, communication.json ... by
``mindspore.profiler.analysis``'s parsers and viewers. Each case takes `api` (`load()`) and
returns what the files hold. gen_profiler_viewers_golden.py records MindSpore 2.10's answers in
tests/golden/profiler_viewers.json; tests/profiler/test_analysis_viewers.py runs the same cases
with msfunc through the ``mindspore`` alias. No top-level import of MindSpore or msfunc.
"""

import csv
import importlib
import json
import os
import struct
import tempfile
import types

from profiler_analysis_cases import _fwk_records, _msprof

_NAMES = {
    "common.tlv_decoder": ["TLVDecoder"],
    "common.file_manager": ["FileManager"],
    "common.log": ["ProfilerLogger"],
    "analysis.time_converter": ["TimeConverter"],
    "analysis.parser.timeline_event.fwk_event": ["FwkFixSizeFormat"],
    "analysis.parser.ms_framework_parser": ["FrameworkParser"],
    "analysis.parser.ascend_cann_parser": ["AscendMsprofParser"],
    "analysis.parser.framework_cann_relation_parser": ["FrameworkCannRelationParser"],
    "analysis.viewer.ms_operator_details_viewer": ["MsOperatorDetailsViewer"],
    "analysis.viewer.ascend_memory_viewer": ["AscendMemoryViewer"],
    "analysis.viewer.ascend_communication_viewer": ["AscendCommunicationViewer"],
    "analysis.viewer.ascend_kernel_details_viewer": ["AscendKernelDetailsViewer"],
    "analysis.viewer.ascend_step_trace_time_viewer": ["AscendStepTraceTimeViewer"],
}


def load():
    """The names the cases use, imported from their ``mindspore.profiler`` paths."""
    api = types.SimpleNamespace()
    for module, names in _NAMES.items():
        mod = importlib.import_module(f"mindspore.profiler.{module}")
        for name in names:
            setattr(api, name, getattr(mod, name))
    return api


def _plain(value):
    return json.loads(json.dumps(value, default=str))


def _tlv(type_id, value):
    return struct.pack("<HI", type_id, len(value)) + value


def _record(fixed, fields):
    body = struct.pack("<5Qi3Hb3?", *fixed) + b"".join(
        _tlv(k, v.encode() if isinstance(v, str) else v) for k, v in fields.items()
    )
    return _tlv(1, body)


def _op_range_bytes():
    records = []
    for step in (5, 6, 7):
        base = step * 1000
        fixed = [3, 2**64 - 1, step, base, base + 500, 11, 4, 4, 0, 0, False, False, False]
        records.append(_record(fixed, {13: f"op{step}", 14: f"Default/op{step}"}))
    records.append(_tlv(1, b"short"))  # shorter than the fixed part: skipped
    fixed = [4, 9, 6, 6100, 6200, 11, 0, 0, 0, 0, False, False, True]
    records.append(_record(fixed, {13: b"\xff\xfe", 17: "k:v;a:b"}))
    return b"".join(records) + b"\x01\x00\x10"  # a truncated header at the end


def _csv(path, rows):
    with open(path, "w", newline="", encoding="utf-8") as f:
        csv.writer(f).writerows(rows)
    os.chmod(path, 0o640)


def _read_csv(path):
    if not os.path.exists(path):
        return None
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.reader(f))


def _read_json(path):
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def framework_records(api):
    root = tempfile.mkdtemp()
    api.ProfilerLogger.init(root)  # (parsers take the process's profiler log when made)
    data = _op_range_bytes()
    fmt = api.FwkFixSizeFormat.OpRangeStruct
    out = {"decoded": api.TLVDecoder.decode(data, fmt, struct.calcsize(fmt))}
    out["fields"] = api.TLVDecoder.tlv_list_decode(_tlv(2, b"ab") + _tlv(5, b""), is_field=True)
    fwk = os.path.join(root, "FRAMEWORK")
    os.makedirs(fwk)
    with open(os.path.join(fwk, "mindspore.op_range"), "wb") as f:
        f.write(data)
    os.chmod(os.path.join(fwk, "mindspore.op_range"), 0o640)
    with open(os.path.join(fwk, "cpu_op_execute_timestamp_0.txt"), "w") as f:
        f.write("Default/Add-op1;Add;1000,0.5,2\n  \nDefault/Mul-op2;Mul;2000,0.25,2 \n")
    os.chmod(os.path.join(fwk, "cpu_op_execute_timestamp_0.txt"), 0o640)
    for name, kwargs in {
        "npu_steps_2_3": {"activities": ["CPU", "NPU"], "step_list": [2, 3]},
        "npu_all_steps": {"activities": ["CPU", "NPU"], "step_list": None},
        "cpu_target": {"activities": ["CPU"], "device_target": "CPU"},
        "npu_only": {"activities": ["NPU"]},
    }.items():
        settings = {
            "rank_id": 0,
            "framework_path": fwk,
            "device_target": "Ascend",
            "ascend_ms_dir": root,
            **kwargs,
        }
        out[name] = api.FrameworkParser(**settings)._parse({"kept": 1})
    return _plain(out)


def operator_details(api):
    root = tempfile.mkdtemp()
    shapes = _tlv(1, _tlv(0, b"MatMul") + _tlv(1, b"[[2,3],[3,4]]") + _tlv(2, b"float32"))
    shapes += _tlv(1, _tlv(0, b"ReLU") + _tlv(1, b"[[2,4]]"))
    path = os.path.join(root, "mindspore.record_shapes")
    with open(path, "wb") as f:
        f.write(shapes)
    os.chmod(path, 0o640)
    api.MsOperatorDetailsViewer(
        ascend_profiler_output_path=root, ascend_ms_dir=root, framework_path=root
    ).save({})
    return _read_csv(os.path.join(root, "operator_details.csv"))


def memory(api):
    root = tempfile.mkdtemp()
    msprof, fwk, output = (os.path.join(root, n) for n in ("msprof", "fwk", "out"))
    for folder in (msprof, fwk, output):
        os.makedirs(folder)
    header = [
        "Device id",
        "Component",
        "Timestamp(us)",
        "Total Allocated(KB)",
        "Total Reserved(KB)",
        "Device",
    ]
    _csv(
        os.path.join(msprof, "memory_record_1.csv"),
        [
            header,
            ["0", "GE", "1000.5\t", "2048", "4096", "NPU:0"],
            ["0", "GE", "1003", "1024", "4096", "NPU:0"],
        ],
    )
    _csv(
        os.path.join(msprof, "npu_module_mem_1.csv"),
        [
            ["Device_id", "Component", "Timestamp(us)", "Total Reserved(KB)", "Device"],
            ["0", "SLOG", "1000", "10", "NPU:0"],
        ],
    )
    _csv(
        os.path.join(msprof, "npu_module_mem_2.csv"),
        [
            ["Device_id", "Component", "Timestamp(us)", "Total Reserved(KB)", "Device"],
            ["0", "HCCL", "1001", "20", "NPU:0"],
        ],
    )
    _csv(
        os.path.join(msprof, "npu_mem_1.csv"),
        [
            ["Device_id", "event", "ddr(KB)", "hbm(KB)", "memory(KB)", "timestamp(us)"],
            ["0", "APP", "0", "512", "512", "999.5\t"],
            ["0", "DEVICE", "0", "9", "9", "999"],
        ],
    )
    _csv(
        os.path.join(fwk, "cpu_ms_memory_record_3.txt"),
        [
            [
                "Timestamp(ns)",
                "Total Allocated(Byte)",
                "Total Reserved(Byte)",
                "Total Active(Byte)",
            ],
            ["1001000", "1048576", "2097152", "524288"],
            ["1004500", "0", "2097152", "0"],
        ],
    )
    api.AscendMemoryViewer(
        profile_memory=True,
        rank_id=3,
        ascend_profiler_output_path=output,
        framework_path=fwk,
        msprof_profile_output_path=msprof,
        ascend_ms_dir=root,
        activities=["CPU", "NPU"],
    ).save()
    return {
        n: _read_csv(os.path.join(output, n)) for n in ("memory_record.csv", "npu_module_mem.csv")
    }


def _container(api, level="Level1"):
    """An assembled timeline (two ProfilerStep spans, device kernels linked to launches) with
    overlap-analysis and HCCL lanes."""
    api.TimeConverter.init_parameters(100.0, 0, 0)

    def meta(pid, name, tid=0, key="process_name"):
        return {"ph": "M", "name": key, "pid": pid, "tid": tid, "args": {"name": name}}

    def span(pid, tid, ts, dur, name="x"):
        return {"ph": "X", "name": name, "pid": pid, "tid": tid, "ts": ts, "dur": dur, "args": {}}

    extra = [meta(30, "Overlap Analysis"), meta(31, "HCCL")]
    for tid, row in enumerate(
        ["Computing", "Communication", "Communication(Not Overlapped)", "Free"]
    ):
        extra.append(meta(30, row, tid, "thread_name"))
    extra += [
        span(30, 0, "1020.000", "4.5"),
        span(30, 0, "1030.000", "1"),
        span(30, 0, "1035.000", "1"),
        span(30, 1, "1025.000", "3"),
        span(30, 1, "1040.000", "2"),
        span(30, 2, "1026.000", "2"),
        span(30, 3, "1005.000", "15"),
        span(30, 3, "1028.000", "4"),
        span(30, 3, "1050.000", "20"),
    ]
    extra += [
        span(31, 1, "1025.000", "1", "hcom_allReduce__1"),
        span(31, 1, "1027.000", "1", "hcom_send__2"),
        span(31, 1, "1040.000", "2", "Receive-op7"),
    ]
    parser = api.FrameworkCannRelationParser(
        profiler_level=level, jit_level="O0", ascend_ms_dir=tempfile.mkdtemp()
    )
    data = {
        "mindspore_op_list": _fwk_records(),
        "cpu_op_lines": [],
        "msprof_timeline": _msprof() + extra,
    }
    return parser._parse(data)["trace_view_container"]


_SUMMARY_HEADER = [
    "Device_id",
    "Model ID",
    "Task ID",
    "Stream ID",
    "Op Name",
    "OP Type",
    "Task Type",
    "Task Start Time(us)",
    "Task Duration(us)",
    "Task Wait Time(us)",
    "Block Num",
    "Mix Block Num",
    "HF32 Eligible",
    "Input Shapes",
    "Context ID",
]


def _summary_rows():
    return [
        [
            "0",
            "1",
            "10",
            "5",
            "Default/net/Add-op1",
            "Add",
            "AI_CORE",
            "1020.000\t",
            "4.5",
            "0",
            "8",
            "0",
            "NO",
            '"2,3"',
            "N/A",
        ],
        [
            "0",
            "1",
            "11",
            "5",
            "MulKernel",
            "Mul",
            "AI_VECTOR_CORE",
            "1030.000\t",
            "1",
            "0.5",
            "4",
            "0",
            "NO",
            '"2"',
            "N/A",
        ],
        [
            "0",
            "1",
            "12",
            "5",
            "Gradients/net/Relu-op3",
            "Relu",
            "AI_CORE",
            "1035.000\t",
            "1",
            "0",
            "4",
            "0",
            "NO",
            '"2"',
            "0",
        ],
        [
            "0",
            "1",
            "13",
            "5",
            "Lonely",
            "Cast",
            "AI_CORE",
            "1200.000\t",
            "1",
            "0",
            "1",
            "0",
            "NO",
            '"1"',
            "0",
        ],
    ]


def cann_exports(api):
    root = tempfile.mkdtemp()
    api.ProfilerLogger.init(root)
    _csv(os.path.join(root, "op_summary_1.csv"), [_SUMMARY_HEADER] + _summary_rows()[:2])
    with open(os.path.join(root, "msprof_1.json"), "w") as f:
        json.dump([{"ph": "X", "name": "a", "ts": "1", "pid": 1}], f)
    with open(os.path.join(root, "msprof_slice_0.json"), "w") as f:
        json.dump([{"ph": "M", "name": "process_name", "pid": 1, "args": {"name": "CANN"}}], f)
    for name in os.listdir(root):
        os.chmod(os.path.join(root, name), 0o640)
    out = {}
    for level, export in (("Level1", ["text"]), ("LevelNone", ["text"]), ("Level1", ["db"])):
        parser = api.AscendMsprofParser(
            msprof_profile_output_path=root,
            msprof_profile_host_path=root,
            msprof_profile_device_path=root,
            ascend_ms_dir=root,
            profiler_level=level,
            export_type=export,
        )
        parser._parse_op_summary()
        parser._parse_msprof_timeline()
        summary = parser.op_summary
        out[f"{level} {export[0]}"] = {
            "headers": parser.op_summary_headers,
            "summary": None if summary is None else [list(r) for r in summary.tolist()],
            "timeline": sorted(json.dumps(e, sort_keys=True) for e in parser.msprof_timeline),
        }
    empty = tempfile.mkdtemp()
    try:
        api.AscendMsprofParser(
            msprof_profile_output_path=empty, ascend_ms_dir=empty, export_type=["text"]
        )._parse_msprof_timeline()
        out["no_json"] = "ok"
    except RuntimeError:
        out["no_json"] = "RuntimeError"
    return _plain(out)


def kernel_details(api):
    root = tempfile.mkdtemp()
    summary_path = os.path.join(root, "op_summary_0.csv")
    _csv(summary_path, [_SUMMARY_HEADER] + _summary_rows())
    out = {}
    for level, schedule, jit in (
        ("Level1", True, "O0"),
        ("Level0", True, "O0"),
        ("Level1", False, "O0"),
        ("Level1", True, "O2"),
    ):
        summary, headers = api.FileManager.read_csv_file_as_numpy(summary_path, ["Step ID"])
        output = tempfile.mkdtemp()
        api.AscendKernelDetailsViewer(
            ascend_profiler_output_path=output,
            ascend_ms_dir=root,
            is_set_schedule=schedule,
            jit_level=jit,
            profiler_level=level,
            activities=["CPU", "NPU"],
        ).save(
            {
                "trace_view_container": _container(api),
                "op_summary": summary,
                "op_summary_headers": headers,
            }
        )
        out[f"{level} {schedule} {jit}"] = _read_csv(os.path.join(output, "kernel_details.csv"))
    return out


def step_trace(api):
    out = {}
    for level, activities in (
        ("Level1", ["CPU", "NPU"]),
        ("Level0", ["NPU"]),
        ("LevelNone", ["CPU"]),
    ):
        output = tempfile.mkdtemp()
        viewer = api.AscendStepTraceTimeViewer(
            ascend_profiler_output_path=output,
            profiler_level=level,
            ascend_ms_dir=output,
            activities=activities,
        )
        viewer.save({"trace_view_container": _container(api)})
        out[f"{level} {activities[0]}"] = _read_csv(os.path.join(output, "step_trace_time.csv"))
    return out


def communication(api):
    analyse = tempfile.mkdtemp()
    times = {
        "Start Timestamp(us)": 1005.0,
        "Elapse Time(ms)": 0.5,
        "Transit Time(ms)": 0.25,
        "Wait Time(ms)": 0.125,
        "Synchronization Time(ms)": 0.0625,
        "Idle Time(ms)": 0.0,
        "Wait Time Ratio": 0.3,
        "Synchronization Time Ratio": 0.2,
    }
    bandwidth = {
        "HCCS": {
            "Transit Size(MB)": 2.0,
            "Transit Time(ms)": 0.5,
            "Bandwidth(GB/s)": 4.0,
            "Large Packet Ratio": 0.0,
            "Size Distribution": {"1.0": [2, 0.5]},
        },
        "SDMA": {
            "Transit Size(MB)": 1.0,
            "Transit Time(ms)": 0.25,
            "Bandwidth(GB/s)": 4.0,
            "Large Packet Ratio": 0.0,
            "Size Distribution": {"1.0": [1, 0.25], "0.5": [3, 1]},
        },
    }
    ops = {}
    for name, start in (
        ("hcom_allReduce__1@g1", 1005.0),
        ("hcom_send__2@g2", 1010.0),
        ("hcom_receive__3@g2", 1040.0),
        ("hcom_broadcast__4@g1", 1045.0),
        ("hcom_allGather__5@g1", 1099.0),
    ):
        ops[name] = {
            "Communication Time Info": dict(times, **{"Start Timestamp(us)": start}),
            "Communication Bandwidth Info": bandwidth,
        }
    link = {
        "Transport Type": "HCCS",
        "Transit Size(MB)": 1.0,
        "Transit Time(ms)": 0.5,
        "Bandwidth(GB/s)": 2.0,
    }
    matrix = {
        "hcom_allReduce__1@g1": {"0-1": dict(link), "1-0": dict(link, **{"Bandwidth(GB/s)": 3.0})},
        "hcom_broadcast__4@g1": {"0-1": dict(link, **{"Bandwidth(GB/s)": 5.0})},
        "hcom_send__2@g2": {"0-1": dict(link, **{"Transport Type": "SDMA"})},
        "Total Op Info": {"0-1": dict(link)},
        "mystery-op9@g1": {"0-1": dict(link)},
    }
    with open(os.path.join(analyse, "communication.json"), "w") as f:
        json.dump(ops, f)
    with open(os.path.join(analyse, "communication_matrix.json"), "w") as f:
        json.dump(matrix, f)
    for name in os.listdir(analyse):
        os.chmod(os.path.join(analyse, name), 0o640)
    out = {}
    for schedule, jit in ((True, "O0"), (False, "O0")):
        output = tempfile.mkdtemp()
        api.AscendCommunicationViewer(
            ascend_profiler_output_path=output,
            msprof_analyze_output_path=analyse,
            ascend_ms_dir=output,
            is_set_schedule=schedule,
            jit_level=jit,
        ).save({"trace_view_container": _container(api)})
        out[f"{schedule} {jit}"] = {
            n: _read_json(os.path.join(output, n))
            for n in ("communication.json", "communication_matrix.json")
        }
    return out


CASES = {
    "framework_records": framework_records,
    "operator_details": operator_details,
    "memory": memory,
    "cann_exports": cann_exports,
    "kernel_details": kernel_details,
    "step_trace": step_trace,
    "communication": communication,
}
