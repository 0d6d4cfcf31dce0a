"""Docstrings of the primitive classes generated from `primitive_tables.no_cpu_kernel`."""

__all__ = ["DOCS"]

_CHECKED = """
MindSpore's CPU build has no kernel for it: msfunc checks the input as MindSpore does
(TypeError for a non-tensor or a dtype other than float16/float32, ValueError unless it is
1-D with 8 entries), then raises RuntimeError. Test gradients with
``jnp.isfinite(x).all()`` instead.

Inputs:
    input_x (Tensor): The status buffer, 1-D float16 or float32 of 8 entries.

Outputs:
    None: running it raises RuntimeError.

Example:
    >>> import numpy as np
    >>> import msfunc as ms
    >>> from msfunc import ops
    >>> op = ops.{name}()
    >>> op(ms.Tensor(np.zeros(3, np.float32)))
    Traceback (most recent call last):
    ValueError: {name}: `input_x` must hold 8 entries, got 3
"""

_DATAFLOW = """
MindSpore's CPU build constructs it but has no kernel for it, so calling it raises
NotImplementedError (a RuntimeError), as MindSpore does. Use ``ops.select`` or a Python
``if`` on the condition instead.

Outputs:
    None: running it raises NotImplementedError.

Example:
    >>> from msfunc import ops
    >>> op = ops.{name}()
    >>> op(1.0, True)
    Traceback (most recent call last):
    NotImplementedError: {name}: a dataflow node ...
"""

DOCS: dict[str, str] = {
    "GeSwitch": "Forwards its data to one of two outputs, chosen by a condition (a dataflow "
    "node of Ascend's graph engine).\n" + _DATAFLOW.format(name="GeSwitch"),
    "Merge": "Forwards whichever of its inputs is available (a dataflow node of Ascend's "
    "graph engine).\n" + _DATAFLOW.format(name="Merge"),
    "NPUAllocFloatStatus": """Allocates Ascend's 8-entry overflow-status buffer.

MindSpore's CPU build has no kernel for it, so calling it raises RuntimeError, as here.

Outputs:
    None: running it raises RuntimeError.

Example:
    >>> from msfunc import ops
    >>> ops.NPUAllocFloatStatus()()
    Traceback (most recent call last):
    RuntimeError: NPUAllocFloatStatus: reads Ascend's overflow-status register, which has no \
CPU or JAX counterpart; test the values themselves with jnp.isfinite(x).all()
""",
    "NPUGetFloatStatus": "Reads Ascend's overflow-status register into a buffer.\n"
    + _CHECKED.format(name="NPUGetFloatStatus"),
    "NPUClearFloatStatus": "Clears Ascend's overflow-status register.\n"
    + _CHECKED.format(name="NPUClearFloatStatus"),
}
