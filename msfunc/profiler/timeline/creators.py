"""Timeline creators: each turns one kind of profiler data into lanes (event pools).

- `CpuOpTimelineCreator`: lines ``full name;type;...;ts,dur,tid ts,dur,tid`` (ts ns, dur
  ms) of host CPU kernels -> the "CPU OP" lane (pid 2), one row per thread.
- `FwkTimelineCreator`: framework op-range records -> the "MindSpore" lane (pid 1); records
  named "flow" start flows, records with a flow id end them.
- `MsprofTimelineCreator`: CANN's msprof trace events -> one lane per pid, kept as they are;
  HostToDevice flow pairs link host launch times to device kernels.
- `ScopeLayerTimelineCreator`: kernels' name scopes -> the "Scope Layer" lane (pid 3), one
  row per scope depth, consecutive kernels of one scope merged into one span.
"""

from ... import log as logger
from ..trace_constants import EventConstant, FileConstant, TimelineLayerName
from .event_pool import TimelineEventPool
from .events import (
    CpuOpCompleteEvent,
    CpuOpMetaEvent,
    FlowEndEvent,
    FlowStartEvent,
    MsprofCompleteEvent,
    MsprofInstantEvent,
    MsprofMetaEvent,
    ScopeLayerCompleteEvent,
    ScopeLayerMetaEvent,
)
from .fwk_events import FwkCompleteEvent, FwkInstantEvent, FwkMetaEvent, OpRangeStructField

__all__ = [
    "BaseTimelineCreator",
    "CpuOpTimelineCreator",
    "FwkTimelineCreator",
    "MsprofTimelineCreator",
    "ScopeLayerTimelineCreator",
    "is_scope_data",
]


class BaseTimelineCreator:
    """Holds the lanes a creator made (`event_pools`, by pid); subclasses fill them in
    `create(data)`.

    Example:
        >>> from msfunc.profiler.timeline.creators import CpuOpTimelineCreator
        >>> creator = CpuOpTimelineCreator()
        >>> creator.create([])
        >>> creator.get_chrome_trace_data(), creator.get_event_pools()
        ([], {})
    """

    def __init__(self):
        self.event_pools = {}

    def create(self, data):
        """Makes the lanes from `data`."""
        raise NotImplementedError

    def get_chrome_trace_data(self):
        """Every event of every lane as a Chrome trace-event dict."""
        return [
            e for pool in self.event_pools.values() for e in pool.get_all_events_with_trace_format()
        ]

    def get_event_pools(self):
        """The lanes made, by pid."""
        return self.event_pools

    def _new_pool(self, pid):
        pool = self.event_pools[pid] = TimelineEventPool(pid)
        return pool


def _add_lane_meta(pool, meta_class, lane_name, sort_index, label=None):
    """The lane's name, sort index and (optional) label, then a name ("Thread <tid>") and a
    sort index (the tid) for each of its threads."""
    process = [
        (EventConstant.PROCESS_NAME, {"name": lane_name}),
        (EventConstant.PROCESS_SORT, {"sort_index": sort_index}),
    ]
    if label is not None:
        process.append((EventConstant.PROCESS_LABEL, {"labels": label}))
    for name, args in process:
        pool.add_event(meta_class({"name": name, "tid": 0, "args": args}))
    for tid in pool.get_all_tids():
        thread_name = {
            "name": EventConstant.THREAD_NAME,
            "tid": tid,
            "args": {"name": f"Thread {tid}"},
        }
        pool.add_event(meta_class(thread_name))
        thread_sort = {"name": EventConstant.THREAD_SORT, "tid": tid, "args": {"sort_index": tid}}
        pool.add_event(meta_class(thread_sort))


class CpuOpTimelineCreator(BaseTimelineCreator):
    """The CPU OP lane from host kernel lines (malformed lines and times are warnings).

    Example:
        >>> from msfunc.profiler.timeline.creators import CpuOpTimelineCreator
        >>> creator = CpuOpTimelineCreator()
        >>> creator.create(["Default/Add-op1;Add;2000,0.003,5"])
        >>> e = creator.get_chrome_trace_data()[-1]
        >>> e["name"], e["ts"], e["dur"], e["tid"]
        ('Default/Add-op1', '2.000', '3.000', 5)
    """

    def __init__(self):
        super().__init__()
        self.scope_data = []

    def create(self, data):
        if not data:
            return
        pool = self._new_pool(EventConstant.CPU_OP_PID)
        self._create_base_events(pool, data)
        self._create_meta_event(pool)

    @staticmethod
    def _create_base_events(pool, cpu_info_lines):
        for line in cpu_info_lines:
            line = line.strip()
            if not line:
                continue
            fields = line.split(";")
            if len(fields) < 3:
                logger.warning(
                    f"Skipped a CPU op line with {len(fields)} fields (3 or more expected): {line}"
                )
                continue
            full_name, op_type = fields[0], fields[1]
            for launch in fields[-1].split():
                parts = launch.split(",")
                if len(parts) != 3:
                    logger.warning(
                        f"Skipped a CPU op time with {len(parts)} fields "
                        f"(start,dur,tid expected): {launch}"
                    )
                    continue
                start, dur, tid = parts
                record = {
                    "name": full_name,
                    "tid": int(tid),
                    "ts": start,
                    "dur": dur,
                    "args": {"type": op_type},
                }
                pool.add_event(CpuOpCompleteEvent(record))

    @staticmethod
    def _create_meta_event(pool):
        _add_lane_meta(
            pool,
            CpuOpMetaEvent,
            TimelineLayerName.CPU_OP.value,
            EventConstant.CPU_OP_SORT_IDX,
            EventConstant.CPU_LABEL,
        )


_START, _END = OpRangeStructField.START_TIME_NS.value, OpRangeStructField.END_TIME_NS.value


class FwkTimelineCreator(BaseTimelineCreator):
    """The MindSpore lane from framework op-range records (records starting at 0 are dropped;
    zero-length records become instant events).

    Example:
        >>> from msfunc.profiler.timeline.creators import FwkTimelineCreator
        >>> from msfunc.profiler.timeline.time_converter import TimeConverter
        >>> TimeConverter.init_parameters(100.0, 0, 0)
        >>> fixed = [1, 2**64 - 1, 0, 100, 200, 0, 0, 0, 0, 0, False, False, True]
        >>> creator = FwkTimelineCreator()
        >>> creator.create([{"fix_size_data": fixed, 13: "step"}])
        >>> creator.get_event_pools()[1].name
        'MindSpore'
    """

    def create(self, data):
        if not data:
            return
        pool = self._new_pool(EventConstant.MINDSPORE_PID)
        self._create_base_events(pool, data)
        self._create_meta_event(pool)

    @staticmethod
    def _create_base_events(pool, fwk_tlv_data):
        for record in fwk_tlv_data:
            fixed = record[FileConstant.FIX_SIZE_DATA]
            if fixed[_START] == 0:  # an unfinished record
                continue
            if fixed[_START] == fixed[_END]:
                event = FwkInstantEvent(record)
            else:
                event = FwkCompleteEvent(record)
                if event.name == EventConstant.FLOW_OP:
                    pool.add_start_event(str(event.id), event)
                    continue  # a flow's start is a marker, not a span of its own
                if event.id != EventConstant.INVALID_FLOW_ID:
                    pool.add_end_event(str(event.id), event)
            pool.add_event(event)

    @staticmethod
    def _create_meta_event(pool):
        _add_lane_meta(
            pool,
            FwkMetaEvent,
            TimelineLayerName.MINDSPORE.value,
            EventConstant.MINDSPORE_SORT_IDX,
            EventConstant.CPU_LABEL,
        )


class MsprofTimelineCreator(BaseTimelineCreator):
    """Lanes from CANN's msprof trace events; its Chrome trace data is the input unchanged.

    ``get_acl_to_npu_flow_dict()`` maps each launching thread and launch time (text) to
    the device kernels its HostToDevice flows end on.

    Example:
        >>> from msfunc.profiler.timeline.creators import MsprofTimelineCreator
        >>> events = [
        ...     {"ph": "X", "name": "MatMul", "pid": 9, "tid": 1, "ts": "5", "dur": 1, "args": {}},
        ...     {"ph": "s", "cat": "HostToDevice", "id": "a", "pid": 8, "tid": 3, "ts": "2"},
        ...     {"ph": "f", "cat": "HostToDevice", "id": "a", "pid": 9, "tid": 1, "ts": "5"},
        ... ]
        >>> creator = MsprofTimelineCreator()
        >>> creator.create(events)
        >>> {tid: {ts: [k.name for k in ks] for ts, ks in d.items()}
        ...  for tid, d in creator.get_acl_to_npu_flow_dict().items()}
        {3: {'2': ['MatMul']}}
    """

    def __init__(self):
        super().__init__()
        self.msprof_timeline_raw_data = []
        self.acl_to_npu_flow_dict = {}

    def create(self, data):
        if not data:
            return
        self.msprof_timeline_raw_data = data
        flow_dict, complete_event_map = self._create_base_events(data)
        self._create_acl_to_npu_flow_dict(flow_dict, complete_event_map)

    def _create_base_events(self, msprof_timeline_data):
        """Files the events into lanes; returns ``(flows by id, complete events by unique
        id)`` (the first start and end of each HostToDevice flow id count)."""
        flows, complete = {}, {}
        kinds = {
            EventConstant.COMPLETE_EVENT: MsprofCompleteEvent,
            EventConstant.INSTANT_EVENT: MsprofInstantEvent,
            EventConstant.META_EVENT: MsprofMetaEvent,
        }
        for record in msprof_timeline_data:
            pid = record.get("pid", 0)
            pool = self.event_pools.get(pid) or self._new_pool(pid)
            phase = record.get("ph")
            if record.get("cat") == EventConstant.HOST_TO_DEVICE_FLOW_CAT:
                end_kind = {
                    EventConstant.START_FLOW: ("start", FlowStartEvent),
                    EventConstant.END_FLOW: ("end", FlowEndEvent),
                }
                if phase in end_kind:
                    key, kind = end_kind[phase]
                    flow = kind(record)
                    flows.setdefault(flow.flow_id, {}).setdefault(key, flow)
            elif phase in kinds:
                event = kinds[phase](record)
                if phase == EventConstant.COMPLETE_EVENT:
                    complete[event.unique_id] = event
                pool.add_event(event)
        return flows, complete

    def _create_acl_to_npu_flow_dict(self, flow_dict, complete_event_map):
        for flow in flow_dict.values():
            start, end = flow.get("start"), flow.get("end")
            if not (start and end):
                continue
            kernel = complete_event_map.get(end.unique_id)
            if kernel is None:
                logger.warning(
                    f"No device event matches the end of flow {end.flow_id} "
                    f"(looked for {end.unique_id})"
                )
                continue
            by_time = self.acl_to_npu_flow_dict.setdefault(start.tid, {})
            by_time.setdefault(str(start.ts), []).append(kernel)

    def get_acl_to_npu_flow_dict(self):
        """``{launch tid: {launch ts text: [device kernel events]}}``."""
        return self.acl_to_npu_flow_dict

    def get_chrome_trace_data(self):
        return self.msprof_timeline_raw_data


def _scope_of(name):
    """The scope path of a full op name ("a/b/op" -> ["a", "b"])."""
    return name.split("/")[:-1]


class ScopeLayerTimelineCreator(BaseTimelineCreator):
    """The Scope Layer lane from kernel events (sorted by start; kernels overlapping the
    running top-level span are skipped, as parallel kernels would double-count).

    A kernel linked to a framework op takes the longer of its own scope and the op's.

    Example:
        >>> from msfunc.profiler.timeline.creators import ScopeLayerTimelineCreator
        >>> from msfunc.profiler.timeline.events import CpuOpCompleteEvent
        >>> ops = [CpuOpCompleteEvent({"name": f"Default/net/op{i}", "ts": t, "dur": 0.001})
        ...        for i, t in enumerate([1000, 3000])]
        >>> creator = ScopeLayerTimelineCreator()
        >>> creator.create(ops)
        >>> spans = creator.get_event_pools()[3].get_complete_events()
        >>> [(e.name, e.tid, str(e.ts), str(e.dur)) for e in spans]
        [('Default', 0, '1.000', '3.000'), ('net', 1, '1.000', '3.000')]
    """

    def create(self, data):
        if not data:
            return
        pool = self._new_pool(EventConstant.SCOPE_LAYER_PID)
        self._create_base_events(pool, data)
        self._create_meta_event(pool)

    def _create_base_events(self, pool, event_list):
        event_list.sort(key=lambda event: event.ts)
        open_spans = []  # the running span of each depth
        for event in event_list:
            parsed = self._parse_scope_data(event)
            if not parsed:
                continue
            scopes, start, dur = parsed
            end = start + dur
            if open_spans and start < open_spans[0].ts + open_spans[0].dur:
                continue
            extending = True  # deeper spans extend only while every shallower one does
            for depth, scope in enumerate(scopes):
                if depth >= len(open_spans):
                    open_spans.append(self._span(scope, depth, start, dur))
                elif extending and open_spans[depth].name == scope:
                    open_spans[depth].dur = end - open_spans[depth].ts
                else:
                    pool.add_event(open_spans[depth])
                    open_spans[depth] = self._span(scope, depth, start, dur)
                    extending = False
        for span in open_spans:
            pool.add_event(span)

    @staticmethod
    def _span(name, depth, start, dur):
        return ScopeLayerCompleteEvent({"name": name, "tid": depth, "ts": start, "dur": dur})

    @staticmethod
    def _parse_scope_data(event):
        """``(scope names, ts, dur)`` of a kernel event, or None when it has no scope."""
        parent = getattr(event, "parent", None)
        scopes = _scope_of(event.name)
        if parent:
            parent_scopes = _scope_of(parent.name.split("::")[-1])
            if scopes and parent_scopes:
                scopes = parent_scopes if len(parent_scopes) > len(scopes) else scopes
            else:
                scopes = scopes or parent_scopes
        return (scopes, event.ts, event.dur) if scopes else None

    @staticmethod
    def _create_meta_event(pool):
        _add_lane_meta(
            pool,
            ScopeLayerMetaEvent,
            TimelineLayerName.SCOPER_LAYER.value,
            EventConstant.SCOPE_LAYER_SORT_IDX,
        )


def is_scope_data(event):
    """Whether a kernel event's full name starts with a top-level scope (Default, Gradients,
    recompute_Default); a framework event's name is read after its last ``::``.

    Example:
        >>> from msfunc.profiler.timeline.creators import is_scope_data
        >>> from msfunc.profiler.timeline.events import CpuOpCompleteEvent
        >>> is_scope_data(CpuOpCompleteEvent({"name": "Gradients/op"}))
        True
    """
    if isinstance(event, (CpuOpCompleteEvent, MsprofCompleteEvent)):
        name = event.name
    elif isinstance(event, FwkCompleteEvent):
        name = event.name.split("::")[-1]
    else:
        return False
    return name and name.startswith(EventConstant.TOP_SCOPE_NAMES)
