"""MINDIR export of a network whose weights pass ``TOTAL_SAVE``: a graph file and weight files.

As MindSpore does for a large model, `export` then writes ``NAME_graph.mindir`` (the program,
its weights taken as inputs) and ``NAME_variables/data_0, data_1 ...``: each weight file
starts with a 64-byte header (byte 0 is 1 on a little-endian machine) and holds weights
sorted by name, each padded to a multiple of 64 bytes; a file grows to at most
``PARAMETER_SPLIT_SIZE`` KB. The graph file and the first weight file are made read-only.
`load` of the graph file reads the weights back and returns the program with them built in.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import sys

import jax
import numpy as np

from . import _files, encryption

_MAGIC = b"MSFUNC-SPLIT-GRAPH\n"
_ALIGN = 64


def front_info() -> bytes:
    """The 64-byte header of a weight file."""
    return bytes([sys.byteorder == "little"]) + bytes(_ALIGN - 1)


def total_kb(params) -> float:
    return sum(int(np.asarray(p.asnumpy()).nbytes) for p in params) / 1024


def _layout(arrays, limit_kb):
    """[(file index, offset)] of each array, packed into files of at most `limit_kb` KB."""
    limit, placed, index, size = limit_kb * 1024, [], 0, _ALIGN
    for name, array in arrays:
        padded = -(-array.nbytes // _ALIGN) * _ALIGN
        if size + padded > limit and size > _ALIGN:
            index, size = index + 1, _ALIGN
        if size + padded > limit:
            raise RuntimeError(
                f"export: the parameter {name!r} ({array.nbytes} bytes) does not fit in a "
                f"weight file of PARAMETER_SPLIT_SIZE={limit_kb} KB"
            )
        placed.append((index, size))
        size += padded
    return placed


def write(path, exported_fn, specs, params, limit_kb, enc_key, enc_mode):
    """Write the graph file for `path` (``NAME.mindir``) and its weight files."""
    base = path[: -len(".mindir")] if path.endswith(".mindir") else path
    directory, prefix = os.path.split(base)
    ordered = sorted(params, key=lambda p: p.name)
    arrays = [(p.name, np.ascontiguousarray(p.asnumpy())) for p in ordered]
    placed = _layout(arrays, limit_kb)
    weight_specs = tuple(jax.ShapeDtypeStruct(a.shape, a.dtype) for _, a in arrays)
    exported = jax.export.export(exported_fn)(weight_specs, *specs)
    variables = prefix + "_variables"
    folder = os.path.join(directory, variables)
    if os.path.exists(folder):
        shutil.rmtree(folder)
    os.makedirs(folder, mode=0o700)
    files = {}
    entries = []
    for (name, array), (index, offset) in zip(arrays, placed):
        chunk = files.setdefault(index, bytearray(front_info()))
        chunk += array.tobytes() + bytes(-array.nbytes % _ALIGN)
        entries.append(
            {
                "name": name,
                "shape": list(array.shape),
                "dtype": array.dtype.name,
                "file": f"data_{index}",
                "offset": offset,
            }
        )
    for index, chunk in files.items():
        # (as MindSpore: the first weight file is made read-only, the later ones are not)
        file_path = os.path.join(folder, f"data_{index}")
        _write(file_path, bytes(chunk), enc_key, enc_mode, read_only=index == 0)
    header = json.dumps({"variables": variables, "params": entries}).encode() + b"\n"
    graph = _MAGIC + header + exported.serialize()
    _write(os.path.join(directory, prefix + "_graph.mindir"), graph, enc_key, enc_mode)


def _write(path, data, enc_key, enc_mode, read_only=True):
    if enc_key is not None:
        data = encryption.encrypt(data, enc_key, enc_mode)
    _files.atomic_write(path, lambda f: f.write(data))
    if read_only:
        os.chmod(path, stat.S_IRUSR)


def is_split_graph(data) -> bool:
    return bytes(data[: len(_MAGIC)]) == _MAGIC


def read(path, data, dec_key, dec_mode):
    """The program of a graph file `write` made, with its weights (read back) built in."""
    header_end = data.index(b"\n", len(_MAGIC))
    header = json.loads(bytes(data[len(_MAGIC) : header_end]))
    exported = jax.export.deserialize(bytearray(data[header_end + 1 :]))
    folder = os.path.join(os.path.dirname(path), header["variables"])
    contents, weights = {}, []
    for entry in header["params"]:
        if entry["file"] not in contents:
            file_path = os.path.join(folder, entry["file"])
            if not os.path.isfile(file_path):
                raise RuntimeError(f"load: the weight file '{file_path}' of '{path}' is missing")
            with open(file_path, "rb") as f:
                raw = f.read()
            if dec_key is not None:
                raw = encryption.decrypt(raw, dec_key, dec_mode)
            contents[entry["file"]] = raw
        dtype = np.dtype(entry["dtype"])
        count = int(np.prod(entry["shape"], dtype=np.int64))
        array = np.frombuffer(contents[entry["file"]], dtype, count, entry["offset"])
        weights.append(array.reshape(entry["shape"]))
    weights = tuple(weights)
    (_, *input_avals), _ = jax.tree.unflatten(exported.in_tree, exported.in_avals)
    specs = [jax.ShapeDtypeStruct(a.shape, a.dtype) for a in input_avals]
    return jax.export.export(jax.jit(lambda *xs: exported.call(weights, *xs)))(*specs)
