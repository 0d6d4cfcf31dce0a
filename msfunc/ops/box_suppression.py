"""Greedy non-maximum suppression with a keep mask (MindSpore's ``NMSWithMask`` primitive)."""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np

__all__ = ["check_iou_threshold", "nms_with_mask"]


def check_iou_threshold(primitive):
    """TypeError, as MindSpore raises on construction, for a threshold that is not a float.

    Example:
        >>> from types import SimpleNamespace
        >>> check_iou_threshold(SimpleNamespace(iou_threshold=0.5))
    """
    value = primitive.iou_threshold
    if not isinstance(value, float):
        raise TypeError(f"NMSWithMask: `iou_threshold` must be a float, got {type(value).__name__}")


def _check_boxes(bboxes):
    if not isinstance(bboxes, (jax.Array, np.ndarray)):
        raise TypeError(f"NMSWithMask: `bboxes` must be a Tensor, got {type(bboxes).__name__}")
    if np.dtype(bboxes.dtype) not in (np.float16, np.float32):
        raise TypeError(
            f"NMSWithMask: `bboxes` must be a float16 or float32 Tensor, got {bboxes.dtype}"
        )
    if bboxes.ndim != 2 or bboxes.shape[1] != 5:
        raise ValueError(
            "NMSWithMask: `bboxes` must have shape (N, 5) (x1, y1, x2, y2, score), "
            f"got {tuple(bboxes.shape)}"
        )


def _bitonic_ascending(keys):
    """Positions of `keys` in the order a bitonic sorting network puts them, ascending.

    MindSpore's CPU kernel sorts the scores with this network (padded to a power of two with
    the dtype's largest value); equal scores end up in the network's order, which no stable
    or plain sort reproduces, and programs read that order.
    """
    n = keys.shape[0]
    size = 1 << max(n - 1, 0).bit_length()
    pad = jnp.full(size - n, jnp.finfo(keys.dtype).max, keys.dtype)
    data = jnp.concatenate([keys, pad])
    index = jnp.arange(size)
    pos = np.arange(size)
    block = 2
    while block <= size:
        step = block >> 1
        while step > 0:
            partner = pos ^ step
            low, high = np.minimum(pos, partner), np.maximum(pos, partner)
            rising = (low & block) == 0
            a, b = data[low], data[high]
            swap = jnp.where(rising, a > b, a < b)
            data = jnp.where(swap, data[partner], data)
            index = jnp.where(swap, index[partner], index)
            step >>= 1
        block <<= 1
    return index[:n]


def nms_with_mask(bboxes, iou_threshold=0.5):
    """Boxes sorted by score, their positions, and which of them greedy suppression keeps.

    The boxes (rows ``x1, y1, x2, y2, score``) are ordered by falling score (equal scores
    in the order of MindSpore's CPU kernel, a bitonic network). Walking that order, a box is
    kept unless a kept box before it overlaps it with an IoU above `iou_threshold` (areas
    are ``(x2 - x1) * (y2 - y1)``, computed in the boxes' dtype as the kernel does). The
    positions are ``0 .. N-1``: indices into the sorted boxes, which is what MindSpore's CPU
    kernel returns.

    Args:
        bboxes (Tensor): Shape ``(N, 5)``, float16 or float32.
        iou_threshold (float): Overlap above which a box is suppressed. Default: ``0.5``.

    Returns:
        Tuple of the sorted boxes ``(N, 5)``, the int32 positions ``(N,)`` and the bool keep
        mask ``(N,)``.

    Example:
        >>> import numpy as np
        >>> boxes = np.array([[0, 0, 2, 2, 0.25], [0, 0, 2, 2, 0.75], [4, 4, 6, 6, 0.5]], "f4")
        >>> sorted_boxes, idx, keep = nms_with_mask(boxes, 0.5)
        >>> sorted_boxes[:, 4].tolist(), idx.tolist(), keep.tolist()
        ([0.75, 0.5, 0.25], [0, 1, 2], [True, True, False])
    """
    _check_boxes(bboxes)
    if not isinstance(iou_threshold, float):
        raise TypeError(
            f"NMSWithMask: `iou_threshold` must be a float, got {type(iou_threshold).__name__}"
        )
    return _suppress(jnp.asarray(bboxes), iou_threshold)


# One compiled program per box count and threshold: the sorting network and the greedy walk
# are many small steps, slow one by one.
@functools.partial(jax.jit, static_argnums=1)
def _suppress(boxes, iou_threshold):
    n = boxes.shape[0]
    ranked = boxes[_bitonic_ascending(boxes[:, 4])[::-1]]
    corners = ranked[:, :4]
    lo = jnp.maximum(corners[:, None, :2], corners[None, :, :2])
    hi = jnp.minimum(corners[:, None, 2:], corners[None, :, 2:])
    wh = jnp.maximum(hi - lo, 0)
    inter = wh[..., 0] * wh[..., 1]
    area = (corners[:, 2] - corners[:, 0]) * (corners[:, 3] - corners[:, 1])
    # IoU as the kernel divides it (0 / 0 is NaN, which suppresses nothing)
    overlaps = inter / (area[:, None] + area[None, :] - inter) > iou_threshold
    later = jnp.arange(n)[None, :] > jnp.arange(n)[:, None]

    def visit(i, keep):
        # a kept box suppresses the later boxes it overlaps too much
        return keep & ~(keep[i] & overlaps[i] & later[i])

    keep = jax.lax.fori_loop(0, n, visit, jnp.ones(n, bool))
    return ranked, jnp.arange(n, dtype=jnp.int32), keep
