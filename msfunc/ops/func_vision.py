"""Functional detection/vision ops: box coding, IoU, validity, crop-and-resize, CTC decoding."""

import jax
import jax.numpy as jnp
import numpy as np

from ..common.args import tensor_arg

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
    anchor_box, groundtruth_box, means=(0.0, 0.0, 0.0, 0.0), stds=(1.0, 1.0, 1.0, 1.0)
):
    """Deltas (dx, dy, dw, dh) taking anchors (x1, y1, x2, y2) to ground-truth boxes.

    Example:
        >>> anchor = jnp.array([[0.0, 0.0, 1.0, 1.0]])
        >>> print(bounding_box_encode(anchor, jnp.array([[1.0, 1.0, 4.0, 4.0]])).round(4))
        [[1.     1.     0.6931 0.6931]]
    """
    a, g = tensor_arg(anchor_box, "anchor_box"), tensor_arg(groundtruth_box, "groundtruth_box")
    px, py, pw, ph = _centre(a)
    gx, gy, gw, gh = _centre(g)
    d = jnp.stack([(gx - px) / pw, (gy - py) / ph, jnp.log(gw / pw), jnp.log(gh / ph)], -1)
    return (d - jnp.asarray(means, d.dtype)) / jnp.asarray(stds, d.dtype)


def bounding_box_decode(
    anchor_box,
    deltas,
    max_shape,
    means=(0.0, 0.0, 0.0, 0.0),
    stds=(1.0, 1.0, 1.0, 1.0),
    wh_ratio_clip=0.016,
):
    """Boxes from anchors and deltas, clipped to ``max_shape = (height, width)``.

    Example:
        >>> anchor = jnp.array([[0.0, 0.0, 1.0, 1.0]])
        >>> deltas = jnp.array([[1.5, 1.5, 0.6931, 0.6931]])  # (dx, dy, log 2, log 2)
        >>> print(bounding_box_decode(anchor, deltas, (10, 10)).round(2))
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


def iou(anchor_boxes, gt_boxes, mode="iou"):
    """Pairwise IoU (or IoF, over the gt area) of (N, 4) anchors and (M, 4) gts: (M, N).

    Example:
        >>> anchors = jnp.array([[0.0, 0.0, 1.0, 1.0], [0.0, 0.0, 3.0, 3.0]])
        >>> gts = jnp.array([[0.0, 0.0, 1.0, 1.0]])  # corners inclusive: a 2 x 2 box
        >>> iou(anchors, gts).tolist(), iou(anchors, gts, mode='iof').tolist()
        ([[1.0, 0.25]], [[1.0, 1.0]])
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


def check_valid(bboxes, img_metas):
    """Whether each (x1, y1, x2, y2) box lies inside an image of ``(height, width, ratio)``.

    Example:
        >>> boxes = jnp.array([[0.0, 0.0, 5.0, 5.0], [2.0, 2.0, 12.0, 5.0]])
        >>> check_valid(boxes, jnp.array([10.0, 10.0, 1.0])).tolist()
        [True, False]
    """
    b, m = tensor_arg(bboxes, "bboxes"), tensor_arg(img_metas, "img_metas")
    h, w = m[0] * m[2], m[1] * m[2]
    return (b[:, 0] >= 0) & (b[:, 1] >= 0) & (b[:, 2] <= w - 1) & (b[:, 3] <= h - 1)


def crop_and_resize(
    image, boxes, box_indices, crop_size, method="bilinear", extrapolation_value=0.0
):
    """Crop normalised boxes (y1, x1, y2, x2) out of NHWC images and resize to `crop_size`.

    Example:
        >>> image = jnp.arange(16.0).reshape(1, 4, 4, 1)  # NHWC
        >>> boxes = jnp.array([[0.0, 0.0, 1.0, 1.0]])  # (y1, x1, y2, x2), normalised
        >>> crop_and_resize(image, boxes, jnp.array([0]), (2, 2))[0, ..., 0].tolist()
        [[0.0, 3.0], [12.0, 15.0]]
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


def ctc_greedy_decoder(inputs, sequence_length, merge_repeated=True):
    """Greedy CTC decoding of (T, B, C) logits (blank = C - 1); eager only (dynamic sizes).

    `inputs` is float32 or float64 and `sequence_length` int32 (other dtypes are a
    TypeError, as in MindSpore). Returns ``(decoded_indices (n, 2), decoded_values (n,),
    decoded_shape (2,), log_probability (B, 1))``.

    Example:
        >>> x = np.log(np.array([[[.6, .3, .1]], [[.2, .7, .1]]], np.float32))
        >>> ctc_greedy_decoder(x, np.array([2], np.int32))[1].tolist()
        [0, 1]
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
