"""``mindspore.hal``: device queries, runtime memory statistics and contiguous tensor handles."""

from ..compat.runtime import max_memory_allocated, memory_allocated, memory_stats, synchronize
from . import contiguous_tensors_handle, device
from .device import (
    device_count,
    get_arch_list,
    get_device_capability,
    get_device_name,
    get_device_properties,
    is_available,
    is_initialized,
)

__all__ = [
    "contiguous_tensors_handle",
    "device",
    "device_count",
    "get_arch_list",
    "get_device_capability",
    "get_device_name",
    "get_device_properties",
    "is_available",
    "is_initialized",
    "max_memory_allocated",
    "memory_allocated",
    "memory_stats",
    "synchronize",
]
