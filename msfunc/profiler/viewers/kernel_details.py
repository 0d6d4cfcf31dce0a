"""kernel_details.csv: CANN's op summary of device kernels, each named after the framework op
that launched it (``<launch op>/<kernel>``) and tagged with its step."""

import os
from decimal import Decimal
from typing import Any

from ... import log as logger
from ..constant import ProfilerActivity, ProfilerLevel
from ..file_manager import FileManager
from ..profiler_logger import ProfilerLogger
from ..trace_constants import JitLevel, OpSummaryHeaders
from .base import BaseViewer, option

__all__ = ["AscendKernelDetailsViewer"]

_S = OpSummaryHeaders


def _get_step_id_by_ts(ts, step_events_dict):
    """The step whose [start, end] holds `ts`; else the last step (None without steps)."""
    for step_id, (start, end) in step_events_dict.items():
        if start <= ts <= end:
            return step_id
    return list(step_events_dict)[-1] if step_events_dict else None


def _generate_hardware_op_event_step_id(hardware_op_events_dict, step_id_to_time_dict):
    """Gives each linked device kernel the step of the op that launched it."""
    for kernels in hardware_op_events_dict.values():
        for kernel in kernels:
            if kernel.parent:
                kernel.step_id = _get_step_id_by_ts(kernel.parent.ts, step_id_to_time_dict)


class AscendKernelDetailsViewer(BaseViewer):
    """Writes ``<ascend_profiler_output_path>/kernel_details.csv`` from the analysed data's
    ``op_summary`` (a structured array) and ``trace_view_container``.

    The op summary's columns are kept but Device_id (and at Level0 the shape, dtype, format,
    mix-block, HF32 and context columns); Step ID only with a schedule, steps and a jit level
    other than O2. Op summary columns are renamed (Op Name -> Name, OP Type -> Type, Task
    Type -> Accelerator Core, Task Start Time/Duration/Wait Time(us) -> Start Time/Duration/
    Wait Time(us)). Nothing at LevelNone; failures are logged, not raised.

    Example:
        >>> import tempfile
        >>> from msfunc.profiler.viewers.kernel_details import AscendKernelDetailsViewer
        >>> out = tempfile.mkdtemp()
        >>> v = AscendKernelDetailsViewer(ascend_profiler_output_path=out, ascend_ms_dir=out,
        ...                               profiler_level="Level1", activities=["CPU"])
        >>> v.save({})
        >>> v.RENAME_HEADERS["Op Name"]
        'Name'
    """

    KERNEL_DETAILS_FILE_NAME = "kernel_details.csv"
    EXCLUDE_HEADERS = [_S.DEVICE_ID.value]
    LEVEL0_EXCLUDE_HEADERS = [
        h.value
        for h in (
            _S.MIX_BLOCK_NUM,
            _S.HF32_ELIGIBLE,
            _S.INPUT_SHAPES,
            _S.INPUT_DATA_TYPES,
            _S.INPUT_FORMATS,
            _S.OUTPUT_SHAPES,
            _S.OUTPUT_DATA_TYPES,
            _S.OUTPUT_FORMATS,
            _S.CONTEXT_ID,
        )
    ]
    RENAME_HEADERS = {
        _S.OP_NAME.value: "Name",
        _S.OP_TYPE.value: "Type",
        _S.TASK_TYPE.value: "Accelerator Core",
        _S.TASK_START_TIME.value: "Start Time(us)",
        _S.TASK_DURATION.value: "Duration(us)",
        _S.TASK_WAIT_TIME.value: "Wait Time(us)",
    }

    def __init__(self, **kwargs):
        output = option(kwargs, "ascend_profiler_output_path")
        self._save_path = os.path.join(output, self.KERNEL_DETAILS_FILE_NAME)
        self._ascend_ms_dir = option(kwargs, "ascend_ms_dir")
        self._is_set_schedule = option(kwargs, "is_set_schedule")
        self._jit_level = option(kwargs, "jit_level")
        self._profiler_level = option(kwargs, "profiler_level")
        self._activities = option(kwargs, "activities")
        # filled from the analysed data by `save`
        self.op_summary_headers: Any = None
        self.op_summary: Any = None
        self.trace_container: Any = None
        self.kernel_details_headers: Any = None
        ProfilerLogger.init(self._ascend_ms_dir)
        self._logger = ProfilerLogger.get_instance()

    def _stepped(self):
        """Whether rows carry their step (a schedule, and kernels launched one by one)."""
        return self._is_set_schedule and self._jit_level != JitLevel.GRAPH_LEVEL

    def save(self, data):
        self._logger.info("AscendKernelDetailsViewer start")
        try:
            if self._profiler_level == ProfilerLevel.LevelNone.value:
                return
            self._check_input_data(data)
            self._update_kernel_name_and_step_id()
            self._update_headers()
            self._write_data()
            self._logger.info("Kernel details saved done")
        except Exception as err:  # noqa: BLE001 (one output file must not stop the others)
            self._logger.error("kernel_details.csv not written: %s", err, exc_info=True)
        self._logger.info("AscendKernelDetailsViewer end")

    def _check_input_data(self, data):
        """Takes the timeline and op summary (ValueError when either is missing)."""
        self.trace_container = data.get("trace_view_container")
        self.op_summary = data.get("op_summary")
        self.op_summary_headers = data.get("op_summary_headers")
        if self.op_summary is None or self.op_summary.size == 0:
            raise ValueError("The analysed data has no op summary rows")
        if self.trace_container is None:
            raise ValueError("The analysed data has no timeline")

    def _write_data(self):
        rows = [[row[field] for field in self.op_summary_headers] for row in self.op_summary]
        FileManager.create_csv_file(
            file_path=self._save_path, data=rows, headers=self.kernel_details_headers
        )

    def _update_headers(self):
        dropped = set(self.EXCLUDE_HEADERS)
        if self._profiler_level == ProfilerLevel.Level0.value:
            dropped.update(self.LEVEL0_EXCLUDE_HEADERS)
        self.op_summary_headers = [h for h in self.op_summary_headers if h not in dropped]
        if not self._stepped() or not self.trace_container.get_step_id_time_dict():
            self.op_summary_headers.remove(_S.STEP_ID.value)
        self.kernel_details_headers = [
            self.RENAME_HEADERS.get(h, h) for h in self.op_summary_headers
        ]

    def _update_kernel_name_and_step_id(self):
        """Renames each kernel after its launch op and sets its step (with the CPU activity)."""
        self._logger.info("Update kernel name start")
        kernels = self.trace_container.hardware_op_event
        steps = self.trace_container.get_step_id_time_dict()
        if ProfilerActivity.CPU.value in self._activities:
            self._update_kernel_detail_op_name_and_step_id(kernels, steps)

    def _update_kernel_detail_op_name_and_step_id(self, dev_kernels, step_id_to_time_dict):
        _generate_hardware_op_event_step_id(dev_kernels, step_id_to_time_dict)
        if not dev_kernels and self._jit_level != JitLevel.GRAPH_LEVEL:
            logger.warning("No device kernel is linked to a framework launch op.")
            return
        linked = {(k.name, str(k.ts)): k for kernels in dev_kernels.values() for k in kernels}
        names, step_ids = [], []
        for summary in self.op_summary:
            name = summary[_S.OP_NAME.value]
            ts = str(summary[_S.TASK_START_TIME.value]).strip("\t")
            kernel = linked.get((name, ts))
            launch = kernel.parent.name if kernel is not None and kernel.parent else None
            step_id = kernel.step_id if kernel is not None else None
            if step_id is None:
                step_id = _get_step_id_by_ts(Decimal(ts), step_id_to_time_dict)
            if launch is None:
                self._logger.warning("No launch op found for kernel %s at %s", name, ts)
                names.append(name)
            else:
                names.append(f"{launch}/{name}")
            if step_id is None and self._stepped():
                self._logger.warning("No step found for kernel %s at %s", name, ts)
            step_ids.append(step_id)
        self.op_summary[_S.OP_NAME.value] = names
        if self._stepped():
            self.op_summary[_S.STEP_ID.value] = step_ids
        self._logger.info("Update kernel name done")
