"""The configuration of dynamic profiling (``mindspore.profiler.dynamic_profile``).

A `DynamicProfilerMonitor` reads a JSON file whose values are typed (``"start_step": 5``,
``"activities": ["CPU"]``); under a monitoring daemon (``MSMONITOR_USE_DAEMON=1``) the same
options arrive as ``PROFILE_KEY=value`` text, every value a string (``"start_step": "5"``,
``"activities": "CPU, NPU"``, ``"iterations": "10"`` for the number of steps).
`DynamicProfilerConfigContext` reads either form; a value of the wrong kind keeps its
default (-1 steps, Level0, CPU and NPU, text export, switches off), as in MindSpore 2.10.
"""

import json
import os

from .. import log
from .constant import (
    AicoreMetrics,
    DynoMode,
    ExportType,
    HostSystem,
    ProfilerActivity,
    ProfilerLevel,
)

__all__ = ["DynamicProfilerConfigContext", "DynamicProfilerUtils"]

_SWITCHES = (
    "profile_memory",
    "mstx",
    "parallel_strategy",
    "with_stack",
    "data_simplification",
    "l2_cache",
    "analyse",
    "record_shapes",
    "sys_io",
    "sys_interconnection",
)
_ACTIVITY_CODES = {
    0: ["CPU", "NPU"],
    1: ["CPU"],
    2: ["NPU"],
    3: ["CPU", "NPU"],
}
_EXPORT_CODES = {0: ["text"], 1: ["db"], 2: ["text", "db"]}
_LEVEL_CODES = {-1: "LevelNone", 0: "Level0", 1: "Level1", 2: "Level2"}


class DynamicProfilerUtils:
    """Helpers of dynamic profiling: the daemon switch, the rank, the daemon's text form.

    Example:
        >>> from msfunc.profiler.dynamic_config import DynamicProfilerUtils
        >>> DynamicProfilerUtils.dyno_str_to_dict("PROFILE_START_STEP=3\\nbad line")
        {'start_step': '3'}
    """

    @classmethod
    def is_dyno_mode(cls):
        """Whether ``MSMONITOR_USE_DAEMON`` asks for a monitoring daemon ('1')."""
        value = os.environ.get(DynoMode.DYNO_DAEMON, "0")
        if value not in ("0", "1"):
            log.error(f"{DynoMode.DYNO_DAEMON} must be 0 or 1, got {value!r}; 0 is used.")
            return False
        return value == "1"

    @classmethod
    def get_real_rank(cls):
        """This process's rank: the communication group's, else ``RANK_ID``, else 0."""
        try:
            from ..communication import get_rank

            return int(get_rank())
        except Exception:  # noqa: BLE001 - no communication set up: fall back
            value = os.environ.get("RANK_ID", "0")
            return int(value) if value.isdigit() else 0

    @classmethod
    def dyno_str_to_dict(cls, res):
        """``{key: value}`` of the daemon's ``PROFILE_KEY=value`` lines (keys lower-cased,
        the ``profile_`` prefix dropped; lines without '=' skipped)."""
        options = {}
        for line in res.splitlines():
            key, sep, value = line.strip().partition("=")
            if not sep or not key:
                continue
            key = key.strip().lower()
            options[key.removeprefix("profile_")] = value.strip()
        return options


def _int(value, default):
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _text_int(name, value, default):
    """An int from the daemon's text (a float or bool counts as its int)."""
    try:
        return int(value)
    except (TypeError, ValueError):
        log.warning(f"dynamic profiler: {name} must be an integer, got {value!r}; using {default}.")
        return default


def _split(value):
    return [part.strip() for part in value.split(",") if part.strip()]


def _enum_list(name, values, enum, default):
    try:
        return [enum(v) for v in values]
    except (TypeError, ValueError):
        log.warning(f"dynamic profiler: {values!r} is not a list of {name}; using the default.")
        return list(default)


class DynamicProfilerConfigContext:
    """The options of one dynamic-profiling request (`json_data`: the file's dict, or the
    daemon's strings when `DynamicProfilerUtils.is_dyno_mode`).

    Example:
        >>> from msfunc.profiler.dynamic_config import DynamicProfilerConfigContext
        >>> config = DynamicProfilerConfigContext({"start_step": 2, "stop_step": 3})
        >>> config.start_step, config.stop_step, config.args["activities"][0].value
        (2, 3, 'CPU')
    """

    def __init__(self, json_data):
        self._is_dyno = DynamicProfilerUtils.is_dyno_mode()
        if self._is_dyno:
            self._json_dict = self._from_text(json_data)
        else:
            self._json_dict = self._from_json(json_data)

    @staticmethod
    def _defaults():
        return {
            "start_step": -1,
            "stop_step": -1,
            "aic_metrics": "AiCoreNone",
            "profiler_level": "Level0",
            "analyse_mode": -1,
            "activities": ["CPU", "NPU"],
            "export_type": ["text"],
            **{name: name == "data_simplification" for name in _SWITCHES[:8]},
            "prof_path": "./",
            "mstx_domain_include": [],
            "mstx_domain_exclude": [],
            "sys_io": False,
            "sys_interconnection": False,
            "host_sys": [],
            "is_valid": False,
        }

    def _from_json(self, data):
        options = self._defaults()
        options["start_step"] = _int(data.get("start_step"), -1)
        options["stop_step"] = _int(data.get("stop_step"), -1)
        options["analyse_mode"] = _int(data.get("analyse_mode"), -1)
        for key in ("aic_metrics", "profiler_level"):  # (kept as given; `args` converts)
            options[key] = data.get(key, options[key])
        for key in ("activities", "export_type"):  # (a list of names or a code)
            value = data.get(key, options[key])
            options[key] = value if isinstance(value, (list, int)) else options[key]
        for name in _SWITCHES:
            options[name] = data[name] if isinstance(data.get(name), bool) else options[name]
        if isinstance(data.get("prof_path"), str):
            options["prof_path"] = data["prof_path"]
        for key in ("mstx_domain_include", "mstx_domain_exclude", "host_sys"):
            if isinstance(data.get(key), list):
                options[key] = data[key]
        options["is_valid"] = data.get("is_valid", False)
        return options

    def _from_text(self, data):
        options = self._defaults()
        options["data_simplification"] = False  # (the daemon sends every switch it means)
        start = _text_int("start_step", data.get("start_step", 0), 0)
        iterations = _text_int("iterations", data.get("iterations", 0), 0)
        options["start_step"], options["stop_step"] = start, start + iterations - 1
        options["analyse_mode"] = _int(data.get("analyse_mode"), -1)
        for key in ("aic_metrics", "profiler_level"):
            options[key] = data.get(key, options[key])
        if isinstance(data.get("activities"), str):
            options["activities"] = _split(data["activities"])
        export = data.get("export_type")
        if isinstance(export, str) and export.lower() in ("text", "db"):
            options["export_type"] = [export.lower()]
        for name in _SWITCHES:
            source = "msprof_tx" if name == "mstx" else name
            if name == "parallel_strategy":
                continue  # (not a daemon option)
            value = data.get(source)
            if isinstance(value, str) and value.lower() in ("true", "false"):
                options[name] = value.lower() == "true"
        for key in ("mstx_domain_include", "mstx_domain_exclude", "host_sys"):
            if isinstance(data.get(key), str):
                options[key] = _split(data[key])
        options["is_valid"] = data.get("is_valid", False)
        return options

    @property
    def start_step(self):
        """The first profiled step (-1: none)."""
        return self._json_dict["start_step"]

    @property
    def stop_step(self):
        """The last profiled step."""
        return self._json_dict["stop_step"]

    @property
    def is_valid(self):
        """Whether the request was marked valid (the file's ``is_valid``)."""
        return self._json_dict["is_valid"]

    @property
    def analyse(self):
        """Whether the trace is analysed after the request (nothing to do for JAX's)."""
        return self._json_dict["analyse"]

    @property
    def analyse_mode(self):
        """MindSpore's analysis mode code (-1: none)."""
        return self._json_dict["analyse_mode"]

    @property
    def prof_path(self):
        """The output directory the request names."""
        return self._json_dict["prof_path"]

    @property
    def args(self):
        """The options as a profiler takes them (enums for levels, activities, exports)."""
        options = self._json_dict
        args = {
            "aic_metrics": _aic_metrics(options["aic_metrics"]),
            "profiler_level": _profiler_level(options["profiler_level"]),
            "activities": _activities(options["activities"]),
            "export_type": _export_type(options["export_type"]),
        }
        args.update({name: options[name] for name in _SWITCHES[:8]})
        for key in ("prof_path", "mstx_domain_include", "mstx_domain_exclude"):
            args[key] = options[key]
        try:
            args["host_sys"] = [HostSystem(v) for v in options["host_sys"]] or None
        except ValueError:
            args["host_sys"] = None
        args["sys_io"] = options["sys_io"]
        args["sys_interconnection"] = options["sys_interconnection"]
        args["is_dyno"] = self._is_dyno
        args["json_dict"] = dict(options)
        return args

    def to_dict(self):
        """The options in the file's form."""
        return dict(self._json_dict)

    def to_bytes(self):
        """The options as JSON bytes (what passes between processes)."""
        return self.json_to_bytes(self._json_dict)

    @staticmethod
    def json_to_bytes(json_data):
        """`json_data` as JSON bytes."""
        return json.dumps(json_data).encode("utf-8")

    @staticmethod
    def bytes_to_json(bytes_shm):
        """The dict of JSON bytes (trailing NUL padding ignored)."""
        return json.loads(bytes(bytes_shm).decode("utf-8").rstrip("\x00"))


def _profiler_level(value):
    if isinstance(value, int) and not isinstance(value, bool):
        return ProfilerLevel(_LEVEL_CODES.get(value, "Level0"))
    try:
        return ProfilerLevel(value)
    except ValueError:
        log.warning(f"dynamic profiler: {value!r} is no profiler_level; using Level0.")
        return ProfilerLevel.Level0


def _aic_metrics(value):
    members = list(AicoreMetrics)
    if isinstance(value, int) and not isinstance(value, bool):
        return members[value] if 0 <= value < len(members) else AicoreMetrics.AiCoreNone
    if isinstance(value, str) and value in AicoreMetrics.__members__:
        return AicoreMetrics[value]
    log.warning(f"dynamic profiler: {value!r} is no aic_metrics; using AiCoreNone.")
    return AicoreMetrics.AiCoreNone


def _activities(value):
    default = [ProfilerActivity.CPU, ProfilerActivity.NPU]
    if isinstance(value, int) and not isinstance(value, bool):
        value = _ACTIVITY_CODES.get(value, ["CPU", "NPU"])
    return _enum_list("ProfilerActivity", value, ProfilerActivity, default)


def _export_type(value):
    if isinstance(value, int) and not isinstance(value, bool):
        value = _EXPORT_CODES.get(value, ["text"])
    return _enum_list("ExportType", value, ExportType, [ExportType.Text])
