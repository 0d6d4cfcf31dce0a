"""``mindspore.hal.device``: which devices JAX has, whether their runtime started, their names.

MindSpore's device targets map to JAX's platforms: ``"CPU"`` to JAX's CPU backend,
``"GPU"`` to its CUDA/ROCm backend; msfunc has no Ascend backend.
"""

from __future__ import annotations

from typing import NamedTuple

from .._jax_private import initialized_platforms
from ..device_context import _settings

__all__ = [
    "device_count",
    "get_arch_list",
    "get_device_capability",
    "get_device_name",
    "get_device_properties",
    "is_available",
    "is_initialized",
]

TARGETS = ("CPU", "GPU", "Ascend")
_PLATFORMS = {"CPU": ("cpu",), "GPU": ("cuda", "rocm", "gpu"), "Ascend": ()}


class DeviceProperties(NamedTuple):
    """A GPU's properties, as ``get_device_properties`` gives them.

    Example:
        >>> DeviceProperties("GPU", 9, 0, False, False, 132, 80 << 30, 32).major
        9
    """

    name: str
    major: int
    minor: int
    is_multi_gpu_board: bool
    is_integrated: bool
    multi_processor_count: int
    total_memory: int
    warp_size: int


def _target(device_target, who):
    if device_target is None:
        from ..context import get_context

        return get_context("device_target")
    if device_target not in TARGETS:
        raise ValueError(
            f"hal.{who}: device_target must be one of {list(TARGETS)}, got {device_target!r}"
        )
    return device_target


def _devices(target):
    if target == "CPU":
        return _settings.jax_devices("cpu")[:1]  # (MindSpore counts the host as one device)
    if target == "GPU":
        return _settings.jax_devices("gpu")
    return []


def _available_devices(target, who):
    devices = _devices(_target(target, who))
    if not devices:
        raise ValueError(f"hal.{who}: msfunc has no {target} backend in this process")
    return devices


def _device(device_id, target, who):
    devices = _available_devices(target, who)
    if device_id < 0:
        raise ValueError(f"hal.{who}: device_id must not be negative, got {device_id}")
    if device_id >= len(devices):
        raise ValueError(f"hal.{who}: device_id must be less than {len(devices)}, got {device_id}")
    return devices[device_id]


def is_initialized(device_target: str) -> bool:
    """Whether the runtime of `device_target` has started: JAX starts it on first use.

    Args:
        device_target (str): ``"CPU"``, ``"GPU"`` or ``"Ascend"``.

    Returns:
        bool, True once something ran (or was placed) on that device.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import hal
        >>> _ = ms.ops.abs(ms.Tensor(-2.0)).asnumpy()
        >>> hal.is_initialized("CPU"), hal.is_initialized("Ascend")
        (True, False)
    """
    if device_target not in TARGETS:
        raise ValueError(
            f"hal.is_initialized: device_target must be one of {list(TARGETS)}, "
            f"got {device_target!r}"
        )
    return bool(initialized_platforms() & set(_PLATFORMS[device_target]))


def is_available(device_target: str) -> bool:
    """Whether msfunc can compute on `device_target` in this process.

    Args:
        device_target (str): ``"CPU"``, ``"GPU"`` or ``"Ascend"``.

    Returns:
        bool, True for the CPU; for a GPU when JAX has one; never for Ascend.

    Example:
        >>> from msfunc import hal
        >>> hal.is_available("CPU")
        True
    """
    if device_target not in TARGETS:
        raise ValueError(
            f"hal.is_available: device_target must be one of {list(TARGETS)}, got {device_target!r}"
        )
    return bool(_devices(device_target))


def device_count(device_target: str | None = None) -> int:
    """The number of devices of `device_target` (the CPU counts as one).

    Args:
        device_target (Union[str, None]): ``"CPU"``, ``"GPU"`` or ``"Ascend"``; None: the
            context's device_target. Default: ``None``.

    Returns:
        int, the count; a ValueError where the target has no backend.

    Example:
        >>> from msfunc import hal
        >>> hal.device_count("CPU")
        1
    """
    return len(_available_devices(device_target, "device_count"))


def get_device_name(device_id: int, device_target: str | None = None) -> str:
    """The name of device `device_id`: ``"CPU"``, or the GPU's kind (``"NVIDIA H100"``).

    Args:
        device_id (int): The device's index, from 0.
        device_target (Union[str, None]): As for `device_count`. Default: ``None``.

    Returns:
        str, the name.

    Example:
        >>> from msfunc import hal
        >>> hal.get_device_name(0, "CPU")
        'CPU'
    """
    device = _device(device_id, device_target, "get_device_name")
    return "CPU" if device.platform == "cpu" else str(device.device_kind)


def get_device_capability(device_id: int, device_target: str | None = None) -> tuple | None:
    """A GPU's compute capability ``(major, minor)``; None for the CPU.

    Args:
        device_id (int): The device's index, from 0.
        device_target (Union[str, None]): As for `device_count`. Default: ``None``.

    Returns:
        Union[tuple[int, int], None], the capability.

    Example:
        >>> from msfunc import hal
        >>> hal.get_device_capability(0, "CPU") is None
        True
    """
    device = _device(device_id, device_target, "get_device_capability")
    capability = getattr(device, "compute_capability", None)
    if device.platform == "cpu" or not capability:
        return None
    major, _, minor = str(capability).partition(".")
    return int(major), int(minor or 0)


def get_device_properties(
    device_id: int, device_target: str | None = None
) -> DeviceProperties | None:
    """A GPU's properties (name, capability, memory); None for the CPU, as in MindSpore.

    Args:
        device_id (int): The device's index, from 0.
        device_target (Union[str, None]): As for `device_count`. Default: ``None``.

    Returns:
        Union[DeviceProperties, None], the GPU's name, capability, multiprocessor count
        and memory (bytes JAX may use).

    Example:
        >>> from msfunc import hal
        >>> hal.get_device_properties(0, "CPU") is None
        True
    """
    device = _device(device_id, device_target, "get_device_properties")
    if device.platform == "cpu":
        return None
    major, minor = get_device_capability(device_id, device_target) or (0, 0)
    stats = device.memory_stats() or {}
    return DeviceProperties(
        name=str(device.device_kind),
        major=major,
        minor=minor,
        is_multi_gpu_board=False,
        is_integrated=False,
        multi_processor_count=int(getattr(device, "core_count", 0) or 0),
        total_memory=int(stats.get("bytes_limit", 0)),
        warp_size=32,  # (NVIDIA's; JAX does not report it)
    )


def get_arch_list(device_target: str | None = None) -> list | None:
    """The architectures the backend was built for: None (JAX compiles for the device it finds).

    Args:
        device_target (Union[str, None]): As for `device_count`. Default: ``None``.

    Returns:
        None.

    Example:
        >>> from msfunc import hal
        >>> hal.get_arch_list() is None
        True
    """
    _available_devices(device_target, "get_arch_list")
    return None
