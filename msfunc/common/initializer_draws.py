"""Initializers' draws, fans and gains, also under MindSpore's private helper names.

Programs that write their own `Initializer` import MindSpore's helpers from
``mindspore.common.initializer``: ``_init_random_uniform(a, b, shape)`` and its normal and
truncated-normal siblings (a float32 array drawn as MindSpore's initializers draw: one seed
from numpy's global generator, `init_streams`), their ``_inplace`` forms filling a given
array, ``_calculate_fan_in_and_fan_out``, ``_calculate_gain`` and ``_calculate_correct_fan``.
"""

from __future__ import annotations

import math

import numpy as np

from .init_streams import normal_fill, numpy_seed, truncated_normal_fill, uniform_fill

__all__ = [
    "_init_random_uniform",
    "_init_random_normal",
    "_init_truncated_normal",
    "_init_random_uniform_inplace",
    "_init_random_normal_inplace",
    "_init_truncated_normal_inplace",
    "_calculate_fan_in_and_fan_out",
    "_calculate_in_and_out",
    "_calculate_gain",
    "_calculate_correct_fan",
    "_numpy_seed",
]


def _size(shape):
    return int(np.prod(shape, dtype=np.int64))


def _normal(mean, sigma, shape):
    if sigma < 0:
        raise ValueError(f"Normal: `sigma` must be non-negative, got {sigma}")
    return normal_fill(numpy_seed(), _size(shape), mean, sigma).reshape(shape)


def _uniform(low, high, shape):
    return uniform_fill(numpy_seed(), _size(shape), low, high).reshape(shape)


def _truncated_normal(low, high, mean, sigma, shape):
    if sigma < 0:
        raise ValueError(f"TruncatedNormal: `sigma` must be non-negative, got {sigma}")
    return truncated_normal_fill(numpy_seed(), _size(shape), low, high, mean, sigma).reshape(shape)


def _fans(shape, who):
    """(fan_in, fan_out) of a weight laid out ``(out, in, *kernel)``."""
    if len(shape) < 2:
        raise ValueError(f"{who}: fan in/out need a shape with at least 2 dims, got {shape}")
    field = _size(shape[2:])
    return shape[1] * field, shape[0] * field


def _gain(nonlinearity, negative_slope, who):
    """The gain MindSpore's He initializers use for `nonlinearity`."""
    if nonlinearity in (
        "linear",
        "sigmoid",
        "conv1d",
        "conv2d",
        "conv3d",
        "conv_transpose1d",
        "conv_transpose2d",
        "conv_transpose3d",
    ):
        return 1
    if nonlinearity == "tanh":
        return 5.0 / 3
    if nonlinearity == "relu":
        return math.sqrt(2.0)
    if nonlinearity == "leaky_relu":
        slope = 0.01 if negative_slope is None else negative_slope
        if isinstance(slope, bool) or not isinstance(slope, (int, float)):
            raise ValueError(f"{who}: `negative_slope` must be an int or float, got {slope!r}")
        return math.sqrt(2.0 / (1 + slope**2))
    raise ValueError(
        f"{who}: `nonlinearity` must be one of 'sigmoid', 'tanh', 'relu', "
        f"'leaky_relu' or a linear layer's name, got {nonlinearity!r}"
    )


def _init_random_uniform(a, b, shape):
    """A float32 array of `shape` uniform in [a, b), drawn as MindSpore's `Uniform` draws.

    Example:
        >>> import msfunc as ms
        >>> ms.set_seed(5)
        >>> _init_random_uniform(0, 1, (2,)).astype(float).round(4).tolist()
        [0.3519, 0.9439]
    """
    return _uniform(a, b, shape)


def _init_random_normal(mean, sigma, shape):
    """A float32 array of `shape` from N(mean, sigma**2), drawn as MindSpore's `Normal`.

    Example:
        >>> import msfunc as ms
        >>> ms.set_seed(2)
        >>> _init_random_normal(0.0, 2.0, (2,)).astype(float).round(4).tolist()
        [0.62, -2.0476]
    """
    return _normal(mean, sigma, shape)


def _init_truncated_normal(a, b, mean, sigma, shape):
    """A float32 array of `shape` from N(mean, sigma**2) kept in [a, b], drawn as MindSpore's
    `TruncatedNormal`.

    Example:
        >>> _init_truncated_normal(-1, 1, 0.0, 1.0, (3,)).shape
        (3,)
    """
    return _truncated_normal(a, b, mean, sigma, shape)


def _init_random_uniform_inplace(a, b, arr):
    """Fill the numpy array `arr` as `_init_random_uniform` draws (returns None).

    Example:
        >>> arr = np.zeros(2, np.float32)
        >>> _init_random_uniform_inplace(3, 4, arr)
        >>> bool(((arr >= 3) & (arr < 4)).all())
        True
    """
    arr[...] = _uniform(a, b, arr.shape)


def _init_random_normal_inplace(mean, sigma, arr):
    """Fill the numpy array `arr` as `_init_random_normal` draws (returns None).

    Example:
        >>> arr = np.zeros(2, np.float32)
        >>> _init_random_normal_inplace(5.0, 0.0, arr)
        >>> arr.tolist()
        [5.0, 5.0]
    """
    arr[...] = _normal(mean, sigma, arr.shape)


def _init_truncated_normal_inplace(a, b, mean, sigma, arr):
    """Fill the numpy array `arr` as `_init_truncated_normal` draws (returns None).

    Example:
        >>> arr = np.zeros(3, np.float32)
        >>> _init_truncated_normal_inplace(-1, 1, 0.0, 1.0, arr)
        >>> bool((abs(arr) <= 1).all())
        True
    """
    arr[...] = _truncated_normal(a, b, mean, sigma, arr.shape)


def _calculate_fan_in_and_fan_out(shape):
    """(fan_in, fan_out) of a weight of `shape`, laid out ``(out, in, *kernel)``.

    Example:
        >>> _calculate_fan_in_and_fan_out((4, 3, 2, 2))
        (12, 16)
    """
    return _fans(tuple(shape), "_calculate_fan_in_and_fan_out")


def _calculate_in_and_out(arr):
    """(fan_in, fan_out) of the array `arr` (its shape's, as `_calculate_fan_in_and_fan_out`).

    Example:
        >>> _calculate_in_and_out(np.zeros((5, 7)))
        (7, 5)
    """
    return _fans(tuple(np.shape(arr)), "_calculate_in_and_out")


def _calculate_gain(nonlinearity, param=None):
    """The gain for `nonlinearity` (``param``: leaky_relu's negative slope).

    Example:
        >>> round(_calculate_gain("leaky_relu", 0.2), 6)
        1.38675
    """
    return _gain(nonlinearity, param, "_calculate_gain")


def _calculate_correct_fan(shape, mode):
    """fan_in or fan_out (`mode`: ``"fan_in"`` / ``"fan_out"``) of a weight of `shape`.

    Example:
        >>> _calculate_correct_fan((4, 3, 2, 2), "fan_out")
        16
    """
    mode = mode.lower() if isinstance(mode, str) else mode
    if mode not in ("fan_in", "fan_out"):
        raise ValueError(
            f"_calculate_correct_fan: `mode` must be 'fan_in' or 'fan_out', got {mode!r}"
        )
    fan_in, fan_out = _calculate_fan_in_and_fan_out(shape)
    return fan_in if mode == "fan_in" else fan_out


def _numpy_seed():
    """The seed an initializer takes from numpy's global generator (`init_streams`).

    Example:
        >>> np.random.seed(0); _numpy_seed()
        900450186894289456
    """
    return numpy_seed()
