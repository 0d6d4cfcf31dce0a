"""`mindspore.dataset.config`: the pipeline's seed, default worker count and prefetch size
(the engine switches are in config_flags)."""

from __future__ import annotations

import os
import random
import threading

import numpy as np

from .config_flags import *  # noqa: F403 - MindSpore's config holds these switches too
from .config_flags import __all__ as _FLAG_NAMES

__all__ = [
    "set_seed",
    "get_seed",
    "set_num_parallel_workers",
    "get_num_parallel_workers",
    "set_prefetch_size",
    "get_prefetch_size",
    "pipeline_seed",
    "set_fast_recovery",
    "get_fast_recovery",
    "set_enable_autotune",
    "get_enable_autotune",
    "set_autotune_interval",
    "get_autotune_interval",
    "set_callback_timeout",
    "get_callback_timeout",
    "set_debug_mode",
    "get_debug_mode",
    "debug_hooks",
    "load",
    *_FLAG_NAMES,
]


def _default_workers():
    """MindSpore's default worker count: one per CPU, at most 8."""
    return min(8, os.cpu_count() or 1)


# a map worker's own seed, the dataset seed plus its number, while it runs operations with
# `python_multiprocessing` (MindSpore's worker processes set it so)
worker_seed = threading.local()
_settings = {"seed": None, "num_parallel_workers": _default_workers(), "prefetch_size": 16}


def _positive_int(name, value, minimum=1):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < minimum:
        raise ValueError(f"{name}: expected an int >= {minimum}, got {value!r}")
    return int(value)


def workers_arg(num, who):
    """`num_parallel_workers` as a source, `map`, `batch` or `filter` takes it, checked as
    MindSpore checks it: an int (not a bool or a numpy integer: TypeError) from 1 to the
    machine's CPU count (ValueError).

    Example:
        >>> workers_arg(1, "map")
        1
        >>> workers_arg(0, "map")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        ValueError: map: `num_parallel_workers` must be in [1, ...], got 0
    """
    if isinstance(num, bool) or not isinstance(num, int):
        raise TypeError(f"{who}: `num_parallel_workers` must be an int, got {num!r}")
    cpus = os.cpu_count() or 1
    if not 1 <= num <= cpus:
        raise ValueError(f"{who}: `num_parallel_workers` must be in [1, {cpus}], got {num}")
    return num


_DEFAULT_SEED = 5489  # std::mt19937's default seed: MindSpore's "not seeded" value


def set_seed(seed):
    """Seed every random operation of the dataset pipelines (shuffles, samplers, random
    transforms), and Python's and numpy's global generators, as MindSpore does.

    `msfunc.set_seed` calls this too: whichever of the two runs last sets the dataset seed.

    Example:
        >>> import msfunc.dataset as ds
        >>> ds.config.set_seed(7)
        >>> ds.config.get_seed()
        7
    """
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise TypeError(f"ds.config.set_seed: `seed` must be an int, got {type(seed).__name__}")
    if not 0 <= seed <= 0xFFFFFFFF:
        raise ValueError(f"ds.config.set_seed: `seed` must be in [0, 2**32 - 1], got {seed}")
    _settings["seed"] = int(seed)
    random.seed(int(seed))
    np.random.seed(int(seed))


def get_seed():
    """The dataset seed last set (by `set_seed` or `msfunc.set_seed`), else 5489.

    Example:
        >>> import msfunc.dataset as ds
        >>> ds.config.set_seed(3); ds.config.get_seed()
        3
    """
    worker = getattr(worker_seed, "value", None)
    if worker is not None:  # inside a map worker's operations (see `worker_generators`)
        return worker
    return _DEFAULT_SEED if _settings["seed"] is None else _settings["seed"]


def pipeline_seed():
    """The seed an iterator starts from: `get_seed()`, or fresh entropy when it is 5489
    (MindSpore's engine takes that value, set or not, to mean "unseeded")."""
    seed = get_seed()
    if seed == _DEFAULT_SEED and get_debug_mode():
        return 1  # debug mode runs an unseeded pipeline deterministically, from seed 1
    if seed == _DEFAULT_SEED:
        return int(np.random.SeedSequence().entropy % 2**31)
    return seed


def set_num_parallel_workers(num):
    """Default `num_parallel_workers` of map/batch/sources that do not give one.

    Example:
        >>> import msfunc.dataset as ds
        >>> before = ds.config.get_num_parallel_workers()
        >>> ds.config.set_num_parallel_workers(1); ds.config.get_num_parallel_workers()
        1
        >>> ds.config.set_num_parallel_workers(before)

    Raises TypeError for a `num` that is not an int, ValueError for one below 1 and
    RuntimeError for more workers than CPUs, as MindSpore's engine does.
    """
    if isinstance(num, bool) or not isinstance(num, int):
        raise TypeError(f"set_num_parallel_workers: `num` must be an int, got {num!r}")
    if num < 1:
        raise ValueError(f"set_num_parallel_workers: `num` must be >= 1, got {num}")
    cpus = os.cpu_count() or 1
    if num > cpus:  # (found by MindSpore's C++ config manager, hence its RuntimeError)
        raise RuntimeError(f"set_num_parallel_workers: `num` {num} exceeds the {cpus} CPUs")
    _settings["num_parallel_workers"] = num


def get_num_parallel_workers():
    """The default number of parallel workers: MindSpore's, min(8, CPUs), unless set.

    The count decides how the rows of several files interleave and which random stream each
    row of a random `map` draws from, as in MindSpore.

    Example:
        >>> import os, msfunc.dataset as ds
        >>> ds.config.get_num_parallel_workers() == min(8, os.cpu_count())
        True
    """
    return _settings["num_parallel_workers"]


def set_prefetch_size(size):
    """How many rows a parallel stage may compute ahead of the consumer.

    Example:
        >>> import msfunc.dataset as ds
        >>> ds.config.set_prefetch_size(16); ds.config.get_prefetch_size()
        16
    """
    _settings["prefetch_size"] = _positive_int("set_prefetch_size: `size`", size)


def get_prefetch_size():
    """The look-ahead of parallel stages, in rows."""
    return _settings["prefetch_size"]


def set_fast_recovery(fast_recovery):
    """Whether a resumed pipeline may skip its transforms (MindSpore's speed-up of
    `Dataset.set_init_step`); msfunc always replays the exact rows, so this only records it.

    Example:
        >>> import msfunc.dataset as ds
        >>> ds.config.set_fast_recovery(False); ds.config.get_fast_recovery()
        False
        >>> ds.config.set_fast_recovery(True)
    """
    if not isinstance(fast_recovery, bool):
        raise TypeError(
            f"set_fast_recovery: `fast_recovery` must be a bool, got {type(fast_recovery).__name__}"
        )
    _settings["fast_recovery"] = fast_recovery


def get_fast_recovery():
    """The `set_fast_recovery` setting (True unless set)."""
    return _settings.get("fast_recovery", True)


def set_debug_mode(debug_mode_flag, debug_hook_list=None):
    """Run pipelines in debug mode: one worker, an unseeded pipeline seeded with 1, and
    `debug_hook_list` (default: one `debug.PrintMetaDataHook`) called before and after each
    transform of every `map`.

    Args:
        debug_mode_flag (bool): Whether debug mode is on.
        debug_hook_list (list[debug.DebugHook], optional): The hooks. Default: ``None``.

    Raises:
        TypeError: `debug_mode_flag` is not a bool, `debug_hook_list` not a list of DebugHook.

    Example:
        >>> import msfunc.dataset as ds
        >>> ds.config.set_debug_mode(True); ds.config.get_debug_mode()
        True
        >>> ds.config.set_debug_mode(False)
    """
    from .debug import DebugHook, PrintMetaDataHook

    if not isinstance(debug_mode_flag, bool):
        raise TypeError(
            "set_debug_mode: `debug_mode_flag` must be a bool, got"
            f" {type(debug_mode_flag).__name__}"
        )
    if debug_hook_list is None:
        debug_hook_list = [PrintMetaDataHook()]
    if not isinstance(debug_hook_list, list):
        raise TypeError(
            "set_debug_mode: `debug_hook_list` must be a list, got"
            f" {type(debug_hook_list).__name__}"
        )
    for hook in debug_hook_list:
        if not isinstance(hook, DebugHook):
            raise TypeError(
                "set_debug_mode: every item of `debug_hook_list` must be a DebugHook, got"
                f" {type(hook).__name__}"
            )
    if debug_hook_list:  # an empty list keeps the hooks set before, as MindSpore does
        _settings["debug_hooks"] = list(debug_hook_list)
    _settings["debug_mode"] = debug_mode_flag


def get_debug_mode():
    """Whether debug mode is on (False unless set).

    Example:
        >>> import msfunc.dataset as ds
        >>> ds.config.get_debug_mode()
        False
    """
    return _settings.get("debug_mode", False)


def debug_hooks():
    """The hooks `map` calls around each transform: those set, while debug mode is on."""
    return _settings.get("debug_hooks", []) if get_debug_mode() else []


def set_callback_timeout(timeout):
    """How long (seconds) a `WaitedDSCallback` waits for training before it raises.

    Raises:
        TypeError: `timeout` is not an int.
        ValueError: `timeout` is not positive.

    Example:
        >>> import msfunc.dataset as ds
        >>> ds.config.set_callback_timeout(30); ds.config.get_callback_timeout()
        30
        >>> ds.config.set_callback_timeout(60)
    """
    if isinstance(timeout, bool) or not isinstance(timeout, (int, np.integer)):
        raise TypeError(f"set_callback_timeout: `timeout` must be an int, got {timeout!r}")
    _settings["callback_timeout"] = _positive_int("set_callback_timeout: `timeout`", timeout)


def get_callback_timeout():
    """The `WaitedDSCallback` timeout in seconds (60 unless set)."""
    return _settings.get("callback_timeout", 60)


def set_enable_autotune(enable, filepath_prefix=None):
    """Switch MindSpore's pipeline autotuning on or off. msfunc's threads need no tuning, so
    this records the setting without changing how pipelines run; with `filepath_prefix`,
    each iterator created writes its pipeline's configuration to
    ``<filepath_prefix>_<RANK_ID>.json`` (`msfunc.dataset.serdes.autotune_config`).

    Args:
        enable (bool): Whether autotuning is on.
        filepath_prefix (str, optional): Where a tuned configuration would go; checked only
            when `enable`. Default: ``None``.

    Raises:
        TypeError: `enable` is not a bool or `filepath_prefix` not a str.
        RuntimeError: with `enable`, `filepath_prefix` is empty, a directory, or in a
            directory that does not exist.

    Example:
        >>> import msfunc.dataset as ds
        >>> ds.config.set_enable_autotune(True); ds.config.get_enable_autotune()
        True
        >>> ds.config.set_enable_autotune(False)
    """
    if not isinstance(enable, bool):
        raise TypeError(f"set_enable_autotune: `enable` must be a bool, got {enable!r}")
    if filepath_prefix is not None and not isinstance(filepath_prefix, str):
        raise TypeError(
            f"set_enable_autotune: `filepath_prefix` must be a str, got {filepath_prefix!r}"
        )
    if enable and filepath_prefix is not None:
        path = os.path.realpath(filepath_prefix) if filepath_prefix else ""
        if not filepath_prefix:
            raise RuntimeError("set_enable_autotune: `filepath_prefix` is an empty path")
        if os.path.isdir(path):
            raise RuntimeError(f"set_enable_autotune: `filepath_prefix` {path} is a directory")
        if not os.path.isdir(os.path.dirname(path)):
            raise RuntimeError(
                f"set_enable_autotune: the directory of `filepath_prefix` {path} does not exist"
            )
    _settings["autotune"] = enable
    _settings["autotune_filepath"] = filepath_prefix if enable else None


def get_enable_autotune():
    """Whether autotuning is switched on (False unless set)."""
    return _settings.get("autotune", False)


def autotune_filepath():
    """Where autotuning's configuration is written (`set_enable_autotune`'s prefix), or None."""
    return _settings.get("autotune_filepath")


def set_autotune_interval(interval):
    """How many steps apart autotuning would look at the pipeline (0: once per epoch).

    Raises:
        TypeError: `interval` is not an int.
        ValueError: `interval` is negative.

    Example:
        >>> import msfunc.dataset as ds
        >>> ds.config.set_autotune_interval(200); ds.config.get_autotune_interval()
        200
        >>> ds.config.set_autotune_interval(0)
    """
    if isinstance(interval, bool) or not isinstance(interval, (int, np.integer)):
        raise TypeError(f"set_autotune_interval: `interval` must be an int, got {interval!r}")
    if interval < 0:
        raise ValueError(f"set_autotune_interval: `interval` must be >= 0, got {interval}")
    _settings["autotune_interval"] = int(interval)


def get_autotune_interval():
    """The autotune interval in steps (0 unless set)."""
    return _settings.get("autotune_interval", 0)


# the keys of a config file `load` applies (others are ignored, as MindSpore ignores them)
_FILE_KEYS = {
    "numParallelWorkers": set_num_parallel_workers,
    "opConnectorSize": set_prefetch_size,
    # (a C++ uint32 there: -1 reads back as 4294967295)
    "seed": lambda v: set_seed(v % 2**32 if isinstance(v, int) and not isinstance(v, bool) else v),
    "monitorSamplingInterval": set_monitor_sampling_interval,  # noqa: F405
    "fast_recovery": set_fast_recovery,
    "debug_mode_flag": set_debug_mode,
    "error_samples_mode": lambda v: set_error_samples_mode(ErrorSamplesMode(v)),  # noqa: F405
}


def load(file):
    """Apply the settings of a json config file: ``numParallelWorkers``, ``opConnectorSize``
    (the prefetch size), ``seed``, ``monitorSamplingInterval``, ``fast_recovery``,
    ``debug_mode_flag`` and ``error_samples_mode`` (its number); other keys are ignored.

    Raises:
        TypeError: `file` is not a str.
        RuntimeError: the file cannot be read, is not json, or holds a bad value (MindSpore's
            type for all three: its C++ reads the file).

    Example:
        >>> import json, os, tempfile, msfunc.dataset as ds
        >>> path = os.path.join(tempfile.mkdtemp(), "ds.cfg")
        >>> json.dump({"opConnectorSize": 8, "logFilePath": "/tmp"}, open(path, "w"))
        >>> ds.config.load(path); ds.config.get_prefetch_size()
        8
        >>> ds.config.set_prefetch_size(16)
    """
    import json

    if not isinstance(file, str):
        raise TypeError(f"config.load: `file` must be a str, got {type(file).__name__}")
    try:
        with open(file) as f:
            spec = json.load(f)
    except (OSError, ValueError) as exc:
        raise RuntimeError(f"config.load: cannot read the json config {file!r}: {exc}") from None
    if not isinstance(spec, dict):
        raise RuntimeError(f"config.load: {file!r} must hold a json object")
    for key, apply in _FILE_KEYS.items():
        if key in spec:
            try:
                apply(spec[key])
            except (TypeError, ValueError) as exc:
                raise RuntimeError(f"config.load: bad {key!r} in {file!r}: {exc}") from None
