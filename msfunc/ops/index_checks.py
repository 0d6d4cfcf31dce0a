"""The index checks MindSpore's CPU kernels make, done eagerly on concrete index values.

JAX clamps or drops an out-of-range index where MindSpore's kernels raise; these checks
look at an index only when its values are known (never under tracing, so a compiled
function keeps JAX's behaviour and is never made to need a value it cannot have).
Index dtypes are static, so their check holds under tracing too.

Example:
    >>> import numpy as np
    >>> check_gather_indices(np.array([0, -3]), 3, "Gather")
    >>> try:
    ...     check_gather_indices(np.array([3]), 3, "Gather")
    ... except RuntimeError:
    ...     print("out of range")
    out of range
"""

import jax
import numpy as np

__all__ = [
    "check_gather_indices",
    "check_nd_indices",
    "check_index_dtype",
    "check_segment_ids",
]


def _known(x):
    """`x` as a numpy array when its values are known, else None."""
    if isinstance(x, jax.core.Tracer):
        return None
    value = getattr(x, "_array", None)
    x = value() if callable(value) else x
    return None if isinstance(x, jax.core.Tracer) else np.asarray(x)


def check_index_dtype(indices, who, allowed=(np.int32, np.int64)):
    """TypeError unless `indices` holds one of the `allowed` integer dtypes.

    Example:
        >>> import numpy as np
        >>> check_index_dtype(np.zeros(2, np.int32), "TensorScatterAdd")
    """
    dtype = getattr(indices, "dtype", None)  # (a traced array has one; asarray would fail)
    dtype = np.dtype(np.asarray(indices).dtype if dtype is None else dtype)
    if dtype not in [np.dtype(a) for a in allowed]:
        names = ", ".join(np.dtype(a).name for a in allowed)
        raise TypeError(f"{who}: `indices` must have dtype {names}, got {dtype.name}")


def check_gather_indices(indices, size, who):
    """RuntimeError when a known index lies outside ``[-size, size)`` (MindSpore's CPU Gather).

    Example:
        >>> check_gather_indices([1, 2], 3, "gather")
    """
    values = _known(indices)
    if values is None or values.size == 0:
        return
    low, high = int(values.min()), int(values.max())
    if high >= size or low < -size:
        bad = high if high >= size else low
        raise RuntimeError(
            f"{who}: index {bad} of `input_indices` is out of range for an "
            f"axis of size {size} (valid: {-size} to {size - 1})"
        )


def check_nd_indices(indices, shape, who, too_large=RuntimeError):
    """Errors for known N-d scatter indices (last axis: coordinates into `shape`).

    A negative coordinate is a RuntimeError; one past its dim raises `too_large`
    (MindSpore's update ops check that at shape inference: ValueError; the others in
    the kernel: RuntimeError).

    Example:
        >>> import numpy as np
        >>> check_nd_indices(np.array([[0], [2]]), (3, 4), "TensorScatterAdd")
    """
    values = _known(indices)
    if values is None or values.size == 0 or values.ndim == 0:
        return
    coords = values.reshape(-1, values.shape[-1])
    dims = np.asarray(shape[: coords.shape[1]])
    if (coords < 0).any():
        raise RuntimeError(
            f"{who}: `indices` holds the negative coordinate "
            f"{int(coords.min())}; scatter indices must be >= 0"
        )
    over = coords >= dims
    if over.any():
        row, col = map(int, np.argwhere(over)[0])
        raise too_large(
            f"{who}: coordinate {int(coords[row, col])} of `indices` is out of "
            f"range for dim {col} of size {int(dims[col])}"
        )


def check_segment_ids(ids, num_segments, who):
    """RuntimeError when a known segment id is `num_segments` or more (MindSpore's CPU
    UnsortedSegment* kernels); a negative id drops its entry, as there.

    Example:
        >>> check_segment_ids(np.array([0, -1, 1]), 2, "unsorted_segment_sum")
        >>> try:
        ...     check_segment_ids(np.array([0, 2]), 2, "unsorted_segment_min")
        ... except RuntimeError:
        ...     print("out of range")
        out of range
    """
    values = _known(ids)
    if values is None or values.size == 0:
        return
    high = int(values.max())
    if high >= num_segments:
        raise RuntimeError(
            f"{who}: segment id {high} is out of range for {num_segments} segments "
            f"(valid: below {num_segments})"
        )
