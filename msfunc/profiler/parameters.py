"""How a profiler's options settle: MindSpore 2.10 checks each one, and a wrong one is
replaced by its default with a warning (never an exception), as here.

`ProfilerContext` is the one record of the settled options (MindSpore's path
``mindspore.profiler.common.profiler_context``); `settle` fills it.
"""

import os
import typing

from .. import log
from .constant import AicoreMetrics, ExportType, HostSystem, ProfilerActivity, ProfilerLevel
from .schedule import Schedule, default_plan

__all__ = ["ProfilerContext", "settle", "_ExperimentalConfig"]

# The on/off options and their defaults.
FLAGS = {
    "start_profile": True,
    "with_stack": False,
    "profile_memory": False,
    "data_process": False,
    "parallel_strategy": False,
    "hbm_ddr": False,
    "pcie": False,
    "sync_enable": True,
    "data_simplification": True,
    "record_shapes": False,
    "l2_cache": False,
    "mstx": False,
    "sys_io": False,
    "sys_interconnection": False,
}
# Options that `_ExperimentalConfig` carries for `profile` (Profiler takes them directly).
EXPERIMENTAL = (
    "profiler_level",
    "aic_metrics",
    "l2_cache",
    "mstx",
    "data_simplification",
    "export_type",
    "mstx_domain_include",
    "mstx_domain_exclude",
    "sys_io",
    "sys_interconnection",
    "host_sys",
)


def _fallback(name, value, expected, default):
    log.warning(f"Profiler: {name} must be {expected}, got {value!r}; using {default!r}.")
    return default


def _flag(name, value):
    if isinstance(value, bool):
        return value
    return _fallback(name, value, "a bool", FLAGS[name])


def _member(name, value, enum, default):
    if isinstance(value, enum):
        return value
    return _fallback(name, value, f"a {enum.__name__} member", default)


def _members(value, enum):
    """The values of a list of `enum` members, or None when it is not one."""
    if isinstance(value, (list, tuple, set)) and all(isinstance(v, enum) for v in value):
        return [v.value for v in value]
    return None


def _strings(value):
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        return list(value)
    return []


class _ExperimentalConfig:
    """Options of `profile` that go beyond the common ones (checked when a profile uses them).

    Example:
        >>> from msfunc.profiler import ProfilerLevel, _ExperimentalConfig
        >>> _ExperimentalConfig(profiler_level=ProfilerLevel.Level1).profiler_level.value
        'Level1'
    """

    def __init__(
        self,
        profiler_level=ProfilerLevel.Level0,
        aic_metrics=AicoreMetrics.AiCoreNone,
        l2_cache=False,
        mstx=False,
        data_simplification=True,
        export_type=None,
        mstx_domain_include=None,
        mstx_domain_exclude=None,
        sys_io=False,
        sys_interconnection=False,
        host_sys=None,
    ):
        self.profiler_level = profiler_level
        self.aic_metrics = aic_metrics
        self.l2_cache = l2_cache
        self.mstx = mstx
        self.data_simplification = data_simplification
        self.export_type = [ExportType.Text] if export_type is None else export_type
        self.mstx_domain_include = mstx_domain_include or []
        self.mstx_domain_exclude = mstx_domain_exclude or []
        self.sys_io = sys_io
        self.sys_interconnection = sys_interconnection
        self.host_sys = host_sys or []


class ProfilerContext:
    """The settled options of the profiler made last (one shared record, as in MindSpore).

    Example:
        >>> from msfunc.profiler.parameters import ProfilerContext
        >>> ProfilerContext() is ProfilerContext()
        True
    """

    _instance = None
    options: dict[str, typing.Any]

    def __new__(cls):
        if cls._instance is None:
            cls._instance = super().__new__(cls)
            cls._instance.options = settle({"start_profile": False})
        return cls._instance

    def to_dict(self):
        """The settled options, enums as their values and the schedule as its counts."""
        options = dict(self.options)
        for key in ("profiler_level", "aic_metrics"):
            options[key] = options[key].value
        options["schedule"] = options["schedule"].to_dict()
        options.pop("on_trace_ready")
        return options


def _experimental(config):
    if config is None:
        return None
    if isinstance(config, _ExperimentalConfig):
        return config
    return _fallback("experimental_config", config, "a _ExperimentalConfig", None)


def settle(kwargs):
    """The options of ``Profiler(**kwargs)`` checked and completed (unknown names ignored).

    Example:
        >>> from msfunc.profiler.parameters import settle
        >>> settle({"with_stack": True, "activities": []})["activities"]
        []
    """
    experimental = _experimental(kwargs.get("experimental_config"))
    if experimental is not None:
        kwargs = {**kwargs, **{key: getattr(experimental, key) for key in EXPERIMENTAL}}
    options: dict[str, typing.Any] = {"is_set_schedule": False}
    path = kwargs.get("output_path", "./data")
    if not isinstance(path, str):
        path = _fallback("output_path", path, "a str", "./data")
    options["output_path"] = os.path.abspath(path)
    level = _member(
        "profiler_level",
        kwargs.get("profiler_level", ProfilerLevel.Level0),
        ProfilerLevel,
        ProfilerLevel.Level0,
    )
    options["profiler_level"] = level
    activities = kwargs.get("activities", [ProfilerActivity.NPU, ProfilerActivity.CPU])
    options["activities"] = _members(activities, ProfilerActivity)
    if options["activities"] is None:
        options["activities"] = _fallback(
            "activities", activities, "a list of ProfilerActivity", ["CPU", "NPU"]
        )
    # AI Core counters exist from Level1 on, where pipe utilisation is the default.
    metrics = kwargs.get("aic_metrics")
    if level in (ProfilerLevel.Level0, ProfilerLevel.LevelNone):
        options["aic_metrics"] = AicoreMetrics.AiCoreNone
    elif metrics is None or metrics is AicoreMetrics.AiCoreNone:
        options["aic_metrics"] = AicoreMetrics.PipeUtilization
    else:
        options["aic_metrics"] = _member(
            "aic_metrics", metrics, AicoreMetrics, AicoreMetrics.PipeUtilization
        )
    for name, default in FLAGS.items():
        options[name] = _flag(name, kwargs.get(name, default))
    # Profiler's own export_type keyword is not read; only an _ExperimentalConfig's is.
    exports = _members(experimental.export_type, ExportType) if experimental else None
    options["export_type"] = exports or ["text"]
    options["host_sys"] = sorted(_members(kwargs.get("host_sys", []), HostSystem) or [])
    include = _strings(kwargs.get("mstx_domain_include")) if options["mstx"] else []
    exclude = _strings(kwargs.get("mstx_domain_exclude")) if options["mstx"] else []
    options["mstx_domain_include"] = include
    options["mstx_domain_exclude"] = [] if include else exclude  # (include wins)
    plan = kwargs.get("schedule")
    if isinstance(plan, Schedule):
        options["is_set_schedule"] = True
    else:
        if plan is not None:
            _fallback("schedule", plan, "a schedule", "no schedule")
        plan = default_plan()
    options["schedule"] = plan
    handler = kwargs.get("on_trace_ready")
    if handler is not None and not callable(handler):
        handler = _fallback("on_trace_ready", handler, "a callable", None)
    options["on_trace_ready"] = handler
    return options
