"""``mindspore.runtime`` on JAX: the device-synchronisation and memory queries JAX can answer."""

import jax

__all__ = ["max_memory_allocated", "memory_allocated", "memory_stats", "synchronize"]


def synchronize():
    """Wait until every computation dispatched so far has finished.

    Example:
        >>> from msfunc.compat import runtime
        >>> runtime.synchronize()
    """
    jax.effects_barrier()
    for array in jax.live_arrays():
        array.block_until_ready()


def memory_stats():
    """The memory statistics of the default device (an empty dict where the backend has none).

    Example:
        >>> from msfunc.compat import runtime
        >>> isinstance(runtime.memory_stats(), dict)
        True
    """
    return dict(jax.local_devices()[0].memory_stats() or {})


def memory_allocated():
    """Bytes in use on the default device (0 where the backend does not report it).

    Example:
        >>> from msfunc.compat import runtime
        >>> runtime.memory_allocated() >= 0
        True
    """
    return int(memory_stats().get("bytes_in_use", 0))


def max_memory_allocated():
    """The peak bytes in use on the default device (0 where the backend does not report it).

    Example:
        >>> from msfunc.compat import runtime
        >>> runtime.max_memory_allocated() >= 0
        True
    """
    return int(memory_stats().get("peak_bytes_in_use", 0))
