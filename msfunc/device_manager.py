"""`set_device` / `get_current_device` / `set_deterministic`: device choices made once, as
MindSpore 2.x programs make them; `ms_memory_recycle`: giving back the memory compiled programs
hold."""

from __future__ import annotations

import warnings
from typing import NamedTuple

from . import context

_TARGETS = ("CPU", "GPU", "Ascend")
# The (target, id) `set_device` chose, None before: MindSpore takes one choice per process
# (repeating it is accepted, changing it is refused).
_CHOSEN: list[tuple[str, int] | None] = [None]


class DeviceInfo(NamedTuple):
    """The device a program runs on: its target name and its id."""

    device_target: str
    device_id: int

    def __repr__(self):
        return tuple.__repr__(self)  # MindSpore prints the pair: ('CPU', 0)


def set_device(device_target: str, device_id: int | None = None) -> None:
    """Choose the device the program runs on, once per process.

    The arguments are checked as MindSpore 2.10 checks them and recorded, so
    ``get_context("device_target")`` and ``get_current_device()`` report them; JAX picks
    where msfunc computes, so a target other than JAX's backend warns (as
    ``set_context(device_target=...)`` does) instead of stopping the program (MindSpore's
    CPU build raises RuntimeError). Calling it again with the same choice is accepted; another
    choice raises RuntimeError, as in MindSpore.

    Args:
        device_target (str): ``"CPU"``, ``"GPU"`` or ``"Ascend"``.
        device_id (int, optional): The device's index, 0 or more. Default: ``None`` (0).

    Returns:
        None.

    Example:
        >>> import msfunc as ms
        >>> ms.get_current_device().device_target in ("CPU", "GPU")
        True
    """
    if not isinstance(device_target, str):
        raise TypeError(
            f"set_device: `device_target` must be a str, got {type(device_target).__name__}"
        )
    if device_target not in _TARGETS:
        raise ValueError(
            f"set_device: `device_target` must be one of {list(_TARGETS)}, got {device_target!r}"
        )
    if device_id is not None:
        if isinstance(device_id, bool) or not isinstance(device_id, int):
            raise TypeError(
                f"set_device: `device_id` must be an int, got {type(device_id).__name__}"
            )
        if device_id < 0:
            raise ValueError(f"set_device: `device_id` must be 0 or more, got {device_id}")
    choice = (device_target, 0 if device_id is None else device_id)
    if _CHOSEN[0] is not None and choice != _CHOSEN[0]:
        raise RuntimeError(
            f"set_device: this process already runs on {_CHOSEN[0]}; the device is chosen "
            f"once, so {choice} is refused"
        )
    running = context.running_device_target()
    if running is not None and device_target != running:
        warnings.warn(
            f"set_device: device_target={device_target!r} is recorded but msfunc runs on "
            f"JAX's {running} backend; get_context('device_target') says {running!r}",
            stacklevel=2,
        )
    _CHOSEN[0] = choice
    context._settings["device_target"], context._settings["device_id"] = choice


def get_current_device() -> DeviceInfo:
    """The device the program runs on, as ``DeviceInfo(device_target, device_id)``.

    Returns:
        DeviceInfo, the target name (``get_context("device_target")``) and the device's id.

    Example:
        >>> import msfunc as ms
        >>> info = ms.get_current_device()
        >>> info.device_id >= 0 and info.device_target in ("CPU", "GPU")
        True
    """
    return DeviceInfo(context.get_context("device_target"), context.get_context("device_id"))


def ms_memory_recycle() -> None:
    """Give back the memory that compiled programs hold, as after training one of several
    models in a process: unreachable objects are collected and JAX's caches of compiled
    programs emptied (a network still in use compiles again on its next call).

    Returns:
        None.

    Example:
        >>> import msfunc as ms
        >>> double = ms.jit(lambda x: x * 2)
        >>> print(double(ms.Tensor([1.0])))
        [2.]
        >>> ms.ms_memory_recycle()
        >>> print(double(ms.Tensor([3.0])))
        [6.]
    """
    import gc

    import jax

    gc.collect()
    jax.clear_caches()


def set_deterministic(deterministic: bool | None) -> None:
    """Ask for deterministic computing, once per process.

    As MindSpore 2.10: sets the ``deterministic`` option (``get_context("deterministic")``)
    to ``"ON"`` for True, ``"OFF"`` for False or None, for the rest of the process (a later
    ``set_context(deterministic=...)`` no longer changes it), and sets the environment
    variables Ascend's libraries read (``HCCL_DETERMINISTIC``, ``TE_PARALLEL_COMPILER``).
    msfunc's results do not depend on it: JAX's CPU kernels are deterministic.

    Args:
        deterministic (bool): Whether to compute deterministically; None counts as False.

    Returns:
        None.

    Raises:
        TypeError: `deterministic` is neither a bool nor None.
        RuntimeError: it was called before in this process.

    Example:
        >>> import msfunc as ms
        >>> ms.set_deterministic("ON")
        Traceback (most recent call last):
        ...
        TypeError: set_deterministic: `deterministic` must be a bool, got str
    """
    if deterministic is not None and not isinstance(deterministic, bool):
        raise TypeError(
            f"set_deterministic: `deterministic` must be a bool, got {type(deterministic).__name__}"
        )
    if context.DETERMINISTIC_FIXED[0] is not None:
        raise RuntimeError(
            "set_deterministic: it was called before; the choice is made once per process"
        )
    value = "ON" if deterministic else "OFF"
    context._settings["deterministic"] = value
    context.DETERMINISTIC_FIXED[0] = value
    context.apply_deterministic(bool(deterministic))
