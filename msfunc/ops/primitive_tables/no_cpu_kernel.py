"""Primitive classes MindSpore's CPU build constructs but cannot run: Ascend's float-status
register (``NPUGetFloatStatus`` and its kin) and the dataflow ``GeSwitch`` / ``Merge`` pair.

MindSpore checks the float-status ops' input (a 1-D float16/float32 tensor of 8 entries),
then has no kernel to run them; ``GeSwitch`` and ``Merge`` have no kernel at all. msfunc
does the same, so a program that builds them on a path it never takes runs, and one that
calls them fails where MindSpore's would.
"""

import jax
import numpy as np

from ._common import sig

__all__ = ["TABLE", "STATUS_SIZE"]

#: Entries of the status buffer the Ascend register is read into.
STATUS_SIZE = 8

_NO_KERNEL = (
    "{}: reads Ascend's overflow-status register, which has no CPU or JAX counterpart; "
    "test the values themselves with jnp.isfinite(x).all()"
)


def _check_status_buffer(name, x):
    """Raise as MindSpore does for a status buffer that is not 1-D float16/float32 of 8."""
    if not isinstance(x, (jax.Array, np.ndarray)):
        raise TypeError(f"{name}: `input_x` must be a Tensor, got {type(x).__name__}")
    if np.dtype(x.dtype) not in (np.float16, np.float32):
        raise TypeError(f"{name}: `input_x` must be a float16 or float32 Tensor, got {x.dtype}")
    if x.ndim != 1:
        raise ValueError(f"{name}: `input_x` must be 1-D, got {x.ndim}-D")
    if x.shape[0] != STATUS_SIZE:
        raise ValueError(f"{name}: `input_x` must hold {STATUS_SIZE} entries, got {x.shape[0]}")


_DATAFLOW = (
    "{}: a dataflow node of Ascend's graph engine, with no CPU or JAX kernel; use "
    "ops.select / jnp.where, or Python `if` on the condition"
)


def _dataflow(p, *args):
    # NotImplementedError is a RuntimeError too: MindSpore raises the one in PyNative mode
    # and the other in graph mode
    raise NotImplementedError(_DATAFLOW.format(p.name))


def _alloc(p):
    raise RuntimeError(_NO_KERNEL.format(p.name))


def _read_or_clear(p, input_x):
    _check_status_buffer(p.name, input_x)
    raise RuntimeError(_NO_KERNEL.format(p.name))


TABLE = [
    ("NPUAllocFloatStatus", sig(), _alloc),
    ("NPUGetFloatStatus", sig(), _read_or_clear),
    ("NPUClearFloatStatus", sig(), _read_or_clear),
    ("GeSwitch", sig(), _dataflow),
    ("Merge", sig(), _dataflow),
]
