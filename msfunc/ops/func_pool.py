"""Pooling functional ops: average, max and Lp pooling and max-unpooling (adaptive and
fractional pooling are in `func_adaptive_pool`)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp
import numpy as np

from ..common.arg_docs import document_args
from ..common.args import int_tuple, tensor_arg
from .func_conv import _DN

if TYPE_CHECKING:
    from collections.abc import Sequence

    from jax import Array
    from jax.typing import ArrayLike


# Args entries that the pooling functions word alike (see `document_args`).
_KERNEL = "kernel_size (Union[int, tuple[int]]): The window size."
_STRIDE = (
    "stride (Union[int, tuple[int], None]): The window step; ``None`` means `kernel_size`.\n"
    "    Default: ``None``."
)
_CEIL = "ceil_mode (bool): Round output sizes up instead of down. Default: ``False``."
_NORM_TYPE = "norm_type (Union[int, float]): The power ``p``."
_RETURN_INDICES = "return_indices (bool): Also return where each maximum was. Default: ``False``."
# max_pool2d's and max_pool3d's window: size, step, padding, dilation
_MAX_WINDOW = (
    _KERNEL,
    _STRIDE,
    "padding (Union[int, tuple[int]]): Padding (never the maximum) on each side. Default: ``0``.",
    "dilation (Union[int, tuple[int]]): Spacing of the window's elements. Default: ``1``.",
)


def _avg_pool_args(shape: str) -> tuple[str, ...]:
    """The Args entries of avg_pool2d and avg_pool3d, whose input has shape `shape`."""
    return (
        f"input_x (Tensor): Shape {shape}.",
        "kernel_size (Union[int, tuple[int]]): The window size. Default: ``1``.",
        "stride (Union[int, tuple[int]]): The window step. Default: ``1``.",
        "padding (Union[int, tuple[int]]): Zeros added on each side. Default: ``0``.",
        _CEIL,
        "count_include_pad (bool): Count padding in each window's divisor. Default: ``True``.",
        "divisor_override (int): A divisor used for every window when non-zero. Default: ``0``.",
    )


# --------------------------------------------------------------------------- pooling
def _pool_pads(size, k, s, p, d, ceil_mode):
    """(lo, hi) padding per dim so reduce_window produces torch-style output lengths."""
    pads, outs = [], []
    for n, kk, ss, pp, dd in zip(size, k, s, p, d, strict=False):
        eff = dd * (kk - 1) + 1
        num = n + 2 * pp - eff
        out = (-(-num // ss) if ceil_mode else num // ss) + 1
        if ceil_mode and (out - 1) * ss >= n + pp:
            out -= 1
        hi = max((out - 1) * ss + eff - n - pp, pp)
        pads.append((pp, hi))
        outs.append(out)
    return pads, outs


def _avg_pool(nd, x, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override):
    x = tensor_arg(x, "input_x")
    k = int_tuple(kernel_size, nd, "kernel_size")
    s = int_tuple(stride if stride is not None else kernel_size, nd, "stride")
    p = int_tuple(padding, nd, "padding")
    # MindSpore's AvgPool kernels refuse a window that reaches past the padded input (an
    # empty output) instead of returning nothing
    for n, kk, pp in zip(x.shape[2:], k, p, strict=False):
        if n + 2 * pp < kk:
            raise RuntimeError(
                f"avg_pool{nd}d: the input with its padding, {tuple(x.shape[2:])} + 2 * {p}, "
                f"is smaller than the window {k}"
            )
    pads, _ = _pool_pads(x.shape[2:], k, s, p, (1,) * nd, ceil_mode)
    win, strides = (1, 1) + k, (1, 1) + s
    full = [(0, 0), (0, 0)] + pads
    total = jax.lax.reduce_window(x, np.zeros((), x.dtype), jax.lax.add, win, strides, full)
    if divisor_override:
        return total / divisor_override
    ones = jnp.ones((1, 1) + x.shape[2:], x.dtype)
    if count_include_pad:  # padded cells count; cells past the padding (ceil mode) do not
        ones = jnp.pad(ones, [(0, 0), (0, 0)] + [(pp, pp) for pp in p], constant_values=1)
        full = [(0, 0), (0, 0)] + [(0, hi - pp) for (_, hi), pp in zip(pads, p, strict=False)]
    cnt = jax.lax.reduce_window(ones, np.zeros((), x.dtype), jax.lax.add, win, strides, full)
    return total / cnt


def avg_pool1d(
    input_x: ArrayLike,
    kernel_size: int | Sequence[int] = 1,
    stride: int | Sequence[int] = 1,
    padding: int | Sequence[int] = 0,
    ceil_mode: bool = False,
    count_include_pad: bool = True,
) -> Array:
    """Average pooling over the last axis of an ``(N, C, L)`` tensor.

    Args:
        input_x (Tensor): Shape ``(N, C, L)``.
        kernel_size (Union[int, tuple[int]]): The window length. Default: ``1``.
        stride (Union[int, tuple[int]]): The window step. Default: ``1``.
        padding (Union[int, tuple[int]]): Zeros added at both ends. Default: ``0``.
        ceil_mode (bool): Round the output length up instead of down. Default: ``False``.
        count_include_pad (bool): Count padding in each window's divisor. Default: ``True``.

    Returns:
        Tensor of shape ``(N, C, L_out)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.avg_pool1d(ms.Tensor([[[1.0, 3.0, 5.0, 7.0]]]), 2, 2))
        [[[2. 6.]]]
    """
    return _avg_pool(1, input_x, kernel_size, stride, padding, ceil_mode, count_include_pad, 0)


@document_args(*_avg_pool_args("``(N, C, H, W)``"))
def avg_pool2d(
    input_x: ArrayLike,
    kernel_size: int | Sequence[int] = 1,
    stride: int | Sequence[int] = 1,
    padding: int | Sequence[int] = 0,
    ceil_mode: bool = False,
    count_include_pad: bool = True,
    divisor_override: int = 0,
) -> Array:
    """Average pooling over the last two axes of an ``(N, C, H, W)`` tensor.

    Args:
        {args}

    Returns:
        Tensor of shape ``(N, C, H_out, W_out)``.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor(np.arange(16.0, dtype=np.float32).reshape(1, 1, 4, 4))
        >>> print(ops.avg_pool2d(x, 2, 2))
        [[[[ 2.5  4.5]
           [10.5 12.5]]]]
    """
    return _avg_pool(
        2, input_x, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override
    )


@document_args(*_avg_pool_args("``(N, C, D, H, W)``"))
def avg_pool3d(
    input_x: ArrayLike,
    kernel_size: int | Sequence[int] = 1,
    stride: int | Sequence[int] = 1,
    padding: int | Sequence[int] = 0,
    ceil_mode: bool = False,
    count_include_pad: bool = True,
    divisor_override: int = 0,
) -> Array:
    """Average pooling over the last three axes of an ``(N, C, D, H, W)`` tensor.

    Args:
        {args}

    Returns:
        Tensor of shape ``(N, C, D_out, H_out, W_out)``.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor(np.arange(8.0, dtype=np.float32).reshape(1, 1, 2, 2, 2))
        >>> print(ops.avg_pool3d(x, 2, 2))
        [[[[[3.5]]]]]
    """
    return _avg_pool(
        3, input_x, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override
    )


def _max_pool(nd, x, kernel_size, stride, padding, dilation, return_indices, ceil_mode):
    x = tensor_arg(x, "x")
    k = int_tuple(kernel_size, nd, "kernel_size")
    s = int_tuple(stride if stride is not None else kernel_size, nd, "stride")
    p, d = int_tuple(padding, nd, "padding"), int_tuple(dilation, nd, "dilation")
    pads, outs = _pool_pads(x.shape[2:], k, s, p, d, ceil_mode)
    neg = np.asarray(
        -jnp.inf if jnp.issubdtype(x.dtype, jnp.floating) else jnp.iinfo(x.dtype).min, x.dtype
    )
    full = [(0, 0), (0, 0)] + pads
    if not return_indices:
        return jax.lax.reduce_window(
            x, neg, jax.lax.max, (1, 1) + k, (1, 1) + s, full, window_dilation=(1, 1) + d
        )
    n, c = x.shape[:2]
    low = jnp.finfo(x.dtype).min if jnp.issubdtype(x.dtype, jnp.floating) else neg
    xp = jnp.pad(x, full, constant_values=low).reshape(
        (n * c, 1) + tuple(sz + lo + hi for sz, (lo, hi) in zip(x.shape[2:], pads, strict=False))
    )
    patches = jax.lax.conv_general_dilated_patches(
        xp,
        k,
        s,
        "VALID",
        rhs_dilation=d,
        dimension_numbers=_DN[nd],
        precision=jax.lax.Precision.HIGHEST,
    )
    vals = jnp.max(patches, axis=1)
    arg = jnp.argmax(patches, axis=1)
    offs = jnp.unravel_index(arg, k)
    flat = jnp.zeros(arg.shape, jnp.int32)
    for i in range(nd):
        grid = jnp.arange(outs[i]).reshape((1,) * (i + 1) + (-1,) + (1,) * (nd - i - 1))
        coord = grid * s[i] - p[i] + offs[i] * d[i]
        flat = flat * x.shape[2 + i] + coord
    shape = (n, c) + tuple(outs)
    return vals.reshape(shape).astype(x.dtype), flat.reshape(shape)


@document_args("x (Tensor): Shape ``(N, C, H, W)``.", *_MAX_WINDOW, _RETURN_INDICES, _CEIL)
def max_pool2d(
    x: ArrayLike,
    kernel_size: int | Sequence[int],
    stride: int | Sequence[int] | None = None,
    padding: int | Sequence[int] = 0,
    dilation: int | Sequence[int] = 1,
    return_indices: bool = False,
    ceil_mode: bool = False,
) -> Array | tuple[Array, Array]:
    """Max pooling over the last two axes of an ``(N, C, H, W)`` tensor.

    Args:
        {args}

    Returns:
        Tensor of shape ``(N, C, H_out, W_out)``; with `return_indices`, a tuple adding the
        int32 flat ``H * W`` index of each maximum.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor(np.arange(16.0, dtype=np.float32).reshape(1, 1, 4, 4))
        >>> y, idx = ops.max_pool2d(x, 2, 2, return_indices=True)
        >>> print(y, idx)
        [[[[ 5.  7.]
           [13. 15.]]]] [[[[ 5  7]
           [13 15]]]]
    """
    return _max_pool(2, x, kernel_size, stride, padding, dilation, return_indices, ceil_mode)


@document_args("x (Tensor): Shape ``(N, C, D, H, W)``.", *_MAX_WINDOW, _CEIL, _RETURN_INDICES)
def max_pool3d(
    x: ArrayLike,
    kernel_size: int | Sequence[int],
    stride: int | Sequence[int] | None = None,
    padding: int | Sequence[int] = 0,
    dilation: int | Sequence[int] = 1,
    ceil_mode: bool = False,
    return_indices: bool = False,
) -> Array | tuple[Array, Array]:
    """Max pooling over the last three axes of an ``(N, C, D, H, W)`` tensor.

    Args:
        {args}

    Returns:
        Tensor of shape ``(N, C, D_out, H_out, W_out)``; with `return_indices`, a tuple adding
        the int32 flat ``D * H * W`` index of each maximum.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor(np.arange(8.0, dtype=np.float32).reshape(1, 1, 2, 2, 2))
        >>> y, idx = ops.max_pool3d(x, 2, 2, return_indices=True)
        >>> print(y, idx)
        [[[[[7.]]]]] [[[[[7]]]]]
    """
    return _max_pool(3, x, kernel_size, stride, padding, dilation, return_indices, ceil_mode)


def _lp_pool(nd, x, norm_type, kernel_size, stride, ceil_mode):
    x = tensor_arg(x, "x")
    if nd == 1 and x.ndim == 2:
        # unbatched (C, L) input pools as a batch of one
        return _lp_pool(nd, x[None], norm_type, kernel_size, stride, ceil_mode)[0]
    if x.ndim != nd + 2:
        raise ValueError(
            f"lp_pool{nd}d: `x` must be {'2-D or ' if nd == 1 else ''}{nd + 2}-D, got {x.ndim}-D"
        )
    k = int_tuple(kernel_size, nd, "kernel_size")
    s = int_tuple(stride if stride is not None else kernel_size, nd, "stride")
    pads, _ = _pool_pads(x.shape[2:], k, s, (0,) * nd, (1,) * nd, ceil_mode)
    total = jax.lax.reduce_window(
        jnp.power(x, norm_type),
        np.zeros((), x.dtype),
        jax.lax.add,
        (1, 1) + k,
        (1, 1) + s,
        [(0, 0), (0, 0)] + pads,
    )
    return jnp.sign(total) * jnp.power(jnp.abs(total), 1.0 / norm_type)


@document_args(
    "x (Tensor): Shape ``(N, C, L)`` or ``(C, L)``.",
    _NORM_TYPE,
    "kernel_size (Union[int, tuple[int]]): The window length.",
    _STRIDE,
    "ceil_mode (bool): Round the output length up instead of down. Default: ``False``.",
)
def lp_pool1d(
    x: ArrayLike,
    norm_type: float,
    kernel_size: int | Sequence[int],
    stride: int | Sequence[int] | None = None,
    ceil_mode: bool = False,
) -> Array:
    """Power-average pooling over the last axis: ``(sum of x ** p over a window) ** (1 / p)``.

    Args:
        {args}

    Returns:
        Tensor of shape ``(N, C, L_out)`` (or ``(C, L_out)``).

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.lp_pool1d(ms.Tensor([[[3.0, 4.0, 6.0, 8.0]]]), 2, 2))  # sqrt(9 + 16), ...
        [[[ 5. 10.]]]
    """
    return _lp_pool(1, x, norm_type, kernel_size, stride, ceil_mode)


@document_args("x (Tensor): Shape ``(N, C, H, W)``.", _NORM_TYPE, _KERNEL, _STRIDE, _CEIL)
def lp_pool2d(
    x: ArrayLike,
    norm_type: float,
    kernel_size: int | Sequence[int],
    stride: int | Sequence[int] | None = None,
    ceil_mode: bool = False,
) -> Array:
    """Power-average pooling over the last two axes: ``(sum of x ** p over a window) ** (1 / p)``.

    Args:
        {args}

    Returns:
        Tensor of shape ``(N, C, H_out, W_out)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> print(ops.lp_pool2d(ms.Tensor([[[[1.0, 2.0], [3.0, 4.0]]]]), 1, 2))  # the sum
        [[[[10.]]]]
    """
    return _lp_pool(2, x, norm_type, kernel_size, stride, ceil_mode)


def _max_unpool(nd, x, indices, kernel_size, stride, padding, output_size):
    x, ind = tensor_arg(x, "x"), tensor_arg(indices, "indices").astype(jnp.int32)
    k = int_tuple(kernel_size, nd, "kernel_size")
    s = int_tuple(stride if stride is not None else kernel_size, nd, "stride")
    p = int_tuple(padding, nd, "padding")
    if output_size is None:
        outs = tuple(
            (n - 1) * ss - 2 * pp + kk
            for n, ss, pp, kk in zip(x.shape[-nd:], s, p, k, strict=False)
        )
    else:
        outs = tuple(output_size)[-nd:]
    lead = x.shape[:-nd]
    flat_x = x.reshape(lead + (-1,))
    flat_i = ind.reshape(lead + (-1,))
    out = jnp.zeros(lead + (math.prod(outs),), x.dtype)
    lead_idx = jnp.indices(flat_i.shape)[:-1]
    out = out.at[tuple(lead_idx) + (flat_i,)].set(flat_x)
    return out.reshape(lead + outs)


def max_unpool1d(
    x: ArrayLike,
    indices: ArrayLike,
    kernel_size: int | Sequence[int],
    stride: int | Sequence[int] | None = None,
    padding: int | Sequence[int] = 0,
    output_size: Sequence[int] | None = None,
) -> Array:
    """The inverse of 1-D max pooling: each value of `x` placed at its index, zeros elsewhere.

    Args:
        x (Tensor): Pooled values, shape ``(N, C, L)`` or ``(C, L)``.
        indices (Tensor): Their positions in the unpooled axis, of `x`'s shape.
        kernel_size (Union[int, tuple[int]]): The pooling window length.
        stride (Union[int, tuple[int], None]): The pooling step; ``None`` means
            `kernel_size`. Default: ``None``.
        padding (Union[int, tuple[int]]): The pooling padding. Default: ``0``.
        output_size (tuple[int], optional): The output shape; by default
            ``(L - 1) * stride - 2 * padding + kernel_size``. Default: ``None``.

    Returns:
        Tensor with the unpooled last axis.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x, idx = ms.Tensor([[[5.0, 7.0]]]), ms.Tensor([[[1, 2]]], ms.int64)
        >>> print(ops.max_unpool1d(x, idx, 2))
        [[[0. 5. 7. 0.]]]
    """
    return _max_unpool(1, x, indices, kernel_size, stride, padding, output_size)


def max_unpool2d(
    x: ArrayLike,
    indices: ArrayLike,
    kernel_size: int | Sequence[int],
    stride: int | Sequence[int] | None = None,
    padding: int | Sequence[int] = 0,
    output_size: Sequence[int] | None = None,
) -> Array:
    """The inverse of 2-D max pooling: each value of `x` placed at its flat ``H * W`` index,
    zeros elsewhere.

    Args:
        x (Tensor): Pooled values, shape ``(N, C, H, W)`` or ``(C, H, W)``.
        indices (Tensor): Their flat positions in the unpooled plane, of `x`'s shape.
        kernel_size (Union[int, tuple[int]]): The pooling window size.
        stride (Union[int, tuple[int], None]): The pooling step; ``None`` means
            `kernel_size`. Default: ``None``.
        padding (Union[int, tuple[int]]): The pooling padding. Default: ``0``.
        output_size (tuple[int], optional): The output shape; by default
            ``(H - 1) * stride - 2 * padding + kernel_size`` per axis. Default: ``None``.

    Returns:
        Tensor with the unpooled last two axes.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor(np.arange(16.0, dtype=np.float32).reshape(1, 1, 4, 4))
        >>> y, idx = ops.max_pool2d(x, 2, 2, return_indices=True)
        >>> print(ops.max_unpool2d(y, idx, 2))
        [[[[ 0.  0.  0.  0.]
           [ 0.  5.  0.  7.]
           [ 0.  0.  0.  0.]
           [ 0. 13.  0. 15.]]]]
    """
    return _max_unpool(2, x, indices, kernel_size, stride, padding, output_size)


def max_unpool3d(
    x: ArrayLike,
    indices: ArrayLike,
    kernel_size: int | Sequence[int],
    stride: int | Sequence[int] | None = None,
    padding: int | Sequence[int] = 0,
    output_size: Sequence[int] | None = None,
) -> Array:
    """The inverse of 3-D max pooling: each value of `x` placed at its flat ``D * H * W``
    index, zeros elsewhere.

    Args:
        x (Tensor): Pooled values, shape ``(N, C, D, H, W)`` or ``(C, D, H, W)``.
        indices (Tensor): Their flat positions in the unpooled volume, of `x`'s shape.
        kernel_size (Union[int, tuple[int]]): The pooling window size.
        stride (Union[int, tuple[int], None]): The pooling step; ``None`` means
            `kernel_size`. Default: ``None``.
        padding (Union[int, tuple[int]]): The pooling padding. Default: ``0``.
        output_size (tuple[int], optional): The output shape; by default
            ``(D - 1) * stride - 2 * padding + kernel_size`` per axis. Default: ``None``.

    Returns:
        Tensor with the unpooled last three axes.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> y, idx = ms.Tensor([[[[[7.0]]]]]), ms.Tensor([[[[[6]]]]], ms.int64)
        >>> print(ops.max_unpool3d(y, idx, 2).reshape(-1))
        [0. 0. 0. 0. 0. 0. 7. 0.]
    """
    return _max_unpool(3, x, indices, kernel_size, stride, padding, output_size)


__all__ = [
    "avg_pool1d",
    "avg_pool2d",
    "avg_pool3d",
    "max_pool2d",
    "max_pool3d",
    "lp_pool1d",
    "lp_pool2d",
    "max_unpool1d",
    "max_unpool2d",
    "max_unpool3d",
]
