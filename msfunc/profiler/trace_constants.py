"""The names, process ids and units MindSpore's profiler analysis writes into its timelines."""

import enum

__all__ = [
    "AnalysisMode",
    "CannLibName",
    "DeviceTarget",
    "EventConstant",
    "FileConstant",
    "JitLevel",
    "MsprofModeName",
    "OpSummaryHeaders",
    "OverlapAnalysisTidName",
    "ProfilerStepNameConstant",
    "TimeConstant",
    "TimelineLayerName",
]


class EventConstant:
    """Chrome trace-event phases, meta names, flow names and the fixed lanes (pids).

    Example:
        >>> from msfunc.profiler.trace_constants import EventConstant
        >>> EventConstant.COMPLETE_EVENT, EventConstant.CPU_OP_PID
        ('X', 2)
    """

    # trace-event phases (the "ph" field of Chrome's format)
    START_FLOW = "s"
    END_FLOW = "f"
    META_EVENT = "M"
    COMPLETE_EVENT = "X"
    INSTANT_EVENT = "i"
    COUNTER_EVENT = "C"

    PROCESS_NAME = "process_name"
    PROCESS_LABEL = "process_labels"
    PROCESS_SORT = "process_sort_index"
    THREAD_NAME = "thread_name"
    THREAD_SORT = "thread_sort_index"

    CPU_LABEL = "CPU"
    ASCEND_LABEL = "NPU"

    HOST_TO_DEVICE_FLOW_CAT = "HostToDevice"
    MINDSPORE_NPU_FLOW_CAT = "async_npu"
    MINDSPORE_SELF_FLOW_CAT = "async_mindspore"
    MSTX_FLOW_CAT = "MsTx"
    MINDSPORE_SELF_FLOW_NAME = "mindspore_to_self"
    MINDSPORE_NPU_FLOW_NAME = "mindspore_to_npu"
    MSTX_FLOW_NAME = "mindspore_to_mstx"

    MINDSPORE_PID = 1
    CPU_OP_PID = 2
    SCOPE_LAYER_PID = 3

    MINDSPORE_SORT_IDX = 1
    CPU_OP_SORT_IDX = 2
    SCOPE_LAYER_SORT_IDX = 12

    # column names of the framework's operator records
    SEQUENCE_NUMBER = "Sequence number"
    FORWARD_THREAD_ID = "Fwd thread id"
    OP_NAME = "op_name"
    INPUT_SHAPES = "Input Dims"
    INPUT_DTYPES = "Input type"
    CALL_STACK = "Call stack"
    MODULE_HIERARCHY = "Module Hierarchy"
    FLOPS = "flops"
    NAME = "name"
    CUSTOM_INFO = "custom_info"
    TOP_SCOPE_NAMES = ("Default", "Gradients", "recompute_Default")
    KERNEL_LAUNCH_KEYWORDS = ("KernelLaunch", "LaunchTask")
    MSTX_KEYWORD = "Mstx"
    STACK_EVENT_CAT = "python_function"

    FLOW_OP = "flow"
    INVALID_FLOW_ID = 2**64 - 1  # an unset uint64 flow id


class TimeConstant:
    """Unit factors to microseconds, the unit of every timeline.

    Example:
        >>> from msfunc.profiler.trace_constants import TimeConstant
        >>> TimeConstant.MS_TO_US
        1000
    """

    NS_TO_US = 0.001
    MS_TO_US = 1000


class FileConstant:
    """Names in a profiler output folder and its binary records.

    Example:
        >>> from msfunc.profiler.trace_constants import FileConstant
        >>> FileConstant.FRAMEWORK_DIR
        'FRAMEWORK'
    """

    FIX_SIZE_DATA = "fix_size_data"
    CANN_FILE_REGEX = r"^PROF_\d+_\d+_[0-9a-zA-Z]+"
    FRAMEWORK_DIR = "FRAMEWORK"


class ProfilerStepNameConstant:
    """The name prefix of the framework event that spans one profiled step.

    Example:
        >>> from msfunc.profiler.trace_constants import ProfilerStepNameConstant
        >>> ProfilerStepNameConstant.PROFILER_STEP + "3"
        'ProfilerStep#3'
    """

    PROFILER_STEP = "ProfilerStep#"


class DeviceTarget(enum.Enum):
    """The device a profile was taken on (Ascend's value is its backend name).

    Example:
        >>> from msfunc.profiler.trace_constants import DeviceTarget
        >>> DeviceTarget.NPU.value
        'Ascend'
    """

    CPU = "CPU"
    GPU = "GPU"
    NPU = "Ascend"


class OverlapAnalysisTidName(enum.Enum):
    """The lanes of the computing/communication overlap view.

    Example:
        >>> from msfunc.profiler.trace_constants import OverlapAnalysisTidName
        >>> OverlapAnalysisTidName.FREE.value
        'Free'
    """

    COMPUTING = "Computing"
    COMMUNICATION = "Communication"
    COMMUNICATION_NOT_OVERLAP = "Communication(Not Overlapped)"
    FREE = "Free"


class OpSummaryHeaders(enum.Enum):
    """Column titles of the device operator summary (kernel_details.csv's source).

    Example:
        >>> from msfunc.profiler.trace_constants import OpSummaryHeaders
        >>> OpSummaryHeaders.TASK_DURATION.value
        'Task Duration(us)'
    """

    STEP_ID = "Step ID"
    DEVICE_ID = "Device_id"
    MODEL_NAME = "Model Name"
    MODEL_ID = "Model ID"
    TASK_ID = "Task ID"
    STREAM_ID = "Stream ID"
    OP_NAME = "Op Name"
    OP_TYPE = "OP Type"
    TASK_TYPE = "Task Type"
    TASK_START_TIME = "Task Start Time(us)"
    TASK_DURATION = "Task Duration(us)"
    TASK_WAIT_TIME = "Task Wait Time(us)"
    BLOCK_NUM = "Block Num"
    MIX_BLOCK_NUM = "Mix Block Num"
    HF32_ELIGIBLE = "HF32 Eligible"
    INPUT_SHAPES = "Input Shapes"
    INPUT_DATA_TYPES = "Input Data Types"
    INPUT_FORMATS = "Input Formats"
    OUTPUT_SHAPES = "Output Shapes"
    OUTPUT_DATA_TYPES = "Output Data Types"
    OUTPUT_FORMATS = "Output Formats"
    CONTEXT_ID = "Context ID"


class TimelineLayerName(enum.Enum):
    """Process (lane) names of the assembled timeline; mstx lanes take a python process name.

    Example:
        >>> from msfunc.profiler.trace_constants import TimelineLayerName
        >>> TimelineLayerName.CPU_OP.value
        'CPU OP'
    """

    MINDSPORE = "MindSpore"
    CPU_OP = "CPU OP"
    MSTX = ["python", "python3"]
    CANN = "CANN"
    SCOPER_LAYER = "Scope Layer"
    ASCEND_HARDWARE = "Ascend Hardware"
    HCCL = "HCCL"
    AI_CORE_FREQ = "AI Core Freq"
    HBM = "HBM"
    PCLE = "PCle"
    HCCS = "HCCS"
    LLC = "LLC"
    NPU_MEM = "NPU MEM"
    STARS_SOC_INFO = "Stars Soc Info"
    STARS_Chip_Trans = "Stars Chip Trans"
    ACC_PMU = "Acc PMU"
    SIO = "SIO"
    QOS = "QoS"
    NIC = "NIC"
    ROCE = "RoCE"
    OVERLAP_ANALYSIS = "Overlap Analysis"


class AnalysisMode(enum.Enum):
    """Whether analysis runs before stop() returns or in the background.

    Example:
        >>> from msfunc.profiler.trace_constants import AnalysisMode
        >>> AnalysisMode.ASYNC_MODE.value
        'async'
    """

    SYNC_MODE = "sync"
    ASYNC_MODE = "async"


class JitLevel:
    """The jit levels the timeline links differ by (O2 runs whole graphs on the device).

    Example:
        >>> from msfunc.profiler.trace_constants import JitLevel
        >>> JitLevel.GRAPH_LEVEL
        'O2'
    """

    KBK_LEVEL = "O0"
    KBK_DVM_LEVEL = "O1"
    GRAPH_LEVEL = "O2"


class CannLibName:
    """The CANN library Ascend's lightweight tracing loads.

    Example:
        >>> from msfunc.profiler.trace_constants import CannLibName
        >>> CannLibName.CANN_MSPTI
        'libmspti.so'
    """

    CANN_MSPTI = "libmspti.so"


class MsprofModeName:
    """The environment variable msprof sets when it drives the run.

    Example:
        >>> from msfunc.profiler.trace_constants import MsprofModeName
        >>> MsprofModeName.MSPROF_DYNAMIC_ENV
        'PROFILING_MODE'
    """

    MSPROF_DYNAMIC_ENV = "PROFILING_MODE"
