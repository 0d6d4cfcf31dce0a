"""`set_context` / `get_context` and the execution modes GRAPH_MODE and PYNATIVE_MODE.

PYNATIVE_MODE (the default) runs Cells eagerly; GRAPH_MODE runs every top-level
Cell call through `msfunc.jit`. Both give the same numbers.
"""

GRAPH_MODE = 0
PYNATIVE_MODE = 1

_settings = {"mode": PYNATIVE_MODE, "device_target": "CPU", "device_id": 0}


def set_context(**kwargs):
    """Set context options; ``mode`` must be GRAPH_MODE or PYNATIVE_MODE.

    Other MindSpore options (device_target, device_id, ...) are recorded and
    have no effect: JAX picks the device.

    Example:
        >>> import msfunc as ms
        >>> ms.set_context(mode=ms.PYNATIVE_MODE)
        >>> ms.get_context("mode") == ms.PYNATIVE_MODE
        True
    """
    if "mode" in kwargs and kwargs["mode"] not in (GRAPH_MODE, PYNATIVE_MODE):
        raise ValueError("set_context: `mode` must be msfunc.GRAPH_MODE (0) or "
                         f"msfunc.PYNATIVE_MODE (1), got {kwargs['mode']!r}")
    _settings.update(kwargs)


def get_context(attr_key):
    """The value of one context option (None when never set).

    Example:
        >>> import msfunc as ms
        >>> ms.get_context("device_target")
        'CPU'
    """
    if not isinstance(attr_key, str):
        raise TypeError(f"get_context: `attr_key` must be a str, got {type(attr_key).__name__}")
    return _settings.get(attr_key)


def is_graph_mode():
    return _settings["mode"] == GRAPH_MODE
