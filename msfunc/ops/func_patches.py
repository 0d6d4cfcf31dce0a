"""Functional patch ops: im2col (unfold), col2im (fold) and pixel and channel shuffles."""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp

from ..common.args import check_int, int_tuple, static_ints, tensor_arg
from .func_conv import _DN, _concrete_ints

if TYPE_CHECKING:
    from collections.abc import Sequence

    from jax import Array
    from jax.typing import ArrayLike

__all__ = [
    "unfold",
    "fold",
    "col2im",
    "pixel_shuffle",
    "pixel_unshuffle",
    "channel_shuffle",
]


# --------------------------------------------------------------------------- patches
def unfold(
    input: ArrayLike,
    kernel_size: int | Sequence[int],
    dilation: int | Sequence[int] = 1,
    padding: int | Sequence[int] = 0,
    stride: int | Sequence[int] = 1,
) -> Array:
    """The sliding patches of an ``(N, C, H, W)`` tensor as columns (im2col).

    Args:
        input (Tensor): Shape ``(N, C, H, W)``.
        kernel_size (Union[int, tuple[int]]): The patch size.
        dilation (Union[int, tuple[int]]): Spacing of a patch's elements. Default: ``1``.
        padding (Union[int, tuple[int]]): Zeros on each side. Default: ``0``.
        stride (Union[int, tuple[int]]): The step between patches. Default: ``1``.

    Returns:
        Tensor of shape ``(N, C * kh * kw, L)`` for ``L`` patches.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor(np.arange(9.0, dtype=np.float32).reshape(1, 1, 3, 3))
        >>> print(ops.unfold(x, 2))
        [[[0. 1. 3. 4.]
          [1. 2. 4. 5.]
          [3. 4. 6. 7.]
          [4. 5. 7. 8.]]]
    """
    x = tensor_arg(input)
    if x.ndim != 4:
        raise ValueError(f"unfold: `input` must be 4-D (NCHW), got {x.ndim}-D")
    k, d = int_tuple(kernel_size, 2, "kernel_size"), int_tuple(dilation, 2, "dilation")
    p, s = int_tuple(padding, 2, "padding"), int_tuple(stride, 2, "stride")
    pt = jax.lax.conv_general_dilated_patches(
        x,
        k,
        s,
        [(pi, pi) for pi in p],
        rhs_dilation=d,
        dimension_numbers=_DN[2],
        precision=jax.lax.Precision.HIGHEST,
    )
    return pt.reshape(pt.shape[0], pt.shape[1], -1)


def fold(
    input: ArrayLike,
    output_size: Sequence[int] | ArrayLike,
    kernel_size: int | Sequence[int],
    dilation: int | Sequence[int] = 1,
    padding: int | Sequence[int] = 0,
    stride: int | Sequence[int] = 1,
) -> Array:
    """Patches in columns summed back into an ``(N, C, H, W)`` tensor (col2im, the adjoint of
    `unfold`): overlapping entries add up.

    Args:
        input (Tensor): Shape ``(N, C * kh * kw, L)`` (or without ``N``).
        output_size (Union[tuple[int], Tensor]): ``(H, W)``.
        kernel_size (Union[int, tuple[int]]): The patch size.
        dilation (Union[int, tuple[int]]): Spacing of a patch's elements. Default: ``1``.
        padding (Union[int, tuple[int]]): Zeros on each side. Default: ``0``.
        stride (Union[int, tuple[int]]): The step between patches. Default: ``1``.

    Returns:
        Tensor of shape ``(N, C, H, W)``.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> cols = ms.Tensor(np.ones((1, 4, 4), np.float32))
        >>> print(ops.fold(cols, ms.Tensor([3, 3], ms.int32), 2))  # patches overlapping
        [[[[1. 2. 1.]
           [2. 4. 2.]
           [1. 2. 1.]]]]
    """
    x = tensor_arg(input)
    squeeze = x.ndim == 2
    if squeeze:
        x = x[None]
    k = int_tuple(kernel_size, 2, "kernel_size")
    c = x.shape[1] // (k[0] * k[1])
    hw = int_tuple(output_size, 2, "output_size")
    if min(hw) < 0:
        raise ValueError(f"fold: output_size must not be negative, got {hw}")
    zeros = jnp.zeros((x.shape[0], c) + hw, x.dtype)
    _, vjp = jax.vjp(lambda z: unfold(z, k, dilation, padding, stride), zeros)
    (out,) = vjp(x)
    return out[0] if squeeze else out


def col2im(
    input_x: ArrayLike,
    output_size: Sequence[int] | ArrayLike,
    kernel_size: int | Sequence[int],
    dilation: int | Sequence[int],
    padding_value: int | Sequence[int],
    stride: int | Sequence[int],
) -> Array:
    """Patches summed back into an ``(N, C, H, W)`` tensor: `fold` with the patch axes split
    and MindSpore's argument order.

    Args:
        input_x (Tensor): Shape ``(N, C, kh * kw, L)``.
        output_size (Union[tuple[int], Tensor]): ``(H, W)``.
        kernel_size (Union[int, tuple[int]]): The patch size.
        dilation (Union[int, tuple[int]]): Spacing of a patch's elements.
        padding_value (Union[int, tuple[int]]): Zeros on each side.
        stride (Union[int, tuple[int]]): The step between patches.

    Returns:
        Tensor of shape ``(N, C, H, W)``.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> cols = ms.Tensor(np.ones((1, 1, 4, 4), np.float32))
        >>> print(ops.col2im(cols, ms.Tensor([3, 3], ms.int32), 2, 1, 0, 1))
        [[[[1. 2. 1.]
           [2. 4. 2.]
           [1. 2. 1.]]]]
    """
    x = tensor_arg(input_x, "input_x")
    if x.ndim == 4:
        x = x.reshape(x.shape[0], -1, x.shape[-1])
    size = tuple(_concrete_ints(output_size, "output_size").tolist())
    return fold(x, size, kernel_size, dilation, padding_value, stride)


def pixel_shuffle(input: ArrayLike, upscale_factor: int) -> Array:
    """Channels rearranged into space: ``(..., C * r * r, H, W)`` becomes
    ``(..., C, H * r, W * r)``.

    Args:
        input (Tensor): At least 3-D, its channels a multiple of ``r * r``.
        upscale_factor (int): ``r``.

    Returns:
        Tensor of shape ``(..., C, H * r, W * r)``.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor(np.arange(4.0, dtype=np.float32).reshape(1, 4, 1, 1))
        >>> print(ops.pixel_shuffle(x, 2))
        [[[[0. 1.]
           [2. 3.]]]]
    """
    x = tensor_arg(input)
    # (a 0-d integer Tensor, such as a mutable int, gives its value: it fixes the shape)
    r = check_int(
        static_ints(upscale_factor, "upscale_factor", "pixel_shuffle"), "upscale_factor", 1
    )
    *lead, c, h, w = x.shape
    if c % (r * r):
        raise ValueError(f"pixel_shuffle: channels ({c}) must be divisible by {r * r}")
    x = x.reshape(*lead, c // (r * r), r, r, h, w)
    n = len(lead)
    x = x.transpose(*range(n), n, n + 3, n + 1, n + 4, n + 2)
    return x.reshape(*lead, c // (r * r), h * r, w * r)


def pixel_unshuffle(input: ArrayLike, downscale_factor: int) -> Array:
    """Space rearranged into channels, the inverse of `pixel_shuffle`: ``(..., C, H * r, W * r)``
    becomes ``(..., C * r * r, H, W)``.

    Args:
        input (Tensor): At least 3-D, height and width multiples of ``r``.
        downscale_factor (int): ``r``.

    Returns:
        Tensor of shape ``(..., C * r * r, H, W)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> y = ops.pixel_unshuffle(ms.Tensor([[[[0.0, 1.0], [2.0, 3.0]]]]), 2)
        >>> print(y.shape, y.reshape(-1))
        (1, 4, 1, 1) [0. 1. 2. 3.]
    """
    x = tensor_arg(input)
    # (a 0-d integer Tensor, such as a mutable int, gives its value: it fixes the shape)
    r = check_int(
        static_ints(downscale_factor, "downscale_factor", "pixel_unshuffle"), "downscale_factor", 1
    )
    *lead, c, h, w = x.shape
    if h % r or w % r:
        raise ValueError(f"pixel_unshuffle: H and W ({h}, {w}) must be divisible by {r}")
    x = x.reshape(*lead, c, h // r, r, w // r, r)
    n = len(lead)
    x = x.transpose(*range(n), n, n + 2, n + 4, n + 1, n + 3)
    return x.reshape(*lead, c * r * r, h // r, w // r)


def channel_shuffle(x: ArrayLike, groups: int) -> Array:
    """The channels (axis 1) of `x` interleaved across `groups`: viewed as
    ``(groups, C / groups)``, transposed, and flattened back.

    Args:
        x (Tensor): At least 3-D, its channels a multiple of `groups`.
        groups (int): The number of groups.

    Returns:
        Tensor of `x`'s shape.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor(np.arange(6, dtype=np.int32).reshape(1, 6, 1))
        >>> print(ops.channel_shuffle(x, 2).reshape(-1))
        [0 3 1 4 2 5]
    """
    x = tensor_arg(x, "x")
    g = check_int(groups, "groups", 1)
    n, c = x.shape[:2]
    if c % g:
        raise ValueError(f"channel_shuffle: channels ({c}) must be divisible by `groups` ({g})")
    return x.reshape((n, g, c // g) + x.shape[2:]).swapaxes(1, 2).reshape(x.shape)
