"""Golden values from real MindSpore 2.10 (CPU) for ``mindspore.profiler``'s public surface:
the option enums, how Profiler / profile / schedule / tensorboard_trace_handler settle bad
arguments (MindSpore warns and falls back, it raises only for a wrong call signature), the
step plans of schedules, the action table that drives a profiler, and its start / step /
stop life cycle.

Writes tests/golden/profiler.json; read by tests/train/test_profiler.py. Regenerate with
real MindSpore 2.10 (tests/oracle/README.md)::

    python tests/oracle/run.py profiler

Each scenario is a plain MindSpore program ``scenario(ms)`` returning a JSON-able record
(alias_scenarios.py). This module must not import MindSpore or msfunc at top level.
"""

import os

# (tests/oracle is on sys.path: the scripts run from it; tests/_alias_scenarios adds it)
from alias_scenarios import write_golden

GOLDEN_PATH = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "golden", "profiler.json"
)

# The settled options a scenario records (the rest of the context is device bookkeeping).
_KEYS = (
    "is_set_schedule",
    "profiler_level",
    "activities",
    "aic_metrics",
    "with_stack",
    "profile_memory",
    "data_process",
    "parallel_strategy",
    "start_profile",
    "l2_cache",
    "hbm_ddr",
    "pcie",
    "sys_io",
    "sys_interconnection",
    "host_sys",
    "sync_enable",
    "data_simplification",
    "record_shapes",
    "export_type",
    "mstx",
    "mstx_domain_include",
    "mstx_domain_exclude",
    "schedule",
)


def _settled(make):
    """The options a profiler made by ``make()`` settled on, with output_path relative to
    the working directory (a fresh temporary one)."""
    import tempfile

    from mindspore.profiler.common.profiler_context import ProfilerContext

    here = os.getcwd()
    with tempfile.TemporaryDirectory() as tmp:
        os.chdir(tmp)
        try:
            made = make()
            settled = ProfilerContext().to_dict()
            record = {key: settled[key] for key in _KEYS}
            for key in ("host_sys", "activities"):  # (MindSpore keeps sets: no order)
                record[key] = sorted(record[key])
            record["output_path"] = os.path.relpath(settled["output_path"], os.getcwd())
            if settled["start_profile"]:
                made.stop()
        finally:
            os.chdir(here)
    return record


def _changes(records, base):
    """Each record but `base` as the keys where it differs from `base` (a small golden file)."""
    return {
        name: record if name == base else {k: v for k, v in record.items() if v != records[base][k]}
        for name, record in records.items()
    }


def _outcome(make):
    try:
        return {"value": make()}
    except Exception as exc:  # noqa: BLE001 - the exception type is the record
        return {"error": type(exc).__name__}


def enums(ms):
    """Members and values of the public option enums."""
    from mindspore import profiler

    names = ("ProfilerLevel", "ProfilerActivity", "ExportType", "AicoreMetrics", "HostSystem")
    return {name: [[m.name, m.value] for m in getattr(profiler, name)] for name in names}


def profiler_arguments(ms):
    """`Profiler(**kwargs)` with one wrong or unusual argument each: what it settles on."""
    from mindspore.profiler import AicoreMetrics, ProfilerActivity, ProfilerLevel, schedule

    cases = {
        "defaults": {},
        "output_path_int": {"output_path": 1},
        "output_path_relative": {"output_path": "runs/a"},
        "profiler_level_str": {"profiler_level": "Level1"},
        "profiler_level_level1": {"profiler_level": ProfilerLevel.Level1},
        "profiler_level_level2_aic": {
            "profiler_level": ProfilerLevel.Level2,
            "aic_metrics": AicoreMetrics.Memory,
        },
        "activities_str": {"activities": "CPU"},
        "activities_str_list": {"activities": ["CPU"]},
        "activities_empty": {"activities": []},
        "activities_cpu": {"activities": [ProfilerActivity.CPU]},
        "activities_gpu_cpu": {"activities": [ProfilerActivity.GPU, ProfilerActivity.CPU]},
        "schedule_int": {"schedule": 1},
        "schedule_ok": {"schedule": schedule(wait=1, warmup=1, active=2)},
        "on_trace_ready_int": {"on_trace_ready": 1},
        "aic_metrics_str": {"aic_metrics": "Memory"},
        "export_type_str": {"export_type": "text"},
        "export_type_list": {"export_type": ["db"]},
        "unknown_keyword": {"no_such_option": 1},
        "experimental_config_int": {"experimental_config": 1},
    }
    for flag in (
        "start_profile",
        "with_stack",
        "profile_memory",
        "data_process",
        "parallel_strategy",
        "hbm_ddr",
        "pcie",
        "sync_enable",
        "data_simplification",
        "record_shapes",
        "l2_cache",
        "mstx",
    ):
        cases[f"{flag}_int"] = {flag: 1}
        cases[f"{flag}_flipped"] = {
            flag: flag not in ("start_profile", "sync_enable", "data_simplification")
        }
    record = {}
    for name, kwargs in cases.items():
        kwargs = {"start_profile": False, **kwargs}  # (start_profile_int starts one)
        record[name] = _settled(lambda kwargs=kwargs: ms.profiler.Profiler(**kwargs))
    return _changes(record, "defaults")


def profile_arguments(ms):
    """`profile(...)` with an `_ExperimentalConfig`, good and bad."""
    from mindspore.profiler import (
        AicoreMetrics,
        ExportType,
        HostSystem,
        ProfilerLevel,
        _ExperimentalConfig,
        profile,
    )

    configs = {
        "none": None,
        "default": lambda: _ExperimentalConfig(),
        "level1_l2": lambda: _ExperimentalConfig(
            profiler_level=ProfilerLevel.Level1, l2_cache=True, mstx=True
        ),
        "aic_memory": lambda: _ExperimentalConfig(aic_metrics=AicoreMetrics.Memory),
        "bad_values": lambda: _ExperimentalConfig(
            profiler_level="x", aic_metrics="x", l2_cache=1, mstx=1, data_simplification=0
        ),
        "export_db": lambda: _ExperimentalConfig(export_type=[ExportType.Db]),
        "export_str": lambda: _ExperimentalConfig(export_type=["db", "text"]),
        "host_sys": lambda: _ExperimentalConfig(host_sys=[HostSystem.CPU, HostSystem.MEM]),
        "host_sys_str": lambda: _ExperimentalConfig(host_sys=["cpu"]),
        "mstx_domains": lambda: _ExperimentalConfig(
            mstx=True, mstx_domain_include=["a"], mstx_domain_exclude=["b"]
        ),
    }
    record = {}
    for name, config in configs.items():
        record[name] = _settled(
            lambda config=config: profile(
                start_profile=False, experimental_config=config() if config else None
            )
        )
    record["with_stack_int"] = _settled(lambda: profile(start_profile=False, with_stack=1))
    record["activities_bad"] = _settled(lambda: profile(start_profile=False, activities="x"))
    return _changes(record, "none")


def schedule_arguments(ms):
    """`schedule(...)`: bad counts are replaced, a wrong call signature is a TypeError."""
    from mindspore.profiler import schedule

    cases = {
        "ok": {"wait": 1, "active": 2, "warmup": 1, "repeat": 2, "skip_first": 3},
        "wait_negative": {"wait": -1, "active": 1},
        "wait_str": {"wait": "1", "active": 1},
        "wait_bool": {"wait": True, "active": 1},
        "active_zero": {"wait": 1, "active": 0},
        "active_float": {"wait": 1, "active": 1.5},
        "repeat_negative": {"wait": 0, "active": 1, "repeat": -1},
        "skip_first_negative": {"wait": 0, "active": 1, "skip_first": -1},
        "warmup_none": {"wait": 0, "active": 1, "warmup": None},
    }
    record = {
        name: _outcome(lambda kwargs=kwargs: schedule(**kwargs).to_dict())
        for name, kwargs in cases.items()
    }
    record["positional"] = _outcome(lambda: schedule(1, 1).to_dict())
    record["missing_active"] = _outcome(lambda: schedule(wait=1).to_dict())
    record["repr"] = repr(schedule(wait=1, active=2))
    return record


def schedule_steps(ms):
    """The action of each of the first steps under several plans."""
    from mindspore.profiler import schedule

    plans = {
        "plain": {"wait": 0, "active": 1},
        "cycle": {"wait": 1, "warmup": 1, "active": 2, "repeat": 2},
        "skip": {"wait": 2, "warmup": 2, "active": 2, "repeat": 3, "skip_first": 2},
        "forever": {"wait": 1, "active": 1},
    }
    return {
        name: [schedule(**counts)(step).name for step in range(24)]
        for name, counts in plans.items()
    }


def action_table(ms):
    """What the controller does for each (previous, current) action pair, by step name."""
    from mindspore.profiler.profiler_action_controller import ProfilerActionController
    from mindspore.profiler.profiler_interface import ProfilerInterface

    controller = ProfilerActionController(ProfilerInterface(), None)

    def name(step):
        return "warning" if hasattr(step, "func") else step.__name__

    return {
        f"{prev.name if prev else None}->{cur.name if cur else None}": [
            name(step) for step in steps
        ]
        for (prev, cur), steps in controller.action_map.items()
    }


def life_cycle(ms):
    """start / step / stop in and out of order: nothing raises; the actions each step takes."""
    import tempfile

    from mindspore.profiler import Profiler, schedule

    record = {}
    with tempfile.TemporaryDirectory() as tmp:
        prof = Profiler(start_profile=False, output_path=tmp)
        calls = [prof.stop, prof.step, prof.start, prof.start, prof.stop, prof.stop]
        record["no_schedule"] = [
            _outcome(lambda c=c: c() or prof.current_action.name) for c in calls
        ]
        prof = Profiler(
            start_profile=False,
            output_path=tmp,
            schedule=schedule(wait=1, warmup=1, active=1, repeat=1),
        )
        record["scheduled_step_before_start"] = _outcome(lambda: prof.step() or prof.step_num)
        prof.start()
        record["scheduled_start"] = prof.current_action.name
        prof.stop()  # (a scheduled profiler stops only once a step was taken)
        actions = []
        for _ in range(5):
            prof.step()
            actions.append(prof.current_action.name)
        record["scheduled_steps"] = actions
        record["scheduled_step_num"] = prof.step_num
        prof.stop()
        record["op_analyse"] = [
            _outcome(lambda args=args: prof.op_analyse(*args))
            for args in (("Conv2D",), (1,), ("Conv2D", "x"))
        ]
        record["add_metadata"] = [
            _outcome(lambda args=args: prof.add_metadata(*args))
            for args in (("k", "v"), (1, "v"), ("k", 1))
        ]
    return record


def trace_handler_arguments(ms):
    """`tensorboard_trace_handler` with bad arguments still gives a callable handler."""
    import tempfile

    from mindspore.profiler import tensorboard_trace_handler

    with tempfile.TemporaryDirectory() as tmp:
        cases = {
            "dir_name_int": {"dir_name": 1},
            "worker_name_int": {"dir_name": tmp, "worker_name": 1},
            "analyse_flag_str": {"dir_name": tmp, "analyse_flag": "True"},
            "async_mode_str": {"dir_name": tmp, "async_mode": "True"},
            "ok": {"dir_name": tmp, "worker_name": "w0"},
        }
        return {
            name: _outcome(lambda kwargs=kwargs: callable(tensorboard_trace_handler(**kwargs)))
            for name, kwargs in cases.items()
        }


def mstx_off(ms):
    """mstx while no profiler collects it: nothing is recorded and range ids are 0."""
    from mindspore.profiler import mstx

    return {
        "mark": _outcome(lambda: mstx.mark("m")),
        "range_start": _outcome(lambda: mstx.range_start("r")),
        "range_start_empty": _outcome(lambda: mstx.range_start("")),
        "range_end": _outcome(lambda: mstx.range_end(0)),
        "range_end_bad": _outcome(lambda: mstx.range_end("x")),
        "enable": mstx.enable,
    }


def dynamic_config(ms):
    """How dynamic profiling reads its options: typed values from the JSON file, strings
    from a monitoring daemon (MSMONITOR_USE_DAEMON=1)."""
    from mindspore.profiler.dynamic_profile.dynamic_profiler_config_context import (
        DynamicProfilerConfigContext,
    )
    from mindspore.profiler.dynamic_profile.dynamic_profiler_utils import DynamicProfilerUtils

    json_cases = {
        "empty": {},
        "steps": {"start_step": 2, "stop_step": 4},
        "steps_as_text": {"start_step": "2", "stop_step": "4"},
        "negative_start": {"start_step": -3},
        "bool_start": {"start_step": True},
        "level_name": {"profiler_level": "Level1"},
        "level_codes": {"profiler_level": -1},
        "level_bad": {"profiler_level": "x", "aic_metrics": "x"},
        "aic_name": {"aic_metrics": "Memory"},
        "aic_code": {"aic_metrics": 1},
        "activities": {"activities": ["GPU"]},
        "activities_text": {"activities": "CPU, NPU"},
        "activities_bad": {"activities": ["cpu"]},
        "activity_codes": {"activities": 2},
        "export": {"export_type": ["db"]},
        "export_code": {"export_type": 2},
        "export_bad": {"export_type": ["Db"]},
        "switches": {
            "profile_memory": True,
            "mstx": True,
            "with_stack": True,
            "data_simplification": False,
            "analyse": True,
            "record_shapes": True,
            "parallel_strategy": True,
            "l2_cache": 1,
        },
        "paths": {"prof_path": "/tmp/x", "host_sys": ["cpu", "mem"], "analyse_mode": 1},
    }
    text_cases = {
        "all": {
            "start_step": "5",
            "iterations": "10",
            "profiler_level": "Level1",
            "activities": "CPU, NPU",
            "export_type": "Text",
            "profile_memory": "true",
            "msprof_tx": "false",
            "with_stack": "True",
            "data_simplification": "False",
            "l2_cache": "true",
            "analyse": "False",
        },
        "start_only": {"start_step": "3"},
        "bad_start": {"start_step": "abc", "iterations": "xyz"},
        "lists": {"activities": "NPU", "host_sys": "cpu,mem", "mstx_domain_include": "a,b"},
    }

    def record(data, defaults=None):
        """The settled options (those unlike `defaults` when given), their enums, and
        whether they survive the trip through bytes."""
        config = DynamicProfilerConfigContext(data)
        settled = config.to_dict()  # (before `args`, which MindSpore converts in place)
        same = DynamicProfilerConfigContext.bytes_to_json(config.to_bytes()) == settled
        args = config.args
        if defaults is not None:
            settled = {key: value for key, value in settled.items() if value != defaults[key]}
        return {
            "dict": settled,
            "bytes": same,
            "args": {
                key: [v.name for v in args[key]] if isinstance(args[key], list) else args[key].name
                for key in ("profiler_level", "aic_metrics", "activities", "export_type")
            },
        }

    before = os.environ.get("MSMONITOR_USE_DAEMON")
    result = {}
    try:
        os.environ["MSMONITOR_USE_DAEMON"] = "0"
        result["json_defaults"] = DynamicProfilerConfigContext({}).to_dict()
        result["json"] = {
            name: record(data, result["json_defaults"]) for name, data in json_cases.items()
        }
        os.environ["MSMONITOR_USE_DAEMON"] = "1"
        result["dyno"] = {name: record(data) for name, data in text_cases.items()}
        result["dyno_mode"] = DynamicProfilerUtils.is_dyno_mode()
    finally:
        if before is None:
            os.environ.pop("MSMONITOR_USE_DAEMON", None)
        else:
            os.environ["MSMONITOR_USE_DAEMON"] = before
    text = "PROFILE_START_STEP=10\n\nbad\nPROFILE_activities=CPU,NPU\nl2_cache=false"
    result["text"] = DynamicProfilerUtils.dyno_str_to_dict(text)
    return result


def monitor_arguments(ms):
    """DynamicProfilerMonitor without a config folder name is a TypeError."""
    from mindspore.profiler import DynamicProfilerMonitor

    return {
        "cfg_path_int": _outcome(lambda: DynamicProfilerMonitor(cfg_path=1) and None),
        "cfg_path_none": _outcome(lambda: DynamicProfilerMonitor() and None),
    }


def env_options(ms):
    """The Profiler arguments MS_PROFILER_OPTIONS's JSON options become (enums by value)."""
    from mindspore.profiler import EnvProfiler

    cases = {
        "empty": {},
        "full": {
            "start": True,
            "profiler_level": "Level1",
            "activities": ["CPU"],
            "aic_metrics": "Memory",
            "export_type": ["db"],
            "with_stack": True,
            "output_path": "/x",
            "schedule": 1,
            "on_trace_ready": 1,
            "profile_memory": "yes",
            "host_sys": ["cpu"],
            "bogus": 1,
        },
        "bad_enums": {"profiler_level": "bad", "activities": "CPU", "aic_metrics": 3},
    }

    def plain(value):
        if isinstance(value, list):
            return [plain(v) for v in value]
        return value.name if hasattr(value, "name") else value

    return {
        name: {
            key: plain(value)
            for key, value in EnvProfiler._convert_options_to_profiler_params(dict(options)).items()
            if key != "start"
        }
        for name, options in cases.items()
    }


SCENARIOS = [
    enums,
    profiler_arguments,
    profile_arguments,
    schedule_arguments,
    schedule_steps,
    action_table,
    life_cycle,
    trace_handler_arguments,
    mstx_off,
    dynamic_config,
    monitor_arguments,
    env_options,
]


if __name__ == "__main__":
    write_golden(SCENARIOS, GOLDEN_PATH)
