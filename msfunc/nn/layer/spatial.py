"""Layers that rearrange or resample spatial dims: Unfold, Upsample, PixelShuffle/Unshuffle."""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax.numpy as jnp

from ... import ops
from ...common.tensor import unwrap
from ..cell import Cell
from .basic import check_positive_int

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["Unfold", "Upsample", "PixelShuffle", "PixelUnshuffle"]


def _same_pads(size, k, s):
    """TensorFlow-style 'same' padding (lo, hi): output ceil(size / s)."""
    out = -(-size // s)
    total = max((out - 1) * s + k - size, 0)
    return total // 2, total - total // 2


class Unfold(Cell):
    """Extract image patches of NCHW input as channels, as MindSpore's ExtractImagePatches.

    The output's channels are ordered (kernel row, kernel column, input channel).

    Args:
        ksizes (Sequence[int]): The patch size ``[1, rows, cols, 1]``.
        strides (Sequence[int]): The distance between patch starts ``[1, rows, cols, 1]``.
        rates (Sequence[int]): The dilation inside a patch ``[1, rows, cols, 1]``.
        padding (str): ``"valid"`` (patches inside the image) or ``"same"`` (zero padding so
            the output has ``ceil(size / stride)`` positions). Default: ``"valid"``.

    Inputs:
        input_x (Tensor): (N, C, H, W).

    Outputs:
        Tensor (N, C * rows * cols, out_rows, out_cols).

    Example:
        >>> import msfunc as ms
        >>> net = ms.nn.Unfold([1, 2, 2, 1], [1, 1, 1, 1], [1, 1, 1, 1])
        >>> net(ms.numpy.ones((1, 3, 4, 4))).shape
        (1, 12, 3, 3)
    """

    def __init__(
        self,
        ksizes: Sequence[int],
        strides: Sequence[int],
        rates: Sequence[int],
        padding: str = "valid",
    ):
        super().__init__()
        self.ksizes = self._quad(ksizes, "ksizes")
        self.strides = self._quad(strides, "strides")
        self.rates = self._quad(rates, "rates")
        if not isinstance(padding, str) or padding.lower() not in ("valid", "same"):
            raise ValueError(f"Unfold: `padding` must be 'valid' or 'same', got {padding!r}")
        self.padding = padding.lower()

    @staticmethod
    def _quad(v, name):
        if (
            not isinstance(v, (tuple, list))
            or len(v) != 4
            or v[0] != 1
            or v[3] != 1
            or any(isinstance(i, bool) or not isinstance(i, int) or i < 1 for i in v)
        ):
            raise ValueError(
                f"Unfold: `{name}` must be [1, row, col, 1] with positive ints, got {v!r}"
            )
        return tuple(v[1:3])

    def construct(self, input_x):
        x = unwrap(input_x)
        if x.ndim != 4:
            raise ValueError(f"Unfold: input must be 4-D (NCHW), got {x.ndim}-D")
        (kr, kc), (sr, sc), (rr, rc) = self.ksizes, self.strides, self.rates
        ekr, ekc = (kr - 1) * rr + 1, (kc - 1) * rc + 1
        if self.padding == "same":
            x = jnp.pad(
                x,
                ((0, 0), (0, 0), _same_pads(x.shape[2], ekr, sr), _same_pads(x.shape[3], ekc, sc)),
            )
        h, w = x.shape[2], x.shape[3]
        oh, ow = (h - ekr) // sr + 1, (w - ekc) // sc + 1
        patches = [
            x[
                :,
                :,
                i * rr : i * rr + (oh - 1) * sr + 1 : sr,
                j * rc : j * rc + (ow - 1) * sc + 1 : sc,
            ]
            for i in range(kr)
            for j in range(kc)
        ]
        out = jnp.stack(patches, axis=1)  # (N, kr*kc, C, oh, ow)
        return out.reshape(x.shape[0], -1, oh, ow)


class Upsample(Cell):
    """Resize the spatial dims (all but N and C) to `size` or by `scale_factor`.

    It calls ``ops.interpolate``; exactly one of `size` and `scale_factor` is given.

    Args:
        size (Union[int, tuple[int], None]): The output's spatial size. Default: ``None``.
        scale_factor (Union[float, tuple[float], None]): The factor per spatial dim.
            Default: ``None``.
        mode (str): ``"nearest"``, ``"linear"``, ``"bilinear"``, ``"bicubic"``,
            ``"trilinear"``, ``"area"`` or ``"nearest-exact"``. Default: ``"nearest"``.
        align_corners (Union[bool, None]): For the linear modes, whether the corner pixels of
            input and output line up. Default: ``None``.
        recompute_scale_factor (Union[bool, None]): Compute the sampling from the output size
            rather than from `scale_factor`. Default: ``None``.

    Inputs:
        x (Tensor): (N, C, L), (N, C, H, W) or (N, C, D, H, W).

    Outputs:
        Tensor with the resized spatial dims, of `x`'s dtype.

    Example:
        >>> import msfunc as ms
        >>> ms.nn.Upsample(scale_factor=2.0)(ms.Tensor([[[1.0, 2.0]]])).tolist()
        [[[1.0, 1.0, 2.0, 2.0]]]
    """

    def __init__(
        self,
        size: int | tuple[int, ...] | None = None,
        scale_factor: float | tuple[float, ...] | None = None,
        mode: str = "nearest",
        align_corners: bool | None = None,
        recompute_scale_factor: bool | None = None,
    ):
        super().__init__()
        if (size is None) == (scale_factor is None):
            raise ValueError("Upsample: exactly one of `size` and `scale_factor` must be given")
        self.size, self.scale_factor, self.mode = size, scale_factor, mode
        self.align_corners, self.recompute_scale_factor = align_corners, recompute_scale_factor

    def construct(self, x):
        return ops.interpolate(
            x,
            self.size,
            self.scale_factor,
            self.mode,
            self.align_corners,
            self.recompute_scale_factor,
        )


class PixelShuffle(Cell):
    """Move channel blocks into space: (..., C r^2, H, W) -> (..., C, H r, W r).

    Args:
        upscale_factor (int): `r`, the spatial growth factor.

    Inputs:
        input (Tensor): At least 3-D, channels divisible by ``r * r``.

    Outputs:
        Tensor (..., C, H r, W r), of `input`'s dtype.

    Example:
        >>> import msfunc as ms
        >>> ms.nn.PixelShuffle(2)(ms.ops.arange(4.0).reshape(1, 4, 1, 1)).tolist()
        [[[[0.0, 1.0], [2.0, 3.0]]]]
    """

    def __init__(self, upscale_factor: int):
        super().__init__()
        self.upscale_factor = check_positive_int(upscale_factor, "upscale_factor", "PixelShuffle")

    def construct(self, input):
        return ops.pixel_shuffle(input, self.upscale_factor)


class PixelUnshuffle(Cell):
    """Move space into channel blocks, PixelShuffle's inverse: (..., C, H r, W r) ->
    (..., C r^2, H, W).

    Args:
        downscale_factor (int): `r`, the spatial shrink factor.

    Inputs:
        input (Tensor): At least 3-D, height and width divisible by `r`.

    Outputs:
        Tensor (..., C r^2, H, W), of `input`'s dtype.

    Example:
        >>> import msfunc as ms
        >>> x = ms.ops.arange(4.0).reshape(1, 1, 2, 2)
        >>> ms.nn.PixelUnshuffle(2)(x).reshape(-1).tolist()
        [0.0, 1.0, 2.0, 3.0]
    """

    def __init__(self, downscale_factor: int):
        super().__init__()
        self.downscale_factor = check_positive_int(
            downscale_factor, "downscale_factor", "PixelUnshuffle"
        )

    def construct(self, input):
        return ops.pixel_unshuffle(input, self.downscale_factor)
