"""operator_details.csv: each recorded framework op with the shapes of its inputs."""

import enum
import os

from ..file_manager import FileManager
from ..profiler_logger import ProfilerLogger
from ..tlv_decoder import TLVDecoder
from .base import BaseViewer, option

__all__ = ["MsOperatorDetailsViewer", "OperatorDetailsEvent", "OperatorDetailsIndexEnum"]


class OperatorDetailsIndexEnum(enum.Enum):
    """Field numbers of a ``mindspore.record_shapes`` record.

    Example:
        >>> from msfunc.profiler.viewers.operator_details import OperatorDetailsIndexEnum
        >>> OperatorDetailsIndexEnum.INPUT_SHAPES.value
        1
    """

    NAME = 0
    INPUT_SHAPES = 1
    INPUT_TYPE = 2


class OperatorDetailsEvent:
    """One op of ``mindspore.record_shapes`` (TLV fields only, no fixed part).

    Example:
        >>> from msfunc.profiler.viewers.operator_details import OperatorDetailsEvent
        >>> OperatorDetailsEvent({0: "MatMul", 1: "[2,3]"}).input_shapes
        '[2,3]'
    """

    FIX_DATA_FORMAT = ""
    FIX_DATA_SIZE = 0

    def __init__(self, data):
        if not isinstance(data, dict):
            raise TypeError("Input data must be dict.")
        self._origin_data = data

    def _field(self, index):
        return self._origin_data.get(index.value, "")

    @property
    def name(self):
        """The op's name."""
        return self._field(OperatorDetailsIndexEnum.NAME)

    @property
    def input_shapes(self):
        """The op's input shapes (text)."""
        return self._field(OperatorDetailsIndexEnum.INPUT_SHAPES)

    @property
    def input_type(self):
        """The op's input dtypes (text)."""
        return self._field(OperatorDetailsIndexEnum.INPUT_TYPE)


class MsOperatorDetailsViewer(BaseViewer):
    """Reads ``<framework_path>/mindspore.record_shapes`` and writes
    ``<ascend_profiler_output_path>/operator_details.csv`` (Name, Input Shapes); no record
    file writes nothing. Failures are logged, not raised.

    Example:
        >>> import tempfile
        >>> from msfunc.profiler.viewers.operator_details import MsOperatorDetailsViewer
        >>> out = tempfile.mkdtemp()
        >>> MsOperatorDetailsViewer(ascend_profiler_output_path=out, ascend_ms_dir=out,
        ...                         framework_path=out).save({})
    """

    FWK_BINARY_FILE_NAME = "mindspore.record_shapes"
    _OPERATOR_DETAILS_FILE_NAME = "operator_details.csv"
    _COL_NAMES = ["Name", "Input Shapes"]

    def __init__(self, **kwargs):
        output = option(kwargs, "ascend_profiler_output_path")
        self._save_path = os.path.join(output, self._OPERATOR_DETAILS_FILE_NAME)
        self._ascend_ms_dir = option(kwargs, "ascend_ms_dir")
        self._framework_path = option(kwargs, "framework_path")
        self._operator_details_events = []
        self._operator_details_data = []
        ProfilerLogger.init(self._ascend_ms_dir)
        self._logger = ProfilerLogger.get_instance()

    def save(self, data):
        try:
            if self._read_fwk_binary_file():
                self._calculate_operator_details_data()
                self._write_data()
        except Exception as err:  # noqa: BLE001 (one output file must not stop the others)
            self._logger.error("operator_details.csv not written: %s", err, exc_info=True)

    def _read_fwk_binary_file(self):
        """Decodes the record file; False when there is none."""
        path = os.path.join(self._framework_path, self.FWK_BINARY_FILE_NAME)
        if not os.path.isfile(path):
            self._logger.warning("No operator shape records at %s", path)
            return False
        raw = FileManager.read_file_content(path, mode="rb")
        records = TLVDecoder.decode(
            raw, OperatorDetailsEvent.FIX_DATA_FORMAT, OperatorDetailsEvent.FIX_DATA_SIZE
        )
        self._operator_details_events = [OperatorDetailsEvent(r) for r in records]
        return True

    def _calculate_operator_details_data(self):
        self._operator_details_data = [
            [event.name, event.input_shapes] for event in self._operator_details_events
        ]

    def _write_data(self):
        if self._operator_details_data:
            FileManager.create_csv_file(
                self._save_path, self._operator_details_data, self._COL_NAMES
            )
