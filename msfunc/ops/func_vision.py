"""Functional detection/vision ops: box coding, IoU, validity, crop-and-resize, CTC decoding."""

from __future__ import annotations

from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp
import numpy as np

from ..common.args import tensor_arg

if TYPE_CHECKING:
    from collections.abc import Sequence

    from jax import Array
    from jax.typing import ArrayLike

__all__ = [
    "bounding_box_encode",
    "bounding_box_decode",
    "iou",
    "check_valid",
    "crop_and_resize",
    "ctc_greedy_decoder",
]


def _centre(b):
    w = b[..., 2] - b[..., 0] + 1.0
    h = b[..., 3] - b[..., 1] + 1.0
    return b[..., 0] + 0.5 * (w - 1), b[..., 1] + 0.5 * (h - 1), w, h


def bounding_box_encode(
    anchor_box: ArrayLike,
    groundtruth_box: ArrayLike,
    means: Sequence[float] = (0.0, 0.0, 0.0, 0.0),
    stds: Sequence[float] = (1.0, 1.0, 1.0, 1.0),
) -> Array:
    """The deltas ``(dx, dy, dw, dh)`` that take anchor boxes to ground-truth boxes, both
    given as corners ``(x1, y1, x2, y2)`` (inclusive, so a width is ``x2 - x1 + 1``).

    ``dx = (gx - px) / pw``, ``dw = log(gw / pw)`` for centres ``x`` and widths ``w``, then
    ``(delta - means) / stds``.

    Args:
        anchor_box (Tensor): Shape ``(N, 4)``.
        groundtruth_box (Tensor): Shape ``(N, 4)``.
        means (tuple[float]): Subtracted from the deltas. Default: ``(0.0, 0.0, 0.0, 0.0)``.
        stds (tuple[float]): Divide the deltas. Default: ``(1.0, 1.0, 1.0, 1.0)``.

    Returns:
        Tensor of shape ``(N, 4)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> anchor, gt = ms.Tensor([[0.0, 0.0, 1.0, 1.0]]), ms.Tensor([[1.0, 1.0, 4.0, 4.0]])
        >>> print(ops.bounding_box_encode(anchor, gt))  # centres 1 apart, sizes doubled
        [[1.        1.        0.6931472 0.6931472]]
    """
    a, g = tensor_arg(anchor_box, "anchor_box"), tensor_arg(groundtruth_box, "groundtruth_box")
    px, py, pw, ph = _centre(a)
    gx, gy, gw, gh = _centre(g)
    d = jnp.stack([(gx - px) / pw, (gy - py) / ph, jnp.log(gw / pw), jnp.log(gh / ph)], -1)
    return (d - jnp.asarray(means, d.dtype)) / jnp.asarray(stds, d.dtype)


def bounding_box_decode(
    anchor_box: ArrayLike,
    deltas: ArrayLike,
    max_shape: Sequence[int],
    means: Sequence[float] = (0.0, 0.0, 0.0, 0.0),
    stds: Sequence[float] = (1.0, 1.0, 1.0, 1.0),
    wh_ratio_clip: float = 0.016,
) -> Array:
    """Boxes from anchor boxes and deltas (the inverse of `bounding_box_encode`), clipped to
    an image of `max_shape`.

    Args:
        anchor_box (Tensor): Corners ``(x1, y1, x2, y2)``, shape ``(N, 4)``.
        deltas (Tensor): ``(dx, dy, dw, dh)``, shape ``(N, 4)``.
        max_shape (tuple[int]): The image's ``(height, width)``.
        means (tuple[float]): Added back to the scaled deltas. Default: ``(0.0, 0.0, 0.0, 0.0)``.
        stds (tuple[float]): Scale the deltas. Default: ``(1.0, 1.0, 1.0, 1.0)``.
        wh_ratio_clip (float): Bounds ``|dw|`` and ``|dh|`` to ``|log(wh_ratio_clip)|``.
            Default: ``0.016``.

    Returns:
        Tensor of shape ``(N, 4)``, corners of the decoded boxes.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> anchor = ms.Tensor([[0.0, 0.0, 1.0, 1.0]])
        >>> deltas = ms.Tensor([[1.5, 1.5, 0.6931472, 0.6931472]])  # (dx, dy, log 2, log 2)
        >>> print(ops.bounding_box_decode(anchor, deltas, (10, 10)).asnumpy().round(3))
        [[2. 2. 5. 5.]]
    """
    a, d = tensor_arg(anchor_box, "anchor_box"), tensor_arg(deltas, "deltas")
    d = d * jnp.asarray(stds, d.dtype) + jnp.asarray(means, d.dtype)
    px, py, pw, ph = _centre(a)
    lim = abs(float(np.log(wh_ratio_clip)))
    dw, dh = jnp.clip(d[..., 2], -lim, lim), jnp.clip(d[..., 3], -lim, lim)
    gx, gy = px + pw * d[..., 0], py + ph * d[..., 1]
    gw, gh = pw * jnp.exp(dw), ph * jnp.exp(dh)
    h, w = max_shape[0], max_shape[1]
    x1 = jnp.clip(gx - 0.5 * gw + 0.5, 0, w)
    y1 = jnp.clip(gy - 0.5 * gh + 0.5, 0, h)
    x2 = jnp.clip(gx + 0.5 * gw - 0.5, 0, w)
    y2 = jnp.clip(gy + 0.5 * gh - 0.5, 0, h)
    return jnp.stack([x1, y1, x2, y2], -1)


def iou(anchor_boxes: ArrayLike, gt_boxes: ArrayLike, mode: str = "iou") -> Array:
    """Pairwise intersection over union of boxes given as inclusive corners
    ``(x1, y1, x2, y2)``; ``'iof'`` divides by the ground-truth box's area instead.

    Args:
        anchor_boxes (Tensor): Shape ``(N, 4)``.
        gt_boxes (Tensor): Shape ``(M, 4)``.
        mode (str): ``'iou'`` or ``'iof'``. Default: ``'iou'``.

    Returns:
        Tensor of shape ``(M, N)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> anchors = ms.Tensor([[0.0, 0.0, 1.0, 1.0], [0.0, 0.0, 3.0, 3.0]])
        >>> gts = ms.Tensor([[0.0, 0.0, 1.0, 1.0]])  # a 2 x 2 box
        >>> print(ops.iou(anchors, gts), ops.iou(anchors, gts, mode="iof"))
        [[1.   0.25]] [[1. 1.]]
    """
    if mode not in ("iou", "iof"):
        raise ValueError(f"iou: `mode` must be 'iou' or 'iof', got {mode!r}")
    a, g = tensor_arg(anchor_boxes, "anchor_boxes"), tensor_arg(gt_boxes, "gt_boxes")
    lt = jnp.maximum(g[:, None, :2], a[None, :, :2])
    rb = jnp.minimum(g[:, None, 2:4], a[None, :, 2:4])
    wh = jnp.maximum(rb - lt + 1.0, 0.0)
    inter = wh[..., 0] * wh[..., 1]

    def area(b):
        return (b[:, 2] - b[:, 0] + 1.0) * (b[:, 3] - b[:, 1] + 1.0)

    if mode == "iof":
        return inter / area(g)[:, None]
    return inter / (area(g)[:, None] + area(a)[None, :] - inter)


def check_valid(bboxes: ArrayLike, img_metas: ArrayLike) -> Array:
    """Whether each box ``(x1, y1, x2, y2)`` lies inside an image of
    ``(height, width, ratio)``: corners from 0 to ``width * ratio - 1`` and
    ``height * ratio - 1``.

    Args:
        bboxes (Tensor): Shape ``(N, 4)``.
        img_metas (Tensor): ``(height, width, ratio)``.

    Returns:
        Tensor of bool, shape ``(N,)``.

    Example:
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> boxes = ms.Tensor([[0.0, 0.0, 5.0, 5.0], [2.0, 2.0, 12.0, 5.0]])
        >>> print(ops.check_valid(boxes, ms.Tensor([10.0, 10.0, 1.0])))
        [ True False]
    """
    b, m = tensor_arg(bboxes, "bboxes"), tensor_arg(img_metas, "img_metas")
    h, w = m[0] * m[2], m[1] * m[2]
    return (b[:, 0] >= 0) & (b[:, 1] >= 0) & (b[:, 2] <= w - 1) & (b[:, 3] <= h - 1)


def crop_and_resize(
    image: ArrayLike,
    boxes: ArrayLike,
    box_indices: ArrayLike,
    crop_size: Sequence[int],
    method: str = "bilinear",
    extrapolation_value: float = 0.0,
) -> Array:
    """Crops of NHWC images resized to `crop_size`: box ``i`` of image ``box_indices[i]``.

    Args:
        image (Tensor): Shape ``(N, H, W, C)``.
        boxes (Tensor): Normalised corners ``(y1, x1, y2, x2)``, shape ``(B, 4)``; 0 and 1
            are the image's first and last rows or columns.
        box_indices (Tensor): The image of each box, shape ``(B,)``.
        crop_size (tuple[int]): The crops' ``(height, width)``.
        method (str): ``'bilinear'``, ``'nearest'`` or ``'bilinear_v2'``. Default: ``'bilinear'``.
        extrapolation_value (float): The value of points outside the image. Default: ``0.0``.

    Returns:
        Tensor of shape ``(B, crop_height, crop_width, C)``, float32.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> image = ms.Tensor(np.arange(16.0, dtype=np.float32).reshape(1, 4, 4, 1))
        >>> boxes = ms.Tensor([[0.0, 0.0, 1.0, 1.0]])  # the whole image
        >>> out = ops.crop_and_resize(image, boxes, ms.Tensor([0], ms.int32), (2, 2))
        >>> print(out.reshape(2, 2))  # its four corners
        [[ 0.  3.]
         [12. 15.]]
    """
    if method not in ("bilinear", "nearest", "bilinear_v2"):
        raise ValueError(f"crop_and_resize: unknown `method` {method!r}")
    img, bx = tensor_arg(image, "image"), tensor_arg(boxes, "boxes")
    ftype = jnp.promote_types(jnp.promote_types(img.dtype, bx.dtype), jnp.float32)
    bx = bx.astype(ftype)  # float32 output like MindSpore; float64 stays float64
    bi = tensor_arg(box_indices, "box_indices").astype(jnp.int32)
    _, hh, ww, _ = img.shape
    ch, cw = crop_size

    def coords(lo, hi, n, size):
        step = (hi - lo) * (size - 1) / (n - 1) if n > 1 else 0.0
        base = lo * (size - 1) if n > 1 else 0.5 * (lo + hi) * (size - 1)
        return base + jnp.arange(n) * step

    def one(box, k):
        ys, xs = coords(box[0], box[2], ch, hh), coords(box[1], box[3], cw, ww)
        im = img[k].astype(ftype)
        valid = ((ys >= 0) & (ys <= hh - 1))[:, None] & ((xs >= 0) & (xs <= ww - 1))[None, :]
        if method == "nearest":
            # Halves round away from zero, as C's round() in MindSpore's kernel (jnp.round
            # rounds them to even: 8.5 would pick pixel 8 instead of 9).
            def near(v, size):
                r = jnp.where(v >= 0, jnp.floor(v + 0.5), jnp.ceil(v - 0.5))
                return jnp.clip(r, 0, size - 1).astype(int)

            out = im[near(ys, hh)][:, near(xs, ww)]
        else:
            y0, x0 = jnp.floor(ys), jnp.floor(xs)
            ty, tx = (ys - y0)[:, None, None], (xs - x0)[None, :, None]
            y0i, x0i = jnp.clip(y0, 0, hh - 1).astype(int), jnp.clip(x0, 0, ww - 1).astype(int)
            y1i = jnp.clip(y0 + 1, 0, hh - 1).astype(int)
            x1i = jnp.clip(x0 + 1, 0, ww - 1).astype(int)
            top = im[y0i][:, x0i] * (1 - tx) + im[y0i][:, x1i] * tx
            bot = im[y1i][:, x0i] * (1 - tx) + im[y1i][:, x1i] * tx
            out = top * (1 - ty) + bot * ty
        return jnp.where(valid[..., None], out, extrapolation_value)

    return jax.vmap(one)(bx, bi)


def ctc_greedy_decoder(
    inputs: ArrayLike, sequence_length: ArrayLike, merge_repeated: bool = True
) -> tuple[Array, Array, Array, Array]:
    """Greedy decoding of CTC scores: the best class per frame, repeats merged and blanks (the
    last class) dropped.

    The result's size depends on the scores, so this runs eagerly (not under jit).

    Args:
        inputs (Tensor): Scores, shape ``(T, B, C)``, float32 or float64.
        sequence_length (Tensor): Frames per sequence, shape ``(B,)``, int32.
        merge_repeated (bool): Merge repeated classes. Default: ``True``.

    Returns:
        Tuple ``(decoded_indices, decoded_values, decoded_shape, log_probability)``: the
        sparse decoded labels (``(n, 2)`` coordinates and ``(n,)`` values), the dense shape
        ``(B, longest)`` and the negated sum of each sequence's best scores, ``(B, 1)``.

    Example:
        >>> import numpy as np
        >>> import msfunc as ms
        >>> from msfunc import ops
        >>> x = ms.Tensor(np.log(np.array([[[0.6, 0.3, 0.1]], [[0.2, 0.7, 0.1]]], np.float32)))
        >>> indices, values, shape, _ = ops.ctc_greedy_decoder(x, ms.Tensor([2], ms.int32))
        >>> print(values, shape)
        [0 1] [1 2]
    """
    x = np.asarray(jax.device_get(tensor_arg(inputs, "inputs")))
    lens = np.asarray(jax.device_get(tensor_arg(sequence_length, "sequence_length")))
    if x.ndim != 3:
        raise ValueError(
            f"ctc_greedy_decoder: `inputs` must be 3-D (max_time, batch_size, "
            f"num_classes), got shape {x.shape}"
        )
    if lens.ndim != 1 or lens.shape[0] != x.shape[1]:
        raise ValueError(
            f"ctc_greedy_decoder: `sequence_length` must be 1-D with one length "
            f"per batch entry ({x.shape[1]}), got shape {lens.shape}"
        )
    # MindSpore's kernel takes exactly these dtypes: int32 lengths (not int64) and float32
    # or float64 logits.
    if lens.dtype != np.int32:
        raise TypeError(
            f"ctc_greedy_decoder: `sequence_length` must be an int32 tensor, got {lens.dtype}"
        )
    if x.dtype not in (np.float32, np.float64):
        raise TypeError(f"ctc_greedy_decoder: `inputs` must be float32 or float64, got {x.dtype}")
    t, b, c = x.shape
    # The decoding reads the lengths on the host anyway: a length past max_time is found
    # there, as MindSpore's kernel finds it at run time (RuntimeError).
    too_long = np.flatnonzero(lens > t)
    if too_long.size:
        j = int(too_long[0])
        raise RuntimeError(
            f"ctc_greedy_decoder: sequence_length[{j}] is {int(lens[j])}, which "
            f"should be less than or equal to max_time {t} (the first axis of "
            f"`inputs`)"
        )
    lens = np.maximum(lens, 0)  # a negative length decodes nothing
    blank = c - 1
    idx, vals, logp, longest = [], [], [], 0
    for j in range(b):
        best = x[: lens[j], j].argmax(-1)
        logp.append(0.0 - x[: lens[j], j].max(-1).sum())  # 0, not -0, when empty
        seq, prev = [], None
        for k in best:
            if k != blank and not (merge_repeated and k == prev):
                seq.append(int(k))
            prev = k
        longest = max(longest, len(seq))
        idx += [[j, i] for i in range(len(seq))]
        vals += seq
    return (
        jnp.asarray(np.array(idx, np.int64).reshape(-1, 2)),
        jnp.asarray(np.array(vals)),
        jnp.asarray(np.array([b, longest])),
        jnp.asarray(np.array(logp, x.dtype)[:, None]),
    )
