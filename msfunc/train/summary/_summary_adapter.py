"""Summary values into Event messages: scalars, tensors, histograms and image grids, and the
names of the event files.

Example:
    >>> import numpy as np
    >>> event = package_summary_event(
    ...     [{"_type": "Scalar", "name": "loss", "data": np.float32(0.5)}], step=3, wall_time=1.0)
    >>> event.step, event.summary.value[0].scalar_value
    (3, 0.5)
    >>> _calc_histogram_bins(100)
    11
"""

from __future__ import annotations

import io
import logging
import platform
import re
import time

import numpy as np

from ._checks import NAME_PATTERN
from ._proto import DTYPE_CODES, Event

__all__ = [
    "get_event_file_name",
    "package_init_event",
    "package_summary_event",
    "EVENT_FILE_NAME_MARK",
]

_log = logging.getLogger("msfunc.train.summary")

EVENT_FILE_NAME_MARK = ".out.events.summary."
# the first event of every summary file says which format follows
_VERSION = "MindSpore.Event:1"
_MAX_BINS = 90
_IMAGES_PER_ROW = 8

_DTYPE_NAMES = {
    np.dtype(np.bool_): "DT_BOOL",
    np.dtype(np.int8): "DT_INT8",
    np.dtype(np.int16): "DT_INT16",
    np.dtype(np.int32): "DT_INT32",
    np.dtype(np.int64): "DT_INT64",
    np.dtype(np.uint8): "DT_UINT8",
    np.dtype(np.uint16): "DT_UINT16",
    np.dtype(np.uint32): "DT_UINT32",
    np.dtype(np.uint64): "DT_UINT64",
    np.dtype(np.float16): "DT_FLOAT16",
    np.dtype(np.float32): "DT_FLOAT32",
    np.dtype(np.float64): "DT_FLOAT64",
}


def _check_name_part(value, what):
    if not isinstance(value, str):
        raise TypeError(f"SummaryRecord: `{what}` must be a str, got {type(value).__name__}")
    if re.match(NAME_PATTERN, value, re.ASCII) is None:
        raise ValueError(
            f"SummaryRecord: `{what}` {value!r} must be word characters followed by letters, "
            "digits, '_' or '.'"
        )


def get_event_file_name(prefix, suffix, time_second):
    """``<prefix>.out.events.summary.<time_second>.<device id>.<host name><suffix>``.

    Example:
        >>> get_event_file_name("events", "_MS", "17").startswith("events.out.events.summary.17.0.")
        True
    """
    _check_name_part(prefix, "file_prefix")
    _check_name_part(suffix, "file_suffix")
    from ... import context

    device_id = context.get_context("device_id")
    return f"{prefix}{EVENT_FILE_NAME_MARK}{time_second}.{device_id}.{platform.node()}{suffix}"


def package_init_event():
    """The version event a summary file starts with."""
    return Event(wall_time=time.time(), version=_VERSION)


def package_summary_event(data_list, step, wall_time):
    """One Event holding `data_list`'s values (dicts with ``_type`` Scalar / Tensor / Image /
    Histogram / Landscape, ``name`` and numpy ``data``); a value that cannot be shown (an empty
    scalar, a tensor that is no image) is left out with a log line."""
    event = Event(wall_time=wall_time, step=int(step))
    summary = event.summary
    summary.SetInParent()
    for item in data_list:
        kind, tag, data = item["_type"], item["name"], item["data"]
        value = summary.value.add(tag=tag)
        if kind == "Scalar":
            kept = _fill_scalar(tag, data, value)
        elif kind == "Tensor":
            kept = _fill_tensor(data, value.tensor)
        elif kind == "Image":
            kept = _fill_image(tag, data, value.image)
        elif kind == "Histogram":
            kept = _fill_histogram(tag, data, value.histogram)
        elif kind == "Landscape":
            value.loss_landscape.ParseFromString(data)
            kept = True
        else:
            _log.error("summary value %r has an unknown kind %r", tag, kind)
            kept = False
        if not kept:
            del summary.value[-1]
    return event


def _fill_scalar(tag, data, value):
    data = np.asarray(data)
    if data.size == 0:
        _log.error("scalar summary %r holds no value", tag)
        return False
    # a tensor of several values shows its first one
    value.scalar_value = data.reshape(-1)[0].item()
    return True


def _fill_tensor(data, tensor):
    data = np.asarray(data)
    name = _DTYPE_NAMES.get(data.dtype)
    if name is None:
        raise TypeError(
            f"tensor summary: element type {data.dtype} is not one of bool, int8 ... uint64, "
            "float16, float32, float64"
        )
    tensor.data_type = DTYPE_CODES[name]
    tensor.float_data.extend(data.reshape(-1).tolist())
    tensor.dims.extend(data.shape)
    return True


def _calc_histogram_bins(count):
    """How many buckets a histogram of `count` finite values gets: a few for tiny inputs,
    then about ten values a bucket, at most 90."""
    if not count:
        return 1
    if count <= 5:
        return 2
    if count <= 10:
        return 3
    return min(count // 10 + 1, _MAX_BINS)


def _fill_histogram(tag, data, histogram):
    data = np.asarray(data)
    finite = data[np.isfinite(data)] if data.dtype.kind in "fc" else data.reshape(-1)
    histogram.count = data.size
    if data.dtype.kind in "fc":
        histogram.nan_count = int(np.count_nonzero(np.isnan(data)))
        histogram.pos_inf_count = int(np.count_nonzero(np.isposinf(data)))
        histogram.neg_inf_count = int(np.count_nonzero(np.isneginf(data)))
    else:
        histogram.nan_count = histogram.pos_inf_count = histogram.neg_inf_count = 0
    if not finite.size:
        _log.warning("histogram summary %r: no finite values among %d", tag, data.size)
        return True
    lo, hi = finite.min(), finite.max()
    histogram.min, histogram.max = float(lo), float(hi)
    histogram.sum = float(finite.sum(dtype=np.float64))
    first, last = histogram.min, histogram.max
    if not first < last:  # one distinct value: a bucket around it
        first, last = first - 0.5, last + 0.5
    edges = np.linspace(first, last, _calc_histogram_bins(finite.size) + 1, dtype=data.dtype)
    counts, edges = np.histogram(finite, bins=edges)
    for count, left, right in zip(counts, edges, edges[1:]):
        histogram.buckets.add(left=left, width=right - left, count=count)
    return True


def _image_grid(images):
    """N images (N, C, H, W), C 1 or 3, laid out 8 a row on one 3-channel float canvas (H, W, 3)."""
    if images.shape[1] == 1:
        images = np.repeat(images, 3, axis=1)
    n, _, h, w = images.shape
    cols = min(n, _IMAGES_PER_ROW)
    rows = -(-n // cols)
    canvas = np.zeros((3, h * rows, w * cols))
    for i, image in enumerate(images):
        row, col = divmod(i, cols)
        canvas[:, row * h : (row + 1) * h, col * w : (col + 1) * w] = image
    return canvas.transpose(1, 2, 0)


def _fill_image(tag, data, image):
    data = np.asarray(data)
    if data.ndim != 4 or data.shape[1] not in (1, 3) or 0 in data.shape:
        _log.error("image summary %r: expected (N, 1 or 3, H, W) images, got %s", tag, data.shape)
        return False
    grid = _image_grid(data)
    lo, hi = float(grid.min()), float(grid.max())
    # values in [0, 1] scale to 255; any other range maps linearly onto 0..255 (Python floats:
    # the arithmetic stays in float32)
    scale, shift = (255.0, 0.0) if lo >= 0 and hi <= 1 else (1.0, lo)
    if not (lo >= 0 and hi <= 1) and hi != lo:
        scale = 255 / (hi - lo + 1)
    pixels = ((grid.astype(np.float32) - shift) * scale).astype(np.uint8)
    from PIL import Image

    out = io.BytesIO()
    Image.fromarray(pixels).save(out, format="PNG")
    image.height, image.width, image.colorspace = pixels.shape
    image.encoded_image = out.getvalue()
    return True
