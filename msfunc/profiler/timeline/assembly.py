"""Assembling the whole timeline: lanes from every creator, flows between them, scope layers.

`AscendTimelineAssembler.assemble(data)` takes ``mindspore_op_list`` (framework records),
``cpu_op_lines`` and ``msprof_timeline`` (CANN's trace events), and links:
framework flow starts to their ends ("mindspore_to_self"), framework Mstx API calls to the
mstx ranges they opened ("mindspore_to_mstx"), and kernel launches to the device kernels
they launched ("mindspore_to_npu", not at profiler level LevelNone). The result is the
container's trace view (a list of Chrome trace-event dicts, MindSpore's trace_view.json).
"""

from collections import defaultdict
from decimal import Decimal

from ... import log as logger
from ..profiler_logger import ProfilerLogger
from ..trace_constants import EventConstant, JitLevel, ProfilerStepNameConstant, TimelineLayerName
from .creators import (
    CpuOpTimelineCreator,
    FwkTimelineCreator,
    MsprofTimelineCreator,
    ScopeLayerTimelineCreator,
    is_scope_data,
)
from .events import FlowEndEvent, FlowStartEvent

__all__ = ["AscendTimelineAssembler", "BaseTimelineAssembler", "TraceViewContainer"]

_LEVEL_NONE = "LevelNone"


class TraceViewContainer:
    """The lanes of a timeline by pid and by name, and its trace-event dicts.

    A second lane of an existing name is a ValueError.

    Example:
        >>> from msfunc.profiler.timeline.assembly import TraceViewContainer
        >>> from msfunc.profiler.timeline.event_pool import TimelineEventPool
        >>> container = TraceViewContainer()
        >>> pool = TimelineEventPool(4)
        >>> pool.name = "CPU OP"
        >>> container.add_event_pool(pool)
        >>> container.get_pool_by_name("CPU OP") is container.get_pool_by_pid(4)
        True
    """

    def __init__(self):
        self.event_pools = {}
        self.name_to_pid = {}
        self.pid_to_name = {}
        self.trace_view = []
        self.kernel_launch_op_event = defaultdict(list)
        self.hardware_op_event = defaultdict(list)

    def add_event_pool(self, pool):
        """Adds a lane (keyed by its pid, and by its name when it has one)."""
        if pool.name and pool.name in self.name_to_pid:
            raise ValueError(f"The timeline already has a lane named {pool.name!r}.")
        self.event_pools[pool.pid] = pool
        if pool.name:
            self.name_to_pid[pool.name] = pool.pid
            self.pid_to_name[pool.pid] = pool.name

    def add_trace_events(self, events):
        """Appends trace-event dicts to the trace view."""
        self.trace_view.extend(events)

    def get_pool_by_pid(self, pid):
        """The lane `pid`, or None."""
        return self.event_pools.get(pid)

    def get_pool_by_name(self, name):
        """The lane named `name`, or None."""
        pid = self.name_to_pid.get(name)
        return None if pid is None else self.event_pools.get(pid)

    def get_trace_view(self):
        """The trace-event dicts added so far."""
        return self.trace_view

    def get_all_pools(self):
        """The lanes, in the order added."""
        return list(self.event_pools.values())

    def get_step_id_time_dict(self):
        """``{step id: (start, end)}`` of the MindSpore lane's ``ProfilerStep#<id>`` events,
        ordered by start."""
        pool = self.get_pool_by_name(TimelineLayerName.MINDSPORE.value)
        if not pool:
            return {}
        steps = [
            (event.name.split("#")[-1], (event.ts, event.ts + event.dur))
            for event in pool.get_all_events()
            if ProfilerStepNameConstant.PROFILER_STEP in event.name
        ]
        return dict(sorted(steps, key=lambda step: step[1][0]))


class BaseTimelineAssembler:
    """Owns the `TraceViewContainer` an assembler fills in `assemble(data)`.

    Example:
        >>> from msfunc.profiler.timeline.assembly import BaseTimelineAssembler
        >>> BaseTimelineAssembler().get_trace_view_container().get_trace_view()
        []
    """

    def __init__(self):
        self.trace_view_container = TraceViewContainer()

    def assemble(self, data):
        """Builds the timeline from `data`."""
        raise NotImplementedError

    def get_trace_view_container(self):
        """The container holding the assembled timeline."""
        return self.trace_view_container


def _flow_pair(start_event, end_event, name, cat, flow_id=None):
    """The trace dicts of one flow arrow (its id defaults to the end's start time)."""
    flow_id = str(end_event.ts) if flow_id is None else flow_id
    common = {"name": name, "cat": cat, "id": flow_id, "bp": "e"}
    ends = []
    for kind, event in ((FlowStartEvent, start_event), (FlowEndEvent, end_event)):
        record = dict(common, pid=event.pid, tid=event.tid, ts=event.ts)
        ends.append(kind(record).to_trace_format())
    return ends


def _link(parent, child):
    child.parent = parent
    parent.children.append(child)


class AscendTimelineAssembler(BaseTimelineAssembler):
    """The timeline of one profiler output folder (see the module docstring).

    Keyword arguments: ``profiler_level`` ("LevelNone" skips device links), ``jit_level``
    ("O2" runs without per-kernel launches, so missing launches are no warning) and
    ``ascend_ms_dir`` (where the profiler log is written).

    Example:
        >>> import tempfile
        >>> from msfunc.profiler.timeline.assembly import AscendTimelineAssembler
        >>> asm = AscendTimelineAssembler(ascend_ms_dir=tempfile.mkdtemp())
        >>> asm.assemble({"cpu_op_lines": ["Default/Add-op1;Add;1000,0.001,1"]})
        >>> sorted(p.name for p in asm.get_trace_view_container().get_all_pools())
        ['CPU OP', 'Scope Layer']
    """

    def __init__(self, **kwargs):
        super().__init__()
        self._profiler_level = kwargs.get("profiler_level")
        self._jit_level = kwargs.get("jit_level")
        self._init_creators()
        ProfilerLogger.init(kwargs.get("ascend_ms_dir"))
        self._logger = ProfilerLogger.get_instance()

    def _init_creators(self):
        self._fwk_creator = FwkTimelineCreator()
        self._cpu_op_creator = CpuOpTimelineCreator()
        self._msprof_creator = MsprofTimelineCreator()
        self._scope_layer_creator = ScopeLayerTimelineCreator()

    def assemble(self, data):
        self._assemble_basic_events(data)
        self._assemble_flow_events()
        self._assemble_scope_layer_events()

    def _assemble_basic_events(self, data):
        self._assemble_events(self._fwk_creator, data.get("mindspore_op_list", []))
        self._assemble_events(self._cpu_op_creator, data.get("cpu_op_lines", []))
        self._assemble_events(self._msprof_creator, data.get("msprof_timeline", []))

    def _assemble_events(self, creator, data):
        creator.create(data)
        for pool in creator.get_event_pools().values():
            self.trace_view_container.add_event_pool(pool)
        self.trace_view_container.add_trace_events(creator.get_chrome_trace_data())

    def _assemble_scope_layer_events(self):
        """Scope layers from the host CPU kernels and the device kernels (a device kernel
        also counts when the op that launched it is scoped)."""
        container = self.trace_view_container
        scoped = []
        cpu_pool = container.get_pool_by_name(TimelineLayerName.CPU_OP.value)
        if cpu_pool:
            scoped.extend(e for e in cpu_pool.get_complete_events() if is_scope_data(e))
        device_pool = container.get_pool_by_name(TimelineLayerName.ASCEND_HARDWARE.value)
        if device_pool:
            scoped.extend(
                e
                for e in device_pool.get_complete_events()
                if is_scope_data(e) or is_scope_data(e.parent)
            )
        if scoped:
            self._assemble_events(self._scope_layer_creator, scoped)

    def _assemble_flow_events(self):
        container = self.trace_view_container
        fwk_pool = container.get_pool_by_name(TimelineLayerName.MINDSPORE.value)
        if not fwk_pool:
            return
        container.add_trace_events(self._create_fwk_to_fwk_flow(fwk_pool))
        for mstx_name in TimelineLayerName.MSTX.value:
            mstx_pool = container.get_pool_by_name(mstx_name)
            if mstx_pool:
                container.add_trace_events(self._create_fwk_to_mstx_flow(mstx_pool, fwk_pool))
        if self._profiler_level == _LEVEL_NONE:
            return
        device_pool = container.get_pool_by_name(TimelineLayerName.ASCEND_HARDWARE.value)
        cann_pool = container.get_pool_by_name(TimelineLayerName.CANN.value)
        if not device_pool or not cann_pool:
            return
        for event in fwk_pool.get_complete_events():
            if any(word in event.name for word in EventConstant.KERNEL_LAUNCH_KEYWORDS):
                container.kernel_launch_op_event[event.tid].append(event)
        container.add_trace_events(self._create_fwk_to_hardware_flow())

    def _create_fwk_to_hardware_flow(self):
        """Links each device kernel to the framework launch op whose span holds the launch
        time, thread by thread (both sides walked in time order)."""
        launches_by_time = self._msprof_creator.get_acl_to_npu_flow_dict()
        fwk_launches = self.trace_view_container.kernel_launch_op_event
        whole_graph = self._jit_level == JitLevel.GRAPH_LEVEL
        if not launches_by_time and not whole_graph:
            logger.error("The CANN and Ascend Hardware lanes have no flows linking them.")
            return []
        if not fwk_launches and not whole_graph:
            logger.warning("The MindSpore lane has no kernel launch ops.")
            return []
        if set(launches_by_time) != set(fwk_launches):
            self._logger.warning("The framework and CANN launch kernels on different threads.")
        flows = []
        for tid, kernels_by_time in launches_by_time.items():
            launch_ops = sorted(fwk_launches.get(tid, []), key=lambda e: e.ts)
            index = 0
            for launch_time, kernels in sorted(
                kernels_by_time.items(), key=lambda kv: Decimal(kv[0])
            ):
                launch_time = Decimal(launch_time)
                while index < len(launch_ops) and launch_ops[index].ts <= launch_time:
                    op = launch_ops[index]
                    if launch_time <= op.te:
                        for kernel in kernels:
                            _link(op, kernel)
                            self.trace_view_container.hardware_op_event[kernel.tid].append(kernel)
                            flows.extend(
                                _flow_pair(
                                    op,
                                    kernel,
                                    EventConstant.MINDSPORE_NPU_FLOW_NAME,
                                    EventConstant.MINDSPORE_NPU_FLOW_CAT,
                                )
                            )
                        break  # the next launch time may fall in the same op
                    index += 1
        return flows

    @staticmethod
    def _create_fwk_to_fwk_flow(framework_pool):
        """Arrows between the one start and one end of each framework flow id."""
        flows = []
        for flow_id, ends in framework_pool.get_start_to_end_flow_pairs().items():
            if len(ends["start"]) != 1 or len(ends["end"]) != 1:
                logger.info(
                    f"Framework flow {flow_id} has {len(ends['start'])} starts and "
                    f"{len(ends['end'])} ends (one of each expected); not drawn"
                )
                continue
            start, end = ends["start"][0], ends["end"][0]
            _link(start, end)
            flows.extend(
                _flow_pair(
                    start,
                    end,
                    EventConstant.MINDSPORE_SELF_FLOW_NAME,
                    EventConstant.MINDSPORE_SELF_FLOW_CAT,
                    flow_id,
                )
            )
        return flows

    @staticmethod
    def _create_fwk_to_mstx_flow(mstx_pool, fwk_pool):
        """Links each mstx range to the framework Mstx call whose span holds its start, per
        thread, each call used once."""
        calls_by_tid = defaultdict(list)
        for event in fwk_pool.get_complete_events():
            if EventConstant.MSTX_KEYWORD in event.name:
                calls_by_tid[event.tid].append(event)
        flows = []
        for tid, ranges in mstx_pool.complete_event.items():
            calls = sorted(calls_by_tid.get(tid, []), key=lambda e: e.ts)
            index = 0
            for mstx in sorted(ranges, key=lambda e: e.ts):
                while index < len(calls) and mstx.ts >= calls[index].ts:
                    call = calls[index]
                    index += 1
                    if mstx.ts <= call.te:
                        _link(call, mstx)
                        flows.extend(
                            _flow_pair(
                                call,
                                mstx,
                                EventConstant.MSTX_FLOW_NAME,
                                EventConstant.MSTX_FLOW_CAT,
                            )
                        )
                        break
        return flows
