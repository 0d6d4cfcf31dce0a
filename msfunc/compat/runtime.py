"""``mindspore.runtime`` on JAX: the device-synchronisation and memory queries JAX can answer."""

import re

import jax

__all__ = [
    "launch_blocking",
    "max_memory_allocated",
    "memory_allocated",
    "memory_stats",
    "set_memory",
    "synchronize",
]

_SIZE = re.compile(r"\d+(\.\d*)?GB")
_MEMORY = {}  # the settings of set_memory, once called


def _gigabytes(value, name, zero_ok=False):
    if not isinstance(value, str):
        raise TypeError(f"set_memory: `{name}` must be a str such as '2GB', got {value!r}")
    if not _SIZE.fullmatch(value) or (not zero_ok and float(value[:-2]) == 0):
        wanted = "a size" if zero_ok else "a size above zero"
        raise ValueError(f"set_memory: `{name}` must be {wanted} such as '3.5GB', got {value!r}")
    return float(value[:-2])


def set_memory(
    init_size="2GB",
    increase_size="2GB",
    max_size="1024GB",
    optimize_level="O0",
    huge_page_reserve_size="0GB",
):
    """Check and keep MindSpore's memory-pool settings (once per process, as in MindSpore).

    JAX allocates through XLA's own allocator (sized by its XLA_PYTHON_CLIENT_* environment
    variables before the first computation), so the sizes and the optimize level are kept
    only: they change no result, as on MindSpore's CPU build.

    Example:
        >>> from msfunc.compat import runtime
        >>> runtime._MEMORY.clear()  # (a fresh process)
        >>> runtime.set_memory("4GB", optimize_level="O1")
        >>> runtime._MEMORY["optimize_level"]
        'O1'
    """
    if _MEMORY:
        raise RuntimeError("set_memory: the memory settings are set once per process")
    sizes = {
        "init_size": _gigabytes(init_size, "init_size"),
        "increase_size": _gigabytes(increase_size, "increase_size"),
        "max_size": _gigabytes(max_size, "max_size"),
        "huge_page_reserve_size": _gigabytes(
            huge_page_reserve_size, "huge_page_reserve_size", zero_ok=True
        ),
    }
    if optimize_level not in ("O0", "O1"):
        raise ValueError(
            f"set_memory: `optimize_level` must be 'O0' or 'O1', got {optimize_level!r}"
        )
    _MEMORY.update(sizes, optimize_level=optimize_level)


def launch_blocking():
    """Run every operator synchronously, so an error surfaces at the line that caused it.

    msfunc's operators already raise where they are called (JAX checks shapes and dtypes
    when it dispatches), and its results are the same either way: nothing to switch.

    Example:
        >>> from msfunc.compat import runtime
        >>> runtime.launch_blocking()
    """
    return None


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
