"""Chrome trace events (meta, complete, instant, counter, flow) over one source record each.

An event wraps its record (a dict) and reads its fields on demand; ``to_trace_format`` gives
the Chrome trace-event dict, times as decimal strings in microseconds. The lane-specific
kinds fix their process id (CPU ops 2, scope layers 3) or convert units (CPU op records hold
ns start times and ms durations).
"""

from decimal import Decimal

from ..trace_constants import EventConstant, TimeConstant

__all__ = [
    "BaseEvent",
    "CompleteEvent",
    "CounterEvent",
    "CpuOpCompleteEvent",
    "CpuOpMetaEvent",
    "FlowEndEvent",
    "FlowEvent",
    "FlowStartEvent",
    "InstantEvent",
    "MetaEvent",
    "MsprofCompleteEvent",
    "MsprofCounterEvent",
    "MsprofInstantEvent",
    "MsprofMetaEvent",
    "ScopeLayerCompleteEvent",
    "ScopeLayerMetaEvent",
]

_MS = Decimal("0.000")  # three decimals: nanoseconds in a microsecond value


def _phase(letter):
    """The read-only `ph` property of an event kind."""
    return property(lambda self: letter, doc="The trace phase letter of this kind of event.")


class BaseEvent:
    """One trace event over its source record `data` (a dict; anything else a TypeError).

    Example:
        >>> from msfunc.profiler.timeline.events import InstantEvent
        >>> InstantEvent({"name": "tick", "ts": 5, "pid": 1}).to_trace_format()["ts"]
        '5'
    """

    def __init__(self, data):
        if not isinstance(data, dict):
            raise TypeError("Input data must be dict.")
        self._origin_data = data

    @property
    def ph(self):
        """The trace phase letter of this kind of event."""
        raise NotImplementedError

    @property
    def origin_data(self):
        """The source record."""
        return self._origin_data

    @property
    def pid(self):
        """The process (lane) id."""
        return int(self._origin_data.get("pid", 0))

    @property
    def tid(self):
        """The thread (row) id."""
        return int(self._origin_data.get("tid", 0))

    @property
    def name(self):
        """The event's name."""
        return self._origin_data.get("name", "")

    @property
    def args(self):
        """The event's extra fields."""
        return self._origin_data.get("args", {})

    @property
    def ts(self):
        """The start time (us)."""
        return Decimal(self._origin_data.get("ts", 0))

    @property
    def cat(self):
        """The category."""
        return str(self._origin_data.get("cat", ""))

    @property
    def unique_id(self):
        """``pid-tid-ts``: what pairs a flow end with the event it points at."""
        return f"{self.pid}-{self.tid}-{self.ts}"

    def to_trace_format(self):
        """The Chrome trace-event dict."""
        raise NotImplementedError


class MetaEvent(BaseEvent):
    """A metadata ("M") event: a process or thread name, label or sort index.

    Example:
        >>> from msfunc.profiler.timeline.events import MetaEvent
        >>> MetaEvent({"name": "process_name", "args": {"name": "CPU OP"}}).to_trace_format()
        {'ph': 'M', 'name': 'process_name', 'pid': 0, 'tid': 0, 'args': {'name': 'CPU OP'}}
    """

    ph = _phase(EventConstant.META_EVENT)

    def to_trace_format(self):
        return {
            "ph": self.ph,
            "name": self.name,
            "pid": self.pid,
            "tid": self.tid,
            "args": self.args,
        }


class CompleteEvent(BaseEvent):
    """A complete ("X") event: a span with a start time and a duration.

    Example:
        >>> from msfunc.profiler.timeline.events import CompleteEvent
        >>> CompleteEvent({"name": "op", "ts": 1, "dur": 2}).to_trace_format()["dur"]
        '2'
    """

    ph = _phase(EventConstant.COMPLETE_EVENT)

    @property
    def dur(self):
        """The duration (us)."""
        return Decimal(self._origin_data.get("dur", 0))

    def to_trace_format(self):
        return {
            "ph": self.ph,
            "name": self.name,
            "pid": self.pid,
            "tid": self.tid,
            "ts": str(self.ts),
            "dur": str(self.dur),
            "cat": self.cat,
            "args": self.args,
        }


class _PointEvent(BaseEvent):
    """An event at one instant (instant and counter events share their layout)."""

    def to_trace_format(self):
        return {
            "name": self.name,
            "ph": self.ph,
            "ts": str(self.ts),
            "pid": self.pid,
            "tid": self.tid,
            "args": self.args,
        }


class InstantEvent(_PointEvent):
    """An instant ("i") event.

    Example:
        >>> from msfunc.profiler.timeline.events import InstantEvent
        >>> InstantEvent({}).ph
        'i'
    """

    ph = _phase(EventConstant.INSTANT_EVENT)


class CounterEvent(_PointEvent):
    """A counter ("C") event: values in its args at one instant.

    Example:
        >>> from msfunc.profiler.timeline.events import CounterEvent
        >>> CounterEvent({"args": {"MB": 3}}).args
        {'MB': 3}
    """

    ph = _phase(EventConstant.COUNTER_EVENT)


class FlowEvent(BaseEvent):
    """One end of a flow arrow between two events (start "s" or end "f"), bound by `flow_id`.

    Example:
        >>> from msfunc.profiler.timeline.events import FlowStartEvent
        >>> FlowStartEvent({"id": "7", "ts": 3}).to_trace_format()["bp"]
        'e'
    """

    @property
    def flow_id(self):
        """The id both ends of one arrow share."""
        return self._origin_data.get("id", "")

    def to_trace_format(self):
        return {
            "name": self.name,
            "bp": "e",  # binds to the enclosing slice
            "ph": self.ph,
            "ts": str(self.ts),
            "pid": self.pid,
            "tid": self.tid,
            "id": self.flow_id,
            "cat": self.cat,
        }


class FlowStartEvent(FlowEvent):
    """The start ("s") of a flow arrow.

    Example:
        >>> from msfunc.profiler.timeline.events import FlowStartEvent
        >>> FlowStartEvent({}).ph
        's'
    """

    ph = _phase(EventConstant.START_FLOW)


class FlowEndEvent(FlowEvent):
    """The end ("f") of a flow arrow.

    Example:
        >>> from msfunc.profiler.timeline.events import FlowEndEvent
        >>> FlowEndEvent({}).ph
        'f'
    """

    ph = _phase(EventConstant.END_FLOW)


class CpuOpCompleteEvent(CompleteEvent):
    """A host CPU kernel span: its record holds ts in ns and dur in ms; the lane is pid 2.

    Example:
        >>> from msfunc.profiler.timeline.events import CpuOpCompleteEvent
        >>> e = CpuOpCompleteEvent({"ts": "2500", "dur": "0.5"})
        >>> e.ts, e.dur, e.pid
        (Decimal('2.500'), Decimal('500.000'), 2)
    """

    @property
    def ts(self):
        scale = Decimal(TimeConstant.NS_TO_US)
        return (Decimal(self._origin_data.get("ts", 0)) * scale).quantize(_MS)

    @property
    def dur(self):
        scale = Decimal(TimeConstant.MS_TO_US)
        return (Decimal(self._origin_data.get("dur", 0)) * scale).quantize(_MS)

    @property
    def pid(self):
        return EventConstant.CPU_OP_PID


class CpuOpMetaEvent(MetaEvent):
    """A metadata event of the CPU OP lane (pid 2).

    Example:
        >>> from msfunc.profiler.timeline.events import CpuOpMetaEvent
        >>> CpuOpMetaEvent({"pid": 9}).pid
        2
    """

    @property
    def pid(self):
        return EventConstant.CPU_OP_PID


class MsprofCompleteEvent(CompleteEvent):
    """A span from CANN's msprof timeline; linking it to the framework op that launched it
    (`parent`) names that op in its args as ``mindspore_op``.

    Example:
        >>> from msfunc.profiler.timeline.events import MsprofCompleteEvent
        >>> kernel = MsprofCompleteEvent({"name": "MatMul", "args": {}})
        >>> kernel.parent = MsprofCompleteEvent({"name": "LaunchTask"})
        >>> kernel.args
        {'mindspore_op': 'LaunchTask'}
    """

    def __init__(self, data):
        super().__init__(data)
        self._parent = None
        self._children = []
        self._step_id = None

    @property
    def parent(self):
        """The event this one hangs under (None until linked)."""
        return self._parent

    @parent.setter
    def parent(self, event):
        self._parent = event
        self.args.update({"mindspore_op": event.name})

    @property
    def children(self):
        """The events linked under this one."""
        return self._children

    @property
    def step_id(self):
        """The profiled step the span falls in (None until assigned)."""
        return self._step_id

    @step_id.setter
    def step_id(self, value):
        self._step_id = value


class MsprofInstantEvent(InstantEvent):
    """An instant event from CANN's msprof timeline.

    Example:
        >>> from msfunc.profiler.timeline.events import MsprofInstantEvent
        >>> MsprofInstantEvent({"ts": 1}).ts
        Decimal('1')
    """


class MsprofMetaEvent(MetaEvent):
    """A metadata event from CANN's msprof timeline.

    Example:
        >>> from msfunc.profiler.timeline.events import MsprofMetaEvent
        >>> MsprofMetaEvent({"pid": 5}).pid
        5
    """


class MsprofCounterEvent(CounterEvent):
    """A counter event from CANN's msprof timeline.

    Example:
        >>> from msfunc.profiler.timeline.events import MsprofCounterEvent
        >>> MsprofCounterEvent({}).ph
        'C'
    """


class ScopeLayerCompleteEvent(CompleteEvent):
    """A span of one name-scope level on the Scope Layer lane (pid 3); its duration grows
    while following kernels stay in the same scope, so it is settable.

    Example:
        >>> from decimal import Decimal
        >>> from msfunc.profiler.timeline.events import ScopeLayerCompleteEvent
        >>> scope = ScopeLayerCompleteEvent({"name": "Default", "dur": 2})
        >>> scope.dur = Decimal(5)
        >>> scope.dur, scope.pid
        (Decimal('5'), 3)
    """

    def __init__(self, data):
        super().__init__(data)
        self._dur = Decimal(data.get("dur", 0))

    @property
    def dur(self):
        return self._dur

    @dur.setter
    def dur(self, value):
        self._dur = value

    @property
    def pid(self):
        return EventConstant.SCOPE_LAYER_PID


class ScopeLayerMetaEvent(MetaEvent):
    """A metadata event of the Scope Layer lane (pid 3).

    Example:
        >>> from msfunc.profiler.timeline.events import ScopeLayerMetaEvent
        >>> ScopeLayerMetaEvent({}).pid
        3
    """

    @property
    def pid(self):
        return EventConstant.SCOPE_LAYER_PID
