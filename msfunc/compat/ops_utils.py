"""``mindspore.ops._utils.utils``: shape helpers MindSpore's backward rules use.

Example:
    >>> generate_shape_index((3, 2, 3), (2,), 1)
    (1, 0, 2)
"""

__all__ = ["generate_shape_index", "get_broadcast_shape"]

_DYNAMIC_DIM, _DYNAMIC_RANK = -1, -2  # MindSpore's marks of an unknown dim / unknown rank


def _broadcast_dim(a, b):
    """One trailing dim of the broadcast: None when `a` and `b` cannot broadcast."""
    if a == 1 or a == b:
        return b
    if b == 1:
        return a
    if _DYNAMIC_DIM in (a, b):
        # an unknown dim against a known one (not 1) takes the known one; against -1 or 1
        # it stays unknown
        known = b if a == _DYNAMIC_DIM else a
        return _DYNAMIC_DIM if abs(known) == 1 else known
    return None


def get_broadcast_shape(x_shape, y_shape, prim_name, arg_name1="x", arg_name2="y"):
    """The shape `x_shape` and `y_shape` broadcast to, as a list (`x_shape` itself when the
    two are equal); ``[-2]`` when either has an unknown rank (``-2``), ``-1`` for an unknown
    dim. Shapes that do not broadcast are a ValueError naming `prim_name` and the arguments.

    Example:
        >>> get_broadcast_shape([4, 1, 3], [5, 1], "Add")
        [4, 5, 3]
        >>> get_broadcast_shape([-1, 3], [2, 1], "Add")
        [2, 3]
    """
    if x_shape == y_shape:
        return x_shape
    if _DYNAMIC_RANK in x_shape or _DYNAMIC_RANK in y_shape:
        return [_DYNAMIC_RANK]
    x_shape, y_shape = list(x_shape), list(y_shape)
    length = min(len(x_shape), len(y_shape))
    tail = []
    for i in range(-length, 0):
        dim = _broadcast_dim(x_shape[i], y_shape[i])
        if dim is None:
            raise ValueError(
                f"{prim_name}: {arg_name1}.shape {tuple(x_shape)} and {arg_name2}.shape "
                f"{tuple(y_shape)} do not broadcast (axis {i}: {x_shape[i]} against "
                f"{y_shape[i]})"
            )
        tail.append(dim)
    longer = x_shape if len(x_shape) > len(y_shape) else y_shape
    return longer[: len(longer) - length] + tail


def generate_shape_index(out_shape, indices_shape, axis):
    """The transpose permutation that brings a gather's index axes to the front: `out_shape`
    is the gather's output, `indices_shape` its indices, `axis` the gathered axis of the
    input; the other axes keep their order.

    Example:
        >>> generate_shape_index((4, 2, 5, 3), (2, 5), 1)
        (1, 2, 0, 3)
    """
    rank, count = len(out_shape), len(indices_shape)
    if axis < 0:
        axis += rank - count + 1  # the input's rank
    if not 0 <= axis <= rank - count:
        raise ValueError(
            f"generate_shape_index: `axis` {axis} is outside an input of rank {rank - count + 1}"
        )
    front = tuple(range(axis, axis + count))
    return front + tuple(i for i in range(rank) if i not in front)
