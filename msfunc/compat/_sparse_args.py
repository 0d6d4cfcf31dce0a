"""Argument checks shared by the primitives of ``mindspore.ops.operations.sparse_ops``.

Example:
    >>> import numpy as np
    >>> concrete("Op", "shape", [2, 3]).tolist()
    [2, 3]
    >>> require_dtype("Op", "indices", np.zeros(2, np.int32), INDEX_DTYPES).name
    'int32'
"""

import jax
import jax.numpy as jnp
import numpy as np

from .._jax_private import Tracer

__all__ = [
    "FLOAT_DTYPES",
    "INDEX_DTYPES",
    "NUMBER_DTYPES",
    "array",
    "concrete",
    "is_traced",
    "require_dtype",
    "require_rank",
    "same_dtype",
]

INDEX_DTYPES = (np.dtype(np.int32), np.dtype(np.int64))
FLOAT_DTYPES = tuple(np.dtype(t) for t in (np.float16, np.float32, np.float64))
# the real and complex number types MindSpore's sparse CPU kernels take (no bool)
NUMBER_DTYPES = tuple(
    np.dtype(t)
    for t in (
        np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64,
        np.float16, np.float32, np.float64, np.complex64, np.complex128,
    )
) + (np.dtype(jnp.bfloat16),)  # fmt: skip


def array(x):
    """`x` as an array: numpy and JAX arrays (tracers included) stay as they are."""
    if isinstance(x, (np.ndarray, jax.Array)):
        return x
    return np.asarray(x)


def is_traced(*values):
    """True when any of `values` is a JAX tracer (its value unknown until run)."""
    return any(isinstance(v, Tracer) for v in values)


def concrete(op, name, value):
    """`value` as a numpy array; JAX's concretization error when it is traced, which
    `msfunc.jit` and graph-mode Cells answer by running the call eagerly (as MindSpore runs
    the data-dependent shapes of these kernels)."""
    if isinstance(value, Tracer):
        raise jax.errors.ConcretizationTypeError(
            value, f"{op}: the result depends on the values of `{name}`, so it must be concrete"
        )
    return np.asarray(value)


def require_dtype(op, name, x, allowed):
    """The dtype of `x`; TypeError unless it is one of `allowed`."""
    dtype = np.dtype(array(x).dtype)
    if dtype not in allowed:
        names = ", ".join(d.name for d in allowed)
        raise TypeError(f"{op}: `{name}` must have dtype in ({names}), got {dtype.name}")
    return dtype


def same_dtype(op, **named):
    """TypeError unless every named input has one dtype."""
    dtypes = {name: np.dtype(array(x).dtype) for name, x in named.items()}
    if len(set(dtypes.values())) > 1:
        listed = ", ".join(f"`{n}` {d.name}" for n, d in dtypes.items())
        raise TypeError(f"{op}: these inputs must share one dtype, got {listed}")


def require_rank(op, name, x, *ranks):
    """ValueError unless `x` has one of `ranks` dims."""
    ndim = array(x).ndim
    if ndim not in ranks:
        expected = " or ".join(str(r) for r in ranks)
        raise ValueError(f"{op}: `{name}` must be {expected}-D, got {ndim}-D")
