"""Decoded video pictures to RGB as MindSpore's FFmpeg (libswscale 6) converts them."""

from __future__ import annotations

import functools

import numpy as np

__all__ = ["picture_rgb"]

# swscale's default YUV->RGB matrix (ITU-R BT.601, limited range), in 16.16 fixed point:
# V to red, U to blue, U to green, V to green
_BT601 = (104597, 132201, -25675, -53279)
_TABLE_SIZE = 1024

# the pixel formats swscale converts with its table-driven path: (how many chroma rows each
# pair of picture rows has, full range); 4:2:2 is converted as 4:2:0, from every other
# chroma row
_TABLE_FORMATS = {
    "yuv420p": (1, False),
    "yuv422p": (2, False),
    "yuvj420p": (1, True),
    "yuvj422p": (2, True),
}


def _c_div(num: int, den: int) -> int:
    # C integer division truncates toward zero
    quotient = abs(num) // abs(den)
    return quotient if (num >= 0) == (den >= 0) else -quotient


@functools.cache
def _tables(full_range: bool):
    """The luma lookup table and, per chroma value, each chroma term's offset into it."""
    if full_range:
        luma_scale, luma_offset, origin = 1 << 16, 0, 384
        coeffs = [_c_div(c * 224, 255) for c in _BT601]
    else:  # 219 luma steps from 16 stretched to 255
        luma_scale, luma_offset, origin = (1 << 16) * 255 // 219, 16 << 16, 326
        coeffs = list(_BT601)
    steps = np.arange(_TABLE_SIZE, dtype=np.int64) * luma_scale
    luma = np.clip((steps - (384 << 16) - luma_offset + 0x8000) >> 16, 0, 255).astype(np.uint8)
    # each chroma coefficient re-expressed in luma steps, so a chroma value becomes an index
    # shift into the luma table (rounded once per term: that is swscale's C arithmetic)
    red, blue, green_u, green_v = (_c_div((c << 16) + 0x8000, luma_scale) for c in coeffs)
    chroma = np.arange(256, dtype=np.int64)

    def shift(coeff):
        return origin - (coeff >> 9) + ((chroma * coeff) >> 16)

    green = shift(green_u), -(green_v >> 9) + ((chroma * green_v) >> 16)
    return luma, shift(red), shift(blue), green


def _plane(frame, index: int) -> np.ndarray:
    plane = frame.planes[index]
    rows = np.frombuffer(memoryview(plane), np.uint8)
    return rows.reshape(plane.height, plane.line_size)[:, : plane.width]


def picture_rgb(frame) -> np.ndarray:
    """A decoded PyAV picture as uint8 (H, W, 3) RGB, as MindSpore 2.10's FFmpeg converts it.

    For 4:2:0 and 4:2:2 YUV pictures of even height (limited or full range), swscale
    converts through lookup tables (its C path), which this repeats to the bit; other
    pictures go through PyAV's FFmpeg (whose rounding may differ from MindSpore's).

    Example:
        >>> import av
        >>> import numpy as np
        >>> picture = av.VideoFrame(4, 2, "yuv420p")
        >>> for plane, value in zip(picture.planes, (16, 128, 128)):
        ...     plane.update(bytes([value]) * plane.buffer_size)
        >>> picture_rgb(picture)[0, 0].tolist()
        [0, 0, 0]
    """
    kind = _TABLE_FORMATS.get(frame.format.name)
    if kind is None or frame.height % 2:
        return frame.to_ndarray(format="rgb24")
    step, full_range = kind
    luma, red, blue, (green_u, green_v) = _tables(full_range)
    y = _plane(frame, 0).astype(np.int64)
    u = _plane(frame, 1)
    v = _plane(frame, 2)
    # each chroma sample serves a 2x2 block: nearest, no interpolation
    u = np.repeat(np.repeat(u[::step], 2, axis=0), 2, axis=1)[: frame.height, : frame.width]
    v = np.repeat(np.repeat(v[::step], 2, axis=0), 2, axis=1)[: frame.height, : frame.width]
    rgb = np.empty((frame.height, frame.width, 3), np.uint8)
    rgb[..., 0] = luma[y + red[v]]
    rgb[..., 1] = luma[y + green_u[u] + green_v[v]]
    rgb[..., 2] = luma[y + blue[u]]
    return rgb
