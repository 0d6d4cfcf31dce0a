"""``mindspore.device_context``: per-device settings and queries (``cpu``, ``gpu``, ``ascend``).

Example:
    >>> import msfunc as ms
    >>> ms.device_context.cpu.is_available(), ms.device_context.ascend.is_available()
    (True, False)
"""

from . import ascend, cpu, gpu

__all__ = ["ascend", "cpu", "gpu"]
