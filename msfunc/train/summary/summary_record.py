"""SummaryRecord: writes summary values (scalars, tensors, images, histograms) and lineage
for MindInsight, in MindSpore's summary file format.

Values come from `SummaryRecord.add_value` and from the summary primitives
(``ops.ScalarSummary`` ...) a network runs: the next `SummaryRecord.record` writes the values
reported since the previous one, in PyNative and graph mode alike.

Example:
    >>> import tempfile
    >>> import msfunc as ms
    >>> from msfunc.train.summary._framing import read_events
    >>> with SummaryRecord(tempfile.mkdtemp()) as record:
    ...     record.add_value("scalar", "loss", ms.Tensor(0.25))
    ...     _ = record.record(step=1)
    >>> [(e.step, e.summary.value[0].scalar_value) for e in read_events(record.log_dir)[1:]]
    [(1, 0.25)]
"""

from __future__ import annotations

import atexit
import logging
import os
import re
import threading
import time
from collections import defaultdict
from typing import Any

import numpy as np

from ._checks import check_type, make_directory
from ._summary_adapter import get_event_file_name
from ._writer import LINEAGE_PLUGINS, EventFiles

__all__ = ["SummaryRecord", "process_export_options"]

_log = logging.getLogger("msfunc.train.summary")

_summary_lock = threading.Lock()
# values handed over with _cache_summary_tensor_data: {"tag[:Kind]": Tensor}
SUMMARY_TENSOR_CACHE = {}
_DEFAULT_EXPORT_OPTIONS = {"tensor_format": {"npy", None}}
_instance_lock = threading.Lock()
_TENSOR_PLUGINS = ("tensor", "scalar", "image", "histogram")


def _cache_summary_tensor_data(summary):
    """Hand values to the next `SummaryRecord.record`, as summary primitives do: a list of
    ``{"name": "tag[:Scalar]", "data": Tensor}``."""
    with _summary_lock:
        for item in summary:
            SUMMARY_TENSOR_CACHE[item["name"]] = item["data"]
        return True


def _record_summary_tensor_data():
    """Move the values the summary primitives reported (compiled steps' included) into the
    cache `_get_summary_tensor_data` hands over, as Tensors under ``"tag[:Kind]"``."""
    from ...common.tensor import Tensor
    from ...context import GRAPH_MODE, get_context
    from ...ops.primitive_tables.summary import take_pending_summaries

    reported = take_pending_summaries()
    if get_context("mode") == GRAPH_MODE:
        # a compiled network hands its summary values over ordered by name
        reported = dict(sorted(reported.items()))
    _cache_summary_tensor_data([{"name": k, "data": Tensor(v)} for k, v in reported.items()])


def _get_summary_tensor_data():
    """``{"tag[:Kind]": Tensor}`` reported since the last call (primitives' values and
    `_cache_summary_tensor_data`'s), forgotten."""
    global SUMMARY_TENSOR_CACHE
    _record_summary_tensor_data()
    with _summary_lock:
        data, SUMMARY_TENSOR_CACHE = SUMMARY_TENSOR_CACHE, {}
    return data


def _to_numpy(plugin, value, owner="SummaryRecord"):
    """`value` (a Tensor or array) as a numpy array fit for `plugin`, else ValueError."""
    array = np.array(value.asnumpy() if hasattr(value, "asnumpy") else value)
    if plugin == "scalar" and array.size != 1:
        raise ValueError(f"{owner}: a scalar value must hold one element, got shape {array.shape}")
    if plugin == "image" and array.ndim != 4:
        raise ValueError(f"{owner}: an image value must be 4-D (N, C, H, W), got {array.shape}")
    if plugin in ("tensor", "histogram") and array.ndim == 0:
        raise ValueError(f"{owner}: a {plugin} value must have at least one dimension")
    return array


def process_export_options(export_options):
    """`export_options` checked: None, or a dict whose ``tensor_format`` is ``'npy'`` or None."""
    if export_options is None:
        return None
    check_type("SummaryRecord", "export_options", export_options, (dict, type(None)))
    for key, value in export_options.items():
        check_type("SummaryRecord", "export_options key", key, str)
        check_type("SummaryRecord", f"export_options[{key!r}]", value, (str, type(None)))
    unknown = set(export_options) - set(_DEFAULT_EXPORT_OPTIONS)
    if unknown:
        raise ValueError(
            f"SummaryRecord: the keys {unknown} of `export_options` are unsupported; expected "
            f"some of {list(_DEFAULT_EXPORT_OPTIONS)}"
        )
    for key, value in export_options.items():
        if value not in _DEFAULT_EXPORT_OPTIONS[key]:
            raise ValueError(
                f"SummaryRecord: export format {value!r} of `export_options[{key!r}]` is "
                f"unsupported; expected one of {sorted(map(str, _DEFAULT_EXPORT_OPTIONS[key]))}"
            )
    return export_options


class SummaryRecord:
    """Records summary values and lineage into ``log_dir`` for MindInsight.

    Files are made in `log_dir` on their first write: the summary file
    ``<file_prefix>.out.events.summary.<time>.<device id>.<host><file_suffix>`` and the lineage
    file (suffix ``_lineage``). Only one SummaryRecord may be open at a time; close it (or use
    ``with``).

    Args:
        log_dir (str): The directory, made when missing.
        file_prefix (str): Start of the file names. Default: ``"events"``.
        file_suffix (str): End of the summary file's name. Default: ``"_MS"``.
        num_process (int): Accepted for MindSpore's signature; msfunc writes in-process.
        network (Cell): Accepted; msfunc writes no computational graph. Default: ``None``.
        max_file_size (int, optional): Bytes each file may grow to; None: no limit.
        raise_exception (bool): Raise (rather than log) errors of writing. Default: ``False``.
        export_options (dict, optional): ``{"tensor_format": "npy"}`` also saves each tensor
            value as ``export_<time>/tensor/<tag>_<step>.npy``.

    Raises:
        TypeError: A bad argument type (`log_dir` not a str, `raise_exception` not a bool ...).
        ValueError: A blank `log_dir`, a bad file prefix or suffix, bad export options.
        RuntimeError: Another SummaryRecord is open.

    Example:
        >>> import tempfile
        >>> import msfunc as ms
        >>> with SummaryRecord(tempfile.mkdtemp(), file_suffix="_demo") as record:
        ...     record.add_value("histogram", "w", ms.Tensor([1.0, 2.0, 2.0]))
        ...     record.record(3)
        True
        >>> record.log_dir.endswith("_demo")
        True
    """

    count = 0

    def __init__(
        self,
        log_dir: str,
        file_prefix: str = "events",
        file_suffix: str = "_MS",
        num_process: int = 32,
        network: Any = None,
        max_file_size: int | None = None,
        raise_exception: bool = False,
        export_options: dict | None = None,
    ) -> None:
        with _instance_lock:
            self._check_count()
            SummaryRecord.count += 1
        self._files = None
        self._mode, self._data_pool = "train", defaultdict(list)
        self._closed = self._warned_graph = False
        self.file_info: dict[str, str | None] = {"file_name": None, "file_path": None}
        self.network, self.raise_exception = network, raise_exception
        try:
            self._initialize(
                log_dir, file_prefix, file_suffix, max_file_size, raise_exception, export_options
            )
        except BaseException:
            with _instance_lock:
                SummaryRecord.count -= 1
            self._closed = True
            raise

    def _initialize(self, log_dir, prefix, suffix, max_file_size, raise_exception, export):
        base = make_directory(log_dir, "log_dir")
        check_type("SummaryRecord", "max_file_size", max_file_size, (int, type(None)))
        for name, value in (("file_prefix", prefix), ("file_suffix", suffix)):
            check_type("SummaryRecord", name, value, str)
        if max_file_size is not None and max_file_size < 0:
            _log.warning("SummaryRecord: a negative max_file_size means no limit")
            max_file_size = None
        check_type("SummaryRecord", "raise_exception", raise_exception, bool)
        stamp = str(int(time.time()))
        self.file_info["file_name"] = get_event_file_name(prefix, suffix, stamp)
        self.file_info["file_path"] = os.path.join(base, self.file_info["file_name"])
        self._export_options = process_export_options(export)
        names = {
            "summary": self.file_info["file_name"],
            "lineage": get_event_file_name(prefix, "_lineage", stamp),
            "exporter": f"export_{stamp}" if self._export_options is not None else "",
        }
        self._files = EventFiles(base, names, max_file_size, raise_exception)
        _get_summary_tensor_data()  # values reported before this record began are not its
        atexit.register(self.close)

    @classmethod
    def _check_count(cls):
        if cls.count > 0:
            raise RuntimeError(
                f"SummaryRecord: only one may be open at a time, and {cls.count} is; close it first"
            )

    def __enter__(self):
        if self._closed:
            raise ValueError("SummaryRecord: this record is closed; make a new one")
        return self

    def __exit__(self, *err):
        self.close()

    @property
    def log_dir(self) -> str | None:
        """The path of the summary file."""
        return self.file_info["file_path"]

    def set_mode(self, mode: str) -> None:
        """``'train'`` or ``'eval'``; in eval mode `record` leaves the summary primitives'
        values for a later train-mode record.

        Example:
            >>> import tempfile
            >>> with SummaryRecord(tempfile.mkdtemp()) as record:
            ...     record.set_mode("eval")
        """
        if mode not in ("train", "eval"):
            raise ValueError(
                f"SummaryRecord.set_mode: `mode` must be 'train' or 'eval', got {mode!r}"
            )
        self._mode = mode

    def add_value(self, plugin: str, name: str, value: Any) -> None:
        """Queue `value` for the next `record`.

        Args:
            plugin (str): ``'scalar'``, ``'tensor'``, ``'image'``, ``'histogram'`` (a Tensor
                `value`), ``'train_lineage'``, ``'eval_lineage'``, ``'dataset_graph'``,
                ``'custom_lineage_data'`` (the lineage message), ``'landscape'`` (a
                LossLandscape) or ``'graph'`` (not written by msfunc).
            name (str): The tag.
            value: The value.

        Example:
            >>> import tempfile
            >>> import msfunc as ms
            >>> with SummaryRecord(tempfile.mkdtemp()) as record:
            ...     record.add_value("tensor", "w", ms.Tensor([[1, 2]]))
        """
        if plugin in _TENSOR_PLUGINS:
            if not name or not isinstance(name, str):
                raise ValueError(
                    f"SummaryRecord.add_value: `name` must be a non-empty str, got {name!r}"
                )
            from ...common.tensor import Tensor

            if not isinstance(value, Tensor):
                raise TypeError(
                    f"SummaryRecord.add_value: `value` must be a Tensor, got {type(value).__name__}"
                )
            self._add_array(plugin, name, _to_numpy(plugin, value))
        elif plugin in LINEAGE_PLUGINS:
            from . import _proto

            expected = getattr(_proto, LINEAGE_PLUGINS[plugin][1])
            if not isinstance(value, expected):
                raise TypeError(
                    f"SummaryRecord.add_value: plugin {plugin!r} takes a {expected.__name__}, got "
                    f"{type(value).__name__}"
                )
            self._data_pool[plugin].append({"value": value.SerializeToString()})
        elif plugin == "graph":
            _log.warning(
                "SummaryRecord: msfunc writes no computational graphs; %r is left out", name
            )
        elif plugin == "landscape":
            self._data_pool[plugin].append({"tag": name, "value": value.SerializeToString()})
        else:
            raise ValueError(
                f"SummaryRecord.add_value: unknown plugin {plugin!r}; expected one of tensor, "
                "scalar, image, histogram, train_lineage, eval_lineage, dataset_graph, "
                "custom_lineage_data, graph, landscape"
            )

    def _add_array(self, plugin, name, array):
        if any(item["tag"] == name for item in self._data_pool[plugin]):
            _log.warning(
                "SummaryRecord.add_value: %r/%s has several values this step", name, plugin
            )
        item = {"tag": name, "value": array}
        option = (self._export_options or {}).get(f"{plugin}_format")
        if option is not None:
            item["export_option"] = option
        self._data_pool[plugin].append(item)

    def record(self, step: int, train_network: Any = None, plugin_filter: Any = None) -> bool:
        """Write the queued values, and (in train mode) those the summary primitives reported
        since the last record, as step `step`. Returns False when closed.

        Args:
            step (int): The step number.
            train_network (Cell): Accepted; msfunc writes no graph. Default: ``None``.
            plugin_filter (Callable[[str], bool]): Keep only the plugins it accepts.

        Example:
            >>> import tempfile
            >>> with SummaryRecord(tempfile.mkdtemp()) as record:
            ...     record.record(1)
            True
        """
        from ...nn.cell import Cell

        check_type("SummaryRecord.record", "step", step, int)
        check_type("SummaryRecord.record", "train_network", train_network, (Cell, type(None)))
        if self._closed:
            _log.error("SummaryRecord.record: the record is closed")
            return False
        if self.network is not None and not self._warned_graph:
            _log.warning("SummaryRecord: msfunc writes no computational graph of `network`")
            self._warned_graph = True
        if self._mode == "train":
            self._add_reported_values()
        pool, self._data_pool = self._data_pool, defaultdict(list)
        for items in pool.values():
            for item in items:
                item["step"] = step
        if plugin_filter:
            pool = {plugin: items for plugin, items in pool.items() if plugin_filter(plugin)}
        if self._files is not None:
            self._files.write(pool)
        return True

    def _add_reported_values(self):
        for name, value in _get_summary_tensor_data().items():
            match = re.match(r"(.+)\[:(.+)\]", name) if isinstance(name, str) else None
            if match is None:
                _log.warning("SummaryRecord: summary name %r is not 'TAG[:KIND]'", name)
                continue
            tag, plugin = match.group(1), match.group(2).lower()
            if plugin not in _TENSOR_PLUGINS:
                self.add_value(plugin, tag, value)  # (raises for an unknown kind)
                continue
            owner = plugin.capitalize() + "Summary"
            from ...common.tensor import Tensor

            if not isinstance(value, Tensor):
                raise TypeError(f"{owner}: `value` must be a Tensor, got {type(value).__name__}")
            self._add_array(plugin, tag, _to_numpy(plugin, value, owner))

    def flush(self) -> None:
        """Push what was recorded to disk.

        Example:
            >>> import tempfile
            >>> with SummaryRecord(tempfile.mkdtemp()) as record:
            ...     record.flush()
        """
        if self._closed:
            _log.error("SummaryRecord.flush: the record is closed")
        elif self._files is not None:
            self._files.flush()

    def close(self) -> None:
        """Finish the files and let another SummaryRecord open.

        Example:
            >>> import tempfile
            >>> record = SummaryRecord(tempfile.mkdtemp())
            >>> record.close()
        """
        if self._closed:
            return
        self._closed = True
        atexit.unregister(self.close)
        if self._files is not None:
            self._files.close()
        with _instance_lock:
            SummaryRecord.count -= 1

    @staticmethod
    def _parse_from(name=None):
        """``(tag, kind)`` of a ``'TAG[:KIND]'`` name, else ``(None, None)``."""
        if not isinstance(name, str):
            return None, None
        match = re.match(r"(.+)\[:(.+)\]", name)
        return match.groups() if match else (None, None)
