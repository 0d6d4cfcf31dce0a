"""The record framing of summary and lineage files, and a reader of their events.

Each record is ``length (8 bytes, little-endian) | masked CRC32C of those 8 bytes (4) |
payload | masked CRC32C of the payload (4)``, the CRC masked by rotating it right 15 bits and
adding 0xA282EAD8 (modulo 2**32), as MindSpore's event writer frames a serialized Event.

Example:
    >>> import io
    >>> buf = io.BytesIO()
    >>> write_record(buf, b"abc")
    >>> list(iter_records(io.BytesIO(buf.getvalue())))
    [b'abc']
"""

from __future__ import annotations

import struct

import google_crc32c

__all__ = ["frame", "write_record", "iter_records", "read_events"]

_MASK_DELTA = 0xA282EAD8


def _masked_crc(data):
    crc = google_crc32c.value(data)
    return (((crc >> 15) | (crc << 17)) + _MASK_DELTA) & 0xFFFFFFFF


def frame(payload):
    """`payload` framed as one record (bytes)."""
    head = struct.pack("<Q", len(payload))
    return b"".join(
        (
            head,
            struct.pack("<I", _masked_crc(head)),
            payload,
            struct.pack("<I", _masked_crc(payload)),
        )
    )


def write_record(file, payload):
    """Write `payload` as one framed record to the binary file object `file`."""
    file.write(frame(payload))


def iter_records(file):
    """The payloads of the records in binary file object `file`, checking both CRCs (a
    ValueError names a damaged or cut-off record)."""
    while True:
        head = file.read(8)
        if not head:
            return
        crc = file.read(4)
        if len(head) < 8 or len(crc) < 4 or struct.unpack("<I", crc)[0] != _masked_crc(head):
            raise ValueError("summary file: a record's length field is damaged or cut off")
        (length,) = struct.unpack("<Q", head)
        payload, crc = file.read(length), file.read(4)
        if len(payload) < length or len(crc) < 4:
            raise ValueError("summary file: the last record is cut off")
        if struct.unpack("<I", crc)[0] != _masked_crc(payload):
            raise ValueError("summary file: a record's payload does not match its CRC")
        yield payload


def read_events(path):
    """The events of a summary file (``Event``) or a lineage file (``LineageEvent``, for a
    name ending in ``_lineage``), in order.

    Example:
        >>> import os, tempfile
        >>> from msfunc.train.summary._proto import Event
        >>> path = os.path.join(tempfile.mkdtemp(), "events.out.events.summary.1.0.h_MS")
        >>> with open(path, "wb") as f:
        ...     write_record(f, Event(wall_time=1.0, version="v").SerializeToString())
        >>> [e.version for e in read_events(path)]
        ['v']
    """
    from ._proto import Event, LineageEvent

    cls = LineageEvent if str(path).endswith("_lineage") else Event
    with open(path, "rb") as f:
        return [cls.FromString(payload) for payload in iter_records(f)]
