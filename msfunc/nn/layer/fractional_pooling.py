"""FractionalMaxPool2d/3d: max pooling to an output size that need not divide the input."""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax.numpy as jnp

from ... import ops
from ...common.arg_docs import document_args
from ...common.tensor import unwrap
from ..cell import Cell

if TYPE_CHECKING:
    from ...common.tensor import Tensor

__all__ = ["FractionalMaxPool2d", "FractionalMaxPool3d"]


def _positive_ints(value, nd, name, who):
    if isinstance(value, int) and not isinstance(value, bool):
        value = (value,) * nd
    if not isinstance(value, (tuple, list)) or any(
        isinstance(v, bool) or not isinstance(v, int) for v in value
    ):
        raise TypeError(f"{who}: `{name}` must be an int or a tuple of ints, got {value!r}")
    if len(value) != nd or any(v < 1 for v in value):
        raise ValueError(
            f"{who}: `{name}` must be a positive int or a tuple of {nd} positive "
            f"ints, got {value!r}"
        )
    return tuple(value)


def _ratios(value, nd, who):
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        value = (value,) * nd
    if not isinstance(value, (tuple, list)) or any(
        isinstance(v, bool) or not isinstance(v, (int, float)) for v in value
    ):
        raise TypeError(
            f"{who}: `output_ratio` must be a float or a tuple of floats, got {value!r}"
        )
    if len(value) != nd or not all(0.0 < v < 1.0 for v in value):
        raise ValueError(
            f"{who}: `output_ratio` must be a float or a tuple of {nd} floats in "
            f"(0, 1), got {value!r}"
        )
    return tuple(float(v) for v in value)


class _FractionalMaxPool(Cell):
    """Argument checks shared by the 2-D and 3-D layers (all made at construction)."""

    _nd = 2

    def __init__(
        self,
        kernel_size: int | tuple[int, ...],
        output_size: int | tuple[int, ...] | None = None,
        output_ratio: float | tuple[float, ...] | None = None,
        return_indices: bool = False,
        _random_samples: Tensor | None = None,
    ):
        super().__init__()
        who, nd = type(self).__name__, self._nd
        self.kernel_size = _positive_ints(kernel_size, nd, "kernel_size", who)
        if output_size is None and output_ratio is None:
            raise ValueError(f"{who}: give `output_size` or `output_ratio`")
        # output_size wins when both are given
        self.output_size = (
            None if output_size is None else _positive_ints(output_size, nd, "output_size", who)
        )
        self.output_ratio = (
            None
            if output_ratio is None or output_size is not None
            else _ratios(output_ratio, nd, who)
        )
        if not isinstance(return_indices, bool):
            raise TypeError(
                f"{who}: `return_indices` must be a bool, got {type(return_indices).__name__}"
            )
        self.return_indices = return_indices
        samples = None if _random_samples is None else jnp.asarray(unwrap(_random_samples))
        if samples is not None and (samples.ndim != 3 or samples.shape[-1] != nd):
            raise ValueError(
                f"{who}: `_random_samples` must have shape (N, C, {nd}) or "
                f"(1, C, {nd}), got {samples.shape}"
            )
        self._random_samples = samples

    def extend_repr(self):
        return (
            f"kernel_size={self.kernel_size}, output_size={self.output_size}, "
            f"output_ratio={self.output_ratio}, return_indices={self.return_indices}"
        )

    def construct(self, input):
        who, nd = type(self).__name__, self._nd
        x = jnp.asarray(unwrap(input))
        if x.ndim not in (nd + 1, nd + 2):
            raise TypeError(f"{who}: input must be {nd + 1}-D or {nd + 2}-D, got {x.ndim}-D")
        if not jnp.issubdtype(x.dtype, jnp.floating):
            raise TypeError(f"{who}: input must be a float tensor, got {x.dtype}")
        outs = self.output_size or tuple(
            int(n * r) for n, r in zip(x.shape[-nd:], self.output_ratio, strict=True)
        )
        if any(k > n for k, n in zip(self.kernel_size, x.shape[-nd:], strict=True)) or any(
            o + k - 1 > n for o, k, n in zip(outs, self.kernel_size, x.shape[-nd:], strict=True)
        ):
            raise ValueError(
                f"{who}: output size {outs} with kernel_size {self.kernel_size} "
                f"does not fit the input's spatial size {x.shape[-nd:]}"
            )
        samples = self._random_samples
        if samples is not None:
            lead = x.shape[:-nd] if x.ndim == nd + 2 else (1,) + x.shape[:1]
            if samples.shape[1] != lead[1] or samples.shape[0] not in (1, lead[0]):
                raise ValueError(
                    f"{who}: `_random_samples` must have shape {lead + (nd,)} or "
                    f"{(1, lead[1], nd)}, got {samples.shape}"
                )
            samples = jnp.broadcast_to(samples.astype(x.dtype), lead + (nd,))
            if x.ndim == nd + 1:
                samples = samples[0]
        fn = ops.fractional_max_pool2d if nd == 2 else ops.fractional_max_pool3d
        return fn(x, self.kernel_size, outs, None, self.return_indices, samples)


def _fractional_args(nd):
    """The Args table of the `nd`-D fractional max pool (`_random_samples` holds nd values
    per channel)."""
    return f"""
kernel_size (Union[int, tuple[int]]): The pooling window, one int or one per dim.
output_size (Union[int, tuple[int], None]): The output's spatial size; wins over
    `output_ratio`. Default: ``None``.
output_ratio (Union[float, tuple[float], None]): The output's size as a fraction of
    the input's, in (0, 1). Default: ``None``.
return_indices (bool): Also return the flat index of each maximum. Default: ``False``.
_random_samples (Union[Tensor, None]): Values in [0, 1) that place the windows,
    (N, C, {nd}); ``None`` draws them. Default: ``None``.
"""


@document_args(_fractional_args(2))
class FractionalMaxPool2d(_FractionalMaxPool):
    """Fractional max pooling (Graham, 2014) over the last two dims of NCHW or CHW input.

    Window starts are spread pseudo-randomly, driven by `_random_samples` in [0, 1) of
    shape (N, C, 2) (drawn from the global seed when None); the output size is
    `output_size` or ``int(input size * output_ratio)``. With `return_indices` the flat
    (H*W) index of each maximum comes too.

    Args:
        {args}

    Inputs:
        x (Tensor): (N, C, H, W) or (C, H, W).

    Outputs:
        Tensor of the pooled values; with `return_indices`, a tuple (values, int64 indices).

    Example:
        >>> import msfunc as ms
        >>> x = ms.numpy.arange(16.0).reshape(1, 1, 4, 4)
        >>> pool = ms.nn.FractionalMaxPool2d(2, output_size=2,
        ...                                  _random_samples=ms.numpy.zeros((1, 1, 2)))
        >>> pool(x).tolist()
        [[[[5.0, 7.0], [13.0, 15.0]]]]
    """


@document_args(_fractional_args(3))
class FractionalMaxPool3d(_FractionalMaxPool):
    """Fractional max pooling over the last three dims of NCDHW or CDHW input;
    `_random_samples` has shape (N, C, 3).

    Args:
        {args}

    Inputs:
        x (Tensor): (N, C, D, H, W) or (C, D, H, W).

    Outputs:
        Tensor of the pooled values; with `return_indices`, a tuple (values, int64 indices).

    Example:
        >>> import msfunc as ms
        >>> x = ms.ops.arange(64.0).reshape(1, 1, 4, 4, 4)
        >>> pool = ms.nn.FractionalMaxPool3d(2, output_size=(2, 2, 2))  # random window starts
        >>> y = pool(x)
        >>> y.shape, float(y.max())  # the last window holds the largest value
        ((1, 1, 2, 2, 2), 63.0)
    """

    _nd = 3
