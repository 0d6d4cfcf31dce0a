"""``mindspore.device_context.ascend``: the Ascend NPU settings, which never apply to msfunc.

msfunc computes on JAX's CPU or GPU backends, so there is no Ascend device: `is_available`
is False and each setting is ignored with a warning in the log, after the argument checks
MindSpore makes before it looks at the device (as MindSpore's CPU build does).

Example:
    >>> from msfunc.device_context import ascend
    >>> ascend.is_available()
    False
    >>> ascend.precision_mode("force_fp32")
"""

from __future__ import annotations

from . import _settings

__all__ = [
    "aclinit_config",
    "aclnn_cache",
    "aoe_job_type",
    "aoe_tune_mode",
    "conv_allow_hf32",
    "debug_option",
    "device_count",
    "execute_timeout",
    "is_available",
    "matmul_allow_hf32",
    "op_compile",
    "op_precision_mode",
    "precision_mode",
]

# aclinit_config's keys and what each takes: a type, or the list of the values allowed
_ACLINIT = {
    "max_opqueue_num": str,
    "err_msg_mode": ["0", "1"],
    "dump": [{"dump_scene": "lite_exception"}, {"dump_scene": "lite_exception:disable"}],
}


def is_available() -> bool:
    """Whether an Ascend device is there: never, under msfunc.

    Returns:
        bool, False.

    Example:
        >>> is_available()
        False
    """
    return False


def device_count() -> int:
    """The number of Ascend devices; there are none, so this raises.

    Returns:
        int (never returns).

    Raises:
        RuntimeError: always.

    Example:
        >>> device_count()
        Traceback (most recent call last):
        ...
        RuntimeError: device_context.ascend.device_count: there is no Ascend device
    """
    raise RuntimeError("device_context.ascend.device_count: there is no Ascend device")


def precision_mode(mode: str) -> None:
    """The Ascend operators' precision mode (ignored: no Ascend device).

    Args:
        mode (str): ``"force_fp32"``, ``"allow_fp32_to_fp16"`` ...

    Returns:
        None.

    Example:
        >>> precision_mode("force_fp16")
    """
    _settings.applies("Ascend", "precision_mode")


def op_precision_mode(path: str) -> None:
    """The path of an Ascend per-operator precision file (ignored: no Ascend device).

    Args:
        path (str): The file's path.

    Returns:
        None.

    Raises:
        TypeError: `path` is not a str.

    Example:
        >>> op_precision_mode("op_precision.ini")
    """
    _settings.check_type("op_precision_mode", "path", path, str)
    _settings.applies("Ascend", "op_precision_mode")


def matmul_allow_hf32(value: bool) -> None:
    """Whether Ascend matmuls may run in HF32 (ignored: no Ascend device).

    Args:
        value (bool): Allow HF32.

    Returns:
        None.

    Example:
        >>> matmul_allow_hf32(True)
    """
    _settings.applies("Ascend", "matmul_allow_hf32")


def conv_allow_hf32(value: bool) -> None:
    """Whether Ascend convolutions may run in HF32 (ignored: no Ascend device).

    Args:
        value (bool): Allow HF32.

    Returns:
        None.

    Example:
        >>> conv_allow_hf32(False)
    """
    _settings.applies("Ascend", "conv_allow_hf32")


def op_compile(value: bool) -> None:
    """Whether Ascend operators are compiled online (ignored: no Ascend device).

    Args:
        value (bool): Compile online.

    Returns:
        None.

    Example:
        >>> op_compile(True)
    """
    _settings.applies("Ascend", "op_compile")


def aoe_tune_mode(tune_mode: str) -> None:
    """The AOE tuning mode, ``"online"`` or ``"offline"`` (ignored: no Ascend device).

    Args:
        tune_mode (str): The mode.

    Returns:
        None.

    Example:
        >>> aoe_tune_mode("online")
    """
    _settings.applies("Ascend", "aoe_tune_mode")


def aoe_job_type(config: str) -> None:
    """The AOE job type, ``"1"`` or ``"2"`` (ignored: no Ascend device).

    Args:
        config (str): The job type.

    Returns:
        None.

    Example:
        >>> aoe_job_type("2")
    """
    _settings.applies("Ascend", "aoe_job_type")


def aclnn_cache(enable_global_cache: bool = False, cache_queue_length: int = 10000) -> None:
    """The ACLNN kernel cache (ignored: no Ascend device).

    Args:
        enable_global_cache (bool): Cache globally. Default: ``False``.
        cache_queue_length (int): The cache's length. Default: ``10000``.

    Returns:
        None.

    Example:
        >>> aclnn_cache(True)
    """
    _settings.applies("Ascend", "aclnn_cache")


def execute_timeout(op_timeout: int) -> None:
    """The Ascend operators' execution timeout in seconds (ignored: no Ascend device).

    Args:
        op_timeout (int): The timeout.

    Returns:
        None.

    Raises:
        TypeError: `op_timeout` is not an int.

    Example:
        >>> execute_timeout(60)
    """
    _settings.check_type("execute_timeout", "op_timeout", op_timeout, int)
    _settings.applies("Ascend", "execute_timeout")


def debug_option(option_value: str) -> None:
    """An Ascend debugging option, ``"oom"`` (ignored: no Ascend device).

    Args:
        option_value (str): The option.

    Returns:
        None.

    Example:
        >>> debug_option("oom")
    """
    _settings.applies("Ascend", "debug_option")


def aclinit_config(config: dict) -> None:
    """Ascend's ACL start-up settings (checked as MindSpore checks them, then ignored).

    Args:
        config (dict): ``max_opqueue_num`` (a str), ``err_msg_mode`` (``"0"`` or ``"1"``)
            and/or ``dump`` (``{"dump_scene": "lite_exception"}`` or
            ``{"dump_scene": "lite_exception:disable"}``).

    Returns:
        None.

    Raises:
        ValueError: an unknown key, or a value not among those allowed.
        TypeError: `max_opqueue_num` is not a str.

    Example:
        >>> aclinit_config({"err_msg_mode": "2"})
        Traceback (most recent call last):
        ...
        ValueError: aclinit_config: `err_msg_mode` must be one of ['0', '1'], got '2'
    """
    for key, item in config.items():
        allowed = _ACLINIT.get(key)
        if allowed is None:
            raise ValueError(
                f"aclinit_config: the key must be one of {list(_ACLINIT)}, got {key!r}"
            )
        if isinstance(allowed, list) and item not in allowed:
            raise ValueError(f"aclinit_config: `{key}` must be one of {allowed}, got {item!r}")
        if isinstance(allowed, type) and not isinstance(item, allowed):
            raise TypeError(
                f"aclinit_config: `{key}` must be a {allowed.__name__}, got {type(item).__name__}"
            )
    _settings.applies("Ascend", "aclinit_config")
