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

Entries are written one at a time (a concatenation of one-entry messages is the same
message), so saving never holds a second copy of the whole model in memory.
"""

from __future__ import annotations

import zlib

import numpy as np
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
from google.protobuf.message import DecodeError
from google.protobuf.unknown_fields import UnknownFieldSet

__all__ = ["CRC_MARK", "DTYPE_NAMES", "encode_entry", "decode_entries", "crc_trailer",
           "split_crc", "numpy_dtype"]

CRC_MARK = b"crc_num"
_CRC_BYTES = 10
# Largest tensor_content per entry: protobuf messages must stay under 2 GiB.
SLICE_BYTES = 1 << 30


def _build_classes():
    F = descriptor_pb2.FieldDescriptorProto
    proto = descriptor_pb2.FileDescriptorProto(
        name="msfunc/train/checkpoint.proto", package="msfunc.ckpt", syntax="proto2")
    tensor = proto.message_type.add(name="Tensor")
    tensor.field.add(name="dims", number=1, type=F.TYPE_INT64, label=F.LABEL_REPEATED)
    tensor.field.add(name="dtype", number=2, type=F.TYPE_STRING, label=F.LABEL_OPTIONAL)
    tensor.field.add(name="content", number=3, type=F.TYPE_BYTES, label=F.LABEL_OPTIONAL)
    entry = proto.message_type.add(name="Entry")
    entry.field.add(name="name", number=1, type=F.TYPE_STRING, label=F.LABEL_OPTIONAL)
    entry.field.add(name="tensor", number=2, type=F.TYPE_MESSAGE, label=F.LABEL_OPTIONAL,
                    type_name=".msfunc.ckpt.Tensor")
    ckpt = proto.message_type.add(name="Checkpoint")
    ckpt.field.add(name="entries", number=1, type=F.TYPE_MESSAGE, label=F.LABEL_REPEATED,
                   type_name=".msfunc.ckpt.Entry")
    pool = descriptor_pool.DescriptorPool()
    pool.Add(proto)
    return tuple(message_factory.GetMessageClass(pool.FindMessageTypeByName(f"msfunc.ckpt.{n}"))
                 for n in ("Checkpoint", "Entry"))


Checkpoint, Entry = _build_classes()

# dtype name in the file <-> numpy dtype (bfloat16 is ml_dtypes', as JAX's).
DTYPE_NAMES = {
    "Float16": "float16", "Float32": "float32", "Float64": "float64", "BFloat16": "bfloat16",
    "Int8": "int8", "Int16": "int16", "Int32": "int32", "Int64": "int64",
    "UInt8": "uint8", "UInt16": "uint16", "UInt32": "uint32", "UInt64": "uint64",
    "Bool": "bool", "Complex64": "complex64", "Complex128": "complex128",
}
_NAME_OF = {v: k for k, v in DTYPE_NAMES.items()}


def numpy_dtype(name):
    """The numpy dtype of a file dtype name ('Float32' -> float32), or None if unknown."""
    import jax.numpy as jnp

    np_name = DTYPE_NAMES.get(name)
    if np_name is None:
        return None
    return np.dtype(jnp.bfloat16) if np_name == "bfloat16" else np.dtype(np_name)


def encode_entry(name, value):
    """Serialized one-entry Checkpoint messages (several when the tensor is sliced).

    `value` is a numpy array or a str. Returns a list of bytes objects.
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
        raise ValueError(f"save_checkpoint: '{name}' has dtype {value.dtype}, which a .ckpt file "
                         f"cannot hold; supported: {sorted(_NAME_OF)}")
    raw = np.asarray(value, value.dtype.newbyteorder("<"), order="C")
    raw = memoryview(raw.reshape(-1).view(np.uint8))
    pieces = [raw[i:i + SLICE_BYTES] for i in range(0, max(len(raw), 1), SLICE_BYTES)]
    out = []
    for piece in pieces:
        msg = Checkpoint()
        e = msg.entries.add(name=name)
        e.tensor.dims.extend(value.shape)
        e.tensor.dtype = dtype_name
        e.tensor.content = bytes(piece)
        out.append(msg.SerializeToString())
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
        raise ValueError(f"load_checkpoint: CRC check failed for '{path}': the file is corrupted "
                         f"(stored CRC-32 {stored:#010x}, computed {actual:#010x})")


def _has_unknown_fields(msg):
    if len(UnknownFieldSet(msg)):
        return True
    return any(len(UnknownFieldSet(e)) or len(UnknownFieldSet(e.tensor)) for e in msg.entries)


def decode_entries(body, path):
    """Parse a checkpoint body into an ordered dict name -> numpy array or str.

    Raises ValueError naming `path` on anything that is not a well-formed checkpoint.
    """
    def bad(why):
        return ValueError(f"load_checkpoint: '{path}' is not a valid MindSpore checkpoint "
                          f"(.ckpt) file: {why}")

    try:
        msg = Checkpoint.FromString(bytes(body))
    except DecodeError as err:
        raise bad(f"the content cannot be parsed ({err}); the file is truncated, corrupted "
                  "or in another format") from None
    if _has_unknown_fields(msg):
        raise bad("it holds fields that are not checkpoint entries")
    chunks, meta = {}, {}
    for i, e in enumerate(msg.entries):
        if not e.HasField("name") or not e.HasField("tensor"):
            raise bad(f"entry {i} has no name or no tensor (map tensors are not supported)")
        t = e.tensor
        key = (tuple(t.dims), t.dtype)
        if e.name in meta and meta[e.name] != key:
            raise bad(f"'{e.name}' appears twice with different shapes or dtypes")
        meta[e.name] = key
        chunks.setdefault(e.name, []).append(t.content)
    out = {}
    for name, parts in chunks.items():
        dims, dtype_name = meta[name]
        content = b"".join(parts)
        if dtype_name == "str":
            out[name] = content.decode("utf-32-le", errors="replace")
            continue
        dtype = numpy_dtype(dtype_name)
        if dtype is None:
            raise bad(f"'{name}' has unknown dtype {dtype_name!r}")
        if any(d < 0 for d in dims):
            raise bad(f"'{name}' has a negative dimension in {list(dims)}")
        expected = int(np.prod(dims, dtype=np.int64)) * dtype.itemsize
        if len(content) != expected:
            raise bad(f"'{name}' holds {len(content)} bytes, but shape {list(dims)} of "
                      f"{dtype_name} needs {expected}")
        out[name] = np.frombuffer(content, dtype.newbyteorder("<")).astype(dtype).reshape(dims)
    return out
