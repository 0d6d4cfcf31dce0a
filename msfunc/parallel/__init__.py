"""`msfunc.parallel`: MindSpore's auto-parallel context and data parallelism on JAX's SPMD
partitioner (see `context` for what each option does)."""

from .context import (
    ParallelMode,
    device_count,
    get_auto_parallel_context,
    gradient_scale,
    reset_auto_parallel_context,
    set_auto_parallel_context,
)
from .data_parallel import (
    DATA_AXIS,
    data_mesh,
    distribute_batch,
    is_data_parallel,
    place,
    prepare,
    replicate,
)

__all__ = [
    "ParallelMode",
    "set_auto_parallel_context",
    "get_auto_parallel_context",
    "reset_auto_parallel_context",
    "device_count",
    "gradient_scale",
    "DATA_AXIS",
    "data_mesh",
    "distribute_batch",
    "is_data_parallel",
    "place",
    "prepare",
    "replicate",
]
