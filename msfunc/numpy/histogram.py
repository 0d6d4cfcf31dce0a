"""Histograms: counts over bins in one, two and many dimensions.

Counts are int32 when there are no weights and `density` is False (NumPy's rule;
MindSpore returns float32 counts); otherwise float.
"""

import jax.numpy as jnp
import numpy as np

from ..common.args import array_like, to_float

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


def histogram_bin_edges(a, bins=10, range=None, weights=None):  # noqa: A002
    """The edges of the bins `histogram` would use.

    Example:
        >>> import msfunc.numpy as mnp
        >>> mnp.histogram_bin_edges(mnp.array([0.0, 1.0]), bins=2).tolist()
        [0.0, 0.5, 1.0]
    """
    return jnp.histogram_bin_edges(to_float(array_like(a)), _bins(bins), range, array_like(weights))


def histogram(a, bins=10, range=None, weights=None, density=False):  # noqa: A002
    """Counts of `a` in `bins` (an int or monotonic edges), and the bin edges.

    Example:
        >>> import msfunc.numpy as mnp
        >>> hist, edges = mnp.histogram(mnp.array([0.0, 0.2, 1.0]), bins=2)
        >>> hist.tolist(), edges.tolist()
        ([2, 1], [0.0, 0.5, 1.0])
        >>> mnp.histogram(mnp.array([0.0, 0.2, 1.0]), bins=[0, 0.5, 1])[0].tolist()
        [2, 1]
    """
    hist, edges = jnp.histogram(
        to_float(array_like(a)), _bins(bins), range, array_like(weights), density
    )
    return _counts(hist, weights, density), edges


def histogram2d(x, y, bins=10, range=None, weights=None, density=False):  # noqa: A002
    """2-D histogram of points ``(x[i], y[i])``: counts and the edges along x and y.

    Example:
        >>> import msfunc.numpy as mnp
        >>> h, ex, ey = mnp.histogram2d(mnp.array([0.0, 1.0]), mnp.array([0.0, 1.0]), bins=2)
        >>> h.tolist()
        [[1, 0], [0, 1]]
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


def histogramdd(sample, bins=10, range=None, weights=None, density=False):  # noqa: A002
    """N-D histogram of the rows of `sample` (shape (N, D)): counts and a list of edges.

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
