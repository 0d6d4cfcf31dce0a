"""ChannelShuffle: interleave the channels of `groups` channel groups (ShuffleNet)."""

from __future__ import annotations

from ... import ops
from ...common.tensor import unwrap
from ..cell import Cell

__all__ = ["ChannelShuffle"]


class ChannelShuffle(Cell):
    """Split the channels (axis 1) of an (N, C, ...) tensor into `groups` groups and
    interleave them: channel ``g * (C // groups) + i`` moves to ``i * groups + g``.

    Args:
        groups (int): The number of groups; it divides the channel count.

    Inputs:
        x (Tensor): (N, C, ...), at least 3-D.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> x = ms.numpy.arange(4).reshape(1, 4, 1, 1)
        >>> ms.nn.ChannelShuffle(2)(x).reshape(-1).tolist()
        [0, 2, 1, 3]
    """

    def __init__(self, groups: int):
        super().__init__()
        if isinstance(groups, bool) or not isinstance(groups, int):
            raise TypeError(f"ChannelShuffle: `groups` must be an int, got {type(groups).__name__}")
        if groups < 1:
            raise ValueError(f"ChannelShuffle: `groups` must be >= 1, got {groups}")
        self.groups = groups

    def construct(self, x):
        x = unwrap(x)
        if x.ndim < 3:
            raise ValueError(
                f"ChannelShuffle: input must have at least 3 dims (N, C, ...), got "
                f"shape {tuple(x.shape)}"
            )
        return ops.channel_shuffle(x, self.groups)

    def extend_repr(self):
        return f"groups={self.groups}"
