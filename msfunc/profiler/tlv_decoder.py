"""Decoding the framework's TLV files: records of (u16 type, u32 length, value), little-endian.

Each record of an op-range file is itself a fixed-size struct followed by TLV string fields.
"""

import struct
from typing import Any

from .. import log as logger
from .trace_constants import FileConstant

__all__ = ["TLVDecoder"]

_HEAD = struct.Struct("<HI")  # type, length


class TLVDecoder:
    """Decodes TLV byte streams; a truncated tail is a warning and ends the stream.

    Example:
        >>> import struct
        >>> from msfunc.profiler.tlv_decoder import TLVDecoder
        >>> field = struct.pack("<HI", 13, 2) + b"op"
        >>> record = struct.pack("<2H", 7, 9) + field
        >>> TLVDecoder.decode(struct.pack("<HI", 1, len(record)) + record, "<2H", 4)
        [{13: 'op', 'fix_size_data': (7, 9)}]
    """

    _TYPE_LEN = 2
    _LENGTH_LEN = 4

    @classmethod
    def decode(cls, all_bytes, fix_data_formats, fix_data_struct_size):
        """The records of `all_bytes`: each a dict of its string fields (by type id) with the
        unpacked fixed part under ``"fix_size_data"``; a record shorter than its fixed part
        is skipped with a warning."""
        decoded = []
        for record in cls.tlv_list_decode(all_bytes):
            if len(record) < fix_data_struct_size:
                logger.warning("Skipped a framework record shorter than its fixed part")
                continue
            fields: Any = cls.tlv_list_decode(record[fix_data_struct_size:], is_field=True)
            fixed = struct.unpack(fix_data_formats, record[:fix_data_struct_size])
            fields[FileConstant.FIX_SIZE_DATA] = fixed
            decoded.append(fields)
        return decoded

    @classmethod
    def tlv_list_decode(cls, tlv_bytes, is_field=False):
        """The values of a TLV stream: a list of bytes, or with `is_field` a dict type id ->
        utf-8 text ("N/A" for a value that is not utf-8)."""
        values: Any = {} if is_field else []
        index, size = 0, len(tlv_bytes)
        while index < size:
            if index + _HEAD.size > size:
                logger.warning(f"TLV stream ends inside a record header at byte {index}")
                break
            type_id, length = _HEAD.unpack_from(tlv_bytes, index)
            index += _HEAD.size
            if index + length > size:
                logger.warning(f"TLV stream ends inside a {length}-byte value at byte {index}")
                break
            value = tlv_bytes[index : index + length]
            index += length
            if not is_field:
                values.append(value)
                continue
            try:
                values[type_id] = value.decode()
            except UnicodeDecodeError:
                logger.warning(f"A framework record field is not utf-8: {value!r}")
                values[type_id] = "N/A"
        return values
