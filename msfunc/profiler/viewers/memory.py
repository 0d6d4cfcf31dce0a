"""memory_record.csv and npu_module_mem.csv: the device memory over time of CANN (GE), of the
framework, and of both together."""

import os
from decimal import Decimal

from ..constant import ProfilerActivity
from ..file_manager import FileManager
from ..profiler_logger import ProfilerLogger
from .base import BaseViewer, option

__all__ = ["AscendMemoryViewer", "MemoryRecordBean"]


class MemoryRecordBean:
    """One memory sample: component, time (us), allocated, reserved and active size (KB),
    device; `row` gives it as a memory_record.csv row with sizes in MB (KB / 1000).

    Example:
        >>> from msfunc.profiler.viewers.memory import MemoryRecordBean
        >>> MemoryRecordBean(["GE", "12.5", "2000", 3000, 0, "NPU:0"]).row
        ['GE', '12.5', 2.0, 3.0, 0.0, 'NPU:0']
    """

    KB_TO_MB = 1000
    HEADERS = [
        "Component",
        "Timestamp(us)",
        "Total Allocated(KB)",
        "Total Reserved(KB)",
        "Total Active(KB)",
        "Device Type",
    ]

    def __init__(self, data):
        self._data = dict(zip(self.HEADERS, data))

    def _kb(self, header):
        return float(self._data.get(header, 0))

    @property
    def row(self):
        """The memory_record.csv row."""
        return [
            self.component,
            self.time_us_str,
            self.total_allocated_mb,
            self.total_reserved_mb,
            self.total_active_mb,
            self.device_type,
        ]

    @property
    def component(self):
        """GE, MindSpore, MindSpore+GE or APP."""
        return self._data.get("Component", "")

    @property
    def time_us_str(self):
        """The time as written."""
        return str(self._data.get("Timestamp(us)", 0))

    @property
    def time_us(self):
        """The time (us) as a Decimal."""
        return Decimal(self._data.get("Timestamp(us)", 0))

    @property
    def device_type(self):
        """The device (``NPU:<rank>``)."""
        return self._data.get("Device Type", "")

    @property
    def total_allocated_kb(self):
        """Allocated KB."""
        return self._kb("Total Allocated(KB)")

    @property
    def total_reserved_kb(self):
        """Reserved KB."""
        return self._kb("Total Reserved(KB)")

    @property
    def total_active_kb(self):
        """Active KB."""
        return self._kb("Total Active(KB)")

    @property
    def total_allocated_mb(self):
        """Allocated MB."""
        return self.total_allocated_kb / self.KB_TO_MB

    @property
    def total_reserved_mb(self):
        """Reserved MB."""
        return self.total_reserved_kb / self.KB_TO_MB

    @property
    def total_active_mb(self):
        """Active MB."""
        return self.total_active_kb / self.KB_TO_MB

    def is_ge_component(self):
        """Whether the sample is CANN's (GE)."""
        return self.component == "GE"


class AscendMemoryViewer(BaseViewer):
    """With ``profile_memory``: concatenates CANN's ``npu_module_mem*.csv`` into
    npu_module_mem.csv, and writes memory_record.csv: GE's samples (``memory_record*.csv``)
    and the framework's (``cpu_ms_memory_record_<rank>.txt``, bytes and ns; with the CPU
    activity only) in time order, each followed by a MindSpore+GE row adding the other
    side's latest sample, then the APP reserved rows of ``npu_mem*.csv``.

    Example:
        >>> import tempfile
        >>> from msfunc.profiler.viewers.memory import AscendMemoryViewer
        >>> out = tempfile.mkdtemp()
        >>> v = AscendMemoryViewer(ascend_ms_dir=out, activities=["CPU"], rank_id=1)
        >>> v._ge_memory_record = [["0", "GE", "10", "4000", "5000", "NPU:1"]]
        >>> v._ms_memory_record = [["5000", "1024", "2048", "0"]]
        >>> v._get_app_reserved_memory = lambda: []
        >>> for row in v._combine_ge_ms_memory_record():
        ...     print(row[:3])
        ['MindSpore', '5', 0.001]
        ['MindSpore+GE', '5', 0.001]
        ['GE', '10', 4.0]
        ['MindSpore+GE', '10', 4.001]
    """

    GE_MEMORY_RECORD_HEADERS = [
        "Device id",
        "Component",
        "Timestamp(us)",
        "Total Allocated(KB)",
        "Total Reserved(KB)",
        "Device",
    ]
    MS_MEMORY_RECORD_HEADERS = [
        "Timestamp(ns)",
        "Total Allocated(Byte)",
        "Total Reserved(Byte)",
        "Total Active(Byte)",
    ]
    TARGET_MEMORY_RECORD_HEADERS = [
        "Component",
        "Timestamp(us)",
        "Total Allocated(MB)",
        "Total Reserved(MB)",
        "Total Active(MB)",
        "Device Type",
    ]

    def __init__(self, **kwargs):
        self._enable_profile_memory = option(kwargs, "profile_memory", False)
        self._rank_id = option(kwargs, "rank_id", 0)
        self._output_path = option(kwargs, "ascend_profiler_output_path")
        self._framework_path = option(kwargs, "framework_path")
        self._msprof_profiler_output_path = option(kwargs, "msprof_profile_output_path")
        self._ascend_ms_dir = option(kwargs, "ascend_ms_dir")
        self._activities = option(kwargs, "activities")
        ProfilerLogger.init(self._ascend_ms_dir)
        self._logger = ProfilerLogger.get_instance()
        self._ge_memory_record = []
        self._ms_memory_record = []

    def save(self, data=None):
        self._logger.info("AscendMemoryViewer start")
        if not self._enable_profile_memory:
            return
        try:
            self._copy_npu_module_mem_csv()
            self._parse_memory_record()
        except Exception as err:  # noqa: BLE001 (one output file must not stop the others)
            self._logger.error("Memory files not written: %s", err, exc_info=True)
        self._logger.info("AscendMemoryViewer end")

    def _csv_files(self, start):
        return FileManager.get_csv_file_list_by_start_name(self._msprof_profiler_output_path, start)

    def _copy_npu_module_mem_csv(self):
        target = os.path.join(self._output_path, "npu_module_mem.csv")
        FileManager.combine_csv_file(self._csv_files("npu_module_mem"), target)

    def _parse_memory_record(self):
        self._parse_ge_memory_record()
        self._parse_ms_memory_record()
        rows = self._combine_ge_ms_memory_record()
        target = os.path.join(self._output_path, "memory_record.csv")
        FileManager.create_csv_file(target, rows, self.TARGET_MEMORY_RECORD_HEADERS)

    def _parse_ge_memory_record(self):
        for path in self._csv_files("memory_record"):
            self._ge_memory_record.extend(FileManager.read_csv_file(path)[1:])

    def _parse_ms_memory_record(self):
        if ProfilerActivity.CPU.value not in self._activities:
            return
        name = f"cpu_ms_memory_record_{self._rank_id}.txt"
        rows = FileManager.read_csv_file(os.path.join(self._framework_path, name))
        self._ms_memory_record.extend(rows[1:])

    def _get_app_reserved_memory(self):
        """The APP rows of ``npu_mem*.csv`` (reserved KB from their fifth column)."""
        device = f"NPU:{self._rank_id}"
        return [
            MemoryRecordBean([row[1], row[-1].rstrip("\t"), 0.0, float(row[4]), 0.0, device]).row
            for path in self._csv_files("npu_mem")
            for row in FileManager.read_csv_file(path)
            if row[1] == "APP"
        ]

    def _combine_ge_ms_memory_record(self):
        device = f"NPU:{self._rank_id}"
        samples = []
        for values in self._ge_memory_record:
            ge = dict(zip(self.GE_MEMORY_RECORD_HEADERS, values))
            samples.append(
                MemoryRecordBean(
                    [
                        ge.get("Component", "GE"),
                        ge.get("Timestamp(us)"),
                        ge.get("Total Allocated(KB)", 0),
                        ge.get("Total Reserved(KB)", 0),
                        0,
                        ge.get("Device"),
                    ]
                )
            )
        for values in self._ms_memory_record:
            ms = dict(zip(self.MS_MEMORY_RECORD_HEADERS, values))
            samples.append(
                MemoryRecordBean(
                    [
                        "MindSpore",
                        Decimal(ms.get("Timestamp(ns)", 0)) / 1000,
                        float(ms.get("Total Allocated(Byte)", 0)) / 1024,
                        float(ms.get("Total Reserved(Byte)", 0)) / 1024,
                        float(ms.get("Total Active(Byte)", 0)) / 1024,
                        device,
                    ]
                )
            )
        samples.sort(key=lambda sample: sample.time_us)
        latest = {True: MemoryRecordBean([0] * 6), False: MemoryRecordBean([0] * 6)}
        rows = []
        for sample in samples:
            other = latest[not sample.is_ge_component()]
            both = MemoryRecordBean(
                [
                    "MindSpore+GE",
                    sample.time_us,
                    sample.total_allocated_kb + other.total_allocated_kb,
                    sample.total_reserved_kb + other.total_reserved_kb,
                    sample.total_active_kb + other.total_active_kb,
                    device,
                ]
            )
            rows += [sample.row, both.row]
            latest[sample.is_ge_component()] = sample
        return rows + self._get_app_reserved_memory()
