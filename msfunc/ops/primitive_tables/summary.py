"""Summary primitives (``ops.ScalarSummary()("loss", x)``): the values a step reports, by tag.

MindSpore hands these values to its SummaryRecord for MindInsight. msfunc keeps the
latest value of each tag (``"loss[:Scalar]"``) in memory, read with `summary_values`;
under ``jit`` the value is delivered by ``jax.debug.callback`` when the step runs.

Example:
    >>> import jax.numpy as jnp
    >>> from msfunc import ops
    >>> ops.ScalarSummary()("loss", jnp.float32(0.25))
    >>> float(summary_values()["loss[:Scalar]"])
    0.25
"""

import threading

import jax
import numpy as np

from ...common.tensor import unwrap
from ._common import sig

__all__ = ["TABLE", "clear_summary_values", "summary_values"]

_LOCK = threading.Lock()
_VALUES = {}


def summary_values():
    """``{tag: numpy value}``: the latest value each summary primitive recorded."""
    with _LOCK:
        return dict(_VALUES)


def clear_summary_values():
    """Forget every recorded summary value."""
    with _LOCK:
        _VALUES.clear()


def _store(tag, value):
    with _LOCK:
        _VALUES[tag] = np.asarray(value)


def _summary(kind, check_shape):
    def call(p, name, value):
        if not isinstance(name, str):
            raise TypeError(f"{kind}Summary: `name` must be a str, got {type(name).__name__}")
        if not name:
            raise ValueError(f"{kind}Summary: `name` must not be empty")
        value = unwrap(value)
        check_shape(np.shape(value))
        tag = f"{name}[:{kind}]"
        if isinstance(value, jax.core.Tracer):
            jax.debug.callback(lambda v: _store(tag, v), value)
        else:
            _store(tag, value)

    return sig(), call


def _scalar_shape(shape):
    if shape not in ((), (1,)):
        raise ValueError(f"ScalarSummary: `value` must be a scalar (shape () or (1,)), got {shape}")


def _image_shape(shape):
    if len(shape) != 4:
        raise ValueError(f"ImageSummary: `value` must be 4-D (N, C, H, W), got shape {shape}")


def _tensor_shape(shape):
    if len(shape) == 0:
        raise ValueError(f"TensorSummary: `value` must not be a scalar, got shape {shape}")


TABLE = [
    ("ScalarSummary", *_summary("Scalar", _scalar_shape)),
    ("TensorSummary", *_summary("Tensor", _tensor_shape)),
    ("ImageSummary", *_summary("Image", _image_shape)),
    ("HistogramSummary", *_summary("Histogram", _tensor_shape)),
]
