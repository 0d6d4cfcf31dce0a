"""`mindspore.dataset.config`'s switches for MindSpore's engine services (watchdog, shared
memory, monitor, NUMA, offload) and the error-samples mode of `map`.

msfunc's pipelines run in Python threads, so most of these switches only record their value,
checked as MindSpore checks it; `get_error_samples_mode` is read by `map`.
"""

from __future__ import annotations

import enum

import numpy as np

__all__ = [
    "ErrorSamplesMode",
    "set_error_samples_mode",
    "get_error_samples_mode",
    "set_auto_num_workers",
    "get_auto_num_workers",
    "set_enable_watchdog",
    "get_enable_watchdog",
    "set_enable_shared_mem",
    "get_enable_shared_mem",
    "set_multiprocessing_timeout_interval",
    "get_multiprocessing_timeout_interval",
    "set_monitor_sampling_interval",
    "get_monitor_sampling_interval",
    "set_sending_batches",
    "set_numa_enable",
    "get_numa_enable",
    "set_auto_offload",
    "get_auto_offload",
    "set_multiprocessing_start_method",
    "get_multiprocessing_start_method",
    "set_iterator_mode",
    "get_iterator_mode",
]

_INT32_MAX = 2**31 - 1
# MindSpore's defaults for the settings below
_flags = {
    "auto_num_workers": False,
    "enable_watchdog": True,
    "enable_shared_mem": True,
    "multiprocessing_timeout_interval": 300,
    "monitor_sampling_interval": 1000,
    "sending_batches": 0,
    "numa_enable": False,
    "auto_offload": False,
    "multiprocessing_start_method": "fork",
}


class ErrorSamplesMode(enum.IntEnum):
    """What `map` does with a sample one of its operations fails on: RETURN raises the error,
    REPLACE emits an earlier good sample in its place, SKIP drops it."""

    RETURN = 0
    REPLACE = 1
    SKIP = 2


def _bool(who, arg, value):
    if not isinstance(value, bool):
        raise TypeError(f"{who}: `{arg}` must be a bool, got {type(value).__name__}")
    return value


def _int(who, arg, value):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{who}: `{arg}` must be an int, got {type(value).__name__}")
    return int(value)


def set_error_samples_mode(error_samples_mode):
    """Choose how `map` treats a sample that one of its operations fails on.

    Raises:
        TypeError: `error_samples_mode` is not an `ErrorSamplesMode`.

    Example:
        >>> import msfunc.dataset as ds
        >>> ds.config.set_error_samples_mode(ds.config.ErrorSamplesMode.SKIP)
        >>> ds.config.get_error_samples_mode()
        <ErrorSamplesMode.SKIP: 2>
        >>> ds.config.set_error_samples_mode(ds.config.ErrorSamplesMode.RETURN)
    """
    if not isinstance(error_samples_mode, ErrorSamplesMode):
        raise TypeError(
            "set_error_samples_mode: `error_samples_mode` must be an ErrorSamplesMode, got "
            f"{type(error_samples_mode).__name__}"
        )
    _flags["error_samples_mode"] = error_samples_mode


def get_error_samples_mode():
    """The `map` error-samples mode (RETURN unless set)."""
    return _flags.get("error_samples_mode", ErrorSamplesMode.RETURN)


def set_auto_num_workers(enable):
    """Record whether MindSpore would pick the workers of each operation itself (msfunc keeps
    the counts given).

    Example:
        >>> import msfunc.dataset as ds
        >>> ds.config.set_auto_num_workers(True); ds.config.get_auto_num_workers()
        True
        >>> ds.config.set_auto_num_workers(False)
    """
    _flags["auto_num_workers"] = _bool("set_auto_num_workers", "enable", enable)


def get_auto_num_workers():
    """The `set_auto_num_workers` setting (False unless set)."""
    return _flags["auto_num_workers"]


def set_enable_watchdog(enable):
    """Record whether MindSpore's watchdog thread over worker processes runs.

    Example:
        >>> import msfunc.dataset as ds
        >>> ds.config.get_enable_watchdog()
        True
    """
    _flags["enable_watchdog"] = _bool("set_enable_watchdog", "enable", enable)


def get_enable_watchdog():
    """The `set_enable_watchdog` setting (True unless set)."""
    return _flags["enable_watchdog"]


def set_enable_shared_mem(enable):
    """Record whether worker processes would pass rows through shared memory.

    Example:
        >>> import msfunc.dataset as ds
        >>> ds.config.get_enable_shared_mem()
        True
    """
    _flags["enable_shared_mem"] = _bool("set_enable_shared_mem", "enable", enable)


def get_enable_shared_mem():
    """The `set_enable_shared_mem` setting (True unless set)."""
    return _flags["enable_shared_mem"]


def set_multiprocessing_timeout_interval(interval):
    """Seconds between the warnings of a main process waiting on its worker processes.

    Raises:
        TypeError: `interval` is not an int.
        ValueError: `interval` is not in [1, 2**31 - 1].

    Example:
        >>> import msfunc.dataset as ds
        >>> ds.config.get_multiprocessing_timeout_interval()
        300
    """
    interval = _int("set_multiprocessing_timeout_interval", "interval", interval)
    if not 0 < interval <= _INT32_MAX:
        raise ValueError(
            "set_multiprocessing_timeout_interval: `interval` must be in [1, 2**31 - 1], got "
            f"{interval}"
        )
    _flags["multiprocessing_timeout_interval"] = interval


def get_multiprocessing_timeout_interval():
    """The `set_multiprocessing_timeout_interval` setting (300 unless set)."""
    return _flags["multiprocessing_timeout_interval"]


def set_monitor_sampling_interval(interval):
    """Milliseconds between the samples of MindSpore's performance monitor.

    Raises:
        TypeError: `interval` is not an int.
        ValueError: `interval` is not in [1, 2**31 - 1].

    Example:
        >>> import msfunc.dataset as ds
        >>> ds.config.get_monitor_sampling_interval()
        1000
    """
    interval = _int("set_monitor_sampling_interval", "interval", interval)
    if not 0 < interval <= _INT32_MAX:
        raise ValueError(
            f"set_monitor_sampling_interval: `interval` must be in [1, 2**31 - 1], got {interval}"
        )
    _flags["monitor_sampling_interval"] = interval


def get_monitor_sampling_interval():
    """The `set_monitor_sampling_interval` setting (1000 unless set)."""
    return _flags["monitor_sampling_interval"]


def set_sending_batches(batch_num):
    """Record how many batches a device queue would send before it waits (0: no limit).

    Raises:
        TypeError: `batch_num` is not an int.

    Example:
        >>> import msfunc.dataset as ds
        >>> ds.config.set_sending_batches(10)
    """
    _flags["sending_batches"] = _int("set_sending_batches", "batch_num", batch_num)


def set_numa_enable(numa_enable):
    """Record whether MindSpore would bind its threads to NUMA nodes.

    Example:
        >>> import msfunc.dataset as ds
        >>> ds.config.get_numa_enable()
        False
    """
    _flags["numa_enable"] = _bool("set_numa_enable", "numa_enable", numa_enable)


def get_numa_enable():
    """The `set_numa_enable` setting (False unless set)."""
    return _flags["numa_enable"]


def set_auto_offload(offload):
    """Record whether MindSpore would move transforms onto the device.

    Example:
        >>> import msfunc.dataset as ds
        >>> ds.config.get_auto_offload()
        False
    """
    _flags["auto_offload"] = _bool("set_auto_offload", "offload", offload)


def get_auto_offload():
    """The `set_auto_offload` setting (False unless set)."""
    return _flags["auto_offload"]


def set_multiprocessing_start_method(start_method="fork"):
    """How worker processes would start: "fork" or "spawn".

    Raises:
        TypeError: `start_method` is not a str.
        ValueError: it is neither "fork" nor "spawn".

    Example:
        >>> import msfunc.dataset as ds
        >>> ds.config.get_multiprocessing_start_method()
        'fork'
    """
    if not isinstance(start_method, str):
        raise TypeError(
            "set_multiprocessing_start_method: `start_method` must be a str, got "
            f"{type(start_method).__name__}"
        )
    if start_method not in ("fork", "spawn"):
        raise ValueError(
            "set_multiprocessing_start_method: `start_method` must be 'fork' or 'spawn', got "
            f"{start_method!r}"
        )
    _flags["multiprocessing_start_method"] = start_method


def get_multiprocessing_start_method():
    """The `set_multiprocessing_start_method` setting ("fork" unless set)."""
    return _flags["multiprocessing_start_method"]


def set_iterator_mode(do_copy=False, parallel_convert=False):
    """Record how MindSpore's iterators would hand rows over (copying them, converting
    columns in parallel); msfunc's iterators give the same rows either way.

    Raises:
        TypeError: `do_copy` or `parallel_convert` is not a bool.

    Example:
        >>> import msfunc.dataset as ds
        >>> ds.config.set_iterator_mode(parallel_convert=True); ds.config.get_iterator_mode()
        {'do_copy': False, 'parallel_convert': True}
        >>> ds.config.set_iterator_mode()
    """
    _flags["iterator_mode"] = {
        "do_copy": _bool("set_iterator_mode", "do_copy", do_copy),
        "parallel_convert": _bool("set_iterator_mode", "parallel_convert", parallel_convert),
    }


def get_iterator_mode():
    """The `set_iterator_mode` settings, as a dict (both False unless set)."""
    return dict(_flags.get("iterator_mode", {"do_copy": False, "parallel_convert": False}))
