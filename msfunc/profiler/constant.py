"""The option enums of ``mindspore.profiler`` (members and values as in MindSpore 2.10)."""

import enum

__all__ = [
    "AicoreMetrics",
    "DynoMode",
    "ExportType",
    "HostSystem",
    "ProfilerActivity",
    "ProfilerLevel",
]


class ProfilerLevel(enum.Enum):
    """How much a profiler collects; msfunc's JAX trace is the same at every level.

    Example:
        >>> from msfunc.profiler import ProfilerLevel
        >>> ProfilerLevel.Level1.value
        'Level1'
    """

    LevelNone = "LevelNone"
    Level0 = "Level0"
    Level1 = "Level1"
    Level2 = "Level2"


class ProfilerActivity(enum.Enum):
    """Which side a profiler records: the host (CPU) and the device (NPU or GPU).

    Example:
        >>> from msfunc.profiler import ProfilerActivity
        >>> [a.value for a in ProfilerActivity]
        ['NPU', 'GPU', 'CPU']
    """

    NPU = "NPU"
    GPU = "GPU"
    CPU = "CPU"


class ExportType(enum.Enum):
    """The form MindSpore exports its analysed data in (msfunc writes JAX's trace files).

    Example:
        >>> from msfunc.profiler import ExportType
        >>> ExportType.Text.value
        'text'
    """

    Db = "db"
    Text = "text"


class AicoreMetrics(enum.Enum):
    """Ascend AI Core counters; accepted and checked, with nothing to collect off Ascend.

    Example:
        >>> from msfunc.profiler import AicoreMetrics
        >>> AicoreMetrics.AiCoreNone.value
        'None'
    """

    PipeUtilization = "PipeUtilization"
    ArithmeticUtilization = "ArithmeticUtilization"
    Memory = "Memory"
    MemoryL0 = "MemoryL0"
    MemoryUB = "MemoryUB"
    ResourceConflictRatio = "ResourceConflictRatio"
    L2Cache = "L2Cache"
    MemoryAccess = "MemoryAccess"
    AiCoreNone = "None"


class HostSystem(enum.Enum):
    """Host-system data MindSpore can sample beside the trace (accepted, not collected).

    Example:
        >>> from msfunc.profiler import HostSystem
        >>> HostSystem.MEM.value
        'mem'
    """

    CPU = "cpu"
    MEM = "mem"
    DISK = "disk"
    NETWORK = "network"
    OSRT = "osrt"


class DynoMode:
    """The environment variable that puts dynamic profiling under a monitoring daemon.

    Example:
        >>> from msfunc.profiler.constant import DynoMode
        >>> DynoMode.DYNO_DAEMON
        'MSMONITOR_USE_DAEMON'
    """

    DYNO_DAEMON = "MSMONITOR_USE_DAEMON"
