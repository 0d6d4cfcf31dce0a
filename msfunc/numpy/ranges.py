"""Evenly spaced values (arange, linspace, logspace, geomspace) and window functions.

Results default to float32, as in MindSpore; `arange` of Python ints is int32.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax.numpy as jnp
import numpy as np

from ..common import dtype as mstype
from ..common.args import array_like, check_int, dtype_arg
from ..common.cpu_ranges import float_bounds_arange, stepped_linspace
from ..common.promotion import float32_scalar

if TYPE_CHECKING:
    from jax import Array
    from jax.typing import ArrayLike, DTypeLike

_F32 = mstype.float32

__all__ = [
    "arange",
    "bartlett",
    "blackman",
    "geomspace",
    "hamming",
    "hanning",
    "linspace",
    "logspace",
]


def arange(
    start: int | float,
    stop: int | float | None = None,
    step: int | float | None = None,
    dtype: DTypeLike | None = None,
) -> Array:
    """Evenly spaced values in ``[start, stop)``; Python ints give int32, floats float32.

    Args:
        start (Union[int, float]): First value, or the end (from 0) when `stop` is ``None``.
        stop (Union[int, float, None]): End, excluded. Default: ``None``.
        step (Union[int, float, None]): Spacing; ``None`` is 1. Default: ``None``.
        dtype (Union[dtype, str, None]): Dtype of the result; ``None`` infers it.
            Default: ``None``.

    Returns:
        Tensor, 1-D.

    Example:
        >>> import msfunc.numpy as mnp
        >>> x = mnp.arange(3)
        >>> x.tolist(), x.dtype
        ([0, 1, 2], dtype('int32'))
    """
    given = [v for v in (start, stop, step) if v is not None]
    if dtype is None and all(
        isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in given
    ):
        dtype = mstype.int32
    elif dtype is None and all(isinstance(v, (int, float, np.integer)) for v in given):
        dtype = _F32  # Python floats give float32, as in MindSpore
    dt = dtype_arg(dtype, "arange")
    return float_bounds_arange(array_like(start), array_like(stop), array_like(step), dt)


def _float_default(dtype, fname, *values):
    if dtype is not None:
        return dtype_arg(dtype, fname)
    return jnp.result_type(*[array_like(v) for v in values], _F32)


def linspace(
    start: ArrayLike,
    stop: ArrayLike,
    num: int = 50,
    endpoint: bool = True,
    retstep: bool = False,
    dtype: DTypeLike | None = None,
    axis: int = 0,
) -> Array | tuple[Array, Array]:
    """`num` evenly spaced samples from `start` to `stop` (float32 by default).

    Args:
        start (Union[Tensor, int, float]): First value (arrays give one sequence each).
        stop (Union[Tensor, int, float]): Last value (or the end, excluded, without
            `endpoint`).
        num (int): Number of samples. Default: ``50``.
        endpoint (bool): Include `stop`. Default: ``True``.
        retstep (bool): Also return the spacing. Default: ``False``.
        dtype (Union[dtype, str, None]): Dtype of the result. Default: ``None`` (float32).
        axis (int): Axis of the samples when `start` or `stop` is an array. Default: ``0``.

    Returns:
        Tensor of samples; with `retstep`, a tuple of them and the step.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.linspace(0, 1, 3))
        [0.  0.5 1. ]
    """
    dt = _float_default(dtype, "linspace", start, stop)
    num = check_int(num, "num", fname="linspace")
    start, stop = float32_scalar(start), float32_scalar(stop)  # (MindSpore's float32 scalars)
    scalars = jnp.ndim(start) == jnp.ndim(stop) == 0
    if endpoint and not retstep and scalars and np.dtype(dt).kind == "f":
        # MindSpore's kernel: start + i * step, the last value pinned to `stop`; Python
        # number bounds are stepped in float32 whatever the dtype asked for
        numbers = all(isinstance(v, (int, float)) for v in (start, stop))
        values = stepped_linspace(start, stop, num, _F32 if numbers else dt, pin_end=True)
        return values.astype(dt)
    return jnp.linspace(array_like(start), array_like(stop), num, endpoint, retstep, dt, axis)


def logspace(
    start: ArrayLike,
    stop: ArrayLike,
    num: int = 50,
    endpoint: bool = True,
    base: ArrayLike = 10.0,
    dtype: DTypeLike | None = None,
    axis: int = 0,
) -> Array:
    """`num` samples evenly spaced on a log scale, ``base**start`` to ``base**stop``.

    Args:
        start (Union[Tensor, int, float]): Exponent of the first value.
        stop (Union[Tensor, int, float]): Exponent of the last value.
        num (int): Number of samples. Default: ``50``.
        endpoint (bool): Include ``base**stop``. Default: ``True``.
        base (Union[Tensor, float]): Base of the powers. Default: ``10.0``.
        dtype (Union[dtype, str, None]): Dtype of the result. Default: ``None`` (float32).
        axis (int): Axis of the samples when an argument is an array. Default: ``0``.

    Returns:
        Tensor of samples.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.logspace(0, 2, 3))
        [  1.  10. 100.]
    """
    dt = _float_default(dtype, "logspace", start, stop)
    num = check_int(num, "num", fname="logspace")
    return jnp.logspace(
        array_like(start), array_like(stop), num, endpoint, array_like(base), dt, axis
    )


def geomspace(
    start: ArrayLike,
    stop: ArrayLike,
    num: int = 50,
    endpoint: bool = True,
    dtype: DTypeLike | None = None,
    axis: int = 0,
) -> Array:
    """`num` samples forming a geometric progression from `start` to `stop`.

    Args:
        start (Union[Tensor, int, float]): First value, non-zero.
        stop (Union[Tensor, int, float]): Last value, non-zero.
        num (int): Number of samples. Default: ``50``.
        endpoint (bool): Include `stop`. Default: ``True``.
        dtype (Union[dtype, str, None]): Dtype of the result. Default: ``None`` (float32).
        axis (int): Axis of the samples when an argument is an array. Default: ``0``.

    Returns:
        Tensor of samples.

    Example:
        >>> import msfunc.numpy as mnp
        >>> [round(v) for v in mnp.geomspace(1, 8, 4).tolist()]
        [1, 2, 4, 8]
    """
    dt = _float_default(dtype, "geomspace", start, stop)
    num = check_int(num, "num", fname="geomspace")
    return jnp.geomspace(array_like(start), array_like(stop), num, endpoint, dt, axis)


def _window(jfn, M, fname):
    # A window of fewer than one point is empty (numpy's rule; jnp rejects negative sizes).
    return jnp.asarray(jfn(max(check_int(M, "M", fname=fname), 0)), _F32)


def bartlett(M: int) -> Array:
    """Bartlett (triangular) window of `M` points.

    Args:
        M (int): Number of points; zero or fewer gives an empty window.

    Returns:
        Tensor of float32, 1-D, peaking at 1 in the middle.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.bartlett(3).tolist(), mnp.bartlett(-1).tolist()
        ([0.0, 1.0, 0.0], [])
    """
    return _window(jnp.bartlett, M, "bartlett")


def blackman(M: int) -> Array:
    """Blackman window of `M` points.

    Args:
        M (int): Number of points; zero or fewer gives an empty window.

    Returns:
        Tensor of float32, 1-D.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.around(mnp.blackman(3), 4))
        [-0.  1. -0.]
    """
    return _window(jnp.blackman, M, "blackman")


def hamming(M: int) -> Array:
    """Hamming window of `M` points.

    Args:
        M (int): Number of points; zero or fewer gives an empty window.

    Returns:
        Tensor of float32, 1-D.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.hamming(3))
        [0.08 1.   0.08]
    """
    return _window(jnp.hamming, M, "hamming")


def hanning(M: int) -> Array:
    """Hann window of `M` points.

    Args:
        M (int): Number of points; zero or fewer gives an empty window.

    Returns:
        Tensor of float32, 1-D.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.hanning(3))
        [0. 1. 0.]
    """
    return _window(jnp.hanning, M, "hanning")
