"""``mindspore.profiler`` on `jax.profiler`: Profiler, profile, schedule, trace handlers, mstx.

Example:
    >>> from msfunc.profiler import ProfilerActivity, schedule
    >>> schedule(wait=1, active=1)(1).name
    'RECORD_AND_SAVE'
"""

from .constant import AicoreMetrics, ExportType, HostSystem, ProfilerActivity, ProfilerLevel
from .dynamic_monitor import DynamicProfilerMonitor
from .env_profiler import EnvProfiler
from .mstx import mstx
from .parameters import _ExperimentalConfig
from .profiler import Profiler, profile, tensorboard_trace_handler
from .schedule import schedule

__all__ = [
    "AicoreMetrics",
    "DynamicProfilerMonitor",
    "EnvProfiler",
    "ExportType",
    "HostSystem",
    "Profiler",
    "ProfilerActivity",
    "ProfilerLevel",
    "_ExperimentalConfig",
    "mstx",
    "profile",
    "schedule",
    "tensorboard_trace_handler",
]
