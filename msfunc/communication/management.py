"""`init`, `get_rank`, `get_group_size`, `get_local_rank`: MindSpore's process-group API over
`jax.distributed` and JAX's process and device counts.

A rank is a process. One JAX process drives all of its host's devices, so on one
machine there is one rank (group size 1) however many devices it has; with
several processes (one per host, or several on one host for testing) each is a
rank, and `msfunc.parallel` spreads programs over the devices of all of them.
"""

from __future__ import annotations

import os
import socket
import zlib

import jax
import numpy as np

__all__ = [
    "init",
    "release",
    "get_rank",
    "get_group_size",
    "get_local_rank",
    "get_local_rank_size",
    "GlobalComm",
    "HCCL_WORLD_COMM_GROUP",
    "NCCL_WORLD_COMM_GROUP",
    "is_initialized",
]

HCCL_WORLD_COMM_GROUP = "hccl_world_group"
NCCL_WORLD_COMM_GROUP = "nccl_world_group"
_BACKENDS = (None, "hccl", "nccl", "mccl", "gloo", "jax")
_state = {"initialized": False, "local": None}


class GlobalComm:
    """MindSpore's world group name (every group here is the world), the backend, and
    whether `init` has run.

    Example:
        >>> from msfunc.communication import GlobalComm
        >>> GlobalComm.WORLD_COMM_GROUP, GlobalComm.BACKEND
        ('hccl_world_group', 'jax')
    """

    BACKEND = "jax"
    WORLD_COMM_GROUP = HCCL_WORLD_COMM_GROUP
    INITED = False


def _env(*names):
    for name in names:
        value = os.environ.get(name)
        if value:
            return value
    return None


def init(
    backend_name: str | None = None,
    coordinator_address: str | None = None,
    num_processes: int | None = None,
    process_id: int | None = None,
    initialization_timeout: int = 300,
) -> None:
    """Join the process group (`jax.distributed.initialize`); a single process needs nothing.

    The cluster is given by the arguments, else by the environment: msfunc's
    ``MSFUNC_COORDINATOR_ADDRESS`` / ``MSFUNC_NUM_PROCESSES`` / ``MSFUNC_PROCESS_ID``,
    or MindSpore's ``MS_SCHED_HOST`` + ``MS_SCHED_PORT`` / ``MS_WORKER_NUM`` /
    ``MS_NODE_ID``. Without any, this is one process and `init` only records that.
    Calling it again is a no-op. On CPU, cross-process collectives use gloo.

    Args:
        backend_name (str, optional): MindSpore's backend name (``'hccl'``, ``'nccl'``,
            ``'mccl'``, ``'gloo'``, ``'jax'``); all mean JAX's here. Default: ``None``.
        coordinator_address (str, optional): ``host:port`` of process 0. Default: ``None``.
        num_processes (int, optional): The number of processes. Default: ``None``.
        process_id (int, optional): This process's rank. Default: ``None``.
        initialization_timeout (int): Seconds to wait for the others. Default: ``300``.

    Returns:
        None.

    Example:
        >>> from msfunc.communication import init, get_rank, get_group_size
        >>> init()
        >>> get_rank(), get_group_size()
        (0, 1)
    """
    if backend_name not in _BACKENDS:
        raise ValueError(f"init: `backend_name` must be one of {_BACKENDS}, got {backend_name!r}")
    if _state["initialized"]:
        return
    host, port = _env("MS_SCHED_HOST"), _env("MS_SCHED_PORT")
    address = (
        coordinator_address
        or _env("MSFUNC_COORDINATOR_ADDRESS")
        or (f"{host}:{port}" if host and port else None)
    )
    count = (
        num_processes
        if num_processes is not None
        else _env("MSFUNC_NUM_PROCESSES", "MS_WORKER_NUM")
    )
    rank = process_id if process_id is not None else _env("MSFUNC_PROCESS_ID", "MS_NODE_ID")
    if address is not None and count is not None and int(count) > 1:
        if rank is None:
            raise ValueError(
                "init: a coordinator and a process count are given but not this "
                "process's id (process_id / MSFUNC_PROCESS_ID / MS_NODE_ID)"
            )
        try:  # gloo gives the CPU backend cross-process collectives
            jax.config.update("jax_cpu_collectives_implementation", "gloo")
        except (AttributeError, ValueError):  # pragma: no cover - option absent
            pass
        jax.distributed.initialize(
            address,
            num_processes=int(count),
            process_id=int(rank),
            initialization_timeout=initialization_timeout,
        )
    _state["initialized"] = True
    GlobalComm.INITED = True


def release() -> None:
    """Leave the process group.

    Returns:
        None.

    Example:
        >>> from msfunc.communication import release
        >>> release()
    """
    if _state["initialized"] and jax.process_count() > 1:
        jax.distributed.shutdown()
    _state.update(initialized=False, local=None)
    GlobalComm.INITED = False


def is_initialized() -> bool:
    """Whether `init` has run (and `release` has not since).

    Returns:
        bool.

    Example:
        >>> from msfunc.communication import init, is_initialized
        >>> init()
        >>> is_initialized()
        True
    """
    return _state["initialized"]


def _check_group(group, who):
    if group not in (None, HCCL_WORLD_COMM_GROUP, NCCL_WORLD_COMM_GROUP):
        raise ValueError(f"{who}: only the world group is supported, got {group!r}")


def get_rank(group: str | None = None) -> int:
    """This process's rank (`jax.process_index()`).

    Args:
        group (str, optional): The world group (the only group here). Default: ``None``.

    Returns:
        int.

    Example:
        >>> from msfunc.communication import get_rank
        >>> get_rank()
        0
    """
    _check_group(group, "get_rank")
    return jax.process_index()


def get_group_size(group: str | None = None) -> int:
    """The number of processes (`jax.process_count()`).

    Args:
        group (str, optional): The world group (the only group here). Default: ``None``.

    Returns:
        int.

    Example:
        >>> from msfunc.communication import get_group_size
        >>> get_group_size()
        1
    """
    _check_group(group, "get_group_size")
    return jax.process_count()


def _local_layout():
    """(local rank, processes on this host), by comparing host names across processes."""
    if _state["local"] is None:
        if jax.process_count() == 1:
            _state["local"] = (0, 1)
        else:
            from jax.experimental import multihost_utils

            mine = np.int32(zlib.crc32(socket.gethostname().encode()) & 0x7FFFFFFF)
            hosts = np.asarray(multihost_utils.process_allgather(mine)).reshape(-1)
            rank = jax.process_index()
            same = hosts == hosts[rank]
            _state["local"] = (int(np.sum(same[:rank])), int(np.sum(same)))
    return _state["local"]


def get_local_rank(group: str | None = None) -> int:
    """This process's rank among the processes of its host.

    Args:
        group (str, optional): The world group (the only group here). Default: ``None``.

    Returns:
        int.

    Example:
        >>> from msfunc.communication import get_local_rank
        >>> get_local_rank()
        0
    """
    _check_group(group, "get_local_rank")
    return _local_layout()[0]


def get_local_rank_size(group: str | None = None) -> int:
    """How many processes run on this host.

    Args:
        group (str, optional): The world group (the only group here). Default: ``None``.

    Returns:
        int.

    Example:
        >>> from msfunc.communication import get_local_rank_size
        >>> get_local_rank_size()
        1
    """
    _check_group(group, "get_local_rank_size")
    return _local_layout()[1]
