"""mint.nn.functional's convolutions and the poolings written for torch's defaults (``stride``
defaulting to ``kernel_size``, 'same'/'valid' padding, a 1-D adaptive max pool).

They take and return arrays; `msfunc.mint.nn.functional` publishes them with Tensors in and
out (and ``Tensor`` in the place of the array types in their signatures).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp

from ... import ops

if TYPE_CHECKING:
    from jax import Array
    from jax.typing import ArrayLike

__all__ = [
    "adaptive_max_pool1d",
    "avg_pool1d",
    "avg_pool2d",
    "avg_pool3d",
    "conv1d",
    "conv2d",
    "conv3d",
]


def _pair(value: int | tuple[int, ...], n: int) -> tuple[int, ...]:
    return (value,) * n if isinstance(value, int) else tuple(value)


def _conv(
    input: ArrayLike,
    weight: ArrayLike,
    bias: ArrayLike | None,
    stride: int | tuple[int, ...],
    padding: int | tuple[int, ...] | str,
    dilation: int | tuple[int, ...],
    groups: int,
    n: int,
) -> Array:
    x, w = jnp.asarray(input), jnp.asarray(weight)
    if isinstance(padding, str):
        pad = padding.upper()
    else:
        pad = [(p, p) for p in _pair(padding, n)]
    spatial = "DHW"[-n:]
    out = jax.lax.conv_general_dilated(
        x,
        w.astype(x.dtype),
        _pair(stride, n),
        pad,
        rhs_dilation=_pair(dilation, n),
        feature_group_count=groups,
        dimension_numbers=(f"NC{spatial}", f"OI{spatial}", f"NC{spatial}"),
    )
    if bias is not None:
        out = out + jnp.asarray(bias).reshape((1, -1) + (1,) * n)
    return out


_CONV_ARGS = """\
    Args:
        input (Tensor): The input, (N, C_in, {dims}).
        weight (Tensor): The kernel, (C_out, C_in / groups, {kdims}).
        bias (Tensor | None): The bias, (C_out,). Default: ``None``.
        stride (int | tuple[int, ...]): The step of the kernel per spatial dim. Default: ``1``.
        padding (int | tuple[int, ...] | str): Zeros added on both sides of each spatial dim,
            or ``'same'`` (the output keeps the input's size) or ``'valid'`` (none). Default:
            ``0``.
        dilation (int | tuple[int, ...]): The spacing between kernel elements. Default: ``1``.
        groups (int): The number of groups the channels are split into; both channel counts
            divide by it. Default: ``1``.

    Returns:
        Tensor, (N, C_out, {dims_out}).

"""


def conv1d(
    input: ArrayLike,
    weight: ArrayLike,
    bias: ArrayLike | None = None,
    stride: int | tuple[int, ...] = 1,
    padding: int | tuple[int, ...] | str = 0,
    dilation: int | tuple[int, ...] = 1,
    groups: int = 1,
) -> Array:
    """1-D convolution (cross-correlation, as torch's) of (N, C_in, L) input.

    {args}
    Example:
        >>> import jax.numpy as jnp
        >>> conv1d(jnp.ones((1, 1, 4)), jnp.ones((1, 1, 2))).tolist()
        [[[2.0, 2.0, 2.0]]]
    """
    return _conv(input, weight, bias, stride, padding, dilation, groups, 1)


def conv2d(
    input: ArrayLike,
    weight: ArrayLike,
    bias: ArrayLike | None = None,
    stride: int | tuple[int, ...] = 1,
    padding: int | tuple[int, ...] | str = 0,
    dilation: int | tuple[int, ...] = 1,
    groups: int = 1,
) -> Array:
    """2-D convolution (cross-correlation, as torch's) of (N, C_in, H, W) input.

    {args}
    Example:
        >>> import jax.numpy as jnp
        >>> conv2d(jnp.ones((1, 1, 3, 3)), jnp.ones((2, 1, 2, 2)), padding=1).shape
        (1, 2, 4, 4)
    """
    return _conv(input, weight, bias, stride, padding, dilation, groups, 2)


def conv3d(
    input: ArrayLike,
    weight: ArrayLike,
    bias: ArrayLike | None = None,
    stride: int | tuple[int, ...] = 1,
    padding: int | tuple[int, ...] | str = 0,
    dilation: int | tuple[int, ...] = 1,
    groups: int = 1,
) -> Array:
    """3-D convolution (cross-correlation, as torch's) of (N, C_in, D, H, W) input.

    {args}
    Example:
        >>> import jax.numpy as jnp
        >>> conv3d(jnp.ones((1, 1, 2, 2, 2)), jnp.ones((1, 1, 2, 2, 2))).tolist()
        [[[[[8.0]]]]]
    """
    return _conv(input, weight, bias, stride, padding, dilation, groups, 3)


for _conv_fn, _dims in ((conv1d, "L"), (conv2d, "H, W"), (conv3d, "D, H, W")):
    _kdims = ", ".join(f"k{d}" for d in _dims.split(", "))
    _out = ", ".join(f"{d}_out" for d in _dims.split(", "))
    _conv_fn.__doc__ = (_conv_fn.__doc__ or "").replace(
        "    {args}\n", _CONV_ARGS.format(dims=_dims, kdims=_kdims, dims_out=_out)
    )

_POOL_ARGS = """\
    Args:
        input (Tensor): The input, (N, C, {dims}) or (C, {dims}).
        kernel_size (int | tuple[int, ...]): The size of the window.
        stride (int | tuple[int, ...] | None): The step of the window; ``None`` makes it
            `kernel_size`. Default: ``None``.
        padding (int | tuple[int, ...]): Zeros added on both sides of each spatial dim.
            Default: ``0``.
        ceil_mode (bool): Whether output sizes round up (``True``) or down. Default: ``False``.
        count_include_pad (bool): Whether padded zeros count in each average's divisor.
            Default: ``True``.
"""
_DIVISOR = """\
        divisor_override (int | None): A divisor used for every window instead of its size.
            Default: ``None``.
"""
_POOLED = """
    Returns:
        Tensor, the spatial dims pooled.

"""


def avg_pool1d(
    input: ArrayLike,
    kernel_size: int | tuple[int, ...],
    stride: int | tuple[int, ...] | None = None,
    padding: int | tuple[int, ...] = 0,
    ceil_mode: bool = False,
    count_include_pad: bool = True,
) -> Array:
    """1-D average pooling of (N, C, L) input.

    {args}
    Example:
        >>> import jax.numpy as jnp
        >>> avg_pool1d(jnp.arange(6.0).reshape(1, 1, 6), 2).tolist()
        [[[0.5, 2.5, 4.5]]]
    """
    return _avg_pool(1, input, kernel_size, stride, padding, ceil_mode, count_include_pad)


def avg_pool2d(
    input: ArrayLike,
    kernel_size: int | tuple[int, ...],
    stride: int | tuple[int, ...] | None = None,
    padding: int | tuple[int, ...] = 0,
    ceil_mode: bool = False,
    count_include_pad: bool = True,
    divisor_override: int | None = None,
) -> Array:
    """2-D average pooling of (N, C, H, W) input.

    {args}
    Example:
        >>> import jax.numpy as jnp
        >>> avg_pool2d(jnp.arange(16.0).reshape(1, 1, 4, 4), 2).tolist()
        [[[[2.5, 4.5], [10.5, 12.5]]]]
    """
    return _avg_pool(
        2, input, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override
    )


def avg_pool3d(
    input: ArrayLike,
    kernel_size: int | tuple[int, ...],
    stride: int | tuple[int, ...] | None = None,
    padding: int | tuple[int, ...] = 0,
    ceil_mode: bool = False,
    count_include_pad: bool = True,
    divisor_override: int | None = None,
) -> Array:
    """3-D average pooling of (N, C, D, H, W) input.

    {args}
    Example:
        >>> import jax.numpy as jnp
        >>> avg_pool3d(jnp.ones((1, 1, 2, 2, 2)), 2).shape
        (1, 1, 1, 1, 1)
    """
    return _avg_pool(
        3, input, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override
    )


for _pool, _dims, _extra in (
    (avg_pool1d, "L", ""),
    (avg_pool2d, "H, W", _DIVISOR),
    (avg_pool3d, "D, H, W", _DIVISOR),
):
    _pool.__doc__ = (_pool.__doc__ or "").replace(
        "    {args}\n", _POOL_ARGS.format(dims=_dims) + _extra + _POOLED
    )


def _avg_pool(
    n: int,
    input: ArrayLike,
    kernel_size: int | tuple[int, ...],
    stride: int | tuple[int, ...] | None,
    padding: int | tuple[int, ...],
    ceil_mode: bool,
    count_include_pad: bool,
    divisor_override: int | None = None,
) -> Array:
    pool = {1: ops.avg_pool1d, 2: ops.avg_pool2d, 3: ops.avg_pool3d}[n]
    # mint checks the output size itself (ValueError) before the kernel would refuse it
    shape = jnp.shape(input)[-n:]
    pads = (padding,) * n if isinstance(padding, int) else tuple(padding)
    kernel = (kernel_size,) * n if isinstance(kernel_size, int) else tuple(kernel_size)
    if (
        len(pads) == n
        and len(kernel) == n
        and any(size + 2 * p < k for size, p, k in zip(shape, pads, kernel))
    ):
        raise ValueError(
            f"avg_pool{n}d: the input's size {tuple(shape)} with padding {pads} leaves no "
            f"output for kernel_size {kernel}"
        )
    extra = () if n == 1 else (divisor_override or 0,)
    return pool(
        input,
        kernel_size,
        kernel_size if stride is None else stride,
        padding,
        ceil_mode,
        count_include_pad,
        *extra,
    )


def adaptive_max_pool1d(
    input: ArrayLike, output_size: int, return_indices: bool = False
) -> Array | tuple[Array, Array]:
    """1-D adaptive max pooling of (N, C, L) or (C, L): the maximum of each of `output_size`
    windows spread over L.

    Args:
        input (Tensor): The input, (N, C, L) or (C, L).
        output_size (int): The number of windows (the output length).
        return_indices (bool): Whether each maximum's index along L is returned too.
            Default: ``False``.

    Returns:
        Tensor | tuple[Tensor, Tensor], the maxima, and their indices when `return_indices`.

    Example:
        >>> import jax.numpy as jnp
        >>> values, where = adaptive_max_pool1d(jnp.array([[[1.0, 5.0, 2.0, 4.0, 3.0]]]), 2,
        ...                                     return_indices=True)
        >>> values.tolist(), where.tolist()
        ([[[5.0, 4.0]]], [[[1, 3]]])
    """
    # a height-1 image: the flat H*W index of the 2-D op is then the index along L
    out = ops.adaptive_max_pool2d(
        jnp.expand_dims(jnp.asarray(input), -2), (1, output_size), return_indices
    )
    if return_indices:
        values, indices = out
        return jnp.squeeze(jnp.asarray(values), -2), jnp.squeeze(jnp.asarray(indices), -2)
    return jnp.squeeze(jnp.asarray(out), -2)
