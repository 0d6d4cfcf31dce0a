"""The files one SummaryRecord writes: the summary file (a version event, then one event per
record), the lineage file and exported ``.npy`` tensors, each made on its first write.

Example:
    >>> import os, tempfile
    >>> import numpy as np
    >>> base = tempfile.mkdtemp()
    >>> files = EventFiles(base, {"summary": "s_MS", "lineage": "s_lineage", "exporter": ""})
    >>> files.write({"scalar": [{"tag": "loss", "value": np.float32(1.0), "step": 1}]})
    >>> files.close()
    >>> sorted(os.listdir(base))
    ['s_MS']
"""

from __future__ import annotations

import logging
import os
import stat
import time
from urllib.parse import quote

import numpy as np

from ._framing import frame
from ._summary_adapter import package_init_event, package_summary_event

__all__ = ["EventFiles", "LINEAGE_PLUGINS", "SUMMARY_PLUGINS"]

_log = logging.getLogger("msfunc.train.summary")

SUMMARY_PLUGINS = ("scalar", "tensor", "histogram", "image", "landscape")
# lineage plugin -> (its field of a LineageEvent, the message class its value is)
LINEAGE_PLUGINS = {
    "train_lineage": ("train_lineage", "TrainLineage"),
    "eval_lineage": ("evaluation_lineage", "EvaluationLineage"),
    "custom_lineage_data": ("user_defined_info", "UserDefinedInfo"),
    "dataset_graph": ("dataset_graph", "DatasetGraph"),
}
# per record: 8 bytes of length, two 4-byte CRCs
_FRAME_BYTES = 16


class _File:
    """One event file, opened on its first record; stops at `max_file_size` bytes."""

    def __init__(self, path, max_file_size, first_event=None):
        self.path, self.budget, self._first, self._file = path, max_file_size, first_event, None

    def write(self, payload):
        if self._file is None:
            self._file = open(self.path, "wb")  # noqa: SIM115 - kept open until close()
            os.chmod(self.path, stat.S_IRUSR | stat.S_IWUSR)
            if self._first is not None:
                self.write(self._first().SerializeToString())
        needed = len(payload) + _FRAME_BYTES
        if self.budget is not None:
            if needed > self.budget:
                raise RuntimeWarning(
                    f"summary file {self.path!r}: max_file_size reached ({self.budget} bytes "
                    f"left, {needed} needed); it takes no more records"
                )
            self.budget -= needed
        self._file.write(frame(payload))

    def flush(self):
        if self._file is not None:
            self._file.flush()

    def close(self):
        if self._file is not None:
            self._file.close()
            os.chmod(self.path, stat.S_IRUSR)  # finished files are read-only, as MindSpore's


class EventFiles:
    """The summary file, lineage file and export folder under `base_dir` (`names` maps
    ``summary`` / ``lineage`` / ``exporter`` to a file or folder name; an empty exporter name
    exports nothing)."""

    def __init__(self, base_dir, names, max_file_size=None, raise_exception=False):
        self._raise = raise_exception
        self._summary = _File(
            os.path.join(base_dir, names["summary"]), max_file_size, package_init_event
        )
        self._lineage = _File(os.path.join(base_dir, names["lineage"]), max_file_size)
        self._export_dir = os.path.join(base_dir, names["exporter"]) if names["exporter"] else ""
        self._files = [self._summary, self._lineage]

    def write(self, datadict):
        """Write ``{plugin: [{"tag", "value", "step", ...}]}``: the summary values of all
        plugins as one event, each lineage value as its own event."""
        summaries, step = [], 0
        for plugin, items in datadict.items():
            for item in items:
                if plugin in SUMMARY_PLUGINS:
                    summaries.append(
                        {"_type": plugin.title(), "name": item["tag"], "data": item["value"]}
                    )
                    step = item["step"]
                elif plugin in LINEAGE_PLUGINS:
                    self._write(self._lineage, lambda item=item, p=plugin: _lineage_event(p, item))
                elif plugin == "graph":
                    _log.warning("msfunc writes no computational graphs to summaries")
                if item.get("export_option") == "npy" and self._export_dir:
                    self._export_npy(item)
        if summaries:
            self._write(
                self._summary,
                lambda: package_summary_event(summaries, step, time.time()).SerializeToString(),
            )

    def _write(self, file, payload):
        if file not in self._files:
            return
        try:
            file.write(payload())
        except (RuntimeError, OSError) as exc:
            _log.error("%s", exc)
            self._drop(file)
            if self._raise:
                raise
        except RuntimeWarning as exc:
            _log.warning("%s", exc)
            self._drop(file)

    def _drop(self, file):
        self._files.remove(file)
        file.close()

    def _export_npy(self, item):
        folder = os.path.join(self._export_dir, "tensor")
        os.makedirs(folder, mode=0o700, exist_ok=True)
        path = os.path.join(folder, f"{quote(item['tag'], safe='')}_{int(item['step'])}.npy")
        np.save(path, item["value"])
        os.chmod(path, stat.S_IRUSR)

    def flush(self):
        """Push what was written to disk."""
        for file in self._files:
            file.flush()

    def close(self):
        """Close every file (read-only from now on)."""
        for file in self._files:
            file.close()
        self._files = []


def _lineage_event(plugin, item):
    from ._proto import LineageEvent

    event = LineageEvent(wall_time=time.time())
    getattr(event, LINEAGE_PLUGINS[plugin][0]).ParseFromString(item["value"])
    return event.SerializeToString()
