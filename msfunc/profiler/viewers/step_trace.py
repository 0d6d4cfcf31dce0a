"""step_trace_time.csv: per step, the device time spent computing, communicating, idle, and
the host time before the step's first device task.

The overlap-analysis lane (Computing, Communication, Communication(Not Overlapped), Free rows)
and the HCCL lane of the assembled timeline are its input; steps come from the framework's
``ProfilerStep#<n>`` spans (one unbounded step without them).
"""

import enum
import os
import re
from decimal import Decimal
from typing import Any

import numpy as np

from ... import log as logger
from ..constant import ProfilerActivity, ProfilerLevel
from ..file_manager import FileManager
from ..profiler_logger import ProfilerLogger
from ..trace_constants import OverlapAnalysisTidName, TimelineLayerName
from .base import BaseViewer, option

__all__ = ["AscendStepTraceTimeViewer", "StepTraceTimeHeaders"]

_US = Decimal("0.000")


class StepTraceTimeHeaders(enum.Enum):
    """The columns of step_trace_time.csv, in order.

    Example:
        >>> from msfunc.profiler.viewers.step_trace import StepTraceTimeHeaders
        >>> [h.value for h in StepTraceTimeHeaders][:3]
        ['Step', 'Computing', 'Communication(Not Overlapped)']
    """

    STEP = "Step"
    COMPUTING = "Computing"
    COMMUNICATION_NOT_OVERLAPPED = "Communication(Not Overlapped)"
    OVERLAPPED = "Overlapped"
    COMMUNICATION = "Communication"
    FREE = "Free"
    STAGE = "Stage"
    BUBBLE = "Bubble"
    COMMUNICATION_NOT_OVERLAPPED_EXCLUDE_RECEIVE = (
        "Communication(Not Overlapped and Exclude Receive)"
    )
    PREPARING = "Preparing"


_H = StepTraceTimeHeaders


def _spans(events, dtype):
    """(ts, dur) of `events` as a structured array sorted by start."""
    return np.sort(np.array([(e.ts, e.dur) for e in events], dtype=dtype), order="ts")


class AscendStepTraceTimeViewer(BaseViewer):
    """Writes ``<ascend_profiler_output_path>/step_trace_time.csv`` from the
    ``trace_view_container`` of the analysed data (nothing at profiler level LevelNone).

    Per step [start, end]: Computing, Communication and Communication(Not Overlapped) sum the
    durations of the spans starting inside it; Free sums the idle spans clipped to it;
    Overlapped is Communication minus its not-overlapped part; Stage and Bubble split the
    step's HCCL time into pipeline send/receive (Bubble) and the rest; Preparing is the time
    from the step's start (the first framework event without steps) to its first device
    task (0 without the CPU activity).

    Example:
        >>> import tempfile
        >>> from decimal import Decimal
        >>> import numpy as np
        >>> from msfunc.profiler.viewers.step_trace import AscendStepTraceTimeViewer
        >>> out = tempfile.mkdtemp()
        >>> v = AscendStepTraceTimeViewer(ascend_profiler_output_path=out, ascend_ms_dir=out,
        ...                               profiler_level="Level1", activities=[])
        >>> spans = np.array([(Decimal(1), Decimal(2)), (Decimal(9), Decimal(4))],
        ...                  dtype=v.OVERLAP_DTYPE)
        >>> str(v._calculate_free_event_total_time_by_step(spans, Decimal(2), Decimal(10)))
        '2.000'
    """

    STEP_TRACE_TIME_FILE_NAME = "step_trace_time.csv"
    STEP_TRACE_TIME_HEADERS = [header.value for header in StepTraceTimeHeaders]
    # pipeline-parallel send/receive ops: their HCCL time is the pipeline's bubble
    PP_OP_PATTERN = tuple(
        re.compile(p)
        for p in (
            r"^hcom_\w+SendRecv__\d+",
            r"hcom_send__\d+",
            r"hcom_receive__\d+",
            r"Receive-op",
            r"Send-op",
        )
    )
    OVERLAP_DTYPE = np.dtype([("ts", object), ("dur", object)])
    HCCL_DTYPE = np.dtype([("name", object), ("ts", object), ("dur", object)])

    def __init__(self, **kwargs):
        output = option(kwargs, "ascend_profiler_output_path")
        self._save_path = os.path.join(output, self.STEP_TRACE_TIME_FILE_NAME)
        self._profiler_level = option(kwargs, "profiler_level")
        self._ascend_ms_dir = option(kwargs, "ascend_ms_dir")
        self._activities = option(kwargs, "activities")
        ProfilerLogger.init(self._ascend_ms_dir)
        self._logger = ProfilerLogger.get_instance()
        self.step_trace_time_data_list = []
        # filled from the analysed data by `save`
        self.trace_container: Any = None
        self.hccl_pool: Any = None
        self.overlap_pool: Any = None
        self.hccl_events: Any = None
        self.computing_events: Any = None
        self.communication_events: Any = None
        self.communication_not_overlapped_events: Any = None
        self.free_events: Any = None
        self.computing_np: Any = None
        self.communication_np: Any = None
        self.communication_not_overlapped_np: Any = None
        self.free_np: Any = None
        self.hccl_events_np: Any = None

    def save(self, data):
        if self._profiler_level == ProfilerLevel.LevelNone.value:
            return
        try:
            self._check_input_data(data)
            self._convert_events_to_numpy()
            self._calculate_step_trace_time()
            self._write_data()
        except Exception as err:  # noqa: BLE001 (one output file must not stop the others)
            self._logger.error("step_trace_time.csv not written: %s", err, exc_info=True)

    def _write_data(self):
        rows = [
            [str(item.get(h, "")) for h in self.STEP_TRACE_TIME_HEADERS]
            for item in self.step_trace_time_data_list
        ]
        FileManager.create_csv_file(self._save_path, rows, self.STEP_TRACE_TIME_HEADERS)

    def _check_input_data(self, data):
        """Takes the overlap-analysis and HCCL lanes (ValueError without a timeline or an
        overlap lane)."""
        self.trace_container = data.get("trace_view_container")
        if self.trace_container is None:
            raise ValueError("the analysed data has no timeline")
        container = self.trace_container
        self.overlap_pool = container.get_pool_by_name(TimelineLayerName.OVERLAP_ANALYSIS.value)
        self.hccl_pool = container.get_pool_by_name(TimelineLayerName.HCCL.value)
        if self.overlap_pool is None:
            raise ValueError("the timeline has no overlap analysis lane")
        rows = self.overlap_pool.get_events_by_name
        self.computing_events = rows(OverlapAnalysisTidName.COMPUTING.value)
        self.communication_events = rows(OverlapAnalysisTidName.COMMUNICATION.value)
        self.communication_not_overlapped_events = rows(
            OverlapAnalysisTidName.COMMUNICATION_NOT_OVERLAP.value
        )
        self.free_events = rows(OverlapAnalysisTidName.FREE.value)
        if self.hccl_pool is not None:
            self.hccl_events = self.hccl_pool.get_complete_events()

    def _convert_overlap_events_to_numpy(self, events, dtype):
        return np.array([(e.ts, e.dur) for e in events], dtype=dtype)

    def _convert_events_to_numpy(self):
        self.computing_np = _spans(self.computing_events, self.OVERLAP_DTYPE)
        self.communication_np = _spans(self.communication_events, self.OVERLAP_DTYPE)
        self.communication_not_overlapped_np = _spans(
            self.communication_not_overlapped_events, self.OVERLAP_DTYPE
        )
        self.free_np = _spans(self.free_events, self.OVERLAP_DTYPE)
        if self.hccl_events is not None:
            hccl = [(e.name, e.ts, e.dur) for e in self.hccl_events]
            self.hccl_events_np = np.sort(np.array(hccl, dtype=self.HCCL_DTYPE), order="ts")

    def _calculate_step_trace_time(self):
        self.generate_step_trace_time_data(self._init_step_dict())

    def _init_step_dict(self):
        steps = self.trace_container.get_step_id_time_dict()
        return steps or {0: (Decimal("0"), Decimal("Infinity"))}

    def generate_step_trace_time_data(self, step_id_to_time_dict):
        """Appends one row dict per step to `step_trace_time_data_list`."""
        for step_id, (start, end) in step_id_to_time_dict.items():
            total = self._calculate_event_total_time_by_step
            row = {
                _H.STEP.value: step_id,
                _H.COMPUTING.value: total(self.computing_np, start, end),
                _H.COMMUNICATION.value: total(self.communication_np, start, end),
                _H.COMMUNICATION_NOT_OVERLAPPED.value: total(
                    self.communication_not_overlapped_np, start, end
                ),
                _H.FREE.value: self._calculate_free_event_total_time_by_step(
                    self.free_np, start, end
                ),
            }
            not_overlapped = row[_H.COMMUNICATION_NOT_OVERLAPPED.value]
            row[_H.OVERLAPPED.value] = row[_H.COMMUNICATION.value] - not_overlapped
            stage, bubble = self._calculate_stage_bubble(start, end)
            row[_H.STAGE.value], row[_H.BUBBLE.value] = stage, bubble
            row[_H.COMMUNICATION_NOT_OVERLAPPED_EXCLUDE_RECEIVE.value] = not_overlapped - bubble
            row[_H.PREPARING.value] = self._calculate_prepare_time_by_step(
                self.computing_np, self.communication_np, start, step_id
            )
            self.step_trace_time_data_list.append(row)

    @staticmethod
    def _calculate_event_total_time_by_step(times, ts, es):
        """The summed duration of the spans starting in [ts, es]."""
        starts = times["ts"]
        inside = times[(starts >= ts) & (starts <= es)]
        return Decimal(str(inside["dur"].sum())).quantize(_US)

    @staticmethod
    def _calculate_free_event_total_time_by_step(times, ts, es):
        """The summed duration of the spans' parts inside [ts, es]."""
        inside = (
            max(min(start + dur, es) - max(start, ts), _US)
            for start, dur in zip(times["ts"], times["dur"])
        )
        return Decimal(sum(inside)).quantize(_US)

    @staticmethod
    def _calculate_event_first_time_by_step(times, ts):
        """The first span start at or after `ts` (None when none)."""
        index = np.searchsorted(times["ts"], ts)
        if index >= len(times):
            return None
        return Decimal(str(times["ts"][index])).quantize(_US)

    def _calculate_prepare_time_by_step(self, computing_np, communication_np, ts, step_id):
        if ProfilerActivity.CPU.value not in self._activities:
            return _US
        firsts = [
            t
            for t in (
                self._calculate_event_first_time_by_step(computing_np, ts),
                self._calculate_event_first_time_by_step(communication_np, ts),
            )
            if t
        ]
        if not firsts:
            logger.warning(f"Step {step_id} has no device task; its preparing time is 0")
            return _US
        host_start = ts
        if ts == Decimal("0"):  # no steps marked: the run's first framework event
            pool = self.trace_container.get_pool_by_name(TimelineLayerName.MINDSPORE.value)
            host_start = min(event.ts for event in pool.get_complete_events())
        return (min(firsts) - host_start).quantize(_US)

    def _calculate_stage_bubble(self, ts, es):
        """(stage, bubble) of the HCCL spans starting in [ts, es]; (0, 0) without them."""
        if self.hccl_events is None:
            return Decimal(0), Decimal(0)
        spans = self.hccl_events_np
        spans = spans[(spans["ts"] >= ts) & (spans["ts"] <= es)]
        if spans.size == 0:
            return Decimal(0), Decimal(0)
        total = spans["ts"][-1] - spans["ts"][0] + spans["dur"][-1]
        is_pp = np.array([self._is_send_recv_op(name) for name in spans["name"]])
        bubble = np.sum(spans["dur"][is_pp])
        return total - bubble, bubble

    def _is_send_recv_op(self, op_name):
        """Whether `op_name` is a pipeline send or receive."""
        return any(pattern.match(op_name) for pattern in self.PP_OP_PATTERN)
