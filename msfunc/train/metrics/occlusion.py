"""OcclusionSensitivity: how much a model's score for a label drops when each region of the
input is covered."""

from __future__ import annotations

import numpy as np

from .metric import Metric, rearrange_inputs

__all__ = ["OcclusionSensitivity"]


def _check_type(name, value, types):
    if isinstance(value, bool) or not isinstance(value, types):
        raise TypeError(
            f"OcclusionSensitivity: `{name}` must be {' or '.join(t.__name__ for t in types)}, "
            f"got {type(value).__name__}"
        )
    return value


def _box_bounds(b_box, shape):
    """The bounding box's lowest and highest index per dimension (negative highs: the end)."""
    if b_box is None:
        return None, None
    if len(b_box) != 2 * len(shape):
        raise ValueError(
            f"OcclusionSensitivity: `b_box` needs a low and a high per dimension of {shape}, "
            f"got {len(b_box)} values"
        )
    low, high = np.array(b_box[::2]), np.array(b_box[1::2])
    low[low < 0] = 0
    high[high < 0] = shape[high < 0] - 1
    if np.any(high >= shape):
        raise ValueError(f"OcclusionSensitivity: `b_box` reaches beyond the image {shape}")
    if np.any(low > high):
        raise ValueError("OcclusionSensitivity: each low of `b_box` must not pass its high")
    return low, high


class OcclusionSensitivity(Metric):
    """Occlusion sensitivity: the model's score for `label` minus its score with a square of
    side ``2 * margin`` around each position set to `pad_val`.

    Args:
        pad_val (float): The value written over the covered region. Default: ``0.0``.
        margin (int): Half the side of the covered region. Default: ``2``.
        n_batch (int): How many covered images one model call takes. Default: ``128``.
        b_box (list): Only positions in ``[low0, high0, low1, high1, ...]``. Default: ``None``.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> from msfunc import nn
        >>> class Sum(nn.Cell):
        ...     def construct(self, x):
        ...         return x.sum(axis=1, keepdims=True)
        >>> m = OcclusionSensitivity(margin=1)
        >>> m.update(Sum(), np.array([[1.0, 2.0, 3.0]], np.float32), np.array(0))
        >>> m.eval().tolist()  # position p covers p - 1 and p: the sum drops by those
        [1.0, 3.0, 5.0]
    """

    def __init__(
        self,
        pad_val: float = 0.0,
        margin: int | list = 2,
        n_batch: int = 128,
        b_box: list | None = None,
    ):
        super().__init__()
        self.pad_val = _check_type("pad_val", pad_val, (float,))
        self.margin = _check_type("margin", margin, (int, list))
        self.n_batch = _check_type("n_batch", n_batch, (int,))
        self.b_box = b_box if b_box is None else _check_type("b_box", b_box, (list,))
        self.clear()

    def clear(self):
        self._baseline, self._sensitivity_im = 0, 0
        self._is_update = False

    @rearrange_inputs
    def update(self, *inputs):
        """Score the model on the image (batch 1) and on every covered copy of it."""
        from ...common.tensor import Tensor
        from ...nn.cell import Cell

        self._check_count(inputs, 3)
        model = inputs[0]
        image = self._convert_data(inputs[1])
        label = self._convert_data(inputs[2])  # as MindSpore: a plain int is refused
        if not isinstance(model, Cell):
            raise TypeError(f"OcclusionSensitivity.update: `model` must be a Cell, got {model!r}")
        if image.shape[0] > 1:
            # MindSpore's type: RuntimeError
            raise RuntimeError(
                f"OcclusionSensitivity.update: the image batch must be 1, got {image.shape[0]}"
            )
        if np.prod(label.shape) != image.shape[0]:
            raise RuntimeError(
                f"OcclusionSensitivity.update: one label per image is needed, got {label.shape}"
            )
        shape = np.array(image.shape[1:])
        low, high = _box_bounds(self.b_box, shape)
        self._baseline = np.asarray(model(Tensor(image)))[0, label].item()
        out_shape = shape if low is None or high is None else high - low + 1
        scores = []
        batch = []
        total = int(np.prod(out_shape))
        for i in range(total):
            idx = np.unravel_index(i, out_shape)
            if low is not None:
                idx = idx + low
            covered = image.copy()
            region = tuple(
                slice(max(0, p - self.margin), min(end, p + self.margin))
                for p, end in zip(idx, shape)
            )
            covered[(...,) + region] = self.pad_val
            batch.append(covered)
            if len(batch) == self.n_batch or i == total - 1:
                out = np.asarray(model(Tensor(np.vstack(batch))))
                scores.append(out[np.arange(len(batch))[:, None], np.asarray(label).reshape(1, -1)])
                batch = []
        self._sensitivity_im = np.vstack(scores).reshape(out_shape)
        self._is_update = True

    def eval(self):
        """The drop in score per position, shaped as the image (or the box)."""
        self._check_updated()
        return self._baseline - np.squeeze(self._sensitivity_im)
