"""MaxUnpool1d/2d/3d: scatter pooled maxima back to the positions their indices name."""

from __future__ import annotations

import jax.numpy as jnp

from ... import ops
from ...common.arg_docs import document_args
from ...common.args import is_concrete
from ...common.tensor import unwrap
from ..cell import Cell

__all__ = ["MaxUnpool1d", "MaxUnpool2d", "MaxUnpool3d"]


def _size_tuple(value, nd, name, who, minimum):
    """An int or a tuple of `nd` ints (each >= `minimum`) as an `nd`-tuple."""
    if isinstance(value, int) and not isinstance(value, bool):
        value = (value,) * nd
    if not isinstance(value, tuple) or any(
        isinstance(v, bool) or not isinstance(v, int) for v in value
    ):
        raise TypeError(f"{who}: `{name}` must be an int or a tuple of ints, got {value!r}")
    if len(value) != nd or any(v < minimum for v in value):
        raise ValueError(
            f"{who}: `{name}` must be an int or a tuple of {nd} ints >= {minimum}, got {value!r}"
        )
    return value


class _MaxUnpool(Cell):
    """Checks shared by the unpool layers; stride None or 0 means stride = kernel_size."""

    _nd = 2

    def __init__(
        self,
        kernel_size: int | tuple[int, ...],
        stride: int | tuple[int, ...] | None = None,
        padding: int | tuple[int, ...] = 0,
    ):
        super().__init__()
        who, nd = type(self).__name__, self._nd
        self.kernel_size = _size_tuple(kernel_size, nd, "kernel_size", who, 1)
        if stride is None or stride == 0 or stride == (0,) * nd:
            stride = self.kernel_size
        self.stride = _size_tuple(stride, nd, "stride", who, 1)
        self.padding = _size_tuple(padding, nd, "padding", who, 0)

    def extend_repr(self):
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"

    def _spatial_size(self, x, output_size):
        """The output's spatial sizes: computed, or `output_size` checked against them."""
        who, nd = type(self).__name__, self._nd
        default = tuple(
            (n - 1) * s - 2 * p + k
            for n, s, p, k in zip(
                x.shape[-nd:], self.stride, self.padding, self.kernel_size, strict=True
            )
        )
        if output_size is None:
            return default
        if not isinstance(output_size, tuple):
            raise ValueError(
                f"{who}: `output_size` must be a tuple, got {type(output_size).__name__}"
            )
        if len(output_size) not in (nd, nd + 1, nd + 2):
            raise ValueError(
                f"{who}: `output_size` must have {nd}, {nd + 1} or {nd + 2} entries, "
                f"got {output_size!r}"
            )
        wanted = tuple(output_size[-nd:])
        for size, base, s in zip(wanted, default, self.stride, strict=True):
            # within one stride of the computed size, as a max pool of that input could give
            if not base - s < size < base + s:
                raise ValueError(
                    f"{who}: `output_size` {output_size!r} must lie strictly "
                    f"between {tuple(d - s for d, s in zip(default, self.stride))}"
                    f" and {tuple(d + s for d, s in zip(default, self.stride))}"
                )
        return wanted

    def construct(self, x, indices, output_size=None):
        who, nd = type(self).__name__, self._nd
        x, indices = jnp.asarray(unwrap(x)), jnp.asarray(unwrap(indices))
        if x.ndim not in (nd + 1, nd + 2):
            raise ValueError(f"{who}: `x` must be {nd + 1}-D or {nd + 2}-D, got {x.ndim}-D")
        if indices.dtype not in (jnp.int32, jnp.int64):
            raise TypeError(f"{who}: `indices` must be int32 or int64, got {indices.dtype}")
        if indices.shape != x.shape:
            raise ValueError(
                f"{who}: `indices` must have the shape of `x` {x.shape}, got {indices.shape}"
            )
        sizes = self._spatial_size(x, output_size)
        if is_concrete(indices) and indices.size:
            # out-of-range indices would be dropped silently by the scatter
            lo, hi, limit = (
                int(indices.min()),
                int(indices.max()),
                int(jnp.prod(jnp.asarray(sizes))),
            )
            if lo < 0 or hi >= limit:
                raise ValueError(
                    f"{who}: `indices` must lie in [0, {limit}) for an output of "
                    f"spatial size {sizes}, got values in [{lo}, {hi}]"
                )
        fn = (ops.max_unpool1d, ops.max_unpool2d, ops.max_unpool3d)[nd - 1]
        return fn(x, indices, self.kernel_size, self.stride, self.padding, sizes)


# The Args of the three unpooling layers: the pooling's own arguments.
_UNPOOL_ARGS = """
kernel_size (Union[int, tuple[int]]): The pooling window's size.
stride (Union[int, tuple[int], None]): The pooling step; ``None`` or 0 is `kernel_size`.
    Default: ``None``.
padding (Union[int, tuple[int]]): The pooling's padding of each side. Default: ``0``.
"""


@document_args(_UNPOOL_ARGS)
class MaxUnpool1d(_MaxUnpool):
    """Inverse of MaxPool1d with indices on (N, C, L) or (C, L): each value goes to the flat
    position its index names; all other outputs are zero.

    Args:
        {args}

    Inputs:
        x (Tensor): The pooled values, (N, C, L) or (C, L).
        indices (Tensor): Integer, `x`'s shape: where each value goes, flat over the spatial dims.
        output_size (Union[tuple[int], None]): The output's size; ``None`` computes it from the
            arguments. Default: ``None``.

    Outputs:
        Tensor of `x`'s dtype, zero but at the indexed positions.

    Example:
        >>> import msfunc as ms
        >>> x, idx = ms.Tensor([[2.0, 4.0]]), ms.Tensor([[1, 2]], ms.int64)
        >>> ms.nn.MaxUnpool1d(2)(x, idx).tolist()
        [[0.0, 2.0, 4.0, 0.0]]
    """

    _nd = 1


@document_args(_UNPOOL_ARGS)
class MaxUnpool2d(_MaxUnpool):
    """Inverse of MaxPool2d with indices (flat over H*W) on (N, C, H, W) or (C, H, W).

    Args:
        {args}

    Inputs:
        x (Tensor): The pooled values, (N, C, H, W) or (C, H, W).
        indices (Tensor): Integer, `x`'s shape: where each value goes, flat over the spatial dims.
        output_size (Union[tuple[int], None]): The output's size; ``None`` computes it from the
            arguments. Default: ``None``.

    Outputs:
        Tensor of `x`'s dtype, zero but at the indexed positions.

    Example:
        >>> import msfunc as ms
        >>> x, idx = ms.Tensor([[[[5.0]]]]), ms.Tensor([[[[3]]]], ms.int64)
        >>> ms.nn.MaxUnpool2d(2)(x, idx).tolist()
        [[[[0.0, 0.0], [0.0, 5.0]]]]
    """


@document_args(_UNPOOL_ARGS)
class MaxUnpool3d(_MaxUnpool):
    """Inverse of MaxPool3d with indices (flat over D*H*W) on 5-D or 4-D input.

    Args:
        {args}

    Inputs:
        x (Tensor): The pooled values, (N, C, D, H, W) or (C, D, H, W).
        indices (Tensor): Integer, `x`'s shape: where each value goes, flat over the spatial dims.
        output_size (Union[tuple[int], None]): The output's size; ``None`` computes it from the
            arguments. Default: ``None``.

    Outputs:
        Tensor of `x`'s dtype, zero but at the indexed positions.

    Example:
        >>> import msfunc as ms
        >>> x = ms.ops.arange(8.0).reshape(1, 1, 2, 2, 2)
        >>> y, idx = ms.ops.max_pool3d(x, 2, 2, return_indices=True)
        >>> ms.nn.MaxUnpool3d(2)(y, idx).reshape(-1).tolist()  # the max back at its place
        [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 7.0]
    """

    _nd = 3
