"""Profiler analysis on tiny synthesised inputs: path checks, file round trips, trace events,
timeline lanes and a whole assembled timeline. Each case takes `api` (`load()`'s namespace
of ``mindspore.profiler.common`` / ``analysis`` names) and returns JSON data: the exception
type a check raises, what files hold, the Chrome trace dicts made. gen_profiler_analysis_golden.py
records MindSpore 2.10's answers in tests/golden/profiler_analysis.json and
tests/profiler/test_analysis_timeline.py runs the same cases with msfunc through the
``mindspore`` alias. No top-level import of MindSpore or msfunc.
"""

import importlib
import json
import os
import tempfile
import types

_NAMES = {
    "common.path_manager": ["PathManager"],
    "common.file_manager": ["FileManager"],
    "common.constant": ["EventConstant"],
    "common.exceptions.exceptions": [
        "ProfilerPathErrorException",
        "ProfilerParamValueErrorException",
        "ProfilerParamTypeErrorException",
        "ProfilerDirNotFoundException",
        "ProfilerFileNotFoundException",
        "ProfilerRawFileException",
    ],
    "analysis.time_converter": ["TimeConverter"],
    "analysis.parser.timeline_event.base_event": ["CompleteEvent", "MetaEvent"],
    "analysis.parser.timeline_event.cpu_op_event": ["CpuOpCompleteEvent"],
    "analysis.parser.timeline_event.flow_event": ["FlowStartEvent", "FlowEndEvent"],
    "analysis.parser.timeline_event.msprof_event": [
        "MsprofCompleteEvent",
        "MsprofInstantEvent",
        "MsprofCounterEvent",
    ],
    "analysis.parser.timeline_event.scope_layer_event": ["ScopeLayerCompleteEvent"],
    "analysis.parser.timeline_event.fwk_event": ["FwkCompleteEvent", "FwkInstantEvent"],
    "analysis.parser.timeline_event.timeline_event_pool": ["TimelineEventPool"],
    "analysis.parser.timeline_creator.cpu_op_timeline_creator": ["CpuOpTimelineCreator"],
    "analysis.parser.timeline_creator.fwk_timeline_creator": ["FwkTimelineCreator"],
    "analysis.parser.timeline_creator.msprof_timeline_creator": ["MsprofTimelineCreator"],
    "analysis.parser.timeline_creator.scope_layer_timeline_creator": [
        "ScopeLayerTimelineCreator",
        "is_scope_data",
    ],
    "analysis.parser.timeline_assembly_factory.ascend_timeline_assembler": [
        "AscendTimelineAssembler"
    ],
}


def load():
    """The names the cases use, imported from their ``mindspore.profiler`` paths."""
    api = types.SimpleNamespace()
    for module, names in _NAMES.items():
        mod = importlib.import_module(f"mindspore.profiler.{module}")
        for name in names:
            setattr(api, name, getattr(mod, name))
    return api


def _outcome(fn, *args):
    try:
        result = fn(*args)
    except Exception as exc:  # noqa: BLE001 (the type is the answer)
        return {"raises": type(exc).__name__}
    return {"ok": _plain(result)}


def _plain(value):
    """JSON-able form of a result (Decimals and other objects as text)."""
    return json.loads(json.dumps(value, default=str))


def path_checks(api):
    pm = api.PathManager
    root = tempfile.mkdtemp()
    folder = os.path.join(root, "d")
    os.makedirs(folder)
    file = os.path.join(folder, "f.txt")
    with open(file, "w") as f:
        f.write("x")
    os.chmod(file, 0o600)
    link = os.path.join(root, "link")
    os.symlink(folder, link)
    paths = {
        "folder": folder,
        "file": file,
        "missing": os.path.join(root, "none.txt"),
        "link": link,
        "bad_char": os.path.join(root, "a@b"),
        "cjk": os.path.join(root, "数据"),
        "space": os.path.join(root, "a b"),
        "long_name": os.path.join(root, "n" * 256),
        "long_path": "/" + "a/" * 2049,
    }
    out = {}
    for key, path in paths.items():
        out[key] = {
            check: _outcome(getattr(pm, check), path)
            for check in (
                "check_input_directory_path",
                "check_input_file_path",
                "check_path_owner_consistent",
                "check_directory_path_writeable",
                "check_directory_path_readable",
            )
        }
    os.chmod(file, 0o666)
    out["group_writable_file"] = _outcome(pm.check_input_file_path, file)
    out["limits"] = [pm.MAX_PATH_LENGTH, pm.MAX_FILE_NAME_LENGTH, pm.MAX_FILE_SIZE]
    made = os.path.join(root, "m", "n")
    pm.make_dir_safety(made)
    out["made_dir_mode"] = oct(os.stat(made).st_mode & 0o777 & ~_umask())
    created = os.path.join(folder, "c.txt")
    with open(created, "w") as f:
        f.write("c")
    out["remove_link"] = _outcome(pm.remove_path_safety, link)
    pm.remove_file_safety(created)
    pm.remove_path_safety(made)
    out["removed"] = [os.path.exists(created), os.path.exists(made)]
    return out


def _umask():
    mask = os.umask(0)
    os.umask(mask)
    return ~mask & 0o777 ^ 0o777


def file_round_trips(api):
    fm = api.FileManager
    root = tempfile.mkdtemp()
    out = {}
    csv_path = os.path.join(root, "t.csv")
    fm.create_csv_file(csv_path, [["a", 1, None], ["b,c", 2.5, 'q"x']], ["name", "v", "w"])
    out["csv_rows"] = fm.read_csv_file(csv_path)
    out["csv_mode"] = oct(os.stat(csv_path).st_mode & 0o777)
    with open(csv_path, encoding="utf-8") as f:
        out["csv_text"] = f.read()
    records, headers = fm.read_csv_file_as_numpy(csv_path, ["id"])
    out["numpy"] = [headers, [list(r) for r in records.tolist()], str(records.dtype.names)]
    json_path = os.path.join(root, "t.json")
    fm.create_json_file(json_path, {"k": ["ü", 1.5]}, indent=1)
    with open(json_path, encoding="utf-8") as f:
        out["json_text"] = f.read()
    out["json_read"] = fm.read_json_file(json_path)
    fm.create_json_file(os.path.join(root, "e.json"), {})
    fm.create_csv_file(os.path.join(root, "e.csv"), [])
    out["empty_written"] = sorted(n for n in os.listdir(root) if n.startswith("e."))
    bad = os.path.join(root, "bad.json")
    with open(bad, "w") as f:
        f.write("{")
    out["bad_json"] = _outcome(fm.read_json_file, bad)
    txt = os.path.join(root, "t.txt")
    with open(txt, "w") as f:
        f.write("  one \n\ttwo\n\n")
    out["txt"] = fm.read_txt_file(txt)
    out["content"] = fm.read_file_content(txt)
    out["missing"] = _outcome(fm.read_file_content, os.path.join(root, "none"))
    second = os.path.join(root, "u.csv")
    fm.create_csv_file(second, [["z", 9, 0]], ["name", "v", "w"])
    header_only = os.path.join(root, "h.csv")
    fm.create_csv_file(header_only, [["name", "v", "w"]])
    combined = os.path.join(root, "all.csv")
    fm.combine_csv_file([csv_path, header_only, second], combined, {"v": "value"})
    out["combined"] = fm.read_csv_file(combined)
    copy = os.path.join(root, "copy.txt")
    fm.copy_file(txt, copy)
    out["copied"] = fm.read_txt_file(copy)
    out["to_folder"] = _outcome(fm.read_csv_file, root)
    return out


def exceptions(api):
    out = {}
    for name in (
        "ProfilerPathErrorException",
        "ProfilerParamValueErrorException",
        "ProfilerParamTypeErrorException",
        "ProfilerDirNotFoundException",
        "ProfilerFileNotFoundException",
        "ProfilerRawFileException",
    ):
        exc = getattr(api, name)("some  text")
        out[name] = [exc.error_code, exc.http_code, str(exc).startswith(f"[{name}] code: ")]
    return out


def events(api):
    out = {}
    cpu = api.CpuOpCompleteEvent
    for ts, dur in (("1000", "1"), ("1234567", "0.0015"), ("1000.5", "0.0000005"), (12, 2.5)):
        e = cpu({"name": "op", "ts": ts, "dur": dur, "tid": 3, "pid": 9})
        out[f"cpu {ts} {dur}"] = e.to_trace_format()
    out["complete"] = api.CompleteEvent(
        {"name": "x", "ts": 1.25, "dur": "2", "cat": 7, "tid": "4", "pid": "5"}
    ).to_trace_format()
    out["complete_id"] = api.CompleteEvent({"ts": "3.50", "tid": 2, "pid": 1}).unique_id
    out["meta"] = api.MetaEvent({"name": "thread_name", "tid": 1}).to_trace_format()
    out["flows"] = [
        api.FlowStartEvent({"id": 5, "ts": "1.5", "cat": "c", "name": "n"}).to_trace_format(),
        api.FlowEndEvent({}).to_trace_format(),
    ]
    out["instant"] = api.MsprofInstantEvent({"ts": 2, "name": "i"}).to_trace_format()
    out["counter"] = api.MsprofCounterEvent({"ts": 2, "args": {"v": 1}}).to_trace_format()
    kernel = api.MsprofCompleteEvent({"name": "k", "args": {"a": 1}})
    kernel.parent = api.MsprofCompleteEvent({"name": "launch"})
    out["linked"] = kernel.to_trace_format()
    scope = api.ScopeLayerCompleteEvent({"name": "s", "dur": "2", "pid": 8})
    scope.dur = scope.dur + 3
    out["scope"] = scope.to_trace_format()
    out["not_dict"] = _outcome(api.CompleteEvent, [1])
    return _plain(out)


def _fixed(
    tid,
    flow_id,
    start,
    end,
    module=0,
    event=0,
    stage=0,
    graph=False,
    is_stage=False,
    stack=False,
    step=1,
):
    return [tid, flow_id, step, start, end, 0, module, event, stage, 0, graph, is_stage, stack]


_NO_FLOW = 2**64 - 1


def _fwk_records():
    """Framework op-range records (syscnt = 100 per us with the converter's settings)."""
    return [
        {"fix_size_data": _fixed(7, _NO_FLOW, 100000, 103000, stack=True), 13: "ProfilerStep#1"},
        {"fix_size_data": _fixed(7, _NO_FLOW, 103000, 106000, stack=True), 13: "ProfilerStep#2"},
        {
            "fix_size_data": _fixed(7, _NO_FLOW, 100100, 101000, module=4, event=4),
            13: "Add",
            14: "Default/net/Add-op1",
            17: "a:1;b:2;c:3",
        },
        {
            "fix_size_data": _fixed(7, _NO_FLOW, 101100, 102000, module=4, event=4),
            14: "Default/net/Mul-op2",
        },
        {"fix_size_data": _fixed(7, 11, 100050, 100060), 13: "flow", 14: "flow"},
        {"fix_size_data": _fixed(8, 11, 100200, 100900, module=3, event=29), 14: "RunOp"},
        {"fix_size_data": _fixed(8, _NO_FLOW, 100300, 100300, is_stage=True, stage=3)},
        {"fix_size_data": _fixed(8, _NO_FLOW, 0, 100, module=1)},
        {
            "fix_size_data": _fixed(8, _NO_FLOW, 102000, 102500, graph=True),
            13: "op",
            15: "G",
            16: "E",
        },
        {"fix_size_data": _fixed(9, _NO_FLOW, 104000, 104800, module=5), 14: "Mstx_range"},
        {"fix_size_data": _fixed(9, _NO_FLOW, 105000, 105100, module=99, event=500), 14: "x"},
    ]


def _msprof():
    """CANN's msprof events: a CANN lane launching two device kernels, a python (mstx) lane."""

    def meta(pid, name):
        return {"ph": "M", "name": "process_name", "pid": pid, "tid": 0, "args": {"name": name}}

    return [
        meta(20, "CANN"),
        meta(21, "Ascend Hardware"),
        meta(22, "python"),
        {"ph": "M", "name": "thread_name", "pid": 21, "tid": 5, "args": {"name": "Stream 5"}},
        {
            "ph": "X",
            "name": "aclnnAdd",
            "pid": 20,
            "tid": 7,
            "ts": "1005.000",
            "dur": 2,
            "args": {},
        },
        {"ph": "s", "cat": "HostToDevice", "id": "f1", "pid": 20, "tid": 7, "ts": "1005.000"},
        {"ph": "f", "cat": "HostToDevice", "id": "f1", "pid": 21, "tid": 5, "ts": "1020.000"},
        {"ph": "s", "cat": "HostToDevice", "id": "f2", "pid": 20, "tid": 7, "ts": "1015.000"},
        {"ph": "f", "cat": "HostToDevice", "id": "f2", "pid": 21, "tid": 5, "ts": "1030.000"},
        {"ph": "s", "cat": "HostToDevice", "id": "f3", "pid": 20, "tid": 7, "ts": "1016.000"},
        {"ph": "f", "cat": "HostToDevice", "id": "f3", "pid": 21, "tid": 5, "ts": "1099.000"},
        {
            "ph": "X",
            "name": "Default/net/Add-op1",
            "pid": 21,
            "tid": 5,
            "ts": "1020.000",
            "dur": "4.5",
            "args": {},
        },
        {
            "ph": "X",
            "name": "MulKernel",
            "pid": 21,
            "tid": 5,
            "ts": "1030.000",
            "dur": "1",
            "args": {},
        },
        {
            "ph": "X",
            "name": "Gradients/net/Relu-op3",
            "pid": 21,
            "tid": 5,
            "ts": "1035.000",
            "dur": "1",
            "args": {},
        },
        {"ph": "X", "name": "range", "pid": 22, "tid": 9, "ts": "1040.500", "dur": "2", "args": {}},
        {"ph": "i", "name": "mark", "pid": 22, "tid": 9, "ts": "1041", "args": {}},
        {"ph": "C", "name": "ignored counter", "pid": 22, "tid": 9, "ts": "1041", "args": {}},
    ]


_CPU_LINES = [
    "Default/net/conv/Conv2D-op1;Conv2D;1;100000,0.002,3 104000,0.001,3",
    "Default/net/conv/BiasAdd-op2;BiasAdd;102500,0.001,3",
    "Default/net/fc/MatMul-op3;MatMul;103600,0.0005,3 103700,0.001,4",
    "Gradients/net/ReluGrad-op4;ReluGrad;110000,0.001,3",
    "",
    "bad line;no time",
    "Default/x;X;1,2",
]


def timelines(api):
    """Every lane creator and the assembler at three profiler/jit levels."""
    api.TimeConverter.init_parameters(100.0, 0, 0)
    out = {}
    cpu = api.CpuOpTimelineCreator()
    cpu.create(_CPU_LINES)
    out["cpu_op"] = cpu.get_chrome_trace_data()
    fwk = api.FwkTimelineCreator()
    fwk.create(_fwk_records())
    out["fwk"] = fwk.get_chrome_trace_data()
    pool = fwk.get_event_pools()[1]
    out["fwk_flows"] = {
        key: {end: [e.name for e in events] for end, events in ends.items()}
        for key, ends in pool.get_start_to_end_flow_pairs().items()
    }
    out["fwk_custom"] = [e.custom_info for e in pool.get_complete_events()]
    msprof = api.MsprofTimelineCreator()
    msprof.create(_msprof())
    out["msprof_links"] = {
        str(tid): {ts: [e.name for e in events] for ts, events in by_ts.items()}
        for tid, by_ts in msprof.get_acl_to_npu_flow_dict().items()
    }
    out["msprof_lanes"] = sorted(str(pid) for pid in msprof.get_event_pools())
    scope = api.ScopeLayerTimelineCreator()
    cpu_events = cpu.get_event_pools()[2].get_complete_events()
    scope.create([e for e in cpu_events if api.is_scope_data(e)])
    out["scope"] = scope.get_chrome_trace_data()
    unlinked = [e for e in _msprof() if e.get("cat") != "HostToDevice"]
    for level, jit, msprof_events in (
        ("Level1", "O0", _msprof()),
        ("LevelNone", "O0", _msprof()),
        ("Level0", "O2", unlinked),  # whole-graph runs: no launch-to-kernel flows
    ):
        asm = api.AscendTimelineAssembler(
            profiler_level=level, jit_level=jit, ascend_ms_dir=tempfile.mkdtemp()
        )
        asm.assemble(
            {
                "mindspore_op_list": _fwk_records(),
                "cpu_op_lines": _CPU_LINES,
                "msprof_timeline": msprof_events,
            }
        )
        container = asm.get_trace_view_container()
        view = container.get_trace_view()
        out[f"assembled {level} {jit}"] = {
            # the whole view once; the other levels differ in their flows only
            "trace_view": view if level == "Level1" else [e for e in view if e["ph"] in "sf"],
            "events": len(view),
            "steps": container.get_step_id_time_dict(),
            "lanes": sorted(container.name_to_pid),
            "launch_tids": sorted(container.kernel_launch_op_event),
            "hardware": {
                str(tid): [e.args.get("mindspore_op") for e in events]
                for tid, events in container.hardware_op_event.items()
            },
        }
    return _plain(out)


def pool_queries(api):
    pool = api.TimelineEventPool(5)
    for record in (
        {"name": "process_name", "args": {"name": "lane"}},
        {"name": "thread_name", "tid": 2, "args": {"name": "t2"}},
        {"name": "thread_name", "tid": 3, "args": {"name": ""}},
    ):
        pool.add_event(api.MetaEvent(record))
    for tid, ts in ((2, 1), (3, 2), (2, 3)):
        pool.add_event(api.CompleteEvent({"name": f"c{ts}", "tid": tid, "ts": ts}))
    pool.add_event(api.MsprofInstantEvent({"name": "i", "tid": 3}))
    pool.add_event(api.MsprofCounterEvent({"name": "n", "tid": 4}))
    pool.add_event(api.FlowStartEvent({"name": "dropped"}))
    return _plain(
        {
            "name": pool.name,
            "tids": sorted(pool.get_all_tids()),
            "names": pool.tid_to_name,
            "by_name": [e.name for e in pool.get_events_by_name("t2")],
            "by_tid": [e.name for e in pool.get_events_by_tid(3)],
            "all": pool.get_all_events_with_trace_format(),
        }
    )


CASES = {
    "path_checks": path_checks,
    "file_round_trips": file_round_trips,
    "exceptions": exceptions,
    "events": events,
    "timelines": timelines,
    "pool_queries": pool_queries,
}
