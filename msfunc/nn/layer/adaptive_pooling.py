"""Adaptive pooling (a requested output size) and power-average (LP) pooling layers."""

from __future__ import annotations

from typing import Any

from ... import ops
from ..cell import Cell

__all__ = [
    "AdaptiveAvgPool1d",
    "AdaptiveAvgPool2d",
    "AdaptiveAvgPool3d",
    "AdaptiveMaxPool1d",
    "AdaptiveMaxPool2d",
    "AdaptiveMaxPool3d",
    "LPPool1d",
    "LPPool2d",
]


class _Adaptive(Cell):
    _fn: Any = None

    def __init__(self, output_size: int | tuple[int | None, ...]):
        super().__init__()
        self.output_size = output_size

    def construct(self, input):
        return type(self)._fn(input, self.output_size)


class AdaptiveAvgPool1d(_Adaptive):
    """Average over `output_size` near-equal windows of the last axis.

    Args:
        output_size (int): The output's length.

    Inputs:
        input (Tensor): (N, C, L) or (C, L).

    Outputs:
        Tensor with the pooled spatial dims, of the input's dtype.

    Example:
        >>> import msfunc as ms
        >>> x = ms.Tensor([[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]]])
        >>> ms.nn.AdaptiveAvgPool1d(3)(x).tolist()
        [[[1.5, 3.5, 5.5]]]
    """

    _fn = staticmethod(ops.adaptive_avg_pool1d)


class AdaptiveAvgPool2d(_Adaptive):
    """Average over near-equal windows of the last two axes (None keeps a size).

    Args:
        output_size (Union[int, tuple[Union[int, None]]]): The output's spatial size: one int,
            or 2 entries where ``None`` keeps that dim's size.

    Inputs:
        input (Tensor): (N, C, H, W) or (C, H, W).

    Outputs:
        Tensor with the pooled spatial dims, of the input's dtype.

    Example:
        >>> import msfunc as ms
        >>> x = ms.ops.arange(16.0).reshape(1, 1, 4, 4)
        >>> ms.nn.AdaptiveAvgPool2d(2)(x).tolist()
        [[[[2.5, 4.5], [10.5, 12.5]]]]
    """

    _fn = staticmethod(ops.adaptive_avg_pool2d)


class AdaptiveMaxPool1d(_Adaptive):
    """Max over `output_size` near-equal windows of the last axis.

    Args:
        output_size (int): The output's length.

    Inputs:
        x (Tensor): (N, C, L) or (C, L).

    Outputs:
        Tensor with the pooled spatial dims, of the input's dtype.

    Example:
        >>> import msfunc as ms
        >>> ms.nn.AdaptiveMaxPool1d(2)(ms.Tensor([[[1.0, 5.0, 2.0, 4.0]]])).tolist()
        [[[5.0, 4.0]]]
    """

    _fn = staticmethod(ops.adaptive_max_pool1d)

    def construct(self, x):
        return ops.adaptive_max_pool1d(x, self.output_size)


class AdaptiveAvgPool3d(_Adaptive):
    """Average over near-equal windows of the last three axes.

    Args:
        output_size (Union[int, tuple[Union[int, None]]]): The output's spatial size: one int,
            or 3 entries where ``None`` keeps that dim's size.

    Inputs:
        input (Tensor): (N, C, D, H, W) or (C, D, H, W).

    Outputs:
        Tensor with the pooled spatial dims, of the input's dtype.

    Example:
        >>> import msfunc as ms
        >>> x = ms.ops.arange(8.0).reshape(1, 1, 2, 2, 2)
        >>> ms.nn.AdaptiveAvgPool3d(1)(x).tolist()
        [[[[[3.5]]]]]
    """

    _fn = staticmethod(ops.adaptive_avg_pool3d)


class AdaptiveMaxPool2d(Cell):
    """Max over near-equal windows of the last two axes; optionally the flat argmax indices.

    Args:
        output_size (Union[int, tuple[Union[int, None]]]): The output's spatial size: one int,
            or 2 entries where ``None`` keeps that dim's size.
        return_indices (bool): Also return the flat index of each maximum. Default: ``False``.

    Inputs:
        input (Tensor): (N, C, H, W) or (C, H, W).

    Outputs:
        Tensor with the pooled spatial dims; with `return_indices`, a tuple (values, int64 indices).

    Example:
        >>> import msfunc as ms
        >>> x = ms.ops.arange(16.0).reshape(1, 1, 4, 4)
        >>> ms.nn.AdaptiveMaxPool2d(2)(x).tolist()
        [[[[5.0, 7.0], [13.0, 15.0]]]]
    """

    _fn = staticmethod(ops.adaptive_max_pool2d)

    def __init__(self, output_size: int | tuple[int | None, ...], return_indices: bool = False):
        super().__init__()
        self.output_size, self.return_indices = output_size, bool(return_indices)

    def construct(self, input):
        return type(self)._fn(input, self.output_size, self.return_indices)


class AdaptiveMaxPool3d(AdaptiveMaxPool2d):
    """Max over near-equal windows of the last three axes; optionally the flat indices.

    Args:
        output_size (Union[int, tuple[Union[int, None]]]): The output's spatial size: one int,
            or 3 entries where ``None`` keeps that dim's size.
        return_indices (bool): Also return the flat index of each maximum. Default: ``False``.

    Inputs:
        input (Tensor): (N, C, D, H, W) or (C, D, H, W).

    Outputs:
        Tensor with the pooled spatial dims; with `return_indices`, a tuple (values, int64 indices).

    Example:
        >>> import msfunc as ms
        >>> x = ms.ops.arange(8.0).reshape(1, 1, 2, 2, 2)
        >>> ms.nn.AdaptiveMaxPool3d((1, 1, 2))(x).tolist()
        [[[[[6.0, 7.0]]]]]
    """

    _fn = staticmethod(ops.adaptive_max_pool3d)


class LPPool1d(Cell):
    """(sum over each window of x^p)^(1/p) along the last axis of (N, C, L) or (C, L).

    Args:
        norm_type (float): The power `p`.
        kernel_size (Union[int, tuple[int]]): The window's size.
        stride (Union[int, tuple[int], None]): The step between windows; ``None`` is
            `kernel_size`. Default: ``None``.
        ceil_mode (bool): Round the output size up, so a partial last window counts. Default:
            ``False``.

    Inputs:
        x (Tensor): (N, C, L) or (C, L).

    Outputs:
        Tensor with the pooled dims, of `x`'s dtype.

    Example:
        >>> import msfunc as ms
        >>> ms.nn.LPPool1d(2, kernel_size=2)(ms.Tensor([[[3.0, 4.0, 6.0, 8.0]]])).tolist()
        [[[5.0, 10.0]]]
    """

    _fn = staticmethod(ops.lp_pool1d)

    def __init__(
        self,
        norm_type: float,
        kernel_size: int | tuple[int, ...],
        stride: int | tuple[int, ...] | None = None,
        ceil_mode: bool = False,
    ):
        super().__init__()
        if isinstance(norm_type, bool) or not isinstance(norm_type, (int, float)):
            raise TypeError(
                f"{type(self).__name__}: `norm_type` must be a number, got {norm_type!r}"
            )
        self.norm_type, self.kernel_size = norm_type, kernel_size
        self.stride, self.ceil_mode = stride, bool(ceil_mode)

    def construct(self, x):
        return type(self)._fn(x, self.norm_type, self.kernel_size, self.stride, self.ceil_mode)


class LPPool2d(LPPool1d):
    """(sum over each window of x^p)^(1/p) over the last two axes of NCHW or CHW input.

    Args:
        norm_type (float): The power `p`.
        kernel_size (Union[int, tuple[int]]): The window's size.
        stride (Union[int, tuple[int], None]): The step between windows; ``None`` is
            `kernel_size`. Default: ``None``.
        ceil_mode (bool): Round the output size up, so a partial last window counts. Default:
            ``False``.

    Inputs:
        x (Tensor): (N, C, H, W) or (C, H, W).

    Outputs:
        Tensor with the pooled dims, of `x`'s dtype.

    Example:
        >>> import msfunc as ms
        >>> ms.nn.LPPool2d(1, kernel_size=2)(ms.ops.ones((1, 1, 2, 2))).tolist()
        [[[[4.0]]]]
    """

    _fn = staticmethod(ops.lp_pool2d)
