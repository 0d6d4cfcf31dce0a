"""``mindspore.ops.operations.manually_defined``: the function forms of hand-written primitives.

Example:
    >>> import msfunc as ms
    >>> from msfunc.compat import manually_defined
    >>> manually_defined.rank(ms.Tensor([[1.0, 2.0]])), manually_defined.shape_(ms.Tensor([[1.0]]))
    (2, (1, 1))
"""

from .. import ops as _ops

# (MindSpore defines these beside their primitives: Rank, Shape and Tile called as functions)
rank = _ops.rank
shape_ = _ops.shape
tile = _ops.tile

__all__ = ["rank", "shape_", "tile"]
