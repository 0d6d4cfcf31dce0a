"""MindSpore's .ckpt wire format: a protobuf schema built in Python, entry framing and CRC.

The layout, read off files written by MindSpore 2.10 (``tests/oracle/gen_ckpt_fixtures.py``):

- the file is one protobuf message whose field 1 repeats an *entry*; each entry is
  ``{1: name (string), 2: tensor}`` and a tensor is ``{1: dims (repeated int64, one
  varint per dim, none for a scalar), 2: dtype name ('Float32', 'BFloat16', 'str', ...),
  3: raw little-endian bytes in C order}``;
- a tensor too big for one message is split into several entries with the same name,
  each carrying the full dims and a slice of the bytes, concatenated on load;
- a string is stored as dtype ``'str'`` with dims ``[0]`` and its UTF-32-LE code units;
- with ``crc_check=True`` the file ends in ``b'crc_num'`` followed by the zlib CRC-32 of
  everything before it, as a 10-byte big-endian integer.

Entries are written and read one at a time (a concatenation of one-entry messages is the
same message), so neither saving nor loading holds a second copy of the whole model, and
files past protobuf's 2 GiB message limit work.
"""

from __future__ import annotations

import zlib

import numpy as np
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
from google.protobuf.message import DecodeError
from google.protobuf.unknown_fields import UnknownFieldSet

__all__ = [
    "CRC_MARK",
    "DTYPE_NAMES",
    "encode_entry",
    "decode_entries",
    "iter_entries",
    "crc_trailer",
    "split_crc",
    "check_crc",
    "numpy_dtype",
]

CRC_MARK = b"crc_num"
_CRC_BYTES = 10
# Largest tensor_content per entry: protobuf messages must stay under 2 GiB.
SLICE_BYTES = 1 << 30


def _build_classes():
    F = descriptor_pb2.FieldDescriptorProto
    proto = descriptor_pb2.FileDescriptorProto(
        name="msfunc/train/checkpoint.proto", package="msfunc.ckpt", syntax="proto2"
    )
    tensor = proto.message_type.add(name="Tensor")
    tensor.field.add(name="dims", number=1, type=F.TYPE_INT64, label=F.LABEL_REPEATED)
    tensor.field.add(name="dtype", number=2, type=F.TYPE_STRING, label=F.LABEL_OPTIONAL)
    tensor.field.add(name="content", number=3, type=F.TYPE_BYTES, label=F.LABEL_OPTIONAL)
    entry = proto.message_type.add(name="Entry")
    entry.field.add(name="name", number=1, type=F.TYPE_STRING, label=F.LABEL_OPTIONAL)
    entry.field.add(
        name="tensor",
        number=2,
        type=F.TYPE_MESSAGE,
        label=F.LABEL_OPTIONAL,
        type_name=".msfunc.ckpt.Tensor",
    )
    ckpt = proto.message_type.add(name="Checkpoint")
    ckpt.field.add(
        name="entries",
        number=1,
        type=F.TYPE_MESSAGE,
        label=F.LABEL_REPEATED,
        type_name=".msfunc.ckpt.Entry",
    )
    pool = descriptor_pool.DescriptorPool()
    pool.Add(proto)
    return tuple(
        message_factory.GetMessageClass(pool.FindMessageTypeByName(f"msfunc.ckpt.{n}"))
        for n in ("Checkpoint", "Entry", "Tensor")
    )


Checkpoint, Entry, Tensor = _build_classes()

# dtype name in the file <-> numpy dtype (bfloat16 is ml_dtypes', as JAX's).
DTYPE_NAMES = {
    "Float16": "float16",
    "Float32": "float32",
    "Float64": "float64",
    "BFloat16": "bfloat16",
    "Int8": "int8",
    "Int16": "int16",
    "Int32": "int32",
    "Int64": "int64",
    "UInt8": "uint8",
    "UInt16": "uint16",
    "UInt32": "uint32",
    "UInt64": "uint64",
    "Bool": "bool",
    "Complex64": "complex64",
    "Complex128": "complex128",
}
_NAME_OF = {v: k for k, v in DTYPE_NAMES.items()}


def numpy_dtype(name):
    """The numpy dtype of a file dtype name ('Float32' -> float32), or None if unknown."""
    import jax.numpy as jnp

    np_name = DTYPE_NAMES.get(name)
    if np_name is None:
        return None
    return np.dtype(jnp.bfloat16) if np_name == "bfloat16" else np.dtype(np_name)


def _varint_bytes(n):
    out = bytearray()
    while True:
        low, n = n & 0x7F, n >> 7
        if not n:
            out.append(low)
            return bytes(out)
        out.append(low | 0x80)


def _framed(name_field, tensor_head, content):
    """One serialized one-entry Checkpoint, as pieces: a header, then the raw content.

    protobuf would copy the content three times (into bytes, into the message, into the
    serialized string); here only the small header is built by protobuf and the tensor's
    bytes go to the file straight from the array. Both content fields come last in their
    messages, so the layout is exactly protobuf's (``tests/train/test_checkpoint.py`` compares).
    """
    content_field = b"\x1a" + _varint_bytes(len(content))
    tensor_len = len(tensor_head) + len(content_field) + len(content)
    entry_len = len(name_field) + 1 + len(_varint_bytes(tensor_len)) + tensor_len
    head = b"".join(
        [
            b"\x0a",
            _varint_bytes(entry_len),
            name_field,
            b"\x12",
            _varint_bytes(tensor_len),
            tensor_head,
            content_field,
        ]
    )
    return [head, content]


def encode_entry(name, value):
    """The file pieces (bytes / memoryviews, to write in order) of one named value.

    `value` is a numpy array or a str. A tensor over `SLICE_BYTES` becomes several
    entries with the same name, each with the full dims and a slice of the bytes.
    """
    if isinstance(value, str):
        msg = Checkpoint()
        e = msg.entries.add(name=name)
        e.tensor.dims.append(0)
        e.tensor.dtype = "str"
        e.tensor.content = value.encode("utf-32-le")
        return [msg.SerializeToString()]
    dtype_name = _NAME_OF.get(value.dtype.name)
    if dtype_name is None:
        raise ValueError(
            f"save_checkpoint: '{name}' has dtype {value.dtype}, which a .ckpt file "
            f"cannot hold; supported: {sorted(_NAME_OF)}"
        )
    raw = np.asarray(value, value.dtype.newbyteorder("<"), order="C")
    raw = memoryview(raw.reshape(-1).view(np.uint8))
    name_field = Entry(name=name).SerializeToString()
    head = Tensor(dims=value.shape, dtype=dtype_name).SerializeToString()
    out = []
    for i in range(0, max(len(raw), 1), SLICE_BYTES):
        out += _framed(name_field, head, raw[i : i + SLICE_BYTES])
    return out


def crc_trailer(crc):
    """The bytes that end a file saved with ``crc_check=True``."""
    return CRC_MARK + int(crc).to_bytes(_CRC_BYTES, "big")


def split_crc(data):
    """(body, stored_crc or None): separate the CRC trailer from a file's bytes."""
    n = len(CRC_MARK) + _CRC_BYTES
    if len(data) >= n and bytes(data[-n:-_CRC_BYTES]) == CRC_MARK:
        return data[:-n], int.from_bytes(bytes(data[-_CRC_BYTES:]), "big")
    return data, None


def check_crc(body, stored, path):
    """Raise ValueError if the CRC-32 of `body` is not `stored`."""
    actual = zlib.crc32(body)
    if actual != stored:
        raise ValueError(
            f"load_checkpoint: CRC check failed for '{path}': the file is corrupted "
            f"(stored CRC-32 {stored:#010x}, computed {actual:#010x})"
        )


def _varint(buf, pos, end):
    """(value, next position) of the base-128 varint at `pos`, or None if cut off."""
    value = shift = 0
    while pos < end and shift < 64:
        byte = buf[pos]
        value |= (byte & 0x7F) << shift
        pos += 1
        if not byte & 0x80:
            return value, pos
        shift += 7
    return None


_ENTRY_TAG = 0x0A  # field 1, length-delimited: the only top-level field of a checkpoint


def iter_entries(buf, bad):
    """Yield each serialized entry (a memoryview) of a checkpoint body, one at a time.

    Walking the top-level framing by hand (rather than parsing the whole file as one
    message) keeps memory to one entry at a time and lifts protobuf's 2 GiB message
    limit, so checkpoints of large models load.
    """
    view = memoryview(buf)
    pos, end = 0, len(view)
    while pos < end:
        if view[pos] != _ENTRY_TAG:
            raise bad(
                f"unexpected byte {view[pos]:#04x} at offset {pos} where an entry should "
                "start; the file is corrupted or in another format"
            )
        got = _varint(view, pos + 1, end)
        if got is None or got[1] + got[0] > end:
            raise bad(
                f"the entry at offset {pos} runs past the end of the file; the file is truncated"
            )
        length, start = got
        yield view[start : start + length]
        pos = start + length


def decode_entries(body, path):
    """Parse a checkpoint body (bytes or mmap) into an ordered dict name -> numpy array or str.

    Raises ValueError naming `path` on anything that is not a well-formed checkpoint.
    """

    def bad(why):
        return ValueError(
            f"load_checkpoint: '{path}' is not a valid MindSpore checkpoint (.ckpt) file: {why}"
        )

    meta, data = {}, {}  # name -> (dims, dtype name); name -> bytes, or [bytearray, filled]
    for i, raw in enumerate(iter_entries(body, bad)):
        try:
            e = Entry.FromString(raw)
        except DecodeError as err:
            raise bad(f"entry {i} cannot be parsed ({err}); the file is corrupted") from None
        if len(UnknownFieldSet(e)) or len(UnknownFieldSet(e.tensor)):
            raise bad(f"entry {i} holds fields that are not part of a checkpoint entry")
        if not e.HasField("name") or not e.HasField("tensor"):
            raise bad(f"entry {i} has no name or no tensor (map tensors are not supported)")
        name, t = e.name, e.tensor
        key, content = (tuple(t.dims), t.dtype), t.content
        if name not in meta:
            meta[name] = key
            need = _nbytes(name, key, bad)
            if need is None or len(content) == need:
                data[name] = content
            else:  # the first slice of a sliced tensor: assemble in place, slice by slice
                data[name] = [bytearray(need), 0]
        elif meta[name] != key:
            raise bad(f"'{name}' appears twice with different shapes or dtypes")
        elif not isinstance(data[name], list):
            raise bad(f"'{name}' holds more bytes than its shape {list(key[0])} needs")
        slot = data[name]
        if isinstance(slot, list):
            buf, filled = slot
            if filled + len(content) > len(buf):
                raise bad(f"'{name}' holds more bytes than its shape {list(key[0])} needs")
            buf[filled : filled + len(content)] = content
            slot[1] = filled + len(content)
        del e, t, content  # keep one slice's bytes alive at a time
    out = {}
    for name, slot in data.items():
        dims, dtype_name = meta[name]
        if dtype_name == "str":
            out[name] = slot.decode("utf-32-le", errors="replace")
            continue
        if isinstance(slot, list):
            if slot[1] != len(slot[0]):
                raise bad(
                    f"'{name}' holds {slot[1]} bytes, but shape {list(dims)} of "
                    f"{dtype_name} needs {len(slot[0])}"
                )
            slot = slot[0]
        dtype = numpy_dtype(dtype_name)
        array = np.frombuffer(slot, dtype.newbyteorder("<"))
        out[name] = (array if array.dtype == dtype else array.astype(dtype)).reshape(dims)
    return out


def _nbytes(name, key, bad):
    """Bytes a tensor of this (dims, dtype name) holds; None for a str entry."""
    dims, dtype_name = key
    if dtype_name == "str":
        return None
    dtype = numpy_dtype(dtype_name)
    if dtype is None:
        raise bad(f"'{name}' has unknown dtype {dtype_name!r}")
    if any(d < 0 for d in dims):
        raise bad(f"'{name}' has a negative dimension in {list(dims)}")
    return int(np.prod(dims, dtype=np.int64)) * dtype.itemsize
