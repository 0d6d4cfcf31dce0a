"""communication.json and communication_matrix.json: CANN's per-op communication statistics
split by step, into point-to-point and collective ops, with their totals."""

import os
import re
from collections import defaultdict

from ... import log as logger
from ..file_manager import FileManager
from ..profiler_logger import ProfilerLogger
from ..trace_constants import JitLevel
from .base import BaseViewer, option

__all__ = ["AscendCommunicationViewer"]


def _step_key(step_info):
    step_id = step_info.get("step_id")
    return f"step{step_id}" if step_id else "step"


class AscendCommunicationViewer(BaseViewer):
    """Reads msprof-analyze's communication.json and communication_matrix.json from
    ``msprof_analyze_output_path`` and writes them, regrouped, to
    ``ascend_profiler_output_path``.

    communication.json: ``{"step<n>": {"p2p": ops, "collective": ops}}``, each op filed in the
    step holding its start, each group with a "Total Op Info" (summed times, wait and
    synchronisation ratios, summed transport sizes and size distributions).
    communication_matrix.json: per step and group, per ``<kind>-<rank>@<group>`` the links'
    top1/middle/bottom1-3 entries by bandwidth and their total. Without a schedule, steps or
    with jit level O2 everything is one step "step0".

    Example:
        >>> import tempfile
        >>> from msfunc.profiler.viewers.communication import AscendCommunicationViewer
        >>> out = tempfile.mkdtemp()
        >>> v = AscendCommunicationViewer(ascend_profiler_output_path=out,
        ...                               msprof_analyze_output_path=out, ascend_ms_dir=out)
        >>> ops = {"Send-op1": {"Communication Time Info": {"Wait Time(ms)": 1.0,
        ...                                                 "Transit Time(ms)": 3.0}}}
        >>> v._compute_total_info(ops)
        >>> ops["Total Op Info"]["Communication Time Info"]["Wait Time Ratio"]
        0.25
    """

    COMMUNICATION_TIME_INFO = "Communication Time Info"
    START_TIMESTAMP = "Start Timestamp(us)"
    COMMUNICATION_BANDWIDTH_INFO = "Communication Bandwidth Info"
    HCOM_SEND = "Send"
    HCOM_RECEIVE = "Receive"
    TOTAL = "Total"
    SYNCHRONIZATION_TIME_RATIO = "Synchronization Time Ratio"
    SYNCHRONIZATION_TIME_MS = "Synchronization Time(ms)"
    WAIT_TIME_RATIO = "Wait Time Ratio"
    TRANSIT_TIME_MS = "Transit Time(ms)"
    TRANSIT_SIZE_MB = "Transit Size(MB)"
    SIZE_DISTRIBUTION = "Size Distribution"
    WAIT_TIME_MS = "Wait Time(ms)"
    BANDWIDTH_GB_S = "Bandwidth(GB/s)"
    COMMUNICATION = "communication.json"
    COMMUNICATION_MATRIX = "communication_matrix.json"
    P2P = "p2p"
    COLLECTIVE = "collective"
    TRANSPORT_TYPE = "Transport Type"
    PATTERN1 = re.compile(r"receive|send")
    PATTERN2 = re.compile(
        r"invalid|broadcast|allreduce|reduce|allgather|reducescatter|scatter|alltoall|"
        r"alltoallv|alltoallvc"
    )

    def __init__(self, **kwargs):
        self.step_list = []
        self.output_communication = {}
        self.output_matrix_data = {}
        self._output_path = option(kwargs, "ascend_profiler_output_path")
        self._msprof_analyze_output_path = option(kwargs, "msprof_analyze_output_path")
        self._ascend_ms_dir = option(kwargs, "ascend_ms_dir")
        self._is_set_schedule = option(kwargs, "is_set_schedule")
        self._jit_level = option(kwargs, "jit_level")
        ProfilerLogger.init(self._ascend_ms_dir)
        self._logger = ProfilerLogger.get_instance()
        analysed, output = self._msprof_analyze_output_path, self._output_path
        self._communication_input_path = os.path.join(analysed, self.COMMUNICATION)
        self._communication_matrix_input_path = os.path.join(analysed, self.COMMUNICATION_MATRIX)
        self._communication_output_path = os.path.join(output, self.COMMUNICATION)
        self._communication_matrix_output_path = os.path.join(output, self.COMMUNICATION_MATRIX)

    def save(self, data=None):
        self._logger.info("AscendCommunicationViewer start")
        try:
            self._init_step_list(data)
            self._generate_communication()
            self._generate_matrix()
            self._save_analyze_data()
        except Exception as err:  # noqa: BLE001 (one output file must not stop the others)
            self._logger.error("Communication files not written: %s", err, exc_info=True)
        self._logger.info("AscendCommunicationViewer end")

    def _init_step_list(self, data):
        container = data.get("trace_view_container")
        if container is None:
            raise ValueError("The analysed data has no timeline")
        steps = container.get_step_id_time_dict()
        if not self._is_set_schedule or self._jit_level == JitLevel.GRAPH_LEVEL or not steps:
            self._update_default_step_list()
        else:
            self._update_step_list(steps)

    def _update_default_step_list(self):
        self.step_list = [{"step_id": "0", "start_ts": 0, "end_ts": float("inf"), "comm_ops": {}}]

    def _update_step_list(self, step_id_to_time_dict):
        for step_id, (start, end) in step_id_to_time_dict.items():
            self.step_list.append(
                {"step_id": step_id, "start_ts": start, "end_ts": end, "comm_ops": {}}
            )

    def _save_analyze_data(self):
        if not self.output_communication:
            return
        FileManager.create_json_file(self._communication_output_path, self.output_communication)
        if self.output_matrix_data:
            FileManager.create_json_file(
                self._communication_matrix_output_path, self.output_matrix_data
            )

    @staticmethod
    def _combine_size_distribution(op_dict, total_dict):
        for size, (count, volume) in op_dict.items():
            total_dict[size][0] += count
            total_dict[size][1] += volume

    @staticmethod
    def _compute_ratio(dividend, divisor):
        """dividend / divisor to 4 places (0 for a zero divisor)."""
        return 0 if abs(divisor) < 1e-15 else round(dividend / divisor, 4)

    def _generate_communication(self):
        if not os.path.exists(self._communication_input_path):
            return
        ops = FileManager.read_json_file(self._communication_input_path)
        if not ops:
            return
        self._split_comm_op_by_step(ops)
        for step_info in self.step_list:
            comm_ops = step_info.get("comm_ops")
            self.output_communication[_step_key(step_info)] = self._get_communication_ops_dict(
                comm_ops
            )

    def _generate_matrix(self):
        if not os.path.exists(self._communication_matrix_input_path):
            return
        matrix = FileManager.read_json_file(self._communication_matrix_input_path)
        if not matrix:
            return
        for step, step_matrix in self._split_matrix_by_step(matrix).items():
            self.output_matrix_data[step] = self._get_matrix_ops_dict(step_matrix)

    def _split_comm_op_by_step(self, communication_data):
        """Files each op under the first step whose [start, end] holds its start time."""
        if len(self.step_list) == 1:
            self.step_list[0]["comm_ops"] = communication_data
        for op, info in communication_data.items():
            start = info.get(self.COMMUNICATION_TIME_INFO, {}).get(self.START_TIMESTAMP)
            for step_info in self.step_list:
                if step_info.get("start_ts", -1) <= start <= step_info.get("end_ts", -1):
                    step_info.get("comm_ops", {})[op] = info
                    break

    def _is_p2p(self, op):
        return self.HCOM_SEND in op or self.HCOM_RECEIVE in op

    def _split_communication_p2p_ops(self, op_data):
        """``{"p2p": send/receive ops, "collective": the others}`` (totals dropped)."""
        groups = {self.P2P: {}, self.COLLECTIVE: {}}
        for op, info in op_data.items():
            if self._is_p2p(op):
                groups[self.P2P][op] = info
            elif not op.startswith(self.TOTAL):
                groups[self.COLLECTIVE][op] = info
        return groups

    def _is_step_list_empty(self):
        return not any(step_info.get("comm_ops") for step_info in self.step_list)

    def _split_matrix_by_step(self, matrix_data):
        """The matrix entries by the step their op was filed in (all in "step" when no op
        was filed)."""
        if self._is_step_list_empty():
            return {"step": matrix_data}
        by_step = {}
        for op in matrix_data:
            for step_info in self.step_list:
                if op in step_info.get("comm_ops", {}):
                    by_step.setdefault(_step_key(step_info), {})[op] = matrix_data.get(op)
                    break
        return by_step

    def _get_communication_ops_dict(self, op_data):
        groups = self._split_communication_p2p_ops(op_data)
        self._compute_total_info(groups[self.P2P])
        self._compute_total_info(groups[self.COLLECTIVE])
        return groups

    def _integrate_matrix_data(self, comm_op_dict_simple):
        """Per (kind, group, link): the entries ranked by bandwidth (top1, middle, bottom1-3,
        repeating the last ones when fewer than three) and their total."""
        merged = defaultdict(dict)
        for (kind, group, link), entries in comm_op_dict_simple.items():
            entries.sort(key=lambda entry: entry[self.BANDWIDTH_GB_S], reverse=True)
            size = sum(entry.get(self.TRANSIT_SIZE_MB, 0) for entry in entries)
            time = sum(entry.get(self.TRANSIT_TIME_MS, 0) for entry in entries)
            count = len(entries)
            picks = {
                "top1": entries[0],
                "middle": entries[count // 2],
                "bottom1": entries[-1],
                "bottom2": entries[-min(2, count)],
                "bottom3": entries[-min(3, count)],
            }
            for rank, entry in picks.items():
                merged[f"{kind}-{rank}@{group}"][link] = entry
            merged[f"{kind}-total@{group}"][link] = {
                self.TRANSPORT_TYPE: entries[0].get(self.TRANSPORT_TYPE, ""),
                self.TRANSIT_SIZE_MB: size,
                self.TRANSIT_TIME_MS: time,
                self.BANDWIDTH_GB_S: self._compute_ratio(size, time),
            }
        return merged

    def _op_kind(self, op):
        """send/receive, a collective's kind, or (unknown) the op's own type name."""
        name = op.lower()
        found = (self.PATTERN1 if self._is_p2p(op) else self.PATTERN2).search(name)
        if found:
            return found.group()
        kind = name.split("/")[-1].split("-op")[0]
        logger.warning("Unknown communication op kind of %s; using %s", op, kind)
        return kind

    def _get_matrix_ops_dict(self, op_data):
        groups = {self.P2P: defaultdict(list), self.COLLECTIVE: defaultdict(list)}
        for op, links in op_data.items():
            if op.startswith(self.TOTAL) and not self._is_p2p(op):
                continue
            target = groups[self.P2P if self._is_p2p(op) else self.COLLECTIVE]
            kind, group = self._op_kind(op), op.split("@")[-1]
            for link, entry in links.items():
                entry["op_name"] = op.split("@")[0]
                target[(kind, group, link)].append(entry)
        return {name: self._integrate_matrix_data(simple) for name, simple in groups.items()}

    def _compute_total_info(self, comm_ops):
        """Adds "Total Op Info" (summed times with ratios, summed transports) to the group."""
        if not comm_ops:
            return
        times = defaultdict(float)
        transports = {}
        for info in comm_ops.values():
            for section, values in info.items():
                if section == self.COMMUNICATION_TIME_INFO:
                    self._combine_time_info(values, times)
                if section == self.COMMUNICATION_BANDWIDTH_INFO:
                    self._combine_bandwidth_info(values, transports)
        self._compute_time_ratio(times)
        comm_ops["Total Op Info"] = {
            self.COMMUNICATION_TIME_INFO: times,
            self.COMMUNICATION_BANDWIDTH_INFO: transports,
        }

    def _combine_time_info(self, com_info_dict, total_time_info_dict):
        skipped = (self.WAIT_TIME_RATIO, self.SYNCHRONIZATION_TIME_RATIO, self.START_TIMESTAMP)
        for name, value in com_info_dict.items():
            if name not in skipped:
                total_time_info_dict[name] += value

    def _combine_bandwidth_info(self, com_info_dict, total_bandwidth_info_dict):
        for transport, values in com_info_dict.items():
            total = total_bandwidth_info_dict.setdefault(
                transport,
                {
                    self.TRANSIT_TIME_MS: 0,
                    self.TRANSIT_SIZE_MB: 0,
                    self.SIZE_DISTRIBUTION: defaultdict(lambda: [0, 0]),
                },
            )
            for name, value in values.items():
                if name in (self.TRANSIT_TIME_MS, self.TRANSIT_SIZE_MB):
                    total[name] += value
                elif name == self.SIZE_DISTRIBUTION:
                    self._combine_size_distribution(value, total[name])

    def _compute_time_ratio(self, total_time_info_dict):
        get = total_time_info_dict.get
        wait, transit = get(self.WAIT_TIME_MS, 0), get(self.TRANSIT_TIME_MS, 0)
        sync = get(self.SYNCHRONIZATION_TIME_MS, 0)
        total_time_info_dict[self.WAIT_TIME_RATIO] = self._compute_ratio(wait, wait + transit)
        total_time_info_dict[self.SYNCHRONIZATION_TIME_RATIO] = self._compute_ratio(
            sync, transit + sync
        )
