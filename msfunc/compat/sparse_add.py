"""``mindspore.ops.operations.sparse_ops.SparseAdd``: the sum of two sparse tensors given as
``(indices, values, shape)`` triples.

Example:
    >>> import numpy as np
    >>> i, v, s = SparseAdd()(
    ...     np.array([[0, 1]]), np.array([1.0]), np.array([2, 2]),
    ...     np.array([[0, 1], [1, 0]]), np.array([2.0, 5.0]), np.array([2, 2]), np.array(0.0))
    >>> i.asnumpy().tolist(), v.asnumpy().tolist()
    ([[0, 1], [1, 0]], [3.0, 5.0])
"""

import jax
import jax.numpy as jnp
import numpy as np

from .._jax_private import Tracer
from ..ops.primitive_tables._common import sig
from ..ops.primitives import build_primitive

__all__ = ["SparseAdd"]


def _concrete(name, value):
    # JAX's concretization error: msfunc.jit and graph-mode Cells answer it by running the
    # function eagerly, as MindSpore runs such data-dependent shapes
    if isinstance(value, Tracer):
        raise jax.errors.ConcretizationTypeError(
            value, f"SparseAdd: the result's size depends on `{name}`, so it must be concrete"
        )
    return np.asarray(value)


def sparse_add(a_indices, a_values, a_shape, b_indices, b_values, b_shape, thresh):
    """Entries of both inputs in row-major order of their indices; where both have one, their
    sum, dropped when its magnitude is under `thresh` (entries of one input alone are kept)."""
    a_i, a_v, a_s = (
        _concrete(n, v)
        for n, v in (("a_indices", a_indices), ("a_values", a_values), ("a_shape", a_shape))
    )
    b_i, b_v, b_s = (
        _concrete(n, v)
        for n, v in (("b_indices", b_indices), ("b_values", b_values), ("b_shape", b_shape))
    )
    if a_s.tolist() != b_s.tolist():
        raise ValueError(f"SparseAdd: the shapes must match, got {a_s.tolist()} and {b_s.tolist()}")
    if a_v.dtype != b_v.dtype:
        raise TypeError(
            f"SparseAdd: the values' dtypes must match, got {a_v.dtype} and {b_v.dtype}"
        )
    limit = float(_concrete("thresh", thresh))
    indices = np.concatenate([a_i.reshape(-1, a_s.size), b_i.reshape(-1, b_s.size)])
    values = np.concatenate([a_v, b_v])
    from_b = np.repeat([False, True], [len(a_v), len(b_v)])
    order = np.lexsort((from_b, *indices.T[::-1]))  # row-major, a's entry before b's
    indices, values, from_b = indices[order], values[order], from_b[order]
    out_i, out_v, k = [], [], 0
    while k < len(values):
        if k + 1 < len(values) and (indices[k] == indices[k + 1]).all():
            total = values[k] + values[k + 1]
            if abs(total) >= limit:
                out_i.append(indices[k])
                out_v.append(total)
            k += 2
        else:
            out_i.append(indices[k])
            out_v.append(values[k])
            k += 1
    shape = (len(out_i), a_s.size)
    return (
        jnp.asarray(np.asarray(out_i, a_i.dtype).reshape(shape)),
        jnp.asarray(np.asarray(out_v, a_v.dtype)),
        jnp.asarray(a_s.astype(a_i.dtype)),
    )


SparseAdd = build_primitive(
    "SparseAdd",
    sig(),
    lambda p, a_indices, a_values, a_shape, b_indices, b_values, b_shape, thresh: sparse_add(
        a_indices, a_values, a_shape, b_indices, b_values, b_shape, thresh
    ),
    module=__name__,
)
