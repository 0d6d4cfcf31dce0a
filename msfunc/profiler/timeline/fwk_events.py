"""Framework (MindSpore host) op-range records as trace events on the MindSpore lane (pid 1).

A record is a dict: ``fix_size_data`` holds the fixed-size fields unpacked from the binary
record (layout `FwkFixSizeFormat.OpRangeStruct`, field order `OpRangeStructField`), and the
variable-length strings sit under their field numbers (13 name, 14 full name, 15 graph module,
16 graph event, 17 custom info). Times are host cycle counts, converted by `TimeConverter`.
"""

import enum
from typing import Any

from ... import log as logger
from ..trace_constants import EventConstant, FileConstant
from .events import CompleteEvent, InstantEvent, MetaEvent
from .time_converter import TimeConverter

__all__ = [
    "FwkCompleteEvent",
    "FwkEventMixin",
    "FwkFixSizeFormat",
    "FwkInstantEvent",
    "FwkMetaEvent",
    "FwkProfileDataField",
    "OpRangeStructField",
    "ProfilerEvent",
    "ProfilerModule",
    "ProfilerStage",
]


class ProfilerStage(enum.Enum):
    """Stages a framework record may mark (its stage index counts these in order).

    Example:
        >>> from msfunc.profiler.timeline.fwk_events import ProfilerStage
        >>> list(ProfilerStage)[4].value
        'RunGrad'
    """

    DEFAULT = "Default"
    PYTHON = "Python"
    CAPTURE = "Capture"
    RUN_GRAPH = "RunGraph"
    RUN_GRAD = "RunGrad"
    RUN_OP = "RunOp"
    ASNUMPY = "Asnumpy"
    COMPILE_GRAD_GRAPH = "CompileGradGraph"
    WAIT_PIPELINE = "WaitPipeline"
    SYNC_STREAM = "SyncStream"


class ProfilerModule(enum.Enum):
    """Framework modules a record comes from (its module index counts these in order).

    Example:
        >>> from msfunc.profiler.timeline.fwk_events import ProfilerModule
        >>> list(ProfilerModule)[2].value
        'RuntimeFramework'
    """

    DEFAULT = "Default"
    GRAPH_EXECUTOR_PY = "GraphExecutorPy"
    RUNTIME_FRAMEWORK = "RuntimeFramework"
    PYNATIVE_FRAMEWORK = "PynativeFramework"
    KERNEL = "Kernel"
    PYTHON = "Python"
    CAPTURE = "Capture"
    OTHER = "Other"


# the framework's event kinds in the order its records index them
_EVENT_VALUES = (
    "Default KernelInfer KernelResize KernelInferAndResize KernelLaunch KernelLaunckCallback "
    "KernelUpdate KernelPrepareData GraphLaunch InputProcess OutputProcess WaitTaskFinish "
    "PreLaunch PostLaunch SendOutput MemoryAlloc MemoryFree CopyData StreamSync "
    "ProcessMultiStream WaitKernelsInferFinish WaitKernelsResizeFinish WaitKernelsLaunchFinish "
    "KernelInferInner KernelInferDataSync KernelResizeInner KernelLaunchInner "
    "BackendGraphRunInner RunOp PyNativeFrontendTask PyNativeBackendTask PyNativeDeviceTask "
    "PyNativeLaunchTask PyNativeBpropTask Wait PyNativeGilAcquire PyNativeCast PyNativeInfer "
    "PyNativeOpCompile PyNativeGradExpander PyNativeGradUpdateSens PyNativeGradClearTopCell "
    "PyNativeGradClearAutoGradCell PyBoostInferOutput PyBoostInferByOpDef "
    "PyBoostCreateOutputTensor PyBoostDeviceTask PyBoostMallocInput PyBoostMallocOutput "
    "PyBoostLaunchAclnn PyBoostLaunchAtb PyNativeNewGraph PyNativeEndGraph PythonObserved "
    "CaptureRunGraph CaptureProcess CaptureCompile CaptureGuard AclnnHitCacheStage1 "
    "AclnnHitCacheStage2 AclnnMissCacheStage1 AclnnMissCacheStage2 AclnnUpdateAddress "
    "AclnnRunOp RunExpanderFunc EmitOp Execute ReleaseResource NativeFunc"
).split()

# member names where the value's own CamelCase split differs from the framework's
_EVENT_NAME_FIXES = {
    "KernelLaunckCallback": "KERNEL_LAUNCH_CALLBACK",
    "PyNativeGilAcquire": "PYNATIVE_GIL_ACQUIRE",
    "PyBoostLaunchAclnn": "PYBOOST_LAUNCH_ACLLNN",
}


def _snake(value):
    """UpperCamel -> UPPER_SNAKE as the framework spells its members (PyNative, PyBoost are
    one word; a digit ends a word)."""
    text = value.replace("PyNative", "Pynative").replace("PyBoost", "Pyboost")
    out = []
    for i, char in enumerate(text):
        if i and (char.isupper() or (char.isdigit() and not text[i - 1].isdigit())):
            out.append("_")
        out.append(char)
    return "".join(out).upper()


ProfilerEvent = enum.Enum(
    "ProfilerEvent",
    [(_EVENT_NAME_FIXES.get(v, _snake(v)), v) for v in _EVENT_VALUES],
    module=__name__,
)
ProfilerEvent.__doc__ = """Framework event kinds (a record's event index counts these in order).

Example:
    >>> from msfunc.profiler.timeline.fwk_events import ProfilerEvent
    >>> ProfilerEvent.KERNEL_LAUNCH.value, list(ProfilerEvent).index(ProfilerEvent.KERNEL_LAUNCH)
    ('KernelLaunch', 4)
"""


class FwkFixSizeFormat:
    """The `struct` layout of a record's fixed-size part: thread id, flow id, step, start and
    end cycle counts (u64), process id (i32), module, event and stage indexes (u16), level
    (i8) and the graph-data, stage and stack flags (bool).

    Example:
        >>> import struct
        >>> from msfunc.profiler.timeline.fwk_events import FwkFixSizeFormat
        >>> struct.calcsize(FwkFixSizeFormat.OpRangeStruct)
        54
    """

    OpRangeStruct = "<5Qi3Hb3?"


class OpRangeStructField(enum.Enum):
    """Field numbers of a framework record: 0-12 index ``fix_size_data``, 13-17 are keys of
    the record's strings.

    Example:
        >>> from msfunc.profiler.timeline.fwk_events import OpRangeStructField
        >>> OpRangeStructField.START_TIME_NS.value, OpRangeStructField.NAME.value
        (3, 13)
    """

    THREAD_ID = 0
    FLOW_ID = 1
    STEP = 2
    START_TIME_NS = 3
    END_TIME_NS = 4
    PROCESS_ID = 5
    MODULE_INDEX = 6
    EVENT_INDEX = 7
    STAGE_INDEX = 8
    LEVEL = 9
    IS_GRAPH_DATA = 10
    IS_STAGE = 11
    IS_STACK = 12
    NAME = 13
    FULL_NAME = 14
    MODULE_GRAPH = 15
    EVENT_GRAPH = 16
    CUSTOM_INFO = 17


class FwkProfileDataField:
    """Names of a record's stage, module and event indexes (an index past the end is a
    warning and names "Default").

    Example:
        >>> from msfunc.profiler.timeline.fwk_events import FwkProfileDataField
        >>> FwkProfileDataField.get_module_value(4), FwkProfileDataField.get_event_value(4)
        ('Kernel', 'KernelLaunch')
    """

    @staticmethod
    def _value(enum_class, index, kind):
        members = list(enum_class)
        if 0 <= index < len(members):
            return members[index].value
        logger.warning(f"No framework {kind} has index {index}")
        return enum_class.DEFAULT.value

    @staticmethod
    def get_stage_value(index):
        """The stage named by `index`."""
        return FwkProfileDataField._value(ProfilerStage, index, "stage")

    @staticmethod
    def get_module_value(index):
        """The module named by `index`."""
        return FwkProfileDataField._value(ProfilerModule, index, "module")

    @staticmethod
    def get_event_value(index):
        """The event kind named by `index`."""
        return FwkProfileDataField._value(ProfilerEvent, index, "event")


_F = OpRangeStructField


class FwkEventMixin:
    """The display name and custom info of a framework record.

    The name is the op name for a Python stack record; ``module::event::op`` for graph data;
    the stage's name for a stage record; the full name for a flow record; otherwise
    ``Module::Event::full name`` from the indexes.

    Example:
        >>> from msfunc.profiler.timeline.fwk_events import FwkInstantEvent
        >>> fixed = [0] * 13
        >>> fixed[6], fixed[7] = 4, 4
        >>> FwkInstantEvent({"fix_size_data": fixed, 13: "op", 14: "Default/op-0"}).name
        'Kernel::KernelLaunch::Default/op-0'
    """

    _origin_data: dict
    fix_size_data: Any

    def get_name(self):
        """The record's display name."""
        data, fixed = self._origin_data, self.fix_size_data
        op_name = data.get(_F.NAME.value, "")
        if fixed[_F.IS_STACK.value]:
            return op_name
        full_name = data.get(_F.FULL_NAME.value, "")
        if fixed[_F.IS_GRAPH_DATA.value]:
            module = data.get(_F.MODULE_GRAPH.value, "")
            event = data.get(_F.EVENT_GRAPH.value, "")
            return f"{module}::{event}::{op_name}"
        if fixed[_F.IS_STAGE.value]:
            return FwkProfileDataField.get_stage_value(fixed[_F.STAGE_INDEX.value])
        if op_name == EventConstant.FLOW_OP:
            return full_name
        module = FwkProfileDataField.get_module_value(fixed[_F.MODULE_INDEX.value])
        event = FwkProfileDataField.get_event_value(fixed[_F.EVENT_INDEX.value])
        return f"{module}::{event}::{full_name}"

    def get_custom_info(self):
        """The custom info ``"k:v;k:v;..."`` as the text of a dict of its first two pairs
        ("" without custom info, "{}" with fewer than two pairs)."""
        value = self._origin_data.get(_F.CUSTOM_INFO.value)
        if value is None:
            return ""
        pairs = [item.split(":") for item in value.split(";") if item]
        return str(dict(pairs[:2]) if len(pairs) >= 2 else {})


class _FwkTimed(FwkEventMixin):
    """Fields shared by the framework's complete and instant events (cached conversions)."""

    def _init_fwk(self):
        self.fix_size_data = self._origin_data[FileConstant.FIX_SIZE_DATA]
        self._cache = {}

    def _cached(self, key, make):
        if not self._cache.get(key):
            self._cache[key] = make()
        return self._cache[key]

    @property
    def ts_raw(self):
        """The start as a raw cycle count."""
        return self.fix_size_data[_F.START_TIME_NS.value]

    @property
    def ts(self):
        """The start (us)."""
        return self._cached("ts", lambda: TimeConverter.convert_syscnt_to_timestamp_us(self.ts_raw))

    @property
    def pid(self):
        return EventConstant.MINDSPORE_PID

    @property
    def tid(self):
        return int(self.fix_size_data[_F.THREAD_ID.value])

    @property
    def name(self):
        return self._cached("name", self.get_name)

    @property
    def step(self):
        """The step the record belongs to."""
        return int(self.fix_size_data[_F.STEP.value])

    @property
    def level(self):
        """The record's profiler level."""
        return int(self.fix_size_data[_F.LEVEL.value])

    @property
    def custom_info(self):
        """See `get_custom_info`."""
        return self.get_custom_info()


class FwkCompleteEvent(_FwkTimed, CompleteEvent):
    """A framework record with a duration; flows link it to the events it caused
    (`parent`, `children`).

    Example:
        >>> from msfunc.profiler.timeline.fwk_events import FwkCompleteEvent
        >>> from msfunc.profiler.timeline.time_converter import TimeConverter
        >>> TimeConverter.init_parameters(100.0, 0, 0)
        >>> fixed = [7, 0, 1, 100, 300, 0, 0, 0, 0, 0, False, False, True]
        >>> e = FwkCompleteEvent({"fix_size_data": fixed, 13: "f"})
        >>> e.name, e.ts, e.dur, e.tid, e.cat
        ('f', Decimal('1.000'), Decimal('2.000'), 7, 'python_function')
    """

    def __init__(self, data):
        super().__init__(data)
        self._init_fwk()
        self._parent = None
        self._children = []

    @property
    def parent(self):
        """The event this one was caused by (None until linked)."""
        return self._parent

    @parent.setter
    def parent(self, event):
        self._parent = event

    @property
    def children(self):
        """The events linked under this one."""
        return self._children

    @property
    def te(self):
        """The end (us)."""
        end = self.fix_size_data[_F.END_TIME_NS.value]
        return self._cached("te", lambda: TimeConverter.convert_syscnt_to_timestamp_us(end))

    @property
    def dur(self):
        return self._cached("dur", lambda: self.te - self.ts)

    @property
    def id(self):
        """The flow id linking this record to another (2**64-1 when none)."""
        return int(self.fix_size_data[_F.FLOW_ID.value])

    @property
    def is_stack(self):
        """Whether the record is a Python call-stack frame."""
        return bool(self.fix_size_data[_F.IS_STACK.value])

    @property
    def cat(self):
        return EventConstant.STACK_EVENT_CAT if self.is_stack else ""


class FwkInstantEvent(_FwkTimed, InstantEvent):
    """A framework record without duration (start equals end).

    Example:
        >>> from msfunc.profiler.timeline.fwk_events import FwkInstantEvent
        >>> fixed = [3, 0, 0, 5, 5, 0, 0, 0, 2, 0, False, True, False]
        >>> FwkInstantEvent({"fix_size_data": fixed}).name
        'Capture'
    """

    def __init__(self, data):
        super().__init__(data)
        self._init_fwk()


class FwkMetaEvent(MetaEvent):
    """A metadata event of the MindSpore lane (pid 1).

    Example:
        >>> from msfunc.profiler.timeline.fwk_events import FwkMetaEvent
        >>> FwkMetaEvent({}).pid
        1
    """

    @property
    def pid(self):
        return EventConstant.MINDSPORE_PID
