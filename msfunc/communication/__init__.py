"""`msfunc.communication`: MindSpore's process group (`init`, `get_rank`, `get_group_size`,
`get_local_rank`) over `jax.distributed`, and its collective primitives for per-device
code under `jax.shard_map`."""

from .collectives import AllGather, AllReduce, Broadcast, ReduceOp, ReduceScatter
from .management import (
    HCCL_WORLD_COMM_GROUP,
    NCCL_WORLD_COMM_GROUP,
    GlobalComm,
    get_group_size,
    get_local_rank,
    get_local_rank_size,
    get_rank,
    init,
    is_initialized,
    release,
)

__all__ = [
    "init",
    "release",
    "is_initialized",
    "get_rank",
    "get_group_size",
    "get_local_rank",
    "get_local_rank_size",
    "GlobalComm",
    "HCCL_WORLD_COMM_GROUP",
    "NCCL_WORLD_COMM_GROUP",
    "ReduceOp",
    "AllReduce",
    "AllGather",
    "ReduceScatter",
    "Broadcast",
]
