"""`set_auto_parallel_context` / `get_auto_parallel_context` / `reset_auto_parallel_context`
and `ParallelMode`: MindSpore's parallel settings, read by msfunc's data-parallel helpers,
`shard` and `data_sink`.

msfunc runs parallel programs on JAX's SPMD partitioner: one program over a
`jax.sharding.Mesh` of devices (across processes after `communication.init()`).
What the settings do:

- ``parallel_mode``: DATA_PARALLEL makes `data_sink` split each batch across the
  devices (``data_parallel.distribute_batch``); `data_parallel.prepare` replicates
  a network's Parameters. The other modes are recorded (`shard` works in any).
- ``device_num``: how many devices the mesh uses (default: all of them).
- ``enable_parallel_optimizer``: `data_parallel.prepare` shards optimizer state
  across the devices (ZeRO-1) while the Parameters stay replicated.
- ``full_batch``: every process feeds the whole global batch (else its own part).
- ``gradients_mean``: msfunc differentiates the loss of the whole global batch,
  which is MindSpore's ``gradients_mean=True``; with False MindSpore sums the
  per-device means (``gradient_scale()`` times larger).
The rest (search_mode, strategy files, pipeline and fusion options) are recorded
and have no effect.
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = [
    "ParallelMode",
    "set_auto_parallel_context",
    "get_auto_parallel_context",
    "reset_auto_parallel_context",
    "device_count",
    "gradient_scale",
]


class ParallelMode:
    """The values `set_auto_parallel_context` takes for ``parallel_mode``, as strings.

    Example:
        >>> import msfunc as ms
        >>> print(ms.ParallelMode.DATA_PARALLEL, len(ms.ParallelMode.MODE_LIST))
        data_parallel 5
    """

    STAND_ALONE = "stand_alone"
    DATA_PARALLEL = "data_parallel"
    HYBRID_PARALLEL = "hybrid_parallel"
    SEMI_AUTO_PARALLEL = "semi_auto_parallel"
    AUTO_PARALLEL = "auto_parallel"
    MODE_LIST = [STAND_ALONE, DATA_PARALLEL, HYBRID_PARALLEL, SEMI_AUTO_PARALLEL, AUTO_PARALLEL]


_DEFAULTS = {
    "device_num": None,
    "global_rank": 0,
    "gradients_mean": False,
    "gradient_fp32_sync": True,
    "loss_repeated_mean": True,
    "parallel_mode": ParallelMode.STAND_ALONE,
    "search_mode": "recursive_programming",
    "auto_parallel_search_mode": "recursive_programming",
    "parameter_broadcast": False,
    "strategy_ckpt_load_file": "",
    "strategy_ckpt_save_file": "",
    "full_batch": False,
    "dataset_strategy": "data_parallel",
    "enable_parallel_optimizer": False,
    "enable_alltoall": False,
    "all_reduce_fusion_config": [],
    "pipeline_stages": 1,
    "pipeline_result_broadcast": False,
    "parallel_optimizer_config": {},
    "pipeline_config": {},
    "comm_fusion": {},
    "strategy_ckpt_config": {},
    "group_ckpt_save_file": "",
    "auto_pipeline": False,
    "dump_local_norm": False,
    "dump_local_norm_path": "",
    "dump_device_local_norm": False,
}
_BOOLS = {
    "gradients_mean",
    "gradient_fp32_sync",
    "loss_repeated_mean",
    "parameter_broadcast",
    "full_batch",
    "enable_parallel_optimizer",
    "enable_alltoall",
    "pipeline_result_broadcast",
    "auto_pipeline",
    "dump_local_norm",
    "dump_device_local_norm",
}
_settings = dict(_DEFAULTS)


def _check(key, value):
    if key not in _DEFAULTS:
        raise ValueError(
            f"set_auto_parallel_context: unknown option {key!r}; known: {sorted(_DEFAULTS)}"
        )
    if key == "parallel_mode":
        if value not in ParallelMode.MODE_LIST:
            raise ValueError(
                f"set_auto_parallel_context: `parallel_mode` must be one of "
                f"{ParallelMode.MODE_LIST}, got {value!r}"
            )
    elif key == "device_num":
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
            raise ValueError(
                f"set_auto_parallel_context: `device_num` must be a positive int, got {value!r}"
            )
        import jax

        if value > jax.device_count():
            raise ValueError(
                f"set_auto_parallel_context: `device_num` {value} is more than "
                f"the {jax.device_count()} devices JAX sees"
            )
        value = int(value)
    elif key in ("global_rank", "pipeline_stages"):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 0:
            raise ValueError(
                f"set_auto_parallel_context: `{key}` must be a non-negative int, got {value!r}"
            )
    elif key in _BOOLS and not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"set_auto_parallel_context: `{key}` must be a bool, got {value!r}")
    return value


def set_auto_parallel_context(**kwargs: Any) -> None:
    """Set parallel options (the module docstring says what each does in msfunc).

    All options are checked before any is set: an unknown name or a bad value raises and
    changes nothing.

    Args:
        **kwargs (Any): Options by name: ``parallel_mode`` (a `ParallelMode` value),
            ``device_num`` (int), ``gradients_mean`` (bool), ``full_batch`` (bool),
            ``enable_parallel_optimizer`` (bool), and MindSpore's others.

    Returns:
        None.

    Example:
        >>> import msfunc as ms
        >>> ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL,
        ...                              gradients_mean=True)
        >>> print(ms.get_auto_parallel_context("parallel_mode"))
        data_parallel
        >>> ms.reset_auto_parallel_context()
    """
    checked = {key: _check(key, value) for key, value in kwargs.items()}
    _settings.update(checked)


def get_auto_parallel_context(attr_key: str) -> Any:
    """The value of one parallel option.

    Args:
        attr_key (str): The option's name; ``device_num`` defaults to JAX's device count.

    Returns:
        Any, the option's value.

    Example:
        >>> import msfunc as ms
        >>> print(ms.get_auto_parallel_context("parallel_mode"))
        stand_alone
        >>> print(ms.get_auto_parallel_context("gradients_mean"))
        False
    """
    if attr_key not in _DEFAULTS:
        raise ValueError(f"get_auto_parallel_context: unknown option {attr_key!r}")
    if attr_key == "device_num" and _settings["device_num"] is None:
        return device_count()
    return _settings[attr_key]


def reset_auto_parallel_context() -> None:
    """Every parallel option back to its default (``stand_alone``, all devices ...).

    Returns:
        None.

    Example:
        >>> import msfunc as ms
        >>> ms.set_auto_parallel_context(full_batch=True)
        >>> ms.reset_auto_parallel_context()
        >>> print(ms.get_auto_parallel_context("full_batch"))
        False
    """
    _settings.clear()
    _settings.update(_DEFAULTS)


def device_count():
    """How many devices parallel programs use: ``device_num`` if set, else all."""
    import jax

    return _settings["device_num"] or jax.device_count()


def gradient_scale():
    """MindSpore's data-parallel gradient over msfunc's global-batch gradient: the device
    count in DATA_PARALLEL mode with ``gradients_mean=False``, else 1.

    Example:
        >>> from msfunc.parallel import gradient_scale
        >>> gradient_scale()
        1
    """
    if _settings["parallel_mode"] != ParallelMode.DATA_PARALLEL or _settings["gradients_mean"]:
        return 1
    return device_count()
