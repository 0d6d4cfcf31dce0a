"""``mindspore.profiler.EnvProfiler``: profile a whole program chosen by an environment variable.

``MS_PROFILER_OPTIONS='{"start": true, "output_path": "./prof"}' python script.py`` records
the program from msfunc's import to its exit, with no change to the script; the JSON holds
Profiler's keyword arguments, enums by value (``"profiler_level": "Level1"``,
``"activities": ["CPU"]``). ``schedule`` and ``on_trace_ready`` cannot be given there, and
an enum value that is not one keeps the default, as in MindSpore 2.10.
"""

import atexit
import json
import os

from .. import log
from .constant import AicoreMetrics, ExportType, HostSystem, ProfilerActivity, ProfilerLevel
from .parameters import FLAGS
from .profiler import Profiler

__all__ = ["EnvProfiler"]

_VARIABLE = "MS_PROFILER_OPTIONS"
_ENUMS = {"profiler_level": ProfilerLevel, "aic_metrics": AicoreMetrics}
_DEFAULTS = {"profiler_level": ProfilerLevel.Level0, "aic_metrics": AicoreMetrics.AiCoreNone}
_ENUM_LISTS = {"activities": ProfilerActivity, "export_type": ExportType, "host_sys": HostSystem}
_PLAIN = (*FLAGS, "output_path", "mstx_domain_include", "mstx_domain_exclude")


class EnvProfiler:
    """The profiler ``MS_PROFILER_OPTIONS`` asks for (made once, when msfunc is imported).

    Example:
        >>> from msfunc.profiler import EnvProfiler
        >>> EnvProfiler._convert_options_to_profiler_params({"profiler_level": "Level1"})
        {'profiler_level': <ProfilerLevel.Level1: 'Level1'>}
    """

    NOT_SUPPORTED_PARAMS = ["schedule", "on_trace_ready"]
    profiler = None

    @staticmethod
    def _load_options():
        """The options of ``MS_PROFILER_OPTIONS`` ({} when unset or not a JSON object)."""
        text = os.environ.get(_VARIABLE)
        if not text:
            return {}
        try:
            options = json.loads(text)
        except ValueError:
            log.warning(f"{_VARIABLE} is not JSON text; no profiler is started.")
            return {}
        return options if isinstance(options, dict) else {}

    @staticmethod
    def _convert_options_to_profiler_params(options):
        """Profiler's keyword arguments from the JSON options (unknown keys left out)."""
        params = {}
        for key, value in options.items():
            if key in EnvProfiler.NOT_SUPPORTED_PARAMS:
                log.warning(f"{_VARIABLE}: {key} cannot be set here; it is ignored.")
            elif key in _ENUMS:
                try:
                    params[key] = _ENUMS[key](value)
                except ValueError:
                    params[key] = _DEFAULTS[key]
            elif key in _ENUM_LISTS:
                try:
                    params[key] = (
                        [_ENUM_LISTS[key](v) for v in value] if isinstance(value, list) else value
                    )
                except ValueError:
                    params[key] = value  # (the profiler's own check settles it)
            elif key in _PLAIN:
                params[key] = value
        return params

    @staticmethod
    def init_profiler():
        """Start the profiler the variable asks for, stopped when the program exits."""
        options = EnvProfiler._load_options()
        if options.get("start") is not True or EnvProfiler.profiler is not None:
            return
        params = EnvProfiler._convert_options_to_profiler_params(options)
        params.pop("start_profile", None)
        EnvProfiler.profiler = Profiler(start_profile=True, **params)
        atexit.register(EnvProfiler().analyse)

    def analyse(self):
        """Stop the variable's profiler (its trace is written then)."""
        if EnvProfiler.profiler is not None:
            EnvProfiler.profiler.stop()
            EnvProfiler.profiler = None
