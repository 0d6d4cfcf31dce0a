"""``mindspore.device_context.cpu``: the CPU's presence and its kernel thread count.

Example:
    >>> from msfunc.device_context import cpu
    >>> cpu.is_available(), cpu.device_count()
    (True, 1)
"""

from __future__ import annotations

from ..compat.checkparam import check_positive_int
from . import _settings

__all__ = ["device_count", "is_available", "threads_num"]


def is_available() -> bool:
    """Whether programs can compute on the CPU: always True (JAX always has its CPU backend).

    Returns:
        bool, True.

    Example:
        >>> is_available()
        True
    """
    return bool(_settings.jax_devices("cpu"))


def device_count() -> int:
    """The number of CPU devices: 1, as MindSpore counts the host's CPUs as one device.

    Returns:
        int, 1.

    Example:
        >>> device_count()
        1
    """
    return 1


def threads_num(num: int) -> None:
    """Set the number of threads CPU kernels use, once per process.

    The value is checked and recorded as MindSpore does (a positive int; setting it a second
    time is a RuntimeError). XLA sizes its CPU thread pool when JAX starts, so the number
    is recorded without changing how msfunc computes.

    Args:
        num (int): The number of threads, more than 0.

    Returns:
        None.

    Raises:
        TypeError: `num` is not an int (a bool included).
        ValueError: `num` is 0 or less.
        RuntimeError: the number was set before in this process.

    Example:
        >>> threads_num(0)
        Traceback (most recent call last):
        ...
        ValueError: The 'num' must be int and must > 0, but got 0 (int).
    """
    _settings.check_type("threads_num", "num", num, int)
    _settings.record("cpu.threads_num", check_positive_int(num, "num"), once=True)
