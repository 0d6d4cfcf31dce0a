"""Primitives of MindSpore's CPU kernels with no functional twin in msfunc: ``NoRepeatNGram``
(beam-search n-gram blocking), ``ListDiff`` (set difference), ``Assert``,
``CombinedNonMaxSuppression`` and the embedding-cache id helpers ``PadAndShift`` and
``MapUniform``."""

import jax
import jax.numpy as jnp
import numpy as np

from ..._jax_private import Tracer
from ...common import dtype as mstype
from ...common.tensor import canonical_dtype, unwrap
from ..func_array import _concrete
from ._common import sig

__all__ = ["TABLE", "INIT_CHECKS"]


def _no_repeat_ngram(p, state_seq, log_probs):
    """Each row's last ``n - 1`` tokens are looked for earlier in the row; the token that
    followed each earlier occurrence gets the lowest finite log-probability."""
    seq, logits, n = jnp.asarray(state_seq), jnp.asarray(log_probs), p.ngram_size
    length, vocab = seq.shape[-1], logits.shape[-1]
    starts = length - n + 1  # earlier windows: the last one is the row's own tail
    if starts <= 0:
        return logits
    tail = seq[..., length - n + 1 :]  # (..., n - 1)
    windows = jnp.stack([seq[..., i : i + n - 1] for i in range(starts)], axis=-2)
    repeats = jnp.all(windows == tail[..., None, :], axis=-1)  # (..., starts)
    following = seq[..., n - 1 :]  # the token after each window, (..., starts)
    hits = repeats[..., None] & (following[..., None] == jnp.arange(vocab))
    lowest = jnp.asarray(-jnp.finfo(logits.dtype).max, logits.dtype)
    return jnp.where(jnp.any(hits, axis=-2), lowest, logits)


def _check_ngram(p):
    n = p.ngram_size
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise ValueError(f"NoRepeatNGram: `ngram_size` must be a positive int, got {n!r}")


def _list_diff(p, x, y):
    """The entries of `x` not in `y`, in order, and their positions in `x`: the output's
    length depends on the values, so concrete inputs are needed (a graph-mode Cell then runs
    eagerly)."""
    for name, v in (("x", x), ("y", y)):
        if isinstance(v, Tracer):
            raise jax.errors.ConcretizationTypeError(
                v, f"ListDiff: `{name}`'s values fix the output's length; call it outside jit"
            )
    x, y = np.asarray(x), np.asarray(y)
    if x.ndim != 1 or y.ndim != 1:
        raise ValueError(f"ListDiff: `x` and `y` must be 1-D, got shapes {x.shape} and {y.shape}")
    if x.dtype != y.dtype:
        raise TypeError(f"ListDiff: `y` must have `x`'s dtype {x.dtype}, got {y.dtype}")
    keep = np.flatnonzero(~np.isin(x, y))
    return jnp.asarray(x[keep]), jnp.asarray(keep.astype(canonical_dtype(p.out_idx)))


def _check_out_idx(p):
    if canonical_dtype(p.out_idx) not in (np.int32, np.int64):
        raise TypeError(f"ListDiff: `out_idx` must be int32 or int64, got {p.out_idx}")


def _shown(value, count):
    return np.asarray(value).reshape(-1)[:count]


def _report_and_raise(summarize, data):
    lines = ["Assert: the condition is False; the first entries of each input:"]
    lines += [f"  {_shown(v, summarize)}" for v in data]
    print("\n".join(lines))
    raise RuntimeError(f"Assert: the condition is False ({len(data)} inputs shown above)")


def _assert(p, condition, input_data):
    if not isinstance(input_data, (tuple, list)):
        raise TypeError(
            f"Assert: `input_data` must be a tuple or list of Tensors, got "
            f"{type(input_data).__name__}"
        )
    cond = jnp.asarray(condition)
    if cond.dtype != jnp.bool_ or cond.size != 1:
        raise TypeError(
            f"Assert: `condition` must be a bool or a one-element bool Tensor, got {cond}"
        )
    data = [jnp.asarray(unwrap(v)) for v in input_data]
    if isinstance(cond, Tracer):  # compiled: checked when the program runs

        def check(ok, *values):
            if not bool(np.asarray(ok).reshape(())):
                _report_and_raise(p.summarize, values)

        jax.debug.callback(check, cond, *data)
    elif not bool(cond.reshape(())):
        _report_and_raise(p.summarize, data)
    return jnp.zeros((1,), jnp.int32)


def _check_summarize(p):
    if not isinstance(p.summarize, int) or isinstance(p.summarize, bool):
        raise TypeError(f"Assert: `summarize` must be an int, got {type(p.summarize).__name__}")


def _iou(box, others):
    """IoU of `box` with each row of `others`, corners (y1, x1, y2, x2) in either order."""
    lo = np.minimum(others[:, :2], others[:, 2:])
    hi = np.maximum(others[:, :2], others[:, 2:])
    blo, bhi = np.minimum(box[:2], box[2:]), np.maximum(box[:2], box[2:])
    inter = np.prod(np.clip(np.minimum(hi, bhi) - np.maximum(lo, blo), 0, None), axis=1)
    union = np.prod(bhi - blo) + np.prod(hi - lo, axis=1) - inter
    return np.where(union > 0, inter / np.where(union > 0, union, 1), 0.0)


def _class_selection(boxes, scores, per_class, iou_threshold, score_threshold):
    """Greedy NMS of one class: the kept indices, best score first."""
    order = [i for i in np.argsort(-scores, kind="stable") if scores[i] > score_threshold]
    kept = []
    for i in order:
        if len(kept) == per_class:
            break
        if not kept or np.all(_iou(boxes[i], boxes[kept]) <= iou_threshold):
            kept.append(i)
    return kept


def _combined_nms(p, boxes, scores, max_output_size_per_class, max_total_size, iou, threshold):
    """Per image: NMS in each class, then the best `max_total_size` boxes of all classes.
    The output size comes from `max_total_size`'s value, so the inputs must be concrete."""
    args = (boxes, scores, max_output_size_per_class, max_total_size, iou, threshold)
    for v in args:
        if isinstance(v, Tracer):
            raise jax.errors.ConcretizationTypeError(
                v, "CombinedNonMaxSuppression: the output size comes from input values"
            )
    boxes, scores = np.asarray(boxes, np.float32), np.asarray(scores, np.float32)
    per_class, total = int(np.asarray(args[2])), int(np.asarray(args[3]))
    iou, threshold = float(np.asarray(iou)), float(np.asarray(threshold))
    if boxes.ndim != 4 or boxes.shape[-1] != 4 or scores.ndim != 3:
        raise ValueError(
            "CombinedNonMaxSuppression: `boxes` must be (batch, boxes, q, 4) and `scores` "
            f"(batch, boxes, classes), got {boxes.shape} and {scores.shape}"
        )
    batch, classes = scores.shape[0], scores.shape[2]
    size = min(total, per_class * classes) if p.pad_per_class else total
    out_boxes = np.zeros((batch, size, 4), np.float32)
    out_scores = np.zeros((batch, size), np.float32)
    out_classes = np.zeros((batch, size), np.float32)
    valid = np.zeros(batch, np.int32)
    for b in range(batch):
        found = []  # (score, class, box)
        for k in range(classes):
            class_boxes = boxes[b, :, k if boxes.shape[2] > 1 else 0]
            for i in _class_selection(class_boxes, scores[b, :, k], per_class, iou, threshold):
                found.append((scores[b, i, k], k, class_boxes[i]))
        found.sort(key=lambda item: -item[0])  # (stable: ties keep the class order)
        found = found[:size]
        valid[b] = len(found)
        for j, (score, k, box) in enumerate(found):
            out_boxes[b, j], out_scores[b, j], out_classes[b, j] = box, score, k
    if p.clip_boxes:
        out_boxes = np.clip(out_boxes, 0.0, 1.0)
    return tuple(jnp.asarray(v) for v in (out_boxes, out_scores, out_classes, valid))


_ID_DTYPES = (np.int8, np.int16, np.int32, np.int64)


def _int_input(who, name, value, dtypes=(np.int32, np.int64)):
    if np.dtype(value.dtype) not in tuple(np.dtype(d) for d in dtypes):
        raise TypeError(f"{who}: `{name}` must be an integer Tensor, got {value.dtype}")
    return value


def _pad_and_shift(p, input_x, cum_sum_arr, shift_idx):
    """`cum_sum_arr[-1]` values of -1, with ``input_x[:end - start]`` written at
    ``[start, end)``, where ``start, end = cum_sum_arr[shift_idx], cum_sum_arr[shift_idx + 1]``.
    The result's length depends on the values, so they must be concrete."""
    who = "PadAndShift"
    x = _int_input(who, "input_x", input_x)
    cum = np.asarray(_concrete(_int_input(who, "cum_sum_arr", cum_sum_arr), who)).reshape(-1)
    idx = int(np.asarray(_concrete(shift_idx, who)))
    if not 0 <= idx < cum.size - 1:
        raise RuntimeError(f"{who}: `shift_idx` {idx} must lie in [0, {cum.size - 1})")
    start, end, size = int(cum[idx]), int(cum[idx + 1]), int(cum[-1])
    if not 0 <= start <= end <= size or end - start > x.shape[0]:
        raise RuntimeError(
            f"{who}: [{start}, {end}) from `cum_sum_arr` must fit the output ({size}) and "
            f"`input_x` ({x.shape[0]})"
        )
    out = jnp.full((size,), -1, x.dtype)
    return out.at[start:end].set(jnp.asarray(x)[: end - start])


def _map_uniform(p, input, per_group_size, group_num):
    """Id ``i`` becomes ``(i % group_num) * per_group_size + i // group_num`` (C's truncating
    division and remainder), spreading consecutive ids over `group_num` groups."""
    who = "MapUniform"
    x = jnp.asarray(_int_input(who, "input", input, _ID_DTYPES))
    size, groups = (jnp.asarray(v).astype(x.dtype) for v in (per_group_size, group_num))
    if not isinstance(group_num, Tracer) and int(np.asarray(group_num)) == 0:
        raise RuntimeError(f"{who}: `group_num` must not be 0")
    out = jax.lax.rem(x, groups) * size + jax.lax.div(x, groups)
    if not any(isinstance(v, Tracer) for v in (out, size, groups)):
        bound = int(size) * int(groups)
        if out.size and int(jnp.max(out)) >= bound:
            raise RuntimeError(
                f"{who}: every id must map below per_group_size * group_num = {bound}, got "
                f"{int(jnp.max(out))}"
            )
    return out


TABLE = [
    ("NoRepeatNGram", sig(ngram_size=1), _no_repeat_ngram),
    ("ListDiff", sig(out_idx=mstype.int32), _list_diff),
    ("Assert", sig(summarize=3), _assert),
    ("CombinedNonMaxSuppression", sig(pad_per_class=False, clip_boxes=True), _combined_nms),
    ("PadAndShift", sig(), _pad_and_shift),
    ("MapUniform", sig(), _map_uniform),
]

INIT_CHECKS = {
    "NoRepeatNGram": _check_ngram,
    "ListDiff": _check_out_idx,
    "Assert": _check_summarize,
}
