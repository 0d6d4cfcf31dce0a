"""Histograms: counts over bins in one, two and many dimensions.

Counts are int32 when there are no weights and `density` is False (NumPy's rule;
MindSpore returns float32 counts); otherwise float.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax.numpy as jnp
import numpy as np

from ..common.arg_docs import document_args
from ..common.args import array_like, to_float

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    from jax import Array
    from jax.typing import ArrayLike

__all__ = [
    "histogram",
    "histogram2d",
    "histogram_bin_edges",
    "histogramdd",
]


def _counts(hist, weights, density):
    if weights is None and not density:
        return hist.astype(jnp.int32)
    return hist


def _bins(bins):
    # A count stays an int; edges given as a list or tuple become an array.
    return bins if isinstance(bins, int) else jnp.asarray(bins)


def _bins_per_axis(bins):
    # For 2-D and N-D histograms: a list mixing counts and edge lists gives one entry per axis.
    if isinstance(bins, (list, tuple)) and any(
        np.ndim(b) > 0 or isinstance(b, (list, tuple)) for b in bins
    ):
        return [b if isinstance(b, int) else jnp.asarray(b) for b in bins]
    return _bins(bins)


# the first Args entries of histogram and histogram_bin_edges (see `document_args`)
_DATA_BINS_RANGE = (
    "a (Tensor): Input data, flattened.",
    "bins (Union[int, Tensor, list]): Number of equal-width bins, or the monotonic edges.\n"
    "    Default: ``10``.",
    "range (Union[tuple[float, float], None]): Lower and upper range of the bins; ``None``\n"
    "    takes the data's minimum and maximum. Default: ``None``.",
)


@document_args(
    *_DATA_BINS_RANGE,
    "weights (Union[Tensor, None]): Weights of `a`'s elements (unused for the edges, kept\n"
    "    for numpy's signature). Default: ``None``.",
)
def histogram_bin_edges(
    a: ArrayLike,
    bins: int | ArrayLike = 10,
    range: tuple[float, float] | None = None,  # noqa: A002
    weights: ArrayLike | None = None,
) -> Array:
    """The edges of the bins `histogram` would use.

    Args:
        {args}

    Returns:
        Tensor of floats, the ``bins + 1`` edges.

    Example:
        >>> import msfunc.numpy as mnp
        >>> print(mnp.histogram_bin_edges(mnp.array([0.0, 1.0]), bins=2))
        [0.  0.5 1. ]
    """
    return jnp.histogram_bin_edges(to_float(array_like(a)), _bins(bins), range, array_like(weights))


@document_args(
    *_DATA_BINS_RANGE,
    "weights (Union[Tensor, None]): A weight per element of `a`, summed instead of counting.\n"
    "    Default: ``None``.",
    "density (bool): Normalise so that the histogram integrates to 1. Default: ``False``.",
)
def histogram(
    a: ArrayLike,
    bins: int | ArrayLike = 10,
    range: tuple[float, float] | None = None,  # noqa: A002
    weights: ArrayLike | None = None,
    density: bool = False,
) -> tuple[Array, Array]:
    """Counts of `a` in `bins` (an int or monotonic edges), and the bin edges.

    Args:
        {args}

    Returns:
        tuple[Tensor, Tensor], the counts (int32 without weights or density, else float) and
        the ``bins + 1`` edges.

    Example:
        >>> import msfunc.numpy as mnp
        >>> hist, edges = mnp.histogram(mnp.array([0.0, 0.2, 1.0]), bins=2)
        >>> print(hist, edges)
        [2 1] [0.  0.5 1. ]
        >>> mnp.histogram(mnp.array([0.0, 0.2, 1.0]), bins=[0, 0.5, 1])[0].tolist()
        [2, 1]
    """
    hist, edges = jnp.histogram(
        to_float(array_like(a)), _bins(bins), range, array_like(weights), density
    )
    return _counts(hist, weights, density), edges


def histogram2d(
    x: ArrayLike,
    y: ArrayLike,
    bins: int | ArrayLike | Sequence[int | ArrayLike] = 10,
    range: Sequence[Any] | None = None,  # noqa: A002
    weights: ArrayLike | None = None,
    density: bool = False,
) -> tuple[Array, Array, Array]:
    """2-D histogram of points ``(x[i], y[i])``: counts and the edges along x and y.

    Args:
        x (Tensor): 1-D x coordinates of the points.
        y (Tensor): 1-D y coordinates, of `x`'s length.
        bins (Union[int, Tensor, list]): Bin count or edges for both axes, or a pair of
            them, one per axis. Default: ``10``.
        range (Union[list, Tensor, None]): ``[[xmin, xmax], [ymin, ymax]]``; ``None`` takes
            the data's extent. Default: ``None``.
        weights (Union[Tensor, None]): A weight per point. Default: ``None``.
        density (bool): Normalise so that the histogram integrates to 1. Default: ``False``.

    Returns:
        tuple[Tensor, Tensor, Tensor], the 2-D counts, the x edges and the y edges.

    Example:
        >>> import msfunc.numpy as mnp
        >>> h, ex, ey = mnp.histogram2d(mnp.array([0.0, 1.0]), mnp.array([0.0, 1.0]), bins=2)
        >>> print(h)
        [[1 0]
         [0 1]]
    """
    hist, ex, ey = jnp.histogram2d(
        to_float(array_like(x)),
        to_float(array_like(y)),
        _bins_per_axis(bins),
        range,
        array_like(weights),
        density,
    )
    return _counts(hist, weights, density), ex, ey


def histogramdd(
    sample: ArrayLike | Sequence[ArrayLike],
    bins: int | ArrayLike | Sequence[int | ArrayLike] = 10,
    range: Sequence[Any] | None = None,  # noqa: A002
    weights: ArrayLike | None = None,
    density: bool = False,
) -> tuple[Array, list[Array]]:
    """N-D histogram of the rows of `sample` (shape (N, D)): counts and a list of edges.

    Args:
        sample (Union[Tensor, list[Tensor]]): The points, one per row, or a list of D
            coordinate arrays.
        bins (Union[int, Tensor, list]): Bin count or edges for every axis, or one per axis.
            Default: ``10``.
        range (Union[list, Tensor, None]): A ``(min, max)`` pair per axis; ``None`` takes the
            data's extent. Default: ``None``.
        weights (Union[Tensor, None]): A weight per point. Default: ``None``.
        density (bool): Normalise so that the histogram integrates to 1. Default: ``False``.

    Returns:
        tuple[Tensor, list[Tensor]], the D-dimensional counts and the edges of each axis.

    Example:
        >>> import msfunc.numpy as mnp
        >>> h, edges = mnp.histogramdd(mnp.array([[0.0, 0.0], [1.0, 1.0]]), bins=2)
        >>> h.tolist(), len(edges)
        ([[1, 0], [0, 1]], 2)
    """
    if isinstance(sample, (list, tuple)):
        sample = jnp.stack([to_float(s) for s in sample], axis=-1)
    hist, edges = jnp.histogramdd(
        to_float(sample), _bins_per_axis(bins), range, array_like(weights), density
    )
    return _counts(hist, weights, density), list(edges)
