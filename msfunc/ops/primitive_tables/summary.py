"""Summary primitives (``ops.ScalarSummary()("loss", x)``): the values a step reports, by tag.

MindSpore hands these values to its SummaryRecord for MindInsight. msfunc keeps the
latest value of each tag (``"loss[:Scalar]"``) in memory, read with `summary_values`;
under ``jit`` the value is delivered by ``jax.debug.callback`` when the step runs. The values
reported since the last `take_pending_summaries` are what the next ``SummaryRecord.record``
writes.

Example:
    >>> import jax.numpy as jnp
    >>> from msfunc import ops
    >>> ops.ScalarSummary()("loss", jnp.float32(0.25))
    >>> float(summary_values()["loss[:Scalar]"])
    0.25
"""

import math
import threading

import jax
import numpy as np

from ...common.tensor import Tensor, unwrap
from ._common import sig

__all__ = ["TABLE", "clear_summary_values", "summary_values", "take_pending_summaries"]

_LOCK = threading.Lock()
_VALUES = {}
# reported since the last take_pending_summaries, in first-report order (a repeated tag keeps
# its place and its newest value)
_PENDING = {}


def summary_values():
    """``{tag: numpy value}``: the latest value each summary primitive recorded."""
    with _LOCK:
        return dict(_VALUES)


def clear_summary_values():
    """Forget every recorded summary value."""
    with _LOCK:
        _VALUES.clear()
        _PENDING.clear()


def take_pending_summaries():
    """``{tag: numpy value}`` reported since the previous call (compiled steps' values
    included: it waits for their callbacks), and forget them."""
    jax.effects_barrier()
    with _LOCK:
        taken = dict(_PENDING)
        _PENDING.clear()
    return taken


def _store(tag, value):
    with _LOCK:
        _VALUES[tag] = _PENDING[tag] = np.asarray(value)


def _summary(kind, check_shape):
    def call(p, name, value):
        if not isinstance(name, str):
            raise TypeError(f"{kind}Summary: `name` must be a str, got {type(name).__name__}")
        if not name:
            raise ValueError(f"{kind}Summary: `name` must not be empty")
        if not isinstance(value, (Tensor, jax.Array)):
            raise TypeError(f"{kind}Summary: `value` must be a Tensor, got {type(value).__name__}")
        value = unwrap(value)
        check_shape(np.shape(value))
        tag = f"{name}[:{kind}]"
        if isinstance(value, jax.core.Tracer):
            jax.debug.callback(lambda v: _store(tag, v), value)
        else:
            _store(tag, value)

    return sig(), call


def _scalar_shape(shape):
    if math.prod(shape) != 1:
        raise ValueError(f"ScalarSummary: `value` must be a scalar (one element), got {shape}")


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
