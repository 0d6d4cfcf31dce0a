"""Segmentation metrics: Dice and the surface distances between a predicted and a true mask
(HausdorffDistance, MeanSurfaceDistance, RootMeanSquareDistance)."""

from __future__ import annotations

import numpy as np

from .metric import Metric, rearrange_inputs

__all__ = ["Dice", "HausdorffDistance", "MeanSurfaceDistance", "RootMeanSquareDistance"]

_DISTANCES = ("euclidean", "chessboard", "taxicab")


class Dice(Metric):
    """Dice coefficient ``2 |x.y| / (|x|^2 + |y|^2 + smooth)`` per batch, averaged over samples.

    Args:
        smooth (float): Added to the denominator, above 0. Default: ``1e-5``.

    Example:
        >>> import numpy as np
        >>> m = Dice(); m.update(np.array([[1.0, 0.0]]), np.array([[1.0, 1.0]]))
        >>> round(m.eval(), 4)  # 2 * 1 / (1 + 2)
        0.6667
    """

    def __init__(self, smooth: float = 1e-5):
        super().__init__()
        if isinstance(smooth, bool) or not isinstance(smooth, float):
            raise TypeError(f"Dice: `smooth` must be a float, got {type(smooth).__name__}")
        if smooth <= 0:
            raise ValueError(f"Dice: `smooth` must be > 0, got {smooth}")
        self.smooth = smooth
        self.clear()

    def clear(self):
        self._dice_coeff_sum, self._samples_num = 0.0, 0

    @rearrange_inputs
    def update(self, *inputs):
        """Add a batch of predictions and labels of one shape; the batch counts its samples."""
        self._check_count(inputs, 2)
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        self._samples_num += y.shape[0]
        if y_pred.shape != y.shape:
            raise ValueError(
                f"Dice.update: predictions and labels must have one shape, got {y_pred.shape} "
                f"and {y.shape}"
            )
        p, t = y_pred.reshape(-1), y.reshape(-1)
        self._dice_coeff_sum += 2 * float(p @ t) / float(p @ p + t @ t + self.smooth)

    def eval(self):
        """The summed batch coefficients divided by the number of samples."""
        if self._samples_num == 0:
            raise RuntimeError("Dice.eval: no samples; call update first")
        return self._dice_coeff_sum / float(self._samples_num)


def _edges(mask):
    """The mask's surface: its voxels that erosion removes."""
    from scipy import ndimage  # on first use: importing msfunc stays free of scipy

    return ndimage.binary_erosion(mask) ^ mask


def _surface_distances(from_edges, to_edges, metric):
    """Distance from each voxel of `from_edges` to the nearest voxel of `to_edges`."""
    if not np.any(from_edges):
        return np.array([])
    if not np.any(to_edges):
        return np.full(int(from_edges.sum()), np.inf)
    from scipy import ndimage

    if metric == "euclidean":
        dist = ndimage.distance_transform_edt(~to_edges)
    else:
        dist = ndimage.distance_transform_cdt(~to_edges, metric=metric)
    return np.asarray(dist)[from_edges]


class _SurfaceMetric(Metric):
    """Shared checks of the surface distance metrics: masks of one label in two label maps."""

    def __init__(self, distance_metric):
        super().__init__()
        who = type(self).__name__
        if not isinstance(distance_metric, str):
            raise TypeError(
                f"{who}: `distance_metric` must be a str, got {type(distance_metric).__name__}"
            )
        if distance_metric not in _DISTANCES:
            raise ValueError(
                f"{who}: `distance_metric` must be one of {list(_DISTANCES)}, "
                f"got {distance_metric!r}"
            )
        self.distance_metric = distance_metric

    def clear(self):
        self._y_pred_edges, self._y_edges = 0, 0
        self._is_update = False

    def _masks(self, inputs):
        who = type(self).__name__
        self._check_count(inputs, 3)
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        label = inputs[2]
        if isinstance(label, bool) or not isinstance(label, (int, float)):
            raise ValueError(
                f"{who}.update: the label (input 3) must be an int or float, got "
                f"{type(label).__name__}"
            )
        if label not in y_pred and label not in y:
            raise ValueError(f"{who}.update: the label {label} is in neither input")
        if y_pred.size == 0 or y_pred.shape != y.shape:
            raise ValueError(
                f"{who}.update: the inputs must be non-empty and of one shape, got "
                f"{y_pred.shape} and {y.shape}"
            )
        y_pred = y_pred if y_pred.dtype == bool else y_pred == label
        y = y if y.dtype == bool else y == label
        return y_pred, y

    @rearrange_inputs
    def update(self, *inputs):
        """Take the surfaces of `label` in the predicted and the true label maps."""
        y_pred, y = self._masks(inputs)
        self._y_pred_edges, self._y_edges = _edges(y_pred), _edges(y)
        self._is_update = True

    def _both_ways(self):
        self._check_updated()
        forward = _surface_distances(self._y_pred_edges, self._y_edges, self.distance_metric)
        backward = _surface_distances(self._y_edges, self._y_pred_edges, self.distance_metric)
        return forward, backward


class HausdorffDistance(_SurfaceMetric):
    """The largest (or a percentile of the) distance between the two masks' surfaces.

    Args:
        distance_metric (str): ``"euclidean"``, ``"chessboard"`` or ``"taxicab"``. Default:
            ``"euclidean"``.
        percentile (float): Take this percentile (0 to 100) of the distances, not the largest.
            Default: ``None``.
        directed (bool): Only from the prediction to the truth. Default: ``False``.
        crop (bool): Crop both masks to the box around them before finding the surfaces.
            Default: ``True``.

    Example:
        >>> import numpy as np
        >>> a = np.zeros((5, 5), int); a[1:3, 1:3] = 1
        >>> b = np.zeros((5, 5), int); b[1:4, 1:4] = 1
        >>> m = HausdorffDistance(); m.update(a, b, 1); float(m.eval())
        1.4142135623730951
    """

    def __init__(
        self,
        distance_metric: str = "euclidean",
        percentile: float | None = None,
        directed: bool = False,
        crop: bool = True,
    ):
        super().__init__(distance_metric)
        if percentile is not None and not isinstance(percentile, float):
            raise TypeError(
                f"HausdorffDistance: `percentile` must be a float, got {type(percentile).__name__}"
            )
        for name, value in (("directed", directed), ("crop", crop)):
            if value is not None and not isinstance(value, bool):
                raise TypeError(
                    f"HausdorffDistance: `{name}` must be a bool, got {type(value).__name__}"
                )
        self.percentile, self.directed, self.crop = percentile, directed, crop
        self.clear()

    @rearrange_inputs
    def update(self, *inputs):
        """Take the surfaces of `label` in the two label maps (cropped to their box)."""
        self._is_update = True
        y_pred, y = self._masks(inputs)
        if self.crop:
            both = y_pred | y
            if not np.any(both):
                self._y_pred_edges, self._y_edges = np.zeros_like(y_pred), np.zeros_like(y)
                return
            box = tuple(slice(int(idx.min()), int(idx.max()) + 1) for idx in np.nonzero(both))
            y_pred, y = np.squeeze(y_pred[box]), np.squeeze(y[box])
        self._y_pred_edges, self._y_edges = _edges(y_pred), _edges(y)

    def _one_way(self, distances):
        if distances.shape == (0,):
            return np.inf
        if not self.percentile:
            return distances.max()
        if 0 <= self.percentile <= 100:
            return np.percentile(distances, self.percentile)
        raise ValueError(
            f"HausdorffDistance: `percentile` must be in [0, 100], got {self.percentile}"
        )

    def eval(self):
        """The distance, a float (inf when the prediction has no surface)."""
        forward, backward = self._both_ways()
        distance = self._one_way(forward)
        return distance if self.directed else max(distance, self._one_way(backward))


class _AveragedSurface(_SurfaceMetric):
    def __init__(self, symmetric: bool = False, distance_metric: str = "euclidean"):
        super().__init__(distance_metric)
        if not isinstance(symmetric, bool):
            raise TypeError(
                f"{type(self).__name__}: `symmetric` must be a bool, got {type(symmetric).__name__}"
            )
        self.symmetric = symmetric
        self.clear()


class MeanSurfaceDistance(_AveragedSurface):
    """The mean distance from the predicted surface to the true one (both ways, averaged, when
    `symmetric`).

    Args:
        symmetric (bool): Average both directions. Default: ``False``.
        distance_metric (str): ``"euclidean"``, ``"chessboard"`` or ``"taxicab"``. Default:
            ``"euclidean"``.

    Example:
        >>> import numpy as np
        >>> a = np.zeros((5, 5), int); a[1:3, 1:3] = 1
        >>> b = np.zeros((5, 5), int); b[1:4, 1:4] = 1
        >>> m = MeanSurfaceDistance(); m.update(a, b, 1); float(m.eval())
        0.25
    """

    def eval(self):
        """The mean distance, a float (inf when a surface is empty)."""
        forward, backward = self._both_ways()
        if forward.shape == (0,):
            return np.inf
        if not self.symmetric:
            return forward.mean()
        if backward.shape == (0,):
            return np.inf
        return np.mean((forward.mean(), backward.mean()))


class RootMeanSquareDistance(_AveragedSurface):
    """The mean squared distance from the predicted surface to the true one; with `symmetric`,
    the root of the two directions' mean.

    Args:
        symmetric (bool): Combine both directions (and take the root). Default: ``False``.
        distance_metric (str): ``"euclidean"``, ``"chessboard"`` or ``"taxicab"``. Default:
            ``"euclidean"``.

    Example:
        >>> import numpy as np
        >>> a = np.zeros((5, 5), int); a[1:3, 1:3] = 1
        >>> b = np.zeros((5, 5), int); b[1:4, 1:4] = 1
        >>> m = RootMeanSquareDistance(symmetric=True); m.update(a, b, 1)
        >>> round(float(m.eval()), 4)
        0.7071
    """

    def eval(self):
        """The distance, a float (inf when a surface is empty)."""
        forward, backward = self._both_ways()
        if forward.shape == (0,):
            return np.inf
        mean_square = (forward**2).mean()
        if not self.symmetric:
            return mean_square  # MindSpore takes no root one way
        if backward.shape == (0,):
            return np.inf
        return np.sqrt(np.mean((mean_square, (backward**2).mean())))
