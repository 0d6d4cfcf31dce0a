"""TFRecord files: record framing, compression and the ``tf.train.Example`` message.

A TFRecord file is a run of records, each ``length`` (uint64, little-endian), the masked
CRC-32C of those 8 bytes (uint32), ``length`` bytes of data and the masked CRC-32C of the
data. A ZLIB or GZIP file is such a run compressed as one stream. Each record's data is a
``tf.train.Example``: ``{1: Features}``, ``Features = {1: map<string, Feature>}`` and
``Feature`` one of ``bytes_list`` (1), ``float_list`` (2) or ``int64_list`` (3), each a
message whose field 1 repeats the values. The message classes are built here from that
description, so reading needs only the protobuf runtime.
"""

from __future__ import annotations

import gzip
import struct
import zlib
from typing import Any

import numpy as np
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
from google.protobuf.message import DecodeError

__all__ = ["COMPRESSIONS", "read_records", "parse_example", "encode_example", "frame_record"]

COMPRESSIONS = ("", "ZLIB", "GZIP")


def _crc32c_table():
    poly = 0x82F63B78  # CRC-32C (Castagnoli), reflected
    table = []
    for byte in range(256):
        crc = byte
        for _ in range(8):
            crc = (crc >> 1) ^ poly if crc & 1 else crc >> 1
        table.append(crc)
    return table


_TABLE = _crc32c_table()


def _masked_crc(data: bytes) -> int:
    crc = 0xFFFFFFFF
    for byte in data:
        crc = _TABLE[(crc ^ byte) & 0xFF] ^ (crc >> 8)
    crc ^= 0xFFFFFFFF
    return (((crc >> 15) | (crc << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def frame_record(data: bytes) -> bytes:
    """One record as a TFRecord file holds it: length, its CRC, the data, the data's CRC.

    Example:
        >>> len(frame_record(b"abc"))
        19
    """
    head = struct.pack("<Q", len(data))
    crcs = struct.pack("<I", _masked_crc(head)), struct.pack("<I", _masked_crc(data))
    return head + crcs[0] + data + crcs[1]


def _file_bytes(path: str, compression: str) -> bytes:
    with open(path, "rb") as f:
        raw = f.read()
    if compression == "GZIP":
        return gzip.decompress(raw)
    if compression == "ZLIB":
        return zlib.decompress(raw)
    return raw


def read_records(path: str, compression: str = "") -> list[bytes]:
    """The records of one TFRecord file, in file order. The length field's CRC is checked
    (it catches a file that is not TFRecord); the data's is not, as checking it in Python
    would cost more than reading the file.

    Example:
        >>> import os, tempfile
        >>> path = os.path.join(tempfile.mkdtemp(), "r.tfrecord")
        >>> _ = open(path, "wb").write(frame_record(b"x") + frame_record(b"yz"))
        >>> read_records(path)
        [b'x', b'yz']
    """
    data = _file_bytes(path, compression)
    records, pos = [], 0
    while pos < len(data):
        head = data[pos : pos + 8]
        if len(head) < 8 or len(data) < pos + 12:
            raise RuntimeError(f"TFRecordDataset: {path!r} ends inside a record header")
        (length,) = struct.unpack("<Q", head)
        (crc,) = struct.unpack("<I", data[pos + 8 : pos + 12])
        if crc != _masked_crc(head):
            raise RuntimeError(f"TFRecordDataset: {path!r} is not a TFRecord file (bad CRC)")
        end = pos + 12 + length
        if len(data) < end + 4:
            raise RuntimeError(f"TFRecordDataset: {path!r} ends inside a record")
        records.append(data[pos + 12 : end])
        pos = end + 4
    return records


def _build_example_class():
    F = descriptor_pb2.FieldDescriptorProto
    proto = descriptor_pb2.FileDescriptorProto(
        name="msfunc/dataset/example.proto", package="msfunc.tfrecord", syntax="proto3"
    )
    for name, kind in (
        ("BytesList", F.TYPE_BYTES),
        ("FloatList", F.TYPE_FLOAT),
        ("Int64List", F.TYPE_INT64),
    ):
        message = proto.message_type.add(name=name)
        message.field.add(name="value", number=1, type=kind, label=F.LABEL_REPEATED)
    feature = proto.message_type.add(name="Feature")
    feature.oneof_decl.add(name="kind")
    for number, (name, kind) in enumerate(
        (("bytes_list", "BytesList"), ("float_list", "FloatList"), ("int64_list", "Int64List")), 1
    ):
        feature.field.add(
            name=name,
            number=number,
            type=F.TYPE_MESSAGE,
            label=F.LABEL_OPTIONAL,
            type_name=f".msfunc.tfrecord.{kind}",
            oneof_index=0,
        )
    features = proto.message_type.add(name="Features")
    entry = features.nested_type.add(name="FeatureEntry")
    entry.options.map_entry = True
    entry.field.add(name="key", number=1, type=F.TYPE_STRING, label=F.LABEL_OPTIONAL)
    entry.field.add(
        name="value",
        number=2,
        type=F.TYPE_MESSAGE,
        label=F.LABEL_OPTIONAL,
        type_name=".msfunc.tfrecord.Feature",
    )
    features.field.add(
        name="feature",
        number=1,
        type=F.TYPE_MESSAGE,
        label=F.LABEL_REPEATED,
        type_name=".msfunc.tfrecord.Features.FeatureEntry",
    )
    example = proto.message_type.add(name="Example")
    example.field.add(
        name="features",
        number=1,
        type=F.TYPE_MESSAGE,
        label=F.LABEL_OPTIONAL,
        type_name=".msfunc.tfrecord.Features",
    )
    pool = descriptor_pool.DescriptorPool()
    pool.Add(proto)
    return message_factory.GetMessageClass(pool.FindMessageTypeByName("msfunc.tfrecord.Example"))


Example = _build_example_class()


def parse_example(record: bytes) -> dict[str, tuple[str, list]]:
    """A ``tf.train.Example``'s features: name -> (kind, values), kind one of ``'bytes'``,
    ``'float'`` and ``'int64'``.

    Example:
        >>> parse_example(encode_example({"n": [1, 2], "s": [b"ab"]}))
        {'n': ('int64', [1, 2]), 's': ('bytes', [b'ab'])}
    """
    message: Any = Example()  # (a class built at runtime: its fields are unknown statically)
    try:
        message.ParseFromString(record)
    except DecodeError as exc:
        raise RuntimeError(f"TFRecordDataset: a record is not a tf.train.Example: {exc}") from None
    out = {}
    for name in sorted(message.features.feature):
        feature = message.features.feature[name]
        kind = feature.WhichOneof("kind")
        if kind is None:
            out[name] = ("int64", [])
        else:
            out[name] = (kind[: -len("_list")], list(getattr(feature, kind).value))
    return out


def encode_example(features: dict) -> bytes:
    """A ``tf.train.Example`` of `features` (name -> list of ints, floats or bytes; the
    first value's type decides the kind).

    Example:
        >>> parse_example(encode_example({"x": [0.5], "n": [7]}))
        {'n': ('int64', [7]), 'x': ('float', [0.5])}
    """
    message: Any = Example()
    for name, values in features.items():
        values = list(values)
        feature = message.features.feature[name]
        if values and isinstance(values[0], bytes):
            feature.bytes_list.value.extend(values)
        elif values and isinstance(values[0], (float, np.floating)):
            feature.float_list.value.extend(values)
        else:
            feature.int64_list.value.extend(int(v) for v in values)
    return message.SerializeToString()
