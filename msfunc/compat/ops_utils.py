"""``mindspore.ops._utils.utils``: shape helpers MindSpore's backward rules use.

Example:
    >>> generate_shape_index((3, 2, 3), (2,), 1)
    (1, 0, 2)
"""

__all__ = ["generate_shape_index"]


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
