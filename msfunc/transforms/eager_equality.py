"""Whether two results of one call hold the same numbers (compiled against eager)."""

import jax
import numpy as np

from ..common.tensor import unwrap


def same_values(a, b):
    """Whether results `a` and `b` hold the same leaves: dtypes, shapes and numbers exactly
    (arrays, Tensors, Python scalars, in containers; NaN equals NaN, and 0.0 equals -0.0:
    XLA folds ``x * 0`` to 0.0 where eager code keeps the sign, and treating that as a
    difference would leave every Jacobian eager).

    Example:
        >>> import numpy as np
        >>> same_values((np.float32(1.0), [np.zeros(2)]), (np.float32(1.0), [np.zeros(2)]))
        True
        >>> same_values(np.float32(1.0), np.nextafter(np.float32(1.0), np.float32(2.0)))
        False
    """
    # leaves only: a returned function (``vjp``'s) flattens with aux data of its own identity
    leaves_a = jax.tree_util.tree_leaves(unwrap(a))
    leaves_b = jax.tree_util.tree_leaves(unwrap(b))
    if len(leaves_a) != len(leaves_b):
        return False
    for x, y in zip(leaves_a, leaves_b):
        if not _same_leaf(x, y):
            return False
    return True


def _same_leaf(x, y):
    if not (hasattr(x, "dtype") and hasattr(y, "dtype")):
        return type(x) is type(y) and (x == y or (x != x and y != y))
    x, y = np.asarray(x), np.asarray(y)
    if x.dtype != y.dtype or x.shape != y.shape:
        return False
    if x.dtype.kind in "fc":
        return bool(np.array_equal(x, y, equal_nan=True))
    if x.dtype.kind == "V":  # (bfloat16 and the float8 types)
        x, y = x.astype(np.float32), y.astype(np.float32)
        return bool(np.array_equal(x, y, equal_nan=True))
    return bool(np.array_equal(x, y))
