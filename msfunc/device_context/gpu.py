"""``mindspore.device_context.gpu``: the GPU's presence and its cuDNN/cuBLAS settings.

The settings are checked and recorded where msfunc computes on a GPU (JAX's CUDA or ROCm
backend); XLA chooses its own convolution algorithms and matmul precision, so a recorded
setting does not change results. Elsewhere a call is ignored with a warning in the log, as
MindSpore's CPU build ignores it.

Example:
    >>> from msfunc.device_context import gpu
    >>> gpu.conv_fprop_algo("performance")  # (recorded on a GPU; ignored, logged, elsewhere)
"""

from __future__ import annotations

from . import _settings

__all__ = [
    "conv_allow_tf32",
    "conv_dgrad_algo",
    "conv_fprop_algo",
    "conv_wgrad_algo",
    "device_count",
    "is_available",
    "matmul_allow_tf32",
]

_CONV_COMMON = ("normal", "performance")
_FPROP = _CONV_COMMON + (
    "implicit_gemm",
    "precomp_gemm",
    "gemm",
    "direct",
    "fft",
    "fft_tiling",
    "winograd",
    "winograd_nonfused",
)
_WGRAD = _CONV_COMMON + ("algo_0", "algo_1", "fft", "algo_3", "fft_tiling", "winograd_nonfused")
_DGRAD = _CONV_COMMON + (
    "algo_0",
    "algo_1",
    "fft",
    "fft_tiling",
    "winograd",
    "winograd_nonfused",
)


def is_available() -> bool:
    """Whether JAX has a GPU to compute on.

    Returns:
        bool.

    Example:
        >>> isinstance(is_available(), bool)
        True
    """
    return bool(_settings.jax_devices("gpu"))


def device_count() -> int:
    """The number of GPUs JAX sees.

    Returns:
        int.

    Raises:
        RuntimeError: there is no GPU.

    Example:
        >>> device_count() >= 1 if is_available() else True
        True
    """
    devices = _settings.jax_devices("gpu")
    if not devices:
        raise RuntimeError("device_context.gpu.device_count: there is no GPU device")
    return len(devices)


def _flag(function: str, value: bool) -> None:
    _settings.check_type(function, "value", value, bool)
    if _settings.applies("GPU", function):
        _settings.record(f"gpu.{function}", value)


def matmul_allow_tf32(value: bool) -> None:
    """Whether float32 matmuls may run in TF32 (recorded on a GPU, see the module's note).

    Args:
        value (bool): Allow TF32. MindSpore's default is ``False``.

    Returns:
        None.

    Raises:
        TypeError: `value` is not a bool.

    Example:
        >>> matmul_allow_tf32(False)
    """
    _flag("matmul_allow_tf32", value)


def conv_allow_tf32(value: bool) -> None:
    """Whether float32 convolutions may run in TF32 (recorded on a GPU, see the module's note).

    Args:
        value (bool): Allow TF32. MindSpore's default is ``True``.

    Returns:
        None.

    Raises:
        TypeError: `value` is not a bool.

    Example:
        >>> conv_allow_tf32(True)
    """
    _flag("conv_allow_tf32", value)


def _algorithm(function: str, mode: str, modes: tuple[str, ...]) -> None:
    if not _settings.applies("GPU", function):
        return
    if mode not in modes:
        raise ValueError(
            f"device_context.gpu.{function}: `mode` must be one of {list(modes)}, got {mode!r}"
        )
    _settings.record(f"gpu.{function}", mode)


def conv_fprop_algo(mode: str) -> None:
    """The cuDNN algorithm for convolutions' forward pass (recorded on a GPU).

    Args:
        mode (str): ``"normal"`` (MindSpore's default), ``"performance"``, ``"implicit_gemm"``,
            ``"precomp_gemm"``, ``"gemm"``, ``"direct"``, ``"fft"``, ``"fft_tiling"``,
            ``"winograd"`` or ``"winograd_nonfused"``.

    Returns:
        None.

    Raises:
        ValueError: on a GPU, `mode` is none of these.

    Example:
        >>> conv_fprop_algo("normal")
    """
    _algorithm("conv_fprop_algo", mode, _FPROP)


def conv_wgrad_algo(mode: str) -> None:
    """The cuDNN algorithm for convolutions' weight gradient (recorded on a GPU).

    Args:
        mode (str): ``"normal"`` (MindSpore's default), ``"performance"``, ``"algo_0"``,
            ``"algo_1"``, ``"fft"``, ``"algo_3"``, ``"fft_tiling"`` or ``"winograd_nonfused"``.

    Returns:
        None.

    Raises:
        ValueError: on a GPU, `mode` is none of these.

    Example:
        >>> conv_wgrad_algo("normal")
    """
    _algorithm("conv_wgrad_algo", mode, _WGRAD)


def conv_dgrad_algo(mode: str) -> None:
    """The cuDNN algorithm for convolutions' input gradient (recorded on a GPU).

    Args:
        mode (str): ``"normal"`` (MindSpore's default), ``"performance"``, ``"algo_0"``,
            ``"algo_1"``, ``"fft"``, ``"fft_tiling"``, ``"winograd"`` or
            ``"winograd_nonfused"``.

    Returns:
        None.

    Raises:
        ValueError: on a GPU, `mode` is none of these.

    Example:
        >>> conv_dgrad_algo("normal")
    """
    _algorithm("conv_dgrad_algo", mode, _DGRAD)
