"""What ``device_context``'s setters share: the record of settings, device presence, checks."""

from __future__ import annotations

import logging

from .. import context

_log = logging.getLogger("msfunc")

# setting name ("cpu.threads_num" ...) -> the value a program set; read by `value`
_VALUES: dict[str, object] = {}


def jax_devices(platform: str) -> list:
    """JAX's devices of `platform` ("cpu", "gpu"), an empty list where JAX has none.

    Example:
        >>> len(jax_devices("cpu")) >= 1
        True
    """
    import jax

    try:
        return list(jax.devices(platform))
    except RuntimeError:  # (no backend of that platform in this jaxlib)
        return []


def value(name: str, default: object = None) -> object:
    """The value a program set for the setting `name` (``"cpu.threads_num"``), else `default`.

    Example:
        >>> value("no.such.setting", 7)
        7
    """
    return _VALUES.get(name, default)


def record(name: str, setting: object, once: bool = False) -> None:
    """Keep `setting` as `name`'s value; with `once`, a second setting is a RuntimeError (as
    MindSpore refuses to change a setting its runtime has taken).

    Example:
        >>> record("doc.example", 3)
        >>> value("doc.example")
        3
    """
    if once and name in _VALUES:
        raise RuntimeError(f"{name.rpartition('.')[2]!r} is set already and cannot be set again")
    _VALUES[name] = setting


def check_type(function: str, arg_name: str, arg: object, kind: type) -> None:
    """TypeError unless `arg` is a `kind` (checked before anything else, as MindSpore does).

    Example:
        >>> check_type("threads_num", "num", 2.5, int)
        Traceback (most recent call last):
        ...
        TypeError: threads_num: `num` must be a int, got float
    """
    if not isinstance(arg, kind):
        raise TypeError(
            f"{function}: `{arg_name}` must be a {kind.__name__}, got {type(arg).__name__}"
        )


def applies(device: str, function: str) -> bool:
    """Whether a setting of `device` ("GPU", "Ascend") takes effect where msfunc computes; where
    it does not, say so in the log and return False (the call then does nothing, as in a
    MindSpore build for another device).

    Example:
        >>> applies("Ascend", "precision_mode")
        False
    """
    running = context.running_device_target()
    if running == device:
        return True
    _log.warning(
        "device_context: %s sets the %s device; msfunc runs on %s: ignored",
        function,
        device,
        running,
    )
    return False
