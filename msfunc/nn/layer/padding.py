"""Padding layers: Pad (per-dim pairs) and the Constant/Zero/Reflection/Replication pads."""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax.numpy as jnp

from ... import ops
from ...common.tensor import unwrap
from ..cell import Cell

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = [
    "Pad",
    "ZeroPad2d",
    "ConstantPad1d",
    "ConstantPad2d",
    "ConstantPad3d",
    "ReflectionPad1d",
    "ReflectionPad2d",
    "ReflectionPad3d",
    "ReplicationPad1d",
    "ReplicationPad2d",
    "ReplicationPad3d",
]


class Pad(Cell):
    """Pad every dim by ``paddings[d] = (before, after)``; mode CONSTANT (zeros), REFLECT or
    SYMMETRIC.

    Args:
        paddings (Sequence[Sequence[int]]): One (before, after) pair of non-negative widths
            per dim of the input.
        mode (str): ``"CONSTANT"`` (zeros), ``"REFLECT"`` (edge not repeated) or
            ``"SYMMETRIC"`` (edge repeated). Default: ``"CONSTANT"``.

    Inputs:
        x (Tensor): As many dims as `paddings` has pairs.

    Outputs:
        Tensor of `x`'s dtype, each dim grown by its pair's sum.

    Example:
        >>> import msfunc as ms
        >>> ms.nn.Pad(((0, 0), (1, 1)))(ms.numpy.ones((1, 2))).tolist()
        [[0.0, 1.0, 1.0, 0.0]]
    """

    def __init__(self, paddings: Sequence[Sequence[int]], mode: str = "CONSTANT"):
        super().__init__()
        if not isinstance(paddings, (tuple, list)) or not all(
            isinstance(p, (tuple, list)) for p in paddings
        ):
            raise TypeError(
                f"Pad: `paddings` must be a tuple of (before, after) pairs, got {paddings!r}"
            )
        if not all(len(p) == 2 for p in paddings):
            raise ValueError(
                f"Pad: `paddings` must be a tuple of (before, after) pairs, got {paddings!r}"
            )
        if len(paddings) > 4:  # (MindSpore's Pad pads at most 4 dims)
            raise ValueError(f"Pad: `paddings` pads at most 4 dims, got {len(paddings)} pairs")
        if mode not in ("CONSTANT", "REFLECT", "SYMMETRIC"):
            raise ValueError(
                f"Pad: `mode` must be 'CONSTANT', 'REFLECT' or 'SYMMETRIC', got {mode!r}"
            )
        self.paddings = tuple((int(a), int(b)) for a, b in paddings)
        self.mode = mode

    def construct(self, x):
        x = unwrap(x)
        if len(self.paddings) != x.ndim:
            raise ValueError(
                f"Pad: `paddings` must hold one pair per dim, got {len(self.paddings)} pairs "
                f"for a {x.ndim}-D input"
            )
        if any(w < 0 for pair in self.paddings for w in pair):
            raise ValueError(f"Pad: `paddings` must not be negative, got {self.paddings}")
        widths = self.paddings
        if self.mode == "CONSTANT":
            return jnp.pad(x, widths)
        return jnp.pad(x, widths, mode=self.mode.lower())


class _TorchPad(Cell):
    """Pad the trailing dims by `padding` = (last_lo, last_hi, prev_lo, prev_hi, ...).

    An int pads all `_nd` dims alike; a tuple has an even length and pads as many trailing
    dims as it has pairs (at most `_nd` for the constant pads; the mirror pads only need an
    input with that many dims).
    """

    _nd = 1
    _mode = "constant"
    _any_length = False  # the mirror pads accept more pairs than `_nd` (checked at call)
    _nonnegative = False  # reflection cannot crop

    def __init__(self, padding: int | tuple[int, ...], value: float = 0.0):
        super().__init__()
        who, n = type(self).__name__, 2 * self._nd
        if isinstance(padding, int) and not isinstance(padding, bool):
            padding = (padding,) * n
        if not isinstance(padding, tuple):
            raise TypeError(
                f"{who}: `padding` must be an int or a tuple of ints, got {type(padding).__name__}"
            )
        if any(isinstance(p, bool) or not isinstance(p, int) for p in padding):
            raise TypeError(f"{who}: every entry of `padding` must be an int, got {padding!r}")
        if len(padding) % 2:
            raise ValueError(f"{who}: `padding` must have an even length, got {padding!r}")
        if not padding or (not self._any_length and len(padding) > n):
            raise ValueError(
                f"{who}: `padding` must be an int or a tuple of 2 to {n} ints, got {padding!r}"
            )
        if self._nonnegative and any(p < 0 for p in padding):
            raise ValueError(f"{who}: every entry of `padding` must be >= 0, got {padding!r}")
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TypeError(f"{who}: `value` must be a number, got {value!r}")
        self.padding, self.value = padding, value

    def construct(self, x):
        x = unwrap(x)
        if x.ndim < len(self.padding) // 2:
            raise ValueError(
                f"{type(self).__name__}: a `padding` of {len(self.padding)} "
                f"entries needs an input with at least {len(self.padding) // 2} "
                f"dims, got {x.ndim}"
            )
        value = self.value if self._mode == "constant" else None
        return ops.pad(x, self.padding, self._mode, value)


class ConstantPad1d(_TorchPad):
    """Pad the last dim with `value`; `padding` is an int or (left, right); negative
    entries crop.

    Args:
        padding (Union[int, tuple[int]]): One int for every side, or (left, right); negative
            entries crop.
        value (float): The fill value.

    Inputs:
        x (Tensor): At least 1-D.

    Outputs:
        Tensor of `x`'s dtype, the padded dims grown (or cropped) by the padding.

    Example:
        >>> import msfunc as ms
        >>> ms.nn.ConstantPad1d((1, 2), 9.0)(ms.Tensor([[1.0, 2.0]])).tolist()
        [[9.0, 1.0, 2.0, 9.0, 9.0]]
    """

    def __init__(self, padding: int | tuple[int, ...], value: float):
        super().__init__(padding, value)


class ConstantPad2d(ConstantPad1d):
    """Pad the last two dims with `value`; `padding` is an int, (left, right, top, bottom)
    or (left, right) for the last dim alone.

    Args:
        padding (Union[int, tuple[int]]): One int for every side, or (left, right, top, bottom);
            negative entries crop.
        value (float): The fill value.

    Inputs:
        x (Tensor): At least 2-D.

    Outputs:
        Tensor of `x`'s dtype, the padded dims grown (or cropped) by the padding.

    Example:
        >>> import msfunc as ms
        >>> ms.nn.ConstantPad2d((0, 1), 0.5)(ms.numpy.ones((1, 1, 2))).tolist()
        [[[1.0, 1.0, 0.5]]]
    """

    _nd = 2


class ConstantPad3d(ConstantPad1d):
    """Pad the last three dims with `value`; `padding` an int or 2, 4 or 6 ints.

    Args:
        padding (Union[int, tuple[int]]): One int for every side, or (left, right, top, bottom,
            front, back); negative entries crop.
        value (float): The fill value.

    Inputs:
        x (Tensor): At least 3-D.

    Outputs:
        Tensor of `x`'s dtype, the padded dims grown (or cropped) by the padding.

    Example:
        >>> import msfunc as ms
        >>> y = ms.nn.ConstantPad3d(1, 0.0)(ms.ops.ones((1, 1, 1, 1)))
        >>> y.shape, float(y.sum())
        ((1, 3, 3, 3), 1.0)
    """

    _nd = 3


class ZeroPad2d(_TorchPad):
    """Pad the last two dims with zeros; `padding` is an int or (left, right, top, bottom).

    Args:
        padding (Union[int, tuple[int]]): One int for every side, or (left, right, top, bottom).

    Inputs:
        x (Tensor): At least 2-D.

    Outputs:
        Tensor of `x`'s dtype, the padded dims grown (or cropped) by the padding.

    Example:
        >>> import msfunc as ms
        >>> ms.nn.ZeroPad2d(1)(ms.numpy.ones((1, 1, 1))).shape
        (1, 3, 3)
    """

    _nd = 2

    def __init__(self, padding: int | tuple[int, ...]):
        super().__init__(padding, 0.0)


class ReflectionPad1d(_TorchPad):
    """Reflect the last dim at its edges (edge not repeated); `padding` entries are >= 0.

    Args:
        padding (Union[int, tuple[int]]): One int for every side, or (left, right), each at
            least 0 and less than that dim's size.

    Inputs:
        x (Tensor): At least 1-D.

    Outputs:
        Tensor of `x`'s dtype, the padded dims grown (or cropped) by the padding.

    Example:
        >>> import msfunc as ms
        >>> ms.nn.ReflectionPad1d((2, 1))(ms.Tensor([[1.0, 2.0, 3.0]])).tolist()
        [[3.0, 2.0, 1.0, 2.0, 3.0, 2.0]]
    """

    _mode = "reflect"
    _any_length = True
    _nonnegative = True

    def __init__(self, padding: int | tuple[int, ...]):
        super().__init__(padding)


class ReflectionPad2d(ReflectionPad1d):
    """Reflect the last two dims at their edges.

    Args:
        padding (Union[int, tuple[int]]): One int for every side, or (left, right, top, bottom),
            each at least 0 and less than that dim's size.

    Inputs:
        x (Tensor): At least 2-D.

    Outputs:
        Tensor of `x`'s dtype, the padded dims grown (or cropped) by the padding.

    Example:
        >>> import msfunc as ms
        >>> x = ms.Tensor([[[1.0, 2.0], [3.0, 4.0]]])
        >>> ms.nn.ReflectionPad2d((1, 0, 0, 1))(x).tolist()
        [[[2.0, 1.0, 2.0], [4.0, 3.0, 4.0], [2.0, 1.0, 2.0]]]
    """

    _nd = 2


class ReflectionPad3d(ReflectionPad1d):
    """Reflect the last three dims at their edges.

    Args:
        padding (Union[int, tuple[int]]): One int for every side, or (left, right, top, bottom,
            front, back), each at least 0 and less than that dim's size.

    Inputs:
        x (Tensor): At least 3-D.

    Outputs:
        Tensor of `x`'s dtype, the padded dims grown (or cropped) by the padding.

    Example:
        >>> import msfunc as ms
        >>> x = ms.Tensor([[[[1.0, 2.0]]], [[[3.0, 4.0]]]])  # (C=2, D=1, H=1, W=2)
        >>> ms.nn.ReflectionPad3d((1, 0, 0, 0, 0, 0))(x).reshape(-1).tolist()
        [2.0, 1.0, 2.0, 4.0, 3.0, 4.0]
    """

    _nd = 3


class ReplicationPad1d(ReflectionPad1d):
    """Repeat the edge values of the last dim (negative entries crop).

    Args:
        padding (Union[int, tuple[int]]): One int for every side, or (left, right); negative
            entries crop.

    Inputs:
        x (Tensor): At least 1-D.

    Outputs:
        Tensor of `x`'s dtype, the padded dims grown (or cropped) by the padding.

    Example:
        >>> import msfunc as ms
        >>> ms.nn.ReplicationPad1d((2, 1))(ms.Tensor([[1.0, 2.0, 3.0]])).tolist()
        [[1.0, 1.0, 1.0, 2.0, 3.0, 3.0]]
    """

    _mode = "replicate"
    _nonnegative = False


class ReplicationPad2d(ReplicationPad1d):
    """Repeat the edge values of the last two dims.

    Args:
        padding (Union[int, tuple[int]]): One int for every side, or (left, right, top, bottom);
            negative entries crop.

    Inputs:
        x (Tensor): At least 2-D.

    Outputs:
        Tensor of `x`'s dtype, the padded dims grown (or cropped) by the padding.

    Example:
        >>> import msfunc as ms
        >>> x = ms.Tensor([[[1.0, 2.0], [3.0, 4.0]]])
        >>> ms.nn.ReplicationPad2d((1, 0, 0, 1))(x).tolist()
        [[[1.0, 1.0, 2.0], [3.0, 3.0, 4.0], [3.0, 3.0, 4.0]]]
    """

    _nd = 2


class ReplicationPad3d(ReplicationPad1d):
    """Repeat the edge values of the last three dims.

    Args:
        padding (Union[int, tuple[int]]): One int for every side, or (left, right, top, bottom,
            front, back); negative entries crop.

    Inputs:
        x (Tensor): At least 3-D.

    Outputs:
        Tensor of `x`'s dtype, the padded dims grown (or cropped) by the padding.

    Example:
        >>> import msfunc as ms
        >>> y = ms.nn.ReplicationPad3d(1)(ms.Tensor([[[[[5.0]]]]]))
        >>> y.shape, set(y.reshape(-1).tolist())
        ((1, 1, 3, 3, 3), {5.0})
    """

    _nd = 3
