"""`mindspore.dataset.config`: the pipeline's seed, default worker count and prefetch size."""

from __future__ import annotations

import numpy as np

__all__ = ["set_seed", "get_seed", "set_num_parallel_workers", "get_num_parallel_workers",
           "set_prefetch_size", "get_prefetch_size", "pipeline_seed", "set_fast_recovery",
           "get_fast_recovery"]

_settings = {"seed": None, "num_parallel_workers": 1, "prefetch_size": 16}


def _positive_int(name, value, minimum=1):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < minimum:
        raise ValueError(f"{name}: expected an int >= {minimum}, got {value!r}")
    return int(value)


def set_seed(seed):
    """Seed every random operation of the dataset pipelines (shuffles, random transforms).

    Example:
        >>> import msfunc.dataset as ds
        >>> ds.config.set_seed(7)
        >>> ds.config.get_seed()
        7
    """
    _settings["seed"] = _positive_int("ds.config.set_seed: `seed`", seed, minimum=0)


def get_seed():
    """The dataset seed: `set_seed`'s, else `msfunc.set_seed`'s, else None (unseeded).

    Example:
        >>> import msfunc.dataset as ds
        >>> ds.config.set_seed(3); ds.config.get_seed()
        3
    """
    if _settings["seed"] is not None:
        return _settings["seed"]
    from ..common.seed import get_seed as global_seed

    return global_seed()


def pipeline_seed():
    """The seed an iterator starts from: `get_seed()`, or fresh entropy when unseeded."""
    seed = get_seed()
    if seed is None:
        return int(np.random.SeedSequence().entropy % (2**63))
    return seed


def set_num_parallel_workers(num):
    """Default `num_parallel_workers` of map/batch/sources that do not give one.

    Example:
        >>> import msfunc.dataset as ds
        >>> ds.config.set_num_parallel_workers(2); ds.config.get_num_parallel_workers()
        2
        >>> ds.config.set_num_parallel_workers(1)
    """
    _settings["num_parallel_workers"] = _positive_int("set_num_parallel_workers: `num`", num)


def get_num_parallel_workers():
    """The default number of parallel workers (1 unless set)."""
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
        raise TypeError(f"set_fast_recovery: `fast_recovery` must be a bool, got "
                        f"{type(fast_recovery).__name__}")
    _settings["fast_recovery"] = fast_recovery


def get_fast_recovery():
    """The `set_fast_recovery` setting (True unless set)."""
    return _settings.get("fast_recovery", True)
