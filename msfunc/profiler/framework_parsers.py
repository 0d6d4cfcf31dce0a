"""Analysis steps reading a profile's raw files: the framework's op ranges and CPU op times,
CANN's exported msprof timeline and op summary, and the step assembling the timeline."""

import glob
import os
import shutil
import struct
import subprocess

import numpy as np

from .. import log as logger
from .base_parser import BaseParser
from .constant import ExportType, ProfilerActivity, ProfilerLevel
from .file_manager import FileManager
from .path_manager import PathManager
from .profiler_logger import ProfilerLogger
from .timeline.assembly import AscendTimelineAssembler
from .timeline.fwk_events import FwkFixSizeFormat, OpRangeStructField
from .tlv_decoder import TLVDecoder
from .trace_constants import DeviceTarget, FileConstant
from .viewers.base import option

__all__ = ["AscendMsprofParser", "FrameworkCannRelationParser", "FrameworkParser"]

_STEP = OpRangeStructField.STEP.value


class FrameworkParser(BaseParser):
    """Reads the FRAMEWORK folder: ``mindspore.op_range`` (TLV op-range records, none on a
    CPU-only run) and ``cpu_op_execute_timestamp_<rank>.txt`` into ``mindspore_op_list`` and
    ``cpu_op_lines``; nothing without the CPU activity. With ``step_list`` only the records
    of those steps (1 = the first step recorded) are kept.

    Keyword arguments: ``rank_id``, ``activities``, ``step_list``, ``framework_path``,
    ``device_target``, ``ascend_ms_dir``.

    Example:
        >>> import tempfile
        >>> from msfunc.profiler.framework_parsers import FrameworkParser
        >>> out = tempfile.mkdtemp()
        >>> parser = FrameworkParser(rank_id=0, activities=["CPU"], framework_path=out,
        ...                          device_target="CPU", ascend_ms_dir=out)
        >>> parser._parse({})
        {'mindspore_op_list': [], 'cpu_op_lines': []}
    """

    _OP_RANGE_FILE_NAME = "mindspore.op_range"
    _CPU_OP_TIMESTAMP_FILE_NAME = "cpu_op_execute_timestamp_{}.txt"

    def __init__(self, next_parser=None, **kwargs):
        super().__init__(next_parser)
        self._rank_id = option(kwargs, "rank_id")
        self._activities = option(kwargs, "activities")
        self._step_list = option(kwargs, "step_list")
        self._framework_path = option(kwargs, "framework_path")
        self._device_target = option(kwargs, "device_target")
        self._ascend_ms_dir = option(kwargs, "ascend_ms_dir")
        self._op_range_path = os.path.join(self._framework_path, self._OP_RANGE_FILE_NAME)
        cpu_name = self._CPU_OP_TIMESTAMP_FILE_NAME.format(self._rank_id)
        self._cpu_op_path = os.path.join(self._framework_path, cpu_name)
        ProfilerLogger.init(self._ascend_ms_dir)
        self._logger = ProfilerLogger.get_instance()

    def _parse(self, data):
        if ProfilerActivity.CPU.value not in self._activities:
            return data
        op_list = self._parse_op_range_data()
        self._logger.info("Framework op ranges read: %d records", len(op_list))
        cpu_lines = self._parse_cpu_op_data()
        self._logger.info("Framework CPU op times read: %d lines", len(cpu_lines))
        data.update({"mindspore_op_list": op_list, "cpu_op_lines": cpu_lines})
        return data

    def _parse_op_range_data(self):
        """The decoded op-range records of the kept steps ([] when there are none)."""
        if self._device_target == DeviceTarget.CPU.value:
            return []
        if not os.path.exists(self._op_range_path):
            logger.error(
                "No framework op_range file in %s; host data skipped.", self._framework_path
            )
            return []
        try:
            raw = FileManager.read_file_content(self._op_range_path, "rb")
            layout = FwkFixSizeFormat.OpRangeStruct
            records = TLVDecoder.decode(raw, layout, struct.calcsize(layout))
            if not records:
                logger.error("The op_range file %s holds no records", self._op_range_path)
            return self._filter_op_range_list(records)
        except RuntimeError as err:
            logger.error("Could not read %s: %s", self._op_range_path, err)
            return []

    def _filter_op_range_list(self, op_range_list):
        """The records whose step is in ``step_list`` (counted from the first step seen)."""
        if not self._step_list or not isinstance(self._step_list, list):
            return op_range_list
        first = min(op[FileConstant.FIX_SIZE_DATA][_STEP] for op in op_range_list)
        wanted = {step - 1 + first for step in self._step_list}
        return [op for op in op_range_list if op[FileConstant.FIX_SIZE_DATA][_STEP] in wanted]

    def _parse_cpu_op_data(self):
        """The lines of the CPU op timestamp file ([] without one)."""
        if not os.path.exists(self._cpu_op_path):
            return []
        try:
            return FileManager.read_txt_file(self._cpu_op_path)
        except RuntimeError as err:
            logger.warning("Could not read %s: %s", self._cpu_op_path, err)
            return []


class FrameworkCannRelationParser(BaseParser):
    """Assembles the timeline (`AscendTimelineAssembler`, same keyword arguments) from the
    data of the steps before it and adds it as ``trace_view_container``.

    Example:
        >>> import tempfile
        >>> from msfunc.profiler.framework_parsers import FrameworkCannRelationParser
        >>> parser = FrameworkCannRelationParser(ascend_ms_dir=tempfile.mkdtemp())
        >>> parser._parse({"cpu_op_lines": ["Default/A-op1;A;1000,0.001,1"]})[
        ...     "trace_view_container"].get_pool_by_pid(2).name
        'CPU OP'
    """

    def __init__(self, **kwargs):
        super().__init__()
        self.assembler = AscendTimelineAssembler(**kwargs)
        self._ascend_ms_dir = option(kwargs, "ascend_ms_dir")
        ProfilerLogger.init(self._ascend_ms_dir)
        self._logger = ProfilerLogger.get_instance()

    def _parse(self, data):
        self.assembler.assemble(data)
        self._logger.info("FrameworkCannRelationParser assemble done")
        container = self.assembler.get_trace_view_container()
        self._logger.info("FrameworkCannRelationParser get trace view container done")
        data.update({"trace_view_container": container})
        return data


class AscendMsprofParser(BaseParser):
    """Reads what CANN's ``msprof --export`` wrote: ``op_summary_*.csv`` (device kernels, as
    a structured array with a leading "Step ID" field) and ``msprof_*.json`` (the device
    trace), adding ``op_summary``, ``op_summary_headers`` and ``msprof_timeline``.

    The export itself needs CANN's ``msprof`` tool (Ascend only): without it on PATH the
    parser reads whatever was exported before. Db-only exports have no such files;
    LevelNone has no op summary.

    Example:
        >>> import tempfile
        >>> from msfunc.profiler.framework_parsers import AscendMsprofParser
        >>> out = tempfile.mkdtemp()
        >>> parser = AscendMsprofParser(msprof_profile_output_path=out, ascend_ms_dir=out,
        ...                             profiler_level="Level0", export_type=["db"])
        >>> parser._parse_msprof_timeline()
        >>> parser.msprof_timeline
        []
    """

    _MSPROF_TIMELINE_FILE_PATTERN = ["msprof_[0-9]*.json", "msprof_slice_*.json"]
    _OP_SUMMARY_FILE_PATTERN = "op_summary_*.csv"
    OVERSIZE_MB = 1024

    def __init__(self, next_parser=None, **kwargs):
        super().__init__(next_parser)
        self._kwargs = kwargs
        self._msprof_profile_output_path = option(kwargs, "msprof_profile_output_path")
        self._msprof_profile_host_path = option(kwargs, "msprof_profile_host_path")
        self._msprof_profile_device_path = option(kwargs, "msprof_profile_device_path")
        self._ascend_ms_dir = option(kwargs, "ascend_ms_dir")
        self._profiler_level = option(kwargs, "profiler_level")
        self._export_type = option(kwargs, "export_type")
        ProfilerLogger.init(self._ascend_ms_dir)
        self._logger = ProfilerLogger.get_instance()
        self.op_summary = None
        self.op_summary_headers = None
        self.msprof_timeline = []

    def _parse(self, data=None):
        data = {} if data is None else data
        self._check_msprof_data_size()
        self._export()
        self._parse_op_summary()
        self._parse_msprof_timeline()
        data.update(
            {
                "op_summary": self.op_summary,
                "op_summary_headers": self.op_summary_headers,
                "msprof_timeline": self.msprof_timeline,
            }
        )
        return data

    def _export(self):
        """Runs ``msprof --export=on`` over the raw CANN data when CANN is installed."""
        tool = shutil.which("msprof")
        if tool is None:
            self._logger.warning("CANN's msprof is not installed; reading earlier exports")
            return
        raw = os.path.dirname(self._msprof_profile_output_path or "")
        subprocess.run([tool, "--export=on", f"--output={raw}"], check=False, capture_output=True)

    def _parse_op_summary(self):
        if self._profiler_level == ProfilerLevel.LevelNone.value or self._export_type == [
            ExportType.Db.value
        ]:
            return
        pattern = os.path.join(self._msprof_profile_output_path, self._OP_SUMMARY_FILE_PATTERN)
        paths = glob.glob(pattern)
        if not paths:
            logger.error("No op_summary_*.csv in %s", self._msprof_profile_output_path)
            return
        for path in paths:
            table, self.op_summary_headers = FileManager.read_csv_file_as_numpy(
                file_path=path, extern_headers=["Step ID"]
            )
            self.op_summary = (
                table if self.op_summary is None else np.concatenate([self.op_summary, table])
            )

    def _parse_msprof_timeline(self):
        """Collects the events of every exported msprof json (RuntimeError without any)."""
        if self._export_type == [ExportType.Db.value]:
            return
        folder = self._msprof_profile_output_path
        paths = [
            p
            for pattern in self._MSPROF_TIMELINE_FILE_PATTERN
            for p in glob.glob(os.path.join(folder, pattern))
        ]
        if not paths:
            raise RuntimeError(f"No msprof json files in {folder}")
        for path in paths:
            try:
                events = FileManager.read_json_file(path)
            except RuntimeError as err:
                logger.error("Could not read %s: %s", path, err)
                continue
            if events:
                self.msprof_timeline.extend(events)
            else:
                logger.warning("The msprof timeline %s is empty", path)
        if not self.msprof_timeline:
            logger.error("The msprof json files hold no events")

    def _check_msprof_data_size(self):
        """Warns when the raw CANN data is large enough to make analysis slow."""
        total = PathManager.get_directory_size(self._msprof_profile_host_path)
        total += PathManager.get_directory_size(self._msprof_profile_device_path)
        if total >= self.OVERSIZE_MB:
            logger.warning(
                f"The profile holds {total} MB of raw data; analysing it may take long "
                "(profile fewer steps to shorten it)"
            )
