"""PNG encoding as MindSpore's `encode_png` writes it: libpng's adaptive row filters and
zlib's run-length strategy in libpng's window, so the bytes equal MindSpore's."""

from __future__ import annotations

import struct
import zlib

import numpy as np

_RLE = 3  # zlib's Z_RLE: OpenCV's PNG writer compresses with it, whatever the level


def _filter_rows(image: np.ndarray) -> bytes:
    """Each row under PNG's five filters (None, Sub, Up, Average, Paeth), prefixed by the one
    of least cost (the first of equal costs), as libpng chooses; all rows at once, since each
    filter reads only the unfiltered rows."""
    height = image.shape[0]
    bpp = 1 if image.ndim == 2 else image.shape[2]
    raw = image.reshape(height, -1)
    up = np.concatenate([np.zeros_like(raw[:1]), raw[:-1]])
    left = np.pad(raw, ((0, 0), (bpp, 0)))[:, : raw.shape[1]]
    upleft = np.pad(up, ((0, 0), (bpp, 0)))[:, : raw.shape[1]]
    # (uint8 differences wrap modulo 256, as PNG's filters do; Paeth's predictor needs sign)
    wide = [v.astype(np.int16) for v in (left, up, upleft)]
    p = wide[0] + wide[1] - wide[2]
    pa, pb, pc = (np.abs(p - v) for v in wide)
    paeth = np.where((pa <= pb) & (pa <= pc), left, np.where(pb <= pc, up, upleft))
    average = (left >> 1) + (up >> 1) + (left & up & 1)
    options = np.stack([raw, raw - left, raw - up, raw - average, raw - paeth])
    # (libpng drops the filters that read the row above in a one-row image, and those that
    # read the pixel to the left in a one-column one)
    if height == 1:
        options = options[:2]
    elif image.shape[1] == 1:
        options = options[[0, 2]]
    # libpng's cost: each filtered byte read as a signed distance from zero
    costs = np.minimum(options, 0 - options).sum(axis=-1, dtype=np.int64)
    best = np.argmin(costs, axis=0)
    rows = options[best, np.arange(height)]
    kinds = best * 2 if image.shape[1] == 1 and height > 1 else best  # (None or Up)
    return np.concatenate([kinds[:, None].astype(np.uint8), rows], axis=1).tobytes()


def _window_bits(size: int) -> int:
    """libpng's zlib window: the smallest that still holds the whole image's data."""
    bits, half = 15, 1 << 14
    if size <= 16384:
        while size + 262 <= half:
            half >>= 1
            bits -= 1
    return max(bits, 9)  # (zlib refuses a window of 8 bits for deflate)


def _smallest_window_header(body: bytes, size: int) -> bytes:
    """libpng rewrites the zlib header to claim the smallest window holding `size` bytes of
    data (below zlib's least window of 512 bytes), with the header check recomputed."""
    cmf = body[0]
    if size > 16384 or (cmf & 0x0F) != 8 or (cmf & 0xF0) > 0x70:
        return body
    cinfo = cmf >> 4
    half = 1 << (cinfo + 7)
    if size > half:
        return body
    while True:
        half >>= 1
        cinfo -= 1
        if not (cinfo > 0 and size <= half):
            break
    cmf = (cmf & 0x0F) | (cinfo << 4)
    flg = body[1] & 0xE0
    flg += 0x1F - ((cmf << 8) + flg) % 0x1F
    return bytes([cmf, flg]) + body[2:]


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_bytes(image: np.ndarray, level: int) -> bytes:
    """The PNG file of an (H, W) grey or (H, W, 3) RGB uint8 image at zlib `level` (0 stores).

    Example:
        >>> import numpy as np
        >>> png_bytes(np.zeros((2, 3), np.uint8), 6)[:8]
        b'\\x89PNG\\r\\n\\x1a\\n'
    """
    height, width = image.shape[:2]
    colour = 0 if image.ndim == 2 else 2
    header = struct.pack(">IIBBBBB", width, height, 8, colour, 0, 0, 0)
    data = _filter_rows(image)
    packer = zlib.compressobj(level, zlib.DEFLATED, _window_bits(len(data)), 8, _RLE)
    body = _smallest_window_header(packer.compress(data) + packer.flush(), len(data))
    signature = b"\x89PNG\r\n\x1a\n"
    return signature + _chunk(b"IHDR", header) + _chunk(b"IDAT", body) + _chunk(b"IEND", b"")
