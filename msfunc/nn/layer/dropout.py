"""Dropout layers: Dropout (elements) and Dropout1d/2d/3d (whole channels)."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from ... import ops
from ...common import dtype as mstype
from ...common.seed import next_key
from ...common.tensor import unwrap
from ...ops.seeded_draws import dropout_stream
from ..cell import Cell

__all__ = ["Dropout", "Dropout1d", "Dropout2d", "Dropout3d"]


def _check_probability(p, name, who):
    if isinstance(p, bool) or not isinstance(p, (int, float)) or not 0.0 <= p <= 1.0:
        raise ValueError(f"{who}: `{name}` must be a float in [0, 1], got {p!r}")
    return float(p)


class Dropout(Cell):
    """Dropout: in training, zero each element with probability `p` and scale the rest by
    ``1 / (1 - p)``; in inference, the identity.

    Seeded (``msfunc.set_seed`` before the layer is built), the masks are MindSpore's;
    unseeded, they come from msfunc's fast key stream.

    Args:
        keep_prob (float): The probability of keeping an element, in (0, 1]; used when `p` is
            ``None`` (MindSpore's older spelling). Default: ``0.5``.
        p (Union[float, None]): The probability of zeroing an element, in [0, 1).
            Default: ``None``.
        dtype (mstype.Number): Accepted for MindSpore compatibility; the output keeps the
            input's dtype. Default: ``mstype.float32``.

    Inputs:
        x (Tensor): Any shape, floating point.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> drop = ms.nn.Dropout(p=0.5)
        >>> drop(ms.numpy.ones((2,))).tolist()          # inference (the default mode)
        [1.0, 1.0]
    """

    def __init__(
        self, keep_prob: float = 0.5, p: float | None = None, dtype: mstype.Number = mstype.float32
    ):
        super().__init__()
        if p is None:
            keep = _check_probability(keep_prob, "keep_prob", "Dropout")
            if keep == 0.0:
                raise ValueError("Dropout: `keep_prob` must be in (0, 1], got 0")
            self.p = 1.0 - keep
        else:
            self.p = _check_probability(p, "p", "Dropout")
            if self.p == 1.0:
                raise ValueError("Dropout: `p` must be in [0, 1), got 1")
        self.keep_prob = keep if p is None else 1.0 - self.p
        self._built_from_keep_prob = p is None  # repr shows the argument the layer was given
        # MindSpore seeds the layer's kernel when the layer is built; seeded, its masks are
        # MindSpore's (see seeded_draws.dropout_stream)
        self._mask_stream = dropout_stream()

    def construct(self, x):
        x = unwrap(x)
        if not self.training or self.p == 0.0:
            return x
        keep = self._mask_stream.draw(x.shape, self.keep_prob)
        if keep is None:
            keep = jax.random.bernoulli(next_key(), self.keep_prob, x.shape)
        # x * mask * (1 / keep_prob), as MindSpore (a dropped negative input gives -0.0)
        return x * keep.astype(x.dtype) * jnp.asarray(np.float32(1.0 / self.keep_prob), x.dtype)

    def extend_repr(self):
        if self._built_from_keep_prob:
            return f"keep_prob={self.keep_prob}"
        return f"p={self.p}"


class _ChannelDropout(Cell):
    _nd = 2

    def __init__(self, p: float = 0.5):
        super().__init__()
        self.p = _check_probability(p, "p", type(self).__name__)
        self.keep_prob = 1.0 - self.p

    def extend_repr(self):
        # MindSpore's text: the 2-D and 3-D layers show their keep probability, named p.
        return "" if self._nd == 1 else f"p={self.keep_prob}"

    def construct(self, x):
        drop = (ops.dropout1d, ops.dropout2d, ops.dropout3d)[self._nd - 1]
        return drop(unwrap(x), self.p, self.training)


class Dropout1d(_ChannelDropout):
    """Channel dropout: in training, zero whole channels of (N, C, L) input with probability
    `p` and scale the kept ones by ``1 / (1 - p)``; in inference, the identity.

    Args:
        p (float): The probability of zeroing a channel, in [0, 1]. Default: ``0.5``.

    Inputs:
        x (Tensor): (N, C, L) or (C, L), floating point.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> drop = ms.nn.Dropout1d(p=0.5).set_train()  # a Cell starts in eval mode: no dropout
        >>> v = drop(ms.ops.ones((1, 8, 3))).asnumpy()  # channels: zeroed or doubled
        >>> set(v.ravel().tolist()) <= {0.0, 2.0}, bool((v.min(2) == v.max(2)).all())
        (True, True)
    """

    _nd = 1


class Dropout2d(_ChannelDropout):
    """Channel dropout: in training, zero whole channels of (N, C, H, W) input with probability
    `p` and scale the kept ones by ``1 / (1 - p)``; in inference, the identity.

    Args:
        p (float): The probability of zeroing a channel, in [0, 1]. Default: ``0.5``.

    Inputs:
        x (Tensor): (N, C, H, W), floating point.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> drop = ms.nn.Dropout2d(p=0.5).set_train()  # a Cell starts in eval mode: no dropout
        >>> v = drop(ms.ops.ones((1, 8, 2, 2))).asnumpy()  # channels: zeroed or doubled
        >>> set(v.ravel().tolist()) <= {0.0, 2.0}, bool((v.min((2, 3)) == v.max((2, 3))).all())
        (True, True)
    """

    _nd = 2


class Dropout3d(_ChannelDropout):
    """Channel dropout: in training, zero whole channels of (N, C, D, H, W) input with probability
    `p` and scale the kept ones by ``1 / (1 - p)``; in inference, the identity.

    Args:
        p (float): The probability of zeroing a channel, in [0, 1]. Default: ``0.5``.

    Inputs:
        x (Tensor): (N, C, D, H, W), floating point.

    Outputs:
        Tensor of `x`'s shape and dtype.

    Example:
        >>> import msfunc as ms
        >>> drop = ms.nn.Dropout3d(p=0.5).set_train()  # a Cell starts in eval mode: no dropout
        >>> v = drop(ms.ops.ones((1, 8, 1, 2, 2))).asnumpy()  # channels: zeroed or doubled
        >>> set(v.ravel().tolist()) <= {0.0, 2.0}, bool((v.reshape(8, -1).std(1) == 0).all())
        (True, True)
    """

    _nd = 3
